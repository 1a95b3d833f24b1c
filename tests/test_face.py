"""What a command line is expected to have (issue 14): version, -h, 'did you mean', French
command words, games listed, deleted and renamed, JSON, your own name, pictures to share."""

import json
from pathlib import Path

import pytest
from conftest import game_file

import cli

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"


def start(run, *extra):
    result = run("new", "gnom-street", *extra)
    assert result.exit_code == 0, result.output
    return result


# -- the basics -------------------------------------------------------------------------------


def test_version(run):
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.startswith("assistant ")


@pytest.mark.parametrize("words", [["-h"], ["clue", "-h"], ["board", "-h"], ["board", "show", "-h"],
                                   ["quest", "deal", "-h"], ["tug", "-h"]])
def test_dash_h_is_help_everywhere(run, words):
    result = run(*words)
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.stdout and "-h, --help" in result.stdout


def test_a_mistyped_command_gets_one_line_with_the_closest_command(run):
    start(run)
    before = game_file(run_home(run), "gnom-street-1")
    result = run("clu", "area", "B3", "yes")
    assert result.exit_code == 2
    assert result.stderr == "error: no such command 'clu': did you mean clue?\n"
    assert game_file(run_home(run), "gnom-street-1") == before
    assert run("frobnicate").stderr.startswith("error: no such command 'frobnicate': see ")
    assert run("quest", "dael", "1A").stderr == "error: no such command 'dael': did you mean deal?\n"


def run_home(run):
    import os

    return Path(os.environ["ASSISTANT_HOME"])


@pytest.mark.parametrize("french, english", [
    (["feuille"], ["sheet"]), (["candidats"], ["candidates"]), (["historique"], ["history"]),
    (["expliquer", "A1"], ["explain", "A1"]), (["suggerer"], ["suggest"]), (["suggérer"], ["suggest"]),
    (["jeux"], ["games"]), (["parties"], ["games"]),
])
def test_french_command_words_do_what_the_english_ones_do(run, french, english):
    start(run)
    run("clue", "area", "B3", "yes")
    result = run(*french)
    assert result.exit_code == 0, result.output
    assert result.stdout == run(*english).stdout


def test_indice_and_accuser_record_like_clue_and_accuse(run):
    start(run)
    assert run("indice", "zone", "B3", "oui").stdout.startswith("clue 1: area B3 yes")
    assert run("history").stdout.splitlines() == ["  1. clue area B3 yes"]
    assert run("new", "new-york").exit_code == 0  # the accusation is the city's step (the garden has none)
    assert run("accuser", "A1", "faux").exit_code == 0
    assert run("history").stdout.splitlines() == ["  1. accuse A1 wrong"]


def test_annuler_and_retirer_take_back(run):
    start(run)
    run("indice", "zone", "B3", "oui")
    run("indice", "zone", "A1", "non")
    assert run("annuler").stdout.startswith("took back entry 2")
    assert run("retirer", "1").stdout.startswith("took back entry 1")


def test_french_command_words_stay_out_of_the_help(run):
    assert "indice" not in run("--help").stdout


def test_french_option_spellings(run):
    start(run, "--adversaires", "rouge,bleu", "--butin", "C2", "--nom", "soir", "--moi", "Lea")
    result = run("indice", "zone", "A1", "oui", "--adversaire", "rouge")
    assert result.exit_code == 0, result.output
    assert run("expliquer", "F3", "--adversaire", "rouge").stdout.startswith("ruled out by clue 1")
    assert run("butin", "bleu", "B1").exit_code == 0


# -- games: listed, deleted, renamed ------------------------------------------------------------


