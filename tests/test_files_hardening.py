"""Nothing accepted can make a game wrong or unreadable: the data folder's files (issue 22).

Each test is a repro of something a red-team pass found: recover destroying what it
should keep, YAML values that crashed a reader or hid every other game, a rename
waiting on its own lock, messages saying "nothing was changed" after a write or
naming a remedy that does not help, temporary files of killed writers left forever.
"""

import errno
import os
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import fail_a_rename_at, fill_the_disk_at, game_file
from typer.testing import CliRunner

import cli
from assistant.engine.errors import AssistantError
from assistant.store import files, yamlfile
from assistant.store.folder import Store

ROOT = Path(__file__).resolve().parent.parent


def one_line(result, code: int) -> str:
    """The error line of a refused command: exit ``code``, one line, no crash."""
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert type(result.exception) is SystemExit
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "internal error" not in result.stderr
    return result.stderr


def data_files(home: Path) -> dict:
    """What a command may change for a player: every file but lock files and the parse cache."""
    return {p: p.read_bytes() for p in home.rglob("*")
            if p.is_file() and not p.name.endswith(".lock") and "cache" not in p.relative_to(home).parts}


def damage(home: Path, name: str, line: str) -> None:
    with open(home / "games" / f"{name}.yaml", "a") as game:
        game.write(line)  # an editor adds an entry the game cannot read


@contextmanager
def unreadable(path: Path):
    """``path`` as a file or folder this account may not read. Root reads anything: there the
    system calls that read it refuse as they would for anyone else."""
    mode = path.stat().st_mode
    real = {"open": os.open, "listdir": os.listdir, "scandir": os.scandir}

    def refusing(call):
        def refuse(target, *args, **kwargs):
            if Path(target) == path:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(target))
            return real[call](target, *args, **kwargs)
        return refuse

    path.chmod(0)
    if os.geteuid() == 0:
        for call in real:
            setattr(os, call, refusing(call))
    try:
        yield
    finally:
        for call, function in real.items():
            setattr(os, call, function)
        path.chmod(mode)


# -- recover ---------------------------------------------------------------------------------------


def test_recover_run_twice_keeps_each_damaged_copy(run, home):
    """The second recover used to copy the (then good) game over the first damaged copy."""
    run("new", "gnom-street", "--opponents", "red")
    run("clue", "area", "A1", "no")
    games = home / "games"
    damage(home, "gnom-street-1", "- clue area Q7 yes\n")
    first = game_file(home, "gnom-street-1")
    assert run("recover").stdout.startswith("restored gnom-street-1: 1 events; the damaged file is kept as "
                                            f"{games / '.gnom-street-1.damaged-1.yaml'} ")
    damage(home, "gnom-street-1", "- clue area Q8 yes\n")
    second = game_file(home, "gnom-street-1")
    assert run("recover").stdout.startswith("restored gnom-street-1: 1 events; the damaged file is kept as "
                                            f"{games / '.gnom-street-1.damaged-2.yaml'} ")
    assert (games / ".gnom-street-1.damaged-1.yaml").read_bytes() == first
    assert (games / ".gnom-street-1.damaged-2.yaml").read_bytes() == second
    assert run("history").stdout == "  1. clue area A1 no\n"


def test_recover_on_a_healthy_game_says_so_and_changes_nothing(run, home):
    run("new", "gnom-street", "--opponents", "red")
    run("clue", "area", "A1", "no")
    before = data_files(home)
    result = run("recover")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == ("game gnom-street-1 is not damaged (1 event; it loads): nothing to recover, "
                             "nothing was changed\n")
    assert data_files(home) == before


def test_recover_on_a_healthy_game_without_a_good_state_says_it_is_not_damaged(run, home):
    """A game saved before the good state was kept loads: that is what recover says first."""
    run("new", "gnom-street", "--opponents", "red")
    (home / "games" / ".gnom-street-1.good.yaml").unlink()
    result = run("recover")
    assert result.exit_code == 0 and result.stdout.startswith("game gnom-street-1 is not damaged (0 events")


def test_a_game_whose_file_is_missing_is_found_and_recovered(run, home):
    run("new", "gnom-street", "--opponents", "red")
    run("clue", "area", "A1", "no")
    run("new", "new-york", "--name", "city")
    path = home / "games" / "gnom-street-1.yaml"
    path.unlink()  # its backup is still there
    message = f"{path}: missing; the last good state is kept: restore it with assistant recover gnom-street-1"
    assert one_line(run("history", "--game", "gnom-street-1"), 1) == f"error: {message}\n"
    listed = run("games").stdout.splitlines()
    assert listed[0].startswith("* city ") and listed[1] == f"  gnom-street-1  damaged: {message}"
    assert one_line(run("new", "gnom-street", "--name", "gnom-street-1"), 2).startswith(
        "error: a game called gnom-street-1 exists already (only its last good state is left")
    result = run("recover", "gnom-street-1")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "restored gnom-street-1: 1 event (its game file was missing)\n"
    assert run("history", "--game", "gnom-street-1").stdout == "  1. clue area A1 no\n"


