"""The command line, as a player uses it (typer.testing.CliRunner)."""

import json

import pytest
from conftest import game_file

from assistant.store.folder import shipped_folder


def start(run, *extra):
    result = run("new", "gnom-street", *extra)
    assert result.exit_code == 0, result.output
    return result


def test_a_two_player_game_takes_the_clue_exactly_as_typed(run):
    start(run)
    result = run("clue", "line-of-sight", "B3", "yes")
    assert result.exit_code == 0, result.output
    assert result.stdout == "clue 1: line-of-sight B3 yes -> opponent: 7 cells left\n"
    cells = json.loads(run("candidates", "--json").stdout)
    assert cells == {"opponent": ["A3", "B1", "B3", "C3", "D3", "E3", "F3"]}  # row 3, column B; B2 is a pond


def test_candidates_json_maps_each_opponent_to_sorted_cells(run):
    start(run, "--opponents", "red,blue", "--mine", "C2")
    run("clue", "area", "A1", "red=yes", "blue=no")
    cells = json.loads(run("candidates", "--json").stdout)
    assert cells["red"] == ["A1", "A2", "B1"]
    assert cells["blue"] == ["A3", "B3", "C1", "C3", "D1", "D2", "D3", "E1", "E3", "F1", "F2", "F3"]


def test_new_prints_the_unverified_notice_on_stderr(run):
    result = start(run, "--opponents", "red,blue,yellow")
    assert "hunting red, blue, yellow" in result.stdout
    assert result.stderr.startswith("notice: board gnom-street is unverified")
    assert result.stderr.count("\n") == 1


def test_sheet_draws_every_opponent_and_a_loud_line_when_found(run):
    start(run, "--opponents", "red,blue")
    run("clue", "at", "D3", "-o", "red")
    result = run("sheet")
    assert result.exit_code == 0
    assert "red: FOUND at D3" in result.stdout
    assert ">>> found: red's loot is on D3 <<<" in result.stdout
    assert "blue: 15 cells left" in result.stdout
    assert "≈≈≈" in result.stdout and "╳" in result.stdout


def test_history_undo_retract_explain(run):
    start(run, "--opponents", "red,blue")
    run("clue", "area", "A1", "yes", "-o", "red")
    run("clue", "flower", "C1", "yes", "-o", "red", "--colour", "yellow")
    assert run("explain", "A1", "-o", "red").stdout.startswith(
        "ruled out by clue 2 (flower C1 yellow: red yes): A1 is not under yellow flowers.")
    assert "blue is" not in run("explain", "B1", "-o", "blue").stdout
    assert "red is pinned to B1 by clues 1 and 2" in run("explain", "B1", "-o", "blue").stdout
    assert run("history").stdout.splitlines() == [
        "  1. clue area A1 red=yes", "  2. clue flower C1 yellow red=yes"]
    assert run("undo").stdout.startswith("took back entry 2")
    assert run("retract", "1").stdout.startswith("took back entry 1")
    assert run("history").stdout.splitlines()[-1].endswith("(retracted)")
    result = run("undo")
    assert result.exit_code == 2 and result.stderr == "error: nothing to undo: no entry is recorded\n"


def test_games_use_and_the_game_option(run):
    start(run, "--name", "friday")
    start(run, "--name", "saturday")
    assert [line.split()[:2] for line in run("games").stdout.splitlines()] == [["friday", "gnom-street"],
                                                                               ["*", "saturday"]]
    run("clue", "area", "A1", "yes", "--game", "friday")
    assert run("history", "-g", "friday").stdout.startswith("  1.")
    assert run("history").stdout == "no clues yet\n"
    run("use", "friday")
    assert run("games").stdout.splitlines()[0].startswith("* friday ")


