"""A table's phones in a real browser (Debian's chromium driven by Playwright): a question tapped once on the
asker's phone shows on the phone asked, a misheard answer is said on both, an Undo takes back both, and axe
finds nothing wrong with the line the phone asked is shown. Skipped, saying why, without chromium."""

from __future__ import annotations

import os

from tabled import sheet_name, sit
from test_serve_browser import AXE, PHONE, WAIT, browser, chromium, expect, tap  # noqa: F401 (fixtures)

from assistant.faces.web import serve


def test_a_question_tapped_once_shows_on_the_phone_asked_and_a_misheard_answer_on_both(store, browser):  # noqa: F811
    sit(store)
    players = ("Léa", "Chloé", "Ben")
    links = serve.make_links(store, [sheet_name(player) for player in players])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        pages = {}
        for player, link in zip(players, links, strict=True):
            pages[player] = browser.new_context(viewport=PHONE, locale="en-GB", bypass_csp=True).new_page()
            pages[player].goto(base + f"/g/{link.token}/")
        lea, chloe, ben = (pages[player] for player in players)
        for word in ("clue", "area", "A2", "Chloé=yes"):  # Chloé's loot is on D3: she answers no
            tap(lea, word)
        lea.click("#record")
        expect(lea.locator("#answer")).to_contain_text("Chloé's sheet answers no: check what you heard", timeout=WAIT)
        expect(chloe.locator("#live ol.history li").first).to_contain_text("asked area A2 no --by Léa",
                                                                            timeout=WAIT)
        expect(chloe.locator("#live [role=alert]")).to_have_text(
            "Léa recorded yes to area A2, and your loot answers no: check what was heard", timeout=WAIT)
        expect(ben.locator("#live ol.history li")).to_have_count(0)
        if AXE.is_file() or os.environ.get("ASSISTANT_REQUIRE_BROWSER") == "1":
            chloe.add_script_tag(content=AXE.read_text())
            found = chloe.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map("
                                   "v => [v.id, v.nodes.slice(0, 3).map(n => n.html.slice(0, 200))]))")
            assert found == []
        lea.click("#undo")  # the entry and its copy, both taken back
        chloe.wait_for_selector("#live ol.history li.taken del", timeout=WAIT)
        expect(chloe.locator("#live [role=alert]")).to_have_count(0)

