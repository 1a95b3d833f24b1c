"""Printed pages: assistant print sheet / print pad write an A4 HTML page, and it prints on one A4 page.

The pages' content is checked in the HTML; how they print is checked in headless Chromium (printed to
PDF, then read back with poppler's pdfinfo, pdftotext and pdftoppm). Those tests skip, saying why, where
Chromium or poppler-utils is missing (CI installs both: .ci/run). The pictures made this way, looked at
when the pages were built, are kept in tests/snapshots/printed/ (make them again with
``python tests/test_printing.py``)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

SNAPSHOTS = Path(__file__).parent / "snapshots" / "printed"
A4_POINTS = (595, 842)  # 210 x 297 mm


class Page(HTMLParser):
    """The parts of a printed page the tests read: each element's classes and the text."""

    def __init__(self, text: str):
        super().__init__()
        self.classes: list[str] = []
        self.chunks: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.classes += (dict(attrs).get("class") or "").split()

    def handle_data(self, data):
        self.chunks.append(data)

    @property
    def text(self) -> str:
        return " ".join(chunk.strip() for chunk in self.chunks if chunk.strip())

    def count(self, name: str) -> int:
        return self.classes.count(name)


def printed(run, tmp_path, *args) -> Page:
    target = tmp_path / "page.html"
    result = run("print", *args, "--html", str(target))
    assert result.exit_code == 0, result.output
    assert result.stdout == f"saved {target}: open it and print it on A4\n"
    text = target.read_text(encoding="utf-8")
    assert "@page { size: A4;" in text
    return Page(text)


def test_blank_sheets_one_per_opponent(run, tmp_path):
    page = printed(run, tmp_path, "sheet", "gnom-street", "--players", "4")
    assert page.count("sheet") == 3  # four at the table: three opponents
    assert page.count("cross") == 0
    assert page.count("pond") == 3 * 2  # the garden's two ponds on each sheet
    assert page.text.count("opponent:") == 3
    # every cell named, its marks beside it, and what the marks mean
    assert all(f"{column}{row}" in page.text for column in "ABCDEF" for row in (1, 2, 3))
    assert "terrain: \" grass ♣ wood" in page.text and "flowers: B blue" in page.text


def test_named_opponents_and_the_owners_corrections(run, tmp_path):
    assert run("board", "set", "gnom-street", "C2", "terrain=gravel", "flowers=blue,yellow").exit_code == 0
    page = printed(run, tmp_path, "sheet", "gnom-street", "--opponents", "red,blue")
    assert page.count("sheet") == 2
    assert "red's sheet" in page.text and "blue's sheet" in page.text
    assert "C2 : B Y" in page.text  # C2 as corrected: gravel, blue and yellow flowers


def test_a_games_sheets_as_they_stand(run, tmp_path):
    for step in (("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--name", "friday"),
                 ("clue", "area", "B3", "red=no", "blue=yes")):
        assert run(*step).exit_code == 0
    candidates = run("candidates", "--json").stdout
    page = printed(run, tmp_path, "sheet", "--game", "friday")
    assert page.count("sheet") == 2 and page.count("star") == 2  # my loot on each sheet
    # a cell is crossed on a sheet exactly when candidates no longer lists it (ponds and my loot aside)
    import json

    left = {item: len(cells) for item, cells in json.loads(candidates).items()}
    open_cells = 16 - 1  # 18 cells, 2 ponds, my loot
    assert page.count("cross") == sum(open_cells - count for count in left.values())
    assert "red: " in page.text and "cells left" in page.text


def test_blank_score_pad(run, tmp_path):
    page = printed(run, tmp_path, "pad", "roi-des-nains", "--players", "4")
    assert page.count("number") == 7 + 2  # seven deals, two rows for a tie
    assert page.count("points") == 4 * 9 and page.count("blank") == 4
    assert "1A Lucky Run: +2 per trick of your longest run" in page.text  # the quest faces, for the booklet
    assert "20B Sandwich" in page.text


