"""The score pads' options in French (issue 26: "Every French command and option a player would guess
is read"; "every word the tool writes at a French table").

Each option of a pad step (Le Roi des Nains, Oh ! les Nains) is read in English and in French, accented
or not, and a French table reads it back in French: in read-backs, history, usage lines and refusals
(the generated events of tests/test_roi_words.py and tests/test_tug.py are said without an English option).
What is saved stays English (``read_step(step(e)) == e``), so saved games and exports do not change.
"""

from __future__ import annotations

import re

import pytest
from conftest import game_file
from test_roi_words import pad
from test_tug import PLAYED as ROPE

from assistant.engine import grammar, i18n
from assistant.engine.errors import InputError

FR = ("--lang", "fr")
PADS = {"roi": pad(), "tug": ROPE}


def options_of(game):
    return [(form, option) for form in game.forms() for option in form.options]


def english_spellings(game) -> set[str]:
    """Every option's English spelling (its first), where the French differs: none may show at a French table."""
    return {option.spellings[0] for unused, option in options_of(game) if option.spoken() != option.spellings[0]}


@pytest.mark.parametrize("form, option", [*options_of(PADS["roi"]), *options_of(PADS["tug"])],
                         ids=lambda each: getattr(each, "name", None) or each.verb)
def test_every_pad_option_has_a_french_spelling_it_reads(form, option):
    assert option.french, (form.verb, option.name)
    assert option.french in option.spellings and option.french != option.spellings[0]
    with i18n.speaking("fr"):
        assert option.spoken() == option.french
    assert option.spoken() == option.spellings[0]  # English reads back its English spelling


def spoken_options(text: str) -> set[str]:
    return set(re.findall(r"(?<!\S)--[^\s=]+", text))


# One step of every pad form that takes options, each option given, as a French table reads it back.
ROI_STEPS = [
    ("deal 13A --special flag-bearer --won Ana=Kg,Kb,flag-bearer --won Ben=Kr --special-winner Ana",
     "donne 13A --spéciale porte-étendard --remporte Ana=Rv,Rb,porte-étendard --remporte Ben=Rr "
     "--gagnant-spécial Ana"),
    ("deal 7A --special scout --tricks Ana=5,Ben=5,Cleo=3 --order Ana,Ben --scout Ana=2 --dealer-next Cleo "
     "--replace 1",
     "donne 7A --spéciale éclaireur --plis Ana=5,Ben=5,Cleo=3 --ordre Ana,Ben --éclaireur Ana=2 "
     "--donneur-suivant Cleo --remplace 1"),
    ("deal 20A --special joker --tricks Ana=3,Ben=6,Cleo=4 --special-winner none",
     "donne 20A --spéciale bouffon --plis Ana=3,Ben=6,Cleo=4 --gagnant-spécial personne"),
]
OPEN = pad("deal 1A --special dragon", "trick Ana 3g 4g 5g")


@pytest.mark.parametrize("step, french", ROI_STEPS)
def test_a_deal_reads_back_in_french_options_only_and_the_french_reads_the_same_deal(step, french):
    game = pad()
    event = game.read_step(step)
    with i18n.speaking("fr"):
        said = grammar.said(game, game.step(event))
    assert said == french
    assert not spoken_options(said) & english_spellings(game)
    assert game.read_step(said) == event and game.step(game.read_step(said)) == step


@pytest.mark.parametrize("game, step, french", [
    (OPEN, "trick Ben: 6r 7r dragon --winner Cleo --replace 1", "pli Ben: 6r 7r dragon --gagnant Cleo --remplace 1"),
    (pad("deal 7A --special red-11-swap", "trick Ana 11r 2r 4g"), "take Cleo 6g 7g --back 8g,9g",
     "prendre Cleo 6v 7v --rend 8v,9v"),
    (ROPE, "pull --zero red,green --two blue --by Ana", "tirer --zéro rouge,vert --deux bleu --par Ana"),
    (ROPE, "gnome multi yellow --by Ana", "nain multicolore jaune --par Ana"),
    (ROPE, "squirrels 2 --by Ana", "écureuils 2 --par Ana"),
    (ROPE, "exchange --by Ana", "échange --par Ana"),
    (ROPE, "contre red --by Ana", "contre rouge --par Ana"),
])
def test_a_trick_a_hand_change_and_a_move_read_back_in_french(game, step, french):
    event = game.read_step(step)
    with i18n.speaking("fr"):
        said = grammar.said(game, game.step(event))
    assert said == french and not spoken_options(said) & english_spellings(game)
    assert game.read_step(said) == event and game.step(game.read_step(said)) == step


