"""Scale: a generated 100x100 garden, 6 opponents, 1,000 clues.

Times, on this machine: replaying the saved log (parsing every step and
building the sheet), drawing the sheet, computing the odds and ranking every
question. Target: under 2 s in all.

    python benchmarks/scale.py [--size 100] [--clues 1000] [--opponents 6]
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant import advisor, render  # noqa: E402
from assistant.board import Board  # noqa: E402
from assistant.cells import Grid  # noqa: E402
from assistant.clues import Clue  # noqa: E402
from assistant.game import ClueEvent, Game  # noqa: E402

TERRAINS = ["grass", "wood", "gravel", "earth"]
COLOURS = ["blue", "red", "yellow", "white"]


def make_board(size: int, chooser: random.Random) -> Board:
    grid = Grid(size, size)
    cells = {}
    for cell in range(grid.size):
        if chooser.random() < 0.01:
            cells[grid.name(cell)] = {"pond": True}
        else:
            cells[grid.name(cell)] = {"terrain": chooser.choice(TERRAINS), "flowers": chooser.sample(COLOURS, 2)}
    return Board.from_mapping({
        "name": "big-garden", "rows": size, "columns": size, "questions": ["area", "line-of-sight", "flower"],
        "hidden": {"noun": "loot"},
        "attributes": {"terrain": {"kind": "one", "values": {t: {} for t in TERRAINS}},
                       "flowers": {"kind": "set", "count": 2, "values": {c: {} for c in COLOURS}}},
        "cells": cells}, "generated")


def make_log(board: Board, opponents: int, clues: int, chooser: random.Random) -> dict:
    names = [f"gang{n}" for n in range(1, opponents + 1)]
    game = Game.new("scale", board, names)
    open_cells = sorted(board.open)
    loots = dict(zip(names, chooser.sample(open_cells, opponents)))
    events: list = []
    while len(events) < clues:
        cell = chooser.choice(open_cells)
        kind = chooser.choice(["area", "line-of-sight", "flower"])
        args = (board.name_of(cell),)
        if kind == "flower":
            args += (chooser.choice(board.values_at(cell, "flowers")),)
        clue = Clue(kind, args)
        asked = names if chooser.random() < 0.2 else [chooser.choice(names)]  # Mick now and then
        answers = tuple((who, loots[who] in clue.accepted(board)) for who in asked)
        events.append(ClueEvent(clue, answers))  # truthful answers never contradict
    return game._replace(events=tuple(events)).to_mapping()


def timed(label: str, action, results: list):
    start = time.perf_counter()
    value = action()
    results.append((label, time.perf_counter() - start))
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--clues", type=int, default=1000)
    parser.add_argument("--opponents", type=int, default=6)
    options = parser.parse_args()
    chooser = random.Random(2026)
    board = make_board(options.size, chooser)
    log = make_log(board, options.opponents, options.clues, chooser)
    results: list = []
    game = timed("replay the log", lambda: Game.from_mapping(log, "scale", lambda name: board, "generated"), results)
    sheet = timed("build the sheet", game.sheet, results)

    def draw():
        from rich.console import Console
        Console(file=io.StringIO(), width=240).print(render.sheet(sheet))
    timed("draw the sheet", draw, results)
    the_odds = timed("compute the odds", lambda: advisor.odds(sheet), results)
    ranked = timed("suggest (top 10)", lambda: advisor.questions(sheet, advisor.Turn(), the_odds, limit=10), results)
    left = {item: len(sheet.candidates(item)) for item in sheet.items}
    print(f"{options.size}x{options.size} board, {options.opponents} opponents, {len(log['events'])} clues; "
          f"cells left: {left}")
    print(f"best question: {ranked[0].words(False)} ({ranked[0].bits:.2f} bits)")
    print(f"odds: {the_odds.method}")
    for label, seconds in results:
        print(f"{label:<22} {seconds * 1000:8.1f} ms")
    total = sum(seconds for _, seconds in results)
    print(f"total = {total:.2f} s (target: under 2 s)")


if __name__ == "__main__":
    main()
