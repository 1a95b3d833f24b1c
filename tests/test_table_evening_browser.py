"""An evening at one table in a real browser (Debian's chromium driven by Playwright), the laptop's server a
process of its own (``assistant serve``, as a shell starts it): four phones at a phone's size, two English and
two French, join by the table's link, each sets its own loot on its own grid; then, by taps on the pages:

- a question entered once, on the asker's phone, reaches the sheet of the player asked as the question put to
  them, and no other sheet; a question answered aloud reaches every sheet;
- a misheard answer: the asker's phone is told the other sheet answers otherwise (never its loot), the phone
  asked is told what was recorded, in its own language, and its sheet holds the true answer;
- an Undo on the asker's phone takes back the copy on the other sheet;
- the server killed (SIGKILL) once after it recorded an entry but before its answer reached the phone, once
  in the middle of spreading an entry over the table; started again on the same data folder, the pages come
  back, every sheet holds each entry once, and the tap the phone retries records once (its entry id).

The phones reach the laptop by a name of its own (laptop.test), as a phone on the Wi-Fi does: plain HTTP is no
secure context there, so no service worker stands between a page and the laptop. Every wait is on what a page
shows; none is timed. Skipped, saying why, where chromium or playwright is missing (tests/test_serve_browser.py).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import ROOT, bytecode_env
from test_join_browser import PHONES, start_sheet
from test_serve_browser import PHONE, WAIT, browser, chromium, expect, tap  # noqa: F401 (fixtures used by name)

from assistant.faces.web import join
from assistant.store import spreading
from assistant.store.folder import Store

STARTING = 60  # s: only a bound on a hang, while a started server opens its port (a slow, shared machine)
LIVE = {"en-GB": "follows the game live", "fr-FR": "suit la partie en direct"}
# The server started as the shell starts it, but dying (SIGKILL, as a power cut: nothing after runs) as it
# comes to write the sheet named in ASSISTANT_TEST_DYING: an entry spread over some sheets of the table only.
DYING = """
import os, signal, sys
from assistant.store.folder import Store
real = Store.update
def update(self, name, change, entry=None):
    if name == os.environ["ASSISTANT_TEST_DYING"]:
        os.kill(os.getpid(), signal.SIGKILL)
    return real(self, name, change, entry)