def test_a_pads_deals_as_they_stand(run, tmp_path):
    for step in (("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "friday"),
                 ("quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=6,Ben=4,Cleo=3")):
        assert run(*step).exit_code == 0
    page = printed(run, tmp_path, "pad", "--game", "friday")
    assert "7A Most Victories + Druid +6 6 +4 4 +3 3" in page.text
    assert page.count("number") == 1 + 6 + 2


def test_french_page(run, tmp_path):
    target = tmp_path / "feuille.html"
    result = run("--lang", "fr", "imprimer", "feuille", "gnom-street", "--joueurs", "3", "--html", str(target))
    assert result.exit_code == 0
    page = Page(target.read_text(encoding="utf-8"))
    assert '<html lang="fr">' in target.read_text(encoding="utf-8")
    assert "feuilles d'enquête" in page.text and page.text.count("adversaire :") == 2
    assert "fleurs : B bleu" in page.text


@pytest.mark.parametrize("args, message", [
    (("sheet", "gnom-street", "--players", "9"), "error: --players '9': give from 2 to 4 here (got 9)\n"),
    (("sheet", "gnom-street", "--players", "Ana"),
     "error: --players 'Ana': how many play, a number; name the opponents with --opponents\n"),
    (("sheet", "new-york", "--players", "3"),
     "error: new-york has one hidden thief for the whole table: give neither --players nor --opponents\n"),
    (("pad", "chess"), "error: no printed pad for 'chess': expected one of {printed}\n"),
    (("pad", "roi-des-nains", "--players", "2"), "error: --players '2': give from 3 to 5 here (got 2)\n"),
])
def test_bad_requests_are_one_line(run, tmp_path, args, message):
    from assistant.engine import registry

    printed = ", ".join(each.kind for each in registry.printed_pads())  # every game that declares a printed pad
    result = run("print", *args, "--html", str(tmp_path / "x.html"))
    assert result.exit_code == 2 and result.stderr == message.replace("{printed}", printed)
    assert not (tmp_path / "x.html").exists()


# -- printed by a browser ----------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
POPPLER = all(shutil.which(tool) for tool in ("pdfinfo", "pdftotext", "pdftoppm"))
needs_browser = pytest.mark.skipif(not (CHROMIUM and POPPLER), reason="printing to PDF needs Debian's chromium and "
                                   "poppler-utils: apt-get install -y chromium poppler-utils")


def print_to_pdf(html: Path, pdf: Path) -> None:
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--no-first-run", "--no-pdf-header-footer", f"--print-to-pdf={pdf}", html.as_uri()],
                   check=True, capture_output=True, timeout=120)


def pdf_pages(pdf: Path) -> tuple[int, tuple[int, int]]:
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    width, height = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M).groups()
    return pages, (round(float(width)), round(float(height)))


def words_right_edge(pdf: Path) -> float:
    """The rightmost point any word reaches on the pages: nothing may be cut at the page's edge."""
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    return max(float(x) for x in re.findall(r'xMax="([\d.]+)"', boxes))


def png_size(path: Path) -> tuple[int, int]:
    header = path.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return int.from_bytes(header[16:20], "big"), int.from_bytes(header[20:24], "big")


PAGES = {
    "gnom-street-sheet-4-players": ("sheet", "gnom-street", "--players", "4"),
    "roi-des-nains-pad-5-players": ("pad", "roi-des-nains", "--players", "Ana,Ben,Cleo,Dan,Eva"),
}


@needs_browser
@pytest.mark.parametrize("name", sorted(PAGES))
def test_each_page_prints_on_one_a4_page(run, tmp_path, name):
    html, pdf = tmp_path / f"{name}.html", tmp_path / f"{name}.pdf"
    assert run("print", *PAGES[name], "--html", str(html)).exit_code == 0
    print_to_pdf(html, pdf)
    pages, size = pdf_pages(pdf)
    assert pages == 1
    assert abs(size[0] - A4_POINTS[0]) <= 1 and abs(size[1] - A4_POINTS[1]) <= 1
    assert words_right_edge(pdf) <= A4_POINTS[0] - 12 / 25.4 * 72 + 1  # inside the 12 mm margin
    text = subprocess.run(["pdftotext", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    assert ("opponent:" in text) if "sheet" in name else ("Eva" in text and "20B" in text)
    subprocess.run(["pdftoppm", "-png", "-r", "50", str(pdf), str(tmp_path / name)], check=True)
    pictures = sorted(tmp_path.glob(f"{name}-*.png"))
    assert len(pictures) == 1
    width, height = png_size(pictures[0])
    assert abs(height / width - 297 / 210) < 0.01


@needs_browser
def test_many_opponents_break_between_sheets(run, tmp_path):
    """A board allowing many opponents: the sheets go on as many pages as they need, none cut in two."""
    board = (Path(__file__).parent.parent / "boards" / "gnom-street.yaml").read_text(encoding="utf-8")
    (tmp_path / "home").mkdir(exist_ok=True)
    own = tmp_path / "home" / "boards"
    own.mkdir(parents=True, exist_ok=True)
    (own / "big-garden.yaml").write_text(board.replace("name: gnom-street", "name: big-garden")
                                         .replace("max_opponents: 3", "max_opponents: 8"), encoding="utf-8")
    html, pdf = tmp_path / "big.html", tmp_path / "big.pdf"
    assert run("print", "sheet", "big-garden", "--players", "9", "--html", str(html)).exit_code == 0
    print_to_pdf(html, pdf)
    pages, unused = pdf_pages(pdf)
    assert pages == 2
    first = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, text=True).stdout
    second = subprocess.run(["pdftotext", "-f", "2", "-l", "2", str(pdf), "-"], capture_output=True, text=True).stdout
    # whole sheets on each page: as many row-3 labels as sheet headings
    for text in (first, second):
        assert text.count("opponent:") == len(re.findall(r"^F3\b", text, re.M)) > 0
    assert first.count("opponent:") + second.count("opponent:") == 8


def make_snapshots() -> None:
    """Print each page of PAGES and keep its pictures in tests/snapshots/printed/ (to look at)."""
    import os
    import tempfile

    from typer.testing import CliRunner

    sys.path.insert(0, str(Path(__file__).parent.parent))
    import cli

    with tempfile.TemporaryDirectory() as folder:
        os.environ.update(ASSISTANT_HOME=str(Path(folder) / "home"), ASSISTANT_LANG="en")
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        for name, args in PAGES.items():
            html, pdf = Path(folder) / f"{name}.html", Path(folder) / f"{name}.pdf"
            CliRunner().invoke(cli.app, ["print", *args, "--html", str(html)], catch_exceptions=False)
            print_to_pdf(html, pdf)
            subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(SNAPSHOTS / name)], check=True)
            print(f"{SNAPSHOTS / name}-1.png")


