"""The phones' page in a real browser (Debian's chromium driven by Playwright), at a phone's size.

Skipped, saying why, where chromium or playwright is missing (a fresh machine); CI installs both
(.ci/run). The screenshots in tests/screenshots are reviewed artefacts: UPDATE_SCREENSHOTS=1 writes
them again."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from assistant.faces.web import serve
from assistant.store.folder import Store

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
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
                    expect(page.locator("#slot")).to_have_text("next: asking-cell", timeout=WAIT)
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
        page.click("#undo")
        page.wait_for_selector("#live ol.history li.taken del", timeout=WAIT)
        steps = (home / "games" / "evening.yaml").read_text()
        for expected in ("clue area B3 red=no", "clue line-of-sight A1 blue=yes", "clue area E3 yellow=yes",
                         "clue area F1 red=yes", "undo"):
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
        expect(page.locator("#panel li").first).to_contain_text("bits", timeout=WAIT)


def pages(run, home) -> dict[str, tuple[str, str]]:
    """A game of each kind, with a few entries: name -> (game, what the page should show)."""
    steps = [
        ("garden", ["new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2", "--name", "garden"],
         [["clue", "area", "B3", "red=no", "blue=yes", "yellow=no"], ["miniature", "me", "A1"], ["cat", "D1"],
          ["miniature", "red", "A3"], ["token", "red", "A3"],
          ["clue", "flower", "F2", "yes", "-o", "yellow", "--colour", "yellow"],
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
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], link.game
            assert page.get_attribute("html", "lang") == language[:2]
            cells = page.locator("button.cell")
            for at in range(cells.count()):  # every cell is read out in words, never by colour alone
                assert len(cells.nth(at).get_attribute("aria-label").split(", ")) >= 2
            role = "keeper" if link.keeper else "table"
            if link.game == "garden":
                page.locator("#tally").click()
                expect(page.locator("#panel table.pad")).to_contain_text("red", timeout=WAIT)
                page.locator("button.cell[data-cell='B3'][data-item='red']").click()
                expect(page.locator("#panel li").first).to_contain_text("B3", timeout=WAIT)
            shot(page, f"{link.game}-{role}-{suffix}.png")
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