def test_a_new_game_never_takes_the_number_of_a_game_whose_file_is_missing(run, home):
    run("new", "gnom-street", "--opponents", "red")
    (home / "games" / "gnom-street-1.yaml").unlink()
    assert run("new", "gnom-street", "--opponents", "red").stdout.startswith("new game gnom-street-2 ")
    assert (home / "games" / ".gnom-street-1.good.yaml").is_file()


def test_recover_with_a_damaged_good_state_changes_nothing(run, home):
    run("new", "gnom-street", "--opponents", "red")
    damage(home, "gnom-street-1", "- clue area Q7 yes\n")
    good = home / "games" / ".gnom-street-1.good.yaml"
    good.write_text(good.read_text() + "events: [oops\n")
    before = data_files(home)
    line = one_line(run("recover"), 1)
    assert line.startswith(f"error: {good}: line ")
    assert data_files(home) == before


# -- every value YAML can produce -------------------------------------------------------------------

HUGE = "9" * 4301  # Python refuses to read an integer of more than 4,300 digits
REFUSED_VALUES = {  # value -> what the line says
    "a 4,301-digit number": (HUGE, "a number of 4,301 digits (at most 4,300)"),
    "!!timestamp abc": ("!!timestamp abc", "!!timestamp: this tag is not used in data files"),
    "!!int abc": ("!!int abc", "!!int 'abc': not a whole number"),
    "!!float abc": ("!!float abc", "!!float 'abc': not a number"),
    "!!bool maybe": ("!!bool maybe", "!!bool 'maybe': expected true or false"),
    "!!binary": ("!!binary aGVsbG8=", "!!binary: this tag is not used in data files"),
    "!!set": ("!!set {a, b}", "!!set: this tag is not used in data files"),
    "!!omap": ("!!omap [a: 1]", "!!omap: this tag is not used in data files"),
}
PLACES = {  # the file, with the value on its second line, and the command that reads it
    "game": ("games/evil.yaml", "assistant: game/1\nme: {value}\nboard: gnom-street\nopponents: [red]\nevents: []\n",
             ["history", "--game", "evil"]),
    "board": ("boards/evil.yaml", "name: evil\nrows: {value}\ncolumns: 2\n", ["board", "show", "evil"]),
    "correction": ("boards/fixes/gnom-street.yaml", "verified: false\ncells: {{C2: {{terrain: {value}}}}}\n",
                   ["board", "show", "gnom-street"]),
    "scenario": ("evil.yaml", "board: gnom-street\ntitle: {value}\nsteps: [clue area A1 no]\n", ["replay", "{path}"]),
    "import": ("evil.yaml", "board: gnom-street\ntitle: {value}\nsteps: [clue area A1 no]\n", ["import", "{path}"]),
    "tally": ("evil.yaml", "players: [Ana, Ben, Cleo]\nminiatures: {{Ana: {value}}}\n", ["tally", "{path}"]),
}


@pytest.mark.parametrize("case", REFUSED_VALUES)
@pytest.mark.parametrize("place", PLACES)
def test_a_value_yaml_cannot_make_is_one_line_naming_the_file_and_line(place, case, run, home):
    where, text, words = PLACES[place]
    value, said = REFUSED_VALUES[case]
    path = home / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.format(value=value))
    line = one_line(run(*[word.format(path=path) for word in words]), 1)
    assert line.startswith(f"error: {path}: line 2: {said}"), line


@pytest.mark.parametrize("date", ["2024-02-30", "2024-02-28", "2024-02-28 10:00:00"])
def test_a_date_is_read_as_the_text_it_is(date, run, home):
    """A date YAML would make (or fail to make: February has no 30th) stays text: a name, a title."""
    (home / "games").mkdir(parents=True)
    (home / "games" / "evil.yaml").write_text(
        f"assistant: game/1\nme: {date}\nboard: gnom-street\nopponents: [red]\nevents: []\n")
    assert yamlfile.load(home / "games" / "evil.yaml")["me"] == date
    result = run("games")
    assert result.exit_code == 0 and result.stdout.startswith(f"  evil  gnom-street  {date}, red  (0 entries")


