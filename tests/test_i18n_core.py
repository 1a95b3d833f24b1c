"""The deduction core in French (issue 14): errors, refusals, explanations, summaries and advice.

Each test speaks French through the public surface (the core after ``i18n.use("fr")``, or the
command line with ``--lang fr``) and checks that the French really comes out with its
placeholders filled; the English of the same messages is pinned by the other test files,
unchanged. Saved steps stay in canonical English words whatever the language.
"""

from __future__ import annotations

import pytest
from conftest import game_file, shipped_board
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine import advice as advisor
from assistant.engine import i18n
from assistant.engine.clues import KINDS, Clue, kind_named
from assistant.engine.errors import AssistantError, DataError, InputError, shown
from assistant.engine.words import join_names, lookup, parse_answer
from assistant.games.deduction import DeductionGame
from assistant.games.gnom_street import advice as garden_advice

CITY = shipped_board("new-york")


@pytest.fixture
def french():
    i18n.use("fr")
    yield
    i18n.use("en")


def play(board, *steps, opponents=("red", "blue"), mine="C2"):
    game = DeductionGame.new("t", board, list(opponents), mine) if board.per_opponent else DeductionGame.new("t", board)
    for step in steps:
        game = game.record(game.read_step(step))
    return game


def refused(game, step, error=AssistantError) -> str:
    with pytest.raises(error) as raised:
        game.record(game.read_step(step))
    return str(raised.value)


# -- words, grammar, log, errors ---------------------------------------------------------------


def test_the_small_words_are_french(french):
    assert join_names(["red", "blue", "yellow"]) == "red, blue et yellow"
    with pytest.raises(InputError, match=r"^réponse inconnue 'peut-être' : écrivez oui ou non"):
        parse_answer("peut-être")
    with pytest.raises(InputError, match=r"^joueur 'Zoe' introuvable : cette partie a Ana et Ben$"):
        lookup("Zoe", ["Ana", "Ben"], "player")
    problems = DataError([f"f.yaml: {n}: faux" for n in range(7)])
    assert str(problems).endswith("(et 2 de plus)")
    # French groups thousands with a narrow no-break space
    assert shown("x" * 5000).endswith("... (5\u202f000 caractères)")


def test_steps_refused_in_french(garden, french):
    game = play(garden)
    assert refused(game, "clu area B3 yes") == (
        "étape inconnue 'clu' : vouliez-vous dire clue ? (attendu l'une d'indice, annuler, retirer, "
        "question, combat, lancer, statuette, chat, jeton, révéler, butin, taupe)")
    assert refused(game, "clue area B3 yes --oponent red") == (
        "option inconnue '--oponent' : vouliez-vous dire --opponent ?")
    assert refused(game, "clue area B3 yes -o red -o blue") == (
        "--adversaire est donnée deux fois : donnez-la une seule fois")
    assert refused(game, "undo") == "rien à annuler : aucune entrée n'est notée"
    assert refused(game, "retract 4") == "pas d'entrée 4 : rien n'est encore noté"
    assert refused(game, "retract deux").startswith(
        "attendu : un numéro d'entrée de l'historique (reçu 'deux')")
    assert refused(play(CITY), "accuse C3") == "écrivez : accuser CASE juste|faux [--par NOM]"


def test_cells_rows_and_columns_refused_in_french(garden, french):
    game = play(garden)
    assert refused(game, "clue area Z9 yes -o red") == (
        "pas de case 'Z9' sur ce plateau : écrivez une colonne A-F puis une ligne 1-3, par exemple B2")
    city = play(CITY)
    assert refused(city, "clue north-of 99") == (
        "pas de ligne '99' sur ce plateau : les lignes vont de 1 à " f"{CITY.grid.rows}")


# -- clues: kinds, words, relations ------------------------------------------------------------


def test_an_unknown_clue_kind_lists_this_boards_kinds_with_the_closest_in_both_languages(garden):
    game = play(garden)
    english = refused(game, "clue zonee B3 yes -o red")
    assert english == ("unknown clue kind 'zonee': did you mean zone? "
                       "(this board hears area, line-of-sight, flower, at)")
    assert refused(play(CITY), "clue nort-of 3") == (
        "unknown clue kind 'nort-of': did you mean north-of? (this board hears north-of, south-of, east-of, "
        "west-of, row, column, at, in, near, next-to, within, has)")
    i18n.use("fr")
    assert refused(game, "clue zonee B3 yes -o red") == (
        "type d'indice inconnu 'zonee' : vouliez-vous dire zone ? "
        "(ce plateau connaît zone, ligne-de-vue, fleur, sur)")
    assert refused(game, "clue xyz B3 yes -o red") == (
        "type d'indice inconnu 'xyz' : voir assistant clue --help "
        "(ce plateau connaît zone, ligne-de-vue, fleur, sur)")


