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

Then under turn limits (rules, "Investigation phase": in ranking order each
player takes one Terrain token and one Action token from those left, puts a
miniature on a cell of that terrain and asks from there). Of four players, the
one ranked r finds 5 - r tokens of each kind left, the better-ranked players
having taken theirs at random; the cat token asks nothing, so a turn with only
the cat left is lost. For each rank 1 to 4:

- optimal: the least expected number of turns to single out the loot, by
  memoised search over candidate sets with the expectation over the tokens
  left (exact: every draw of tokens is weighed by its probability);
- suggest: the same expectation, exact, for the advisor choosing its own
  tokens, cell and question from what is left (the real code path, called
  for every candidate set and draw it leads to);
- worst: the most questions either needs, over every loot and draw.

The hunted opponent is taken to be askable every turn: ranked below me, or by
a gnome's power (Sky, Adam: "interrogates who you want"; the last-ranked
player can ask nobody without one).

The shipped layout is a guess (FACTS.md), so everything is also run on random
gardens of the same frame. Targets: suggest within 1% of the optimum on
average, and never more than one question worse in the worst case. The last
line is the worst ratio measured, unconstrained and under turn limits, over
every garden and rank.

    python benchmarks/questions.py [--seeds 20] [--layouts 10]
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.engine import advice as advisor  # noqa: E402
from assistant.engine.board import Board  # noqa: E402
from assistant.engine.cells import CellSet  # noqa: E402
from assistant.engine.clues import Clue  # noqa: E402
from assistant.engine.sheet import Fact, Sheet  # noqa: E402
from assistant.games.deduction import ClueEvent, DeductionGame  # noqa: E402
from assistant.games.gnom_street import advice as garden_advice  # noqa: E402
from assistant.store.folder import Store  # noqa: E402

SHIPPED = Store(Path("/nonexistent")).board("gnom-street")
TERRAINS = [value.name for value in SHIPPED.attribute("terrain").values]
COLOURS = [value.name for value in SHIPPED.attribute("flowers").values]
ACTIONS = ["area", "line-of-sight", "flower", "cat"]  # the cat token asks nothing
PLAYERS = 4


class Bench:
    """One garden: its questions, the optimum by search, and games played by a strategy."""

    def __init__(self, board: Board):
        self.board = board
        self.open = sorted(board.open)
        self.clues = self.all_clues()
        self.masks = sorted({clue.accepted(board).mask & board.open.mask for clue in self.clues})
        self.memo: dict[int, tuple[float, int]] = {}

    def all_clues(self, terrains=None, actions=None) -> list[Clue]:
        turn = garden_advice.Turn(tuple(terrains) if terrains else None,
                            tuple(a for a in actions if a != "cat") if actions else None)
        kinds = [advisor.kind_named(name) for name in (turn.actions or self.board.questions)]
        return advisor.all_clues(self.board, kinds, turn.asking_cells(self.board))

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
        game = DeductionGame.new("bench", self.board)
        asked = 0
        while len(game.sheet().candidates("opponent")) > 1 and asked < limit:
            clue = choose(game, asked)
            game = game.record(ClueEvent(clue, (("opponent", loot in clue.accepted(self.board)),)))
            asked += 1
        return asked

    def suggest_choice(self, turns=None):
        def choose(game, step):
            return advisor.questions(game.sheet(), turns(step) if turns else advisor.ANY_TURN, limit=1)[0].clue
        return choose

    def random_choice(self, chooser: random.Random, turns=None):
        def choose(game, step):
            if turns is None:
                return chooser.choice(self.clues)
            turn = turns(step)
            return chooser.choice(self.all_clues(turn.terrains, turn.actions))
        return choose


def tokens_left(rank: int) -> list[tuple[float, tuple[str, ...], tuple[str, ...]]]:
    """Every draw of the tokens a player ranked ``rank`` finds, with its probability.

    Each better-ranked player took one Terrain and one Action token at random,
    so what is left is a uniformly random set of 5 - rank tokens of each kind."""
    left = PLAYERS + 1 - rank
    terrains = list(itertools.combinations(TERRAINS, left))
    actions = list(itertools.combinations(ACTIONS, left))
    weight = 1 / (len(terrains) * len(actions))
    return [(weight, t, a) for t in terrains for a in actions]