@pytest.mark.parametrize("case, text", [
    *[(case, f"assistant: game/1\nboard: gnom-street\nopponents: [red]\nevents: []\nme: {value}\n")
      for case, (value, unused) in REFUSED_VALUES.items()],
    ("a list as the board", "assistant: game/1\nboard: [gnom-street]\nopponents: [red]\nevents: []\n"),
    ("no board", "assistant: game/1\nopponents: [red]\nevents: []\n"),
    ("a number as the opponents", "assistant: game/1\nboard: gnom-street\nopponents: 5\nevents: []\n"),
    ("a mapping as me", "assistant: game/1\nboard: gnom-street\nopponents: [red]\nme: {a: 1}\nevents: []\n"),
    ("an empty mapping", "{}\n"),
])
def test_one_bad_game_file_never_hides_the_other_games(case, text, run, home):
    run("new", "gnom-street", "--opponents", "red", "--name", "alpha")
    run("new", "new-york", "--name", "omega")
    (home / "games" / "evil.yaml").write_text(text)
    result = run("games")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("  alpha  gnom-street ") and lines[2].startswith("* omega  new-york ")
    assert lines[1].startswith(f"  evil   damaged: {home / 'games' / 'evil.yaml'}: "), lines[1]
    assert run("games", "--json").exit_code == 0


@pytest.mark.parametrize("case", REFUSED_VALUES)
def test_one_bad_board_file_never_hides_the_other_boards(case, run, home):
    (home / "boards").mkdir(parents=True)
    (home / "boards" / "evil.yaml").write_text(f"name: evil\nrows: {REFUSED_VALUES[case][0]}\ncolumns: 2\n")
    result = run("boards")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == ["gnom-street", "new-york", "evil"]
    assert f"damaged: {home / 'boards' / 'evil.yaml'}: line 2: " in lines[2]


@pytest.mark.parametrize("key", ["symbol", "colour"])
@pytest.mark.parametrize("value", ["[1]", "{a: 1}", "5", "''"])
def test_a_boards_symbol_or_colour_must_be_text(key, value, run, home):
    """A symbol or colour that is not text reached the picture and crashed it."""
    shipped = (ROOT / "boards" / "gnom-street.yaml").read_text()
    (home / "boards").mkdir(parents=True)
    mine = home / "boards" / "mine.yaml"
    wood = '      wood:   {aliases: [bois], fr: bois, colour: dark_orange3, symbol: "♣"}'
    assert wood in shipped
    mine.write_text(shipped.replace("name: gnom-street", "name: mine").replace(wood, f"      wood: {{{key}: {value}}}"))
    line = one_line(run("board", "show", "mine"), 1)
    assert f"attributes.terrain.values.wood.{key}: expected a non-empty text" in line and str(mine) in line


# -- rename, the data folder ---------------------------------------------------------------------


def test_renaming_a_game_to_its_own_name_answers_at_once(run, home, monkeypatch):
    """It used to wait the whole lock time (60 s) on its own lock: with no time to wait, it still answers."""
    run("new", "gnom-street", "--opponents", "red", "--name", "friday")
    before = data_files(home)
    monkeypatch.setattr(files, "LOCK_WAIT", 0.0)
    result = run("rename", "friday", "friday")
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "game friday is called friday already: nothing was changed\n"
    assert data_files(home) == before


def test_a_game_cannot_be_renamed_onto_a_game_whose_file_is_missing(run, home):
    run("new", "gnom-street", "--opponents", "red", "--name", "a")
    run("new", "gnom-street", "--opponents", "red", "--name", "b")
    (home / "games" / "b.yaml").unlink()
    assert one_line(run("rename", "a", "b"), 2) == "error: a game called 'b' exists already: pick another name\n"
    assert (home / "games" / ".b.good.yaml").is_file() and (home / "games" / "a.yaml").is_file()


@pytest.mark.parametrize("kind", ["a loop of links", "a link to nowhere"])
def test_a_data_folder_that_is_a_broken_link_is_one_line(kind, tmp_path, monkeypatch):
    link = tmp_path / "home"
    link.symlink_to(link if kind == "a loop of links" else tmp_path / "nowhere" / "x")
    monkeypatch.setenv("ASSISTANT_HOME", str(link))
    for words in (["games"], ["new", "gnom-street"], ["sheet"]):
        line = one_line(CliRunner().invoke(cli.app_for(words), words), 1)
        assert line.startswith(f"error: ASSISTANT_HOME={link}: ")
        assert line.endswith("set ASSISTANT_HOME to a folder\n")
    assert not (tmp_path / "nowhere").exists()


