"""Completion offers only what the step would accept at that place, in the table's language (issue 26).

The six offers a French table found refused, one test each; then the law: for games in several states
(the garden at its start, with pieces placed, a two-player match, a match over; the city; a score pad
with no deal, in a deal, with hands the tricks showed, between deals, over; the rope), a step typed only
with the words completion offers is recorded, or completion said why it cannot be (the hint, ``Slot.why``)
before it was typed.
"""

from __future__ import annotations

import re

import pytest
from conftest import shipped_board
from hypothesis import given, settings
from hypothesis import strategies as st
from test_roi_words import RULES
from test_table import SLOW_FOLLOW, drive, keys

from assistant.engine import grammar, i18n
from assistant.engine.errors import AssistantError, Contradiction, shown
from assistant.engine.i18n import N_, _
from assistant.faces.table.screen import TableApp
from assistant.games.deduction import DeductionGame
from assistant.games.oh_les_nains.rope import TugGame
from assistant.games.roi_des_nains import RoiGame
from assistant.store.folder import Store


@pytest.fixture
def french():
    i18n.use("fr")
    yield
    i18n.use("en")


def play(game, *steps: str):
    for step in steps:
        game = game.record(game.read_step(step))
    return game


def garden(*steps: str, opponents=("red", "blue", "yellow"), mine="C2") -> DeductionGame:
    return play(DeductionGame.new("g", shipped_board("gnom-street"), list(opponents), mine), *steps)


SUMMARY = "--tricks Ana=5,Ben=4,Cleo=4"


def roi(*steps: str) -> RoiGame:
    return play(RoiGame.new("r", ["Ana", "Ben", "Cleo"], RULES), *steps)


def offered(game, line: str) -> tuple[str, ...]:
    return grammar.complete(game, line)[1]


def hint(game, line: str) -> str:
    return grammar.expect(game, line.split()).why


# -- the six offers found refused ------------------------------------------------------------------


def test_a_colour_given_by_its_option_is_not_offered_again_the_answer_is(french):
    """`indice fleur A1 --couleur rouge ⇥` offered the colours again; `o⇥` then found nothing."""
    game = garden(opponents=("Léa", "Tom"))
    answers = offered(game, "indice fleur A1 --couleur rouge ")
    assert "bleu" not in answers and "rouge" not in answers and "oui" in answers and "Léa=non" in answers
    assert offered(game, "indice fleur A1 --couleur rouge o") == ("oui",)
    for answer in ("Léa=oui", "Tom=non"):  # what is offered is recorded
        game.record(game.read_step(f"indice fleur A1 --couleur rouge {answer}"))
    assert offered(game, "indice fleur A1 ") == ("bleu", "rouge")  # without the option, the colour comes first


def test_a_trick_with_no_deal_being_played_offers_nothing_and_says_to_start_one(french):
    """`pli ⇥` offered the players, then refused 'aucune donne en cours'."""
    for game in (roi(), roi(f"deal 7A --special joker {SUMMARY} --special-winner Ben")):
        assert offered(game, "pli ") == () and offered(game, "pli A") == ()
        assert hint(game, "pli") == "aucune donne en cours : commencez-en une avec donne QUÊTE --spéciale CARTE"
        assert offered(game, "échanger ") == () and "donne QUÊTE" in hint(game, "échanger")
    game = roi("deal 1A --special druid")
    assert offered(game, "pli ") == ("Ana:", "Ben:", "Cleo:")  # the first trick: whoever holds the red 5
    game = play(game, "trick Ana 5r 9r 2r")
    assert offered(game, "pli ") == ("Ben:",)  # rules: who won the last trick leads the next
    assert offered(game, "passer ") == () and "passer" in hint(game, "passer")  # the Druid swaps, nothing passes


