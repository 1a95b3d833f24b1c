"""Scale: suggest, suggest --all and review at the start, middle and end of a game.

Two boards: a generated 100x100 garden (1,000 clues by the end) and a board of
the garden's size (3x6, two ponds; 60 clues by the end), each with 2, 6 and 8
opponents. The start is the game after its first question, asked of everyone;
the middle, the first moment the sheets hold on average no more than the
square root of the open cells; the end, the whole log. Each figure is the time
the command's core takes (the odds included), on this machine, as in a fresh
process (nothing remembered from the figure before). Target: every figure
under 2 s.

`review` judges every question of mine against the best question then: one
`suggest` for each state of the sheet a question was asked on (a question asked
again on the same sheet is looked up). On the 100x100 board, where each of
hundreds of questions narrows the sheet, it is timed at the start only; on the
board of the garden's size, at every moment.

Then the garden itself: `assistant suggest` with tokens short (the look-ahead
at work), timed as the installed command, against the start-up budget of
benchmarks/startup.py (BUDGET_RATIO x `python -c "import typer"`) plus 50 ms.

    python benchmarks/scale.py [--size 100] [--clues 1000] [--runs 20]
"""

from __future__ import annotations

import argparse
import functools
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.engine import advice as advisor  # noqa: E402
from assistant.engine.board import Board  # noqa: E402
from assistant.engine.cells import Grid  # noqa: E402
from assistant.engine.clues import Clue  # noqa: E402
from assistant.games.deduction import ClueEvent, DeductionGame  # noqa: E402
from assistant.games.gnom_street import advice as garden_advice  # noqa: E402

TERRAINS = ["grass", "wood", "gravel", "earth"]
COLOURS = ["blue", "red", "yellow", "white"]
OPPONENTS = (2, 6, 8)
BUDGET_RATIO, BUDGET_EXTRA = 1.3, 0.050  # benchmarks/startup.py's target, and the look-ahead's allowance


def make_board(rows: int, columns: int, ponds: int, chooser: random.Random) -> Board:
    grid = Grid(rows, columns)
    pond_cells = set(chooser.sample(range(grid.size), ponds))
    cells = {grid.name(cell): {"pond": True} if cell in pond_cells else
             {"terrain": chooser.choice(TERRAINS), "flowers": chooser.sample(COLOURS, 2)}
             for cell in range(grid.size)}
    return Board.from_mapping({
        "name": f"board-{rows}x{columns}", "rows": rows, "columns": columns,
        "questions": ["area", "line-of-sight", "flower"], "hidden": {"noun": "loot"},
        "attributes": {"terrain": {"kind": "one", "values": {t: {} for t in TERRAINS}},
                       "flowers": {"kind": "set", "count": 2, "values": {c: {} for c in COLOURS}}},
        "cells": cells}, "generated")


def make_game(board: Board, opponents: int, clues: int, chooser: random.Random) -> DeductionGame:
    """Truthful answers to random questions; the first is asked of everyone, then Mick now and then."""
    names = [f"gang{n}" for n in range(1, opponents + 1)]
    game = DeductionGame.new("scale", board, names)
    open_cells = sorted(board.open)
    loots = dict(zip(names, chooser.sample(open_cells, opponents), strict=True))
    events: list = []
    while len(events) < clues:
        cell = chooser.choice(open_cells)
        kind = chooser.choice(["area", "line-of-sight", "flower"])
        args = (board.name_of(cell),)
        if kind == "flower":
            args += (chooser.choice(board.values_at(cell, "flowers")),)
        clue = Clue(kind, args)
        asked = names if not events or chooser.random() < 0.2 else [chooser.choice(names)]
        events.append(ClueEvent(clue, tuple((who, loots[who] in clue.accepted(board)) for who in asked)))
    return game._replace(events=tuple(events))


def moments(game: DeductionGame) -> dict[str, DeductionGame]:
    """The start (one question), the middle (sheets at the square root of the board), the end."""
    root = math.sqrt(len(game.board.open))
    middle = game
    for count in range(1, len(game.events) + 1):
        partial = game._replace(events=game.events[:count])
        sheet = partial.sheet()
        if statistics.mean(len(sheet.candidates(item)) for item in sheet.items) <= root:
            middle = partial
            break
    return {"start": game._replace(events=game.events[:1]), "middle": middle, "end": game}


