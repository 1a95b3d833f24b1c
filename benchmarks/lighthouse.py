"""The phones' page as Lighthouse scores it: performance, accessibility and best practices of the
garden's, the city's and the score pad's pages, and of the table's join page, at a phone's size. Target: 95
or more each.

Lighthouse comes from npm and runs in node against Debian's chromium; nothing is fetched from anywhere
but loopback while it runs:

    npm install --prefix .node lighthouse@12      # .node/ is gitignored; .ci/run does it
    python benchmarks/lighthouse.py [--language fr]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = ROOT / ".node" / "node_modules" / "lighthouse" / "cli" / "index.js"
CHROMIUM = "/usr/bin/chromium"
CATEGORIES = ("performance", "accessibility", "best-practices")
# A game of each kind the page draws, with a few entries: (name, its `new`, its entries).
GAMES = [
    ("garden", ["new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2"],
     [["clue", "area", "B3", "red=no", "blue=yes", "yellow=no"], ["clue", "line-of-sight", "A1", "blue=yes"]]),
    ("city", ["new", "new-york"], [["clue", "north-of", "4", "--card", "informant 3"], ["accuse", "C2", "wrong"]]),
    ("pad", ["quest", "new", "--players", "Ana,Ben,Cleo"],
     [["quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4"]]),
]


def assistant(home: Path, *words: str) -> None:
    """One command of the installed assistant, in the benchmark's own data folder."""
    command = [str(Path(sys.executable).parent / "assistant"), *words]
    subprocess.run(command, check=True, capture_output=True, env={**os.environ, "ASSISTANT_HOME": str(home)})


def scores(url: str, language: str) -> dict[str, int]:
    """Lighthouse's three scores (0 to 100) for ``url``, on a mobile form factor."""
    flags = f"--headless --no-sandbox --disable-gpu --lang={language}"
    done = subprocess.run(["node", str(LIGHTHOUSE), url, "--quiet", "--output=json", "--output-path=stdout",
                           f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}",
                           "--form-factor=mobile", f"--locale={language}"],
                          capture_output=True, text=True, env={**os.environ, "CHROME_PATH": CHROMIUM}, check=False)
    if done.returncode != 0:
        raise SystemExit(f"lighthouse failed: {done.stderr.strip().splitlines()[-1:]}")
    report = json.loads(done.stdout)
    return {name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", default="en", choices=["en", "fr"])
    language = parser.parse_args().language
    if not LIGHTHOUSE.is_file():
        raise SystemExit(f"lighthouse is not installed at {LIGHTHOUSE}: npm install --prefix .node lighthouse@12")
    from assistant.faces.web import join, serve
    from assistant.store.folder import Store

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        for name, new, entries in GAMES:
            assistant(home, *new, "--name", name)
            for entry in entries:
                assistant(home, *entry, "--game", name)
        store = Store(home)
        names = [name for name, *unused in GAMES]
        links = [link for link in serve.make_links(store, names) if link.keeper]
        table = join.open_table(store, names)
        token = join.join_token(store, table.id)
        desk = join.desk(table.id, token, join.Rules(join.allowed_kinds(None)))
        with serve.serving(store, links, join=desk) as base:
            print(f"lighthouse, mobile, {language}: " + ", ".join(CATEGORIES))
            pages = [(link.name, f"/g/{link.token}/") for link in links] + [("join", f"/t/{token}/#table")]
            for name, path in pages:
                found = scores(base + path, language)
                print(f"{name:8} " + "  ".join(f"{category} {found[category]:3d}" for category in CATEGORIES))
    print("target: 95 or more in each")


if __name__ == "__main__":
    main()
