"""Saving games: atomic writes, two commands at the same moment, a full disk, a kill between two writes."""

import errno
import os
import stat
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import fail_a_rename_at, fill_the_disk_at, game_file

from assistant.engine.errors import AssistantError
from assistant.store import corrections, files, saving, shelf
from assistant.store.folder import Store, write_atomically

ROOT = Path(__file__).resolve().parent.parent


def test_atomic_write_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "g.yaml"
    write_atomically(target, "one\n")
    write_atomically(target, "two\n")
    assert target.read_text() == "two\n"
    assert [p.name for p in tmp_path.iterdir()] == ["g.yaml"]


def test_two_clue_commands_at_the_same_moment_both_land(run, home):
    run("new", "gnom-street", "--opponents", "red,blue")
    env = {**os.environ, "ASSISTANT_HOME": str(home)}
    # Each process records 15 clues in a row; they run at the same time.
    script = ("import sys, cli\n"
              "for n in range(15):\n"
              "    words = ['clue', 'area', sys.argv[1], 'no', '-o', sys.argv[2]]\n"
              "    try: cli.app_for(words)(words)\n"  # the app the installed command builds (cli.main)
              "    except SystemExit as e: assert e.code == 0, e.code\n")
    procs = [subprocess.Popen([sys.executable, "-c", script, cell, who], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for cell, who in (("F3", "red"), ("A1", "blue"))]
    for proc in procs:
        assert proc.wait(timeout=600) == 0, proc.stderr.read()
        proc.stderr.close()
    history = run("history").stdout.splitlines()
    assert len(history) == 30
    assert sum("red=no" in line for line in history) == 15


# -- another process gets there first ------------------------------------------------------


@pytest.fixture
def another_process_first(monkeypatch):
    """``another_process_first(action)``: ``action`` runs just before the store takes its next lock,
    as when another process changes the same files a moment before this one."""

    def arrange(action):
        real = files.locked
        pending = [action]

        @contextmanager
        def locked_after_another(path):
            if pending:
                pending.pop()()
            with real(path):
                yield

        for module in (corrections, saving, shelf):  # every part of the store that takes a lock
            monkeypatch.setattr(module, "locked", locked_after_another)

    return arrange


def test_a_board_correction_reads_the_corrections_saved_while_it_waited(store, another_process_first):
    another_process_first(lambda: Store(store.home).correct_board("gnom-street", "C2", ["flowers=blue,white"]))
    store.correct_board("gnom-street", "C2", ["terrain=gravel"])
    cell = store.board("gnom-street").describe()["cells"]["C2"]
    assert (cell["terrain"], cell["flowers"]) == ("gravel", ["blue", "white"])


def test_new_games_without_a_name_pick_their_number_under_the_lock(run, home, another_process_first):
    another_process_first(lambda: run("new", "gnom-street", "--opponents", "red"))
    result = run("new", "gnom-street", "--opponents", "blue")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("new game gnom-street-2 on gnom-street")
    assert sorted(p.name for p in (home / "games").glob("[!.]*.yaml")) == ["gnom-street-1.yaml", "gnom-street-2.yaml"]


# -- a full disk ----------------------------------------------------------------------------


@pytest.mark.parametrize("failing", range(1, 7), ids=lambda n: f"sync {n}")
def test_a_full_disk_is_reported_as_it_happened(failing, run, home):
    """Whichever write the disk refuses, the command says what happened: nothing was
    changed (and the game and its backup are untouched), or the clue is recorded."""
    run("new", "gnom-street", "--opponents", "red,blue")
    games = home / "games"
    before = {p.name: p.read_bytes() for p in games.iterdir()}
    with fill_the_disk_at(failing):
        result = run("clue", "area", "A1", "red=yes", "blue=no")
    assert "internal error" not in result.stderr and result.stderr.count("\n") <= 1
    if result.exit_code == 0:
        assert run("history").stdout == "  1. clue area A1 red=yes blue=no\n"
        assert (games / ".gnom-street-1.good.yaml").read_bytes() == game_file(home, "gnom-street-1")
    else:
        assert result.exit_code == 1
        assert result.stderr.startswith(f"error: cannot write {games}")
        assert result.stderr.endswith("(No space left on device); nothing was changed\n")
        assert {p.name: p.read_bytes() for p in games.iterdir()} == before


def test_a_backup_that_cannot_be_renamed_is_reported_with_what_was_written(run, home):
    run("new", "gnom-street", "--opponents", "red,blue")
    with fail_a_rename_at(2):
        result = run("clue", "area", "A1", "red=yes", "blue=no")
    games = home / "games"
    assert result.exit_code == 1
    assert result.stderr == (f"error: cannot write {games / '.gnom-street-1.good.yaml'} (Input/output error); "
                             f"{games / 'gnom-street-1.yaml'} was written\n")
    assert run("history").stdout == "  1. clue area A1 red=yes blue=no\n"
    assert [p.name for p in games.iterdir() if p.name.endswith(".tmp")] == []


def test_a_rename_is_made_durable_by_syncing_its_folder(tmp_path, monkeypatch):
    """A rename lives in the folder: without syncing it, a power cut can bring the old file back."""
    real_fsync, real_replace, seen = os.fsync, os.replace, []
    monkeypatch.setattr(os, "replace", lambda source, target: (seen.append(("rename", Path(target))),
                                                               real_replace(source, target)))

    def fsync(handle):
        if stat.S_ISDIR(os.fstat(handle).st_mode):
            seen.append(("sync folder", Path(os.readlink(f"/proc/self/fd/{handle}"))))
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", fsync)
    write_atomically(tmp_path / "g.yaml", "one\n")
    assert seen == [("rename", tmp_path / "g.yaml"), ("sync folder", tmp_path)]


def test_an_entry_syncs_the_game_and_its_backup_then_their_folder_once(run, home, monkeypatch):
    """Both new files reach the disk before either replaces its old self, and their one folder is synced after
    both renames, before the entry is answered: three waits for the disk, not four."""
    assert run("new", "gnom-street", "--opponents", "red,blue").exit_code == 0
    games, seen = home / "games", []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "replace", lambda source, target: (seen.append(("rename", Path(target).name)),
                                                               real_replace(source, target)))

    def fsync(handle):
        path = Path(os.readlink(f"/proc/self/fd/{handle}"))
        seen.append(("sync folder", path) if stat.S_ISDIR(os.fstat(handle).st_mode) else ("sync", path.parent))
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", fsync)
    recorded = record(Store(home), "gnom-street-1", "clue area B3 yes -o red")
    assert seen[:5] == [("sync", games), ("sync", games), ("rename", "gnom-street-1.yaml"),
                        ("rename", ".gnom-street-1.good.yaml"), ("sync folder", games)]
    assert [step[0] for step in seen[5:]] == ["rename"]  # the parse cache's entry, never waited for
    assert Store(home).load("gnom-street-1").events == recorded.events


