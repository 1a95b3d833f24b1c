"""The phones' page in a real browser (Debian's chromium driven by Playwright), at a phone's size.

Skipped, saying why, where chromium or playwright is missing (a fresh machine); CI installs both
(.ci/run). The screenshots in tests/screenshots are reviewed artefacts: UPDATE_SCREENSHOTS=1 writes
them again."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from assistant import serve
from assistant.store import Store

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).parent / "screenshots"
PHONE = {"width": 390, "height": 844}
WAIT = 15_000  # ms: only a bound on a hang; every wait below ends as soon as the page shows what it waits for


def browser_or_skip():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed (pip install playwright; see .ci/run)")
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("chromium is not installed (apt-get install chromium chromium-driver; see .ci/run)")
    return sync_playwright


def expect(locator):
    from playwright.sync_api import expect as playwright_expect

    return playwright_expect(locator)


@pytest.fixture
def browser():
    sync_playwright = browser_or_skip()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


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
    assert run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2", "--name", "evening").exit_code == 0
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
