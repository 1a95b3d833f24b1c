"""Pictures, checked as pictures: without colour (NO_COLOR, a pipe), in 16 colours, in full colour.

Nothing is told by colour alone: every garden cell shows its terrain and its
flowers, every city cell its district, pictograms and kind, as marks a legend
explains; the colours stay as a second channel. To refresh the coloured
golden files after a deliberate change: UPDATE_GOLDEN=1 python -m pytest tests/test_render.py
"""

import io
import os
import re
from pathlib import Path
from textwrap import dedent

import pytest
from conftest import shipped_board
from rich.color import Color, ColorSystem
from rich.console import Console

from assistant.engine import registry
from assistant.faces import pictures as render
from assistant.games.deduction import DeductionGame

GOLDEN = Path(__file__).parent / "golden"


def picture(renderable, width=80, color_system=None) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=color_system, force_terminal=bool(color_system),
                      no_color=False if color_system else None, legacy_windows=False)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines())


def golden(name: str, drawn: str) -> None:
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(drawn + "\n", encoding="utf-8")
    assert drawn + "\n" == path.read_text(encoding="utf-8"), f"{name} changed (UPDATE_GOLDEN=1 to accept)"


def three_opponents() -> DeductionGame:
    game = DeductionGame.new("t", shipped_board("gnom-street"), ["red", "blue", "yellow"], "C2")
    game = game.record(game.read_clue(["area", "A1", "red=yes"]))
    return game.record(game.read_clue(["at", "D3", "blue=yes"]))


def test_a_garden_sheet_looks_like_the_paper_one():
    game = DeductionGame.new("t", shipped_board("gnom-street"), ["red"], "C2")
    game = game.record(game.read_clue(["area", "A1", "yes"]))
    assert picture(render.item_grid(game.sheet(), "red")) == dedent("""\
        red: 3 cells left
        ┌─┬─────┬─────┬─────┬─────┬─────┬─────┐
        │ │  A  │  B  │  C  │  D  │  E  │  F  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │1│A1"BR│B1♣YW│  ╳  │  ╳  │  ╳  │  ╳  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │2│A2~BW│ ≈≈≈ │★mine│  ╳  │ ≈≈≈ │  ╳  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │3│  ╳  │  ╳  │  ╳  │  ╳  │  ╳  │  ╳  │
        └─┴─────┴─────┴─────┴─────┴─────┴─────┘""")


def test_three_opponents_fit_80_columns_two_side_by_side_then_the_third_below():
    drawn = picture(render.sheet(three_opponents().sheet()), width=80)
    assert max(len(line) for line in drawn.splitlines()) <= 80
    assert drawn == dedent("""\
        red: 3 cells left                        blue: FOUND at D3
        ┌─┬─────┬─────┬─────┬─────┬─────┬─────┐  ┌─┬─────┬─────┬─────┬─────┬─────┬─────┐
        │ │  A  │  B  │  C  │  D  │  E  │  F  │  │ │  A  │  B  │  C  │  D  │  E  │  F  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤  ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │1│A1"BR│B1♣YW│  ╳  │  ╳  │  ╳  │  ╳  │  │1│  ╳  │  ╳  │  ╳  │  ╳  │  ╳  │  ╳  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤  ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │2│A2~BW│ ≈≈≈ │★mine│  ╳  │ ≈≈≈ │  ╳  │  │2│  ╳  │ ≈≈≈ │★mine│  ╳  │ ≈≈≈ │  ╳  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤  ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │3│  ╳  │  ╳  │  ╳  │  ╳  │  ╳  │  ╳  │  │3│  ╳  │  ╳  │  ╳  │D3:BR│  ╳  │  ╳  │
        └─┴─────┴─────┴─────┴─────┴─────┴─────┘  └─┴─────┴─────┴─────┴─────┴─────┴─────┘
        yellow: 14 cells left
        ┌─┬─────┬─────┬─────┬─────┬─────┬─────┐
        │ │  A  │  B  │  C  │  D  │  E  │  F  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │1│A1"BR│B1♣YW│C1:BY│D1~RW│E1"BW│F1♣RY│
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │2│A2~BW│ ≈≈≈ │★mine│D2♣BR│ ≈≈≈ │F2:YW│
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │3│A3:RW│B3~BY│C3♣YW│  ╳  │E3~RY│F3"BW│
        └─┴─────┴─────┴─────┴─────┴─────┴─────┘
        >>> found: blue's loot is on D3 <<<
        ╳ ruled out   ≈≈≈ pond   ★ your loot
        terrain: " grass  ♣ wood  : gravel  ~ earth
        flowers: B blue  R red  Y yellow  W white""")


