"""The phones' page in a real browser (Debian's chromium driven by Playwright), at a phone's size.

Skipped, saying why, where chromium or playwright is missing (a fresh machine); CI installs both
(.ci/run). The screenshots in tests/screenshots are reviewed artefacts: UPDATE_SCREENSHOTS=1 writes
them again."""

from __future__ import annotations

import asyncio
import os
import re
from pathlib import Path

import pytest

from assistant.faces.web import serve
from assistant.store.folder import Store

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        # a name that is not this machine's own, as the laptop's address on the Wi-Fi is for a phone (plain
        # HTTP there is no secure context): set for the module's one chromium, which another launch costs
        # as much as a test, and it touches no other name
        "--host-resolver-rules=MAP laptop.test 127.0.0.1"]
SCREENSHOTS = Path(__file__).parent / "screenshots"
PHONE = {"width": 390, "height": 844}
WAIT = 15_000  # ms: only a bound on a hang; every wait below ends as soon as the page shows what it waits for


def browser_or_skip():
    """Playwright's entry point, or a skip saying what is missing (a failure in CI, where both are installed)."""
    missing = pytest.fail if os.environ.get("ASSISTANT_REQUIRE_BROWSER") == "1" else pytest.skip
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("playwright is not installed (pip install playwright; see .ci/run)")
    if not Path(CHROMIUM).exists():
        missing("chromium is not installed at /usr/bin/chromium (apt-get install chromium chromium-driver; "
                "see .ci/run)")
    return sync_playwright


def expect(locator):
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


@pytest.fixture(scope="module")
def chromium():
    """One chromium for the module, as pytest-playwright shares one per session: starting it costs more than
    most tests here."""
    sync_playwright = browser_or_skip()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def browser(chromium):
    """The browser, for one test: each page it opens is a fresh context (no cookie, no storage), and every one
    is closed when the test ends, so no page of a test is left listening to its server."""
    yield chromium
    for context in chromium.contexts:
        context.close()


def shot(page, name: str) -> None:
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / name), full_page=True)


def tap(page, word: str) -> None:
    """Tap the offered word (a choice button), once it is offered."""
    page.locator("#choices").get_by_role("button", name=word, exact=True).click(timeout=WAIT)


def history_count(page) -> int:
    return page.locator("#live ol.history li").count()


def test_five_clues_and_an_undo_by_taps_then_a_change_from_the_command_line(home, run, browser):
    started = run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2", "--name", "evening")
    assert started.exit_code == 0
    store = Store(home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport=PHONE, locale="en-GB")
        page.goto(base + f"/g/{links[0].token}/")
        taps = [["clue", "area", "B3", "red=no"],
                ["clue", "line-of-sight", "A1", "blue=yes"],
                ["clue", "flower", "D2"],  # then the colour and the answer
                ["clue", "area", "E3", "yellow=yes"],
                ["clue", "area", "F1", "red=yes"]]
        for number, words in enumerate(taps, 1):
            for word in words:
                if word == "E3":  # a cell comes next: a tap on the grid fills it
                    expect(page.locator("#slot")).to_have_text("next: cell", timeout=WAIT)  # a word typed, no slot name
                    page.locator("#live button.cell[data-cell='E3']").first.click()
                    expect(page.locator("#line")).to_have_value("clue area E3 ", timeout=WAIT)
                    continue
                tap(page, word)
            if words[1] == "flower":
                expect(page.locator("#slot")).to_have_text("next: colour", timeout=WAIT)
                tap(page, page.locator("#choices button.choice").first.text_content())  # the cell's first colour
                tap(page, "yellow=no")
            page.click("#record")
            expect(page.locator("#live ol.history li")).to_have_count(number, timeout=WAIT)
            assert "refused" not in (page.locator("#answer").get_attribute("class") or "")
        shot(page, "garden-390x844.png")
        # Undo names the entry it takes back, and takes back that one, by its number
        expect(page.locator("#undo")).to_have_text("Undo: 5. clue area F1 red=yes", timeout=WAIT)
        page.click("#undo")
        page.wait_for_selector("#live ol.history li.taken del", timeout=WAIT)
        expect(page.locator("#undo")).to_have_text("Undo: 4. clue area E3 yellow=yes", timeout=WAIT)
        steps = (home / "games" / "evening.yaml").read_text()
        for expected in ("clue area B3 red=no", "clue line-of-sight A1 blue=yes", "clue area E3 yellow=yes",
                         "clue area F1 red=yes", "retract 5"):
            assert expected in steps
        game = store.load("evening")
        assert [entry.retracted for entry in game.history().entries] == [False, False, False, False, True]
        # A change from the command line shows on the page by itself.
        assert run("clue", "area", "A2", "no", "-o", "blue").exit_code == 0
        expect(page.locator("#live ol.history li").first).to_contain_text("clue area A2 blue=no", timeout=WAIT)
        assert history_count(page) == 6
        shot(page, "garden-after-undo-390x844.png")
        page.click("#odds")  # each possible cell shows its probability, and says it
        expect(page.locator("#odds")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#live button.cell.open").first).to_have_attribute("aria-label", re.compile(r"%$"),
                                                                              timeout=WAIT)
        page.click("#suggest")
        expect(page.locator("#panel li").first).to_contain_text("rules out", timeout=WAIT)  # in cells, not bits


