// The phones' page (assistant serve): taps build a step from the grammar's "what comes next",
// the server records it through the same store as the command line, and server-sent events
// bring every change made elsewhere. No game logic here; every word comes from the server.
//
// Never lose, never double: every entry gets an id here, on the phone, and waits in localStorage
// until the laptop has answered it; the server records each id once and answers a repeat with its
// first answer. So a retry, a double tap or a queue sent again after a lost answer records once.
"use strict";
(function () {
  const words = JSON.parse(document.body.dataset.words);
  const $ = (id) => document.getElementById(id);
  const live = $("live"), line = $("line"), answer = $("answer"), panel = $("panel");
  const record = $("record"), undo = $("undo");
  const queueKey = "assistant-queue:" + location.pathname;  // one queue per link
  const lastKey = "assistant-last:" + location.pathname;  // the last sheet received, its version and time
  let version = live.dataset.version, odds = false, slot = "", asked = 0;
  // The live part's text as the laptop drew it, for its version: a tap's answer is what changed since.
  let drawn = JSON.parse($("drawn").textContent);
  let latest = version, sending = false, offlineSince = null, retry = null;
  let next = null;  // the step's answer for the empty line: what may begin the next step
  let settling = null;  // after an Undo's answer: Undo stays off a moment, so a double tap takes back one entry
  const UNDO_SETTLE = 700;  // ms: longer than a double tap's gap, shorter than a player's second thought
  // The grammar's answers, by the line they answer: offline, the words offered are those of the line on
  // screen (an answer for that very line), never those of a line before it.
  const known = new Map();

  function newId() {  // 128 random bits; crypto.getRandomValues works over plain HTTP too (randomUUID does not)
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function queue() {
    try { return JSON.parse(localStorage.getItem(queueKey) || "[]"); } catch (error) { return []; }
  }
  function keep(entries) { localStorage.setItem(queueKey, JSON.stringify(entries)); }

  // The status tells the truth, both ways: live, reconnecting, or offline since when; any answer from the
  // laptop says it is live again.
  function status(state) {
    if (state === "live" && !navigator.onLine) state = "offline";  // a late answer never hides an outage
    if (state === "live") {
      offlineSince = null;
      $("asof").hidden = true;
      tell($("status"), words.live);
      return;
    }
    if (offlineSince === null) offlineSince = new Date();
    const time = offlineSince.toLocaleTimeString(document.documentElement.lang, {hour: "2-digit", minute: "2-digit"});
    tell($("status"), state === "offline" ? words.offline.replace("{time}", time) : words.reconnecting);
  }

  // A text put in only when it changes: each change is a layout of the page, and the status is said again at
  // every event the stream brings.
  function tell(element, text) {
    if (element.textContent !== text) element.textContent = text;
  }

  async function post(path, body) {
    const response = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                                        body: JSON.stringify(body), credentials: "same-origin"});
    if (response.headers.get("content-type")?.startsWith("application/json")) return response.json();
    return {refused: (await response.text()).slice(0, 200)};
  }

  // The live part drawn anew by the server is put in place by changing only what differs: a tap changes a
  // few cells of one sheet and one line of the history, and replacing all of it (innerHTML) made the phone
  // lay out and paint the whole page again at every tap, the larger part of a tap's time.
  function show(html, newVersion) {
    version = newVersion;
    drawn = html;
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    patch(live, fresh.content);
    live.dataset.version = String(version);
    name();
    try {
      localStorage.setItem(lastKey, JSON.stringify({version: String(version), html: drawn, time: Date.now()}));
    } catch (error) { /* full or refused: the sheet on screen is all there is */ }
  }

  // A page older than the last sheet this phone received (a reload without the Wi-Fi, the page kept by the
  // service worker): the last sheet is shown, marked with its time, until the laptop answers again.
  function restore() {
    let last = null;
    try { last = JSON.parse(localStorage.getItem(lastKey) || "null"); } catch (error) { return; }
    if (!last || !last.html || !last.version) return;
    const count = (text) => Number(String(text).split(".")[0]);
    if (last.version === String(version) || count(last.version) < count(version)) return;
    show(last.html, last.version);
    const time = new Date(last.time).toLocaleTimeString(document.documentElement.lang, {hour: "2-digit", minute: "2-digit"});
    tell($("asof"), words.asOf.replace("{time}", time));
    $("asof").hidden = false;
  }

  // The text ``changes`` (start, end, text: replacements of the text, in order) make of ``text``.
  function changed(text, changes) {
    let made = "", at = 0;
    for (const [start, end, put] of changes) {
      made += text.slice(at, start) + put;
      at = end;
    }
    return made + text.slice(at);
  }

  // Make ``old``'s children those of ``fresh``, keeping every node that is equal already. A list that grows
  // (the history, latest first) keeps its equal ends: only the entries between them are put in.
  function patch(old, fresh) {
    const before = [...old.childNodes], after = [...fresh.childNodes];
    let head = 0, tail = 0;
    const shortest = Math.min(before.length, after.length);
    while (head < shortest && before[head].isEqualNode(after[head])) head++;
    while (tail < shortest - head && before[before.length - 1 - tail].isEqualNode(after[after.length - 1 - tail])) tail++;
    const left = before.slice(head, before.length - tail), right = after.slice(head, after.length - tail);
    if (left.length === right.length) {
      left.forEach((node, index) => morph(node, right[index]));
      return;
    }
    const anchor = before[before.length - tail] || null;  // the first node kept after the changed ones
    for (const node of left) node.remove();
    for (const node of right) old.insertBefore(node, anchor);
  }

  function morph(old, fresh) {
    if (old.isEqualNode(fresh)) return;
    if (old.nodeType === Node.TEXT_NODE && fresh.nodeType === Node.TEXT_NODE) {
      old.nodeValue = fresh.nodeValue;
      return;
    }
    if (old.nodeType !== Node.ELEMENT_NODE || old.nodeName !== fresh.nodeName) {
      old.replaceWith(fresh);
      return;
    }
    for (const attribute of [...old.attributes]) {
      if (!fresh.hasAttribute(attribute.name)) old.removeAttribute(attribute.name);
    }
    for (const attribute of fresh.attributes) {
      if (old.getAttribute(attribute.name) !== attribute.value) old.setAttribute(attribute.name, attribute.value);
    }
    patch(old, fresh);
  }

  // Undo names the entry it takes back, and takes back exactly that one, by its number.
  function name() {
    if (!undo) return;
    const target = $("undo-target");
    const number = target && target.dataset.number;
    // the verb whole, the entry after it (cut with an ellipsis where the screen is narrow, read whole)
    const [verb, entry] = number ? words.undo.split("{entry}") : [words.undoNone, ""];
    const said = number ? number + ". " + target.dataset.said : "";
    if (undo.dataset.said !== said || !undo.firstChild) {
      const first = document.createElement("span"), second = document.createElement("span");
      first.className = "verb";
      first.textContent = verb.trimEnd();
      second.className = "entry";
      second.textContent = said ? " " + said + entry : "";
      undo.replaceChildren(first, second);
      undo.dataset.said = said;
    }
    undo.dataset.number = number || "";
    undo.dataset.id = (target && target.dataset.id) || "";
    undo.disabled = !number || sending || settling !== null;
  }

  // Whether a version the events stream announced is one the page lacks. A version is the game's own,
  // "COUNT.DIGEST", and a log only grows: one with fewer steps than the page's is an announcement overtaken
  // by the answer to the page's own entry (which brought the page itself), never worth fetching.
  function lacks(announced) {
    if (announced === version) return false;
    const [theirs, ours] = [Number(announced.split(".")[0]), Number(String(version).split(".")[0])];
    return !(Number.isInteger(theirs) && Number.isInteger(ours) && theirs < ours);
  }

  async function refresh() {
    try {
      const response = await fetch("view" + (odds ? "?odds=1" : ""));
      const data = await response.json();
      if (data.html !== undefined) show(data.html, data.version);
      status("live");
    } catch (error) {
      status(navigator.onLine ? "reconnecting" : "offline");
      return;
    }
    if (line) offer();
  }

  // What may come next after the line typed so far: one button per word that fits.
  async function offer() {
    const ask = ++asked, asking = line.value;
    let data;
    try {
      data = await post("complete", {line: asking});
    } catch (error) {
      // offline: the words for this very line if it was asked before, else none (never a line before it)
      if (ask === asked) offered(known.get(line.value) || {slot: "", offline: true, choices: []});
      return;
    }
    if (data.choices) remember(asking, data);
    if (ask !== asked) return;  // a later question was asked meanwhile: its answer counts, not this one
    offered(data);
  }

  function remember(asked, data) {
    known.delete(asked);
    known.set(asked, data);
    if (known.size > 200) known.delete(known.keys().next().value);  // the oldest first
  }

  // The grammar's answer (from "complete", or the step's own answer for the empty line) on the page: the
  // buttons are made again only when the words differ (after each entry they are the same first words).
  function offered(data) {
    slot = data.slot;
    // why: the step cannot be recorded now (a trick with no deal open): what to do first
    tell($("slot"), data.offline ? words.offlineWords
      : data.why || (data.end ? words.complete : words.next.replace("{slot}", data.said || "")));
    const box = $("choices"), choices = data.choices || [];
    const shown = [...box.children].map((button) => button.textContent);
    if (shown.length === choices.length && shown.every((choice, index) => choice === choices[index])) return;
    box.replaceChildren();
    for (const choice of choices) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.textContent = choice;
      button.addEventListener("click", () => take(choice));
      // a tap on a word leaves the focus where it was: typing on the line goes on, the keyboard stays
      button.addEventListener("mousedown", (event) => event.preventDefault());
      box.append(button);
    }
    box.scrollLeft = 0;
    more();
    asked_about();
  }

  // Words offered past the edge of their row: the row says there are more (an arrow and its words).
  function more() {
    const box = $("choices"), sign = $("more");
    if (!box || !sign) return;
    sign.hidden = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
  }

  // The sheet a step is about (the opponent it names) is kept in view above the entry bar.
  function asked_about() {
    const named = line.value.split(/[\s=]+/).filter(Boolean);
    for (const sheet of live.querySelectorAll("table.sheet[data-item]")) {
      if (named.includes(sheet.dataset.item)) {
        const box = sheet.getBoundingClientRect(), bar = $("entry").getBoundingClientRect();
        if (box.top < 0 || box.bottom > bar.top) sheet.scrollIntoView({block: "nearest"});
        return;
      }
    }
  }

  // The word offered takes the place of the word being typed (the line's last one, unless a blank ends
  // it), as the grammar reads the line: the line as it is now, whatever answer is still on its way.
  function take(word) {
    const value = line.value.replace(/\S+$/, "");
    line.value = value + word + " ";
    line.setSelectionRange(line.value.length, line.value.length);  // typing goes on after it
    offer();
  }

  function busy(flag) {
    sending = flag;
    record.disabled = flag;
    record.setAttribute("aria-busy", String(flag));
    name();
  }

  function showPending() {
    const list = $("pending"), waiting = queue();
    if (!waiting.length && !list.children.length) return;  // nothing waits, nor was shown: nothing to lay out
    list.replaceChildren();
    for (const entry of waiting) {
      const item = document.createElement("li");
      item.textContent = entry.line + " — " + words.pending;
      list.append(item);
    }
  }

  // An entry: given its id (an Undo's names the entry it takes back), kept on the phone, then sent with the
  // others still waiting, in order. An id waiting already is not kept twice.
  function enter(text, id) {
    if (sending || !text.trim()) return;
    const waiting = queue();
    if (id && waiting.some((entry) => entry.id === id)) return;
    keep([...waiting, {id: id || newId(), line: text}]);
    if (text === line.value) {
      line.value = "";
      offline_words();
    }
    send();
  }

  // The words for the empty line, until the laptop answers: those known for it, or none.
  function offline_words() {
    asked++;
    offered(known.get("") || {slot: "", offline: !navigator.onLine, choices: []});
  }

  async function send() {
    if (sending) return;
    const waiting = queue();
    if (!waiting.length) return;
    busy(true);
    const later = waiting.length > 1;
    // The entries are shown as not sent yet once the laptop is slow to answer (a connection that hangs);
    // an answer in time shows nothing, so a tap lays the entry bar out once, not three times.
    const slow = setTimeout(showPending, 1000);
    try {
      for (const entry of waiting) {
        let data;
        try {
          data = await post("step", {id: entry.id, line: entry.line, odds: odds, have: String(version)});
        } catch (error) {  // no answer: the entry stays on the phone, and goes when the laptop answers
          status(navigator.onLine ? "reconnecting" : "offline");
          clearTimeout(retry);
          retry = setTimeout(send, 2000);
          return;
        }
        keep(queue().filter((kept) => kept.id !== entry.id));
        status("live");
        if (entry.id.startsWith("undo-of-")) settle();
        // the answer is always put in anew, even the same words: a screen reader says it again (aria-live)
        if (data.refused) {
          answer.textContent = later ? words.refusedLater.replace("{line}", entry.line)
            .replace("{reason}", data.refused) : data.refused;
          answer.className = "refused";
        } else {
          answer.textContent = data.said;
          answer.className = "said";
        }
        if (data.html !== undefined) {
          show(data.html, data.version);
        } else if (data.changes !== undefined) {
          if (data.base === String(version) && data.size === drawn.length) {
            show(changed(drawn, data.changes), data.version);
          } else {
            latest = data.version;  // the page moved on meanwhile: the whole live part is asked for once
            version = "";
          }
        }
        next = data.next;
        if (next) remember("", next);
      }
    } finally {
      clearTimeout(slow);
      busy(false);
      showPending();
    }
    if (lacks(latest)) {
      refresh();  // someone else's change came meanwhile (it asks what comes next too)
    } else if (next && !line.value) {
      asked++;  // an answer still on its way for an older line counts no more
      offered(next);  // the words that begin a step, as they are after this entry: no second request
    } else {
      offer();
    }
  }

  // Undo comes back on a moment after its answer, naming the next entry: a second tap of a double tap,
  // landing after a fast answer, finds it off (and were it sent, its id would be the entry taken back).
  function settle() {
    clearTimeout(settling);
    settling = setTimeout(() => { settling = null; name(); }, UNDO_SETTLE);
    name();
  }

  function say(lines, heading) {
    panel.replaceChildren();
    const title = document.createElement("h2");
    title.textContent = heading;
    panel.append(title);
    const list = document.createElement("ul");
    for (const text of lines) {
      const item = document.createElement("li");
      item.textContent = text;
      list.append(item);
    }
    panel.append(list);
    panel.scrollIntoView({block: "nearest"});  // an explanation opens in view, above the entry bar
  }

  // A tap on a cell fills the step when a cell comes next; otherwise it explains the cell.
  live.addEventListener("click", async (event) => {
    const cell = event.target.closest("button.cell");
    if (!cell) return;
    if (line && words.cellSlots.includes(slot)) {
      take(cell.dataset.cell);
      return;
    }
    const data = await post("explain", {cell: cell.dataset.cell, item: cell.dataset.item});
    say(data.lines || [data.refused], cell.getAttribute("aria-label"));
  });

  // A phone that joined from the table's link goes back to it from here (its page, without coming back here).
  try {
    const join = localStorage.getItem("assistant-join");
    if (join && /^\/t\/[A-Za-z0-9_-]+\/$/.test(join)) {
      $("table-link").href = join + "#table";
      $("table-link").hidden = false;
    }
  } catch (error) { /* nothing kept: no way back shown */ }

  restore();
  if (line) {
    record.addEventListener("click", () => enter(line.value));
    undo.addEventListener("click", () => {
      if (undo.dataset.number && !undo.disabled) enter("retract " + undo.dataset.number, undo.dataset.id);
    });
    $("choices").addEventListener("scroll", more, {passive: true});
    window.addEventListener("resize", more);
    // the page keeps room below for the entry bar, whatever its height (a refusal shown whole makes it taller)
    new ResizeObserver(() => document.documentElement.style.setProperty(
      "--bar", $("entry").getBoundingClientRect().height + "px")).observe($("entry"));
    $("clear").addEventListener("click", () => { line.value = ""; offer(); });
    $("back").addEventListener("click", () => {
      const kept = line.value.trim().split(/\s+/).slice(0, -1).join(" ");
      line.value = kept ? kept + " " : "";
      offer();
    });
    line.addEventListener("input", offer);
    line.addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); enter(line.value); }
    });
    name();
    showPending();
    offer();
    send();  // entries left from before a reload
  }
  // The earlier entries of a long history, a page at a time, under the latest ones.
  live.addEventListener("click", async (event) => {
    const button = event.target.closest("#earlier");
    if (!button) return;
    const older = $("older"), last = older.lastElementChild;
    const before = last ? last.value : Number(button.dataset.before);
    if (before <= 1) return;
    const data = await (await fetch("history?before=" + before)).json();
    const fresh = document.createElement("template");
    fresh.innerHTML = data.html;
    older.append(fresh.content);
  });
  const oddsButton = $("odds"), suggestButton = $("suggest"), tallyButton = $("tally");
  if (tallyButton) {
    tallyButton.addEventListener("click", async () => {
      const data = await post("tally", {});
      panel.innerHTML = data.html;  // drawn by the server, every text escaped there
      panel.scrollIntoView({block: "nearest"});
    });
  }
  if (oddsButton) {
    oddsButton.addEventListener("click", () => {
      odds = !odds;
      oddsButton.setAttribute("aria-pressed", String(odds));
      refresh();
    });
  }
  if (suggestButton) {
    suggestButton.addEventListener("click", async () => {
      const data = await post("suggest", {});
      say(data.lines, suggestButton.textContent);
    });
  }

  // Changes made anywhere else (command line, table screen, another phone). The version is the game's
  // own (its steps' count and digest): after a restart of the laptop's server it is still comparable.
  // A stream the browser gave up (offline, it may stop retrying) is opened again: the status follows the
  // connection both ways, always.
  let events = null;
  function listen() {
    if (events) events.close();
    events = new EventSource("events");
    events.onopen = () => status("live");
    events.onmessage = (event) => {
      latest = event.data;
      status("live");
      // our own entry's answer brings the page itself: no second request for it
      if (!sending && lacks(latest)) refresh();
      if (line && queue().length) send();
    };
    events.onerror = () => status(navigator.onLine ? "reconnecting" : "offline");
  }
  listen();
  setInterval(() => { if (events.readyState === EventSource.CLOSED) listen(); }, 2000);
  window.addEventListener("offline", () => status("offline"));
  window.addEventListener("online", () => {
    listen();  // a stream that looked open through the outage may be dead: a new one says live when it opens
    if (line) { send(); offer(); }
  });

  // Offline, the page and the last sheet come from the service worker where the browser allows one
  // (a secure context); over plain HTTP on a LAN it cannot, and the page says what works offline.
  // Said once per link on this phone, and the sheet stays on screen whatever the connection does.
  function insecure() {
    const told = "assistant-told:" + location.pathname;
    try {
      if (localStorage.getItem(told)) return;
      localStorage.setItem(told, "1");
    } catch (error) { /* said each time, then */ }
    $("insecure").hidden = false;
  }
  if (window.isSecureContext && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("worker.js").catch(insecure);
  } else {
    insecure();
  }
})();
