"""The data folder at its edges: a rename a crash interrupted, output names that are symbolic links, a cache
that is not a folder of the data folder, and a standard output the disk refuses."""

import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT, bytecode_env, folder_snapshot, one_plain_line

from assistant.store.folder import Store

# -- rename: one operation, finished by the next command after a crash ----------------------------------


def interrupted_rename(home, stage: str) -> str:
    """Game 'city' caught by a crash while becoming 'city2', at ``stage``; its id."""
    store = Store(home)
    game_id = store.game_id("city")
    games = home / "games"
    (games / ".city.renaming").write_text("city2\n")
    copies = {"city.yaml": "city2.yaml", ".city.good.yaml": ".city2.good.yaml", ".city.id": ".city2.id"}
    if stage in ("some new files", "every new file", "some old files gone", "every old file gone"):
        for source, destination in list(copies.items())[:1 if stage == "some new files" else 3]:
            (games / destination).write_bytes((games / source).read_bytes())
    if stage in ("some old files gone", "every old file gone"):
        for source in list(copies)[:1 if stage == "some old files gone" else 3]:
            (games / source).unlink()
    return game_id


@pytest.mark.parametrize("stage", ["its intent only", "some new files", "every new file", "some old files gone",
                                   "every old file gone"])
def test_a_rename_a_crash_interrupted_is_finished_by_the_next_command(stage, run, home):
    assert run("new", "gnom-street", "--opponents", "red", "--name", "city").exit_code == 0
    assert run("clue", "area", "F3", "no", "-o", "red").exit_code == 0
    game_id = interrupted_rename(home, stage)
    result = run("games")
    assert result.exit_code == 0, result.stderr
    assert result.stderr == "notice: the renaming of game city to city2 was interrupted: it is finished now\n"
    assert "city2" in result.stdout and "city " not in result.stdout and "problem" not in result.stdout
    store = Store(home)
    assert store.game_names() == ["city2"] and store.current_name() == "city2"
    assert store._written_id("city2") == game_id and store._good_path("city2").is_file()
    assert not list((home / "games").glob(".*.renaming"))
    assert json.loads(run("stats", "--json").stdout)["games"] == 1
    assert run("rename", "city2", "city").exit_code == 0  # and the name is free again
    assert run("games").stderr == ""  # said once


def test_an_interrupted_rename_is_finished_before_a_new_game_takes_its_name(run, home):
    assert run("new", "gnom-street", "--opponents", "red", "--name", "city").exit_code == 0
    interrupted_rename(home, "its intent only")
    result = run("new", "gnom-street", "--opponents", "red", "--name", "city2")
    assert result.exit_code == 2  # the refusal, and what was done before it (said whatever the command's fate)
    assert result.stderr.splitlines() == [
        "error: a game called 'city2' exists already: pick another --name",
        "notice: the renaming of game city to city2 was interrupted: it is finished now"]
    assert Store(home).game_names() == ["city2"]


def test_an_intent_naming_another_game_never_replaces_it(run, home):
    """A planted intent to rename a game over another one is dropped: both games stay as they are."""
    assert run("new", "gnom-street", "--opponents", "red", "--name", "city").exit_code == 0
    assert run("new", "gnom-street", "--opponents", "blue", "--name", "city2").exit_code == 0
    before = {name: (home / "games" / f"{name}.yaml").read_bytes() for name in ("city", "city2")}
    (home / "games" / ".city.renaming").write_text("city2\n")
    assert run("games").exit_code == 0
    assert {name: (home / "games" / f"{name}.yaml").read_bytes() for name in ("city", "city2")} == before
    assert not (home / "games" / ".city.renaming").exists()


# -- output files: a symbolic link is followed -------------------------------------------------------------

WRITERS = {
    "stats --svg": ["stats", "--svg"], "stats --html": ["stats", "--html"], "sheet --svg": ["sheet", "--svg"],
    "board export": ["board", "export", "gnom-street"], "print sheet --html": ["print", "sheet", "--html"],
    "print pad --html": ["print", "pad", "roi-des-nains", "--players", "3", "--html"],
}


