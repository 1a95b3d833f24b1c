// The phones' page (assistant serve): taps build a step from the grammar's "what comes next",
// the server records it through the same store as the command line, and server-sent events
// bring every change made elsewhere. No game logic here; every word comes from the server.
"use strict";
(function () {
  const words = JSON.parse(document.body.dataset.words);
  const $ = (id) => document.getElementById(id);
  const live = $("live"), line = $("line"), answer = $("answer"), panel = $("panel");
  let version = Number(live.dataset.version), odds = false, slot = "", asked = 0;
  let latest = version, recording = 0;  // the newest version the server announced; entries on their way

  async function post(path, body) {
    const response = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                                        body: JSON.stringify(body), credentials: "same-origin"});
    return response.json();
  }

  function show(html, newVersion) {
    version = newVersion;
    live.innerHTML = html;
    live.dataset.version = String(version);
  }

  async function refresh() {
    const response = await fetch("view" + (odds ? "?odds=1" : ""));
    const data = await response.json();
    if (data.html !== undefined) show(data.html, data.version);
    if (line) offer();
  }

  // What may come next after the line typed so far: one button per word that fits.
  async function offer() {
    const ask = ++asked;
    const data = await post("complete", {line: line.value});
    if (ask !== asked) return;  // a later question was asked meanwhile: its answer counts, not this one
    slot = data.slot;
    // why: the step cannot be recorded now (a trick with no deal open): what to do first
    $("slot").textContent = data.why || (data.end ? words.complete : words.next.replace("{slot}", data.said));
    const box = $("choices");
    box.replaceChildren();
    for (const choice of data.choices) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "choice";
      button.textContent = choice;
      button.addEventListener("click", () => take(choice));
      // a tap on a word leaves the focus where it was: typing on the line goes on, the keyboard stays
      button.addEventListener("mousedown", (event) => event.preventDefault());
      box.append(button);
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

  async function record(text) {
    recording += 1;
    let data;
    try {
      data = await post("step", {line: text, odds: odds});
    } finally {
      recording -= 1;
    }
    if (latest > (data.version || version)) refresh();  // someone else's change came meanwhile
    if (data.refused) {
      answer.textContent = data.refused;
      answer.className = "refused";
      return;
    }
    answer.textContent = data.said;
    answer.className = "said";
    show(data.html, data.version);
    if (text === line.value) line.value = "";
    offer();
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
    say(data.lines, cell.getAttribute("aria-label"));
  });

  if (line) {
    $("record").addEventListener("click", () => record(line.value));
    $("undo").addEventListener("click", () => record("undo"));
    $("clear").addEventListener("click", () => { line.value = ""; offer(); });
    $("back").addEventListener("click", () => {
      const kept = line.value.trim().split(/\s+/).slice(0, -1).join(" ");
      line.value = kept ? kept + " " : "";
      offer();
    });
    line.addEventListener("input", offer);
    line.addEventListener("keydown", (event) => {
      if (event.key === "Enter") { event.preventDefault(); record(line.value); }
    });
    offer();
  }
  const oddsButton = $("odds"), suggestButton = $("suggest"), tallyButton = $("tally");
  if (tallyButton) {
    tallyButton.addEventListener("click", async () => {
      const data = await post("tally", {});
      panel.innerHTML = data.html;  // drawn by the server, every text escaped there
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

  // Changes made anywhere else (command line, table screen, another phone).
  const events = new EventSource("events");
  events.onmessage = (event) => {
    latest = Number(event.data);
    // our own entry's answer brings the page itself: no second request for it
    if (!recording && latest !== version) refresh();
  };
  events.onerror = () => { $("status").textContent = words.offline; };
  events.onopen = () => { $("status").textContent = words.live; };
})();
