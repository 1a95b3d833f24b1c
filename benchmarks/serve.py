"""The phones' page: from a tap on Record to the updated page, on a garden of 50 clues and 3 opponents
(or of ``--entries`` clues: 50000 is a game at the save limit), and the bytes each tap's answer carries.

Serves the game on loopback (the real server, as `assistant serve` runs it) and drives Debian's
chromium at a phone's size (390x844) through Playwright. Each entry is put into the page's line, Record
is tapped, and the clock (the page's own, performance.now) stops when the new sheets and history are
in the page and the next frame has been painted: the step read, recorded under the lock, written
atomically, the page's new part drawn by the server and put in place. Entries alternate a clue and its
undo, so the game keeps its clues standing. Prints the median and the 90th percentile; target 100 ms
and 150 ms with 4 phones tapping at once (--phones 4: each its own copy of the garden, its own link and
its own browser, all at the same moments, as four players at one table). Prints the bytes of each tap's
answer (its JSON body: what changed, not the whole game), the median and the largest; target 4 KB at most
whatever the game's size.

On a machine shared with other work the times wander with the load: the load average is printed, and so
is the CPU time per tap of each kind of process (read from /proc, Linux only), which the load does not
distort: this process (the server, its event loop and the threads that write the games, beside
Playwright's Python side), the phones' renderers (parse, script, style, layout, paint), Chromium's other
processes (browser, GPU, network) and Playwright's drivers (node). Four taps at once on 2 cores cannot all
be painted in less time than their CPU time, summed, over two.

    python benchmarks/serve.py [--taps 60] [--phones 4] [--entries 50000]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from startup import make_game  # noqa: E402  (the same 50-clue garden as the start-up benchmark)
from table import clues  # noqa: E402  (clues that hold with those 50)

from assistant.faces.web import serve  # noqa: E402
from assistant.store.folder import Store  # noqa: E402
from assistant.store.saving import MAX_GAME_BYTES, MAX_GAME_EVENTS  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

# Runs in the page: one entry, timed from the tap on Record to the frame painted after the update.
TIMED_ENTRY = """async (line) => {
  const live = document.getElementById("live");
  const before = live.dataset.version;
  document.getElementById("line").value = line;
  const start = performance.now();
  window.stepBytes = 0;
  await new Promise((resolve) => {
    const watcher = new MutationObserver(() => {
      const refused = document.getElementById("answer").className === "refused";
      if (live.dataset.version !== before || refused) { watcher.disconnect(); resolve(); }
    });
    watcher.observe(live, {attributes: true});
    watcher.observe(document.getElementById("answer"), {attributes: true});  // a refusal ends the wait too
    document.getElementById("record").click();
  });
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return [performance.now() - start, window.stepBytes];
}"""

# Runs in the page before its own script: each answer to an entry is measured (the bytes of its body).
MEASURED = """(() => {
  const fetched = window.fetch;
  window.fetch = async (...given) => {
    const response = await fetched(...given);
    if (String(given[0]).endsWith("step")) window.stepBytes = (await response.clone().arrayBuffer()).byteLength;
    return response;
  };
})();"""


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) process ``pid`` has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def kind(pid: int) -> str:
    """What a process is: 'renderer' (a page's), 'chromium' (its browser, GPU, network...), 'node' (Playwright)."""
    command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    if "chrom" in command.split(" ")[0]:
        return "renderer" if "--type=renderer" in command else "chromium"
    return "node" if "node" in command.split(" ")[0] else "other"


def cpu_by_kind() -> dict[str, float]:
    """CPU seconds used so far by this process and, by kind, by every process it started (browsers, drivers)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                parent = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            parents.setdefault(parent, []).append(int(entry))
    used = {"server": cpu_seconds(os.getpid())}
    waiting = list(parents.get(os.getpid(), []))
    while waiting:
        pid = waiting.pop()
        waiting += parents.get(pid, [])
        try:
            name = kind(pid)
            used[name] = used.get(name, 0.0) + cpu_seconds(pid)
        except OSError:  # gone meanwhile
            continue
    return used


def phone(base: str, link, holding: list[str], entries: int, start: threading.Barrier, times: list[float],
          done: threading.Barrier | None = None, sizes: list[int] | None = None) -> None:
    """One phone: its own browser, its own page, ``entries`` timed entries after four that warm up."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # bypass_csp: the timing function is the benchmark's own script, which the page's policy forbids
        page = browser.new_page(viewport={"width": 390, "height": 844}, bypass_csp=True, service_workers="block")
        page.add_init_script(MEASURED)
        page.goto(base + f"/g/{link.token}/")
        page.wait_for_selector("#choices button.choice")
        start.wait()  # every phone taps from the same moment on
        for number in range(entries + 4):  # the first four warm up
            if number == 4 and done is not None:
                done.wait()  # the CPU times are read (the barrier's action) once every phone has warmed up
            line = holding[number // 2 % len(holding)] if number % 2 == 0 else "undo"
            elapsed, size = page.evaluate(TIMED_ENTRY, line)
            if "refused" in (page.get_attribute("#answer", "class") or ""):
                raise SystemExit(f"refused: {line}: {page.text_content('#answer')}")
            if number >= 4:
                times.append(elapsed)
                if sizes is not None:
                    sizes.append(size)
        if done is not None:
            done.wait()  # every phone has tapped its last: the CPU times again, before any browser closes
        browser.close()


def grow(path: Path, entries: int, taps: int) -> int:
    """The game at ``path`` grown to ``entries`` clues (its own, again and again), as far as the save limit
    leaves room for ``taps`` more steps; how many it holds."""
    text = path.read_text()
    steps = [line for line in text.split("\nevents:\n", 1)[1].splitlines() if line.startswith("- ")]
    steps.sort(key=len)  # the shortest first: the most entries the save limit holds
    free = MAX_GAME_BYTES - len(text.encode()) - taps * 80
    extra_steps: list[str] = []
    while len(steps) + len(extra_steps) < min(entries, MAX_GAME_EVENTS - taps):
        step = steps[len(extra_steps) % 8]
        free -= len(step.encode()) + 1
        if free < 0:
            break
        extra_steps.append(step)
    count = len(steps) + len(extra_steps)
    if extra_steps:
        extra = "".join(step + "\n" for step in extra_steps)
        path.write_text(text.rstrip("\n") + "\n" + extra)
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=60, help="timed taps per phone")
    parser.add_argument("--phones", type=int, default=1)
    parser.add_argument("--entries", type=int, default=50, help="entries in the game (50000: at the save limit)")
    arguments = parser.parse_args()
    entries, phones = arguments.taps, arguments.phones

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        make_game(home)
        store = Store(home)
        holding = clues(home)
        size = grow(home / "games" / "bench.yaml", arguments.entries, entries + 4)
        names = ["bench"] + [f"bench-{number}" for number in range(2, phones + 1)]
        for name in names[1:]:  # the same garden for every phone (a game each: its own sheet)
            shutil.copyfile(home / "games" / "bench.yaml", home / "games" / f"{name}.yaml")
        links = serve.make_links(store, names)
        times: list[float] = []
        sizes: list[int] = []
        used: list[dict[str, float]] = []  # CPU times by kind of process, when the timed taps begin and end
        start, done = threading.Barrier(phones), threading.Barrier(phones, action=lambda: used.append(cpu_by_kind()))
        loads = [os.getloadavg()[0]]
        with serve.serving(store, links) as base:
            threads = [threading.Thread(target=phone, args=(base, link, holding, entries, start, times, done, sizes))
                       for link in links]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        loads.append(os.getloadavg()[0])
        standing = len(store.load("bench").standing())
    if len(times) != entries * phones:
        raise SystemExit("a phone stopped early (see above)")
    print(f"game: {size} clues, 3 opponents ({standing} entries standing at the end); chromium at 390x844, "
          f"{phones} phone(s) tapping at once")
    print(f"tap to updated page: median {statistics.median(times):.1f} ms, "
          f"90th percentile {sorted(times)[int(len(times) * 0.9)]:.1f} ms ({entries} entries per phone)")
    print("target: median 100 ms or less, 90th percentile 150 ms or less")
    print(f"bytes per tap (the answer's body): median {statistics.median(sizes):.0f}, largest {max(sizes)}; "
          "target 4096 or less")
    taps = entries * phones
    before, after = used
    spent = {name: (after.get(name, 0.0) - before.get(name, 0.0)) * 1000 / taps for name in after}
    print(f"CPU time per tap: this process (the server, Playwright's Python side) {spent['server']:.1f} ms, "
          f"renderers {spent.get('renderer', 0):.1f} ms, chromium's other processes "
          f"{spent.get('chromium', 0):.1f} ms, Playwright's drivers {spent.get('node', 0):.1f} ms; "
          f"all {sum(spent.values()):.1f} ms")
    print(f"load average (1 min): {loads[0]:.1f} when it began, {loads[1]:.1f} when it ended")


if __name__ == "__main__":
    main()