def pages(run, home) -> dict[str, tuple[str, str]]:
    """A game of each kind, with a few entries: name -> (game, what the page should show)."""
    steps = [
        ("garden", ["new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2", "--name", "garden"],
         [["clue", "area", "B3", "red=no", "blue=yes", "yellow=no"],
          # rules: a question is asked "depuis la case où il vient de placer sa statuette": asked before
          # this turn's miniature is placed, it is asked as heard
          ["clue", "flower", "F2", "yes", "-o", "yellow", "--colour", "yellow"],
          ["miniature", "me", "A1"], ["cat", "D1"], ["miniature", "red", "A3"], ["token", "red", "A3"],
          ["reveal", "A3", "1", "mole"], ["loot", "red", "F3"], ["loot", "blue", "A3"], ["loot", "yellow", "F2"]]),
        ("city", ["new", "new-york", "--name", "city"],
         [["clue", "north-of", "4", "--card", "informant 3"], ["accuse", "C2", "wrong"]]),
        ("quest", ["quest", "new", "--players", "Ana,Ben,Cleo", "--name", "quest"],
         [["quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4"],
          ["quest", "deal", "1A", "--special", "shaman"], ["quest", "trick", "Ana", "5g", "7g", "Kb"]]),
        ("rope", ["tug", "new", "--sides", "Ana,Ben", "--name", "rope"],
         [["tug", "gnome", "red", "--by", "Ana"], ["tug", "gnome", "yellow"], ["tug", "gnome", "multi", "blue"]]),
    ]
    for name, new, entries in steps:
        result = run(*new)
        assert result.exit_code == 0, result.output
        for entry in entries:
            result = run(*entry, "--game", name) if entry[0] not in ("quest", "tug") else run(
                entry[0], *entry[1:], "--game", name)
            assert result.exit_code == 0, (entry, result.output)
    return ["garden", "city", "quest", "rope"]


@pytest.mark.parametrize("language,size", [("en-GB", {"width": 360, "height": 640}), ("fr-FR", PHONE)])
def test_every_kind_of_page_reads_at_a_phones_size(home, run, browser, language, size):
    names = pages(run, home)
    store = Store(home)
    links = serve.make_links(store, names)
    suffix = f"{language[:2]}-{size['width']}x{size['height']}"
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport=size, locale=language)
        for link in links:
            page.goto(base + f"/g/{link.token}/")
            expect(page.locator("#live")).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], link.name
            assert page.get_attribute("html", "lang") == language[:2]
            # every cell is read out in words, never by colour alone (read in one call: one round trip to
            # the browser per cell cost more than the rest of the test)
            labels = page.eval_on_selector_all("button.cell", "cells => cells.map(c => c.getAttribute('aria-label'))")
            assert all(len((label or "").split(", ")) >= 2 for label in labels), (link.name, labels)
            role = "keeper" if link.keeper else "table"
            if link.name == "garden":
                page.locator("#tally").click()
                expect(page.locator("#panel table.pad")).to_contain_text("red", timeout=WAIT)
                page.locator("button.cell[data-cell='B3'][data-item='red']").click()
                expect(page.locator("#panel li").first).to_contain_text("B3", timeout=WAIT)
            shot(page, f"{link.name}-{role}-{suffix}.png")
        french = language.startswith("fr")
        page.goto(base + f"/g/{links[0].token}/")
        expect(page.locator("#record")).to_have_text("Enregistrer" if french else "Record")
        expect(page.locator("#live")).to_contain_text("indice zone B3" if french else "clue area B3")


