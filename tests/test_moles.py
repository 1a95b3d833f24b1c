"""Where my next Mole is worth most: the figures equal a brute-force expectation, scored by the tally itself.

The brute force walks every placement of the opponents' loot that fits the
sheet (distinct cells, not mine), all equally likely, and asks the end-of-game
tally (``pads.gnom_tally``) what my Mole added on top of each stack would
score; a face-down token is taken as a Mole, as the advice says.
"""

import itertools
import json

import pytest
from conftest import shipped_board
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine import advice as advisor
from assistant.engine.clues import Clue
from assistant.games.deduction import ClueEvent, DeductionGame
from assistant.games.gnom_street import moles
from assistant.games.gnom_street.garden import ME, Token
from assistant.games.gnom_street.tally import tally

GARDEN = shipped_board("gnom-street")
OPEN = GARDEN.names(GARDEN.open)
NAMES = ["red", "blue", "yellow"]


def my_mole_points(players, loot: dict, cell: str, stack: list[Token]) -> int:
    """What the tally gives me for one more Mole of mine on top of ``stack``."""
    known = [token if token.face else token._replace(face="mole") for token in stack]
    before = tally(players, {}, loot, {cell: known})
    after = tally(players, {}, loot, {cell: known + [Token(ME, "mole")]})
    mine = [line for line in after.lines if line.player == ME][0].total
    return mine - [line for line in before.lines if line.player == ME][0].total


def brute_force(game: DeductionGame, stacks: dict[str, list[Token]]) -> dict[str, float]:
    sheet = game.sheet()
    mine = GARDEN.name_of(game.current_mine())
    players = [ME, *game.opponents]
    candidates = [GARDEN.names(sheet.candidates(o)) for o in game.opponents]
    placements = [p for p in itertools.product(*candidates) if len(set(p)) == len(p)]
    scored: dict[tuple[str, str | None], int] = {}
    totals = {cell: 0 for cell in OPEN}
    for placement in placements:
        loot = {ME: mine, **dict(zip(game.opponents, placement, strict=True))}
        owner_of = {cell: owner for owner, cell in loot.items()}
        for cell in OPEN:
            owner = owner_of.get(cell)
            if (cell, owner) not in scored:
                scored[cell, owner] = my_mole_points(players, loot, cell, stacks.get(cell, []))
            totals[cell] += scored[cell, owner]
    return {cell: total / len(placements) for cell, total in totals.items()}


@st.composite
def states(draw):
    count = draw(st.integers(2, 3))
    opponents = NAMES[:count]
    cells = draw(st.permutations(OPEN))
    mine, truth = cells[0], dict(zip(opponents, cells[1:], strict=False))
    game = DeductionGame.new("t", GARDEN, opponents, mine)
    for _ in range(draw(st.integers(1, 4))):  # truthful answers: the sheet always fits the real loot
        asking = draw(st.sampled_from(OPEN))
        kind = draw(st.sampled_from(["area", "line-of-sight"]))
        clue = Clue(kind, (asking,))
        answers = tuple((o, GARDEN.parse_cell(truth[o]) in clue.accepted(GARDEN)) for o in opponents)
        game = game.record(ClueEvent(clue, answers))
    players = [ME, *opponents]
    token = st.builds(lambda owner, face: Token(owner, face if owner == ME else face or None),
                      st.sampled_from(players), st.sampled_from(["mole", "bait", None]))
    stacks = draw(st.dictionaries(st.sampled_from(OPEN), st.lists(token, min_size=1, max_size=4), max_size=5))
    stacks = {cell: [t if t.face or t.owner != ME else t._replace(face="mole") for t in stack]
              for cell, stack in stacks.items()}
    return game, stacks


@settings(max_examples=60)
@given(states())
def test_the_expected_points_of_my_next_mole_equal_a_brute_force_over_every_placement(state):
    game, stacks = state
    sheet = game.sheet()
    figures = moles.expected_points(sheet, advisor.odds(sheet).items,
                                    {GARDEN.parse_cell(cell): stack for cell, stack in stacks.items()})
    expected = brute_force(game, stacks)
    for cell in OPEN:
        assert figures[GARDEN.parse_cell(cell)] == pytest.approx(expected[cell], abs=1e-9), cell


def test_my_own_loot_and_a_stack_holding_my_mole_are_worth_nothing():
    # rules: "si un de vos jetons Taupe est présent sur votre propre case Butin, il ne vous rapportera rien";
    # "si un joueur a déposé deux jetons Taupe dans une pile, seul celui se trouvant le plus bas ... rapportera"
    assert moles.next_mole_points([], ME) == 0
    assert moles.next_mole_points([Token(ME, "mole")], "red") == 0
    assert moles.next_mole_points([Token(ME, "bait")], "red") == 5


