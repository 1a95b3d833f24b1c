"""Proof that nothing a user types or the machine does loses a game, and that no file runs code.

Two strengths: the quick proof runs with every ``pytest``; the full-strength
proof (the figures in the README's Reliability section) is selected with
``pytest -m full`` and runs in CI. Each figure is one ``Strength`` field.
"""

import os
import signal
import subprocess
import sys
from pathlib import Path
from random import Random
from typing import NamedTuple

import pytest
from conftest import folder_snapshot, one_plain_line
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import cli
from assistant.engine.errors import DataError
from assistant.store.folder import Store

ROOT = Path(__file__).resolve().parent.parent


class Strength(NamedTuple):
    fuzz_cases: int  # random command lines at deduction games, and as many at score pads
    kills: int  # SIGKILLs while a process writes
    concurrent: int  # clues each of two processes adds at the same moment
    races: int  # rounds of commands racing for the same file


# The quick proof runs with every pytest and keeps each law's whole shape at a smaller count (issue 32: the suite
# within 420 s on a busy 2-core machine): 150 command lines at each kind of table still play every real line with
# its changes and random words (a refused line that writes anything fails on its first try); 12 kills still land
# mostly mid-save (a write that is not atomic is caught by the first that does); the races run once each.
QUICK = Strength(fuzz_cases=150, kills=12, concurrent=20, races=1)
FULL = Strength(fuzz_cases=5000, kills=200, concurrent=200, races=20)
STRENGTHS = [pytest.param(QUICK, id="quick"), pytest.param(FULL, id="full", marks=pytest.mark.full)]

# -- fuzzing the command line -----------------------------------------------------------------

COMMANDS = [
    ["clue"], ["accuse"], ["undo"], ["retract"], ["sheet"], ["candidates"], ["history"], ["explain"],
    ["suggest"], ["review"], ["new"], ["games"], ["archive"], ["use"], ["export"], ["recover"], ["boards"],
    ["rename"],
    ["board", "show"], ["board", "set"], ["board", "verify"], ["miniature"], ["cat"], ["token"],
    ["reveal"], ["loot"], ["mole"], ["tally"],
    ["quest", "new"], ["quest", "list"], ["quest", "deal"], ["quest", "trick"], ["quest", "remove"],
    ["quest", "show"], ["quest", "export"],
    ["tug", "new"], ["tug", "gnome"], ["tug", "pull"], ["tug", "squirrels"], ["tug", "exchange"],
    ["tug", "contre"], ["tug", "sur-contre"], ["tug", "sur-sur-contre"], ["tug", "show"],
]
WORDS = [
    # cells, good and bad
    "A1", "b3", "C2", "F3", "B2", "E2", "G1", "A0", "Z99", "AA1", "", " ", "A-1",
    # kinds and their French names
    "area", "zone", "line-of-sight", "ligne-de-vue", "flower", "fleur", "north-of", "nord-de", "in", "dans",
    "near", "pres-de", "next-to", "within", "row", "column", "at", "has", "kind=expert", "terrain=wood",
    # answers, names, colours, verdicts
    "yes", "no", "oui", "non", "maybe", "red=yes", "blue=no", "red", "blue", "yellow", "green", "white",
    "me", "Ana", "Ben", "Cleo", "right", "wrong", "faux", "found", "missed", "mole", "bait", "multi",
    "airport", "usine", "staten", "island", "brooklyn", "gnom-street", "new-york", "chess",
    # numbers, huge and odd
    "0", "1", "2", "3", "4", "13", "-1", "99999999999999999999", "1e9", "#2", "3.5",
    # options
    "--opponent", "-o", "--colour", "-c", "--json", "--odds", "--game", "-g", "--card", "--mine", "--name",
    "--opponents", "--from", "--alex", "--by", "--next-mine", "--terrain", "--actions", "--ask", "--all",
    "--top", "--special", "--tricks", "--won", "--order", "--special-winner", "--scout", "--replace",
    "--winner", "--zero", "--two", "--sides", "--players", "--counters", "--csv", "--check", "--help",
    # score pads
    "13A", "7A", "1A", "zz", "druid", "flag-bearer", "dragon", "Kg", "10b", "Qr", "2g", "11g",
    "Ana=4,Ben=5,Cleo=4", "Ana=Kg,Qb", "Ana,Ben,Cleo", "Ana,Ben", "Ana+Cleo,Ben+Dan",
    # hostile names
    "../x", "a/b", "..", "con\x00trol", "new\nline", "[b3]", "é", "日本", "\u202e", "x" * 300,
]
word = st.one_of(st.sampled_from(WORDS), st.text(max_size=12))