def test_games_lists_board_players_entries_and_last_change(run):
    start(run, "--opponents", "red,blue", "--me", "Lea", "--name", "friday")
    run("clue", "area", "A1", "red=yes")
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "roi")
    lines = run("games").stdout.splitlines()
    assert lines[0].startswith("  friday  gnom-street    Lea, red, blue  (1 entry standing, changed 20")
    assert lines[1].startswith("* roi     roi-des-nains  Ana, Ben, Cleo  (0 entries standing, changed 20")
    listed = json.loads(run("games", "--json").stdout)
    assert [(g["name"], g["kind"], g["players"], g["entries"], g["current"]) for g in listed] == [
        ("friday", "gnom-street", ["Lea", "red", "blue"], 1, False),
        ("roi", "roi-des-nains", ["Ana", "Ben", "Cleo"], 0, True)]
    assert listed[0]["changed"].startswith("20") and listed[0]["problem"] is None


def test_a_damaged_game_is_listed_with_its_problem(run, home):
    start(run, "--name", "friday")
    (home / "games" / "friday.yaml").write_text("events: [", encoding="utf-8")
    line = run("games").stdout.splitlines()[0]
    assert line.startswith("* friday  damaged: ")


def test_delete_asks_first(run, home):
    start(run, "--name", "friday")
    result = run.runner.invoke(cli.app_for(["delete", "friday"]), ["delete", "friday"], input="n\n")
    assert result.exit_code == 0 and "kept game friday" in result.stdout
    assert (home / "games" / "friday.yaml").is_file()
    result = run.runner.invoke(cli.app_for(["delete", "friday"]), ["delete", "friday"], input="y\n")
    assert result.exit_code == 0 and "deleted game friday" in result.stdout
    assert not (home / "games" / "friday.yaml").exists()
    assert run("games").stdout.startswith("no games yet")
    assert run("sheet").stderr.startswith("error: no current game")


def test_delete_without_an_answer_deletes_nothing(run, home):
    start(run, "--name", "friday")
    result = run("delete", "friday")  # no input: the question gets no answer
    assert result.exit_code == 2
    assert result.stderr.endswith("\nerror: game friday was not deleted: answer y at the question, or add --yes\n")
    assert (home / "games" / "friday.yaml").is_file()


def test_delete_yes_and_an_unknown_game(run, home):
    start(run, "--name", "friday")
    start(run, "--name", "saturday")
    assert run("delete", "friday", "--yes").stdout == "deleted game friday\n"
    assert run("games").stdout.startswith("* saturday")  # the current game stays current
    result = run("supprimer", "friday", "--oui")
    assert result.exit_code == 2 and result.stderr.startswith("error: no game 'friday'")


def test_rename_keeps_the_log_and_the_current_game(run, home):
    start(run, "--name", "friday")
    run("clue", "area", "A1", "yes")
    before = game_file(home, "friday")
    assert run("rename", "friday", "saturday").stdout == "renamed game friday to saturday\n"
    assert game_file(home, "saturday") == before and not (home / "games" / "friday.yaml").exists()
    assert run("history").stdout == "  1. clue area A1 yes\n"
    assert run("games").stdout.startswith("* saturday")


def test_rename_refuses_a_taken_or_bad_name_and_changes_nothing(run, home):
    start(run, "--name", "friday")
    start(run, "--name", "saturday")
    before = game_file(home, "friday")
    result = run("rename", "friday", "saturday")
    assert result.exit_code == 2
    assert result.stderr == "error: a game called 'saturday' exists already: pick another name\n"
    assert run("rename", "friday", "a/b").stderr.startswith("error: game name 'a/b'")
    assert game_file(home, "friday") == before


# -- JSON -------------------------------------------------------------------------------------


def test_history_and_explain_in_json(run):
    start(run, "--opponents", "red,blue")
    run("clue", "area", "A1", "yes", "-o", "red")
    run("clue", "flower", "C1", "yes", "-o", "red", "--colour", "yellow")
    run("undo")
    assert json.loads(run("history", "--json").stdout) == [
        {"number": 1, "step": "clue area A1 red=yes", "retracted": False},
        {"number": 2, "step": "clue flower C1 yellow red=yes", "retracted": True}]
    explained = json.loads(run("explain", "F3", "--json").stdout)
    assert explained["cell"] == "F3" and set(explained["explained"]) == {"red", "blue"}
    assert explained["explained"]["red"][0].startswith("ruled out by clue 1")