def test_a_token_is_offered_only_the_cells_the_rules_accept(french):
    """`jeton Léa ⇥` offered all 16 cells with no miniature of Léa placed. Rules: a token goes on a cell
    holding one of the player's miniatures; with card 7 (Alex) on a free cell next to one."""
    game = garden(opponents=("Léa", "Tom", "Zoé"))
    assert offered(game, "jeton Léa ") == ()
    assert hint(game, "jeton Léa") == ("un jeton se pose sur une case occupée par une statuette de Léa (aucune dans "
                                       "le jardin) ; avec la carte 7, ajoutez --alex")
    game = play(game, "miniature Léa A1", "miniature Léa A3")
    assert offered(game, "jeton Léa ") == ("A1", "A3")
    assert offered(game, "jeton Léa --alex ") == ("A2", "B1", "B3")  # B2 is a pond, A1 and A3 are not free
    for cell in ("A1", "A3"):
        game.record(game.read_step(f"jeton Léa {cell}"))
    assert offered(game, "jeton moi ") == () and "vos statuettes" in hint(game, "jeton moi")
    two = garden(opponents=("Léa",))
    assert offered(two, "jeton ") == () and "taupe CASE" in hint(two, "jeton")  # two players: the Mole only


def test_a_deal_cannot_start_while_one_is_being_played_and_completion_says_so(french):
    """`donne 7A --spéciale ⇥` offered the special cards while deal 2 was being played."""
    game = roi(f"deal 7A --special druid {SUMMARY}", "deal 1A --special shaman")
    assert offered(game, "donne ") == () and offered(game, "donne 7A --spéciale ") == ()
    assert hint(game, "donne 7A --spéciale") == ("la donne 2 est encore en cours (0 pli sur 13) : notez ses plis, "
                                                 "ou annulez-la")
    assert "1" in offered(game, "donne --remplace ")  # a correction may always be typed
    over = roi(*(f"deal {number}A --special {card} {SUMMARY}" + (" --special-winner Ana" if card != "druid" else "")
                 for number, card in zip((7, 8, 9, 10, 11, 20, 5), ("joker", "tinkerer", "enchanter", "flag-bearer",
                                                                   "shaman", "mummy", "druid"), strict=True)))
    assert offered(over, "donne ") == () and hint(over, "donne").startswith("la partie est finie")


def test_every_command_word_the_screen_takes_is_offered_first_word(run, home, french):
    """`qu⇥` offered `question  quitter`, never `quête` (the score pad's commands, run on the screen too);
    `quê⇥` completed to `question`. An accent typed is meant; a word typed without one fits either way.
    The one step of the game that fits is typed, the other words shown beside it: an evening is steps."""
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2").exit_code == 0
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "pad").exit_code == 0
    i18n.use("fr")  # after the command line, which speaks English here

    async def tab(pilot, typed: str) -> tuple[str, set[str]]:
        entry = pilot.app.query_one("#entry")
        entry.value, entry.cursor_position = typed, len(typed)
        await keys(pilot, "tab")
        return entry.value, set(str(pilot.app.query_one("#choices").content).split("  "))

    async def garden(pilot):
        assert await tab(pilot, "qu") == ("question ", {"question", "quitter", "quête"})
        assert (await tab(pilot, "quê"))[0] == "quête "
        assert await tab(pilot, "i") == ("indice ", {"indice", "importer", "imprimer"})
        assert (await tab(pilot, "annuler "))[1] == {"rien à annuler : aucune entrée n'est notée"}  # the hint

    async def pad(pilot):
        assert await tab(pilot, "qu") == ("qu", {"quitter", "quête"})  # no step of the pad fits; 'question'
        assert await tab(pilot, "i") == ("imp", {"importer", "imprimer"})  # and 'indice' are the garden's steps

    drive(TableApp(Store(home), "gnom-street-1", follow_seconds=SLOW_FOLLOW), garden, size=(100, 30))
    drive(TableApp(Store(home), "pad", follow_seconds=SLOW_FOLLOW), pad, size=(100, 30))
    assert grammar.fits("suggérer", "sugg") and grammar.fits("quête", "que") and not grammar.fits("question", "quê")


