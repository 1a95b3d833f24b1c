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
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import cli
from assistant.errors import DataError
from assistant.store import Store

ROOT = Path(__file__).resolve().parent.parent


class Strength(NamedTuple):
    fuzz_cases: int  # random command lines at deduction games, and as many at score pads
    kills: int  # SIGKILLs while a process writes
    concurrent: int  # clues each of two processes adds at the same moment
    races: int  # rounds of commands racing for the same file


QUICK = Strength(fuzz_cases=400, kills=30, concurrent=20, races=1)
FULL = Strength(fuzz_cases=5000, kills=200, concurrent=200, races=20)
STRENGTHS = [pytest.param(QUICK, id="quick"), pytest.param(FULL, id="full", marks=pytest.mark.full)]

# -- fuzzing the command line -----------------------------------------------------------------

COMMANDS = [
    ["clue"], ["accuse"], ["undo"], ["retract"], ["sheet"], ["candidates"], ["history"], ["explain"],
    ["suggest"], ["review"], ["new"], ["games"], ["use"], ["export"], ["recover"], ["boards"],
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


def snapshot(home: Path) -> dict:
    """Every file a refused command must leave alone: games, the current game, boards."""
    files = {}
    for folder in (home / "games", home / "boards"):
        if folder.is_dir():
            files.update({p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and not p.name.endswith(".lock")})
    current = home / "current"
    if current.is_file():
        files[current] = current.read_bytes()
    return files


class Table:
    """One data folder for a whole fuzz run, set up with a game of each kind."""

    def __init__(self, home: Path, setup: list[list[str]]):
        self.home = home
        # CliRunner sets ASSISTANT_HOME for each call only and puts the old value back.
        self.runner = CliRunner(env={"ASSISTANT_HOME": str(home)})
        for words in setup:
            result = self.invoke(words)
            assert result.exit_code == 0, (words, result.stderr)

    def invoke(self, words):
        return self.runner.invoke(cli.app, words)


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
from assistant.store import Store
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
    from assistant.game import Game

    store = Store(tmp_path)
    store.create(Game.new("crash", store.board("gnom-street"), ["red", "blue"]))
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


# -- concurrency -----------------------------------------------------------------------------

CLUE_WRITER = ("import sys, cli\n"
               "for n in range(int(sys.argv[3])):\n"
               "    try: cli.app(['clue', 'area', sys.argv[1], 'no', '-o', sys.argv[2]])\n"
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
                "try: cli.app(['board', 'set', 'gnom-street', 'C2', sys.argv[1]])\n"
                "except SystemExit as e: assert e.code == 0, e.code\n")
NEW_GAME = ("import cli\n"
            "try: cli.app(['new', 'gnom-street', '--opponents', 'red'])\n"
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
    result = CliRunner().invoke(cli.app, [word.format(path=path) for word in words])
    assert result.exit_code in (1, 2), result.stdout
    assert type(result.exception) is SystemExit  # an exit with a message, not a crash
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert str(path) in result.stderr, result.stderr
    assert not os.path.exists(PWNED)


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_a_hostile_quests_file_gets_a_clear_error_and_runs_no_code(case, tmp_path):
    """The quests file ships with the tool: its reader meets the same files."""
    from assistant import yamlfile
    from assistant.pads.roi_des_nains import read_rules

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
])
def test_names_with_paths_or_control_characters_are_refused(words, tmp_path, monkeypatch):
    home = tmp_path / "home"
    monkeypatch.setenv("ASSISTANT_HOME", str(home))
    result = CliRunner().invoke(cli.app, words)
    assert result.exit_code == 2, result.stdout
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    outside = [p for p in tmp_path.rglob("*") if home not in p.parents and p != home]
    assert outside == []


def test_a_tampered_current_file_cannot_point_outside(tmp_path, monkeypatch):
    monkeypatch.setenv("ASSISTANT_HOME", str(tmp_path))
    (tmp_path / "current").write_text("../../etc/passwd\n")
    result = CliRunner().invoke(cli.app, ["sheet"])
    assert result.exit_code == 2 and result.stderr.startswith("error: no current game")
