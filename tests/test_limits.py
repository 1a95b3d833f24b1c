"""At the limits (issue 36): bounded step lines, safe output files, odd files in the data folder,
damaged caches, and refused commands that leave no trace.

Each test is a repro of what a red-team pass found: a 1.5 MB step line that hung every command,
`--svg` replacing a named pipe (as root, /dev/full) with a file, a named pipe in boards/fixes/ that
hung `stats`, a nested cache that gave "internal error (RecursionError)", and empty lock files and
folders left by refused commands.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import folder_snapshot, one_plain_line

from assistant.store import files
from assistant.store.folder import Store

ROOT = Path(__file__).resolve().parent.parent


def append_steps(home: Path, name: str, *steps: str) -> Path:
    path = home / "games" / f"{name}.yaml"
    text = path.read_text(encoding="utf-8").replace("events: []\n", "events:\n")
    path.write_text(text + "".join(f"- {step}\n" for step in steps), encoding="utf-8")
    return path


# -- bounded step lines ------------------------------------------------------------------------------


def test_a_step_line_over_the_limit_stops_the_reading_with_one_line_naming_the_file_and_the_entry(
        run, home, monkeypatch):
    """A 1.5 MB step took minutes to split (shlex's cost grows with the square of a line): it is refused
    before anything splits it, and the reading stops there (the bad step after it is not read)."""
    import shlex

    run("new", "gnom-street", "--opponents", "red")
    long_step = "clue area A1 red=no --card '" + "ab " * 500_000 + "'"
    path = append_steps(home, "gnom-street-1", "clue area A1 red=no", long_step, "clue area Q9 red=no")
    (home / "games" / ".gnom-street-1.good.yaml").unlink()
    real_split = shlex.split

    def split(text, *args, **kwargs):
        assert len(text) <= 10_000, "a step over the limit reached shlex"
        return real_split(text, *args, **kwargs)

    monkeypatch.setattr(shlex, "split", split)
    for words in (["history"], ["sheet"], ["export"], ["clue", "area", "B1", "red=no"]):
        line = one_plain_line(run(*words), 1)
        assert line == (f"error: {path}: line 8: events[1]: a step of 1,500,029 characters: "
                        f"a step is at most 10,000\n")


def test_a_typed_step_or_a_scenario_step_over_the_limit_is_refused_before_it_is_split(run, home, tmp_path):
    from assistant.engine.errors import InputError

    run("new", "gnom-street", "--opponents", "red")
    game = Store(home).load()
    with pytest.raises(InputError, match="^a step of 12,000 characters: a step is at most 10,000$"):
        game.read_step("clue area A1 red=no " + "x" * 11980)
    scenario = tmp_path / "long.yaml"
    scenario.write_text("board: gnom-street\nopponents: [red]\nsteps:\n- clue area A1 red=no\n"
                        f"- \"clue area B1 red=no --card '{'y' * 12000}'\"\n", encoding="utf-8")
    line = one_plain_line(run("import", str(scenario)), 1)
    assert line.startswith(f"error: {scenario}: steps[1]: a step of 12,029 characters: a step is at most 10,000")


def test_a_long_step_a_table_types_is_well_within_the_limit(run, home):
    """A Le Roi des Nains deal with each trick's winner named, three players of 32-letter names."""
    from assistant.engine.words import MAX_STEP

    names = [letter * 32 for letter in "ABC"]
    assert run("quest", "new", "--players", ",".join(names)).exit_code == 0
    words = ["quest", "deal", "14A", "--special", "druid", "--order", ",".join((names * 5)[:13])]
    result = run(*words)
    assert result.exit_code == 0, result.stderr
    saved = (home / "games" / "roi-des-nains-1.yaml").read_text(encoding="utf-8").splitlines()[-1]
    assert 400 < len(saved) < MAX_STEP / 4
    assert installed("history", home=home).returncode == 0


# -- safe output files -------------------------------------------------------------------------------


def odd_targets(tmp_path: Path) -> dict[str, Path]:
    pipe = tmp_path / "pipe.svg"
    os.mkfifo(pipe)
    folder = tmp_path / "folder.html"
    folder.mkdir()
    device = tmp_path / "device.yaml"
    device.symlink_to("/dev/null")  # a link to a device is the device: never replaced by a file
    return {"a named pipe": pipe, "a folder": folder, "a link to a device": device}


def what_is(path: Path) -> tuple:
    return (path.is_symlink(), os.readlink(path) if path.is_symlink() else None,
            path.is_fifo(), path.is_dir(), path.is_file())


@pytest.mark.parametrize("words", [
    ["sheet", "--svg", "{target}"], ["sheet", "--html", "{target}"],
    ["board", "show", "gnom-street", "--svg", "{target}"],
    ["board", "export", "gnom-street", "{target}"], ["print", "sheet", "gnom-street", "--html", "{target}"],
    ["quest", "show", "--game", "roi-des-nains-1", "--html", "{target}"],
], ids=lambda words: " ".join(word for word in words if word != "{target}"))
def test_an_output_file_that_is_not_a_regular_file_is_refused_in_one_line_and_left_as_it_was(words, run, home,
                                                                                              tmp_path):
    run("new", "gnom-street", "--opponents", "red")
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    run("use", "gnom-street-1")
    for what, target in odd_targets(tmp_path).items():
        before = what_is(target)
        result = run(*[word.format(target=target) for word in words])
        line = one_plain_line(result, 1)
        assert line == (f"error: {target}: not a regular file (a folder, a named pipe or a device): nothing was "
                        f"written; give the name of a file\n"), what
        assert result.stdout == "", what  # refused before the picture is drawn
        assert what_is(target) == before, what
        assert [p.name for p in target.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_data_file_whose_name_is_taken_by_a_named_pipe_is_not_replaced(run, home):
    run("new", "gnom-street", "--opponents", "red")
    current = home / "current"
    current.unlink()
    os.mkfifo(current)
    line = one_plain_line(run("use", "gnom-street-1"), 1)
    assert line.startswith(f"error: {current}: not a regular file")
    assert current.is_fifo()


def test_every_file_a_command_writes_goes_through_the_atomic_writer():
    """No module writes a file but store/files.py: a writer of its own would replace a device or leave
    half a file (the tests that write their own fixtures aside)."""
    import re

    writes = re.compile(r"(?<!super\(\))\.write_(text|bytes)\("  # HelpFormatter.write_text writes no file
                        r"|\bopen\([^)]*['\"][wax]b?['\"]|os\.open\([^)]*O_(WRONLY|RDWR)")
    for path in [ROOT / "cli.py", *(ROOT / "assistant").rglob("*.py")]:
        if path.name == "files.py" and path.parent.name == "store":
            continue
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not writes.search(text), f"{path}:{number}: {text.strip()}"


# -- odd files in the data folder ----------------------------------------------------------------------


def installed(*args: str, home: Path) -> subprocess.CompletedProcess:
    """The command as a shell runs it; a read that blocked would hang here, so it is given a minute."""
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "ASSISTANT_HOME": str(home), "COLUMNS": "100"}, timeout=60)