def test_a_read_only_data_folder_is_one_plain_line(run, home, monkeypatch):
    run("new", "gnom-street", "--opponents", "red")
    games = home / "games"
    before = game_file(home, "gnom-street-1")
    if os.geteuid() == 0:  # root writes anywhere: the folder refuses as a read-only one would
        import tempfile

        def mkstemp(**where):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), where["dir"])

        monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    games.chmod(0o555)
    try:
        result = run("clue", "area", "A1", "yes")
    finally:
        games.chmod(0o755)
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: cannot write {games}")
    assert result.stderr.endswith("(Permission denied); nothing was changed\n")
    assert game_file(home, "gnom-street-1") == before


# -- the last good state -------------------------------------------------------------------


def test_recover_says_how_many_events_the_good_state_lacks(run, home):
    """A kill between the game's write and its backup's leaves the backup one step behind:
    recover puts it back and says what it does not hold."""
    run("new", "gnom-street", "--opponents", "red")
    run("clue", "area", "A1", "no")
    games = home / "games"
    behind = (games / ".gnom-street-1.good.yaml").read_bytes()
    run("clue", "area", "B1", "no")
    (games / ".gnom-street-1.good.yaml").write_bytes(behind)  # as a kill between the two renames leaves it
    with open(games / "gnom-street-1.yaml", "a") as damaged:
        damaged.write("- clue area Q7 yes\n")  # then an editor damages the game
    result = run("recover")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == (f"restored gnom-street-1: 1 events; the damaged file is kept as "
                             f"{games / '.gnom-street-1.damaged-1.yaml'} (it listed 3 events: "
                             f"2 of them are not in the good state)\n")