@pytest.mark.parametrize("words", WRITERS.values(), ids=WRITERS.keys())
def test_an_output_name_that_is_a_link_writes_the_file_it_leads_to(words, run, home, tmp_path):
    assert run("new", "gnom-street", "--opponents", "red").exit_code == 0
    shared = tmp_path / "shared"
    shared.mkdir()
    target = shared / "evening.out"
    target.write_text("old")
    link = tmp_path / "evening.link"
    link.symlink_to(target)
    result = run(*words, str(link))
    assert result.exit_code == 0, result.stderr
    assert link.is_symlink() and os.readlink(link) == str(target)  # the link kept
    assert target.read_text() != "old" and target.stat().st_size > 0  # its target written
    assert sorted(path.name for path in shared.iterdir()) == ["evening.out"]  # in its own folder, whole


@pytest.mark.parametrize("words", WRITERS.values(), ids=WRITERS.keys())
def test_an_output_name_that_is_a_link_to_nothing_is_refused(words, run, home, tmp_path):
    assert run("new", "gnom-street", "--opponents", "red").exit_code == 0
    link = tmp_path / "evening.link"
    link.symlink_to(tmp_path / "nowhere" / "evening.out")
    before = folder_snapshot(home)
    line = one_plain_line(run(*words, str(link)), 1)
    assert "symbolic link to nothing" in line
    assert link.is_symlink() and not (tmp_path / "nowhere").exists()
    assert folder_snapshot(home) == before


# -- the cache: the data folder's own folder, or none ---------------------------------------------------------


def odd_cache(kind: str, cache, tmp_path) -> None:
    if kind == "a link to a folder elsewhere":
        (tmp_path / "elsewhere").mkdir()
        cache.symlink_to(tmp_path / "elsewhere")
    elif kind == "a link to nothing":
        cache.symlink_to(tmp_path / "nowhere")
    elif kind == "a link to /dev/null":
        cache.symlink_to("/dev/null")
    elif kind == "a loop of links":
        cache.symlink_to(cache)
    elif kind == "a file":
        cache.write_text("not a folder")
    elif kind == "a named pipe":
        os.mkfifo(cache)


@pytest.mark.parametrize("kind", ["a link to a folder elsewhere", "a link to nothing", "a link to /dev/null",
                                  "a loop of links", "a file", "a named pipe"])
def test_a_cache_that_is_not_a_folder_of_the_data_folder_blocks_nothing(kind, run, home, tmp_path):
    import shutil

    assert run("new", "gnom-street", "--opponents", "red", "--name", "city").exit_code == 0
    shutil.rmtree(home / "cache")
    odd_cache(kind, home / "cache", tmp_path)
    for words in (["history"], ["sheet"], ["clue", "area", "F3", "no", "-o", "red"], ["export"], ["review"],
                  ["candidates"], ["games"]):
        result = run(*words)
        assert result.exit_code == 0, (words, result.stderr)
        assert "not a plain folder of the data folder" in result.stderr
        assert "Traceback" not in result.stderr
    games = run("games").stdout
    assert "city" in games and "damaged" not in games and "cannot" not in games
    assert json.loads(run("stats", "--json").stdout)["games"] == 1
    if kind == "a link to a folder elsewhere":
        assert list((tmp_path / "elsewhere").iterdir()) == []  # nothing written through it


# -- standard output refused ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language, said", [
    ("en", "error: cannot write standard output (No space left on device)\n"),
    ("fr", "erreur\u00a0: impossible d'écrire la sortie standard (No space left on device)\n")])
def test_a_full_disk_on_standard_output_names_standard_output(language, said, tmp_path):
    env = {**os.environ, "ASSISTANT_HOME": str(tmp_path), "ASSISTANT_LANG": language, "LC_ALL": "C",
           **bytecode_env()}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, str(ROOT / "cli.py"), "boards"], cwd=ROOT, stdout=full,
                              stderr=subprocess.PIPE, text=True, env=env)
    assert done.returncode == 1
    assert done.stderr == said