def test_a_named_pipe_or_a_link_to_a_device_in_the_data_folder_is_skipped_with_a_warning(run, home):
    """stats used to wait forever on a named pipe in boards/fixes/, or die of MemoryError on /dev/zero."""
    run("new", "gnom-street", "--opponents", "red")
    run("board", "set", "gnom-street", "C2", "terrain=wood")
    fixes = home / "boards" / "fixes"
    (fixes / "gnom-street.yaml").unlink()
    os.mkfifo(fixes / "gnom-street.yaml")
    (fixes / "new-york.yaml").symlink_to("/dev/zero")
    os.mkfifo(home / "games" / "piped.yaml")
    (home / "games" / "zero.yaml").symlink_to("/dev/zero")
    (home / "boards" / "mine.yaml").symlink_to("/dev/zero")
    odd = "not a regular file (a folder, a named pipe or a device): skipped"
    for words in (["stats"], ["games"], ["sheet"], ["boards"], ["export"], ["history"]):
        result = installed(*words, home=home)
        assert result.returncode == 0, (words, result.stderr)
        warnings = result.stderr.splitlines()
        assert all(line.startswith("warning: ") and line.endswith(odd) for line in warnings), (words, warnings)
        assert len(set(warnings)) == len(warnings), words  # each said once
    result = installed("stats", home=home)
    odd_files = (fixes / "gnom-street.yaml", fixes / "new-york.yaml", home / "games" / "piped.yaml",
                 home / "games" / "zero.yaml")
    assert sorted(result.stderr.splitlines()) == sorted(f"warning: {path}: {odd}" for path in odd_files)
    assert "mine" not in installed("boards", home=home).stdout
    assert installed("games", home=home).stdout.startswith("* gnom-street-1  gnom-street  me, red  (0 entries")
    assert (fixes / "gnom-street.yaml").is_fifo() and (home / "games" / "piped.yaml").is_fifo()


