"""Scenario files: every shipped scenario holds, and replays fail loudly and precisely."""

from pathlib import Path

import pytest

from assistant.engine import scenario
from assistant.engine.errors import DataError
from assistant.store.folder import Store

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))


def test_the_library_has_at_least_a_dozen_scenarios():
    assert len(SCENARIOS) >= 12


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_expectation_of_the_scenario_holds(path, tmp_path):
    import io

    from rich.console import Console

    from assistant.faces import pictures as render

    loaded = Store(tmp_path).scenario(path)
    for outcome in scenario.run(loaded):
        if outcome.mismatches:
            picture = io.StringIO()
            Console(file=picture, width=100).print(render.diagnostic(outcome))
            pytest.fail(picture.getvalue())


BROKEN = """\
board: gnom-street
opponents: [red, blue]
colour: blue
steps:
  - clue area Z9 red=yes
  - step: clue flower B3 yes -o red --colour white
  - step: clue area A1 red=yes
    expect:
      candidates: {green: [A1]}
      count: {red: many}
      found: {red: Q1}
      maybe: 1
  - 42
"""


def test_a_broken_scenario_reports_every_problem_before_anything_runs(run, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN)
    with pytest.raises(DataError) as caught:
        Store(tmp_path).scenario(path)
    problems = [p.removeprefix(f"{path}: ") for p in caught.value.problems]
    assert problems == [
        "colour: unknown key (expected one of assistant, board, counters, description, events, exported, flagstones, "
        "fr, me, mine, opponents, pad, players, sides, starter, steps, title)",
        "steps[0]: no cell 'Z9' on this board: write a column A-F then a row 1-3, e.g. B2",
        "steps[1]: B3 shows blue and yellow flowers, not white: ask about one of those",
        "steps[2].expect.maybe: unknown expectation (expected one of candidates, count, found, theirs, totals, "
            "winner, refused)",
        "steps[2].expect.candidates.green: unknown opponent 'green': this game has red and blue",
        "steps[2].expect.count.red: expected a number of cells (got 'many')",
        "steps[2].expect.found.red: no cell 'Q1' on this board: write a column A-F then a row 1-3, e.g. B2",
        "steps[3]: expected the words of a command, e.g. clue area B2 yes (got 42)",
    ]
    result = run("replay", str(path), "--check")
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith(f"error: {path}: colour: unknown key") and "(and 3 more)" in result.stderr


WRONG = """\
board: gnom-street
steps:
  - clue area A1 yes
  - step: clue line-of-sight C1 no
    expect:
      candidates: {opponent: [A1, A2]}
  - clue area F3 no
"""


def test_check_stops_at_the_first_mismatch_with_pictures_of_both_sheets(run, tmp_path):
    path = tmp_path / "wrong.yaml"
    path.write_text(WRONG)
    result = run("replay", str(path), "--check")
    assert result.exit_code == 1
    out = result.stdout
    assert "MISMATCH at step 2: clue line-of-sight C1 no" in out
    assert "opponent: expected A1 A2, got A2 (extra: -; missing: A1)" in out
    assert "opponent: expected (2)" in out and "opponent: actual (1)" in out
    assert "step 3" not in out


def test_without_check_the_replay_shows_every_step(run, tmp_path):
    path = tmp_path / "wrong.yaml"
    path.write_text(WRONG)
    result = run("replay", str(path))
    assert result.exit_code == 0
    assert "step 3: clue area F3 no" in result.stdout and "MISMATCH" not in result.stdout


def test_replays_are_byte_for_byte_deterministic(run):
    path = str(ROOT / "scenarios" / "gnom-four-players-mick.yaml")
    first, second = run("replay", path), run("replay", path)
    assert first.exit_code == 0 and first.stdout == second.stdout
    assert max(len(line) for line in first.stdout.splitlines()) <= 100


def test_step_mode_waits_for_enter(run):
    path = str(ROOT / "scenarios" / "ny-near-jfk.yaml")
    result = run.runner.invoke(run.app, ["replay", path, "--step"], input="\n\n\n")
    assert result.exit_code == 0
    assert result.stdout.count("(Enter for the next step)") == 3


def test_a_folder_gets_one_verdict_per_file_and_a_summary(run, tmp_path):
    (tmp_path / "a-good.yaml").write_text(
        "board: new-york\nsteps:\n  - step: clue row 1\n    expect: {count: {thief: 5}}\n")
    (tmp_path / "b-wrong.yaml").write_text(WRONG)
    (tmp_path / "c-broken.yaml").write_text("board: chess\nsteps: [undo]\n")
    result = run("replay", str(tmp_path))
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "ok   a-good.yaml (1 steps)"
    assert lines[1].startswith("FAIL b-wrong.yaml: step 2 (clue line-of-sight C1 no): opponent: expected A1 A2")
    assert lines[2].startswith("FAIL c-broken.yaml:") and "unknown board 'chess'" in lines[2]
    assert lines[3] == "1 passed, 2 failed"


