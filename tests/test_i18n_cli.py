"""The command line in French (issue 14): help, confirmations and click's own usage errors speak the
language asked for, bad input still gets one line, exit 2 and an unchanged game file, and English
reads exactly as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from conftest import game_file

import cli
from assistant.engine import i18n


def start(run, *extra):
    result = run("new", "gnom-street", "--opponents", "red,blue", *extra)
    assert result.exit_code == 0, result.output
    return result


def french(run, *words):
    return run("--lang", "fr", *words)


def shown(text: str) -> str:
    """Output as the installed command prints it: the test runner names the program 'root'."""
    return text.replace("root ", "assistant ")


def typeset(text: str) -> str:
    """French as the help prints it: a no-break space before : ; ! ? (issue 35: click's wrap kept it only
    while wrapping)."""
    return re.sub(r" ([:;!?])", "\u00a0\\1", text)


# -- help -------------------------------------------------------------------------------------


def test_the_whole_help_reads_french(run):
    text = shown(french(run, "-h").stdout)
    assert text.startswith(typeset("Utilisation : assistant [OPTIONS] COMMANDE [ARGS]..."))
    assert "Un compagnon pour les tables de jeux de société" in text
    assert typeset("Options :") in text and typeset("Commandes :") in text
    assert "Installe la complétion pour le shell courant." in text
    # each command by its French word first, its English one beside it: both are read
    assert "indice (clue)           Enregistre un indice entendu à la table." in text
    assert "quête (quest)           Feuille de marque du Roi des Nains" in text
    assert "révéler (reveal) " in text and "table                   Ouvre l'écran de table" in text
    assert "\n  clue " not in text


def test_a_command_typed_in_french_is_named_so_in_its_usage(run):
    assert shown(french(run, "indice", "-h").stdout).startswith(typeset("Utilisation : assistant indice [OPTIONS]"))
    assert shown(french(run, "quête", "donne", "-h").stdout).startswith(typeset("Utilisation : assistant quête donne "))
    assert shown(french(run, "clue", "-h").stdout).startswith(typeset("Utilisation : assistant clue [OPTIONS]"))
    refused = french(run, "quête", "donne", "--nope")
    assert refused.exit_code == 2 and "assistant quête donne --help" in shown(refused.output)


@pytest.mark.parametrize("words, said", [
    (["clue", "-h"], ["Utilisation : assistant clue [OPTIONS] {TYPE MOTS... [RÉPONSE]}",
                      "Exemple : assistant indice ligne-de-vue B3 oui --adversaire rouge",
                      "--card, --carte <texte>", "La partie à utiliser (par défaut : la partie", "[obligatoire]"]),
    (["quest", "-h"], ["Feuille de marque du Roi des Nains : quêtes, donnes, totaux.",
                       "donne (deal)           Enregistre une donne",
                       "reprendre (take-back)  Le Sorcier, entre deux plis"]),
    (["tug", "pull", "-h"], ["Jouez une carte Tirer : le camp le plus puissant", "--zero, --zéro <texte>",
                             "Les couleurs qui valent 2, par exemple", "-g, --game, --partie <texte>"]),
    (["use", "-h"], ["Utilisation : assistant use [OPTIONS] {nom}", "nom  Une partie listée par assistant jeux."]),
    (["suggest", "-h"], ["--top <entier>"]),
])
def test_each_command_help_reads_french(run, words, said):
    result = french(run, *words)
    assert result.exit_code == 0, result.output
    for line in said:
        assert typeset(line) in shown(result.stdout), (line, result.stdout)


def every_help(command, path=("assistant",)):
    """(where, text) for every help text of the click tree: commands, groups, parameters."""
    if command.help:
        yield " ".join(path), command.help
    for param in command.params:
        if getattr(param, "help", None):
            yield f"{' '.join(path)} {param.name}", param.help
    for name, sub in getattr(command, "commands", {}).items():
        yield from every_help(sub, (*path, name))


def test_every_help_text_of_the_command_tree_has_its_french():
    # A help text left unmarked (or a docstring used as help) would stay English in French help.
    i18n.use("fr")
    unmarked = [(where, text) for where, text in every_help(typer.main.get_command(cli.app))
                if i18n._(text) == text and text not in ("JSON.", "[OPTIONS]")]
    assert not unmarked, unmarked[:5]


def test_help_in_english_is_unchanged(run):
    text = shown(run("clue", "-h").stdout)
    assert text.startswith(
        "Usage: assistant clue [OPTIONS] {KIND WORDS... [ANSWER]}\n\n  Record a clue heard at the table.")
    assert "  Example: assistant clue line-of-sight B3 yes --opponent red\n" in text
    assert "--card, --carte <str>" in text and "Options:" in text
    assert shown(run("use", "-h").stdout).startswith(
        "Usage: assistant use [OPTIONS] {name}\n\n  Make NAME the current game.")


# -- what the command says --------------------------------------------------------------------


def test_confirmations_read_french(run, home):
    said = french(run, "new", "gnom-street", "--opponents", "red,blue", "--mine", "c2")
    assert said.stdout == (
        "nouvelle partie gnom-street-1 sur gnom-street ; à trouver : red, blue ; votre butin est en C2\n")
    assert said.stderr.startswith("remarque : le plateau gnom-street n'est pas vérifié (")
    # steps are read in French, in words the tool reads back (the file keeps them in English)
    assert french(run, "clue", "area", "B3", "yes", "-o", "red").stdout.startswith("indice 1 : zone B3 red=oui -> ")
    assert french(run, "undo").stdout.startswith("entrée 1 retirée : indice zone B3 red=oui -> ")
    assert french(run, "history").stdout == "  1. indice zone B3 red=oui (entrée retirée)\n"
    listed = french(run, "games").stdout
    assert listed.startswith(  # the entries standing: the one taken back is not counted
        "* gnom-street-1  gnom-street  moi, red, blue  (0 entrée en vigueur, dernière modification le ")
    assert french(run, "rename", "gnom-street-1", "vendredi").stdout == "partie gnom-street-1 renommée en vendredi\n"
    assert french(run, "use", "vendredi").stdout == "partie courante : vendredi\n"
    assert french(run, "board", "verify", "gnom-street").stdout == "gnom-street : marqué comme vérifié par vous\n"


def test_saved_steps_stay_english_whatever_the_language(run, home):
    # "NEVER change what is saved": the game file holds canonical English words.
    start(run)
    french(run, "indice", "zone", "B3", "oui", "--adversaire", "red")
    assert "- clue area B3 red=yes" in game_file(home, "gnom-street-1").decode()


def test_delete_asks_in_french_and_takes_oui(run, home):
    start(run, "--name", "vendredi")
    words = ["--lang", "fr", "delete", "vendredi"]
    kept = run.runner.invoke(cli.app_for(words), words, input="n\n")
    assert "supprimer définitivement la partie vendredi ? [o/N]:" in kept.stderr
    assert kept.stdout.endswith("partie vendredi gardée\n") and (home / "games" / "vendredi.yaml").is_file()
    deleted = run.runner.invoke(cli.app_for(words), words, input="oui\n")
    assert deleted.exit_code == 0 and deleted.stdout.endswith("partie vendredi supprimée\n")
    assert not (home / "games" / "vendredi.yaml").exists()


def test_delete_without_an_answer_says_so_in_french(run, home):
    start(run, "--name", "vendredi")
    result = french(run, "delete", "vendredi")
    assert result.exit_code == 2
    assert result.stderr.endswith("\nerreur : la partie vendredi n'a pas été supprimée : répondez o à la question, "
                                  "ou ajoutez --oui\n")


def test_an_internal_error_is_one_french_line(run, home, monkeypatch):
    def broken():
        raise RuntimeError("boom")

    from assistant.faces.cli import games

    monkeypatch.setattr(games, "store", broken)
    result = french(run, "games")
    assert result.exit_code == 1
    assert result.stderr == ("erreur : erreur interne (RuntimeError : boom) ; rien n'a été noté. Merci de la signaler "
                             "avec la sortie de la même commande suivie de --traceback\n")


def test_a_mistyped_command_gets_did_you_mean_in_french(run):
    # answered in the language spoken: the French word of the command, as the manual says it
    assert french(run, "clu", "area").stderr == "erreur : commande inconnue 'clu' : vouliez-vous dire indice ?\n"


# -- click's usage errors ---------------------------------------------------------------------

# (words, English exactly as click has always said it, French)
USAGE_ERRORS = [
    (["clue", "area", "B3", "yes", "--bogus"],
     "No such option: --bogus (see: assistant clue --help)",
     "option inconnue : --bogus (voir : assistant clue --help)"),
    (["clue", "area", "B3", "yes", "--oponent", "red"],
     "No such option: --oponent (Possible options: --opponent, --opponents, --power) (see: assistant clue --help)",
     "option inconnue : --oponent (options possibles : --opponent, --opponents, --power) "
     "(voir : assistant clue --help)"),
    (["board", "set", "gnom-street", "C2"],
     "Missing argument 'ATTRIBUTE=VALUE...'. (see: assistant board set --help)",
     "argument manquant : 'ATTRIBUT=VALEUR...'. (voir : assistant board set --help)"),
    (["explain"],
     "Missing argument 'cell'. (see: assistant explain --help)",
     "argument manquant : 'case'. (voir : assistant explain --help)"),
    (["quest", "new"],
     "Missing option '--players'. (see: assistant quest new --help)",
     "option manquante : '--joueurs'. (voir : assistant quest new --help)"),
    (["suggest", "--top", "0"],
     "Invalid value for '--top': 0 is not in the range x>=1. (see: assistant suggest --help)",
     "valeur invalide pour '--top' : 0 n'est pas dans l'intervalle x>=1. (voir : assistant suggest --help)"),
    (["suggest", "--top", "x"],
     "Invalid value for '--top': 'x' is not a valid int range. (see: assistant suggest --help)",
     "valeur invalide pour '--top' : 'x' n'est pas un nombre entier valide. "
     "(voir : assistant suggest --help)"),
    (["quest", "export"],
     "Invalid value: choose one: --csv or --json (see: assistant quest export --help)",
     "valeur invalide : choisissez l'un des deux : --csv ou --json (voir : assistant quest export --help)"),
    (["clue", "area", "B3", "yes", "-o"],
     "Option '-o' requires an argument.",
     "l'option '-o' attend une valeur."),
    (["history", "--json=yes"],
     "Option '--json' does not take a value.",
     "l'option '--json' ne prend pas de valeur."),
    (["undo", "B3", "now"],
     "Got unexpected extra argument(s) (B3 now) (see: assistant undo --help)",
     "argument(s) en trop : (B3 now) (voir : assistant undo --help)"),
    (["history", "-g", "a", "-g", "b"],
     "--game is given twice ('a', 'b'): give it once",
     "--game est donnée deux fois ('a', 'b') : donnez-la une seule fois"),
]


@pytest.mark.parametrize("words, english, french_said", USAGE_ERRORS, ids=[" ".join(w) for w, *_ in USAGE_ERRORS])
def test_a_usage_error_is_one_line_in_each_language_and_changes_nothing(run, home, words, english, french_said):
    start(run)
    run("clue", "area", "B3", "yes", "-o", "red")
    before = game_file(home, "gnom-street-1")
    for result, said in ((run(*words), f"error: {english}\n"), (french(run, *words), f"erreur : {french_said}\n")):
        assert result.exit_code == 2
        assert result.stdout == "" and shown(result.stderr) == said
    assert game_file(home, "gnom-street-1") == before


def test_no_arguments_to_a_group_shows_its_help_in_french(run):
    result = french(run, "tug")
    assert result.exit_code == 2 and typeset("Oh ! les Nains : le suivi de la corde.") in result.stdout


@pytest.mark.parametrize("width", [40, 57, 80, 123])
def test_french_help_keeps_its_no_break_spaces_and_whole_words(run, monkeypatch, width):
    """Issue 35: click rewraps the help and gave plain spaces back. At any width, a French help keeps the
    no-break space before : ; ! ? (no line starts with one) and never cuts a typed word at its hyphen
    ('près-de', 'à-côté-de')."""
    monkeypatch.setenv("COLUMNS", str(width))
    for words in (["indice", "--help"], ["accuser", "--help"], ["corde", "--help"], ["quête", "donne", "--help"],
                  ["--help"]):
        text = french(run, *words).stdout
        assert "\u00a0:" in text, words
        assert re.search(r" [:;!?](\s|$)", text) is None, words
        for line in text.splitlines():
            assert not re.match(r"\s*[:;!?]", line), (words, line)
            assert not re.search(r"\w-$", line), (words, line)  # 'près-' at the end, 'de' on the next line


# -- retract -1 -------------------------------------------------------------------------------


@pytest.mark.parametrize("words", [["retract", "-1"], ["retract", "0"], ["retract", "-1", "--game", "gnom-street-1"],
                                   ["retract", "--game", "gnom-street-1", "-1"], ["retirer", "-1"]])
def test_retract_of_a_negative_number_says_which_numbers_exist(run, home, words):
    """'retract -1' is a wrong entry number, not an unknown option -1."""
    start(run)
    run("clue", "area", "B3", "yes", "-o", "red")
    run("clue", "area", "A1", "no", "-o", "blue")
    before = game_file(home, "gnom-street-1")
    number = words[1] if words[1] != "--game" else words[-1]
    result = run(*words)
    assert result.exit_code == 2
    assert result.stderr == f"error: no entry {number}: entry numbers are 1-2 (see the history)\n"
    in_french = french(run, *words)
    assert in_french.exit_code == 2 and in_french.stderr.startswith("erreur : ")
    assert in_french.stderr.count("\n") == 1 and number in in_french.stderr and "1 à 2" in in_french.stderr
    assert game_file(home, "gnom-street-1") == before


def test_a_negative_number_given_to_an_option_stays_its_value(run):
    start(run)
    result = run("explain", "C3", "-o", "-1")
    assert result.exit_code == 2 and result.stderr.startswith("error: unknown opponent '-1'")


def test_the_options_a_french_player_would_guess_are_read(run, home):
    """--partie, --langue, --tous, --interroger, --vérifier, --plateau: the same options as their English."""
    start(run, "--mine", "C2")
    start(run, "--mine", "C2")  # gnom-street-2 is current now
    english = run("candidates", "--game", "gnom-street-1", "--json")
    assert run("--langue", "fr", "candidates", "--partie", "gnom-street-1", "--json").stdout == english.stdout
    assert run("--langue=fr", "candidats", "-g", "gnom-street-1", "--json").stdout == english.stdout
    assert run("--langue", "en", "history").stdout == run("--lang", "en", "history").stdout
    asked = run("suggest", "--all", "--ask", "red", "--game", "gnom-street-1").stdout
    assert run("suggest", "--tous", "--interroger", "red", "--partie", "gnom-street-1").stdout == asked
    assert run("suggest", "--tous", "--demander", "red", "--partie", "gnom-street-1").stdout == asked
    scenario = str(Path(__file__).resolve().parent.parent / "scenarios" / "gnom-three-players-asked-of-me.yaml")
    checked = run("replay", scenario, "--check")
    assert checked.exit_code == 0 and run("replay", scenario, "--vérifier").stdout == checked.stdout
    refused = french(run, "table", "--plateau", "gnom-street")  # read, then refused: no terminal here
    assert refused.exit_code == 2 and "terminal" in refused.output
    refused = run("--langue")
    assert refused.exit_code == 2 and refused.output.startswith("error: --langue needs a language")