def test_a_named_pipe_as_the_current_game_or_the_archived_list_is_skipped(run, home):
    run("new", "gnom-street", "--opponents", "red")
    (home / "current").unlink()
    os.mkfifo(home / "current")
    os.mkfifo(home / "games" / ".archived")
    result = installed("games", home=home)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("  gnom-street-1  gnom-street")  # no current game, none archived
    assert f"warning: {home / 'current'}: not a regular file" in result.stderr


def test_no_read_of_the_data_folder_blocks_on_a_named_pipe(home):
    """Every reader opens without waiting: a named pipe with no writer is refused at once."""
    from assistant.store import yamlfile

    home.mkdir()
    pipe = home / "pipe.yaml"
    os.mkfifo(pipe)
    for read in (lambda: files.read_regular(pipe, 100), lambda: yamlfile.load(pipe),
                 lambda: files.read_cache(pipe, 100), lambda: files.read_json(pipe, 100)):
        try:
            assert read() is None
        except files.CannotRead as error:
            assert "not a regular file" in str(error) or "cannot read" in str(error)


# -- damaged caches ------------------------------------------------------------------------------------


@pytest.mark.parametrize("damage", ["deeply nested", "not JSON", "a named pipe", "a folder of the right shape"])
def test_a_damaged_outcome_cache_is_dropped_and_rebuilt(damage, run, home):
    """A deeply nested cache/outcomes.json used to give 'internal error (RecursionError)'."""
    run("new", "gnom-street", "--opponents", "red")
    run("games")
    cache = home / "cache" / "outcomes.json"
    good = json.loads(cache.read_text())
    cache.unlink()
    if damage == "deeply nested":
        cache.write_text("[" * 200_000 + "]" * 200_000)
    elif damage == "not JSON":
        cache.write_bytes(b"\xff{{{")
    elif damage == "a named pipe":
        os.mkfifo(cache)
    else:
        cache.write_text(json.dumps({**good, "games": {"gnom-street-1": {"digest": good["games"]["gnom-street-1"]
                                                                          ["digest"], "outcome": [[[[1]]]]}}}))
    for words in (["games"], ["stats"], ["games", "--finished"]):
        result = run(*words)
        assert result.exit_code == 0 and "internal error" not in result.stderr, (words, result.stderr)
    assert json.loads(cache.read_text()) == good  # rebuilt


def test_a_damaged_parse_cache_entry_is_dropped_and_rebuilt(run, home):
    import marshal

    run("new", "gnom-street", "--opponents", "red")
    run("clue", "area", "A1", "no")
    entries = sorted((home / "cache").glob("*.bin"))
    good = {entry: marshal.loads(entry.read_bytes()) for entry in entries}
    for damage in (b"[" + (1).to_bytes(4, "little") * 0 + b"\x00" * 3, marshal.dumps([[[[]]]] * 3),
                   b"[\x01\x00\x00\x00" * 100_000, b""):
        for entry in entries:
            entry.write_bytes(damage)
        assert run("history").stdout == "  1. clue area A1 no\n"
        assert {entry: marshal.loads(entry.read_bytes()) for entry in entries} == good  # rebuilt
    for entry in entries:
        entry.unlink()
        os.mkfifo(entry)
    assert run("history").stdout == "  1. clue area A1 no\n"
    assert all(entry.is_file() for entry in entries)