BAD_COMMANDS = [
    (["clue", "area", "Z9", "yes", "-o", "red"], "no cell 'Z9'"),
    (["clue", "area", "B2", "yes", "-o", "red"], "B2 is a pond"),
    (["clue", "zonee", "B3", "yes", "-o", "red"], "unknown clue kind 'zonee'"),
    (["clue", "flower", "B3", "yes", "-o", "red", "-c", "white"], "B3 shows blue and yellow flowers"),
    (["clue", "flower", "B3", "yes", "-o", "red", "-c", "purple"], "unknown flowers 'purple'"),
    (["clue", "area", "B3", "yes", "-o", "green"], "unknown opponent 'green'"),
    (["clue", "area", "B3", "maybe", "-o", "red"], "unknown answer 'maybe'"),
    (["clue", "area", "B3", "yes"], "who answered?"),
    (["clue", "area", "B3", "-o", "red"], "say the answer you heard"),
    (["clue", "area", "B3", "yes", "--bogus"], "No such option: --bogus"),
    (["clue", "at", "A1", "yes", "-o", "blue"], "refused: with clue 1"),
    (["retract", "9"], "no entry 9"),
    (["retract", "x"], "expected an entry number"),
    (["explain", "Q1"], "no cell 'Q1'"),
    (["history", "--game", "nope"], "no game 'nope'"),
    (["history", "--game", "../etc"], "game name '../etc'"),
    (["new", "chess"], "unknown board 'chess'"),
]


@pytest.mark.parametrize("words,message", BAD_COMMANDS, ids=[" ".join(w) for w, _ in BAD_COMMANDS])
def test_bad_input_gets_one_line_and_leaves_the_game_unchanged(run, home, words, message):
    start(run, "--opponents", "red,blue")
    run("clue", "at", "B1", "yes", "-o", "blue")
    before = game_file(home, "gnom-street-1")
    result = run(*words)
    assert result.exit_code in (1, 2)
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert game_file(home, "gnom-street-1") == before


def test_no_current_game_says_how_to_start(run):
    result = run("sheet")
    assert result.exit_code == 2
    assert result.stderr == "error: no current game: start one with assistant new gnom-street --opponents red,blue\n"


def test_a_damaged_game_file_is_named_left_alone_and_recovered_in_one_command(run, home):
    start(run)
    run("clue", "area", "A1", "yes")
    path = home / "games" / "gnom-street-1.yaml"
    good = path.read_bytes()
    path.write_text("assistant: game/1\nboard: gnom-street\nevents:\n- clue area Q7 yes\n- [unclosed\n")
    before = path.read_bytes()
    result = run("clue", "area", "A1", "yes")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {path}: line ")
    assert result.stderr.endswith("; the last good state is kept: restore it with assistant recover gnom-street-1\n")
    assert path.read_bytes() == before
    path.write_text("assistant: game/1\nboard: gnom-street\nevents:\n- clue area Q7 yes\n")
    result = run("sheet")
    assert result.stderr.startswith(f"error: {path}: line 4: events[0]: no cell 'Q7' on this board")
    recovered = run("recover")
    assert recovered.exit_code == 0 and recovered.stdout.startswith("restored gnom-street-1: 1 events")
    assert path.read_bytes() == good
    assert (home / "games" / ".gnom-street-1.damaged-1.yaml").read_text().endswith("- clue area Q7 yes\n")
    assert run("history").stdout == "  1. clue area A1 yes\n"


def test_board_show_json(run):
    described = json.loads(run("board", "show", "gnom-street", "--json").stdout)
    assert (described["name"], described["rows"], described["columns"]) == ("gnom-street", 3, 6)
    assert described["cells"]["B2"]["pond"] is True
    assert set(described["cells"]["A1"]) == {"terrain", "flowers", "pond"}


def test_board_set_writes_a_correction_beside_the_users_data(run, home):
    shipped = shipped_folder("boards") / "gnom-street.yaml"
    shipped_before = shipped.read_bytes()
    result = run("board", "set", "gnom-street", "c2", "terrain=gravier", "flowers=bleu,jaune")
    assert result.exit_code == 0, result.output
    assert result.stdout == "gnom-street C2: terrain=gravel, flowers=blue,yellow\n"
    described = json.loads(run("board", "show", "gnom-street", "--json").stdout)
    assert described["cells"]["C2"] == {"terrain": "gravel", "flowers": ["blue", "yellow"], "pond": False}
    assert (home / "boards" / "fixes" / "gnom-street.yaml").is_file()
    assert shipped.read_bytes() == shipped_before
    run("board", "set", "gnom-street", "B2", "pond=no", "terrain=wood", "flowers=red,white")
    run("board", "set", "gnom-street", "C2", "pond=yes")
    described = json.loads(run("board", "show", "gnom-street", "--json").stdout)
    assert described["cells"]["B2"]["pond"] is False and described["cells"]["C2"]["pond"] is True