def test_the_city_shows_district_pictograms_and_kind_in_each_cell_within_80_columns():
    game = DeductionGame.new("t", shipped_board("new-york"))
    game = game.record(game.read_clue(["near", "airport"]))
    drawn = picture(render.sheet(game.sheet()), width=80)
    assert max(len(line) for line in drawn.splitlines()) <= 80
    assert "thief: 2 cells left" in drawn
    assert "│D4 Qn ✈ i│E4 Qn ✈ ⇄│" in drawn
    assert drawn.endswith(dedent("""\
        ╳ ruled out
        district: Mn manhattan  Bx bronx  Bk brooklyn  Qn queens  SI staten-island
                  NJ new-jersey  Bw brentwood
        pictograms: ✈ airport  ⌂ factory  ♣ park  = bridge  ○ stadium  ⚑ port
                    ♜ monument
        kind: i informant  e expert  ⇄ exchange  * anywhere"""))


def test_the_city_board_drawn_at_80_columns():
    assert picture(render.board(shipped_board("new-york"))) == dedent("""\
        Enquêtes à New York: the city (5x5, UNVERIFIED: check it against your box)
        ┌─┬──────────┬──────────┬──────────┬─────────┬─────────┐
        │ │    A     │    B     │    C     │    D    │    E    │
        ├─┼──────────┼──────────┼──────────┼─────────┼─────────┤
        │1│A1 NJ ⌂ i │B1 Mn = e │C1 Bx ○ i │D1 Bx ⌂ e│ E1 Bw * │
        ├─┼──────────┼──────────┼──────────┼─────────┼─────────┤
        │2│A2 NJ ⚑ e │B2 Mn ♣ i │C2 Mn ♜ ⇄ │D2 Qn ○ i│E2 Bw ♣ e│
        ├─┼──────────┼──────────┼──────────┼─────────┼─────────┤
        │3│A3 NJ ⌂ i │B3 Mn =♜ e│C3 Bk = * │D3 Qn ⌂ e│ E3 Bw i │
        ├─┼──────────┼──────────┼──────────┼─────────┼─────────┤
        │4│A4 SI ⚑♜ e│ B4 SI i  │C4 Bk ⌂⚑ e│D4 Qn ✈ i│E4 Qn ✈ ⇄│
        ├─┼──────────┼──────────┼──────────┼─────────┼─────────┤
        │5│A5 SI ♣ i │B5 SI ⚑ e │C5 Bk ♣ i │D5 Bk ○ e│ E5 Qn i │
        └─┴──────────┴──────────┴──────────┴─────────┴─────────┘
        ╳ ruled out
        district: Mn manhattan  Bx bronx  Bk brooklyn  Qn queens  SI staten-island
                  NJ new-jersey  Bw brentwood
        pictograms: ✈ airport  ⌂ factory  ♣ park  = bridge  ○ stadium  ⚑ port
                    ♜ monument
        kind: i informant  e expert  ⇄ exchange  * anywhere""")


@pytest.mark.parametrize("color_system", ["standard", "truecolor"])
def test_golden_pictures_in_colour(color_system):
    golden(f"garden-sheet-80-{color_system}.ansi", picture(render.sheet(three_opponents().sheet()), 80, color_system))
    golden(f"new-york-board-80-{color_system}.ansi", picture(render.board(shipped_board("new-york")), 80, color_system))