# Real command lines, played as typed or with one word changed, dropped or repeated:
# most of them succeed or fail on one detail, which is where mistakes hide.
GARDEN_LINES = [
    "clue area B1 red=no blue=yes", "clue line-of-sight D3 yes -o red", "clue flower B3 yes -o blue --colour blue",
    "clue zone E3 non -o blue", "clue north-of 2 --game new-york-1", "clue in brooklyn no --game new-york-1",
    "clue near airport --game new-york-1", "accuse C4 wrong --game new-york-1", "undo", "retract 1", "sheet",
    "sheet --odds", "candidates --json --odds", "candidates", "history", "explain A1 -o red", "explain F3",
    "suggest --top 3", "suggest --all --top 2", "suggest --terrain grass --actions area --ask red", "review",
    "export", "games", "boards", "board show gnom-street --json", "board set gnom-street A1 terrain=wood",
    "miniature me D1", "miniature red A3", "miniature blue F3", "token me D1 mole", "token red A3",
    "token blue F3 --alex", "cat A3", "reveal A3 1 bait", "reveal D1 1 mole", "loot red F3", "loot blue A3",
    "tally", "tally --json", "mole D3 found --game duel", "mole A1 missed --by opponent --game duel",
    "use gnom-street-1", "use new-york-1", "recover",
    "asked area B3 --by red", "asked flower B3 blue --by blue --aloud", "question zone C1 --par red --haut",
    "candidates --theirs --json", "sheet --theirs", "moles", "moles --json --top 3",
    "fight me=5 red=3 blue=5 --throw blue,me", "clue area A1 yes -o red --power sky",
]
PAD_LINES = [
    "quest deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4", "quest deal 1A --special shaman",
    "quest deal 13A --special flag-bearer --won Ana=Kg,Qb --special-winner Ana",
    "quest deal 14A --special druid --order Ana,Ben,Cleo,Ana,Ben,Cleo,Ana,Ben,Cleo,Ana,Ben,Cleo,Ana",
    "quest trick Ana 3g 4g 5g", "quest trick Cleo 6b 7b 8b", "quest trick Cleo dragon Kr 2r --winner Ben",
    "quest show", "quest export --csv", "quest export --json", "quest remove 1", "undo", "history",
    "tug gnome blue --by Ben --game oh-les-nains-1", "tug squirrels 2 --game oh-les-nains-1",
    "tug pull --two red --game oh-les-nains-1", "tug exchange --game oh-les-nains-1",
    "tug contre red --game oh-les-nains-1", "tug gnome multi green --game oh-les-nains-1",
    "tug show --game oh-les-nains-1", "use roi-des-nains-1", "use oh-les-nains-1", "export",
]


@st.composite
def mutated(draw, lines):
    words = draw(st.sampled_from(lines)).split()
    how = draw(st.sampled_from(["as typed"] * 4 + ["change", "drop", "repeat", "add"]))
    if how != "as typed" and len(words) > 1:
        at = draw(st.integers(1, len(words) - 1))
        if how == "change":
            words[at] = draw(word)
        elif how == "drop":
            del words[at]
        elif how == "repeat":
            words.insert(at, words[at])
        else:
            words.insert(at, draw(word))
    return words


snapshot = folder_snapshot  # the law: a refused command leaves all of it as it was


