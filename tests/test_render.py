"""Pictures, checked as pictures (no colour, fixed width)."""

import io
from textwrap import dedent

from rich.console import Console

from assistant import render
from assistant.game import Game

from conftest import shipped_board


def picture(renderable, width=80) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines())


def test_a_garden_sheet_looks_like_the_paper_one():
    game = Game.new("t", shipped_board("gnom-street"), ["red"], "C2")
    game = game.record(game.read_clue(["area", "A1", "yes"]))
    assert picture(render.item_grid(game.sheet(), "red")) == dedent("""\
        red: 3 cells left
        ┌─┬─────┬─────┬─────┬─────┬─────┬─────┐
        │ │  A  │  B  │  C  │  D  │  E  │  F  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │1│A1 ●●│B1 ●●│  ╳  │  ╳  │  ╳  │  ╳  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │2│A2 ●●│ ≈≈≈ │★mine│  ╳  │ ≈≈≈ │  ╳  │
        ├─┼─────┼─────┼─────┼─────┼─────┼─────┤
        │3│  ╳  │  ╳  │  ╳  │  ╳  │  ╳  │  ╳  │
        └─┴─────┴─────┴─────┴─────┴─────┴─────┘""")


def test_the_city_shows_pictograms_and_the_kind_of_each_cell():
    game = Game.new("t", shipped_board("new-york"))
    game = game.record(game.read_clue(["near", "airport"]))
    drawn = picture(render.sheet(game.sheet()), width=100)
    assert "thief: 2 cells left" in drawn
    assert "D4 ✈i" in drawn and "E4 ✈⇄" in drawn
    assert "pictograms: ✈ airport" in drawn and "kind: i informant" in drawn


def test_text_from_a_data_file_is_printed_as_typed_never_as_markup():
    board = shipped_board("gnom-street")._replace(title="My [b3] garden [/]")
    assert "My [b3] garden [/]" in picture(render.board(board), width=120)