def test_recover_says_when_the_damaged_file_cannot_be_counted(run, home):
    run("new", "gnom-street", "--opponents", "red")
    run("clue", "area", "A1", "no")
    (home / "games" / "gnom-street-1.yaml").write_bytes(b"\xff\xfe garbage")
    result = run("recover")
    assert result.exit_code == 0 and result.stdout.endswith("(its events cannot be counted)\n")
    assert run("history").stdout == "  1. clue area A1 no\n"


def test_a_lock_held_too_long_is_one_plain_line(store, home, monkeypatch):
    from assistant.games.deduction import DeductionGame
    from assistant.store import files

    store.create(DeductionGame.new("held", store.board("gnom-street"), ["red"]))
    monkeypatch.setattr(files, "LOCK_WAIT", 0.0)
    with files.locked(home / "games" / ".held.lock"):  # another command, still at work
        with pytest.raises(AssistantError) as caught:
            store.update("held", lambda game: game.record(game.read_step("clue area A1 no")))
    assert str(caught.value).startswith(f"{home / 'games'}: another assistant command has been changing this")
    assert store.load("held").events == ()


# -- any platform --------------------------------------------------------------------------

WITHOUT_FCNTL = """
import sys
sys.modules["fcntl"] = None  # as on Windows: there is no fcntl to import
import cli
for words in (["new", "gnom-street", "--opponents", "red"], ["clue", "area", "A1", "no"],
              ["board", "set", "gnom-street", "C2", "terrain=wood"]):
    try:
        cli.app_for(words)(words)
    except SystemExit as exit_:
        assert exit_.code == 0, (words, exit_.code)
import filelock
print("lock:", filelock.FileLock.__name__)
"""


def test_writing_commands_work_where_fcntl_does_not_exist(home):
    env = {**os.environ, "ASSISTANT_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", WITHOUT_FCNTL], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["new game gnom-street-1 on gnom-street: hunting red",
                                        "clue 1: area A1 no -> red: 13 cells left",
                                        "gnom-street C2: terrain=wood, flowers=red,yellow",
                                        "lock: SoftFileLock"]
    assert "Warning" not in done.stderr and "Traceback" not in done.stderr


def test_without_assistant_home_games_live_in_the_platforms_data_folder(run, monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("ASSISTANT_HOME")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor=None: str(tmp_path / "data" / app))
    monkeypatch.setattr("typer.get_app_dir", lambda app: str(tmp_path / "config" / app))
    assert run("new", "gnom-street", "--opponents", "red").exit_code == 0
    assert (tmp_path / "data" / "assistant" / "games" / "gnom-street-1.yaml").is_file()
    assert not (tmp_path / "config").exists()


def test_games_saved_by_0_1_in_typers_folder_stay_where_they_are(run, monkeypatch, tmp_path):
    """0.1 kept the data in Typer's application folder: it is used while the new folder does not exist."""
    import platformdirs

    monkeypatch.delenv("ASSISTANT_HOME")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app, appauthor=None: str(tmp_path / "data" / app))
    monkeypatch.setattr("typer.get_app_dir", lambda app: str(tmp_path / "config" / app))
    (tmp_path / "config" / "assistant").mkdir(parents=True)
    assert run("new", "gnom-street", "--opponents", "red").exit_code == 0
    assert (tmp_path / "config" / "assistant" / "games" / "gnom-street-1.yaml").is_file()
    assert run("history").stdout == "no clues yet\n"


