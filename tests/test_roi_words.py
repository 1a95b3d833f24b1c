"""Le Roi des Nains: the words of each step (issue 12).

Every event type reads back what it writes (a property on generated events);
every number word refuses what is not a plain count in one clear line; the
grammar says what may come next with this pad's own values.
"""

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from assistant.engine import grammar, i18n, log
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.words import split
from assistant.games.roi_des_nains import DealEvent, DropEvent, RemoveEvent, RoiGame, TrickEvent, read_rules
from assistant.games.roi_des_nains.events import deck
from assistant.store import yamlfile
from assistant.store.folder import shipped_folder

RULES = read_rules(yamlfile.load(shipped_folder("boards") / "roi-des-nains.yaml"), "roi-des-nains.yaml")
PLAYERS = ("Ana", "Ben", "Cleo")


def pad(*steps: str, players=PLAYERS) -> RoiGame:
    game = RoiGame.new("t", list(players), RULES)
    for step in steps:
        game = game.record(game.read_step(step))
    return game


# -- the crashes of issue 12: one line, exit 2, the file unchanged ------------------------------


@pytest.mark.parametrize("words", [
    ["quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=²,Ben=4,Cleo=4"],
    ["quest", "deal", "7A", "--special", "scout", "--tricks", "Ana=5,Ben=5,Cleo=3", "--scout", "Ana=²"],
])
def test_the_crashes_of_issue_12_are_one_line_and_change_nothing(run, home, words):
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "pad")
    saved = home / "games" / "pad.yaml"
    before = saved.read_bytes()
    result = run(*words)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: expected ") and result.stderr.count("\n") == 1
    assert "'²'" in result.stderr and "Traceback" not in result.stderr
    assert saved.read_bytes() == before


# Every word of deal, trick, drop/remove and retract that holds a number.
NUMBER_STEPS = [
    "deal 7A --special druid --tricks Ana={n},Ben=4,Cleo=4",
    "deal 7A --special scout --tricks Ana=5,Ben=5,Cleo=3 --scout Ana={n}",
    "deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4 --replace {n}",
    "trick Cleo 6r 7r 8r --replace {n}",
    "drop {n}",
    "remove {n}",
    "retract {n}",
]
BAD_NUMBERS = st.one_of(
    st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=4).filter(lambda t: not t.isascii()),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.text("0123456789", min_size=7, max_size=5000).map(lambda digits: "1" + digits),
    st.integers(max_value=-1).map(str),
    st.sampled_from(["²", "3.0", "1e3", "٣", "۴", "Ⅳ", "½", "0x3", "+3", "3_000", "", "#", "4 "]),
)
PLAYED = pad("deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4", "deal 1A --special shaman",
             "trick Ana 3g 4g 5g")


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(NUMBER_STEPS), BAD_NUMBERS)
def test_no_number_word_accepts_anything_but_a_plain_count(template, number):
    """Non-ASCII digits, floats, huge and negative numbers: refused with a message, or a count that fits."""
    step = template.replace("{n}", number) if number.strip() else template.replace("{n}", "''")
    try:
        PLAYED.record(PLAYED.read_step(step))
    except AssistantError as error:
        assert "\n" not in str(error) and str(error)
    else:  # only a plain count in range gets this far
        assert number.strip().lstrip("#+").isascii() and number.strip().lstrip("#").isdigit()


def test_non_ascii_digits_huge_numbers_and_floats_on_the_command_line(run, home):
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "pad")
    run("quest", "deal", "1A", "--special", "shaman")
    saved = home / "games" / "pad.yaml"
    before = saved.read_bytes()
    for words in (["quest", "remove", "٣"], ["quest", "remove", "9" * 40], ["quest", "remove", "1.0"],
                  ["quest", "trick", "Ana", "3g", "4g", "5g", "--replace", "²"],
                  ["quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4", "--replace", "1e3"],
                  ["quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=4.5,Ben=4,Cleo=4.5"]):
        result = run(*words)
        assert result.exit_code in (1, 2), words
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
        assert saved.read_bytes() == before