class Limited:
    """One garden and one rank: the optimum under turn limits, and suggest's exact expectation."""

    def __init__(self, bench: Bench, rank: int):
        self.bench = bench
        self.draws = tokens_left(rank)
        self.splits = {(terrain, action): sorted({clue.accepted(bench.board).mask & bench.board.open.mask
                                                  for clue in bench.all_clues([terrain], [action])})
                       for terrain in TERRAINS for action in ACTIONS if action != "cat"}
        self.memo: dict[int, tuple[float, int]] = {}
        self.suggested: dict[int, tuple[float, int]] = {}
        self.calls = 0

    def _expectation(self, chosen) -> tuple[float, int]:
        """Turns until one cell is left when ``chosen(draw)`` gives the split taken (None: none).

        A lost turn (no question splits) leaves the candidates as they were:
        V = 1 + p_lost V + sum of p E[V(child)], so V = (1 + sum) / (1 - p_lost)."""
        lost, total, worst = 0.0, 0.0, 0
        for weight, value in chosen:
            if value is None:
                lost += weight
            else:
                total += weight * value[0]
                worst = max(worst, value[1])
        return (1 + total) / (1 - lost), worst

    def _split_value(self, candidates: int, mask: int, value) -> tuple[float, int] | None:
        yes, no = candidates & mask, candidates & ~mask
        if not yes or not no:
            return None
        (e_yes, w_yes), (e_no, w_no) = value(yes), value(no)
        size = candidates.bit_count()
        return (yes.bit_count() * e_yes + no.bit_count() * e_no) / size, 1 + max(w_yes, w_no)

    def optimal(self, candidates: int) -> tuple[float, int]:
        """(least expected turns, most questions that strategy asks) to single out the loot."""
        if candidates.bit_count() <= 1:
            return 0.0, 0
        if candidates not in self.memo:
            best = {}
            for pair, masks in self.splits.items():
                values = [v for v in (self._split_value(candidates, mask, self.optimal) for mask in masks) if v]
                if values:
                    best[pair] = min(values)
            chosen = []
            for weight, terrains, actions in self.draws:
                offered = [best[(t, a)] for t in terrains for a in actions if (t, a) in best]
                chosen.append((weight, min(offered) if offered else None))
            self.memo[candidates] = self._expectation(chosen)
        return self.memo[candidates]

    def suggest(self, candidates: int) -> tuple[float, int]:
        """The same for the advisor's own choice of tokens, cell and question on each draw."""
        if candidates.bit_count() <= 1:
            return 0.0, 0
        if candidates not in self.suggested:
            board = self.bench.board
            sheet = Sheet.start(board, ("opponent",)).with_facts(
                [Fact(0, "opponent", CellSet(candidates), "bench", "bench", True, "bench")])
            chosen = []
            for weight, terrains, actions in self.draws:
                self.calls += 1
                advice = advisor.questions(sheet, turn_left(terrains, actions), limit=1) \
                    if set(actions) != {"cat"} else []
                mask = advice[0].clue.accepted(board).mask if advice else 0
                chosen.append((weight, self._split_value(candidates, mask, self.suggest)))
            self.suggested[candidates] = self._expectation(chosen)
        return self.suggested[candidates]


def turn_left(terrains, actions) -> garden_advice.Turn:
    """The turn as suggest is told it: the tokens left (the cat among them, if it is)."""
    return garden_advice.Turn(tuple(terrains), tuple(a for a in actions if a != "cat"),
                        terrain_tokens=len(terrains), action_tokens=len(actions))


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
    parser.add_argument("--seeds", type=int, default=20, help="random games per loot for the random baseline")
    parser.add_argument("--layouts", type=int, default=10, help="random gardens besides the shipped one")
    options = parser.parse_args()
    bench = Bench(SHIPPED)
    suggest_counts = [bench.play(loot, bench.suggest_choice()) for loot in bench.open]
    expected, worst = bench.optimal(SHIPPED.open.mask)
    random_counts = [bench.play(loot, bench.random_choice(random.Random(seed)))
                     for loot in bench.open for seed in range(options.seeds)]
    print(f"shipped garden: {len(bench.open)} possible loot cells, {len(bench.clues)} questions "
          f"({len(bench.masks)} distinct splits), any question from any cell:")
    print(f"  suggest: {summary(suggest_counts)}")
    print(f"  optimal: average {expected:.3f}, worst {worst}")
    print(f"  random : {summary(random_counts)} ({options.seeds} seeds per loot)")
    print("  bound  : log2(16) = 4.000")
    print(f"under turn limits, {PLAYERS} players (expected turns, and in brackets the most questions):")
    print(f"  {'garden':<16} {'rank':>4} {'optimal':>11} {'suggest':>11} {'ratio':>6}")
    ratios, limited_ratios, extra = [], [], []
    for layout in [None, *range(options.layouts)]:
        other = bench if layout is None else Bench(random_garden(layout))
        name = "shipped" if layout is None else f"random {layout}"
        if layout is not None:
            counts = [other.play(loot, other.suggest_choice()) for loot in other.open]
            ratios.append(statistics.mean(counts) / other.optimal(other.board.open.mask)[0])
        else:
            ratios.append(statistics.mean(suggest_counts) / expected)
        print(f"  {name:<16} {'any':>4} {'':>11} {'':>11} {ratios[-1]:6.3f}  (no turn limits)")
        for rank in range(1, PLAYERS + 1):
            limited = Limited(other, rank)
            (best, best_worst), (ours, our_worst) = limited.optimal(other.board.open.mask), \
                limited.suggest(other.board.open.mask)
            limited_ratios.append(ours / best)
            extra.append(our_worst - best_worst)
            print(f"  {name:<16} {rank:>4} {best:7.3f} ({best_worst}) {ours:7.3f} ({our_worst}) "
                  f"{limited_ratios[-1]:6.3f}")
    every = ratios + limited_ratios
    print(f"under turn limits: suggest/optimal {statistics.mean(limited_ratios):.4f} on average, "
          f"{max(limited_ratios):.4f} at worst; at most {max(extra):+d} question(s) in the worst case "
          f"(targets: 1.01 on average, +1)")
    print(f"suggest/optimal = {max(every):.3f}")


if __name__ == "__main__":
    main()
