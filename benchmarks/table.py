"""Table screen: from an entry to the redrawn screen, on a garden of 50 clues and 3 opponents.

Drives the real app through Textual's pilot in a headless terminal: each
entry is put into the input line, Enter is pressed, and the clock stops when
the screen has been painted after everything that followed (the step read, recorded under
the lock, written atomically, the screen redrawn and painted). Entries alternate a clue and
its undo, so the game stays at 50 clues. Prints the median; target 20 ms.

    python benchmarks/table.py [--entries 60] [--size 100x30]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import make_game  # noqa: E402  (the same 50-clue garden as the start-up benchmark)

from assistant.faces.table.screen import TableApp  # noqa: E402
from assistant.store.folder import Store  # noqa: E402


def clues(home: Path) -> list[str]:
    """Clues that hold with the game's 50 (each names a cell still possible): none is refused."""
    game = Store(home).load("bench")
    sheet = game.sheet()
    return [f"clue area {game.board.name_of(cell)} yes -o {item}"
            for item in game.items for cell in sheet.candidates(item)]


class TimedTable(TableApp):
    """The app, noting when the screen has been painted after each redraw.

    The pilot's own waits (it sleeps until the process looks idle) are not
    part of what a player waits for, so the clock stops at the paint itself."""

    painted: list[tuple[float, float]] = []  # (wall clock, this process's CPU time) at each paint

    def draw(self) -> None:
        super().draw()
        self.call_after_refresh(lambda: self.painted.append((time.perf_counter(), time.process_time())))


async def measure(home: Path, entries: int, size: tuple[int, int]) -> list[tuple[float, float]]:
    app = TimedTable(Store(home), "bench", follow_seconds=3600)
    times = []
    lines = clues(home)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        line = app.query_one("#entry")
        for number in range(entries):
            line.value = lines[number // 2 % len(lines)] if number % 2 == 0 else "undo"
            await pilot.pause()
            app.painted.clear()
            start = (time.perf_counter(), time.process_time())
            await pilot.press("enter")
            await pilot.pause()
            times.append((app.painted[0][0] - start[0], app.painted[0][1] - start[1]))
            if "refused" in app.query_one("#answer").content.plain:
                raise SystemExit(f"entry {number + 1} was refused: {app.answer_line}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=60)
    parser.add_argument("--size", default="100x30", help="terminal WIDTHxHEIGHT")
    options = parser.parse_args()
    size = tuple(int(part) for part in options.size.split("x"))
    with tempfile.TemporaryDirectory() as folder:
        make_game(Path(folder))
        measured = asyncio.run(measure(Path(folder), options.entries, size))
    wall, cpu = [m[0] for m in measured], [m[1] for m in measured]
    print(f"table screen {options.size}: {len(measured)} entries on a 50-clue, 3-opponent garden")
    print(f"slowest {max(wall) * 1000:.1f} ms, fastest {min(wall) * 1000:.1f} ms")
    # CPU time does not count waiting for the disk (each save is flushed to it) nor
    # for other processes: on a busy machine it says what the screen itself costs.
    print(f"median CPU time of this process per entry: {statistics.median(cpu) * 1000:.1f} ms")
    print(f"median entry to redrawn screen = {statistics.median(wall) * 1000:.1f} ms (target: 20 ms or less)")


if __name__ == "__main__":
    main()
