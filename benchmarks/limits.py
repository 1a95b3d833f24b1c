"""Limits: a game at the save limit, and what each command costs as a game grows.

A game may grow to 50,000 entries or 1 MB, whichever comes first (``folder.MAX_GAME_EVENTS``,
``folder.MAX_GAME_BYTES``). For each kind of game (a garden of 75 Gnom' Street, a case of
Enquêtes à New York, a Le Roi des Nains pad, an Oh ! les Nains rope), this builds a game at that
limit, every step one the commands accept (checked: the first rounds are recorded through the rules,
the whole file must load), then times the installed command, as a player runs it:

- every read command: ``games``, ``history``, ``sheet`` (a pad: its ``show``), ``stats``; on a
  deduction game ``candidates``, ``suggest``, ``review``, ``explain`` (a garden: ``moles`` too); and the
  phones' first page (``page``: the game served, its link opened);
- ``export`` and ``import``
  (of the file ``export`` printed), and ``undo`` (a writing command: load, check, save; at 50,000
  entries the game is full, and the undo is refused once all that is done);
- ``scenario``: ``import`` of the same steps as a scenario, each recorded through the rules (undos
  included), and ``correct`` (a garden): ``board set``, which records every saved game on the
  garden anew on the corrected board;
- cold: the data folder's cache emptied first (the first command after the game changed);
  warm: the same command again, its parse and outcome cached.

Target: each at most 2 s of processor at the limit (wall time is printed too; on a busy machine it also
counts the other processes' turns). Then the same commands on games of 1/8, 1/4, 1/2 and
the whole of the limit: a command linear in the game's size takes about twice as long when the
game doubles (the ratio printed); a quadratic one four times.

    python benchmarks/limits.py [--entries 50000] [--runs 1] [--kinds "gnom-street;new-york;..."] [--no-growth]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from assistant.store import folder  # noqa: E402
from assistant.store.folder import Store  # noqa: E402

TARGET = 2.0  # seconds, for every command on a game at the save limit
HEADER = "# assistant game log: one event per line, oldest first\n"

# Each kind: the command that starts it, and a cycle of steps the rules accept again and again.
# The cycles hold short steps, so that the game reaches both limits together (50,000 entries
# of about 20 bytes are 1 MB), and an undo now and then, as a table takes a slip back.
KINDS = {
    "gnom-street": (["new", "gnom-street", "--opponents", "a,b", "--mine", "C2"],
                    # truthful for a's loot on F3 and b's on A1: every clue stands with the others
                    ["clue area A3 a=no", "clue area E1 b=no", "clue area D1 a=no", "clue area F1 b=no",
                     "clue area A2 a=no", "clue area E3 a=yes", "clue area B1 b=yes", "clue area C3 b=no",
                     "undo", "clue area F2 a=yes"]),
    "new-york": (["new", "new-york"],
                 ["clue north-of 4 yes", "clue row 3 no", "accuse A1 wrong", "clue row 5 no", "undo",
                  "clue north-of 5 yes", "accuse B2 wrong", "clue row 4 no", "accuse A2 wrong", "undo"]),
    "roi-des-nains": (["quest", "new", "--players", "Ana,Ben,Cleo"],
                      ["trick Ana 3g 4g 5g", "undo"]),
    "oh-les-nains": (["tug", "new", "--sides", "Ana,Ben"],
                     ["pull --two red --by Ana", "undo"]),
}
# The same game with every step different (each clue read from its own card): nothing read once
# serves again, so this is what reading a log costs at worst. At about 36 bytes a step, the byte
# limit comes first: some 27,000 entries.
KINDS["gnom-street (every step new)"] = (KINDS["gnom-street"][0], [
    step if step == "undo" else f"{step} --card c{{n}}" for step in KINDS["gnom-street"][1]])
OPENING = {"roi-des-nains": ["deal 7A --special shaman"], "oh-les-nains": ["gnome red --by Ana", "gnome blue --by Ben"]}
SHOW = {"roi-des-nains": ["quest", "show"], "oh-les-nains": ["tug", "show"]}


def assistant() -> str:
    script = shutil.which("assistant", path=str(Path(sys.executable).parent))
    if not script:
        sys.exit("install the package first (pip install -e .): the installed command is what is timed")
    return script


def build(home: Path, kind: str, entries: int) -> Path:
    """A saved game of ``kind`` holding ``entries`` entries (within the save limit), named ``big``."""
    from typer.testing import CliRunner

    import cli

    start, cycle = KINDS[kind]
    words = [*start, "--name", "big"]
    made = CliRunner(env={"ASSISTANT_HOME": str(home)}).invoke(cli.app_for(words), words)
    assert made.exit_code == 0, made.stderr
    store = Store(home)
    game = store.load("big")
    steps = steps_of(kind, entries)
    for step in steps[:3 * len(cycle)]:  # the rules accept the cycle, round after round
        game = game.record(game.read_step(step))
    path = store.game_path("big")
    head = path.read_text(encoding="utf-8").split("events:")[0]
    text = head + "events:\n" + "".join(f"- {step}\n" for step in steps)
    if len(text.encode()) > folder.MAX_GAME_BYTES or entries > folder.MAX_GAME_EVENTS:
        sys.exit(f"{kind}: {entries} entries make {len(text.encode()):,} bytes: over the save limit")
    path.write_text(text, encoding="utf-8")
    store._good_path("big").write_text(text, encoding="utf-8")
    assert len(store.load("big").events) == entries  # the whole file loads
    return path


def steps_of(kind: str, entries: int) -> list[str]:
    """The first ``entries`` steps of a game of ``kind``: its opening, then its cycle again and again."""
    opening, cycle = OPENING.get(kind, []), KINDS[kind][1]
    return opening + [cycle[n % len(cycle)].format(n=n) for n in range(entries - len(opening))]


def fitting(kind: str, entries: int) -> int:
    """``entries``, or fewer when the steps of ``kind`` reach the byte limit first (the header aside)."""
    size = 0
    for count, step in enumerate(steps_of(kind, entries), 1):
        size += len(f"- {step}\n".encode())
        if size > folder.MAX_GAME_BYTES - 200:
            return count - 1
    return entries


def folder_name(kind: str, entries: int) -> str:
    return f"{kind}-{entries}".replace(" ", "-").replace("(", "").replace(")", "")


def timed(command: list[str], home: Path, cold: bool, runs: int) -> tuple[float, float, subprocess.CompletedProcess]:
    """The median wall time and processor time (user + system, what a busy machine inflates least) of
    ``command`` as the installed command runs it (cold: the cache emptied first)."""
    env = {**os.environ, "ASSISTANT_HOME": str(home), "ASSISTANT_LANG": "en"}
    walls, cpus, result = [], [], None
    for _ in range(runs):
        if cold:
            shutil.rmtree(home / "cache", ignore_errors=True)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        result = subprocess.run([assistant(), *command], env=env, capture_output=True, text=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if result.returncode != 0 and not (command[0] == "undo" and "is full" in result.stderr):
            sys.exit(f"{' '.join(command)} failed: {result.stderr.strip()[:300]}")
    return statistics.median(walls), statistics.median(cpus), result


# The read commands of a deduction game beyond those every game has (a garden also has its moles).
DEDUCTION_READS = {"candidates": ["candidates"], "suggest": ["suggest"], "review": ["review"],
                   "explain": ["explain", "A1"]}
PAGE = "page"  # the phones' first page: the game served, its link opened once (timed in this process)


def commands(kind: str, home: Path) -> dict[str, list[str]]:
    exported, played = home.parent / f"{home.name}-export.yaml", home.parent / f"{home.name}-played.yaml"
    reads = {} if kind in SHOW else {
        **DEDUCTION_READS, **({"moles": ["moles"]} if kind.startswith("gnom") else {})}
    return {"games": ["games"], "history": ["history", "--game", "big"],
            "sheet": SHOW.get(kind, ["sheet"]) + ["--game", "big"], "stats": ["stats"],
            **{name: [*words, "--game", "big"] for name, words in reads.items()}, PAGE: [],
            "export": ["export", "big"], "import": ["import", str(exported), "--name", "again"],
            "undo": ["undo", "--game", "big"], "scenario": ["import", str(played), "--name", "again"],
            **({"correct": ["board", "set", "gnom-street", "D3", "terrain=wood"]} if kind.startswith("gnom") else {})}


def first_page(home: Path, cold: bool, runs: int) -> tuple[float, float]:
    """The median wall and processor seconds from a phone's first request to the whole page of game ``big``,
    served as ``assistant serve`` serves it (on loopback, in this process: its processor time is the
    server's; cold: the cache emptied first)."""
    import urllib.request

    from assistant.faces.web import serve

    walls, cpus = [], []
    for _ in range(runs):
        if cold:
            shutil.rmtree(home / "cache", ignore_errors=True)
        store = Store(home)
        links = serve.make_links(store, ["big"])
        with serve.serving(store, links) as base:
            start, processor = time.perf_counter(), time.process_time()
            with urllib.request.urlopen(f"{base}/g/{links[0].token}/", timeout=600) as answer:
                if answer.status != 200 or b"big" not in answer.read():
                    sys.exit("the phones' first page failed")
            walls.append(time.perf_counter() - start)
            cpus.append(time.process_time() - processor)
    return statistics.median(walls), statistics.median(cpus)


def figures(kind: str, entries: int, runs: int, folder_: Path) -> dict[str, dict[str, float]]:
    """Each command's wall and processor seconds, cold and warm, on a game of ``entries`` entries."""
    home = folder_ / folder_name(kind, entries)
    build(home, kind, entries)
    result = {}
    for name, command in commands(kind, home).items():
        if name == PAGE:
            (cold_wall, cold_cpu), (warm_wall, warm_cpu) = first_page(home, True, runs), first_page(home, False, runs)
            result[name] = {"cold": cold_wall, "cold cpu": cold_cpu, "warm": warm_wall, "warm cpu": warm_cpu}
            continue
        cold_wall, cold_cpu, done = timed(command, home, True, runs)
        if name == "export":  # the log to import, and its steps as a scenario to play through the rules
            (home.parent / f"{home.name}-export.yaml").write_text(done.stdout, encoding="utf-8")
            (home.parent / f"{home.name}-played.yaml").write_text(done.stdout.replace("exported: true\n", ""),
                                                                   encoding="utf-8")
        made_again(home, name)  # what it made goes, so that the warm run makes it again
        warm_wall, warm_cpu, unused = timed(command, home, False, runs)
        made_again(home, name)
        result[name] = {"cold": cold_wall, "cold cpu": cold_cpu, "warm": warm_wall, "warm cpu": warm_cpu}
    return result


def made_again(home: Path, command: str) -> None:
    """Take away what ``command`` made (an imported game, a correction), for the next run to make it again."""
    for path in (home / "games").glob("*again*"):
        path.unlink()
    if command == "correct":
        shutil.rmtree(home / "boards", ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=folder.MAX_GAME_EVENTS)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--kinds", default=";".join(KINDS), help="separated by ';', from: " + "; ".join(KINDS))
    parser.add_argument("--no-growth", action="store_true", help="time the game at the limit only")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        for kind in options.kinds.split(";"):
            whole = fitting(kind, options.entries)
            sizes = [whole] if options.no_growth else [whole // 8, whole // 4, whole // 2, whole]
            by_size = {size: figures(kind, size, options.runs, Path(temporary)) for size in sizes}
            path = Path(temporary) / folder_name(kind, whole) / "games" / "big.yaml"
            print(f"{kind}: {whole:,} entries, {path.stat().st_size:,} bytes")
            for name, seconds in by_size[whole].items():
                # Judged on processor time: on a shared machine the wall time also counts the other processes.
                worst = max(seconds["cold cpu"], seconds["warm cpu"])
                line = (f"  {name:<8} cold {seconds['cold']:5.2f} s ({seconds['cold cpu']:5.2f} s of processor), "
                        f"warm {seconds['warm']:5.2f} s ({seconds['warm cpu']:5.2f}): "
                        f"{'within' if worst <= TARGET else 'OVER'} {TARGET:.0f} s of processor")
                if len(sizes) > 1:
                    growth = ", ".join(f"{by_size[size][name]['cold cpu']:.2f}" for size in sizes)
                    ratio = by_size[whole][name]["cold cpu"] / max(by_size[sizes[-2]][name]["cold cpu"], 1e-9)
                    line += f"; processor at 1/8, 1/4, 1/2, 1 of it: {growth} s (doubling the game: x{ratio:.2f})"
                print(line, flush=True)


if __name__ == "__main__":
    main()