def test_board_set_refuses_a_wrong_correction(run, home):
    for words, message in [
        (["C2", "terrain=gras"], "unknown terrain 'gras'"),
        (["C2", "flowers=blue"], "expected exactly 2 values"),
        (["B2", "pond=no"], "cells.B2.terrain"),
        (["C2", "height=3"], "has no attribute 'height'"),
        (["C2"], "Missing argument 'ATTRIBUTE=VALUE...'"),
    ]:
        result = run("board", "set", "gnom-street", *words)
        assert result.exit_code != 0 and message in result.stderr, (words, result.stderr)
        assert result.stderr.count("\n") == 1
    assert not (home / "boards" / "fixes" / "gnom-street.yaml").exists()


def test_board_verify_silences_the_notice(run):
    assert "UNVERIFIED" in run("boards").stdout
    assert run("board", "verify", "gnom-street").exit_code == 0
    assert "verified" in run("boards").stdout.split()
    assert run("new", "gnom-street").stderr == ""


def test_board_show_draws_the_garden(run):
    result = run("board", "show", "gnom-street")
    assert result.exit_code == 0
    assert "UNVERIFIED" in result.stdout and "≈≈≈" in result.stdout and "grass" in result.stdout


def test_boards_lists_shipped_boards_and_the_users_own(run, home):
    own = home / "boards" / "tiny.yaml"
    own.parent.mkdir(parents=True)
    own.write_text(
        "name: tiny\nrows: 1\ncolumns: 2\nverified: true\n"
        "attributes: {terrain: {kind: one, values: {grass: {}}}}\n"
        "cells: {A1: {terrain: grass}, B1: {terrain: grass}}\n")
    listed = run("boards").stdout.splitlines()
    assert listed[0].startswith("gnom-street") and "shipped" in listed[0]
    assert listed[-1].startswith("tiny") and str(own) in listed[-1]
    result = run("new", "tiny")
    assert result.exit_code == 0 and result.stderr == ""
    assert run("clue", "at", "B1", "no").exit_code == 0
    assert run("candidates").stdout == "opponent: A1\n"


def test_the_unverified_notice_is_said_once_at_new_and_in_board_show_only(run):
    assert "notice: board gnom-street is unverified" in start(run).stderr
    assert run("sheet").stderr == ""
    assert "notice: board gnom-street is unverified" in run("board", "show", "gnom-street").stderr


def test_several_opponents_answer_the_same_with_repeated_or_french_options(run):
    start(run, "--opponents", "red,blue,yellow")
    assert run("clue", "area", "E3", "no", "-o", "red", "-o", "yellow").stdout.startswith(
        "clue 1: area E3 red=no yellow=no")
    assert run("clue", "area", "E1", "no", "--adversaire", "blue").stdout.startswith("clue 2: area E1 blue=no")


def test_a_file_name_with_a_line_break_is_quoted_back_on_one_line(run):
    """Found by the full-strength fuzzer: ``tally 'new<newline>line'``."""
    result = run("tally", "new\nline")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert result.stderr == "error: new\\nline: cannot read (No such file or directory)\n"


@pytest.mark.parametrize("words", [
    ["new", "gnom-street", "--mine", "C2", "--mine", "C3"],
    ["clue", "north-of", "4", "--card", "x", "--card=y"],
    ["quest", "deal", "8A", "--special", "dragon", "--special", "joker"],
])
def test_an_option_given_twice_is_refused_not_silently_the_last(run, home, words):
    run("new", "new-york")
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "pad")
    if words[0] == "clue":
        run("use", "new-york-1")
    before = {p.name: p.read_bytes() for p in (home / "games").glob("*.yaml")}
    result = run(*words)
    assert result.exit_code == 2 and "is given twice" in result.stderr and result.stderr.count("\n") == 1
    assert {p.name: p.read_bytes() for p in (home / "games").glob("*.yaml")} == before
