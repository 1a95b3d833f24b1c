"""Laws of deduction that hold for every game (hypothesis)."""

from conftest import shipped_board
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine.clues import Clue
from assistant.engine.errors import Contradiction
from assistant.games.deduction import ClueEvent, DeductionGame

GARDEN = shipped_board("gnom-street")
OPEN = sorted(GARDEN.open)


@st.composite
def questions(draw):
    """A question asked from a non-pond cell: area, line of sight, or a flower of that cell."""
    cell = GARDEN.name_of(draw(st.sampled_from(OPEN)))
    kind = draw(st.sampled_from(["area", "line-of-sight", "flower"]))
    if kind == "flower":
        colour = draw(st.sampled_from(GARDEN.values_at(GARDEN.parse_cell(cell), "flowers")))
        return Clue(kind, (cell, colour))
    return Clue(kind, (cell,))


def truthful(clue: Clue, loot: int) -> bool:
    return loot in clue.accepted(GARDEN)


def game_of(opponents):
    return DeductionGame.new("p", GARDEN, opponents)


@settings(max_examples=200)
@given(st.lists(st.sampled_from(OPEN), min_size=3, max_size=3, unique=True),
       st.lists(st.tuples(st.integers(0, 2), questions()), max_size=12))
def test_truthful_answers_never_rule_out_the_true_loot_cell(loots, asked):
    game = game_of(["red", "blue", "yellow"])
    for who, clue in asked:
        item = game.items[who]
        game = game.record(ClueEvent(clue, ((item, truthful(clue, loots[who])),)))
    sheet = game.sheet()
    for item, loot in zip(game.items, loots, strict=True):
        assert loot in sheet.candidates(item)


@settings(max_examples=150)
@given(st.sampled_from(OPEN), st.lists(questions(), max_size=8), st.randoms(use_true_random=False))
def test_the_order_of_clues_does_not_change_the_sheet(loot, asked, random):
    events = [ClueEvent(clue, (("opponent", truthful(clue, loot)),)) for clue in asked]
    shuffled = list(events)
    random.shuffle(shuffled)
    first, second = game_of(None), game_of(None)
    for event in events:
        first = first.record(event)
    for event in shuffled:
        second = second.record(event)
    assert first.sheet().candidate_names() == second.sheet().candidate_names()


@settings(max_examples=150)
@given(st.lists(st.tuples(st.integers(0, 1), questions(), st.booleans()), max_size=10))
def test_a_clue_never_adds_a_cell_back(asked):
    game = game_of(["red", "blue"])
    before = game.sheet()
    for who, clue, answer in asked:
        try:
            game = game.record(ClueEvent(clue, ((game.items[who], answer),)))
        except Contradiction:
            continue
        after = game.sheet()
        for item in game.items:
            assert not (after.candidates(item) - before.candidates(item))
        before = after