def test_the_next_mole_takes_the_place_after_the_other_players_a_bait_being_void():
    # rules: "Le premier joueur ... gagne 5 points, le deuxième 4 points et le troisième 3 points";
    # "Si un jeton Appât est présent dans la pile, son effet est nul"
    assert moles.next_mole_points([Token("blue", "mole")], "red") == 4
    assert moles.next_mole_points([Token("blue", None), Token("yellow", "mole")], "red") == 3
    assert moles.next_mole_points([Token("blue", "bait")], "red") == 5
    assert moles.next_mole_points([Token("red", None)], "red") == 5  # red's own token on red's loot takes no place
    assert moles.next_mole_points([Token("blue", "mole"), Token("blue", "mole"), Token("yellow", "mole"),
                                   Token("green", "mole")], "red") == 0  # French rules: a fourth scores nothing


def evening(run):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "E3", "--me", "Léa")
    for step in (["clue", "area", "B1", "yes", "-o", "red"], ["clue", "line-of-sight", "A3", "yes", "-o", "blue"],
                 # blue's question comes from an earlier turn than the miniature blue places on A1: a question
                 # is asked "depuis la case où il vient de placer sa statuette"
                 ["asked", "area", "F2", "--by", "red"], ["asked", "line-of-sight", "F3", "--by", "blue", "--aloud"],
                 ["miniature", "me", "A2"], ["miniature", "blue", "A1"], ["token", "blue", "A1"]):
        assert run(*step).exit_code == 0, step


def test_moles_json_rows_carry_cell_and_expected_points_best_first_marking_where_a_token_may_go(run):
    evening(run)
    found = json.loads(run("moles", "--json").stdout)
    rows = found["moles"]
    assert [row["expected_points"] for row in rows] == sorted((row["expected_points"] for row in rows), reverse=True)
    by_cell = {row["cell"]: row for row in rows}
    assert by_cell["E3"]["expected_points"] == 0  # my own loot
    assert by_cell["A2"]["place"] == "miniature" and by_cell["B1"]["place"] == "card-7"
    assert by_cell["A1"]["place"] is None  # blue's miniature stands there: not free
    assert found["moles_left"] == 3 and found["baits_left"] == 2
    game = DeductionGame.new("t", GARDEN, ["red", "blue"], "E3")
    for step in ("clue area B1 yes -o red", "clue line-of-sight A3 yes -o blue"):
        game = game.record(game.read_step(step))
    chances = advisor.odds(game.sheet()).items
    # A1: blue's face-down token takes the first place unless A1 is blue's own loot
    a1 = GARDEN.parse_cell("A1")
    assert by_cell["A1"]["expected_points"] == pytest.approx(chances["red"].get(a1, 0) * 4
                                                             + chances["blue"].get(a1, 0) * 5, abs=1e-6)


def test_a_bait_lures_where_the_opponents_can_believe_my_loot_is_and_no_loot_lies(run):
    evening(run)
    found = json.loads(run("moles", "--json").stdout)
    lure = {row["cell"]: row["lure"] for row in found["baits"]}
    # red heard area F2 yes: E1 F1 E3 F3 F2; blue and red heard line-of-sight F3 yes (aloud)
    # red: E3 F1 F2 F3 (1/4 each); blue: row 3 and column F, less nothing (A1..F3): 8 cells (1/8 each)
    assert lure["E3"] == 0  # my own loot: a Bait on a loot is void
    assert lure["A1"] == 0  # a stack stands there: a Bait would not be at the bottom
    assert lure["C1"] == 0  # on nobody's map of my loot
    game = DeductionGame.new("t", GARDEN, ["red", "blue"], "E3")
    for step in ("clue area B1 yes -o red", "clue line-of-sight A3 yes -o blue"):
        game = game.record(game.read_step(step))
    chances = advisor.odds(game.sheet()).items
    f1 = GARDEN.parse_cell("F1")
    no_loot = 1 - chances["red"].get(f1, 0) - chances["blue"].get(f1, 0)
    assert lure["F1"] == pytest.approx((1 / 4 + 1 / 8) * no_loot, abs=1e-6)


def test_moles_in_the_two_player_game_give_the_chance_to_find_the_loot(run):
    run("new", "gnom-street", "--opponents", "Matt", "--mine", "F1")
    run("clue", "area", "A1", "yes")
    result = run("moles")
    assert result.stdout.splitlines()[0].startswith("your Mole, best first: the chance it finds the loot")
    assert "  1. A1  33%" in result.stdout and "your Mole ends the set" in result.stdout
    assert json.loads(run("moles", "--json").stdout)["baits"] == []
    french = run("--lang", "fr", "taupes", "--top", "1")
    assert french.exit_code == 0 and "33\u202f%" in french.stdout  # issue 35: "33 %"


def test_moles_are_refused_where_nobody_places_them(run):
    run("new", "new-york")
    result = run("moles")
    assert result.exit_code == 2 and "moles is for 75 Gnom' Street" in result.stderr
