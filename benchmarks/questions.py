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
against a random legal question. Target: suggest within 2% of the optimum.

    python benchmarks/questions.py [--seeds 20]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant import advisor  # noqa: E402
from assistant.clues import Clue  # noqa: E402
from assistant.game import ClueEvent, Game  # noqa: E402
from assistant.store import Store  # noqa: E402

BOARD = Store(Path("/nonexistent")).board("gnom-street")
OPEN = sorted(BOARD.open)
TERRAINS = [value.name for value in BOARD.attribute("terrain").values]
ACTIONS = ["area", "line-of-sight", "flower", "cat"]  # the cat token asks nothing


def all_clues(terrains=None, actions=None) -> list[Clue]:
    turn = advisor.Turn(tuple(terrains) if terrains else None, tuple(a for a in actions if a != "cat") if actions else None)
    kinds = [advisor.kind_named(name) for name in (turn.actions or BOARD.questions)]
    return advisor._all_clues(BOARD, kinds, advisor._asking_cells(BOARD, turn))


CLUES = all_clues()
MASKS = sorted({clue.accepted(BOARD).mask & BOARD.open.mask for clue in CLUES})


@lru_cache(maxsize=None)
def optimal(candidates: int) -> tuple[float, int]:
    """(least expected questions, worst case of that strategy) to single out the loot."""
    size = candidates.bit_count()
    if size <= 1:
        return 0.0, 0
    best = None
    for mask in MASKS:
        yes, no = candidates & mask, candidates & ~mask
        if not yes or not no:
            continue
        (e_yes, w_yes), (e_no, w_no) = optimal(yes), optimal(no)
        expected = 1 + (yes.bit_count() * e_yes + no.bit_count() * e_no) / size
        if best is None or expected < best[0] - 1e-12:
            best = (expected, 1 + max(w_yes, w_no))
    return best


def play(loot: int, choose, limit: int = 200) -> int:
    """Questions asked until the sheet holds one cell; ``choose(game, step)`` picks a clue."""
    game = Game.new("bench", BOARD)
    asked = 0
    while len(game.sheet().candidates("opponent")) > 1 and asked < limit:
        clue = choose(game, asked)
        game = game.record(ClueEvent(clue, (("opponent", loot in clue.accepted(BOARD)),)))
        asked += 1
    return asked


def suggest_choice(turns=None):
    def choose(game, step):
        turn = turns(step) if turns else advisor.Turn()
        return advisor.questions(game.sheet(), turn)[0].clue
    return choose


def random_choice(chooser: random.Random, turns=None):
    def choose(game, step):
        if turns is None:
            return chooser.choice(CLUES)
        turn = turns(step)
        return chooser.choice(all_clues(turn.terrains, turn.actions))
    return choose


def second_of_four(seed: int):
    """Each turn the first player takes one terrain and one action token at random."""
    chooser = random.Random(seed)
    cache: dict[int, advisor.Turn] = {}

    def turn(step: int) -> advisor.Turn:
        if step not in cache:
            terrains = [t for t in TERRAINS if t != chooser.choice(TERRAINS)]
            taken = chooser.choice(ACTIONS)
            actions = tuple(a for a in ACTIONS if a != taken and a != "cat")
            cache[step] = advisor.Turn(tuple(terrains), actions)
        return cache[step]
    return turn


def summary(counts: list[int]) -> str:
    return f"average {statistics.mean(counts):.3f}, worst {max(counts)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    seeds = parser.parse_args().seeds
    suggest_counts = [play(loot, suggest_choice()) for loot in OPEN]
    expected, worst = optimal(BOARD.open.mask)
    random_counts = [play(loot, random_choice(random.Random(seed))) for loot in OPEN for seed in range(seeds)]
    print(f"garden: {len(OPEN)} possible loot cells, {len(CLUES)} questions ({len(MASKS)} distinct splits)")
    print(f"suggest: {summary(suggest_counts)}")
    print(f"optimal: average {expected:.3f}, worst {worst}")
    print(f"random : {summary(random_counts)} ({seeds} seeds per loot)")
    print("bound  : log2(16) = 4.000")
    limited_suggest = [play(loot, suggest_choice(second_of_four(seed))) for loot in OPEN for seed in range(seeds)]
    limited_random = [play(loot, random_choice(random.Random(1000 + seed), second_of_four(seed)))
                      for loot in OPEN for seed in range(seeds)]
    print(f"ranked second of four (3 terrains, 2-3 actions left each turn, {seeds} token draws per loot):")
    print(f"  suggest: {summary(limited_suggest)}")
    print(f"  random : {summary(limited_random)}")
    print(f"suggest/optimal = {statistics.mean(suggest_counts) / expected:.3f}")


if __name__ == "__main__":
    main()
