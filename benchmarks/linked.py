"""The linked sheets of a table: the taps one question costs the whole table, and how soon an entry tapped on one
phone shows on the other phones.

Taps. A garden evening of 12 questions at a table of three phones (Léa, Chloé and Ben, each their own sheet with
their own loot), each asker in turn asking the next player. Each question is entered on the asker's phone by
taps, as a player enters it: each word tapped among the buttons the page offers (the cell may as well be tapped
on the grid: one tap either way), then Record. With the sheets linked, the one asked taps nothing: the question
put to them reaches their sheet, its answer worked out from their loot. Unlinked (the same sheets at no table,
as before the table), the one asked also enters the question put to them (asked KIND CELL --by ASKER, its
answer worked out from their loot) by taps. Prints the taps a question costs the whole table, both ways; target
7 or less linked.

Latency. Four phones at one table, each its own page (Debian's chromium at 390x844, one browser context each);
the phones take turns entering a question answered aloud (which reaches every sheet), then its undo (which
takes back every copy). The clock starts at the tap on Record on the phone that enters it and stops, for each
of the three other phones, when its page has the new version in place (each page's own observer, on the same
system clock): the entry written on its sheet, the page told by the server's event stream, the page's view
fetched and put in place. Prints the median and the 90th percentile of every other phone's wait, and of the
last of the three; target 300 ms median.

    python benchmarks/linked.py [--entries 40]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from tabled import sheet_name, sit  # noqa: E402  (the tests' own table of phones: each its own sheet)

from assistant.faces.web import serve  # noqa: E402
from assistant.store import tables  # noqa: E402
from assistant.store.folder import Store  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
THREE = (("Léa", "C2"), ("Chloé", "D3"), ("Ben", "A1"))
FOUR = (*THREE, ("Zoé", "F1"))
CELLS = ("A3", "C1", "C3", "D1", "D2", "F2", "A2", "F3", "E1", "B3", "E3", "C2")  # where each question is asked from
WAIT = 10_000  # ms

# Runs in every page before its own script: each new version of the live part, with the time it came.
WATCHED = """(() => {
  window.versions = [];
  new MutationObserver(() => {
    const live = document.getElementById("live");
    if (live) window.versions.push([Date.now(), live.dataset.version]);
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-version"]});
})();"""

# Runs in the page that enters: the line put in, Record tapped; the time of the tap, on the same clock.
ENTER = """(line) => {
  document.getElementById("line").value = line;
  const tapped = Date.now();
  document.getElementById("record").click();
  return tapped;
}"""


def questions(store: Store, players) -> list[tuple[str, str, str, str]]:
    """Twelve questions, each asker in turn asking the next player: (asker, the one asked, the question's words
    as the asker enters them, the words of the question put to the one asked)."""
    asked = []
    names = [name for name, unused in players]
    for number, cell in enumerate(CELLS):
        asker, answerer = names[number % len(names)], names[(number + 1) % len(names)]
        put = store.load(sheet_name(answerer)).read_step(f"asked area {cell} --by {asker}")
        answer = "yes" if put.answer else "no"
        asked.append((asker, answerer, f"clue area {cell} {answerer}={answer}",
                      f"asked area {cell} {answer} --by {asker}"))  # the answer: the one the page offers
    return asked


def by_taps(page, line: str) -> int:
    """Enter ``line`` on ``page`` by taps, each word among the buttons offered, then Record: the taps made."""
    taps = 0
    for word in line.split():
        button = page.locator("#choices").get_by_role("button", name=word, exact=True)
        button.wait_for(timeout=WAIT)
        button.click()
        taps += 1
    before = page.locator("#live ol.history li").count()
    page.click("#record")
    page.locator("#live ol.history li").nth(before).wait_for(timeout=WAIT)
    if "refused" in (page.get_attribute("#answer", "class") or ""):
        raise SystemExit(f"refused: {line}: {page.text_content('#answer')}")
    return taps + 1


def opened(browser, base: str, links) -> list:
    pages = []
    for link in links:
        page = browser.new_context(viewport=PHONE, locale="en-GB", bypass_csp=True, service_workers="block").new_page()
        page.add_init_script(WATCHED)
        page.goto(base + f"/g/{link.token}/")
        page.wait_for_selector("#choices button.choice")
        pages.append(page)
    return pages


def count_taps(browser, linked: bool) -> tuple[int, int]:
    """The taps of the 12 questions at the table of three, linked or not: (taps, questions)."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        table = sit(store, THREE)
        if not linked:  # the same sheets at no table
            tables.table_path(store, table.id).unlink()
        names = [sheet_name(name) for name, unused in THREE]
        links = serve.make_links(store, names)
        asked = questions(store, THREE)
        with serve.serving(store, links, watch_seconds=0.05) as base:
            pages = dict(zip([name for name, unused in THREE], opened(browser, base, links), strict=True))
            taps = 0
            for asker, answerer, clue, put in asked:
                taps += by_taps(pages[asker], clue)
                if not linked:
                    taps += by_taps(pages[answerer], put)
            for page in pages.values():
                page.context.close()
        steps = [len(store.load(name).events) for name in names]
        if steps != [8, 8, 8]:  # four questions asked, four put to each
            raise SystemExit(f"the sheets hold {steps} entries, not 8 each")
    return taps, len(asked)


def latency(browser, entries: int) -> tuple[list[float], list[float]]:
    """Each other phone's wait, and the last one's, for ``entries`` entries of four phones taking turns."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder))
        sit(store, FOUR)
        names = [name for name, unused in FOUR]
        links = serve.make_links(store, [sheet_name(name) for name in names])
        asked = questions(store, FOUR)
        each: list[float] = []
        last: list[float] = []
        with serve.serving(store, links) as base:
            pages = opened(browser, base, links)
            for number in range(entries + 4):  # the first four warm up
                phone = number // 2 % len(pages)
                line = asked[phone][2] + " --aloud" if number % 2 == 0 else "undo"
                others = [page for at, page in enumerate(pages) if at != phone]
                seen = [page.evaluate("window.versions.length") for page in others]
                tapped = pages[phone].evaluate(ENTER, line)
                waits = []
                for page, count in zip(others, seen, strict=True):
                    page.wait_for_function(f"window.versions.length > {count}", timeout=WAIT)
                    waits.append(page.evaluate(f"window.versions[{count}][0]") - tapped)
                pages[phone].wait_for_function("!document.getElementById('record').disabled", timeout=WAIT)
                if "refused" in (pages[phone].get_attribute("#answer", "class") or ""):
                    raise SystemExit(f"refused: {line}: {pages[phone].text_content('#answer')}")
                if number >= 4:
                    each += waits
                    last.append(max(waits))
            for page in pages:
                page.context.close()
    return each, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=40, help="timed entries at the table of four")
    arguments = parser.parse_args()
    from playwright.sync_api import sync_playwright

    loads = [os.getloadavg()[0]]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        linked, count = count_taps(browser, linked=True)
        unlinked, unused = count_taps(browser, linked=False)
        each, last = latency(browser, arguments.entries)
        browser.close()
    loads.append(os.getloadavg()[0])

    def percentile(times: list[float]) -> float:
        return sorted(times)[int(len(times) * 0.9)]

    print(f"taps for {count} questions at a table of three phones: linked {linked} ({linked / count:.1f} a question, "
          f"the asker alone), unlinked {unlinked} ({unlinked / count:.1f} a question, the asker and the one asked); "
          "target 7 or less a question")
    print(f"an entry on one phone shown on each other phone (four phones, {arguments.entries} entries): median "
          f"{statistics.median(each):.0f} ms, 90th percentile {percentile(each):.0f} ms; the last of the three: "
          f"median {statistics.median(last):.0f} ms, 90th percentile {percentile(last):.0f} ms; "
          "target 300 ms median")
    print(f"load average (1 min): {loads[0]:.1f} when it began, {loads[1]:.1f} when it ended")


if __name__ == "__main__":
    main()