# -- parse(format(e)) == e, on generated events -------------------------------------------------


def cards_of(special):
    return list(deck(3, special).values())


def maybe(strategy):
    return st.one_of(st.none(), strategy)


# Each strategy is built once: hypothesis checks a strategy the first time it draws from it, and that
# check costs more than the drawing (built inside deal_events, it was most of the tests' time).
QUESTS, SPECIALS = st.sampled_from(RULES.quests), st.sampled_from(RULES.specials)
SUMMARY_FIELDS = (
    maybe(st.fixed_dictionaries({p: st.integers(0, 13) for p in PLAYERS})),  # counts
    maybe(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=13).map(tuple)),  # order
)
WON = [maybe(st.dictionaries(st.sampled_from(PLAYERS),
                             st.lists(st.sampled_from(cards_of(special)), min_size=1, max_size=5).map(tuple),
                             min_size=1)) for special in RULES.specials]  # the cards won, from each special's deck
LAST_FIELDS = (
    maybe(st.sampled_from(("", *PLAYERS))),  # special_winner
    maybe(st.tuples(st.sampled_from(PLAYERS), st.integers(0, 2))),  # scout
    maybe(st.sampled_from(PLAYERS)),  # next_dealer
)
REPLACES = maybe(st.integers(1, 999))


@st.composite
def deal_events(draw):
    quest = draw(QUESTS)
    special = draw(SPECIALS)
    won = draw(WON[RULES.specials.index(special)])
    fields = (*map(draw, SUMMARY_FIELDS), won, *map(draw, LAST_FIELDS))
    from assistant.games.roi_des_nains import Summary

    summary = Summary(*fields) if any(field is not None for field in fields) else None
    return DealEvent(quest, special, summary, draw(REPLACES))


OPEN = pad("deal 1A --special dragon", "trick Ana 3g 4g 5g")  # a deal being played, with one trick


@st.composite
def trick_events(draw):
    unplayed = [card for card in cards_of(RULES.special("dragon")) if card.id not in ("3g", "4g", "5g")]
    cards = tuple(draw(st.lists(st.sampled_from(unplayed), min_size=3, max_size=3, unique=True)))
    winner = draw(st.sampled_from(PLAYERS)) if any(card.magic for card in cards) else None
    return TrickEvent(draw(st.sampled_from(PLAYERS)), cards, winner, draw(st.sampled_from((None, 1))))


# (the pad the event is written for, the events): a new deal on a new pad, the rest on OPEN
EVENTS = st.one_of(
    st.tuples(st.just(pad()), deal_events()),
    st.tuples(st.just(OPEN), st.one_of(
        trick_events(), st.builds(DropEvent, st.just(1)), st.builds(RemoveEvent, st.just(1)),
        st.builds(log.Retract, st.sampled_from((None, 1, 2))))),
)


@settings(max_examples=200, deadline=None)
@given(EVENTS)
def test_every_event_reads_back_what_it_writes(game_and_event):
    game, event = game_and_event
    assert game.read_step(game.step(event)) == event


@settings(max_examples=200, deadline=None)
@given(EVENTS)
def test_every_event_reads_back_from_its_french_words(game_and_event):
    """A French table reads each step said in French (grammar.said: 'pli Ana: 5v 7v Rb', '--plis', '--remporte'),
    with no English option left (issue 26); typed back, the same event."""
    game, event = game_and_event
    with i18n.speaking("fr"):
        spoken = grammar.said(game, game.step(event))
    assert not set(split(spoken)) & {option.spellings[0] for form in game.forms() for option in form.options}
    assert game.read_step(spoken) == event


# Events read back through completion's slots: 80 in the quick suite, 200 under pytest -m full.
NEXT_EXAMPLES = [pytest.param(80, id="quick"), pytest.param(200, id="full", marks=pytest.mark.full)]