if __name__ == "__main__":
    make_snapshots()


def test_the_blank_sheet_says_its_layout_is_unverified_and_how_to_correct_it(run, tmp_path):
    """Issue 33: the printed sheet carries the flag `new`, `board show` and the table screen show."""
    page = printed(run, tmp_path, "sheet", "gnom-street", "--players", "3")
    assert "notice: board gnom-street is unverified" in page.text
    assert "assistant board set gnom-street CELL" in page.text and "assistant board verify gnom-street" in page.text
    assert run("board", "verify", "gnom-street").exit_code == 0
    assert "unverified" not in printed(run, tmp_path, "sheet", "gnom-street", "--players", "3").text


def test_the_pad_lists_the_special_cards_and_says_where_the_quests_come_from(run, tmp_path):
    """FACTS.md: the quest list is from one secondary source (MED); the special cards, each with its effect."""
    page = printed(run, tmp_path, "pad", "roi-des-nains", "--players", "4")
    assert "The quest faces come from one secondary source" in page.text and "Check them against your tiles" \
        in page.text
    assert "Special cards (one shuffled into each deal)" in page.text
    assert page.count("specials") == 1 and page.text.count("[one secondary source]") >= 1


def test_the_french_pad_names_every_special_card_in_french_and_flags_the_names_the_box_has_not_confirmed(
        run, tmp_path):
    """Issue 35: no English card id in a French line; the rule book names only the Porte-étendard and the Clone."""
    target = tmp_path / "bloc.html"
    assert run("--lang", "fr", "imprimer", "carnet", "roi-des-nains", "--joueurs", "4", "--html",
               str(target)).exit_code == 0
    text = Page(target.read_text(encoding="utf-8")).text
    assert "Bricoleur\u00a0(?)\u00a0: +3 pour qui remporte le pli suivant" in text
    assert "Porte-étendard\u00a0: +3" in text and "Clone\u00a0:" in text  # named by the rule book: no flag
    assert "(?)\u00a0: nom français choisi par l'outil, pas encore confirmé par la boîte" in text
    assert "3A\u00a0De trois quarts\u00a0: +4" in text or "3A De trois quarts\u00a0: +4" in text
    assert not re.search(r"\b(tinkerer|joker|blue-11-pass|scout|shaman|red-11-swap|druid|mummy|sorcerer)\b", text)


def test_the_printed_pad_says_the_tie_and_the_result_as_the_other_faces_do(run, tmp_path, home):
    """FR: "En cas d'égalité, jouez une donne supplémentaire, et ce jusqu'à ce qu'il n'y ait plus qu'un seul
    vainqueur": the printed pad of a tied game says so, and once finished who won, as the headers do."""
    from test_roi_des_nains import SEVEN_DEALS

    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "friday").exit_code == 0
    for words in SEVEN_DEALS:
        assert run("quest", "deal", *words.split()).exit_code == 0
    page = printed(run, tmp_path, "pad", "--game", "friday")
    assert "tie between Ana and Ben (19 points): play one more deal after the seventh" in page.text
    assert run("quest", "deal", *"13A --special excalibur --won Ana=Kg".split()).exit_code == 0
    page = printed(run, tmp_path, "pad", "--game", "friday")
    assert "game over: Ana wins (22 points), tie settled by extra deals" in page.text
