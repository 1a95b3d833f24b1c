"""What a French table reads and types (issue 26): completion offers only what the step accepts, a
refusal names the step to type, the French is whole, the pictures to share carry the result."""

from __future__ import annotations

import stat

import pytest
from conftest import shipped_board

from assistant.engine import grammar, i18n, words
from assistant.engine.errors import AssistantError
from assistant.faces import pictures as render
from assistant.games.deduction import DeductionGame


@pytest.fixture
def french():
    i18n.use("fr")
    yield
    i18n.use("en")


def play(*steps, opponents=("red", "blue"), mine="C2", me=None):
    game = DeductionGame.new("t", shipped_board("gnom-street"), list(opponents), mine, me=me)
    for step in steps:
        game = game.record(game.read_step(step))
    return game


def offered(game, line: str) -> tuple[str, ...]:
    return grammar.complete(game, line)[1]


def refused(game, step: str) -> str:
    with pytest.raises(AssistantError) as raised:
        game.record(game.read_step(step))
    return str(raised.value)


# -- completion offers only what the step would accept there ------------------------------------


def test_a_flower_clue_is_offered_the_colours_of_its_cell_only():
    """Rules: a flower question names a colour of the cell asked from; A1 has blue and red flowers."""
    game = play()
    assert offered(game, "clue flower A1 ") == ("blue", "red")
    assert offered(game, "clue flower A1 yes -o red --colour ") == ("blue", "red")
    for colour in offered(game, "clue flower A1 "):  # each one offered is accepted
        game.record(game.read_step(f"clue flower A1 {colour} yes -o red"))
    assert offered(game, "clue flower F2 ") == ("yellow", "white")  # another cell, its own colours


def test_pieces_are_offered_no_pond_and_reveal_is_offered_the_stacks():
    game = play("miniature red A1", "token red A1", "miniature blue A3", "token blue A3", "token red A1",
                opponents=("red", "blue", "yellow"))
    cells = offered(game, "miniature red ")
    assert "B2" not in cells and "E2" not in cells and "A2" in cells  # ponds: refused, so not offered
    assert "A1" not in cells  # red stands there already
    assert offered(game, "reveal ") == ("A1", "A3")
    assert offered(game, "reveal A1 ") == ("1", "2")
    assert offered(game, "reveal A3 ") == ("1",)


def test_options_are_offered_in_french_at_a_french_table(french):
    game = play()
    # no colour; --haut: answered aloud
    assert offered(game, "clue area B3 yes -") == ("--adversaire", "--carte", "--par", "--pouvoir", "--haut")
    assert "--couleur" in offered(game, "clue flower A1 -")
    assert offered(game, "clue area B3 yes --op") == ("--opponent",)  # begun in English: finished so


def test_me_completes_to_moi_at_a_french_table(french):
    assert offered(play(), "miniature m") == ("moi",)
    assert offered(play(me="Léa"), "miniature ")[:2] == ("Léa", "moi")
    assert play().read_step("miniature moi A1") == play().read_step("miniature me A1")


# -- a refusal names the step to type ---------------------------------------------------------------


def test_a_contradiction_names_the_step_that_takes_the_clue_back(french):
    game = play("clue area A1 yes -o red")
    assert refused(game, "clue at F3 -o red").endswith(
        "rien n'a été noté (un indice mal entendu ? retirez-le d'abord : retirer 1)")


def test_a_refusal_points_at_the_help_of_the_face_it_is_read_on():
    game = play()
    assert refused(game, "clue bidule A1 yes").startswith("unknown clue kind 'bidule': see assistant clue --help")
    words.use_face("screen")
    try:
        assert refused(game, "clue bidule A1 yes").startswith("unknown clue kind 'bidule': F1 lists the words")
    finally:
        words.use_face("cli")


def test_the_end_of_a_match_says_how_to_start_the_next(french):
    game = play("miniature Matt D3", "mole D3 missed --by Matt --next-mine A2", "miniature Matt C3",
                "mole C3 missed --by Matt --next-mine A1", opponents=("Matt",))
    # issue 33: a finished game refuses every entry but undo and retract, in one line saying how to go on
    assert refused(game, "clue area A1 yes") == (
        "la partie est finie\u00a0: vous gagnez (2\u00a0manches)\u00a0; pour continuer, reprenez la dernière entrée "
        "(annuler) ou commencez la partie suivante\u00a0: nouvelle gnom-street --adversaires Matt")