def test_a_score_pad_history_in_json(run):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    assert json.loads(run("history", "--json").stdout) == []


# -- my own name --------------------------------------------------------------------------------


def test_my_name_is_saved_in_the_header_and_results_say_you_to_me(run, home):
    """Two players: 'Une partie à deux joueurs se joue en deux manches gagnantes.' The results are said to me:
    'you', whatever my name (issue 49)."""
    start(run, "--me", "Léa", "--mine", "C2")
    assert "me: Léa" in game_file(home, "gnom-street-1").decode()
    run("miniature", "me", "D3")  # a Mole goes where one of its owner's miniatures is
    first = run("mole", "D3", "found", "--next-mine", "A2")
    assert first.stdout.splitlines()[-1] == "match: you 1 - 0 opponent; set 2 starts"
    run("miniature", "me", "B3")
    second = run("mole", "B3", "found", "--next-mine", "A1")
    assert second.stdout.splitlines()[-1] == "match: you 2 - 0 opponent: you win the match"
    assert run("sheet").stdout.splitlines()[-1] == "match: you 2 - 0 opponent: you win the match"
    assert run("--lang", "fr", "feuille").stdout.splitlines()[-1] == \
        "manches\u00a0: vous 2 - 0 opponent\u00a0: vous gagnez la partie"
    assert "finished " in run("games").stdout and ": you win (2 sets)" in run("games").stdout
    refused = run("--lang", "fr", "statuette", "moi", "A3")
    assert "la partie est finie\u00a0: vous gagnez (2\u00a0manches)\u00a0;" in refused.stderr, refused.stderr


def test_my_name_is_a_word_for_me(run):
    start(run, "--opponents", "red,blue", "--me", "Lea", "--mine", "C2")
    result = run("miniature", "lea", "A1")
    assert result.exit_code == 0, result.output
    assert run("history").stdout == "  1. miniature me A1\n"


def test_my_name_must_differ_from_the_opponents(run):
    result = run("new", "gnom-street", "--opponents", "red,blue", "--me", "Red")
    assert result.exit_code == 2 and result.stderr == "error: two players share a name: red, blue, Red\n"


def test_the_match_winner_is_me_said_you_or_the_opponent_by_name(store):
    from assistant.games.deduction import DeductionGame

    game = DeductionGame.new("t", store.board("gnom-street"), None, "C2", "Léa")
    game = game.record(game.read("miniature", ["me", "D3"], {}))  # a Mole goes where a miniature of its owner is
    game = game.record(game.read("mole", ["D3", "found"], {"next_mine": "A2"}))
    game = game.record(game.read("miniature", ["me", "B3"], {}))
    game = game.record(game.read("mole", ["B3", "found"], {"next_mine": "A1"}))
    assert game.report()[-1] == "match: you 2 - 0 opponent: you win the match"
    lost = DeductionGame.new("t", store.board("gnom-street"), ["Matt"], "C2", "Léa")
    lost = lost.record(lost.read("miniature", ["me", "D3"], {}))
    lost = lost.record(lost.read("mole", ["D3", "missed"], {"next_mine": "A2"}))
    assert lost.report()[-1] == "match: you 0 - 1 Matt; set 2 starts"
    lost = lost.record(lost.read("miniature", ["me", "B3"], {}))
    lost = lost.record(lost.read("mole", ["B3", "missed"], {"next_mine": "A1"}))
    assert lost.report()[-1] == "match: you 0 - 2 Matt: Matt wins the match"


# -- pictures --------------------------------------------------------------------------------------


def test_the_unverified_notice_is_not_repeated_by_replay(run):
    result = run("replay", str(SCENARIOS / "gnom-area.yaml"))
    assert result.exit_code == 0 and "notice:" not in result.stderr