def test_special_cards_go_by_the_french_names_of_the_rules(french):
    """Completion listed ids (tinkerer, puppeteer) and porte-etendard without its accent; `--spéciale
    éclaireur` was refused. The rule book names the Porte-étendard («le Porte-étendard») and the Clone."""
    game = roi(f"deal 7A --special joker {SUMMARY} --special-winner Ben")
    specials = offered(game, "donne 13A --spéciale ")
    assert "porte-étendard" in specials and "clone" in specials and "enchanteur" in specials
    assert not {"flag-bearer", "porte-etendard", "puppeteer", "enchanter", "joker"} & set(specials)  # joker: used
    assert "bricoleur" in specials and "éclaireur" in specials and "11-bleu-qui-fait-tourner-les-mains" in specials
    assert not {"tinkerer", "scout", "blue-11-pass"} & set(specials)  # every card has its French name
    assert offered(game, "donne 13A --spéciale é") == ("éclaireur",)
    assert game.read_step("donne 13A --spéciale éclaireur").special.id == "scout"
    assert game.read_step("donne 13A --spéciale porte-etendard").special.id == "flag-bearer"  # accents optional
    event = game.read_step("donne 13A --spéciale porte-étendard --remporte Ana=Rv,porte-étendard")
    step = game.step(event)
    assert step == "deal 13A --special flag-bearer --won Ana=Kg,flag-bearer"  # saved in English ids
    assert grammar.said(game, step) == "donne 13A --spéciale porte-étendard --remporte Ana=Rv,porte-étendard"
    with pytest.raises(AssistantError) as refused:
        game.read_step("donne 13A --spéciale nain")
    assert "Porte-étendard" in str(refused.value) and "flag-bearer" not in str(refused.value)


# -- the law: what completion offers is recorded, or it said why not -------------------------------


OVER = " --special-winner Ana"
STATES = {
    "garden start": lambda: garden(),
    "garden pieces": lambda: garden("miniature red A1", "miniature blue A3", "token red A1", "token blue A3",
                                    "cat D2", "miniature me F1", "clue area F1 red=yes"),  # from my miniature
    "garden two players": lambda: garden(opponents=("Léa",)),
    # the round followed: a fight, terrains and Action tokens taken, blue and yellow still to place and ask
    "garden round": lambda: garden("miniature red A1", "fight me=8 red=1 blue=2 yellow=3", "miniature me B1",
                                   "clue area B1 red=no", "miniature red C1"),
    "garden two players, turn 2": lambda: garden("miniature me A1", "clue area A1 no", "miniature Léa B1",
                                                 "miniature me C1", opponents=("Léa",)),
    "garden match over": lambda: garden("miniature me A1", "mole A1 found --next-mine C3", "miniature me A1",
                                        "mole A1 found", opponents=("Léa",)),
    "city": lambda: play(DeductionGame.new("c", shipped_board("new-york")), "clue in manhattan no"),
    "roi no deal": lambda: roi(),
    "roi in a deal": lambda: roi("deal 1A --special druid", "trick Ana 5r 9r 2r"),
    # Cleo showed no red, then no blue: she holds the 10 green cards left and the Dragon, none of them Ana's or Ben's
    "roi hands shown": lambda: roi("deal 1A --special dragon", "trick Ana 5r 9r 10g", "trick Ben 2b 3g 4b"),
    "roi between deals": lambda: roi(f"deal 7A --special joker {SUMMARY}{OVER}"),
    "roi match over": lambda: roi(*(f"deal {number}A --special {card} {SUMMARY}" + (OVER if card != "druid" else "")
                                    for number, card in zip((7, 8, 9, 10, 11, 20, 5),
                                                            ("joker", "tinkerer", "enchanter", "flag-bearer",
                                                             "shaman", "mummy", "druid"), strict=True))),
    "rope start": lambda: TugGame.new("t", ["Ana", "Ben"], True),
    "rope played": lambda: play(TugGame.new("t", ["Ana", "Ben"], True), "gnome red --by Ana", "gnome blue --by Ben",
                                "squirrels 2"),
}
GAMES = {name: make() for name, make in STATES.items()}
# Refusals of a step that reads but still lacks an option completion cannot know it needs (it is offered
# among the options): the refusal says to add it. A contradiction (Contradiction) is not completion's: the
# answer heard is the player's to say, and the refusal names the clue it conflicts with.
STILL_TO_ADD = (N_("the match goes on: add --next-mine CELL, your loot card for the next set"),
                N_("{players} tied: their values drop to zero and a gnome throw ranks them; add "
                   "--throw with each of them, best throw first, e.g. --throw {example}"),
                N_("a pull card names at least one colour: pull --zero COLOURS and/or --two COLOURS "
                   "(a multicolour hat: the colour chosen)"),
                # a Mole's verdict typed before --by NAME (an opponent's Mole): offered for my own Mole
                N_("your loot is on {mine}: a Mole on {cell} finds it, so write found"),
                N_("your loot is on {mine}: a Mole on {cell} misses it, so write missed"))


