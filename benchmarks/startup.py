"""Start-up: how long `assistant candidates` takes on a game of 50 clues.

Prints the median wall time of that command beside `python -c "import typer"`
(the floor any Typer command pays) and their ratio, in English and in French
(ASSISTANT_LANG=fr: the catalogue is read). Target: 1.3 or less in both.

    python benchmarks/startup.py [--runs 60] [--lang en|fr]     (after pip install .: the installed command)
"""

from __future__ import annotations

import argparse
import os
import random
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
    from assistant.games.deduction import ClueEvent, Game
    from assistant.store.folder import Store

    store = Store(home)
    board = store.board("gnom-street")
    game = Game.new("bench", board, ["red", "blue", "yellow"], "C2")
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


def seconds(command: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def medians(commands: list[list[str]], runs: int, env: dict) -> list[float]:
    """Median wall time of each command, run in turn (interleaved, so that the
    machine's load drifting during the benchmark weighs on all of them alike)."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for position, command in enumerate(commands):
            times[position].append(seconds(command, env))
    return [statistics.median(series) for series in times]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=60)
    parser.add_argument("--lang", choices=["en", "fr"], action="append", help="default: both")
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
        *timed, floor = medians([*ours, [sys.executable, "-c", "import typer"]], runs, env)
    print(f"command: {' '.join(Path(c).name for c in command)} candidates (50 clues, 3 opponents)")
    print(f"python -c 'import typer': {floor * 1000:.1f} ms (median of {runs})")
    for language, took in zip(languages, timed, strict=True):
        print(f"assistant --lang {language} candidates: {took * 1000:.1f} ms (median of {runs}); "
              f"ratio = {took / floor:.2f} (target: 1.3 or less)")


if __name__ == "__main__":
    main()
