"""The three questions of 75 Gnom' Street, edge by edge, through the core API."""

import pytest

from assistant.engine.errors import Contradiction, InputError
from assistant.games.deduction import DeductionGame


def names(board, cells):
    return board.names(cells)


def new(garden, opponents=None, mine=None):
    return DeductionGame.new("t", garden, opponents, mine)


def ask(game, words, opponent=None, colour=None):
    return game.record(game.read_clue(words.split(), opponent, colour))


def left(game, item=None):
    sheet = game.sheet()
    return sheet.board.names(sheet.candidates(item or game.items[0]))


def test_area_yes_at_a_corner_keeps_the_four_cells_there(garden):
    # rules: yes if the loot is on the miniature's cell or one of the (up to) 8 around it.
    game = ask(new(garden), "area A1 yes")
    assert left(game) == ["A1", "A2", "B1"]  # B2 is a pond


def test_area_yes_on_an_edge_keeps_six_cells_less_ponds(garden):
    game = ask(new(garden), "area D1 yes")
    assert left(game) == ["C1", "C2", "D1", "D2", "E1"]  # E2 is a pond


def test_area_no_removes_the_cell_itself_and_its_neighbours(garden):
    game = ask(new(garden), "zone C2 non")
    assert left(game) == ["A1", "A2", "A3", "E1", "E3", "F1", "F2", "F3"]


def test_line_of_sight_crosses_a_pond(garden):
    # rules: other pieces do not block the view; B2 is a pond on row 2.
    game = ask(new(garden), "line-of-sight A2 yes")
    assert left(game) == ["A1", "A2", "A3", "C2", "D2", "F2"]


def test_line_of_sight_no_keeps_the_rest(garden):
    game = ask(new(garden), "ligne-de-vue C3 no")
    assert left(game) == ["A1", "A2", "B1", "D1", "D2", "E1", "F1", "F2"]


def test_flower_yes_keeps_cells_showing_that_colour(garden):
    game = ask(new(garden), "flower B3 yes", colour="blue")
    assert left(game) == names(garden, garden.cells_with("flowers", "blue"))


def test_a_flower_colour_absent_from_the_asking_cell_is_refused_naming_the_two(garden):
    game = new(garden)
    with pytest.raises(InputError, match="B3 shows blue and yellow flowers, not white"):
        game.read_clue(["fleur", "B3", "oui"], colour="blanc")


def test_asking_from_a_pond_is_refused(garden):
    with pytest.raises(InputError, match="B2 is a pond"):
        new(garden).read_clue(["area", "B2", "yes"])


def test_the_rules_interrogation_example(garden):
    # rules: Nick asks Matt whether his loot is under a blue flower; Matt hands over
    # his "yes" card. Nick's miniature stands on a cell with blue flowers (A1 here).
    game = new(garden, ["Matt"])
    game = game.record(game.read_clue(["flower", "A1", "yes"], colour="blue"))
    assert left(game, "Matt") == ["A1", "A2", "B3", "C1", "D2", "D3", "E1", "F3"]
    assert game.step(game.events[0]) == "clue flower A1 blue yes"


def test_three_opponents_never_share_a_loot_cell(garden):
    game = new(garden, ["red", "blue", "yellow"], mine="C2")
    game = ask(game, "area A1 yes", "red")       # red: A1, B1, A2
    game = ask(game, "line-of-sight A3 yes", "blue")
    game = game.record(game.read_clue(["at", "A1", "yes"], "blue"))  # blue pinned to A1
    sheet = game.sheet()
    assert left(game, "blue") == ["A1"]
    assert left(game, "red") == ["A2", "B1"]
    assert "A1" not in left(game, "yellow") and "C2" not in left(game, "yellow")
    assert "blue is pinned to A1 by clues 2 and 3" in sheet.explain("red", garden.parse_cell("A1"))[0]


def test_two_opponents_sharing_two_cells_push_the_third_off_them(garden):
    game = new(garden, ["red", "blue", "yellow"])
    game = ask(game, "area A1 yes", "red,blue")  # A1, B1, A2 for both
    game = game.record(game.read_clue(["at", "A2", "no"], "red,blue", None))  # only A1, B1 left for both
    assert left(game, "red") == ["A1", "B1"] and left(game, "blue") == ["A1", "B1"]
    assert "A1" not in left(game, "yellow") and "B1" not in left(game, "yellow")
    reason = game.sheet().explain("yellow", garden.parse_cell("B1"))[0]
    assert "red and blue must occupy A1 and B1 between them" in reason


def test_my_own_loot_cell_is_never_an_opponents(garden):
    game = new(garden, ["red"], mine="C2")
    assert "C2" not in left(game)
    assert "your own loot" in game.sheet().explain("red", garden.parse_cell("C2"))[0]


def test_a_contradiction_names_the_smallest_set_of_earlier_clues(garden):
    game = new(garden, ["red", "blue"])
    game = ask(game, "line-of-sight F3 no", "blue")  # unrelated to the conflict
    game = ask(game, "area A1 yes", "red")           # clue 2: A1, B1, A2
    game = ask(game, "flower C1 yes", "red", "yellow")  # clue 3: B1 only
    game = ask(game, "area F1 no", "blue")           # unrelated
    with pytest.raises(Contradiction) as caught:
        ask(game, "line-of-sight A3 yes", "red")    # column A or row 3: not B1
    assert caught.value.conflicting == (2, 3)
    assert "clue 2 (area A1: red yes); clue 3 (flower C1 yellow: red yes)" in str(caught.value)


def test_a_contradiction_through_another_opponent(garden):
    game = new(garden, ["red", "blue"])
    game = game.record(game.read_clue(["at", "A1"], "red"))
    with pytest.raises(Contradiction) as caught:
        game.record(game.read_clue(["at", "A1"], "blue"))
    assert caught.value.conflicting == (1,)


def test_mick_asks_everyone_one_question(garden):
    game = new(garden, ["red", "blue", "yellow"])
    game = game.record(game.read_clue(["area", "C1", "red=yes", "blue=no", "yellow=oui"]))
    assert len(game.entries()) == 1
    assert game.step(game.events[0]) == "clue area C1 red=yes blue=no yellow=yes"
    assert left(game, "red") == ["B1", "C1", "C2", "D1", "D2"]
    assert "C1" not in left(game, "blue")


def test_several_opponents_need_to_be_named(garden):
    with pytest.raises(InputError, match="who answered"):
        new(garden, ["red", "blue"]).read_clue(["area", "C1", "yes"])


def test_undo_and_retract_replay_the_log(garden):
    game = new(garden)
    game = ask(game, "area A1 yes")
    game = ask(game, "line-of-sight C1 no")
    assert left(game) == ["A2"]
    game = game.record(game.read_retract(1))
    assert left(game) == names(garden, garden.open - garden.grid.row_mask(0) - garden.grid.column_mask(2))
    game = game.record(game.read_retract(None))  # undo: clue 2
    assert len(left(game)) == 16
    with pytest.raises(InputError, match="nothing to undo"):
        game.record(game.read_retract(None))
    with pytest.raises(InputError, match="already taken back"):
        game.record(game.read_retract(1))
