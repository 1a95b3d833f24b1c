"""A board corrected from the box, handed to another owner: board export and board import."""

from __future__ import annotations

import json

import yaml


def corrected_and_verified(run):
    for step in (("board", "set", "gnom-street", "C2", "terrain=gravel", "flowers=blue,yellow"),
                 ("board", "set", "gnom-street", "A2", "pond=yes"),
                 ("board", "verify", "gnom-street")):
        assert run(*step).exit_code == 0


def test_an_exported_board_round_trips_to_another_data_folder(run, home, tmp_path, monkeypatch):
    corrected_and_verified(run)
    shared = tmp_path / "garden.yaml"
    result = run("board", "export", "gnom-street", str(shared))
    assert result.exit_code == 0 and result.stdout == f"saved {shared}\n"
    mine = json.loads(run("board", "show", "gnom-street", "--json").stdout)
    assert run("board", "export", "gnom-street").stdout == shared.read_text()  # without FILE: printed

    monkeypatch.setenv("ASSISTANT_HOME", str(tmp_path / "friend"))
    before = json.loads(run("board", "show", "gnom-street", "--json").stdout)
    assert before != mine
    result = run("board", "import", str(shared), "--yes")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "3 changes to your board gnom-street:",
        "  A2: terrain=earth, flowers=blue,white -> pond",
        "  C2: terrain=grass, flowers=red,yellow -> terrain=gravel, flowers=blue,yellow",
        "  verified: no -> yes",
        f"imported {shared} into your corrections of gnom-street"]
    assert json.loads(run("board", "show", "gnom-street", "--json").stdout) == mine
    # kept as corrections, like board set: the shipped file is untouched, reset works cell by cell
    fixes = yaml.safe_load((tmp_path / "friend" / "boards" / "fixes" / "gnom-street.yaml").read_text())
    assert fixes == {"verified": True, "cells": {"A2": {"pond": True},
                                                 "C2": {"terrain": "gravel", "flowers": ["blue", "yellow"]}}}
    assert run("board", "reset", "gnom-street", "C2").exit_code == 0
    # and once equal, importing again changes nothing
    assert run("board", "import", str(shared), "--yes").exit_code == 0
    again = run("board", "import", str(shared))
    assert again.stdout == f"nothing to change: your board gnom-street is already as {shared} has it\n"


def test_import_asks_first(run, tmp_path, monkeypatch):
    corrected_and_verified(run)
    shared = tmp_path / "garden.yaml"
    run("board", "export", "gnom-street", str(shared))
    monkeypatch.setenv("ASSISTANT_HOME", str(tmp_path / "friend"))
    kept = run.runner.invoke(run.app, ["board", "import", str(shared)], input="n\n")
    assert kept.exit_code == 0 and "kept your board gnom-street as it was" in kept.stdout
    assert not (tmp_path / "friend" / "boards" / "fixes" / "gnom-street.yaml").exists()
    taken = run.runner.invoke(run.app, ["board", "import", str(shared)], input="oui\n")
    assert taken.exit_code == 0 and "imported" in taken.stdout
    assert json.loads(run("board", "show", "gnom-street", "--json").stdout)["verified"] is True


def test_a_file_that_is_not_a_valid_board_is_refused_with_every_problem(run, home, tmp_path):
    shared = tmp_path / "garden.yaml"
    run("board", "export", "gnom-street", str(shared))
    data = yaml.safe_load(shared.read_text())
    data["cells"]["A1"]["terrain"] = "gras"
    data["cells"]["C1"]["flowers"] = ["blue"]
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    result = run("board", "import", str(bad), "--yes")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: ")
    assert f"{bad}: cells.A1.terrain: expected one of grass, wood, gravel, earth (got 'gras')" in result.stderr
    assert f"{bad}: cells.C1.flowers: expected exactly 2 values (got 1)" in result.stderr
    assert not (home / "boards" / "fixes").exists()


def test_a_board_with_another_frame_is_refused(run, home, tmp_path):
    shared = tmp_path / "garden.yaml"
    run("board", "export", "gnom-street", str(shared))
    data = yaml.safe_load(shared.read_text())
    data["rows"] = 4
    data["cells"].update({f"{column}4": {"terrain": "grass", "flowers": ["blue", "red"]} for column in "ABCDEF"})
    shared.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    result = run("board", "import", str(shared), "--yes")
    assert result.exit_code == 2
    assert "differs from yours in more than its cells" in result.stderr
    assert not (home / "boards" / "fixes").exists()


def test_an_import_a_saved_game_contradicts_is_refused(run, home, tmp_path, monkeypatch):
    corrected_and_verified(run)  # A2 becomes a pond
    shared = tmp_path / "garden.yaml"
    run("board", "export", "gnom-street", str(shared))
    monkeypatch.setenv("ASSISTANT_HOME", str(tmp_path / "friend"))
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C3", "--name", "friday").exit_code == 0
    assert run("miniature", "me", "A2").exit_code == 0
    saved = (tmp_path / "friend" / "games" / "friday.yaml").read_bytes()
    result = run("board", "import", str(shared), "--yes")
    assert result.exit_code == 2
    assert "friday: entry 1 (miniature me A2)" in result.stderr
    assert not (tmp_path / "friend" / "boards" / "fixes" / "gnom-street.yaml").exists()
    assert (tmp_path / "friend" / "games" / "friday.yaml").read_bytes() == saved
    assert run("retract", "1").exit_code == 0  # taken back: the correction is accepted
    assert run("board", "import", str(shared), "--yes").exit_code == 0


def test_missing_file_and_french_words(run, tmp_path):
    result = run("board", "import", str(tmp_path / "none.yaml"))
    assert result.exit_code == 2
    assert result.stderr == f"error: {str(tmp_path / 'none.yaml')!r}: no such file: give a board file written by " \
                            "assistant board export\n"
    corrected_and_verified(run)
    result = run("--lang", "fr", "board", "exporter", "gnom-street", str(tmp_path / "jardin.yaml"))
    assert result.exit_code == 0 and (tmp_path / "jardin.yaml").is_file()


def test_a_board_file_and_a_printed_page_are_readable_by_those_they_are_shared_with(run, tmp_path):
    """Issue 26: 'exports readable by others (0644)', like the pictures (the saved games stay the owner's)."""
    import os
    import stat

    old = os.umask(0o022)
    try:
        assert run("board", "export", "gnom-street", str(tmp_path / "garden.yaml")).exit_code == 0
        printed = run("print", "pad", "roi-des-nains", "--players", "4", "--html", str(tmp_path / "pad.html"))
        assert printed.exit_code == 0
    finally:
        os.umask(old)
    for name in ("garden.yaml", "pad.html"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o644