def test_the_core_says_a_data_folder_that_is_a_loop_of_links_in_one_line(tmp_path):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    for call in (lambda store: store.game_list(), lambda store: store.load("x"),
                 lambda store: store.board("gnom-street")):
        with pytest.raises(AssistantError) as caught:
            call(Store(loop))
        assert str(loop) in str(caught.value)


# -- a full disk: what was written is said -------------------------------------------------------


def said_truly(result, before: dict, after: dict) -> None:
    """'nothing was changed' only when nothing was; any other failure names what was written."""
    assert "internal error" not in result.stderr and result.stderr.count("\n") <= 1, result.stderr
    if result.exit_code == 0:
        return
    assert result.exit_code == 1 and ("No space left on device" in result.stderr
                                      or "Input/output error" in result.stderr), result.stderr
    changed = sorted(str(path) for path in set(before) | set(after) if before.get(path) != after.get(path))
    if result.stderr.endswith("nothing was changed\n"):
        assert changed == [], (result.stderr, changed)
    else:
        assert changed, result.stderr
        for path in changed:
            named = Path(path).name.lstrip(".").split(".")[0]
            assert path in result.stderr or named in result.stderr, (path, result.stderr)


FULL_DISK = {  # set-up, then the command that meets the full disk
    "new": ([], ["new", "gnom-street", "--opponents", "red"]),
    "new --name": ([], ["new", "gnom-street", "--name", "friday"]),
    "quest new": ([], ["quest", "new", "--players", "Ana,Ben,Cleo"]),
    "import": ([], ["import", str(ROOT / "scenarios" / "gnom-area.yaml")]),
    "recover": ([["new", "gnom-street", "--opponents", "red"], ["clue", "area", "A1", "no"], ["damage"]], ["recover"]),
    "recover a missing file": ([["new", "gnom-street", "--opponents", "red"], ["lose"]], ["recover", "gnom-street-1"]),
    "rename": ([["new", "gnom-street", "--opponents", "red"]], ["rename", "gnom-street-1", "friday"]),
}


@pytest.mark.parametrize("failing", [*((fill_the_disk_at, n) for n in range(1, 10)),
                                     *((fail_a_rename_at, n) for n in range(1, 5))],
                         ids=lambda way: f"{way[0].__name__.split('_')[0]} {way[1]}")
@pytest.mark.parametrize("command", FULL_DISK)
def test_a_full_disk_never_hides_what_was_written(command, failing, run, home):
    """Whichever flush the disk refuses (or whichever rename fails), a command that wrote a file never
    says "nothing was changed", and one that says what was written names it."""
    setup, words = FULL_DISK[command]
    for step in setup:
        if step == ["damage"]:
            damage(home, "gnom-street-1", "- clue area Q7 yes\n")
        elif step == ["lose"]:
            (home / "games" / "gnom-street-1.yaml").unlink()
        else:
            assert run(*step).exit_code == 0
    before = data_files(home)
    fail, at = failing
    with fail(at):
        result = run(*words)
    said_truly(result, before, data_files(home))


def test_a_game_saved_on_a_disk_that_fills_before_it_is_made_current_says_so(run, home, monkeypatch):
    def write_atomically(path, content):
        if path.name == "current":  # the disk fills after the game is saved
            raise files.WriteError(path, os.strerror(errno.ENOSPC), [])
        files.write_atomically(path, content)

    monkeypatch.setattr("assistant.store.games.write_atomically", write_atomically)
    line = one_line(run("new", "gnom-street", "--opponents", "red"), 1)
    assert line == (f"error: game gnom-street-1 was saved, but it is not the current game: cannot write "
                    f"{home / 'current'} (No space left on device); make it current with assistant use "
                    f"gnom-street-1\n")
    assert (home / "games" / "gnom-street-1.yaml").is_file()


# -- messages that name a remedy name one that works ---------------------------------------------


def test_an_unreadable_game_says_so_without_offering_recover(run, home):
    run("new", "gnom-street", "--opponents", "red")
    run("clue", "area", "A1", "no")
    path = home / "games" / "gnom-street-1.yaml"
    before = data_files(home)
    with unreadable(path):
        history = one_line(run("history"), 1)
        recovered = one_line(run("recover"), 1)
    assert history == f"error: {path}: cannot read (Permission denied)\n"
    assert recovered == history  # recover keeps a copy of what it replaces: it cannot, so it changes nothing
    assert data_files(home) == before


