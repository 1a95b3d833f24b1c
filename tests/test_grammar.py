"""The step grammar: every event's words read back to the same event; "what comes next" offers them.

Laws, for every event type of a deduction game, on generated events:
- parse(format(e)) == e: ``game.read_step(game.step(e)) == e``;
- every word of ``game.step(e)`` is among the values ``grammar.expect`` offers
  at its place (when the slot lists its values), so completion can type any
  event the tool records.
"""

import pytest
from conftest import shipped_board
from hypothesis import assume, given
from hypothesis import strategies as st

from assistant.engine import grammar, i18n
from assistant.engine.clues import Clue, kind_named
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.log import Retract
from assistant.engine.words import split
from assistant.games.deduction import ClueEvent, DeductionGame
from assistant.games.gnom_street import fight
from assistant.games.gnom_street import garden as pieces
from assistant.games.gnom_street.mirror import AskedEvent
from assistant.games.new_york.accusation import AccuseEvent

GARDEN = shipped_board("gnom-street")
CITY = shipped_board("new-york")
GAMES = {
    "garden, three opponents": DeductionGame.new("g3", GARDEN, ["red", "blue", "yellow"], "C2"),
    "garden, two players": DeductionGame.new("g1", GARDEN, ["Matt"]),
    "city": DeductionGame.new("ny", CITY),
}
CARD_TEXT = st.text(st.sampled_from("abcxyz ÉéèçA019-'\"=#"), min_size=1, max_size=12).map(str.strip).filter(bool)


@st.composite
def clue_events(draw, game: DeductionGame) -> ClueEvent:
    board = game.board
    kind = kind_named(draw(st.sampled_from(board.clue_kinds())))
    args = []
    for param in kind.params:
        if param.slot == "colour":  # rules: ask only about a colour the asking cell shows
            args.append(draw(st.sampled_from(board.values_at(board.parse_cell(args[0]), "flowers"))))
        else:
            args.append(draw(st.sampled_from(game.values(param.slot))))
    if len(game.items) == 1:
        answers = ((game.items[0], draw(st.booleans())),)
    else:
        asked = draw(st.lists(st.sampled_from(game.items), min_size=1, unique=True))
        answers = tuple((item, draw(st.booleans())) for item in asked)
    card = draw(st.none() | card_texts(game.board))
    # two players: a clue asked by the opponent is a question put to me (asked), never a clue
    by = draw(st.none() | st.sampled_from(game.opponents)) if len(game.opponents) > 1 else None
    power = draw(st.none() | st.sampled_from(fight.POWERS)) if game.board.per_opponent else None
    return ClueEvent(Clue(kind.name, tuple(args)), answers, card, by, power)


@st.composite
def asked_events(draw, game: DeductionGame) -> AskedEvent:
    """A question put to me; with my loot known, its answer is the truth (any other is refused)."""
    board = game.board
    cell = draw(st.sampled_from(game.values("asking-cell")))
    kind = draw(st.sampled_from(board.questions))
    args = (cell, draw(st.sampled_from(board.values_at(board.parse_cell(cell), "flowers")))) \
        if kind == "flower" else (cell,)
    clue = Clue(kind, args)
    mine = game.current_mine()
    answer = mine in clue.accepted(board) if mine is not None else draw(st.booleans())
    return AskedEvent(clue, draw(st.sampled_from(game.opponents)), answer, draw(st.booleans()),
                      draw(st.none() | st.sampled_from(fight.POWERS)))


@st.composite
def fights(draw, game: DeductionGame) -> fight.FightEvent:
    """A round's fight: a gnome value per player, and the throw's order among the tied ones."""
    players = draw(st.permutations(game.players))
    values = tuple((player, draw(st.integers(1, 8))) for player in players)
    counts = [value for unused, value in values]
    tied = [player for player, value in values if counts.count(value) > 1]
    return fight.FightEvent(values, tuple(draw(st.permutations(tied))))


def card_texts(board):
    """A card's text: any on the garden; on the city a kind of card the box holds, then anything."""
    if not board.cards:
        return CARD_TEXT
    kinds = st.sampled_from([card.name for card in board.cards])
    return st.tuples(kinds, st.none() | CARD_TEXT).map(lambda pair: " ".join(filter(None, pair)))


@st.composite
def accusations(draw, game: DeductionGame) -> AccuseEvent:
    accuser = st.none() if game.board.per_opponent else st.none() | st.sampled_from(game.values("player"))
    right, by = draw(st.booleans()), draw(accuser)
    if right and by is None and not game.board.per_opponent:
        by = "me"  # typed without --by, a right accusation is mine (only a log saved before says nobody)
    return AccuseEvent(draw(st.sampled_from(game.values("cell"))), right, draw(st.sampled_from(game.items)), by)


@st.composite
def garden_pieces(draw, game: DeductionGame):
    cell = st.sampled_from(game.values("cell"))
    player = st.sampled_from(game.players)
    kind = st.sampled_from(("mole", "bait"))
    maker = draw(st.sampled_from(pieces.PIECES))
    if maker is pieces.MiniatureEvent:
        return pieces.MiniatureEvent(draw(player), draw(cell), draw(st.none() | cell), draw(st.booleans()))
    if maker is pieces.CatEvent:
        return pieces.CatEvent(draw(cell))
    if maker is pieces.TokenEvent:
        who = draw(player)
        return pieces.TokenEvent(who, draw(cell), draw(kind) if who == pieces.ME else draw(st.none() | kind),
                                 draw(st.booleans()))
    if maker is pieces.RevealEvent:
        return pieces.RevealEvent(draw(cell), draw(st.integers(1, 999_999)), draw(kind))
    if maker is pieces.LootEvent:
        return pieces.LootEvent(draw(player), draw(cell), draw(st.booleans()))
    return pieces.SetEvent(draw(cell), draw(st.booleans()), draw(player), draw(st.none() | cell))