def test_the_scorekeeper_records_a_deal_and_a_trick_and_the_table_follows(home, run, browser):
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "quest").exit_code == 0
    store = Store(home)
    keeper, table = serve.make_links(store, ["quest"])
    with serve.serving(store, [keeper, table], watch_seconds=0.05) as base:
        scorer = browser.new_page(viewport=PHONE, locale="en-GB")
        scorer.goto(base + f"/g/{keeper.token}/")
        follower = browser.new_page(viewport=PHONE, locale="fr-FR")
        follower.goto(base + f"/g/{table.token}/")
        assert follower.locator("#record").count() == 0  # the table's link has no entry panel
        # a deal by summary, typed: the line offers the words that fit what is being typed
        scorer.locator("#line").press_sequentially("de")
        tap(scorer, "deal")
        expect(scorer.locator("#line")).to_have_value("deal ")
        scorer.locator("#line").press_sequentially("7A --special druid --tricks Ana=5,Ben=4,Cleo=4")
        scorer.locator("#line").press("Enter")
        expect(scorer.locator("#answer")).to_have_class("said", timeout=WAIT)
        expect(follower.locator("#live table.pad")).to_contain_text("+5 = 5", timeout=WAIT)
        # a deal trick by trick, by taps
        for word in ["deal", "1A", "--special", "shaman"]:
            tap(scorer, word)
        scorer.click("#record")
        expect(scorer.locator("#live ol.history li")).to_have_count(2, timeout=WAIT)
        for word in ["trick", "Ana:", "5g", "7g", "Kb"]:
            tap(scorer, word)
        scorer.click("#record")
        expect(follower.locator("#live ol.history li").first).to_contain_text("pli Ana: 5v 7v Rb", timeout=WAIT)
    assert "trick Ana: 5g 7g Kb" in (home / "games" / "quest.yaml").read_text()


# -- issue 34: never lose, never double; in the thumb's reach; axe ------------------------------------------------

NODE = Path(__file__).parent.parent / ".node" / "node_modules"  # npm install --prefix .node (gitignored; .ci/run)
AXE = Path(os.environ.get("ASSISTANT_AXE", NODE / "axe-core" / "axe.min.js"))


def garden(run, home, name: str = "evening") -> Store:
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--name", name).exit_code == 0
    return Store(home)


def typed(page, text: str) -> None:
    """Type a whole step on the line and record it with Enter (no offer needed: it works offline)."""
    page.locator("#line").fill(text)
    page.locator("#line").press("Enter")


def test_a_double_tap_on_record_records_once_and_on_undo_takes_back_one(home, run, browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport=PHONE, locale="fr-FR")
        page.goto(base + f"/g/{links[0].token}/")
        for text in ("clue area B3 no -o red", "clue area A1 no -o blue"):
            page.locator("#line").fill(text)
            page.locator("#record").dblclick()
            expect(page.locator("#answer")).to_have_class("said", timeout=WAIT)
            expect(page.locator("#line")).to_have_value("")
        expect(page.locator("#live ol.history li")).to_have_count(2, timeout=WAIT)
        # Défaire, not Annuler (Cancel) beside Effacer: it names what it takes back
        expect(page.locator("#undo")).to_have_text(re.compile(r"^Défaire\s: 2\. indice zone A1 "), timeout=WAIT)
        page.locator("#undo").dblclick()
        page.wait_for_selector("#live ol.history li.taken del", timeout=WAIT)
        expect(page.locator("#undo")).to_have_text(re.compile(r"^Défaire\s: 1\. indice zone B3 "), timeout=WAIT)
        page.wait_for_timeout(300)  # a second request, were there one, would have landed by now
    history = store.load("evening").history().entries
    assert [entry.retracted for entry in history] == [False, True]
    assert (home / "games" / "evening.yaml").read_text().count("retract") == 1