def test_the_shipped_folder_replays_green(run):
    result = run("replay", str(ROOT / "scenarios"))
    assert result.exit_code == 0, result.stdout
    assert result.stdout.splitlines()[-1] == f"{len(SCENARIOS)} passed, 0 failed"


def test_export_then_import_gives_the_same_game(run, home, tmp_path):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--name", "evening")
    run("clue", "area", "A1", "red=yes", "blue=no")
    run("clue", "flower", "C1", "yes", "-o", "red", "--colour", "yellow")
    run("undo")
    run("clue", "line-of-sight", "F3", "no", "-o", "blue")
    exported = run("export").stdout
    assert exported.splitlines()[:4] == ["title: game evening", "exported: true", "board: gnom-street", "opponents:"]
    path = tmp_path / "evening.yaml"
    path.write_text(exported)
    result = run("import", str(path), "--name", "copy")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith(f"imported {path} as game copy: 4 events")
    assert run("candidates", "--json", "-g", "copy").stdout == run("candidates", "--json", "-g", "evening").stdout
    assert run("history", "-g", "copy").stdout == run("history", "-g", "evening").stdout
    assert run("import", str(path), "--name", "copy").exit_code == 2  # the name is taken


def test_import_refuses_a_scenario_whose_step_is_refused_unexpectedly(run, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("board: new-york\nsteps:\n  - clue row 1\n  - clue row 2\n")
    result = run("import", str(path))
    assert result.exit_code == 1
    assert "step 2 (clue row 2) is refused" in result.stderr
    assert run("games").stdout.startswith("no games yet")


def test_a_scenario_is_recorded_once_as_it_is_read_and_imports_the_game_its_replay_plays(store, tmp_path):
    """Reading a scenario records each step through the rules (a step is read against the game as it
    stands); the import takes the game that reading made, the refused steps it expects left out, and it is
    the game a replay of the same steps plays to (a game of 50,000 steps is no longer recorded twice)."""
    from assistant.engine import scenario

    path = tmp_path / "city.yaml"
    path.write_text("board: new-york\nsteps:\n  - clue row 1\n  - step: clue row 2\n    expect: {refused: true}\n"
                    "  - clue column A no\n  - undo\n  - clue column B no\n", encoding="utf-8")
    loaded = store.scenario(path)
    assert [step.refused is not None for step in loaded.steps] == [False, True, False, False, False]
    played = [outcome.game for outcome in scenario.run(loaded)][-1]
    imported = scenario.to_game(loaded)
    assert imported is loaded.played
    assert imported.to_mapping() == played.to_mapping()
    assert imported.sheet().candidate_names() == played.sheet().candidate_names()


def test_a_saved_game_file_replays_as_it_is(run, home):
    run("new", "gnom-street", "--opponents", "red,blue", "--name", "evening")
    run("clue", "area", "A1", "red=yes", "blue=no")
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "pad")
    run("quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4")
    for name in ("evening", "pad"):
        result = run("replay", str(home / "games" / f"{name}.yaml"), "--check")
        assert result.exit_code == 0, result.stderr
        assert result.stdout.splitlines()[-1].endswith("holds (1 steps)")


def test_a_damaged_score_pad_names_the_line_of_the_bad_step(run, home):
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "pad")
    run("quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4")
    path = home / "games" / "pad.yaml"
    path.write_text(path.read_text().replace("Ana=5,Ben=4,Cleo=4", "Ana=5,Ben=4,Cleo=9"))
    result = run("quest", "show", "--game", "pad")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {path}: line 9: events[0]: the tricks add up to 18")


def test_a_score_pad_scenario_that_fails_its_check_says_why(run, tmp_path):
    path = tmp_path / "pad.yaml"
    path.write_text("pad: roi-des-nains\nplayers: [Ana, Ben, Cleo]\nsteps:\n"
                    "  - step: deal 7A --special druid --tricks Ana=6,Ben=4,Cleo=3\n"
                    "    expect: {totals: {Ana: 99}}\n", encoding="utf-8")
    result = run("replay", str(path), "--check")
    assert result.exit_code == 1
    assert "MISMATCH at step 1" in result.stdout and "Ana: expected a total of 99, got 6" in result.stdout