def seconds(action) -> float:
    advisor._REACHES.clear()  # each command runs in a fresh process: nothing is remembered from the last
    garden_advice._LOOKAHEADS.clear()
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def commands(game: DeductionGame, review: bool) -> dict[str, float | None]:
    """The core of `suggest` (top 10), `suggest --all` (top 1) and `review`, as the CLI calls them."""
    def suggest(everyone: bool):
        sheet = game.sheet()
        return advisor.question_groups(sheet, advisor.AnyTurn(everyone=everyone), advisor.odds(sheet),
                                       limit=1 if everyone else 10)
    return {"suggest": seconds(lambda: suggest(False)), "suggest --all": seconds(lambda: suggest(True)),
            "review": seconds(lambda: advisor.review(game)) if review else None}


def installed_suggest(runs: int) -> None:
    """`assistant suggest` on the garden with tokens short, against the start-up budget + 50 ms."""
    script = shutil.which("assistant", path=str(Path(sys.executable).parent))
    if not script:
        print("garden: install the package (pip install .) to time the installed command")
        return
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "ASSISTANT_HOME": folder}
        subprocess.run([script, "new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2"],
                       env=env, check=True, capture_output=True)
        timed = {"suggest": [script, "suggest", "--left", "grass,wood", "--actions", "area,flower,cat"],
                 "candidates": [script, "candidates"], "typer": [sys.executable, "-c", "import typer"]}
        times: dict[str, list[float]] = {name: [] for name in timed}
        for _ in range(runs):  # interleaved, so that load drifting weighs on all alike
            for name, command in timed.items():
                times[name].append(seconds(functools.partial(subprocess.run, command, env=env, check=True,
                                                             stdout=subprocess.DEVNULL)))
    ours, plain, floor = (statistics.median(times[name]) for name in timed)
    budget = BUDGET_RATIO * floor + BUDGET_EXTRA
    print(f"garden, 3 opponents, `assistant suggest --left grass,wood --actions area,flower,cat` "
          f"(look-ahead): {ours * 1000:.0f} ms (median of {runs}); budget {BUDGET_RATIO} x "
          f"{floor * 1000:.0f} ms (import typer) + {BUDGET_EXTRA * 1000:.0f} ms = {budget * 1000:.0f} ms: "
          f"{'within' if ours <= budget else 'OVER'}; `assistant candidates` takes {plain * 1000:.0f} ms, "
          f"so suggest adds {(ours - plain) * 1000:.0f} ms to the start-up")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--clues", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=20)
    options = parser.parse_args()
    chooser = random.Random(2026)
    boards = [(make_board(options.size, options.size, options.size * options.size // 100, chooser), options.clues),
              (make_board(3, 6, 2, chooser), 60)]
    worst = 0.0
    print(f"{'board':<10} {'opponents':>9} {'moment':<7} {'clues':>5} {'cells left':>10} "
          f"{'suggest':>9} {'--all':>9} {'review':>9}")
    for board, clues in boards:
        for count in OPPONENTS:
            game = make_game(board, count, clues, chooser)
            for moment, partial in moments(game).items():
                sheet = partial.sheet()
                left = sum(len(sheet.candidates(item)) for item in sheet.items)
                figures = commands(partial, review=moment == "start" or board.grid.size < 100)
                worst = max(worst, *(figure for figure in figures.values() if figure is not None))
                print(f"{board.grid.rows}x{board.grid.columns:<6} {count:>9} {moment:<7} {len(partial.events):>5} "
                      f"{left:>10} " + " ".join(f"{figure * 1000:7.0f}ms" if figure is not None else f"{'-':>9}"
                                                for figure in figures.values()))
    print(f"slowest figure = {worst:.2f} s (target: under 2 s)")
    installed_suggest(options.runs)


if __name__ == "__main__":
    main()
