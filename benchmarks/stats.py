"""Statistics across many saved games: how long `assistant stats` takes to summarise them.

Generates GAMES saved games in a fresh data folder (a quarter each: finished Le Roi
des Nains pads of 7 deals, finished rope matches, two-player garden matches with
clues, three-player gardens tallied; players drawn from a pool of 12 names, quests
and special cards shuffled), every step recorded through the rules as the commands
record it. Then times, as the installed command would run it:

- cold: the first summary, every game read and replayed (nothing cached yet);
- warm: the summaries after it (each game's outcome cached under its file's digest);
- the core alone (``stats.outcomes`` + ``summarise``), warm, in this process.

Target: 1,000 games summarised in under 1 s (the warm figure; the cold one is paid
once, the first time).

    python benchmarks/stats.py [--games 1000] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.evenings import stats  # noqa: E402
from assistant.store.folder import Store  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva", "Farid", "Gus", "Hana", "Ines", "Jo", "Kim", "Lea"]
COUNT_QUESTS = ["5A", "5B", "7A", "7B", "8A", "8B", "9A", "9B", "10A", "10B", "11A", "11B", "20A", "20B"]
PLAIN_SPECIALS = ["druid", "blue-11-pass", "red-11-swap", "dragon", "mummy", "clone", "sorcerer", "excalibur"]


def roi(rng: random.Random) -> tuple[dict, list[str]]:
    players = rng.sample(NAMES, 3)
    tiles = rng.sample(sorted({quest[:-1] for quest in COUNT_QUESTS}), 7)
    steps = []
    for tile, special in zip(tiles, rng.sample(PLAIN_SPECIALS, 7), strict=True):
        face = rng.choice([quest for quest in COUNT_QUESTS if quest[:-1] == tile])
        counts = rng.choice([(6, 4, 3), (5, 5, 3), (2, 9, 2), (7, 3, 3), (1, 4, 8)])
        tricks = ",".join(f"{p}={c}" for p, c in zip(players, counts, strict=True))
        steps.append(f"deal {face} --special {special} --tricks {tricks}")
    return {"pad": "roi-des-nains", "players": players}, steps


def rope(rng: random.Random) -> tuple[dict, list[str]]:
    a, b = rng.sample(NAMES, 2)
    steps = []
    for first, second in rng.choice([((a, b), (b, a), (a, b)), ((b, a), (b, a)), ((a, b), (a, b))]):
        steps += [f"gnome red --by {a}", f"gnome blue --by {b}"]
        steps += [f"squirrels 3 --by {first}", f"exchange --by {second}"] * 2
    return {"pad": "oh-les-nains", "sides": [a, b]}, steps


def duel(rng: random.Random) -> tuple[dict, list[str]]:
    me, other = rng.sample(NAMES, 2)
    steps = ["clue line-of-sight A1 no", "clue area D3 no", f"clue area F3 no --by {other}",
             "mole B3 found --next-mine A2", "clue area A1 no", "mole C3 missed --next-mine A3",
             f"mole A3 found --by {other}"]
    return {"board": "gnom-street", "opponents": [other], "mine": "F1", "me": me}, steps


def three(rng: random.Random) -> tuple[dict, list[str]]:
    me, red, blue = rng.sample(NAMES, 3)
    steps = ["clue area B3 " + " ".join(f"{p}={rng.choice(['yes', 'no'])}" for p in (red, blue)),
             "miniature me A1", f"miniature {red} C3", "miniature me B1", f"loot {red} D3", f"loot {blue} F1"]
    return {"board": "gnom-street", "opponents": [red, blue], "mine": "C2", "me": me}, steps


def generate(home: Path, count: int, seed: int = 28) -> None:
    rng = random.Random(seed)
    store = Store(home)
    makers = [roi, rope, duel, three]
    for number in range(count):
        header, steps = makers[number % len(makers)](rng)
        game = store.empty_game(header, f"evening-{number:04d}", "benchmark")
        for step in steps:
            try:
                game = game.record(game.read_step(step))
            except Exception:  # a random draw the rules refuse (a contradictory clue): leave it out
                continue
        store.create(game)


def timed(command: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder) / "home"
        started = time.perf_counter()
        generate(home, args.games)
        print(f"generated {args.games} games in {time.perf_counter() - started:.1f} s")
        env = {**os.environ, "ASSISTANT_HOME": str(home), "ASSISTANT_LANG": "en"}
        command = ([sys.executable, "-m", "cli", "stats", "--json"] if not _installed()
                   else ["assistant", "stats", "--json"])
        cold = timed(command, env)
        warm = [timed(command, env) for unused in range(args.runs)]
        store = Store(home)
        core = []
        for unused in range(args.runs):
            start = time.perf_counter()
            found, skipped = stats.outcomes(store)
            summary = stats.summarise(found)
            core.append(time.perf_counter() - start)
        assert summary["games"] == args.games and not skipped, (summary["games"], skipped[:3])
        print(f"assistant stats, cold (every game replayed): {cold:.2f} s")
        print(f"assistant stats, warm (median of {args.runs}): {statistics.median(warm):.2f} s")
        print(f"core only, warm (median of {args.runs}): {statistics.median(core) * 1000:.0f} ms")
        print(f"{args.games} games summarised in {statistics.median(warm):.2f} s (target: under 1 s)")


def _installed() -> bool:
    from shutil import which

    return which("assistant") is not None and Path(which("assistant")).parent == Path(sys.executable).parent


if __name__ == "__main__":
    main()
