"""Saving games: atomic writes and two commands at the same moment."""

import os
import subprocess
import sys
from pathlib import Path

from assistant.store import write_atomically

ROOT = Path(__file__).resolve().parent.parent


def test_atomic_write_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "g.yaml"
    write_atomically(target, "one\n")
    write_atomically(target, "two\n")
    assert target.read_text() == "two\n"
    assert [p.name for p in tmp_path.iterdir()] == ["g.yaml"]


def test_two_clue_commands_at_the_same_moment_both_land(run, home):
    run("new", "gnom-street", "--opponents", "red,blue")
    env = {**os.environ, "ASSISTANT_HOME": str(home)}
    # Each process records 15 clues in a row; they run at the same time.
    script = ("import sys, cli\n"
              "for n in range(15):\n"
              "    try: cli.app(['clue', 'area', sys.argv[1], 'no', '-o', sys.argv[2]])\n"
              "    except SystemExit as e: assert e.code == 0, e.code\n")
    procs = [subprocess.Popen([sys.executable, "-c", script, cell, who], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
             for cell, who in (("F3", "red"), ("A1", "blue"))]
    for proc in procs:
        assert proc.wait(timeout=120) == 0, proc.stderr.read()
    history = run("history").stdout.splitlines()
    assert len(history) == 30
    assert sum("red=no" in line for line in history) == 15