def test_a_kind_the_board_does_not_hear_is_refused_in_french(french):
    assert refused(play(CITY), "clue flower C1 yellow yes").startswith(
        "fleur n'est pas un indice de new-york : ses indices sont nord-de, sud-de")


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_each_kind_is_said_in_french_with_a_name_french_players_type(kind, french):
    """The clue said back to the player ('zone B2') reads back as the same kind when typed."""
    said = Clue(kind.name, ("B2",)).said().split()[0]
    assert kind_named(said) is kind


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_every_spelling_of_a_kind_reads_as_it_accents_or_not(kind):
    """'près-de', 'pres-de', 'PRÈS DE': the accented spellings are folded only when first needed (clues.py)."""
    for spelling in (kind.name, *kind.aliases):
        assert kind_named(spelling) is kind and kind_named(spelling.upper().replace("-", " ")) is kind


def test_a_clue_is_said_back_in_french_and_saved_in_english(garden, home, run):
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2").exit_code == 0
    result = run("--lang", "fr", "clue", "zone", "A1", "red=oui", "blue=non")
    assert result.exit_code == 0, result.output
    assert "red : 3 cases restantes ; blue : 12 cases restantes" in result.stdout
    assert b"clue area A1 red=yes blue=no" in game_file(home, "gnom-street-1")
    explained = run("--lang", "fr", "explain", "D3", "-o", "red").stdout
    assert "exclue par l'indice 1 (zone A1 : red oui) : D3 n'est pas dans la zone d'A1 (A1 ou une case autour)." \
        in explained


def test_a_clue_needs_its_words_in_french(garden, french):
    game = play(garden)
    assert refused(game, "clue flower C1 yes -o red") == (
        "fleur attend COULEUR (ou --couleur) : fleur CASE COULEUR oui|non")
    assert refused(game, "clue area A1 A2 yes -o red") == "zone prend 1 mot avant la réponse : zone CASE oui|non"
    assert refused(game, "clue flower C1 white yes -o red").startswith("C1 a des fleurs de couleur ")
    assert refused(game, "clue area B2 yes -o red") == (
        "B2 est une mare : personne ne pose de question depuis une mare, prenez la case de votre statuette")
    assert refused(game, "clue area A1 -o red") == (
        "donnez la réponse entendue : zone CASE oui|non (oui/non, yes/no)")


# -- the game: summary, report, refusals ---------------------------------------------------------


def test_the_summary_report_and_match_are_french(garden, french):
    game = play(garden, "clue at D3 -o red")
    assert game.summary() == "red : 1 case restante ; blue : 14 cases restantes"
    assert game.report() == [">>> trouvé : le butin de red est sur D3"]
    match = play(garden, "miniature Matt A3", "mole A3 missed --by Matt --next-mine A1", opponents=("Matt",),
                 mine="C3")
    assert match.match_score() == "manches : vous 1 - 0 Matt ; la manche 2 commence"  # the rules' "manches"
    city = play(CITY, "accuse C3 right")
    assert city.summary() == "voleur : 1 case restante"
    assert city.report() == [">>> trouvé : le voleur est sur C3", "vous gagnez la partie"]  # by me: I win


def test_a_new_game_is_refused_in_french(garden, french):
    with pytest.raises(InputError,
                       match=r"^au plus 3 adversaires \(reçu 4\) \(75 Gnom' Street.* se joue à 4 gangs au plus\)$"):
        DeductionGame.new("t", garden, ["a", "b", "c", "d"])
    with pytest.raises(InputError, match=r"^nom 'oui' \(adversaire\) : lettres, chiffres et traits d'union"):
        DeductionGame.new("t", garden, ["oui"])
    with pytest.raises(InputError, match=r"^deux adversaires portent le même nom : red, RED$"):
        DeductionGame.new("t", garden, ["red", "RED"])
    with pytest.raises(InputError, match=r"^sur new-york tout le monde cherche le même voleur : retirez"):
        DeductionGame.new("t", CITY, ["red"])


def test_whose_answer_and_accusation_are_asked_in_french(garden, french):
    game = play(garden)
    assert refused(game, "clue area A1 yes") == (
        "qui a répondu ? ajoutez --adversaire avec l'un de red et blue, ou répondez par joueur : red=oui blue=oui")
    assert refused(game, "accuse C3 wrong") == ("il n'y a pas d'accusation sur gnom-street : ses règles finissent "
                                                "par les cartes Butin dévoilées (butin JOUEUR CASE [--remplace])")
    assert refused(play(CITY), "accuse C3 peut-etre") == (
        "verdict inconnu 'peut-etre' : écrivez juste ou faux (ou right/wrong)")