def test_no_color_keeps_every_mark_and_drops_every_colour(monkeypatch):
    """NO_COLOR (https://no-color.org): the picture reads the same, with no colour codes."""
    monkeypatch.setenv("NO_COLOR", "1")
    console = Console(file=io.StringIO(), width=80, force_terminal=True, color_system="truecolor")
    console.print(render.sheet(three_opponents().sheet()))
    drawn = console.file.getvalue()
    assert not re.search(r"\x1b\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7])[;m]", drawn)  # no foreground/background
    plain = re.sub(r"\x1b\[[0-9;]*m", "", drawn)
    assert "│1│A1\"BR│B1♣YW│" in plain and "flowers: B blue  R red  Y yellow  W white" in plain


# -- every cell can be read without colour --------------------------------------------------


def read_legend(lines: list[str], first: str = "╳ ruled out", label: str = r"^([a-z][\w-]*): (.*)$",
                attributes: dict[str, str] | None = None) -> dict[str, dict[str, str]]:
    """'terrain: " grass  ♣ wood' (and its indented continuation lines) -> {'terrain': {'"': 'grass', ...}}.

    The legend follows the line starting with ``first``; ``label`` matches a label line, and
    ``attributes`` names the attribute of a label that is not its name (French 'fleurs': 'flowers')."""
    legend: dict[str, dict[str, str]] = {}
    current = None
    for line in lines[next(i for i, line in enumerate(lines) if line.startswith(first)) + 1:]:
        found = re.match(label, line)
        if found and not line.startswith(" "):
            current, rest = (attributes or {}).get(found.group(1), found.group(1)), found.group(2)
            legend[current] = {}
        elif current and line.startswith(" "):
            rest = line.strip()
        else:
            continue
        for entry in rest.split("  "):
            mark, name = entry.strip().split(" ", 1)
            legend[current][mark] = name
    return legend


def read_cells(lines: list[str]) -> dict[str, str]:
    """The grid's cells as drawn: {'A1': '"BR', 'B2': '≈≈≈', ...} (marks without the name)."""
    columns, cells = [], {}
    for line in lines:
        parts = [part.strip() for part in line.split("│")[1:-1]]
        if parts and parts[0] == "" and all(re.fullmatch(r"[A-Z]+", p) for p in parts[1:]):
            columns = parts[1:]
        elif parts and parts[0].isdigit():
            for column, text in zip(columns, parts[1:], strict=True):
                name = f"{column}{parts[0]}"
                cells[name] = text.removeprefix(name)
    return cells


def decode(marks: str, board, legend) -> dict:
    """A cell's marks read back with the legend alone: each attribute's values, in the board's order."""
    rest = marks.replace(" ", "")
    found = {}
    for attribute in board.attributes:
        codes = sorted(legend[attribute.name], key=len, reverse=True)  # longest first: 'SI' before 'S'
        values = []
        while True:
            code = next((c for c in codes if rest.startswith(c)), None)
            if code is None or (attribute.kind == "one" and values):
                break
            values.append(legend[attribute.name][code])
            rest = rest[len(code):]
        found[attribute.name] = values
    assert rest == "", f"marks left unread: {rest!r}"
    return found


@pytest.mark.parametrize("name", registry.kinds(pad=False))
@pytest.mark.parametrize("drawing", ["board", "sheet"])
def test_every_cell_reads_back_without_colour(name, drawing):
    """Parse the colourless picture back, with its own legend, into each cell's values: they are the board's."""
    board = shipped_board(name)
    lines = drawn_without_colour(board, drawing).splitlines()
    assert_every_cell_reads_back(board, lines, read_legend(lines))


def drawn_without_colour(board, drawing: str) -> str:
    """The board itself ('board'), or a new game's sheet ('sheet'), drawn without colour at 80 columns."""
    return picture(render.board(board) if drawing == "board" else render.sheet(DeductionGame.new("t", board).sheet()))