def test_the_links_kept_for_the_phones_survive_a_damaged_file(home):
    from assistant.faces.web import serve

    home.mkdir()
    (home / serve.LINKS_FILE).write_text("[" * 100_000)
    assert serve._kept_links(Store(home)) == {}


# -- a refused command leaves no trace ----------------------------------------------------------------

REFUSALS = {  # what is set up, then a command refused while it holds a lock or has read a file anew
    "a board correction": ([], ["board", "set", "gnom-street", "C2", "terrain=nowhere"]),
    "a board verified twice": ([["board", "verify", "gnom-street"]], ["board", "set", "gnom-street", "Z9", "pond=yes"]),
    "a contradiction": ([["new", "gnom-street", "--opponents", "red"], ["clue", "area", "A1", "red=yes"]],
                        ["clue", "area", "F3", "red=yes"]),
    "an undo with nothing to undo": ([["new", "gnom-street", "--opponents", "red"]], ["undo"]),
    "a name taken": ([["new", "gnom-street", "--opponents", "red", "--name", "friday"]],
                     ["new", "new-york", "--name", "friday"]),
    "a rename onto a game": ([["new", "new-york", "--name", "a"], ["new", "new-york", "--name", "b"]],
                             ["rename", "a", "b"]),
    "an archive twice": ([["new", "new-york"], ["archive", "new-york-1"]], ["archive", "new-york-1"]),
    "a deal refused": ([["quest", "new", "--players", "Ana,Ben,Cleo"]], ["quest", "deal", "7A", "--special", "nobody"]),
    "a tug refused": ([["tug", "new", "--sides", "Ana,Ben"]], ["tug", "pull", "--two", "red"]),
    "an import refused": ([["new", "new-york"]], ["import", "{scenario}"]),
}


@pytest.mark.parametrize("case", REFUSALS)
def test_a_refused_command_leaves_the_data_folder_byte_for_byte_as_it_was(case, run, home, tmp_path):
    """Lock files, their folders and the caches included: as games copied from another machine have none,
    the folder is left without them before the refused command."""
    setup, words = REFUSALS[case]
    for each in setup:
        assert run(*each).exit_code == 0, (each, run(*each).stderr)
    for path in sorted(home.rglob("*"), reverse=True) if home.exists() else []:
        if path.name.endswith(".lock") or "cache" in path.relative_to(home).parts:
            path.rmdir() if path.is_dir() else path.unlink()
    scenario = tmp_path / "refused.yaml"
    scenario.write_text("board: new-york\nsteps:\n- clue north-of 4 yes\n- clue north-of 5 no\n", encoding="utf-8")
    before = folder_snapshot(home)
    result = run(*[word.format(scenario=scenario) for word in words])
    assert result.exit_code in (1, 2), (result.stdout, result.stderr)
    assert folder_snapshot(home) == before


def test_a_lock_leaves_its_file_after_a_change_and_nothing_after_a_refusal(tmp_path):
    from assistant.engine.errors import InputError

    lock = tmp_path / "home" / "games" / ".x.lock"
    with pytest.raises(InputError):
        with files.locked(lock):
            assert lock.exists()
            raise InputError("refused")
    assert not (tmp_path / "home").exists()
    with files.locked(lock):
        pass
    assert lock.is_file()
    with pytest.raises(InputError):
        with files.locked(lock):
            raise InputError("refused")
    assert lock.is_file()  # it was there before: it stays


def test_a_refused_command_run_by_the_installed_script_leaves_no_trace(home):
    """The installed command leaves at once (os._exit): the refusal's cleaning is done before."""
    home.mkdir()
    before = folder_snapshot(home)
    result = installed("board", "set", "gnom-street", "C2", "terrain=nowhere", home=home)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert folder_snapshot(home) == before


def test_a_command_that_goes_through_keeps_its_cache(run, home):
    run("new", "gnom-street", "--opponents", "red")
    for path in sorted((home / "cache").rglob("*"), reverse=True):
        path.unlink()
    assert run("history").exit_code == 0
    assert list((home / "cache").glob("*.bin"))  # held while it ran, written when it went through
