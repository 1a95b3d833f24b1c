"""How good is `suggest`? Questions needed to find one opponent's loot on the garden.

One opponent, the loot on each of the 16 garden cells in turn (all equally
likely), truthful answers, questions asked from any non-pond cell. For each
strategy: the average and the worst number of questions until one cell
remains.

- suggest: the advisor's first choice at each step (the real code path);
- optimal: the least expected number of questions, by exhaustive search over
  candidate sets (memoised; the garden has 2^16 of them at most);
- random: a question drawn at random among all questions, until found;
- the bound log2(16) = 4 for a yes/no question.

Then under turn limits (a player ranked second of four: the first player took
one terrain and one action token at random): suggest within those limits
against a random legal question. The shipped layout is a guess (FACTS.md), so
the comparison with the optimum is also run on random gardens of the same
frame. Target: suggest within 2% of the optimum on average.

    python benchmarks/questions.py [--seeds 20] [--layouts 10]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant import advisor  # noqa: E402
from assistant.board import Board  # noqa: E402
from assistant.clues import Clue  # noqa: E402
from assistant.game import ClueEvent, Game  # noqa: E402
from assistant.store import Store  # noqa: E402

SHIPPED = Store(Path("/nonexistent")).board("gnom-street")
TERRAINS = [value.name for value in SHIPPED.attribute("terrain").values]
COLOURS = [value.name for value in SHIPPED.attribute("flowers").values]
ACTIONS = ["area", "line-of-sight", "flower", "cat"]  # the cat token asks nothing


class Bench:
    """One garden: its questions, the optimum by search, and games played by a strategy."""

    def __init__(self, board: Board):
        self.board = board
        self.open = sorted(board.open)
        self.clues = self.all_clues()
        self.masks = sorted({clue.accepted(board).mask & board.open.mask for clue in self.clues})
        self.memo: dict[int, tuple[float, int]] = {}

    def all_clues(self, terrains=None, actions=None) -> list[Clue]:
        turn = advisor.Turn(tuple(terrains) if terrains else None,
                            tuple(a for a in actions if a != "cat") if actions else None)
        kinds = [advisor.kind_named(name) for name in (turn.actions or self.board.questions)]
        return advisor._all_clues(self.board, kinds, advisor._asking_cells(self.board, turn))

    def optimal(self, candidates: int) -> tuple[float, int]:
        """(least expected questions, worst case of that strategy) to single out the loot."""
        if candidates.bit_count() <= 1:
            return 0.0, 0
        if candidates not in self.memo:
            best = None
            size = candidates.bit_count()
            for mask in self.masks:
                yes, no = candidates & mask, candidates & ~mask
                if not yes or not no:
                    continue
                (e_yes, w_yes), (e_no, w_no) = self.optimal(yes), self.optimal(no)
                expected = 1 + (yes.bit_count() * e_yes + no.bit_count() * e_no) / size
                if best is None or expected < best[0] - 1e-12:
                    best = (expected, 1 + max(w_yes, w_no))
            self.memo[candidates] = best
        return self.memo[candidates]

    def play(self, loot: int, choose, limit: int = 200) -> int:
        """Questions asked until the sheet holds one cell; ``choose(game, step)`` picks a clue."""
        game = Game.new("bench", self.board)
        asked = 0
        while len(game.sheet().candidates("opponent")) > 1 and asked < limit:
            clue = choose(game, asked)
            game = game.record(ClueEvent(clue, (("opponent", loot in clue.accepted(self.board)),)))
            asked += 1
        return asked

    def suggest_choice(self, turns=None):
        def choose(game, step):
            return advisor.questions(game.sheet(), turns(step) if turns else advisor.Turn(), limit=1)[0].clue
        return choose

    def random_choice(self, chooser: random.Random, turns=None):
        def choose(game, step):
            if turns is None:
                return chooser.choice(self.clues)
            turn = turns(step)
            return chooser.choice(self.all_clues(turn.terrains, turn.actions))
        return choose


def second_of_four(seed: int):
    """Each turn the first player takes one terrain and one action token at random."""
    chooser = random.Random(seed)
    cache: dict[int, advisor.Turn] = {}

    def turn(step: int) -> advisor.Turn:
        if step not in cache:
            taken_terrain, taken_action = chooser.choice(TERRAINS), chooser.choice(ACTIONS)
            cache[step] = advisor.Turn(tuple(t for t in TERRAINS if t != taken_terrain),
                                       tuple(a for a in ACTIONS if a not in (taken_action, "cat")))
        return cache[step]
    return turn


def random_garden(seed: int) -> Board:
    """The garden's frame (3x6, two ponds, four terrains, two flowers a cell) filled at random."""
    chooser = random.Random(seed)
    names = [f"{c}{r}" for r in range(1, 4) for c in "ABCDEF"]
    ponds = set(chooser.sample(names, 2))
    cells = {name: {"pond": True} if name in ponds else
             {"terrain": chooser.choice(TERRAINS), "flowers": chooser.sample(COLOURS, 2)} for name in names}
    data = {"name": f"random-garden-{seed}", "rows": 3, "columns": 6, "questions": list(SHIPPED.questions),
            "hidden": {"noun": "loot"},
            "attributes": {"terrain": {"kind": "one", "values": {t: {} for t in TERRAINS}},
                           "flowers": {"kind": "set", "count": 2, "values": {c: {} for c in COLOURS}}},
            "cells": cells}
    return Board.from_mapping(data, "generated")