def test_the_seating_flag_is_read_in_french_too():
    assert OPEN.read_step("pli Ben 6r 7r 8r --ordre-de-table") == OPEN.read_step("trick Ben 6r 7r 8r --seating")
    assert OPEN.read_step("pli Ben 6r 7r 8r --places") == OPEN.read_step("trick Ben 6r 7r 8r --seating")


@pytest.mark.parametrize("typed", ["--speciale", "--spéciale", "--carte-speciale", "--carte-spéciale"])
def test_the_special_card_option_is_read_accented_or_not(typed):
    assert pad().read_step(f"donne 3A {typed} druide") == pad().read_step("deal 3A --special druid")


def test_a_french_hint_and_the_completion_offer_the_french_options():
    with i18n.speaking("fr"):
        assert grammar.complete(OPEN, "pli Ben 6r 7r 8r --g") == ("--g", ("--gagnant",))
        assert grammar.complete(ROPE, "tirer --z") == ("--z", ("--zéro",))
        assert "--spéciale" in grammar.complete(pad(), "donne 3A --")[1]


def test_an_option_given_twice_is_named_as_the_table_speaks():
    with i18n.speaking("fr"), pytest.raises(InputError) as refused:
        pad().read_step("donne 3A --spéciale druide --special scout")
    assert str(refused.value).startswith("--spéciale ")


# -- the command line ---------------------------------------------------------------------------


def typed_spellings(app, *path: str) -> dict[str, set[str]]:
    """The spellings of each option of a command of the typer app: option name -> every spelling."""
    import typer.main

    command = typer.main.get_command(app)
    for name in path:
        command = command.commands[name]
    return {param.name: set(param.opts) for param in command.params if param.param_type_name == "option"}


@pytest.mark.parametrize("path, form", [
    (("quest", "deal"), "deal"), (("quest", "trick"), "trick"), (("quest", "take"), "take"),
    (("tug", "pull"), "pull"), (("tug", "gnome"), "gnome"), (("tug", "squirrels"), "squirrels"),
])
def test_the_command_line_reads_the_spellings_its_step_reads(path, form):
    """The command line and the table screen read the same option words (cli.py spells them again:
    it imports no core at start-up)."""
    import cli

    game = PADS["tug"] if path[0] == "tug" else pad()
    typed = typed_spellings(cli.app, *path)
    for option in grammar.form_for(game, form).options:
        assert set(option.spellings) == typed[option.name.replace("-", "_")], option.name


def test_a_whole_french_deal_typed_with_french_options_is_saved_in_english(run, home):
    assert run(*FR, "quête", "nouvelle", "--joueurs", "Ana,Ben,Cleo").exit_code == 0
    typed = ["quête", "donne", "13A", "--spéciale", "porte-étendard", "--remporte", "Ana=Rv,Rb,porte-etendard",
             "--remporte", "Ben=Rr", "--gagnant-spécial", "Ana"]
    assert run(*FR, *typed).exit_code == 0
    assert run(*FR, "quête", "donne", "7A", "--carte-speciale", "druide", "--plis", "Ana=5,Ben=4,Cleo=4",
               "--donneur-suivant", "Ben").exit_code == 0
    assert run(*FR, "quête", "donne", "1A", "--spéciale", "dragon").exit_code == 0
    assert run(*FR, "quête", "pli", "Ana", "3v", "4v", "5v", "--gagnant", "Cleo").exit_code == 0
    assert run(*FR, "quête", "pli", "Cleo", "6r", "7r", "8r", "--ordre-de-table", "--remplace", "1").exit_code == 0
    saved = game_file(home, "roi-des-nains-1").decode()
    assert "deal 13A --special flag-bearer --won Ana=Kg,Kb,flag-bearer --won Ben=Kr --special-winner Ana" in saved
    assert "deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4 --dealer-next Ben" in saved
    french = run(*FR, "history").stdout
    assert "donne 13A --spéciale porte-étendard --remporte Ana=Rv,Rb,porte-étendard --remporte Ben=Rr " \
           "--gagnant-spécial Ana" in french
    assert "donne 7A --spéciale druide --plis Ana=5,Ben=4,Cleo=4 --donneur-suivant Ben" in french
    assert "pli Ana: 3v 4v 5v" in french and "--remplace 1" in french
    assert not spoken_options(french) & english_spellings(pad())
    english = run("history").stdout
    assert "deal 13A --special flag-bearer --won Ana=Kg,Kb,flag-bearer" in english