def assert_every_cell_reads_back(board, lines: list[str], legend: dict[str, dict[str, str]]) -> None:
    """Each cell's marks, read with ``legend`` alone, name the board's values (in the language spoken)."""
    assert set(legend) == {attribute.name for attribute in board.attributes}
    cells = read_cells(lines)
    assert len(cells) == board.grid.size
    for cell in range(board.grid.size):
        text = cells[board.name_of(cell)]
        if cell in board.ponds:
            assert text == "≈≈≈"
            continue
        read = decode(text, board, legend)
        for attribute in board.attributes:
            wanted = [attribute.value(value).local_name for value in board.values_at(cell, attribute.name)]
            assert sorted(read[attribute.name]) == sorted(wanted), board.name_of(cell)


@pytest.mark.parametrize("name", registry.kinds(pad=False))
def test_marks_are_unique_on_a_board(name):
    board = shipped_board(name)
    marks = [mark for attribute in board.attributes for mark in render.codes(attribute).values()]
    assert len(set(marks)) == len(marks)


def test_marks_without_symbols_are_initials_made_longer_when_two_collide():
    board = shipped_board("new-york")
    district = board.attribute("district")
    plain = district._replace(values=tuple(v._replace(symbol=None) for v in district.values))
    assert render.codes(plain) == {"manhattan": "M", "bronx": "Br", "brooklyn": "Bo", "queens": "Q",
                                   "staten-island": "S", "new-jersey": "N", "brentwood": "Be"}


# -- 16 colours ----------------------------------------------------------------------------


def standard(colour: str) -> int:
    """The 16-colour number a console shows for ``colour`` once our fallbacks apply."""
    fallback = render.SIXTEEN.get(colour, colour)
    return Color.parse(fallback).downgrade(ColorSystem.STANDARD).number


def test_on_16_colours_every_pair_stays_apart():
    """Left to Rich, wood and earth share one yellow, and white flowers sit on the gravel's white."""
    garden = shipped_board("gnom-street")
    terrains = [standard(v.colour) for v in garden.attribute("terrain").values]
    flowers = [standard(v.colour) for v in garden.attribute("flowers").values]
    assert len(set(terrains)) == 4 and len(set(flowers)) == 4
    assert standard("grey93") != standard("grey50")  # white flowers, gravel
    city = shipped_board("new-york")
    assert len({standard(v.colour) for v in city.attribute("district").values}) == 7


def test_text_on_a_ground_gets_ink_that_reads_on_the_16_colour_ground():
    drawn = picture(render.board(shipped_board("gnom-street")), 80, "standard")
    assert "\x1b[1;30;43mB1\x1b[0m\x1b[1;30;43m♣" in drawn  # wood: black on yellow
    assert "\x1b[1;97;41mD1\x1b[0m\x1b[1;97;41m~" in drawn  # earth: white on red
    assert "\x1b[30;107mW" in drawn  # a white flower: a bright white chip


def test_text_from_a_data_file_is_printed_as_typed_never_as_markup():
    board = shipped_board("gnom-street")._replace(title="My [b3] garden [/]")
    assert "My [b3] garden [/]" in picture(render.board(board), width=120)


# -- in French ------------------------------------------------------------------------------


@pytest.mark.parametrize("color_system", [None, "standard", "truecolor"])
def test_golden_pictures_in_french(color_system):
    """The same pictures in French: legends, titles and notices in French, the marks unchanged."""
    from assistant.engine import i18n

    i18n.use("fr")
    suffix = "txt" if color_system is None else "ansi"
    colours = color_system or "plain"
    golden(f"garden-sheet-80-{colours}.fr.{suffix}", picture(render.sheet(three_opponents().sheet()), 80, color_system))
    golden(f"new-york-board-80-{colours}.fr.{suffix}",
           picture(render.board(shipped_board("new-york")), 80, color_system))