@pytest.mark.parametrize("examples", NEXT_EXAMPLES)
def test_what_comes_next_offers_every_word_of_every_event(examples):
    """Where a slot lists its values, the word an event the pad records writes there is one of them (completion
    can type it; it offers no more than that, see tests/test_completion.py)."""

    @settings(max_examples=examples, deadline=None)
    @given(EVENTS)
    def offered(game_and_event):
        game, event = game_and_event
        try:
            game.record(event)
        except AssistantError:
            assume(False)
        words = split(game.step(event))
        options = {spelling: option
                   for form in game.forms() for option in form.options for spelling in option.spellings}
        position = 0
        while position < len(words):
            slot = grammar.expect(game, words[:position])
            if words[position] in options:
                assert words[position] in slot.options, (words, position, slot)
                if options[words[position]].slot is not None:
                    value = grammar.expect(game, words[:position + 1])
                    assert not value.values or words[position + 1] in value.values, (words, position + 1, value)
                    position += 1
            elif not (slot.name in ("leader", "card") and getattr(event, "replaces", None)):  # a correction: below
                assert not slot.values or words[position] in slot.values, (words, position, slot)
            position += 1
        # A trick's leader and cards are offered as the rules have them for the next trick (who won the last trick
        # leads; the cards its players may still play, see tests/test_roi_hands.py); a correction saved with
        # --replace after its words may name others, and is offered every leader, then every card not typed yet,
        # with --replace typed first.
        if isinstance(event, TrickEvent) and event.replaces:
            typed = ["trick", "--replace", str(event.replaces)]
            assert f"{event.leader}:" in grammar.expect(game, typed).values
            typed.append(f"{event.leader}:")
            for card in event.cards:
                assert card.id in grammar.expect(game, typed).values, (typed, card)
                typed.append(card.id)

    offered()


def test_the_saved_words_of_0_1_read_back_the_same():
    """The words a 0.1 log holds (as in tests/fixtures/saved-0.1/roi.yaml) are what the pad writes today."""
    game = RoiGame.new("t", list(PLAYERS), RULES)
    for step in ["deal 13A --special flag-bearer --won Ana=Kg,Kb,Qr,flag-bearer --won Ben=Kr,Qg --special-winner Ana",
                 "deal 1A --special shaman", "trick Ana: 3g 4g 5g", "undo", "trick Ana: 3g 4g 5g"]:
        event = game.read_step(step)
        assert game.step(event) == step
        game = game.record(event)


# -- what may come next -------------------------------------------------------------------------


def test_the_grammar_offers_this_pads_own_values():
    game = pad("deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4", "deal 1A --special shaman",
               "trick Ana 3g 4g 5g")
    first = grammar.expect(game, [])
    assert {"deal", "trick", "drop", "undo", "retract"} <= set(first.values)
    assert grammar.expect(game, ["deal"]).values == ()  # deal 2 is being played: no deal may start
    between = pad("deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4",
                  "deal 8A --special shaman --tricks Ana=5,Ben=4,Cleo=4 --special-winner Ana")
    quest = grammar.expect(between, ["deal"])
    assert quest.name == "quest" and "13A" in quest.values
    assert "7A" not in quest.values and "7B" not in quest.values and "8B" not in quest.values  # tiles used
    special = grammar.expect(between, ["deal", "13A", "--special"])
    assert special.name == "special" and {"flag-bearer", "porte-etendard", "enchanteur"} <= set(special.values)
    assert "druid" not in special.values and "shaman" not in special.values  # back in the box
    assert grammar.expect(game, ["trick"]).values == ("Cleo:",)  # Cleo won the last trick: Cleo leads
    assert grammar.expect(game, ["trick", "--replace", "1"]).values == ("Ana:", "Ben:", "Cleo:")  # a correction
    assert grammar.complete(game, "trick Cl") == ("Cl", ("Cleo:",))
    cards = grammar.expect(game, ["trick", "Cleo"])
    assert cards.name == "card" and "shaman" in cards.values and "5g" not in cards.values and "2g" not in cards.values
    assert "--seating" in cards.options and "--winner" in cards.options
    assert grammar.expect(game, ["trick", "Cleo", "--winner"]).values == PLAYERS
    assert grammar.expect(game, ["drop"]).values == ("1", "2")
    assert grammar.expect(game, ["trick", "Cleo", "6r", "7r", "8r", "--replace"]).values == ("1",)
    assert grammar.expect(game, ["retract"]).values == ("1", "3")  # the trick of entry 3 needs deal 2 (entry 2)
    assert grammar.expect(between, ["deal", "13A", "--special-winner"]).values == (*PLAYERS, "none")
    assert grammar.complete(between, "deal 13A --special porte") == ("porte", ("porte-etendard",))
    assert grammar.complete(game, "pli Cleo K") == ("K", ("Kg", "Kb", "Kr"))