def test_a_whole_french_match_typed_with_french_options_reads_back_in_french(run, home):
    assert run(*FR, "corde", "nouvelle", "--camps", "Ana,Ben").exit_code == 0
    for move in ("nain rouge --par Ana", "nain bleu --par Ben", "tirer --zéro bleu --deux rouge",
                 "tirer --zero rouge --deux bleu"):
        assert run(*FR, "corde", *move.split()).exit_code == 0, move
    assert "pull --zero blue --two red --by Ana" in game_file(home, "oh-les-nains-1").decode()
    assert run(*FR, "history").stdout.splitlines() == [
        "  1. nain rouge --par Ana", "  2. nain bleu --par Ben", "  3. tirer --zéro bleu --deux rouge --par Ana",
        "  4. tirer --zéro rouge --deux bleu --par Ben"]


@pytest.mark.parametrize("words, said", [
    (("quête", "donne", "3A"), "option manquante : '--spéciale'"),
    (("quête", "donne", "1A", "--spéciale", "druide", "--plis", "Ana=4,Ben=4,Cleo=5"),
     "donnez --ordre avec le gagnant de chaque pli"),
    (("quête", "donne", "13A", "--spéciale", "druide", "--plis", "Ana=4,Ben=4,Cleo=5"),
     "--remporte NOM=cartes"),
    (("quête", "donne", "13A", "--spéciale", "porte-etendard", "--remporte", "Ana=Rv"),
     "--gagnant-spécial NOM"),
    (("quête", "pli", "Ana", "3v", "4v", "5v"),
     "commencez-en une avec assistant quête donne QUÊTE --spéciale CARTE"),
])
def test_a_refused_deal_names_the_french_options(run, home, words, said):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    before = game_file(home, "roi-des-nains-1")
    refused = run(*FR, *words)
    assert refused.exit_code in (1, 2) and refused.stderr.count("\n") == 1 and said in refused.stderr, refused.stderr
    assert not spoken_options(refused.stderr) & english_spellings(pad())
    assert game_file(home, "roi-des-nains-1") == before


def test_a_refused_move_and_a_refused_take_back_quote_french_steps(run, home):
    run("tug", "new", "--sides", "Ana,Ben")
    for move in ("gnome red --by Ana", "gnome blue --by Ben", "pull --two green", "pull --zero red --two blue"):
        run("tug", *move.split())
    refused = run(*FR, "retirer", "3").stderr
    assert "(tirer --deux vert --par Ana)" in refused and "(tirer --zéro rouge --deux bleu --par Ben)" in refused
    assert "take back" not in refused and "--by" not in refused


@pytest.mark.parametrize("step, said", [
    ("écureuils", "écrivez : écureuils 1|2|3 [--par NOM]"),
    ("tirer rouge", "écrivez : tirer --zéro COULEURS --deux COULEURS [--par NOM]"),
    ("nain", "écrivez : nain COULEUR, nain multi COULEUR, ou nain COULEUR AUTRE (plus aucun nain de COULEUR) "
             "[--par NOM]"),
])
def test_a_move_with_the_wrong_words_says_its_usage_in_french(step, said):
    with i18n.speaking("fr"), pytest.raises(InputError) as refused:
        ROPE.read_step(step)
    assert str(refused.value) == said


@pytest.mark.parametrize("step, said", [
    ("donne 3A", "quelle carte spéciale a été mélangée ? ajoutez --spéciale NOM (par exemple --spéciale "
                 "porte-étendard)"),
    ("donne", "écrivez : donne QUÊTE --spéciale CARTE [--plis ...] (QUÊTE : une tuile et sa face, "
              "par exemple 13A)"),
    ("pli Ana 3v 4v 5v", "aucune donne en cours : commencez-en une avec assistant quête donne QUÊTE --spéciale "
                         "CARTE"),
])
def test_a_deal_with_the_wrong_words_names_the_french_options_on_the_screen_too(step, said):
    with i18n.speaking("fr"), pytest.raises(InputError) as refused:
        pad().read_step(step)
    assert str(refused.value) == said


def test_the_french_help_of_a_deal_lists_the_french_spellings(run):
    help_text = run(*FR, "quête", "donne", "--help").stdout
    for spelling in ("--spéciale", "--plis", "--ordre", "--remporte", "--gagnant-spécial", "--donneur-suivant",
                     "--remplace"):
        assert spelling in help_text, spelling
    assert "assistant quête donne 13A --spéciale porte-étendard --remporte" in " ".join(help_text.split())