Store.update = update
import cli
cli.main()
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Laptop:
    """``assistant serve --keep-links`` in a process of its own, on one port of 127.0.0.1 and the test's data
    folder: started, killed with SIGKILL, started again on the same port and folder."""

    def __init__(self, home: Path, log: Path):
        self.home, self.log, self.port = home, log, free_port()
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        """The address the phones use: the laptop's name on the Wi-Fi (the browser maps it to 127.0.0.1)."""
        return f"http://laptop.test:{self.port}"

    def token(self) -> str:
        kept = json.loads((self.home / join.JOIN_FILE).read_text())
        return kept["token"]

    def start(self, dying: str = "") -> None:
        """Start the server (``dying``: the sheet whose write kills it), and wait until its join link answers."""
        env = {**os.environ, "ASSISTANT_HOME": str(self.home), "PYTHONPATH": str(ROOT), **bytecode_env()}
        program = [sys.executable, str(ROOT / "cli.py")]
        if dying:
            env["ASSISTANT_TEST_DYING"] = dying
            program = [sys.executable, "-c", DYING]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen([*program, "serve", "--port", str(self.port), "--keep-links"], cwd=ROOT,
                                            env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + STARTING
        while not self.answers():
            assert self.process.poll() is None, self.log.read_text()
            assert time.monotonic() < deadline, "the server never answered: " + self.log.read_text()
            time.sleep(0.05)

    def answers(self) -> bool:
        if not (self.home / join.JOIN_FILE).is_file():
            return False
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            connection.request("GET", f"/t/{self.token()}/")
            return connection.getresponse().status == 200
        except (OSError, ValueError):
            return False
        finally:
            connection.close()

    def forward(self, request) -> int:
        """Send a page's request (Playwright's) to the server as the browser would have: the status of its answer,
        which the page never gets."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=STARTING)
        try:
            connection.request(request.method, urlsplit(request.url).path, request.post_data_buffer,
                               {**request.headers, "host": urlsplit(request.url).netloc})
            response = connection.getresponse()
            response.read()
            return response.status
        finally:
            connection.close()

    def kill(self) -> None:
        """kill -9: the server stops where it is, nothing of its own clean-up runs."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
        self.ended()

    def ended(self) -> None:
        if self.process is not None:
            self.process.wait(STARTING)


@pytest.fixture
def laptop(home, tmp_path):
    served = Laptop(home, tmp_path / "serve.log")
    yield served
    served.kill()


def sheets(home: Path) -> dict[str, str]:
    """Each player's sheet, by the name its phone joined under: player -> its game's name."""
    store = Store(home)
    return {store.phone_owner(name): name for name in store.game_names()}


def log_of(home: Path, name: str) -> list[tuple[str, bool]]:
    """Each entry of sheet ``name`` as saved: its words, and whether it was taken back."""
    store = Store(home)
    store.tell_private = False
    game = store.load(name)
    return [(game.step(entry.event), entry.retracted) for entry in game.history().entries]


def truth(home: Path, sheet: str, asker: str, cell: str) -> bool:
    """What the loot on sheet ``sheet`` answers to 'area CELL', as that sheet works it out."""
    store = Store(home)
    store.tell_private = False
    return store.load(sheet).read_step(f"asked area {cell} --by {asker}").answer


def enter(page, words: list[str]) -> None:
    """Tap each word among those the page offers, then Record."""
    for word in words:
        tap(page, word)
    expect(page.locator("#line")).to_have_value(" ".join(words) + " ", timeout=WAIT)
    page.click("#record")


def history(page):
    return page.locator("#live ol.history li")


def queued(page) -> list[dict]:
    """The entries this phone keeps until the laptop answers them (page.js: each with its id)."""
    return json.loads(page.evaluate("localStorage.getItem('assistant-queue:' + location.pathname) || '[]'"))


def sent(page) -> None:
    """Wait until every entry kept on the phone has been answered by the laptop (the page's policy runs no
    script of Playwright's own: its queue is read here, between waits the page goes on meanwhile)."""
    deadline = time.monotonic() + WAIT / 1000
    while queued(page):
        assert time.monotonic() < deadline, "the phone's entry was never answered"
        page.wait_for_timeout(50)


def yes_no(answer: bool, language: str) -> str:
    return {("en-GB", True): "yes", ("en-GB", False): "no", ("fr-FR", True): "oui", ("fr-FR", False): "non"}[
        language, answer]


def test_an_evening_of_four_phones_questions_entered_once_a_misheard_answer_an_undo_and_two_server_kills(
        home, laptop, browser):  # noqa: F811
    laptop.start()
    phones = {}
    languages = {name: language for name, language, unused in PHONES}
    for number, (name, language, cell) in enumerate(PHONES):
        page = browser.new_context(viewport=PHONE, locale=language).new_page()
        page.goto(laptop.base + f"/t/{laptop.token()}/")
        joined = [each for each, *unused in PHONES[:number]]
        expect(page.locator("#members button")).to_have_count(len(joined), timeout=WAIT)
        start_sheet(page, name, cell, joined, typed=",".join(each for each, *unused in PHONES[number + 1:]))
        page.click("#go")
        page.wait_for_url(re.compile(r"/g/[\w-]{32}/$"), timeout=WAIT)
        expect(page.locator(f"#live button.cell[data-cell='{cell}']").first).to_have_attribute(
            "aria-label", re.compile(r", (your loot|votre butin)$"), timeout=WAIT)
        phones[name] = page
    ana, ben, chloe, dan = (phones[name] for name in ("Ana", "Ben", "Chloé", "Dan"))
    named = sheets(home)
    assert sorted(named) == ["Ana", "Ben", "Chloé", "Dan"]
    store = Store(home)
    store.tell_private = False
    for name, unused, cell in PHONES:  # each loot as its own phone set it, on its own sheet alone
        game = store.load(named[name])
        assert game.me == name and game.board.name_of(game.mine) == cell
    for page in phones.values():
        expect(page.locator("#choices button.choice").first).to_be_visible(timeout=WAIT)

    # Ana asks Ben, quietly: entered once, on Ana's phone; Ben's sheet holds the question put to him
    first = truth(home, named["Ben"], "Ana", "C1")
    enter(ana, ["clue", "area", "C1", f"Ben={yes_no(first, 'en-GB')}"])
    expect(history(ana)).to_have_count(1, timeout=WAIT)
    expect(history(ben).first).to_contain_text("C1", timeout=WAIT)  # on Ben's page, by itself: no reload
    expect(history(ben).first).to_contain_text("Ana")
    expect(history(ben)).to_have_count(1)

    # Ben asks Chloé, and she answers aloud: entered once, on Ben's phone (in French); every sheet hears it
    second = truth(home, named["Chloé"], "Ben", "D2")
    enter(ben, ["indice", "zone", "D2", f"Chloé={yes_no(second, 'fr-FR')}", "--haut"])
    expect(history(ben)).to_have_count(2, timeout=WAIT)
    for page in (ana, chloe, dan):
        expect(history(page).first).to_contain_text("D2", timeout=WAIT)
    expect(history(ana)).to_have_count(2)
    expect(history(chloe)).to_have_count(1)  # Ana's quiet question reached neither Chloé
    expect(history(dan)).to_have_count(1)  # nor Dan

    # Chloé mishears Dan: his loot (F3) answers no to area A2, she records yes
    assert not truth(home, named["Dan"], "Chloé", "A2")
    enter(chloe, ["clue", "area", "A2", "Dan=yes"])
    expect(chloe.locator("#answer")).to_contain_text("Dan's sheet answers no: check what you heard", timeout=WAIT)
    assert "F3" not in chloe.locator("#answer").text_content()  # Dan's loot is never shown to the asker
    expect(chloe.locator("#live p.refused[role=alert]")).to_have_count(0)
    told = dan.locator("#live p.refused[role=alert]")  # in Dan's language, not in Chloé's
    expect(told).to_have_text(re.compile(r"^Chloé a noté oui à zone A2, et votre butin répond non\s: vérifiez ce qui a "
                                         r"été entendu$"), timeout=WAIT)
    expect(history(dan)).to_have_count(2)
    assert log_of(home, named["Dan"])[-1] == ("asked area A2 no --by Chloé", False)  # the true answer

    # Undo on Chloé's phone takes back her entry, and its copy on Dan's sheet
    expect(chloe.locator("#undo")).to_have_text("Undo: 2. clue area A2 Dan=yes", timeout=WAIT)
    chloe.click("#undo")
    expect(chloe.locator("#live li.taken del")).to_have_count(1, timeout=WAIT)
    expect(dan.locator("#live li.taken del")).to_have_count(1, timeout=WAIT)
    expect(dan.locator("#live li.taken del")).to_contain_text("A2")
    expect(told).to_have_count(0)  # the sheet moved on: what it disagreed with is taken back too

    # Killed after it recorded Dan's question to Ana, before its answer reached Dan's phone
    third = truth(home, named["Ana"], "Dan", "B1")
    killed = []

    def answer_lost(route):
        if killed:
            route.continue_()
            return
        assert laptop.forward(route.request) == 200  # the entry recorded and spread: its answer never reaches Dan
        laptop.kill()
        route.abort()
        killed.append(True)

    dan.route(re.compile(r"/step$"), answer_lost)
    enter(dan, ["indice", "zone", "B1", f"Ana={yes_no(third, 'fr-FR')}"])
    while not killed:
        dan.wait_for_timeout(50)  # the route's handler runs while the page is driven
    (waiting,) = queued(dan)  # kept on the phone, with its id, until the laptop answers
    assert [len(log_of(home, named[player])) for player in ("Ana", "Dan")] == [3, 3]  # recorded once, spread
    laptop.start()
    sent(dan)  # the phone's retry, once the laptop answers again: said as recorded before, recorded once
    expect(dan.locator("#answer")).to_have_class("said")
    expect(history(ana).first).to_contain_text("B1", timeout=WAIT)
    store = Store(home)
    assert waiting["id"] in store.entry_ids(named["Dan"])
    assert spreading.copy_id(waiting["id"], store.game_id(named["Ana"])) in store.entry_ids(named["Ana"])

    # Killed in the middle of spreading Ana's question to Chloé, answered aloud: as it came to write Chloé's sheet
    fourth = truth(home, named["Chloé"], "Ana", "E1")
    laptop.kill()
    laptop.start(dying=named["Chloé"])
    for name, page in phones.items():
        expect(page.locator("#status")).to_have_text(LIVE[languages[name]], timeout=WAIT)
    enter(ana, ["clue", "area", "E1", f"Chloé={yes_no(fourth, 'en-GB')}", "--aloud"])
    laptop.ended()  # it killed itself, as the entry reached Chloé's sheet
    (waiting,) = queued(ana)
    counts = {player: len(log_of(home, name)) for player, name in named.items()}
    assert counts["Ana"] == 4 and counts["Chloé"] == 2  # whole on each sheet, or not there at all
    assert counts["Ben"] in (2, 3) and counts["Dan"] in (3, 4)
    laptop.start()  # completes the spreading the kill left half done, before it answers anyone
    sent(ana)
    expect(ana.locator("#answer")).to_have_text(re.compile(r"^already recorded: 4\. clue area E1 Chloé="),
                                                timeout=WAIT)
    for page in (ben, chloe, dan):  # the pages come back by themselves, each the entry once
        expect(history(page).first).to_contain_text("E1", timeout=WAIT)
    ben.reload()  # and a page loaded again shows the same sheet
    expect(history(ben)).to_have_count(3, timeout=WAIT)
    expect(history(ben).first).to_contain_text("E1")
    for name, page in phones.items():
        expect(page.locator("#status")).to_have_text(LIVE[languages[name]], timeout=WAIT)
    store = Store(home)
    for player, name in named.items():
        copy = waiting["id"] if player == "Ana" else spreading.copy_id(waiting["id"], store.game_id(name))
        assert copy in store.entry_ids(name)

    # Each sheet's log, read with the store: every entry once, the misheard one taken back on both sheets
    said = {True: "yes", False: "no"}
    assert log_of(home, named["Ana"]) == [
        (f"clue area C1 Ben={said[first]}", False),
        (f"clue area D2 Chloé={said[second]} --by Ben --aloud", False),
        (f"asked area B1 {said[third]} --by Dan", False),
        (f"clue area E1 Chloé={said[fourth]} --aloud", False)]
    assert log_of(home, named["Ben"]) == [
        (f"asked area C1 {said[first]} --by Ana", False),
        (f"clue area D2 Chloé={said[second]} --aloud", False),
        (f"clue area E1 Chloé={said[fourth]} --by Ana --aloud", False)]
    assert log_of(home, named["Chloé"]) == [
        (f"asked area D2 {said[second]} --by Ben --aloud", False),
        ("clue area A2 Dan=yes", True),
        (f"asked area E1 {said[fourth]} --by Ana --aloud", False)]
    assert log_of(home, named["Dan"]) == [
        (f"clue area D2 Chloé={said[second]} --by Ben --aloud", False),
        ("asked area A2 no --by Chloé", True),
        (f"clue area B1 Ana={said[third]}", False),
        (f"clue area E1 Chloé={said[fourth]} --by Ana --aloud", False)]
    assert not list((home / "tables").glob(".spreading-*.json"))  # nothing left half spread