def test_every_form_has_a_verb_in_english_and_its_slots_have_values():
    game = pad("deal 1A --special dragon", "trick Ana 3g 4g 5g")
    for form in game.forms():
        for slot in (form.slots if not callable(form.slots) else ()):
            if slot != grammar.MORE:
                assert game.values(slot), (form.verb, slot)
        for option in form.options:
            if option.slot is not None and option.slot not in ("tricks", "order", "won", "scout"):  # free words
                assert game.values(option.slot), (form.verb, option.name)


def test_unknown_steps_and_options_get_one_line_naming_what_fits():
    game = pad()
    with pytest.raises(InputError, match="unknown step 'dael'"):
        game.read_step("dael 7A")
    with pytest.raises(InputError, match="did you mean --special"):
        game.read_step("deal 7A --specail druid")
    with pytest.raises(InputError, match="--special is given twice"):
        game.read_step("deal 7A --special druid --special scout")


# -- what is recorded is what is saved --------------------------------------------------------

STEPS = [
    "deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4", "deal 7B --special shaman --tricks Ana=5,Ben=4,Cleo=4",
    "deal 13A --special flag-bearer --won Ana=Kg,flag-bearer --won Ben=Qb", "deal 1A --special dragon",
    "deal 6A --special mummy --won Ben=10b,8b,Kr --won Ana=rest", "deal 9A --special clone --tricks Ana=4,Ben=4,Cleo=5",
    "deal 20A --special joker --tricks Ana=3,Ben=6,Cleo=4 --special-winner none --replace 1",
    "trick Ana 3g 4g 5g", "trick Cleo 6r 7r 8r", "trick Ben 9r 2b Kg", "trick Ben 2r 3r dragon --winner Cleo",
    "trick Ana 3g 4g 9g --replace 1", "trick Cleo --seating 7r 8r 6r", "drop 1", "drop 2", "remove 1", "undo",
    "retract 1", "retract 2",
    # the hand changes and the Sorcerer (issue 24)
    "deal 7A --special sorcerer", "deal 7A --special blue-11-pass", "deal 7A --special red-11-swap",
    "trick Ben 5r 7r 9r", "trick Ana druid 3g 4g", "trick Ana 11b 2b 3b", "trick Ana 11r 2r 4g", "swap Cleo",
    "pass left", "pass droite", "take Cleo 6g 7g --back 8g,9g", "take-back Ana 3g", "take-back Ana 7r",
]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(STEPS), max_size=14))
def test_a_pad_saved_and_loaded_is_the_pad_recorded(steps):
    """Whatever record accepted, the loader (restore) replays to the same deals, table and status."""
    game = pad()
    for step in steps:
        try:
            game = game.record(game.read_step(step))
        except AssistantError:
            pass  # refused: nothing recorded
    loaded = RoiGame.from_mapping(game.to_mapping(), "t", RULES, "t.yaml")
    assert loaded.events == game.events
    assert loaded.rows() == game.rows() and loaded.status() == game.status()


@pytest.mark.parametrize("quest", ["", "   ", "-"])
def test_an_empty_quest_or_card_name_is_refused_not_read_as_the_first(run, quest):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    result = run("quest", "deal", quest, "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4")
    assert result.exit_code == 2 and "unknown quest" in result.stderr
    result = run("quest", "deal", "7A", "--special", quest, "--tricks", "Ana=5,Ben=4,Cleo=4")
    assert result.exit_code == 2 and "unknown special card" in result.stderr