@pytest.mark.parametrize("text, problem", [
    ("cells: [\n", "line 2: "),
    ("verified: false\ncells: {C2: {terrain: lava}}\n", "cells.C2.terrain: expected one of grass, wood, gravel, earth"),
    ("verified: false\ncells: {C2: {terrain: !!int abc}}\n", "line 2: !!int 'abc': not a whole number"),
], ids=["broken YAML", "a wrong value", "a value YAML cannot make"])
def test_a_broken_corrections_file_is_named_with_how_to_fix_it(text, problem, run, home):
    run("new", "gnom-street", "--opponents", "red")
    run("clue", "area", "A1", "no")
    fix = home / "boards" / "fixes" / "gnom-street.yaml"
    fix.parent.mkdir(parents=True)
    fix.write_text(text)
    for words in (["history"], ["board", "show", "gnom-street"]):
        line = one_line(run(*words), 1)
        assert str(fix) in line and problem in line, line
        assert line.endswith("this file holds your corrections to board gnom-street: correct it, or delete it "
                             "to go back to the board as shipped\n"), line
        assert "recover" not in line
    fix.unlink()  # the remedy works
    assert run("history").stdout == "  1. clue area A1 no\n"


def test_an_unreadable_games_folder_is_said_not_taken_for_an_empty_one(run, home):
    run("new", "gnom-street", "--opponents", "red")
    games = home / "games"
    with unreadable(games):
        line = one_line(run("games"), 1)
    assert line == f"error: {games}: cannot read this folder (Permission denied)\n"


def test_one_game_linked_out_of_the_data_folder_never_hides_the_others(run, home, tmp_path):
    run("new", "gnom-street", "--opponents", "red", "--name", "alpha")
    outside = tmp_path / "outside.yaml"
    outside.write_bytes(game_file(home, "alpha"))
    (home / "games" / "linked.yaml").symlink_to(outside)
    result = run("games")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("* alpha   gnom-street ")
    assert lines[1].startswith(f"  linked  damaged: {home / 'games' / 'linked.yaml'}: leads out of the data folder")


# -- temporary files of killed writers -------------------------------------------------------------

AN_HOUR_AND_MORE = files.STALE_AFTER + 60


def left_behind(folder: Path, name: str, age: float) -> Path:
    """A temporary file as a writer of ``name`` makes it, last touched ``age`` seconds ago."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f".{name}.{'l1ve___x' if age == 0 else 'k1ll3d_x'}.tmp"
    path.write_bytes(b"half a file")
    when = path.stat().st_mtime - age
    os.utime(path, (when, when))
    return path


def test_temporary_files_of_killed_writers_are_cleaned_on_the_next_write(run, home):
    run("new", "gnom-street", "--opponents", "red")
    cache = home / "cache"
    stale = [left_behind(cache, "0badf00d.bin", AN_HOUR_AND_MORE),  # a cache entry never written again
             left_behind(home, "current", AN_HOUR_AND_MORE),
             left_behind(home / "boards" / "fixes", "gnom-street.yaml", AN_HOUR_AND_MORE),
             left_behind(home / "games", "gone-long-ago.yaml", AN_HOUR_AND_MORE)]  # a game never saved again
    live = [left_behind(cache, "0badf00d.bin", 0), left_behind(home, "current", 0),  # writers still at work
            left_behind(home / "games", "another.yaml", 0)]
    assert all(path.exists() for path in stale + live)
    assert run("clue", "area", "A1", "no").exit_code == 0  # writes the game and the cache
    assert run("use", "gnom-street-1").exit_code == 0  # writes current
    assert run("board", "set", "gnom-street", "C2", "terrain=wood").exit_code == 0
    assert [path for path in stale if path.exists()] == []
    assert all(path.exists() for path in live)


def test_only_the_temporary_files_of_the_file_written_are_judged(tmp_path):
    """Writing a picture (--svg) in a folder of the player's never touches other programs' files there."""
    others = left_behind(tmp_path, "notes.txt", AN_HOUR_AND_MORE)
    ours = left_behind(tmp_path, "garden.svg", AN_HOUR_AND_MORE)
    files.write_atomically(tmp_path / "garden.svg", "<svg/>")
    assert others.exists() and not ours.exists()


def test_a_parse_cache_write_cleans_every_stale_entry_left_in_the_cache(tmp_path):
    cache = tmp_path / "cache"
    stale = left_behind(cache, "0badf00d.bin", AN_HOUR_AND_MORE)
    fresh = left_behind(cache, "0badf00d.bin", 0)
    (tmp_path / "data.yaml").write_text("a: 1\n")
    assert yamlfile.load(tmp_path / "data.yaml", cache_dir=cache) == {"a": 1}
    assert not stale.exists() and fresh.exists()