# -- the sheet: explanations and contradictions ---------------------------------------------------


def test_explanations_are_french(garden, french):
    game = play(garden, "clue area A1 red=yes blue=no", "clue at A2 -o red")
    sheet = game.sheet()
    board = game.board
    assert sheet.explain("blue", board.parse_cell("B2")) == ["B2 est une mare : aucun butin n'y est."]
    assert sheet.explain("blue", board.parse_cell("C2")) == [
        "C2 porte votre propre butin : les cartes Butin sont toutes différentes, donc aucun adversaire n'a le sien là."]
    assert sheet.explain("red", board.parse_cell("A2")) == ["A2 est le butin de red : la seule case restante."]
    assert sheet.explain("blue", board.parse_cell("A1")) == [
        "exclue par l'indice 1 (zone A1 : blue non) : le butin de blue n'est pas dans la zone d'A1 "
        "(A1 ou une case autour)."]
    city = play(CITY, "clue north-of 3", "accuse A1 wrong")
    assert city.sheet().explain("thief", CITY.parse_cell("A1")) == [
        "exclue par l'accusation 2 (A1 fausse) : le voleur n'est pas sur A1."]
    assert city.sheet().explain("thief", CITY.parse_cell("A3")) == [
        "exclue par l'indice 1 (nord-de 3 : voleur oui) : A3 n'est pas au nord de la ligne 3."]


def test_a_contradiction_names_the_clues_in_french(garden, french):
    game = play(garden, "clue area A1 yes -o red")
    message = refused(game, "clue at F3 -o red")
    assert message == ("refusé : avec l'indice 1 (zone A1 : red oui), red n'aurait plus aucune case possible ; "
                       "rien n'a été noté (un indice mal entendu ? retirez-le d'abord : retirer 1)")


# -- the garden's pieces ------------------------------------------------------------------------


def test_the_garden_refuses_in_french(garden, french):
    game = play(garden, "cat C3")
    assert refused(game, "miniature red C3") == (
        "le chat est sur C3 : aucune statuette ne peut être posée sur la case du chat")
    assert refused(game, "cat F1") == (
        "le chat est sur C3 : il se déplace d'une case (les diagonales comptent), pas jusqu'à F1 ; "
        "une carte Nain le déplace jusqu'à 3 cases : ajoutez --trois")
    assert refused(game, "token red A1") == (
        "un jeton se pose sur une case occupée par une statuette de red (aucune dans le jardin) ; "
        "avec la carte 7, ajoutez --alex")
    assert refused(game, "miniature red A1 --from A3") == "red n'a pas de statuette sur A3 à déplacer"
    assert refused(game, "token me A1") == "vous connaissez la face de votre propre jeton : dites taupe ou appât"
    assert refused(game, "reveal A1 1 mole") == "il n'y a aucun jeton sur A1"
    assert refused(game, "mole A1 found") == (
        "les manches ne se jouent qu'à deux joueurs ; à plus de deux, posez des jetons avec jeton JOUEUR CASE "
        "[taupe|appât] [--alex]")
    played = play(garden, "miniature me A1", "miniature me A3", "miniature me C1")
    assert refused(played, "miniature me D1") == (
        "vous avez déjà vos 3 statuettes dans le jardin : déplacez-en une avec --depuis CASE")  # said to me


def test_my_own_name_stands_for_me_and_i_am_said_vous_in_french(garden, french):
    game = DeductionGame.new("t", garden, ["red"], "C2", me="Léa")
    game = game.record(game.read_step("miniature me A1"))
    assert refused(game, "miniature Léa A1") == "vous êtes déjà sur A1"
    assert refused(game, "miniature moi B1 --depuis C1") == "vous n'avez pas de statuette sur C1 à déplacer"
    game = game.record(game.read_step("miniature red C1"))
    assert refused(game, "miniature red C1") == "red est déjà sur C1"


# -- the advisor ---------------------------------------------------------------------------------


def test_advice_is_french(garden, french):
    game = play(garden, opponents=("red",))
    turn = garden_advice.read_turn(garden, game.items, game.item)
    best = advisor.questions(game.sheet(), turn, limit=1)[0]
    assert advisor.split_words(best).endswith(" si non")
    assert " si oui, " in advisor.split_words(best)
    words = garden_advice.turn_words(garden, best, single=True)
    assert words.startswith("prendre ") and ", statuette sur " in words and ", demander : " in words
    assert advisor.odds(game.sheet()).method.startswith("exact : ")
    with pytest.raises(InputError, match=r"^sur new-york les joueurs ne posent pas de questions"):
        garden_advice.read_turn(CITY, ("thief",), str)
    with pytest.raises(InputError,
                       match=r"^sur n'est pas une question sur gnom-street : demandez zone, ligne-de-vue et fleur$"):
        garden_advice.read_turn(garden, game.items, game.item, actions="at")
    with pytest.raises(InputError, match="vouliez-vous dire zone\u00a0\\?"):
        garden_advice.read_turn(garden, game.items, game.item, actions="zonne")