def test_a_game_keeps_its_own_id_through_a_rename_and_a_new_game_under_its_old_name_gets_another(run, store):
    """Issue 34: what a phone's link is bound to outlives the game's name, and is never handed on."""
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2", "--name", "friday").exit_code == 0
    first = store.game_id("friday")
    assert store.game_id("friday") == first and store.name_of_id(first) == "friday"
    assert run("rename", "friday", "friday-old").exit_code == 0
    assert store.game_id("friday-old") == first
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2", "--name", "friday").exit_code == 0
    assert store.game_id("friday") != first and store.name_of_id(first) == "friday-old"
    assert run("delete", "friday-old", "--yes").exit_code == 0
    assert store.name_of_id(first) is None
    assert not (store.games_dir / ".friday-old.id").exists()


# -- a store that stays open (the table screen, the phones' page) ---------------------------------


def record(store: Store, name: str, step: str):
    return store.update(name, lambda game: game.record(game.read_step(step)))


def test_a_store_left_open_reads_back_the_game_it_saved_without_replaying_it(run, home):
    """What the screen records is what it reads next: the same game, not its whole log replayed again."""
    assert run("new", "gnom-street", "--opponents", "red,blue").exit_code == 0
    store = Store(home)
    recorded = record(store, "gnom-street-1", "clue area B3 yes -o red")
    assert store.load("gnom-street-1") is recorded
    assert store.load("gnom-street-1") is store.load("gnom-street-1")


def saved_steps(store: Store, name: str) -> list[str]:
    game = store.load(name)
    return [game.step(event) for event in game.events]


def test_a_store_left_open_reads_what_another_process_changed(run, home):
    """Another terminal's entry, a board correction and an edit of the file each make the game read anew."""
    assert run("new", "gnom-street", "--opponents", "red,blue").exit_code == 0
    store = Store(home)
    record(store, "gnom-street-1", "clue area B3 yes -o red")
    assert run("clue", "area", "A1", "no", "-o", "blue").exit_code == 0  # another process
    assert saved_steps(store, "gnom-street-1") == ["clue area B3 red=yes", "clue area A1 blue=no"]
    before = store.load("gnom-street-1")
    assert run("board", "set", "gnom-street", "F3", "terrain=wood").exit_code == 0  # the board corrected
    corrected = store.load("gnom-street-1")
    assert corrected is not before and corrected.board.describe()["cells"]["F3"]["terrain"] == "wood"
    path = home / "games" / "gnom-street-1.yaml"
    path.write_bytes(path.read_bytes().replace(b"A1 blue=no", b"A2 blue=no"))  # an edit, in any editor
    assert saved_steps(store, "gnom-street-1") == ["clue area B3 red=yes", "clue area A2 blue=no"]
    assert record(store, "gnom-street-1", "undo").events[-1] == store.load("gnom-street-1").events[-1]


def test_a_parse_cache_entry_does_not_wait_for_the_disk_and_a_lost_one_is_parsed_again(tmp_path, monkeypatch):
    """A cache entry is used only when it holds the file's exact bytes: it is written atomically but not
    flushed to the disk (one write fewer for every command that saves), and one a power cut emptied or cut
    short is parsed again."""
    from assistant.store import yamlfile

    data_file, cache = tmp_path / "board.yaml", tmp_path / "cache"
    data_file.write_text("name: garden\nrows: 3\n")
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda handle: (synced.append(handle), real_fsync(handle)))
    assert yamlfile.load(data_file, cache_dir=cache) == {"name": "garden", "rows": 3}
    (entry,) = cache.iterdir()
    assert synced == [] and entry.stat().st_size > 0
    for lost in (b"", entry.read_bytes()[:len(entry.read_bytes()) // 2]):
        entry.write_bytes(lost)
        assert yamlfile.load(data_file, cache_dir=cache) == {"name": "garden", "rows": 3}