@pytest.mark.parametrize("words", [["sheet"], ["board", "show", "gnom-street"]])
def test_svg_and_html_save_the_picture(run, tmp_path, words):
    start(run, "--opponents", "red,blue")
    svg, html = tmp_path / "p.svg", tmp_path / "p.html"
    result = run(*words, "--svg", str(svg), "--html", str(html))
    assert result.exit_code == 0, result.output
    assert f"saved {svg}" in result.stderr and f"saved {html}" in result.stderr
    assert svg.read_text(encoding="utf-8").startswith("<svg") and "A1" in svg.read_text(encoding="utf-8")
    assert "<html>" in html.read_text(encoding="utf-8") and "flowers:" in html.read_text(encoding="utf-8")


def test_a_picture_that_cannot_be_saved_is_one_line(run, tmp_path):
    start(run)
    result = run("sheet", "--svg", str(tmp_path / "no" / "such" / "\0.svg"))
    assert result.exit_code == 1 and result.stderr.startswith("error: cannot save the picture in")
    assert result.stderr.count("\n") == 1


def test_no_color_board_show_reads_in_plain_text(run, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    result = run("board", "show", "gnom-street")
    assert "│1│A1\"BR│B1♣YW│" in result.stdout and "\x1b[" not in result.stdout


def test_a_three_opponent_sheet_fits_80_columns(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    start(run, "--opponents", "red,blue,yellow", "--mine", "C2")
    lines = run("sheet").stdout.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert lines[0].split() == ["red:", "15", "cells", "left", "blue:", "15", "cells", "left"]


@pytest.mark.parametrize("scenario", ["gnom-four-players-mick.yaml", "ny-near-jfk.yaml"])
def test_a_replay_fits_80_columns(run, monkeypatch, scenario):
    monkeypatch.setenv("COLUMNS", "80")
    result = run("replay", str(SCENARIOS / scenario))
    assert result.exit_code == 0, result.output
    assert max(len(line.rstrip()) for line in result.stdout.splitlines()) <= 80


def test_the_tally_names_me_in_its_table_and_says_you_to_me(run):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--me", "Léa")
    for words in [("miniature", "Léa", "D1"), ("token", "me", "D1", "mole"), ("miniature", "red", "D1", "--new-turn"),
                  ("token", "red", "D1"), ("miniature", "blue", "F3"), ("token", "blue", "F3"),
                  ("reveal", "D1", "2", "mole"), ("reveal", "F3", "1", "bait"),
                  ("loot", "red", "D1"), ("loot", "blue", "A1")]:
        result = run(*words)
        assert result.exit_code == 0, (words, result.stderr)
    data = json.loads(run("tally", "--json").stdout)
    assert list(data["players"]) == ["Léa", "red", "blue"]
    shown = run("tally").stdout
    assert "D1 (red's loot): your mole, number 1: 5" in shown and "│ Léa " in shown  # my row: my name
    assert shown.splitlines()[-1] == "you win with 4 points and become the boss of 75 Gnom' Street"
    assert "me" not in shown.split()
    french = run("--lang", "fr", "décompte").stdout
    assert "D1 (butin de red)\u00a0: votre Taupe, n° 1\u00a0: 5" in french, french
    assert french.splitlines()[-1] == "vous gagnez avec 4 points et devenez le boss du jardin du 75 Gnom' Street"


@pytest.mark.parametrize("command", [["quest", "show"], ["tug", "show"]])
def test_the_pads_pictures_can_be_shared_as_svg_and_html(run, tmp_path, command):
    if command[0] == "quest":
        run("quest", "new", "--players", "Ana,Ben,Cleo")
    else:
        run("tug", "new", "--sides", "Ana,Ben")
    svg, html = tmp_path / "p.svg", tmp_path / "p.html"
    result = run(*command, "--svg", str(svg), "--html", str(html))
    assert result.exit_code == 0, result.output
    assert svg.read_text(encoding="utf-8").startswith("<svg") and "<html" in html.read_text(encoding="utf-8").lower()