class Table:
    """One data folder for a whole fuzz run, set up with a game of each kind."""

    def __init__(self, home: Path, setup: list[list[str]]):
        self.home = home
        # CliRunner sets ASSISTANT_HOME for each call only and puts the old value back.
        self.runner = CliRunner(env={"ASSISTANT_HOME": str(home)})
        for words in setup:
            result = self.invoke(words)
            assert result.exit_code == 0, (words, result.stderr)
        # As games copied from another machine, or after an upgrade: no lock file, no cache yet, so
        # that a refused command that would make one (and its folder) is caught making it.
        for path in sorted(home.rglob("*"), reverse=True):
            if path.name.endswith(".lock") or "cache" in path.relative_to(home).parts:
                path.rmdir() if path.is_dir() else path.unlink()

    def invoke(self, words):
        # The app the installed command builds for these words (cli.main): Typer turns each command of the
        # app it is given into a click command on every call: one area costs far less than the whole app.
        return self.runner.invoke(cli.app_for(list(words)), words)


def check_command(table: Table, words: list[str]) -> None:
    before = snapshot(table.home)
    result = table.invoke(words)
    output = result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), (words, repr(result.exception))
    assert "Traceback" not in output and "internal error" not in output, (words, output)
    assert result.exit_code in (0, 1, 2), (words, result.exit_code)
    if result.exit_code != 0:
        assert snapshot(table.home) == before, words
        if "--help" not in words:
            assert result.stderr.count("\n") <= 1 or "Usage:" in result.stdout, (words, result.stderr)


GARDEN_SETUP = [["new", "gnom-street", "--opponents", "red,blue", "--mine", "C2"],
                ["clue", "area", "A1", "red=yes", "blue=no"], ["miniature", "me", "D1"],
                ["new", "new-york"], ["clue", "north-of", "4"],
                ["new", "gnom-street", "--name", "duel"], ["use", "gnom-street-1"]]
PADS_SETUP = [["quest", "new", "--players", "Ana,Ben,Cleo"],
              ["quest", "deal", "13A", "--special", "druid", "--won", "Ana=Kg"],
              ["quest", "deal", "7A", "--special", "shaman"],
              ["tug", "new", "--sides", "Ana,Ben", "--counters"], ["tug", "gnome", "red", "--by", "Ana"],
              ["use", "roi-des-nains-1"]]


def random_line(lines):
    """Three in four: a real line, maybe mutated; one in four: a command and random words."""
    anything = st.builds(lambda c, w: c + w, st.sampled_from(COMMANDS), st.lists(word, max_size=6))
    return st.one_of(mutated(lines), mutated(lines), mutated(lines), anything)


@pytest.mark.parametrize("strength", STRENGTHS)
@pytest.mark.parametrize("setup, lines", [(GARDEN_SETUP, GARDEN_LINES), (PADS_SETUP, PAD_LINES)],
                         ids=["deduction games", "score pads"])
def test_random_command_lines_never_crash_or_lose_data(setup, lines, strength, tmp_path):
    table = Table(tmp_path, setup)

    @settings(max_examples=strength.fuzz_cases)
    @given(random_line(lines))
    def command_line(words):
        check_command(table, words)

    command_line()


# -- crash safety ----------------------------------------------------------------------------

WRITER = """
import sys
from pathlib import Path
from assistant.store.folder import Store
store = Store(Path(sys.argv[1]))
steps = ["clue area F3 no -o red", "clue line-of-sight A1 yes -o blue", "undo"]
while True:
    store.update("crash", lambda g: g.record(g.read_step(steps[len(g.events) % len(steps)])))
    print("saved", flush=True)  # the write is done: the game must keep it, whatever happens next
"""
EXPECTED_STEPS = ["clue area F3 red=no", "clue line-of-sight A1 blue=yes", "undo"]


def saved_steps(store: Store, name: str, path: Path | None = None) -> list[str]:
    game = store.load(name) if path is None else store._read_game(path, name)
    return [game.step(event) for event in game.events]


