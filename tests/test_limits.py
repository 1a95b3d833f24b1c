"""At the limits (issue 36): bounded step lines, safe output files, odd files in the data folder,
damaged caches, and refused commands that leave no trace.

Each test is a repro of what a red-team pass found: a 1.5 MB step line that hung every command,
`--svg` replacing a named pipe (as root, /dev/full) with a file, a named pipe in boards/fixes/ that
hung `stats`, a nested cache that gave "internal error (RecursionError)", and empty lock files and
folders left by refused commands.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import folder_snapshot, one_plain_line
from conftest import installed as run_installed

from assistant.engine.errors import DataError
from assistant.store import files, yamlfile
from assistant.store.folder import Store

ROOT = Path(__file__).resolve().parent.parent


def append_steps(home: Path, name: str, *steps: str) -> Path:
    path = home / "games" / f"{name}.yaml"
    text = path.read_text(encoding="utf-8").replace("events: []\n", "events:\n")
    path.write_text(text + "".join(f"- {step}\n" for step in steps), encoding="utf-8")
    return path


# -- linear cost ----------------------------------------------------------------------------------------

sys.path.insert(0, str(ROOT / "benchmarks"))
import limits as benchmark  # noqa: E402  (benchmarks/limits.py: the games at the limit, and their steps)


def lines_run(action, *args) -> tuple[int, object]:
    """How many lines of the package's own code ``action(*args)`` runs, and what it returns: a cost that
    does not depend on the machine (a timing would), and that a loop over the whole log at every entry
    makes grow with the square of the log's length."""
    count = 0
    package = str(ROOT / "assistant")

    def in_package(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return in_package

    sys.settrace(lambda frame, event, arg: in_package if frame.f_code.co_filename.startswith(package) else None)
    try:
        returned = action(*args)
    finally:
        sys.settrace(None)
    return count, returned


COMMANDS = {"games": ["games"], "history": ["history", "--game", "big"], "sheet": ["sheet", "--game", "big"],
            "stats": ["stats"], "export": ["export", "big"], "import": ["import", "{exported}", "--name", "again"],
            "undo": ["undo", "--game", "big"], "refused": ["clue", "area", "A1", "a=yes", "--game", "big"],
            "scenario": ["import", "{played}", "--name", "again"],  # each step recorded through the rules
            "correct": ["board", "set", "gnom-street", "D3", "terrain=wood"]}  # each saved game checked anew
SHOWN = {"roi-des-nains": ["quest", "show"], "oh-les-nains": ["tug", "show"]}
REFUSED = {"roi-des-nains": ["quest", "trick", "Zed", "3g", "4g", "5g"], "oh-les-nains": ["tug", "squirrels", "9"]}


# The sizes of the games compared: n, 2n and 4n entries. What the smallest game costs whatever its length (imports,
# the board, the header) cancels out of the differences, so a short game shows a loop over the whole log at every
# entry as well as a long one: the quick proof plays 50, 100 and 200 entries, the full one 200, 400 and 800.
PROPORTION_SIZES = [pytest.param(50, id="quick"), pytest.param(200, id="full", marks=pytest.mark.full)]


@pytest.mark.parametrize("smallest", PROPORTION_SIZES)
@pytest.mark.parametrize("kind", list(benchmark.KINDS))
def test_every_command_costs_in_proportion_to_the_game(kind, smallest, tmp_path, monkeypatch):
    """Issue 36: 'games' took 1.2 s at 5,000 entries and 15 s at 20,000. Each command (a refused one
    too), its parse caches emptied first, runs twice as many more lines from 2n to 4n entries as from n to 2n
    when its cost is in proportion to the game (the square of it would be four times as many; benchmarks/limits.py
    times them at the save limit)."""
    from typer.testing import CliRunner

    import cli

    ran: dict[str, list[int]] = {}
    for size in (smallest, 2 * smallest, 4 * smallest):
        home = tmp_path / str(size)
        benchmark.build(home, kind, size)
        monkeypatch.setenv("ASSISTANT_HOME", str(home))
        exported, played = tmp_path / f"exported-{size}.yaml", tmp_path / f"played-{size}.yaml"
        for name, words in COMMANDS.items():
            if name == "sheet" and kind in SHOWN:
                words = [*SHOWN[kind], "--game", "big"]
            if name == "refused" and kind in REFUSED:
                words = [*REFUSED[kind], "--game", "big"]
            if name == "correct" and not kind.startswith("gnom-street"):
                continue  # a correction of the garden checks the games on the garden
            words = [word.format(exported=exported, played=played) for word in words]
            CliRunner().invoke(cli.app_for(words), words)  # every module it needs imported, once
            for made in (home / "games").glob("*again*"):
                made.unlink()
            shutil.rmtree(home / "cache", ignore_errors=True)
            # and the parses this process keeps (the last 32 small files), which an earlier test of this worker
            # may have filled: the game's own parse, left by a test that built the same game, was found by the
            # command run first and pushed out by the board's before the command counted (6 workers, 2 runs of 2)
            yamlfile.forget_parsed()
            count, result = lines_run(CliRunner().invoke, cli.app_for(words), words)
            assert result.exit_code == 0 or name == "refused", (name, result.stderr)
            if name == "correct":
                shutil.rmtree(home / "boards")  # as shipped again, for the next size
            if name == "export":  # and the same steps as a scenario to play (not a log to restore)
                exported.write_text(result.stdout, encoding="utf-8")
                played.write_text(result.stdout.replace("exported: true\n", ""), encoding="utf-8")
            ran.setdefault(name, []).append(count)
    grown = {name: round((large - middle) / max(middle - small, 1), 2) for name, (small, middle, large) in ran.items()}
    assert all(ratio < 3 for ratio in grown.values()), f"{grown!r}, lines run at n, 2n, 4n: {ran!r}"


@pytest.mark.parametrize("game_kind", ["garden", "duel", "city"])
def test_a_game_recorded_step_by_step_is_the_game_its_log_replays(game_kind, store):
    """Recording keeps the state a step leads to (and, for an undo of the latest entry, the game before
    it) instead of replaying the log: whatever is recorded, undone or refused, the game is the one its
    saved log reads back to."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from test_stateful import city_steps, duel_steps, garden_steps

    from assistant.engine.errors import AssistantError
    from assistant.engine.words import join
    from assistant.games.deduction import DeductionGame

    starts = {"garden": (["red", "blue", "yellow"], "C2", "Léa", garden_steps),
              "duel": (["Matt"], "B3", None, duel_steps),
              "city": (None, None, None, city_steps)}
    opponents, mine, me, steps = starts[game_kind]
    board = "new-york" if game_kind == "city" else "gnom-street"
    take_backs = st.sampled_from([["undo"], ["undo"], ["retract", "1"], ["retract", "3"]])

    @settings(max_examples=25)
    @given(st.lists(st.one_of(steps(), steps(), take_backs), min_size=1, max_size=30))
    def walk(played):
        game = DeductionGame.new("walk", store.board(board), opponents, mine, me)
        for words in played:
            try:
                game = game.record(game.read_step(join(words)))
            except AssistantError:
                continue
            fresh = DeductionGame.from_mapping(game.to_mapping(), "walk", store.board, "replayed")
            assert fresh.history() == game.history(), words
            assert fresh.state._replace(history=None, sheet=None) == game.state._replace(history=None, sheet=None)
            assert fresh.sheet().candidate_names() == game.sheet().candidate_names(), words
            assert list(fresh.sheet().facts) == list(game.sheet().facts), words

    walk()


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
    return run_installed(*args, home=home, timeout=60)


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


def damaged(cache: Path, damage: str, shaped: str) -> None:
    """Put a damaged JSON cache at ``cache``: nested past Python's reader, not JSON, a named pipe, or
    ``shaped`` (JSON of the right shape holding the wrong things)."""
    if damage == "deeply nested":
        cache.write_text("[" * 200_000 + "]" * 200_000)
    elif damage == "not JSON":
        cache.write_bytes(b"\xff{{{")
    elif damage == "a named pipe":
        os.mkfifo(cache)
    else:
        cache.write_text(shaped)


@pytest.mark.parametrize("damage", ["deeply nested", "not JSON", "a named pipe", "a folder of the right shape"])
def test_a_damaged_outcome_cache_is_dropped_and_rebuilt(damage, run, home):
    """A deeply nested cache/outcomes.json used to give 'internal error (RecursionError)'."""
    run("new", "gnom-street", "--opponents", "red")
    run("games")
    cache = home / "cache" / "outcomes.json"
    good = json.loads(cache.read_text())
    cache.unlink()
    damaged(cache, damage, json.dumps({**good, "games": {"gnom-street-1": {
        "digest": good["games"]["gnom-street-1"]["digest"], "outcome": [[[[1]]]]}}}))
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


@pytest.mark.parametrize("damage", ["deeply nested", "not JSON", "a named pipe", "a list"])
def test_the_phones_answers_cache_is_dropped_and_rebuilt_when_damaged(damage, home):
    """cache/serve-entries-ID.json (the first answer to each entry id a phone sent): a damaged one starts
    again empty, never an internal error, and the next answer kept replaces it with a file."""
    from assistant.faces.web import serve

    cache = home / "cache" / "serve-entries-abc.json"
    cache.parent.mkdir(parents=True)
    damaged(cache, damage, "[1, 2]")
    answers = serve.Answers(cache)
    assert answers.first("entry-1") is None
    answers.keep("entry-1", {"ok": True})
    assert cache.is_file() and json.loads(cache.read_text()) == {"entry-1": {"ok": True}}
    assert serve.Answers(cache).first("entry-1") == {"ok": True}


def test_a_named_pipe_as_a_games_id_is_skipped_with_a_warning(run, home, store):
    """games/.NAME.id (the game's own id, which the phones' links name): a named pipe there is never opened;
    a game is found by its id only through a file, and the id that cannot be written is one line."""
    run("new", "new-york", "--name", "case")
    game_id = store.game_id("case")
    id_file = home / "games" / ".case.id"
    id_file.unlink()
    os.mkfifo(id_file)
    assert store.name_of_id(game_id) is None
    assert files.skipped() == [f"{id_file}: not a regular file (a folder, a named pipe or a device): skipped"]
    with pytest.raises(files.NotAFile):
        store.game_id("case")
    assert id_file.is_fifo()


def test_a_refused_serve_leaves_no_id_and_no_cache_behind(run, home):
    """serve --game a --game b, b damaged: refused in one line, and neither a's id nor a's parse cache is
    written (ids are made once every game was read; the caches are held until the links are made)."""
    import socket

    run("new", "new-york", "--name", "a")
    run("new", "new-york", "--name", "b")
    for path in [*home.glob("games/.*.id"), *home.glob("games/*.lock"), *home.glob("cache/*")]:
        path.unlink()
    (home / "cache").rmdir()
    (home / "games" / "b.yaml").write_text("board: [[[\n", encoding="utf-8")
    with socket.socket() as probe:  # a port free now, on this machine only
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    before = folder_snapshot(home)
    line = one_plain_line(run("serve", "--game", "a", "--game", "b", "--port", str(port)), 1)
    assert "b.yaml" in line
    assert folder_snapshot(home) == before


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


# -- the game log's lines, read and written without PyYAML ---------------------------------------------

STEP_CHARACTERS = "abcAB z09:#'\"-=,._/+\t\\?[]{}&*!|>%@`~é\u00a0\u2028\x85\ufeff日\x1b"


def test_a_game_log_is_written_and_read_as_pyyaml_writes_and_reads_it():
    """Steps are written one per line and read back here when they are plain or single-quoted (PyYAML
    takes half a second each way for 1 MB): the same bytes as PyYAML writes, the same data as it reads."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from assistant.store import yamlparse

    @settings(max_examples=500)
    @given(st.lists(st.text(st.sampled_from(STEP_CHARACTERS), max_size=10), min_size=1, max_size=5),
           st.sampled_from([{}, {"assistant": "game/1", "board": "gnom-street"}, {"pad": "x", "sides": ["a", "b"]}]),
           st.sampled_from(["events", "steps"]))  # a saved game's log, an exported game's (a scenario's) steps
    def same(steps, head, log_key):
        data = {**head, log_key: steps}
        written = yamlparse.dumps(data)
        assert written == yamlparse._dump(data)
        assert yamlparse.loads(written, "log") == yamlparse._loads(written, "log") == data

    same()


def test_a_log_whose_lines_are_not_all_steps_is_read_whole_by_pyyaml():
    from assistant.store import yamlparse

    for text, expected in [
        ("a: 1\nevents:\n- x\n# a comment\n- y\n", {"a": 1, "events": ["x", "y"]}),
        ("a: 1\nevents:\n- \"x\\ty\"\n", {"a": 1, "events": ["x\ty"]}),
        ("a: 1\nevents:\n- 'it''s'\n- yes\n", {"a": 1, "events": ["it's", "yes"]}),
        ("a: [1,\nevents:\n- x]\n", None),  # a header that does not end where the steps begin
    ]:
        if expected is None:
            with pytest.raises(DataError, match="^log: line 3"):
                yamlparse.loads(text, "log")
        else:
            assert yamlparse.loads(text, "log") == expected


def test_events_of_two_kinds_holding_equal_values_keep_their_own_words():
    from typing import NamedTuple

    from assistant.engine import log

    class Left(NamedTuple):
        cell: str

    class Right(NamedTuple):
        cell: str

    class Game(NamedTuple):
        events: tuple

        def step(self, event) -> str:
            return f"{type(event).__name__.lower()} {event.cell}"

    assert log.steps(Game((Left("A1"), Right("A1"), Left("A1")))) == ["left A1", "right A1", "left A1"]


def test_a_log_of_plain_steps_is_read_at_once_as_line_by_line():
    """A log whose every line is a plain ASCII step is checked by one regular expression over the whole of it
    (1 MB in a few hundredths of a second): it reads as PyYAML reads it, a line that is not plain (a boolean
    word, a blank at the end, a character beyond ASCII) sending it the slow way, still read as PyYAML reads."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from assistant.store import yamlparse

    plain = st.text(st.sampled_from("abAB z09=,._/+-"), min_size=1, max_size=8)
    words = st.sampled_from(["yes", "No", "on", "null", "y", "a b ", "é", "clue area A3 a=no"])

    @settings(max_examples=300)
    @given(st.lists(st.one_of(plain, plain, words), min_size=1, max_size=8), st.sampled_from(["events", "steps"]))
    def same(steps, log_key):
        text = f"board: x\n{log_key}:\n" + "".join(f"- {step}\n" for step in steps)
        try:
            expected = yamlparse._loads(text, "log")
        except DataError:
            return  # not a log PyYAML reads ('- -a' is no text): not one of ours either
        assert yamlparse.loads(text, "log") == expected

    same()


@pytest.mark.parametrize("step", [
    "clue area A3 a=no --card c12", "clue area A3 a=no --card=c12 --by b", "clue area A3 a=no --carte c12",
    "clue area A3 a=no --card 'c 12'", "clue area A3 a=no --card c1 --card c2", "clue area A3 a=no --by --card c1",
    "clue area A3 --card yes a=no", "clue area A3 a=no --card c1 b=yes", "clue zzz A3 a=no --card c1",
    "clue area A3 a=no --card -o", "asked area A3 --by a --card c1", "clue  area\tA3 a=no --card c1",
    "clue area A3 a=no --card c1 --power x", "clue area A3 a=no --cards c1"])
def test_a_saved_clue_heard_from_a_card_reads_as_the_whole_step_does(step, store):
    """A saved log's clue is read once for every card it was heard from (a log whose every card differs costs
    what a log of its clues alone costs): the event, or the refusal, is what reading the whole step gives."""
    from assistant.engine.errors import AssistantError
    from assistant.games.deduction import DeductionGame

    game = DeductionGame.new("g", store.board("gnom-street"), ["a", "b"], "C2")._replace(reading_saved=True)
    game.read_step("clue area A3 a=no")  # the clue without its card, read first: what the card reuses

    def read(reader):
        try:
            return reader(step)
        except AssistantError as error:
            return str(error)

    assert read(game.read_step) == read(game._read_text)
    assert type(read(game.read_step)) is type(read(game._read_text))


def test_the_turns_to_find_a_loot_count_every_question_asked_again(store):
    """The statistics work a set's sheet out once for each clue and answers (heard again, they narrow
    nothing): every question asked still counts as a turn, as when the sheet was worked out at each entry."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from test_stateful import duel_steps, garden_steps

    from assistant.engine.errors import AssistantError
    from assistant.engine.sheet import Sheet
    from assistant.engine.words import join
    from assistant.games import deduction
    from assistant.games.deduction import DeductionGame
    from assistant.games.gnom_street import garden

    def finds_entry_by_entry(game) -> list:  # the statistics as they were: the sheet anew at each entry
        finds, sheet, asked, found = [], Sheet.start(game.board, game.items, game.mine), 0, set()
        for entry in game.standing():
            event = entry.event
            if isinstance(event, garden.SetEvent):
                mine = game.board.parse_cell(event.next_mine) if event.next_mine else None
                sheet, asked, found = Sheet.start(game.board, game.items, mine), 0, set()
                continue
            facts = game.facts_of(entry)
            if len(found) == len(game.items) or not facts:
                continue
            if isinstance(event, deduction.ClueEvent) and event.by is None and event.clue.spec.question:
                asked += 1
            sheet = sheet.with_facts(facts)
            for item in game.items:
                if item not in found and sheet.consistent and sheet.found(item) is not None:
                    found.add(item)
                    finds.append([item, asked])
        return finds

    @settings(max_examples=40)
    @given(st.booleans(), st.data())
    def same(duel, data):
        opponents, mine, steps = (["Matt"], "B3", duel_steps) if duel else (["red", "blue", "yellow"], "C2",
                                                                               garden_steps)
        game = DeductionGame.new("walk", store.board("gnom-street"), opponents, mine)
        played = data.draw(st.lists(steps(), min_size=1, max_size=12))
        for words in played + played:  # every step heard twice
            try:
                game = game.record(game.read_step(join(words)))
            except AssistantError:
                continue
        assert game.statistics()["finds"] == finds_entry_by_entry(game)

    same()