def events(game: DeductionGame):
    kinds = [clue_events(game), st.builds(Retract, st.none() | st.integers(1, 999_999))]
    if AccuseEvent.FORM in game.forms():  # the city's step: the garden has none
        kinds.append(accusations(game))
    if game.board.per_opponent:
        kinds += [garden_pieces(game), asked_events(game), fights(game)]
    return st.one_of(kinds)


@pytest.mark.parametrize("name", sorted(GAMES))
@given(data=st.data())
def test_every_event_reads_back_from_its_own_words(name, data):
    game = GAMES[name]
    event = data.draw(events(game))
    assert game.read_step(game.step(event)) == event


@pytest.mark.parametrize("name", sorted(GAMES))
@given(data=st.data())
def test_every_event_reads_back_from_its_french_words(name, data):
    """A French table reads each step said in French (grammar.said); typed back, it is the same event."""
    game = GAMES[name]
    event = data.draw(events(game))
    with i18n.speaking("fr"):
        spoken = grammar.said(game, game.step(event))
    assert game.read_step(spoken) == event


@pytest.mark.parametrize("name", sorted(GAMES))
@given(data=st.data())
def test_what_comes_next_offers_every_word_of_every_event(name, data):
    """Every word of every step the game would accept is offered where it goes (completion offers no
    more than that: a piece on a pond, a colour the cell lacks are not offered, being refused)."""
    game = GAMES[name]
    event = data.draw(events(game))
    try:
        game.record(game.read_step(game.step(event)))
    except AssistantError:
        assume(False)
    words = split(game.step(event))
    options = {spelling: option for form in game.forms() for option in form.options for spelling in option.spellings}
    position = 0
    while position < len(words):
        word = words[position]
        slot = grammar.expect(game, words[:position])
        if word in options:
            assert word in slot.options, (words, position, slot)
            if options[word].slot is None:  # a flag: no value follows
                position += 1
                continue
            value_slot = grammar.expect(game, words[:position + 1])
            if value_slot.values:
                assert words[position + 1] in value_slot.values, (words, position + 1, value_slot)
            position += 2
            continue
        if slot.values:
            assert word in slot.values, (words, position, slot)
        position += 1


def test_what_comes_next_names_the_slot_and_this_games_values():
    game = GAMES["garden, three opponents"]
    assert grammar.expect(game, []).name == "step"
    assert "clue" in grammar.expect(game, []).values and "indice" not in grammar.expect(game, []).values
    assert grammar.expect(game, ["clue"]) == grammar.Slot("kind", ("area", "line-of-sight", "flower", "at"),
                                                          grammar.expect(game, ["clue"]).options)
    assert grammar.expect(game, ["indice", "zone"]).name == "asking-cell"
    assert "B2" not in grammar.expect(game, ["clue", "area"]).values  # a pond: nobody asks from it
    assert grammar.expect(game, ["clue", "flower", "C3"]).name == "colour"
    answer = grammar.expect(game, ["clue", "area", "B3"])
    assert answer.name == "answer" and "red=yes" in answer.values and "--opponent" in answer.options
    assert grammar.expect(game, ["clue", "area", "B3", "-o"]) == grammar.Slot("opponent", ("red", "blue", "yellow"))
    assert grammar.expect(game, ["miniature"]).values == ("me", "red", "blue", "yellow")
    assert grammar.expect(game, ["accuse", "A1"]) == grammar.Slot("unknown")  # the garden has no accusation
    assert grammar.expect(game, ["undo"]).name == "end"
    city = GAMES["city"]
    assert grammar.expect(city, ["accuse", "A1"]).values == ("right", "wrong")
    assert grammar.expect(city, ["clue", "in"]).values[:2] == ("manhattan", "bronx")
    assert "miniature" not in grammar.expect(city, []).values


def test_complete_finishes_the_word_being_typed():
    game = GAMES["garden, three opponents"]
    assert grammar.complete(game, "cl") == ("cl", ("clue",))
    assert grammar.complete(game, "clue li") == ("li", ("line-of-sight",))
    assert grammar.complete(game, "clue area B3 -o ye") == ("ye", ("yellow",))
    assert grammar.complete(game, "clue area B3 --op") == ("--op", ("--opponent",))
    typing, found = grammar.complete(game, "clue area ")
    assert typing == "" and "A1" in found and "B2" not in found


@pytest.mark.parametrize("line, message", [
    ("retract ²", "expected an entry number as shown in the history (got '²')"),
    ("retract 3.0", "expected an entry number"),
    ("retract " + "9" * 5000, "expected an entry number"),
    ("reveal C1 ٣ mole", "expected the token's place in the stack, 1 for the bottom (got '٣')"),
    ("clue area B3 yes --oponent red", "unknown option '--oponent': did you mean --opponent?"),
    ("clue area B3 yes -o red -o blue", "--opponent is given twice"),
    ("clu area B3 yes", "unknown step 'clu': did you mean clue?"),
])
def test_a_wrong_word_is_named_in_one_short_line(line, message):
    game = GAMES["garden, three opponents"]
    with pytest.raises(InputError) as error:
        game.read_step(line)
    assert message in str(error.value) and "\n" not in str(error.value) and len(str(error.value)) < 300