@pytest.mark.parametrize("strength", STRENGTHS)
def test_killing_the_process_while_it_writes_never_loses_a_saved_step(strength, tmp_path):
    """Each writer is killed at a random moment after its first saves: every save it reported is kept,
    and at most the one it was making when killed is added (never half of one)."""
    from assistant.games.deduction import DeductionGame

    store = Store(tmp_path)
    store.create(DeductionGame.new("crash", store.board("gnom-street"), ["red", "blue"]))
    chooser = Random(9)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    steps: list[str] = []
    for _ in range(strength.kills):
        before, reported = len(steps), 0
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path)], stdout=subprocess.PIPE, env=env)
        for _ in range(chooser.randint(1, 3)):  # wait for real saves, however slow the machine
            assert writer.stdout.readline() == b"saved\n"
            reported += 1
        try:
            writer.wait(timeout=chooser.uniform(0.0, 0.02))  # a random moment, most likely mid-save
        except subprocess.TimeoutExpired:
            pass
        os.kill(writer.pid, signal.SIGKILL)
        writer.wait()
        reported += writer.stdout.read().count(b"saved\n")
        writer.stdout.close()
        steps = saved_steps(store, "crash")  # always loads ...
        assert steps == [EXPECTED_STEPS[i % 3] for i in range(len(steps))]  # ... one of the states written
        assert before + reported <= len(steps) <= before + reported + 1
        backup = saved_steps(store, "crash", store._good_path("crash"))
        assert backup == steps[:len(backup)] and len(backup) >= len(steps) - 1


RENAMER = """
import sys
from pathlib import Path
from assistant.store.folder import Store
names = ["city", "city2"]
while True:
    store = Store(Path(sys.argv[1]))  # a new command each time: it finishes a rename left half done
    old = next(name for name in names if name in store.game_names())
    store.rename(old, names[1 - names.index(old)])
    print("renamed", flush=True)
"""


@pytest.mark.parametrize("strength", STRENGTHS)
def test_killing_a_rename_at_any_moment_leaves_the_game_once(strength, tmp_path):
    """A rename killed at a random moment: the next command finishes it, with one notice; the game is then
    under one name only (never two: 'games' and 'stats' count it once), with its backup and its id."""
    from assistant.evenings.stats import outcomes
    from assistant.games.deduction import DeductionGame
    from assistant.store import files

    store = Store(tmp_path)
    store.create(DeductionGame.new("city", store.board("gnom-street"), ["red", "blue"]))
    store.update("city", lambda g: g.record(g.read_step("clue area F3 no -o red")))
    game_id = store.game_id("city")
    chooser = Random(11)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    twice = finished = 0
    for _ in range(strength.kills):
        renamer = subprocess.Popen([sys.executable, "-c", RENAMER, str(tmp_path)], stdout=subprocess.PIPE, env=env)
        assert renamer.stdout.readline() == b"renamed\n"  # started for real, however slow the machine
        try:
            renamer.wait(timeout=chooser.uniform(0.0, 0.03))  # a random moment, most likely mid-rename
        except subprocess.TimeoutExpired:
            pass
        os.kill(renamer.pid, signal.SIGKILL)
        renamer.wait()
        renamer.stdout.close()
        files.notices()
        after = Store(tmp_path)  # the next command
        names = after.game_names()
        finished += len(files.notices())
        twice += len(names) > 1
        assert len(names) == 1, names
        name = names[0]
        assert not list((tmp_path / "games").glob(".*.renaming"))
        assert after._good_path(name).is_file()  # its backup
        assert after._written_id(name) == game_id  # its id, so its links
        assert saved_steps(after, name) == ["clue area F3 red=no"]
        assert after.current_name() == name
        assert len(outcomes(after)[0]) == 1  # stats counts it once
    assert twice == 0
    assert finished <= strength.kills


# -- concurrency -----------------------------------------------------------------------------

CLUE_WRITER = ("import sys, cli\n"
               "for n in range(int(sys.argv[3])):\n"
               "    words = ['clue', 'area', sys.argv[1], 'no', '-o', sys.argv[2]]\n"
               "    try: cli.app_for(words)(words)\n"
               "    except SystemExit as e: assert e.code == 0, e.code\n")