def summary(counts: list[int]) -> str:
    return f"average {statistics.mean(counts):.3f}, worst {max(counts)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--layouts", type=int, default=10)
    options = parser.parse_args()
    bench = Bench(SHIPPED)
    suggest_counts = [bench.play(loot, bench.suggest_choice()) for loot in bench.open]
    expected, worst = bench.optimal(SHIPPED.open.mask)
    random_counts = [bench.play(loot, bench.random_choice(random.Random(seed)))
                     for loot in bench.open for seed in range(options.seeds)]
    print(f"shipped garden: {len(bench.open)} possible loot cells, {len(bench.clues)} questions "
          f"({len(bench.masks)} distinct splits)")
    print(f"suggest: {summary(suggest_counts)}")
    print(f"optimal: average {expected:.3f}, worst {worst}")
    print(f"random : {summary(random_counts)} ({options.seeds} seeds per loot)")
    print("bound  : log2(16) = 4.000")
    limited_suggest = [bench.play(loot, bench.suggest_choice(second_of_four(seed)))
                       for loot in bench.open for seed in range(options.seeds)]
    limited_random = [bench.play(loot, bench.random_choice(random.Random(1000 + seed), second_of_four(seed)))
                      for loot in bench.open for seed in range(options.seeds)]
    print(f"ranked second of four (3 terrains, 2-3 actions left each turn, {options.seeds} token draws per loot):")
    print(f"  suggest: {summary(limited_suggest)}")
    print(f"  random : {summary(limited_random)}")
    ratios = [statistics.mean(suggest_counts) / expected]
    for seed in range(options.layouts):
        other = Bench(random_garden(seed))
        counts = [other.play(loot, other.suggest_choice()) for loot in other.open]
        best, _ = other.optimal(other.board.open.mask)
        ratios.append(statistics.mean(counts) / best)
        print(f"random garden {seed}: suggest {statistics.mean(counts):.3f}, optimal {best:.3f}, "
              f"ratio {ratios[-1]:.3f}")
    print(f"shipped garden: suggest/optimal = {ratios[0]:.3f}; worst of {options.layouts} random gardens: "
          f"{max(ratios[1:], default=ratios[0]):.3f}")
    print(f"suggest/optimal = {statistics.mean(ratios):.3f}")


if __name__ == "__main__":
    main()