def still_to_add(refusal: str) -> bool:
    """Whether ``refusal`` is one of STILL_TO_ADD, in the language spoken: every text between its fields."""
    return any(all(piece in refusal for piece in re.split(r"\{[^}]*\}", _(message)) if piece.strip())
               for message in STILL_TO_ADD)


def flags(game, words: list[str]) -> set[str]:
    """The spellings of the flags of the step begun with ``words``: a flag the state refuses (--three with
    no cat yet, --replace with no card to replace) is offered as one of the step's words; its refusal says
    to leave it out."""
    if not words:
        return set()
    try:
        form = grammar.resolve(game, words)[0]
    except AssistantError:
        return set()
    return {spelling for option in form.options if option.slot is None for spelling in option.spellings}


@st.composite
def typed_with_completion(draw, game) -> str:
    """A line typed only with what completion offers: a word at a time, now and then an option."""
    line = ""
    for unused in range(9):
        dash = draw(st.integers(0, 4)) == 0
        offers = [word for word in grammar.complete(game, line + ("-" if dash else ""))[1]
                  if word not in flags(game, line.split())]
        if not offers:
            if dash:
                continue
            break
        line += draw(st.sampled_from(offers)) + " "
        slot = grammar.expect(game, line.split())
        if slot.why or draw(st.integers(0, 6)) == 0 or slot.name == "end" and draw(st.booleans()):
            break
    return line.strip()


# Lines typed with completion at each state in each language: 20 in the quick suite (480 in all, every state and
# language among them), 60 under pytest -m full; drawing a line word by word from completion is most of the cost.
COMPLETION_EXAMPLES = [pytest.param(20, id="quick"), pytest.param(60, id="full", marks=pytest.mark.full)]


@pytest.mark.parametrize("examples", COMPLETION_EXAMPLES)
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("state", sorted(STATES))
def test_a_step_typed_with_completion_is_recorded_or_completion_said_why_not(state, language, examples):
    @settings(max_examples=examples, deadline=None)
    @given(data=st.data())
    def typed(data):
        game = GAMES[state]
        with i18n.speaking(language):
            line = data.draw(typed_with_completion(game))
            if not line or grammar.expect(game, line.split()).why:
                return  # nothing offered, or the hint said why the step cannot be recorded now
            try:
                event = game.read_step(line)
            except AssistantError as error:  # words still to come (an answer, --special CARD): reading says which,
                wrong = [word for word in line.split() if shown(word) in str(error)]
                assert not wrong, (line, str(error))  # no word typed is named as the wrong one
                return
            try:
                game.record(event)
            except Contradiction:
                pass
            except AssistantError as error:
                assert still_to_add(str(error)), (line, str(error))

    typed()