def test_the_french_options_change_no_saved_word(run, home):
    """The saved words are English whatever the table speaks: a deal typed in French is saved as in English."""
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "en")
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "fr")
    run("quest", "deal", "3A", "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4", "--won", "Ana=3g,4b",
        "--game", "en")
    run(*FR, "quête", "donne", "3A", "--spéciale", "druide", "--plis", "Ana=5,Ben=4,Cleo=4",
        "--remporte", "Ana=3v,4b", "--game", "fr")

    def deals(name: str) -> list[str]:
        return [line for line in game_file(home, name).decode().splitlines() if "deal 3A" in line]

    assert deals("en") == deals("fr") == [deals("en")[0]] and "--special druid --tricks" in deals("en")[0]


def test_a_counter_refused_in_french_names_the_card_in_french(run):
    run("tug", "new", "--sides", "Ana,Ben", "--counters")
    for move in ("gnome red --by Ana", "gnome blue --by Ben", "gnome green"):
        run("tug", *move.split())
    assert run(*FR, "corde", "contre", "multi", "rouge").stderr.endswith(
        "il faut une carte nain vert ou une carte multicolore (reçu : multicolore rouge)\n")
    assert run("tug", "contre", "multi", "red").stderr.endswith("(got multi red)\n")  # English: as typed


# -- the garden tally -----------------------------------------------------------------------------

FRENCH_END = ("joueurs: [Ana, Ben, Cleo]\nstatuettes: {Ana: 3, Ben: 0, Cleo: 1}\nbutin: {Ana: A1, Ben: D3, Cleo: F2}\n"
              "piles: {D3: [Ana taupe, Cleo taupe, Ben taupe, Ana taupe], A1: [Ana taupe],\n"
              "        C1: [Ben appât, Cleo taupe, Ben taupe]}\n"
              "Réglages: {règles: en}\n")
ENGLISH_END = ("players: [Ana, Ben, Cleo]\nminiatures: {Ana: 3, Ben: 0, Cleo: 1}\nloot: {Ana: A1, Ben: D3, Cleo: F2}\n"
               "stacks: {D3: [Ana mole, Cleo mole, Ben mole, Ana mole], A1: [Ana mole],\n"
               "         C1: [Ben bait, Cleo mole, Ben mole]}\n"
               "settings: {rules: en}\n")


def test_a_tally_file_written_in_french_scores_as_the_english_one(run, tmp_path):
    french, english = tmp_path / "fin.yaml", tmp_path / "end.yaml"
    french.write_text(FRENCH_END)
    english.write_text(ENGLISH_END)
    assert run("tally", str(french), "--json").stdout == run("tally", str(english), "--json").stdout
    assert run(*FR, "décompte", str(french)).stdout == run(*FR, "tally", str(english)).stdout
    plain = tmp_path / "sans-reglages.yaml"
    plain.write_text(FRENCH_END.replace("Réglages: {règles: en}\n", ""))
    by_option = run(*FR, "décompte", str(plain), "--règles", "en").stdout
    assert by_option == run(*FR, "tally", str(english)).stdout != run(*FR, "décompte", str(plain)).stdout


def test_a_wrong_tally_file_in_french_names_its_keys_as_the_file_spells_them(run, tmp_path):
    path = tmp_path / "fin.yaml"
    path.write_text("joueurs: [Ana, Ben, Cleo]\nbutin: {Ana: A1, Ben: D3, Cleo: F2}\npiles: {D3: [Ana chat]}\n"
                    "réglages: {règles: de}\nplayers: [Ana, Ben, Cleo]\n")
    refused = run(*FR, "décompte", str(path))
    assert refused.exit_code == 1 and refused.stderr.count("\n") == 1
    assert f"{path}: joueurs: joueurs et players sont la même clé : donnez-la une seule fois" in refused.stderr
    assert f"{path}: piles.D3[0]: jeton inconnu 'chat'" in refused.stderr
    assert f"{path}: réglages.règles: règle inconnue 'de'" in refused.stderr
    path.write_text("joueurs: [Ana, Ben]\n")
    assert f"{path}: joueurs: une partie à deux joueurs" in run(*FR, "décompte", str(path)).stderr


def test_a_special_card_refused_in_french_is_named_as_a_french_table_types_it(run):
    """'11r' is the Shaman or the red 11 that takes two cards: a French table reads and types 'Chaman'."""
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    assert run(*FR, "quête", "donne", "7A", "--spéciale", "11r").stderr == \
        "erreur : '11r' désigne deux cartes : précisez laquelle par son nom (Chaman et 11 rouge qui prend deux " \
        "cartes)\n"
    assert ("les cartes spéciales sont Druide, Porte-étendard, Bricoleur, Bouffon, 11 bleu qui fait tourner les "
            "mains, Enchanteur") in run(*FR, "quête", "donne", "7A", "--spéciale", "x").stderr
    assert run(*FR, "quête", "donne", "7A", "--spéciale", "Chaman").exit_code == 0