# -- the French is whole ----------------------------------------------------------------------------


def test_a_step_reads_back_with_its_french_options_and_bare_words(french):
    city = DeductionGame.new("t", shipped_board("new-york"))
    step = city.step(city.read_step("clue near airport --card 'informant 1'"))
    assert grammar.said(city, step) == "indice près-de aéroport oui --carte 'informateur 1'"
    assert city.read_step(grammar.said(city, step)) == city.read_step(step)
    garden = play()
    said = grammar.said(garden, garden.step(garden.read_step("clue area A1 yes -o red --by blue")))
    assert said == "indice zone A1 red=oui --par blue"


def test_de_is_elided_before_a_vowel_and_numbers_take_a_decimal_comma(french):
    said = i18n._("it is {player}'s turn, not {other}'s")
    assert said.format(player="Ana", other="Ben") == "c'est au tour d'Ana, pas de Ben"
    assert said.format(player="Hugo", other="Yann") == "c'est au tour de Hugo, pas de Yann"  # h and y: no elision
    assert i18n.decimal(1.5) == "1,50" and i18n.decimal(2.25, 1) == "2,2"
    i18n.use("en")
    assert i18n.decimal(1.5) == "1.50"


def test_french_flower_letters_are_french_and_never_collide(french):
    flowers = shipped_board("gnom-street").attribute("flowers")
    letters = render.codes(flowers)
    assert letters == {"blue": "B", "red": "R", "yellow": "J", "white": "L"}  # bleu, rouge, jaune, bLanc
    i18n.use("en")
    assert render.codes(flowers) == {"blue": "B", "red": "R", "yellow": "Y", "white": "W"}


def test_a_tie_is_said_as_a_list(french):
    from assistant.games.gnom_street import tally as gnom_tally

    lines = tuple(gnom_tally.Line(player, 1, 0, 0) for player in ("me", "rouge", "bleu"))
    assert gnom_tally.Tally(lines, ()).verdict().startswith("égalité entre vous, rouge et bleu à 1")  # to me
    lines = tuple(gnom_tally.Line(player, 1, 0, 0) for player in ("Léa", "rouge"))
    assert gnom_tally.Tally(lines, (), me="Léa", throw="Léa").verdict() == (
        "égalité entre vous et rouge à 1\u00a0: vous gagnez le lancer de nain et devenez le boss du jardin du "
        "75 Gnom' Street")
    assert gnom_tally.Tally(lines, (), me="Léa", throw="rouge").verdict().endswith(
        "rouge gagne le lancer de nain et devient le boss du jardin du 75 Gnom' Street")


@pytest.mark.parametrize("line, wanted", [
    (["--lang", "fr", "décompte"], "notez le butin"),
    (["--lang", "fr", "quête", "nouvelle", "--joueurs", "Ana,Ben,Cleo"], "Ana"),
    (["--lang", "fr", "feuille", "--cotes"], "%"),
    (["--lang", "fr", "revue"], ""),
])
def test_the_french_names_a_player_would_guess_are_read(run, line, wanted):
    run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2")
    result = run(*line)
    assert "commande inconnue" not in result.output and "option inconnue" not in result.output
    assert wanted in result.output


# -- the pictures to share carry the result ---------------------------------------------------------


def shown_text(svg) -> str:
    """The words an SVG picture shows (Rich writes them span by span, spaces as &#160;)."""
    import html
    import re

    return html.unescape("".join(re.findall(r">([^<]*)</text>", svg.read_text()))).replace("\xa0", " ")


def test_shared_pictures_carry_the_result_and_are_readable_by_others(run, home, tmp_path):
    run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2")
    for step in (["miniature", "me", "A1"], ["loot", "red", "A3"], ["loot", "blue", "F1"], ["loot", "yellow", "D3"]):
        assert run(*step).exit_code == 0
    picture = tmp_path / "tally.svg"
    result = run("tally", "--svg", str(picture))
    assert result.exit_code == 0, result.output
    assert "win with" in shown_text(picture)
    assert stat.S_IMODE(picture.stat().st_mode) & 0o044 == 0o044  # others may read what is shared
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    result = run("quest", "show")
    assert "│ total" in result.stdout and "…" not in result.stdout
    run("tug", "new", "--sides", "Ana,Ben")
    rope = tmp_path / "rope.svg"
    assert run("tug", "show", "--svg", str(rope)).exit_code == 0
    assert "round 1: Ana 0 - 0 Ben" in shown_text(rope)