def test_a_page_never_fetches_a_version_it_has_or_gets_with_its_own_answer(home, run, browser, monkeypatch):
    """Issue 34 (speed): after its own entry the events stream announces the new version, which the entry's
    answer brings already; the page fetched it again all the same (91 /view for 96 entries, four phones)."""
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    changed = serve.Server.changed

    def late(self, served):
        """The stream's announcement comes a moment after the entry's answer, as on a busy laptop."""
        waiting, served.changed = served.changed, asyncio.Event()  # the one set at once wakes no stream
        changed(self, served)
        asyncio.get_running_loop().call_later(0.2, waiting.set)

    monkeypatch.setattr(serve.Server, "changed", late)
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport=PHONE, locale="en-GB")
        fetched: list[str] = []
        page.on("request", lambda request: fetched.append(request.url) if "/view" in request.url else None)
        page.goto(base + f"/g/{links[0].token}/")
        expect(page.locator("#status")).to_have_text(re.compile("live"), timeout=WAIT)
        for number, text in enumerate(["clue area B3 no -o red", "undo", "clue area A1 no -o blue", "undo",
                                       "clue area D1 no -o red", "clue area F3 no -o blue"], 1):
            typed(page, text)
            expect(page.locator("#live")).to_have_attribute("data-version", re.compile(f"^{number}\\."),
                                                            timeout=WAIT)
        # A change from elsewhere is fetched, once: the stream's messages come in order, so by then every
        # announcement of the page's own entries has come too.
        assert run("clue", "area", "A2", "no", "-o", "red", "--game", "evening").exit_code == 0
        expect(page.locator("#live ol.history li")).to_have_count(5, timeout=WAIT)
        expect(page.locator("#live")).to_have_attribute("data-version", re.compile("^7\\."), timeout=WAIT)
    assert len(fetched) == 1, fetched