def test_suggest_and_review_speak_french_on_the_command_line(run):
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2").exit_code == 0
    assert run("clue", "area", "A1", "no").exit_code == 0
    suggested = run("--lang", "fr", "suggest").stdout
    assert "prendre " in suggested and " si oui, " in suggested


# -- bad input in French: one line, exit 2, the game file unchanged -----------------------------


@pytest.mark.parametrize("words", [
    ("clue", "zonee", "B3", "oui", "-o", "red"),
    ("clue", "area", "Z9", "oui", "-o", "red"),
    ("clue", "area", "A1", "peut-etre", "-o", "red"),
    ("accuse", "C3", "juste"),  # the garden has no accusation
    ("retract", "9"),
])
def test_bad_input_in_french_is_one_line_and_costs_nothing(run, home, words):
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2").exit_code == 0
    assert run("clue", "area", "A1", "red=yes", "blue=no").exit_code == 0
    before = game_file(home, "gnom-street-1")
    result = run("--lang", "fr", *words)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stdout == ""
    assert any(word in result.stderr for word in ("inconnu", "introuvable", "pas de case", "pas d'entrée",
                                                         "pas d'accusation"))
    assert game_file(home, "gnom-street-1") == before


# -- every refusal formats in French ---------------------------------------------------------


JUNK = ("", "0", "1", "2", "9", "99", "Z9", "B2", "C3", "yes", "non", "red=yes", "blue=non", "zoe", "moi",
        "--opponent", "-o", "--three", "--from", "--by", "--alex", "--next-mine", "--colour", "--bogus", "x=1",
        "'open", "mole", "bait", "found", "raté", "right", "faux", "yellow", "manhattan")


def games():
    garden = shipped_board("gnom-street")
    return (DeductionGame.new("g3", garden, ["red", "blue"], "C2", me="Léa"),
            DeductionGame.new("g2", garden, ["Matt"], "C3"), DeductionGame.new("ny", CITY))


@st.composite
def steps(draw, game: DeductionGame):
    """A step of one of the game's forms: its verb, then words that fit the slots, or junk."""
    from assistant.engine.grammar import expect

    form = draw(st.sampled_from(game.forms()))
    words = [draw(st.sampled_from(form.verbs))]
    for unused in range(draw(st.integers(0, 5))):
        fitting = expect(game, words).values
        if fitting and draw(st.integers(0, 3)):  # mostly words that fit, so that the rules are reached
            words.append(draw(st.sampled_from(fitting)))
        else:
            words.append(draw(st.sampled_from(JUNK)))
    return " ".join(word if word else "''" for word in words)


# Examples of the French refusals: the quick suite reads 50 examples (some 1,000 steps typed at the three games),
# the full proof (pytest -m full) 150; drawing the steps from the grammar is most of the cost.
REFUSAL_EXAMPLES = [pytest.param(50, id="quick"), pytest.param(150, id="full", marks=pytest.mark.full)]


@pytest.mark.parametrize("examples", REFUSAL_EXAMPLES)
def test_every_refusal_of_every_step_formats_in_french(examples):
    """Whatever is typed, a French refusal is a domain error of one line, its placeholders filled."""

    @settings(max_examples=examples)
    @given(st.data())
    def refusals(data):
        i18n.use("fr")
        try:
            for game in games():
                for position in range(data.draw(st.integers(1, 12), label="steps")):
                    step = data.draw(steps(game), label=f"step {position} of {game.name}")
                    try:
                        game = game.record(game.read_step(step))
                    except AssistantError as error:
                        message = str(error)
                        assert message and "\n" not in message
                        assert "{" not in message.replace("{{", "") or "{" in step, message
        finally:
            i18n.use("en")

    refusals()


def test_a_line_made_in_one_language_is_kept_in_every_one_and_read_in_the_one_spoken(french):
    # made where French is spoken (a French phone's entry), read where English is (another phone's page)
    lines = i18n.in_every_language(lambda: i18n._("empty step"))
    assert i18n.language() == "fr"  # the language spoken is the same after
    assert i18n.said_in(lines, "en") == "empty step" and i18n.said_in(lines, "fr") != "empty step"
    assert i18n.said_in({"en": "empty step"}, "fr") == "empty step"  # a language it lacks: the default's
