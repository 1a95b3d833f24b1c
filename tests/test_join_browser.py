"""The table's join page in a real browser (Debian's chromium driven by Playwright), at a phone's size: four
phones join one table, each starts its own sheet by taps and sets its own loot on its own grid, lands on its
sheet and comes back to it from the join link; axe-core finds nothing on the join page in either language,
nor on the table's page a phone reaches from its sheet.

Skipped, saying why, where chromium, playwright or axe-core is missing (CI installs them: .ci/run).
UPDATE_SCREENSHOTS=1 writes the manual's pictures of the join page again (docs/images)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from test_serve_browser import AXE, PHONE, WAIT, browser, chromium, expect  # noqa: F401 (fixtures used by name)

from assistant.faces.web import join, serve
from assistant.store.folder import Store

DOC_IMAGES = Path(__file__).parent.parent / "docs" / "images"
# The four phones of the evening: each one's name, language and loot cell (a cell no other loot is on)
PHONES = [("Ana", "en-GB", "A1"), ("Ben", "fr-FR", "C1"), ("Chloé", "en-GB", "D3"), ("Dan", "fr-FR", "F3")]


def serving(store: Store, names: list[str] | None = None, rules: join.Rules | None = None):
    table = join.open_table(store, names or [])
    token = join.join_token(store, table.id)
    links = serve.make_links(store, names or [])
    served = serve.serving(store, links, watch_seconds=0.05, join=join.desk(
        table.id, token, rules or join.Rules(join.allowed_kinds(None))))
    return served, token, links


def doc_image(page, name: str) -> None:
    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        DOC_IMAGES.mkdir(exist_ok=True)
        page.screenshot(path=str(DOC_IMAGES / name), full_page=True)


def axe_violations(page) -> list:
    """What axe-core finds on the page as it stands (each rule broken, its impact and three of its places)."""
    page.add_script_tag(content=AXE.read_text())
    return page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map("
                         "v => [v.id, v.impact, v.nodes.slice(0, 3).map("
                         "n => n.target.join(' ') + ' ' + n.html.slice(0, 200))]))")


def start_sheet(page, name: str, cell: str, pick: list[str], typed: str = "") -> None:
    """Start this phone's garden sheet by taps: its name, its opponents picked (and typed), its loot's cell."""
    page.fill("#me", name)
    for opponent in pick:
        page.locator("#members").get_by_role("button", name=opponent, exact=True).click(timeout=WAIT)
    if typed:
        page.fill("#others", typed)
    page.locator(f".secret button.cell[data-cell='{cell}']").click()
    expect(page.locator(f".secret button.cell[data-cell='{cell}']")).to_have_attribute("aria-pressed", "true")


def test_four_phones_join_each_sets_its_own_loot_and_comes_back_to_its_own_sheet(home, browser):  # noqa: F811
    store = Store(home)
    served, token, unused = serving(store)
    with served as base:
        pages = []
        for number, (name, language, cell) in enumerate(PHONES):
            page = browser.new_context(viewport=PHONE, locale=language).new_page()
            page.goto(base + f"/t/{token}/")
            joined = [each for each, *unused in PHONES[:number]]  # picked; those not joined yet, typed
            expect(page.locator("#members button")).to_have_count(len(joined), timeout=WAIT)
            start_sheet(page, name, cell, joined, typed=",".join(each for each, *unused in PHONES[number + 1:]))
            if number == 0:
                doc_image(page, "join-en.png")
            if number == 1:
                doc_image(page, "join-fr.png")
            page.locator("#go").dblclick()  # a double tap starts one sheet
            page.wait_for_url(re.compile(r"/g/[\w-]{32}/$"), timeout=WAIT)
            label = page.locator(f"#live button.cell[data-cell='{cell}']").first
            expect(label).to_have_attribute("aria-label", re.compile(r", (your loot|votre butin)$"), timeout=WAIT)
            pages.append(page)
        doc_image(pages[2], "joined-sheet-en.png")
        owned = {store.phone_owner(name): store.load(name) for name in store.game_names()}
        assert sorted(owned) == sorted(name for name, *unused in PHONES)  # one sheet each, double taps and all
        for name, unused, cell in PHONES:
            game = owned[name]
            assert game.me == name and game.board.name_of(game.mine) == cell
            others = {each for each, *unused in PHONES} - {name}
            assert set(game.opponents) == others
        # A phone back at the join link (a new scan, a reload) goes back to its own sheet, and to no other's
        sheets = [page.url for page in pages]
        for page, sheet in zip(pages, sheets, strict=True):
            page.goto(base + f"/t/{token}/")
            page.wait_for_url(sheet, timeout=WAIT)
        # From its sheet, the phone reaches the table's page on purpose, and goes back to its sheet from there
        page = pages[0]
        page.click("#table-link")
        expect(page.locator("#back")).to_be_visible(timeout=WAIT)
        expect(page.locator("#evening")).to_contain_text("Joined: Ana, Ben, Chloé, Dan", timeout=WAIT)
        page.click("#back-link")
        page.wait_for_url(sheets[0], timeout=WAIT)


def test_the_join_page_says_what_is_missing_and_the_laptops_refusal_in_the_phones_language(home, browser):  # noqa: F811
    store = Store(home)
    served, token, unused = serving(store)
    with served as base:
        page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
        page.goto(base + f"/t/{token}/")
        page.click("#go")
        expect(page.locator("#refusal")).to_have_text("type your name first")
        page.fill("#me", "Ana")
        page.click("#go")
        expect(page.locator("#refusal")).to_have_text("pick or type your opponents (at least 1)")
        page.fill("#others", "Ben")
        page.click("#go")
        expect(page.locator("#refusal")).to_have_text("tap your loot's cell on the grid first")
        page.locator(".secret button.cell[data-cell='B2']").click(force=True)  # a pond is no loot: not taken
        expect(page.locator(".secret button.cell[data-cell='B2']")).not_to_have_attribute("aria-pressed", "true")
        page.fill("#others", "Ana")  # the laptop's own refusal, in the command line's words
        page.locator(".secret button.cell[data-cell='A1']").click()
        page.click("#go")
        expect(page.locator("#refusal")).to_have_text(re.compile("two players share a name"), timeout=WAIT)
        page.get_by_role("button", name="Français").click()  # the switch: the page again, in French
        expect(page.locator("h1")).to_have_text("La table", timeout=WAIT)
        page.get_by_text("Enquêtes à New York").click()  # the city: a name alone, no opponents, no grid
        expect(page.locator("#opponents")).to_be_hidden()
        expect(page.locator(".secret")).to_be_hidden()
        page.fill("#me", "Ana")
        page.click("#go")
        page.wait_for_url(re.compile(r"/g/[\w-]{32}/$"), timeout=WAIT)
        expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert [store.load(name).kind for name in store.game_names()] == ["new-york"]


@pytest.mark.parametrize("language", ["en-GB", "fr-FR"])
def test_axe_finds_no_violation_on_the_join_page(home, run, browser, language):  # noqa: F811
    if not AXE.is_file():
        (pytest.fail if os.environ.get("ASSISTANT_REQUIRE_BROWSER") == "1" else pytest.skip)(
            f"axe-core is not installed at {AXE} (npm install --prefix .node axe-core; see .ci/run)")
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "quest").exit_code == 0
    store = Store(home)
    served, token, unused = serving(store, ["quest"], join.Rules(join.allowed_kinds(None), keeper_phone=True))
    with served as base:
        first = browser.new_context(viewport=PHONE, locale=language).new_page()
        first.goto(base + f"/t/{token}/")
        start_sheet(first, "Ana", "A1", [], typed="Ben")
        first.click("#go")
        first.wait_for_url(re.compile(r"/g/[\w-]{32}/$"), timeout=WAIT)
        # axe is injected as a script of the page's own: the page's policy allows none, so it is set aside here
        page = browser.new_context(viewport={"width": 360, "height": 640}, locale=language,
                                   bypass_csp=True).new_page()
        page.goto(base + f"/t/{token}/")
        expect(page.locator("#members button")).to_have_count(1, timeout=WAIT)
        start_sheet(page, "Ben", "C1", ["Ana"])
        for state in ("garden", "city"):
            if state == "city":
                page.locator("input[value='new-york']").check()
            found = axe_violations(page)
            assert found == [], (state, found)
        page.get_by_role("button", name=re.compile("quest")).click()  # the score pad, from the table
        page.wait_for_url(re.compile(r"/g/[\w-]{32}/$"), timeout=WAIT)
        expect(page.locator("#entry")).to_be_visible()  # the first phone to ask keeps the score


@pytest.mark.parametrize("language", ["en-GB", "fr-FR"])
def test_axe_finds_no_violation_on_the_tables_page_reached_from_a_sheet(home, browser, language):  # noqa: F811
    """The table's page as a phone that has its sheet sees it (the evening, and the way back to its sheet)."""
    if not AXE.is_file():
        (pytest.fail if os.environ.get("ASSISTANT_REQUIRE_BROWSER") == "1" else pytest.skip)(
            f"axe-core is not installed at {AXE} (npm install --prefix .node axe-core; see .ci/run)")
    served, token, unused = serving(Store(home))
    with served as base:
        # axe is injected as a script of the page's own: the page's policy allows none, so it is set aside here
        page = browser.new_context(viewport=PHONE, locale=language, bypass_csp=True).new_page()
        page.goto(base + f"/t/{token}/")
        start_sheet(page, "Ana", "A1", [], typed="Ben")
        page.click("#go")
        page.wait_for_url(re.compile(r"/g/[\w-]{32}/$"), timeout=WAIT)
        page.click("#table-link")
        expect(page.locator("#back")).to_be_visible(timeout=WAIT)
        assert axe_violations(page) == []