def test_offline_an_entry_waits_on_the_phone_then_goes_in_order_and_a_refusal_is_said(home, run, browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        context = browser.new_context(viewport={"width": 360, "height": 640}, locale="fr-FR", service_workers="block")
        page = context.new_page()
        page.goto(base + f"/g/{links[0].token}/")
        expect(page.locator("#status")).to_have_text("suit la partie en direct", timeout=WAIT)
        context.set_offline(True)
        typed(page, "clue area B3 no -o red")
        typed(page, "clue area Z9 no -o red")  # refused once sent: said with its reason
        typed(page, "clue area A1 no -o blue")
        expect(page.locator("#pending li")).to_have_count(3, timeout=WAIT)
        expect(page.locator("#pending li").first).to_contain_text("pas encore envoyé")
        expect(page.locator("#status")).to_contain_text("hors ligne depuis", timeout=WAIT)
        shot(page, "garden-offline-fr-360x640.png")
        assert "clue" not in (home / "games" / "evening.yaml").read_text().split("events", 1)[-1]
        context.set_offline(False)
        expect(page.locator("#pending li")).to_have_count(0, timeout=WAIT)
        expect(page.locator("#live ol.history li")).to_have_count(2, timeout=WAIT)
        expect(page.locator("#status")).to_have_text("suit la partie en direct", timeout=WAIT)
        # the steps, not the entry ids the file keeps before them: a random id may hold 'Z9' (CI's did once)
        steps = (home / "games" / "evening.yaml").read_text().split("\nevents:", 1)[1]
        assert steps.index("clue area B3 red=no") < steps.index("clue area A1 blue=no") and "Z9" not in steps
        context.close()
    # the refusal was said (then the last entry's answer): the page's queue kept nothing back
    assert store.load("evening").history().entries[-1].number == 2


def test_an_entry_left_waiting_survives_a_reload_and_is_sent_once(home, run, browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        context = browser.new_context(viewport=PHONE, locale="en-GB", service_workers="block")
        page = context.new_page()
        page.goto(base + f"/g/{links[0].token}/")
        context.set_offline(True)
        typed(page, "clue area B3 no -o red")
        expect(page.locator("#pending li")).to_have_count(1, timeout=WAIT)
        context.set_offline(False)
        page.reload()  # the entry was kept in localStorage: the page sends it as it opens
        expect(page.locator("#live ol.history li")).to_have_count(1, timeout=WAIT)
        expect(page.locator("#pending li")).to_have_count(0, timeout=WAIT)
        context.close()
    assert (home / "games" / "evening.yaml").read_text().count("clue area B3 red=no") == 1


def test_reloaded_offline_the_last_sheet_stays_readable_where_a_service_worker_may_run(home, run, browser):
    store = garden(run, home)
    assert run("clue", "area", "B3", "no", "-o", "red").exit_code == 0
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        context = browser.new_context(viewport=PHONE, locale="en-GB")
        page = context.new_page()
        page.goto(base + f"/g/{links[0].token}/")  # 127.0.0.1 is a secure context: a service worker may run
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now through the worker, which keeps the page
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=WAIT)
        page.reload()
        context.set_offline(True)
        page.reload()
        expect(page.locator("#live ol.history li")).to_contain_text("clue area B3 red=no", timeout=WAIT)
        expect(page.locator("#insecure")).to_be_hidden()
        context.close()


def test_over_plain_http_on_a_lan_the_page_says_what_works_offline(home, run, browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        # laptop.test: a name that is not this machine's own (see ARGS), as the laptop's address on the Wi-Fi is
        # for a phone: plain HTTP there is no secure context, and no service worker may run
        page = browser.new_page(viewport=PHONE, locale="fr-FR")
        page.goto(base.replace("127.0.0.1", "laptop.test") + f"/g/{links[0].token}/")
        assert page.evaluate("window.isSecureContext") is False
        expect(page.locator("#insecure")).to_be_visible()
        expect(page.locator("#insecure")).to_contain_text("recharger la page demande l'ordinateur")
        typed(page, "clue area B3 no -o red")  # and entries work there as anywhere
        expect(page.locator("#live ol.history li")).to_have_count(1, timeout=WAIT)


def test_after_the_laptops_server_restarts_the_page_shows_what_changed_meanwhile(home, run, browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    page = browser.new_page(viewport=PHONE, locale="en-GB")
    with serve.serving(store, links, watch_seconds=0.05) as base:
        port = int(base.rsplit(":", 1)[1])
        page.goto(base + f"/g/{links[0].token}/")
        # said once the game's stream is open, not before (the page first says it is connecting)
        expect(page.locator("#status")).to_have_text("follows the game live", timeout=WAIT)
    expect(page.locator("#status")).to_have_text("connection lost: trying again", timeout=WAIT)
    assert run("clue", "area", "A2", "no", "-o", "blue", "--game", "evening").exit_code == 0  # while it was down
    with serve.serving(store, links, watch_seconds=0.05, port=port):
        expect(page.locator("#live ol.history li").first).to_contain_text("clue area A2 blue=no", timeout=WAIT)
        expect(page.locator("#status")).to_have_text("follows the game live", timeout=WAIT)


def test_a_renamed_game_keeps_its_link_and_a_new_game_under_the_old_name_never_gets_it(home, run, browser):
    store = garden(run, home, "friday")
    links = serve.make_links(store, ["friday"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport=PHONE, locale="en-GB")
        page.goto(base + f"/g/{links[0].token}/")
        assert run("rename", "friday", "friday-old").exit_code == 0
        assert run("new", "gnom-street", "--opponents", "green", "--mine", "A1", "--name", "friday").exit_code == 0
        typed(page, "clue area B3 no -o red")
        expect(page.locator("#answer")).to_have_class("said", timeout=WAIT)
        expect(page.locator("#live ol.history li")).to_have_count(1, timeout=WAIT)
        assert run("delete", "friday-old", "--yes").exit_code == 0
        typed(page, "clue area A1 no -o blue")
        expect(page.locator("#answer")).to_have_text("this game is no longer served", timeout=WAIT)
    assert "clue" not in (home / "games" / "friday.yaml").read_text().split("events", 1)[-1]


def test_the_entry_bar_stays_at_the_bottom_with_a_stable_height_and_an_explanation_opens_in_view(home, run, browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    size = {"width": 360, "height": 640}
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport=size, locale="en-GB")
        page.goto(base + f"/g/{links[0].token}/")
        bar = page.locator("#entry")
        placed = []
        for word in ["clue", "area", "B3", "red=no"]:
            tap(page, word)
            placed.append((bar.bounding_box(), page.locator("#record").bounding_box()))
        for box, record in placed:  # the bar at the bottom, Enregistrer where it was at the first tap
            assert abs(box["y"] + box["height"] - size["height"]) < 1
            assert record == placed[0][1]
        page.locator("#clear").click()
        page.locator("button.cell[data-cell='F3'][data-item='blue']").click()  # the last row of the second sheet
        expect(page.locator("#panel li").first).to_contain_text("F3", timeout=WAIT)
        page.wait_for_timeout(400)  # the scroll into view is smooth in some browsers
        heading = page.locator("#panel h2").bounding_box()
        assert 0 <= heading["y"] and heading["y"] + heading["height"] <= bar.bounding_box()["y"]
        shot(page, "garden-explained-360x640.png")


def test_each_page_offers_only_its_own_games_steps(home, run, browser):
    names = pages(run, home)
    store = Store(home)
    links = {link.name: link for link in serve.make_links(store, names) if link.keeper}
    with serve.serving(store, list(links.values()), watch_seconds=0.05) as base:
        page = browser.new_page(viewport=PHONE, locale="en-GB")
        offered = {}
        for name in ("garden", "city", "quest"):
            page.goto(base + f"/g/{links[name].token}/")
            expect(page.locator("#choices button.choice").first).to_be_visible(timeout=WAIT)
            offered[name] = set(page.locator("#choices button.choice").all_text_contents())
    assert {"clue", "fight", "miniature"} <= offered["garden"] and "accuse" not in offered["garden"]  # the city's
    assert {"clue", "accuse"} <= offered["city"] and not {"fight", "miniature", "question"} & offered["city"]
    assert "deal" in offered["quest"] and not {"clue", "accuse"} & offered["quest"]


@pytest.mark.parametrize("language", ["en-GB", "fr-FR"])
def test_axe_finds_no_violation_on_the_garden_the_city_and_the_pad(home, run, browser, language):
    if not AXE.is_file():
        (pytest.fail if os.environ.get("ASSISTANT_REQUIRE_BROWSER") == "1" else pytest.skip)(
            f"axe-core is not installed at {AXE} (npm install --prefix .node axe-core; see .ci/run)")
    names = pages(run, home)
    store = Store(home)
    links = [link for link in serve.make_links(store, names) if link.name in ("garden", "city", "quest")]
    with serve.serving(store, links, watch_seconds=0.05) as base:
        # axe is injected as a script of the page's own: the page's policy allows none, so it is set aside here
        page = browser.new_page(viewport={"width": 360, "height": 640}, locale=language, bypass_csp=True)
        for link in links:
            page.goto(base + f"/g/{link.token}/")
            expect(page.locator("#live")).to_be_visible()
            page.add_script_tag(content=AXE.read_text())
            found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map("
                                  "v => [v.id, v.impact, v.nodes.slice(0, 3).map("
                                  "n => n.target.join(' ') + ' ' + n.html.slice(0, 200))]))")
            assert found == [], (link.name, link.keeper, found)


# The page as the server would draw it now, compared node by node with the page's live part.
SAME_AS_DRAWN = """async () => {
  const live = document.getElementById("live");
  const drawn = document.createElement("template");
  drawn.innerHTML = (await (await fetch("view")).json()).html;
  const fresh = document.createElement("section");
  fresh.append(drawn.content);
  return live.childNodes.length === fresh.childNodes.length
    && [...live.childNodes].every((node, index) => node.isEqualNode(fresh.childNodes[index]));
}"""


def test_an_entry_changes_only_what_it_changed_on_the_page(home, run, browser):
    # Replacing the whole live part at each tap made every phone lay out and paint it all again (most of a
    # tap's time with four phones); the sheets an entry leaves alone, and the history's older lines, stay.
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport=PHONE, locale="en-GB")
        page.goto(base + f"/g/{links[0].token}/")
        typed(page, "clue area B3 no -o red")
        expect(page.locator("#live ol.history li")).to_have_count(1, timeout=WAIT)
        page.evaluate("""() => {
          for (const table of document.querySelectorAll("#live table.sheet")) table.kept = table.dataset.item;
          document.querySelector("#live ol.history li").kept = "first";
          document.querySelector("#live table.sheet[data-item='red'] button.cell[data-cell='F1']").kept = "F1";
        }""")
        typed(page, "clue area A1 no -o red")
        expect(page.locator("#live ol.history li")).to_have_count(2, timeout=WAIT)
        kept = page.evaluate("""() => ({
          tables: [...document.querySelectorAll("#live table.sheet")].map((table) => table.kept),
          history: [...document.querySelectorAll("#live ol.history li")].map((line) => line.kept || ""),
          cell: document.querySelector("#live table.sheet[data-item='red'] button.cell[data-cell='F1']").kept})""")
        assert kept == {"tables": ["red", "blue"], "history": ["", "first"], "cell": "F1"}
        red_a1 = page.locator("#live table.sheet[data-item='red'] button.cell[data-cell='A1']")
        expect(red_a1).to_have_attribute("aria-label", re.compile("ruled out for red$"))
        assert page.evaluate(SAME_AS_DRAWN)
        page.click("#undo")  # a line taken back is changed in place, the others stay
        expect(page.locator("#live ol.history li.taken")).to_have_count(1, timeout=WAIT)
        assert page.evaluate("() => document.querySelectorAll('#live ol.history li')[1].kept") == "first"
        expect(red_a1).not_to_have_attribute("aria-label", re.compile("ruled out"))
        assert page.evaluate(SAME_AS_DRAWN)


# -- issue 51: one tap, one effect; the whole truth on screen; light at any size ------------------------------


def without_worker(browser, base: str, link):
    """A context of its own (to be taken offline) with no service worker, and the link's page open in it."""
    context = browser.new_context(viewport=PHONE, locale="en-GB", service_workers="block")
    page = context.new_page()
    page.goto(base + f"/g/{link.token}/")
    return context, page


@pytest.mark.parametrize("gap", [40, 120, 300])
def test_a_double_tap_on_undo_takes_back_one_entry_at_any_gap(home, run, browser, gap):
    store = garden(run, home)
    for cell in ("B3", "A1", "A2"):
        assert run("clue", "area", cell, "no", "-o", "red").exit_code == 0
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport={"width": 360, "height": 640}, locale="fr-FR")
        page.goto(base + f"/g/{links[0].token}/")
        expect(page.locator("#undo")).to_be_enabled(timeout=WAIT)
        box = page.locator("#undo").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)
        page.wait_for_timeout(gap)
        page.mouse.click(x, y)
        page.wait_for_selector("#live ol.history li.taken del", timeout=WAIT)
        page.wait_for_timeout(800)  # a second entry taken back, were there one, would have landed by now
        expect(page.locator("#live ol.history li.taken")).to_have_count(1)
        expect(page.locator("#undo")).to_have_text(re.compile(r"^Défaire\s: 2\. "), timeout=WAIT)
    assert [entry.retracted for entry in store.load("evening").history().entries] == [False, False, True]


def test_the_status_follows_the_connection_back_when_nothing_waits(home, run, browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        context, page = without_worker(browser, base, links[0])
        expect(page.locator("#status")).to_have_text("follows the game live", timeout=WAIT)
        for _round in range(2):
            context.set_offline(True)
            expect(page.locator("#status")).to_contain_text("offline since", timeout=WAIT)
            page.wait_for_timeout(1500)
            context.set_offline(False)
            expect(page.locator("#status")).to_have_text("follows the game live", timeout=WAIT)
        context.close()


def test_offline_the_words_offered_are_the_current_lines_never_the_last_steps(home, run, browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        context, page = without_worker(browser, base, links[0])
        for word in ["clue", "area", "B3"]:
            tap(page, word)
        expect(page.locator("#choices")).to_contain_text("red=no", timeout=WAIT)
        context.set_offline(True)
        page.locator("#line").fill("clue area B3 no -o red")
        page.locator("#line").press("Enter")
        expect(page.locator("#pending li")).to_have_count(1, timeout=WAIT)
        expect(page.locator("#choices")).not_to_contain_text("red=", timeout=WAIT)
        page.locator("#line").fill("clue area A")
        expect(page.locator("#slot")).to_contain_text("offline", timeout=WAIT)
        expect(page.locator("#choices button")).to_have_count(0)
        context.set_offline(False)
        expect(page.locator("#pending li")).to_have_count(0, timeout=WAIT)
        context.close()


LONG_REFUSAL = "clue area B3 no -o nobody-at-this-table-is-called-so"


@pytest.mark.parametrize("language", ["fr-FR", "en-GB"])
@pytest.mark.parametrize("size", [{"width": 360, "height": 640}, {"width": 390, "height": 844}])
def test_a_refusal_is_shown_whole_and_said_and_the_buttons_fit_their_labels(home, run, browser, language, size):
    store = garden(run, home)
    assert run("clue", "area", "A1", "no", "-o", "red").exit_code == 0
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport=size, locale=language)
        page.goto(base + f"/g/{links[0].token}/")
        expect(page.locator("#undo")).to_be_enabled(timeout=WAIT)
        typed(page, LONG_REFUSAL)
        expect(page.locator("#answer")).to_have_class("refused", timeout=WAIT)
        answer = page.locator("#answer")
        assert answer.get_attribute("aria-live") == "polite"
        assert answer.evaluate("a => a.scrollHeight <= a.clientHeight + 1 && a.scrollWidth <= a.clientWidth + 1")
        assert "…" not in answer.inner_text() and answer.evaluate("a => getComputedStyle(a).textOverflow") != "ellipsis"
        for button in ("#record", "#clear", "#undo .verb", "#back"):
            fits = page.locator(button).evaluate(
                "b => { const r = b.getBoundingClientRect(); return b.scrollWidth <= b.clientWidth + 1 "
                "&& r.left >= 0 && r.right <= window.innerWidth; }")
            assert fits, (button, language, size)
        shot(page, f"garden-refused-{language[:2]}-{size['width']}x{size['height']}.png")


def test_hints_say_the_words_the_player_types(home, run, browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        for language, word in (("en-GB", "next: cell"), ("fr-FR", "ensuite\u202f: case")):
            page = browser.new_page(viewport=PHONE, locale=language)
            page.goto(base + f"/g/{links[0].token}/")
            page.locator("#line").fill("clue area ")
            page.locator("#line").dispatch_event("input")
            expect(page.locator("#slot")).to_have_text(re.compile(word.replace("\u202f", r"\s")), timeout=WAIT)
            assert "asking-cell" not in page.locator("#entry").inner_text()


@pytest.mark.parametrize("language", ["fr-FR", "en-GB"])
def test_while_a_clue_is_built_the_bar_takes_a_third_and_the_sheet_asked_about_shows(home, run, browser, language):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    size = {"width": 360, "height": 640}
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = browser.new_page(viewport=size, locale=language)
        page.goto(base + f"/g/{links[0].token}/")
        page.locator("#line").fill("clue area ")
        page.locator("#line").dispatch_event("input")
        expect(page.locator("#more")).to_be_visible(timeout=WAIT)  # A1 ... F6: more than fit in a row
        assert page.locator("#entry").bounding_box()["height"] <= size["height"] / 3
        page.locator("#line").fill("clue area B3 no -o blue ")
        page.locator("#line").dispatch_event("input")
        expect(page.locator("#slot")).to_contain_text(re.compile("Record|Enregistrer"), timeout=WAIT)
        page.wait_for_timeout(300)
        bar = page.locator("#entry").bounding_box()
        assert bar["height"] <= size["height"] / 3
        sheet = page.locator("table.sheet[data-item='blue']").bounding_box()
        assert sheet["y"] < bar["y"] and sheet["y"] + sheet["height"] > 0  # the blue sheet shows above the bar
        shot(page, f"garden-building-{language[:2]}-360x640.png")


def test_reloaded_offline_after_one_visit_the_last_sheet_shows_with_its_time_and_the_entries_waiting(home, run,
                                                                                                     browser):
    store = garden(run, home)
    links = serve.make_links(store, ["evening"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-GB")
        page = context.new_page()
        page.goto(base + f"/g/{links[0].token}/")  # 127.0.0.1 is a secure context: a service worker may run
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        typed(page, "clue area B3 no -o red")  # the page the worker keeps knows nothing of it
        expect(page.locator("#live ol.history li")).to_have_count(1, timeout=WAIT)
        context.set_offline(True)
        typed(page, "clue area A1 no -o blue")
        expect(page.locator("#pending li")).to_have_count(1, timeout=WAIT)
        page.reload()
        expect(page.locator("#live ol.history li")).to_contain_text("clue area B3 red=no", timeout=WAIT)
        expect(page.locator("#asof")).to_contain_text("the sheet as received at", timeout=WAIT)
        expect(page.locator("#pending li")).to_have_count(1, timeout=WAIT)
        shot(page, "garden-reloaded-offline-en-360x640.png")
        context.set_offline(False)
        expect(page.locator("#live ol.history li")).to_have_count(2, timeout=WAIT)
        expect(page.locator("#asof")).to_be_hidden(timeout=WAIT)
        context.close()
