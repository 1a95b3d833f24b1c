// The table's join page (assistant serve's join link): the evening, and by taps this phone's own sheet.
// Every word comes from the server; the checks that matter are the server's (the command line's own).
//
// This phone's sheet: its link is kept here (localStorage) and nowhere else, and a phone that comes back
// to the join link (a reload, a new scan) goes back to it, unless it came on purpose (#table). A request
// to start a sheet carries an id made here and kept until it is answered: a double tap, a retry after a
// lost answer or a reload starts one sheet.
"use strict";
(function () {
  const words = JSON.parse(document.body.dataset.words);
  const $ = (id) => document.getElementById(id);
  const SHEET = "assistant-sheet", JOIN = "assistant-join", REQUEST = "assistant-request:" + location.pathname;
  const PHONE = "assistant-phone";

  function newId() {  // 128 random bits; crypto.getRandomValues works over plain HTTP too (randomUUID does not)
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function stored(key, make) {
    let value = null;
    try { value = localStorage.getItem(key); } catch (error) { /* private browsing: made for this page */ }
    if (!value && make) {
      value = make();
      try { localStorage.setItem(key, value); } catch (error) { /* kept for this page only */ }
    }
    return value;
  }
  function forget(key) {
    try { localStorage.removeItem(key); } catch (error) { /* nothing kept */ }
  }

  try { localStorage.setItem(JOIN, location.pathname); } catch (error) { /* the sheet offers no way back */ }

  // Back to this phone's own sheet, if it still answers (a sheet deleted, another evening: forgotten).
  async function back() {
    const sheet = stored(SHEET);
    if (!sheet || !/^\/g\/[A-Za-z0-9_-]+\/$/.test(sheet)) return;
    let alive = false;
    try { alive = (await fetch(sheet + "view")).ok; } catch (error) { alive = true; /* offline: it may answer soon */ }
    if (!alive) { forget(SHEET); return; }
    if (location.hash !== "#table") { location.replace(sheet); return; }
    $("back-link").href = sheet;
    $("back").hidden = false;
  }
  back();

  // The language: the player's choice, for every page of this laptop (a cookie the server reads).
  for (const button of document.querySelectorAll(".languages button")) {
    button.addEventListener("click", () => {
      document.cookie = "lang=" + button.dataset.lang + "; path=/; max-age=31536000; samesite=strict";
      location.reload();
    });
  }

  async function post(path, body) {
    const response = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                                        body: JSON.stringify(body), credentials: "same-origin"});
    if (response.headers.get("content-type")?.startsWith("application/json")) return response.json();
    return {refused: (await response.text()).slice(0, 200)};
  }

  const form = $("start");
  let members = [];
  const picked = new Set();

  function kind() {
    const chosen = form && form.querySelector("input[name=kind]:checked");
    return chosen ? chosen.dataset : null;
  }
  function noun(text) { return text.replace("{noun}", (kind() || {}).noun || ""); }

  // The players who joined, each a button to pick as an opponent (never this phone's own name).
  function chips() {
    if (!form) return;
    const me = $("me").value.trim().toLowerCase();
    const box = $("members");
    const shown = members.filter((name) => name.toLowerCase() !== me);
    if (box.dataset.shown === JSON.stringify(shown)) return;  // the same buttons: the one in focus keeps it
    box.dataset.shown = JSON.stringify(shown);
    box.replaceChildren(...shown.map((name) => {
      const chip = document.createElement("button");
      chip.type = "button";
      chip.className = "choice";
      chip.textContent = name;
      chip.setAttribute("aria-pressed", String(picked.has(name)));
      chip.addEventListener("click", () => {
        if (picked.has(name)) picked.delete(name); else picked.add(name);
        chip.setAttribute("aria-pressed", String(picked.has(name)));
      });
      return chip;
    }));
    box.hidden = !shown.length;
  }

  // What the chosen kind asks: opponents or none, its secret's grid or none.
  function shape() {
    const chosen = kind();
    if (!chosen) return;
    $("opponents").hidden = chosen.opponents !== "1";
    for (const secret of document.querySelectorAll(".secret")) {
      secret.hidden = secret.dataset.kind !== form.querySelector("input[name=kind]:checked").value;
    }
    said();
  }
  const cells = {};  // kind -> the cell tapped for its secret
  function said() {
    const current = form.querySelector("input[name=kind]:checked").value;
    const status = $("chosen-" + current);
    if (status) status.textContent = cells[current] ? noun(words.chosen).replace("{cell}", cells[current]) : noun(words.none);
  }

  async function evening() {
    try {
      const data = await (await fetch("evening")).json();
      const fresh = document.createElement("template");
      fresh.innerHTML = data.html;  // drawn by the server, every text escaped there
      // put in only when what it says changed: the evening is read out (aria-live) at each change
      const text = (node) => node.textContent.replace(/\s+/g, " ").trim();
      if (text($("evening")) !== text(fresh.content)) $("evening").replaceChildren(fresh.content);
      members = data.members || [];
      chips();
    } catch (error) { /* the laptop does not answer now: the evening as it was */ }
  }

  if (form) {
    members = JSON.parse(document.body.dataset.members);
    for (const radio of form.querySelectorAll("input[name=kind]")) radio.addEventListener("change", shape);
    $("me").addEventListener("input", chips);
    for (const secret of document.querySelectorAll(".secret")) {
      secret.addEventListener("click", (event) => {
        const cell = event.target.closest("button.cell");
        if (!cell || cell.classList.contains("pond")) return;
        const own = secret.dataset.kind;
        for (const other of secret.querySelectorAll("button.cell[aria-pressed=true]")) {
          other.setAttribute("aria-pressed", "false");
          other.classList.remove("mine");
          other.setAttribute("aria-label", other.dataset.label);
        }
        cells[own] = cell.dataset.cell;
        cell.dataset.label = cell.dataset.label || cell.getAttribute("aria-label");
        cell.setAttribute("aria-pressed", "true");
        cell.classList.add("mine");
        cell.setAttribute("aria-label", cell.dataset.label + ", " + noun(words.yours));
        said();
      });
      for (const cell of secret.querySelectorAll("button.cell:not(.pond)")) {
        cell.setAttribute("aria-pressed", "false");
        cell.dataset.label = cell.getAttribute("aria-label");
      }
      for (const pond of secret.querySelectorAll("button.cell.pond")) pond.disabled = true;
    }
    shape();
    chips();

    let sending = false;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (sending) return;  // a double tap: the first one's answer decides
      const chosen = kind(), current = form.querySelector("input[name=kind]:checked").value;
      const me = $("me").value.trim();
      const typed = $("others").value.split(",").map((name) => name.trim()).filter(Boolean);
      const opponents = chosen.opponents === "1" ? [...picked].filter((name) => name.toLowerCase() !== me.toLowerCase()).concat(typed) : [];
      const refusal = $("refusal");
      let missing = "";
      if (!me) missing = words.needName;
      else if (chosen.opponents === "1" && opponents.length < Number(chosen.least)) missing = words.needOpponents.replace("{count}", chosen.least);
      else if (chosen.secret && !cells[current]) missing = noun(words.needSecret);
      if (missing) { refusal.textContent = missing; return; }
      sending = true;
      $("go").disabled = true;
      refusal.textContent = "";
      refusal.className = "dim";
      refusal.textContent = words.starting;
      const body = {request: stored(REQUEST, newId), kind: current, me: me};
      if (chosen.opponents === "1") body.opponents = opponents.join(",");
      if (chosen.secret) body.secret = cells[current];
      let data;
      try {
        data = await post("new", body);
      } catch (error) {
        data = {refused: words.lost};  // the same request again starts one sheet, whatever happened to this one
      }
      sending = false;
      $("go").disabled = false;
      if (data.link) {
        forget(REQUEST);
        try { localStorage.setItem(SHEET, data.link); } catch (error) { /* the join link cannot bring it back */ }
        location.assign(data.link);
        return;
      }
      refusal.className = "refused";
      refusal.textContent = data.refused || words.lost;
    });
  }

  for (const button of document.querySelectorAll("button.pad")) {
    button.addEventListener("click", async () => {
      let data;
      try {
        data = await post("pad", {game: button.dataset.game, phone: stored(PHONE, newId)});
      } catch (error) {
        data = {refused: words.lost};
      }
      if (data.link) { location.assign(data.link); return; }
      $("pad-refusal").textContent = data.refused || words.lost;
    });
  }

  // Who joined, as it changes, while the page is in front of the player.
  setInterval(() => { if (document.visibilityState === "visible") evening(); }, 4000);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") evening(); });
})();