def run_together(scripts: list[list[str]], home: Path) -> list[str]:
    """Start every script at once (python -c ARGS), wait for all; their standard outputs."""
    env = {**os.environ, "ASSISTANT_HOME": str(home)}
    procs = [subprocess.Popen([sys.executable, "-c", *args], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for args in scripts]
    outputs = []
    for proc in procs:
        out, err = proc.communicate(timeout=900)
        assert proc.returncode == 0, err
        outputs.append(out)
    return outputs


@pytest.mark.parametrize("strength", STRENGTHS)
def test_two_processes_adding_clues_at_the_same_moment_lose_none(strength, run, home):
    assert run("new", "gnom-street", "--opponents", "red,blue").exit_code == 0
    count = str(strength.concurrent)
    run_together([[CLUE_WRITER, "F3", "red", count], [CLUE_WRITER, "A1", "blue", count]], home)
    steps = saved_steps(Store(home), "gnom-street-1")
    assert len(steps) == 2 * strength.concurrent
    assert steps.count("clue area F3 red=no") == steps.count("clue area A1 blue=no") == strength.concurrent


BOARD_SETTER = ("import sys, cli\n"
                "words = ['board', 'set', 'gnom-street', 'C2', sys.argv[1]]\n"
                "try: cli.app_for(words)(words)\n"
                "except SystemExit as e: assert e.code == 0, e.code\n")
NEW_GAME = ("import cli\n"
            "words = ['new', 'gnom-street', '--opponents', 'red']\n"
            "try: cli.app_for(words)(words)\n"
            "except SystemExit as e: assert e.code == 0, e.code\n")


@pytest.mark.parametrize("strength", STRENGTHS)
def test_two_corrections_of_one_cell_at_the_same_moment_both_land(strength, home):
    for _ in range(strength.races):
        run_together([[BOARD_SETTER, "terrain=gravel"], [BOARD_SETTER, "flowers=blue,white"]], home)
        cell = Store(home).board("gnom-street").describe()["cells"]["C2"]
        assert (cell["terrain"], cell["flowers"]) == ("gravel", ["blue", "white"])
        (home / "boards" / "fixes" / "gnom-street.yaml").unlink()


@pytest.mark.parametrize("strength", STRENGTHS)
def test_new_games_started_at_the_same_moment_each_get_a_name(strength, home):
    for _ in range(strength.races):
        run_together([[NEW_GAME]] * 4, home)
    names = Store(home).game_names()
    assert sorted(names) == sorted(f"gnom-street-{n}" for n in range(1, 4 * strength.races + 1))


# -- hostile files ---------------------------------------------------------------------------

PWNED = "/tmp/assistant-pwned"
HOSTILE = {
    "a python tag": f"name: x\nrows: !!python/object/apply:os.system ['touch {PWNED}']\n",
    "a python name": "name: !!python/name:os.system\n",
    "an alias bomb": "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
        for i in range(9)),
    "a huge file": "x: [" + "1, " * 1_000_000 + "1]\n",
    "duplicate keys": "name: x\nname: y\n",
    "wrong types": "- 1\n- [2]\n",
    "not text": "\xff\xfe\x00garbage",
    "broken YAML": "a: [unclosed\n",
}


HOSTILE_PLACES = {  # where the file goes (under the data folder), and the command that reads it
    "board": ("boards/evil.yaml", ["board", "show", "evil"]),
    "game log": ("games/evil.yaml", ["history", "--game", "evil"]),
    "scenario": ("evil-scenario.yaml", ["replay", "{path}"]),
    "tally": ("evil-tally.yaml", ["tally", "{path}"]),
}


def write_hostile(folder: Path, where: str, case: str) -> Path:
    text = HOSTILE[case]
    path = folder / where
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("latin-1") if case == "not text" else text.encode())
    return path


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
@pytest.mark.parametrize("place", HOSTILE_PLACES)
def test_hostile_files_get_a_clear_error_and_run_no_code(case, place, tmp_path, monkeypatch):
    monkeypatch.setenv("ASSISTANT_HOME", str(tmp_path))
    where, words = HOSTILE_PLACES[place]
    path = write_hostile(tmp_path, where, case)
    words = [word.format(path=path) for word in words]
    result = CliRunner().invoke(cli.app_for(words), words)
    assert result.exit_code in (1, 2), result.stdout
    assert type(result.exception) is SystemExit  # an exit with a message, not a crash
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert str(path) in result.stderr, result.stderr
    assert not os.path.exists(PWNED)


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_a_hostile_quests_file_gets_a_clear_error_and_runs_no_code(case, tmp_path):
    """The quests file ships with the tool: its reader meets the same files."""
    from assistant.games.roi_des_nains import read_rules
    from assistant.store import yamlfile

    path = write_hostile(tmp_path, "roi.yaml", case)
    with pytest.raises(DataError) as caught:
        read_rules(yamlfile.load(path), str(path))
    assert str(path) in str(caught.value)
    assert not os.path.exists(PWNED)


