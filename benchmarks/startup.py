"""Start-up: how long `assistant candidates` takes on a game of 50 clues.

Prints the median wall time of that command beside `python -c "import typer"`
(the floor any Typer command pays) and their ratio, in English and in French
(--lang fr: the catalogue is read). Target: 1.1 or less in both. On a machine
shared with other work the wall times wander with the load: the CPU time each
run took (user + system, from the kernel) is printed beside them, with the
spread of the runs (quartiles) and the load average while they ran.

    python benchmarks/startup.py [--runs 60] [--lang en|fr]     (after pip install .: the installed command)

--instructions counts instead, with valgrind's callgrind, the instructions each command runs: the same
count whatever else the machine is doing, so a change can be weighed on a busy machine (the target is
the wall-time ratio; the instruction ratio runs higher, as it leaves out the kernel's share of starting a
process, which both pay alike).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def make_game(home: Path) -> None:
    """A three-opponent garden game with 50 truthful clues, saved like any other."""
    from assistant.engine.clues import Clue
    from assistant.games.deduction import ClueEvent, DeductionGame
    from assistant.store.folder import Store

    store = Store(home)
    board = store.board("gnom-street")
    game = DeductionGame.new("bench", board, ["red", "blue", "yellow"], "C2")
    chooser = random.Random(7)
    loots = dict(zip(game.items, chooser.sample([c for c in board.open if board.name_of(c) != "C2"], 3), strict=True))
    cells = [board.name_of(c) for c in board.open]
    while len(game.events) < 50:
        cell = chooser.choice(cells)
        kind = chooser.choice(["area", "line-of-sight", "flower"])
        args = ((cell, chooser.choice(board.values_at(board.parse_cell(cell), "flowers"))) if kind == "flower"
                else (cell,))
        clue = Clue(kind, args)
        answers = tuple((item, loot in clue.accepted(board)) for item, loot in loots.items())
        game = game.record(ClueEvent(clue, answers))
    store.create(game)


def seconds(command: list[str], env: dict) -> tuple[float, float]:
    """The wall time and the CPU time (user + system) of one run of ``command``."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    unused, status, usage = os.wait4(process.pid, 0)
    if status:
        raise SystemExit(f"{' '.join(command)} failed ({status})")
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def timings(commands: list[list[str]], runs: int,
            env: dict) -> tuple[list[list[float]], list[list[float]], list[float]]:
    """Wall and CPU times of each command's runs, run in turn (interleaved, so that the machine's load
    drifting during the benchmark weighs on all of them alike), and the load average before each round."""
    walls: list[list[float]] = [[] for _ in commands]
    cpus: list[list[float]] = [[] for _ in commands]
    loads = []
    for _ in range(runs):
        loads.append(os.getloadavg()[0])
        for position, command in enumerate(commands):
            wall, cpu = seconds(command, env)
            walls[position].append(wall)
            cpus[position].append(cpu)
    return walls, cpus, loads


def said(series: list[float]) -> str:
    """'72.0 ms (quartiles 70.1-75.3)'."""
    low, unused, high = statistics.quantiles(series, n=4)
    return f"{statistics.median(series) * 1000:.1f} ms (quartiles {low * 1000:.1f}-{high * 1000:.1f})"


def instructions(command: list[str], env: dict) -> int:
    """The instructions one run of ``command`` executes, counted by callgrind."""
    with tempfile.TemporaryDirectory() as scratch:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out", *command],
                              env=env, cwd=scratch, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode or not found:
        raise SystemExit(f"{' '.join(command)} under valgrind failed: {done.stderr[-300:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--lang", choices=["en", "fr"], action="append", help="default: both")
    parser.add_argument("--instructions", action="store_true", help="count instructions (callgrind) instead")
    arguments = parser.parse_args()
    runs, languages = arguments.runs, arguments.lang or ["en", "fr"]
    script = shutil.which("assistant", path=str(Path(sys.executable).parent))
    command = [script] if script else [sys.executable, str(ROOT / "cli.py")]
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "ASSISTANT_HOME": folder}
        make_game(Path(folder))
        subprocess.run(command + ["candidates"], env=env, check=True, stdout=subprocess.DEVNULL)  # warm caches
        # each language's command and the floor, interleaved in the same runs
        ours = [command + ["--lang", language, "candidates"] for language in languages]
        if arguments.instructions:
            floor = instructions([sys.executable, "-c", "import typer"], env)
            print(f"python -c 'import typer': {floor / 1e6:.1f} M instructions")
            for language, ours_command in zip(languages, ours, strict=True):
                count = instructions(ours_command, env)
                print(f"assistant --lang {language} candidates: {count / 1e6:.1f} M instructions; "
                      f"ratio = {count / floor:.2f}")
            return
        walls, cpus, loads = timings([*ours, [sys.executable, "-c", "import typer"]], runs, env)
    median = statistics.median
    print(f"command: {' '.join(Path(c).name for c in command)} candidates (50 clues, 3 opponents); "
          f"medians of {runs} interleaved runs; load average {min(loads):.1f} to {max(loads):.1f}")
    print(f"python -c 'import typer': wall {said(walls[-1])}, CPU {said(cpus[-1])}")
    for language, wall, cpu in zip(languages, walls, cpus, strict=False):
        print(f"assistant --lang {language} candidates: wall {said(wall)}, CPU {said(cpu)}; "
              f"ratio = {median(wall) / median(walls[-1]):.2f} (CPU: {median(cpu) / median(cpus[-1]):.2f}; "
              f"target: 1.1 or less)")


if __name__ == "__main__":
    main()