# -- names -------------------------------------------------------------------------------------


@pytest.mark.parametrize("words", [
    ["new", "gnom-street", "--name", "../outside"], ["new", "gnom-street", "--name", "a/b"],
    ["new", "gnom-street", "--name", "tab\tname"], ["new", "gnom-street", "--name", ".hidden"],
    ["new", "gnom-street", "--opponents", "red,bl\x07ue"], ["new", "gnom-street", "--opponents", "../x"],
    ["use", "../../etc/passwd"], ["history", "--game", "/etc/passwd"], ["board", "show", "../boards/x"],
    ["board", "set", "../x", "C2", "pond=yes"], ["board", "verify", "gnom-street/../../x"],
    ["new", "../../gnom-street"], ["quest", "new", "--players", "Ana,B/n,Cleo"],
    ["tug", "new", "--sides", "Ana,..", "--name", "x"],
    # '$' matches before a final newline: names are matched whole
    ["new", "gnom-street", "--name", "evening\n"], ["board", "show", "gnom-street\n"],
    # names Windows keeps for devices, in any case, with or without an extension
    ["new", "gnom-street", "--name", "CON"], ["new", "gnom-street", "--name", "nul"],
    ["new", "gnom-street", "--name", "Com1"], ["new", "gnom-street", "--name", "lpt9"],
    ["quest", "new", "--players", "Ana,Ben,Cleo", "--name", "aux"], ["board", "show", "prn"],
])
def test_names_with_paths_or_control_characters_are_refused(words, tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("ASSISTANT_HOME", str(home))
    result = CliRunner().invoke(cli.app_for(words), words)
    assert result.exit_code == 2, result.stdout
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    outside = [p for p in tmp_path.rglob("*") if home not in p.parents and p != home]
    assert outside == []


def test_a_tampered_current_file_cannot_point_outside(tmp_path, monkeypatch):
    monkeypatch.setenv("ASSISTANT_HOME", str(tmp_path))
    (tmp_path / "current").write_text("../../etc/passwd\n")
    result = CliRunner().invoke(cli.app_for(["sheet"]), ["sheet"])
    assert result.exit_code == 2 and result.stderr.startswith("error: no current game")


# -- bad input that must cost no time nor print "internal error" -------------------------------

NINES = "9" * 5000


@pytest.mark.parametrize("words", [
    ["clue", "area", f"B{NINES}", "no", "-o", "red"], ["clue", "area", NINES, "no", "-o", "red"],
    ["explain", "B²"], ["clue", "area", "B²", "no", "-o", "red"], ["miniature", "red", f"C{NINES}"],
    ["board", "set", "gnom-street", f"C{NINES}", "terrain=wood"], ["board", "set", "gnom-street", "²", "pond=no"],
    ["clue", "row", NINES, "--game", "new-york-1"], ["clue", "row", "²", "--game", "new-york-1"],
    ["clue", "column", NINES, "--game", "new-york-1"], ["clue", "north-of", NINES, "--game", "new-york-1"],
    ["reveal", "A1", NINES, "mole"], ["suggest", "--top", NINES],
], ids=lambda words: " ".join(w[:8] for w in words))
def test_huge_numbers_and_other_digits_in_cells_and_rows_are_one_plain_line(words, run):
    assert run("new", "gnom-street", "--opponents", "red,blue").exit_code == 0
    assert run("new", "new-york").exit_code == 0
    assert run("use", "gnom-street-1").exit_code == 0
    one_plain_line(run(*words), 2)


NESTED = {  # 2 MB of text that builds millions of nodes, or nests as deep as it can
    "flow lists in lists": "[" * 995_000 + "]" * 995_000,
    "block lists in lists": "- " * 995_000 + "x\n",
    "a wide list of lists": "[" + "[], " * 497_000 + "[]]\n",
    "lists 32 deep, side by side": "[" + ", ".join(["[" * 31 + "]" * 31] * 31_000) + "]\n",
}


@pytest.mark.parametrize("case", NESTED)
def test_a_nested_or_crowded_file_is_refused_before_it_is_built(case, tmp_path):
    """The parser's events are counted before any node is built: memory stays small."""
    import tracemalloc

    from assistant.store import yamlfile

    path = tmp_path / "evil.yaml"
    path.write_text(NESTED[case])
    tracemalloc.start()
    try:
        with pytest.raises(DataError) as caught:
            yamlfile.load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(caught.value).startswith(f"{path}: line 1: ")
    assert peak < 40_000_000  # the text itself is 2 MB; building it took over 400 MB


def test_a_planted_cache_entry_is_checked_like_a_parsed_file(tmp_path):
    """A cache entry whose shared references unfold into 2**60 nodes, that holds other types,
    or that nests deeper than a file may, is not used: the file is parsed instead."""
    import marshal

    from assistant.store import yamlfile

    path, cache = tmp_path / "game.yaml", tmp_path / "cache"
    raw = b"events:\n- clue area A1 no\n# " + b"." * 200 + b"\n"  # room for 230 nodes: the deep entry fits
    path.write_bytes(raw)
    assert yamlfile.load(path, cache_dir=cache) == {"events": ["clue area A1 no"]}  # the cache holds it now
    entry = next(cache.iterdir())
    bomb: list = ["x"]
    for _ in range(60):
        bomb = [bomb, bomb]
    deep: list = []
    for _ in range(40):  # deeper than any parsed file may be (MAX_DEPTH), in a few bytes
        deep = [deep]
    for planted in ({"events": bomb}, {"events": ("clue area A1 no",)}, {"events": [b"clue"]},
                    {"events": ["x" * 1000]}, {"events": [10 ** 2000]}, {"events": deep}):
        entry.write_bytes(marshal.dumps((yamlfile.CACHE_VERSION, raw, planted)))
        assert yamlfile.load(path, cache_dir=cache) == {"events": ["clue area A1 no"]}


def test_a_planted_cache_entry_does_not_reach_a_command(run, home):
    import marshal

    run("new", "gnom-street", "--opponents", "red")
    run("clue", "area", "A1", "no")
    bomb: list = ["clue area A1 no"]
    for _ in range(60):
        bomb = [bomb, bomb]
    for entry in (home / "cache").iterdir():
        version, raw, data = marshal.loads(entry.read_bytes())
        if isinstance(data, dict) and "events" in data:
            entry.write_bytes(marshal.dumps((version, raw, {**data, "events": bomb})))
    assert run("history").stdout == "  1. clue area A1 no\n"


@pytest.mark.parametrize("text, message", [
    ("name: big\nrows: 702\ncolumns: 702\ncells: {}\n",
     "rows: a board has at most 10,000 cells (got 702x702 = 492,804)"),
    ("name: big\nrows: 100\ncolumns: 100\ncells: {}\n",
     "cells: missing A1, B1, C1, D1, E1, F1, G1, H1, I1, J1 and 9,990 more"),
    ("name: big\nrows: 3\ncolumns: 3\ncells: {" + "".join(f"Z{n}: 1, " for n in range(5000)) + "}\n",
     "cells.Z0: no such cell on a 3x3 board"),
    (f"name: x\nrows: 2\ncolumns: 2\n? {'k' * 900_000}\n: 1\n", "unknown key"),
    (f"name: {'n' * 900_000}\nrows: 2\ncolumns: 2\n", "name: expected lowercase letters"),
], ids=["702x702", "100x100 with no cells", "5,000 bad cells", "a long unknown key", "a long name"])
def test_a_bad_board_gets_a_short_error_line(text, message, run, home):
    (home / "boards").mkdir(parents=True)
    (home / "boards" / "big.yaml").write_text(text)
    line = one_plain_line(run("board", "show", "big"), 1)
    assert message in line


LONG_NAME = "x" * 300 + ".yaml"  # over the 255 bytes a file name may have


@pytest.mark.parametrize("words", [["tally", LONG_NAME], ["replay", LONG_NAME], ["import", LONG_NAME],
                                   ["history", "--game", "x" * 300], ["new", "gnom-street", "--name", "x" * 300]],
                         ids=["tally", "replay", "import", "history", "new"])
def test_a_file_name_over_255_bytes_is_one_plain_line(words, run):
    result = run(*words)
    one_plain_line(result, result.exit_code if result.exit_code in (1, 2) else 1)


def test_a_data_folder_that_is_a_file_is_one_plain_line(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("not a folder\n")
    monkeypatch.setenv("ASSISTANT_HOME", str(tmp_path / "file"))
    for words in (["new", "gnom-street"], ["games"], ["sheet"]):
        line = one_plain_line(CliRunner().invoke(cli.app_for(words), words), 1)
        assert line == (f"error: ASSISTANT_HOME={tmp_path / 'file'} is a file, not a folder: "
                        f"set ASSISTANT_HOME to a folder (made if missing)\n")
    assert (tmp_path / "file").read_text() == "not a folder\n"


@pytest.mark.parametrize("words", [["tally", "{fifo}"], ["replay", "{fifo}"], ["import", "{fifo}"]],
                         ids=["tally", "replay", "import"])
def test_a_named_pipe_is_refused_without_waiting_for_it(words, run, tmp_path):
    """A reader of a named pipe waits for a writer: the file is checked before it is read. Here a
    writer is ready anyway (a thread), so that a command which does read it ends too."""
    import threading

    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_text("players: [Ana, Ben]\n"), daemon=True)
    writer.start()
    result = run(*[word.format(fifo=fifo) for word in words])
    line = one_plain_line(result, result.exit_code if result.exit_code in (1, 2) else 1)
    assert str(fifo) in line and "not a regular file" in line
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # let the writer thread go
    writer.join()
    os.close(reader)


# -- symbolic links out of the data folder ------------------------------------------------------


def link_out(home: Path, inside: str, outside: Path) -> None:
    link = home / inside
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(outside)


@pytest.mark.parametrize("inside, words", [
    ("games/evil.yaml", ["history", "--game", "evil"]),
    ("games/.gnom-street-1.lock", ["clue", "area", "A1", "no"]),
    ("games/.gnom-street-1.good.yaml", ["clue", "area", "A1", "no"]),
    ("boards/fixes/gnom-street.yaml", ["board", "set", "gnom-street", "C2", "terrain=wood"]),
    ("boards/fixes/.gnom-street.lock", ["board", "verify", "gnom-street"]),
    ("boards/mine.yaml", ["board", "show", "mine"]),
], ids=["a game", "a game's lock", "a game's backup", "a board correction", "a correction's lock", "a board"])
def test_no_read_or_write_follows_a_link_out_of_the_data_folder(inside, words, run, home, tmp_path):
    assert run("new", "gnom-street", "--opponents", "red").exit_code == 0
    outside = tmp_path / "outside"
    outside.mkdir()
    target = outside / "precious.yaml"
    target.write_bytes((home / "games" / "gnom-street-1.yaml").read_bytes())  # a file the tool could read
    for entry in (home / "cache").iterdir():  # no parse cached from before the link
        entry.unlink()
    (home / "cache").rmdir()
    (home / inside).unlink(missing_ok=True)
    link_out(home, inside, target)  # a cache linked out is not used at all (tests/test_edges.py)
    before = {p: p.read_bytes() for p in outside.rglob("*")}
    line = one_plain_line(run(*words), 1)
    assert "leads out of the data folder" in line
    assert {p: p.read_bytes() for p in outside.rglob("*")} == before


def test_a_games_folder_linked_out_of_the_data_folder_gets_nothing_written(run, home, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    home.mkdir()
    link_out(home, "games", outside)
    line = one_plain_line(run("new", "gnom-street", "--opponents", "red"), 1)
    assert "leads out of the data folder" in line
    assert list(outside.iterdir()) == []
