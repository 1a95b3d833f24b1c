"""The manual cannot drift (issue 35): every command block of the docs runs, page by page, on a fresh data folder.

A command block is a fenced ``console`` block. Each of its lines that begins with ``assistant`` is run through
the command line as typed (``;`` separates two commands on a line, ``#`` starts a comment), in the page's order,
on a data folder of the page's own; it must succeed, unless its comment begins with ``refused``: then it must
be refused in one line. A block that shows a command's form with placeholders (``NAME``, ``[--json]``,
``a | b``) is a ``text`` block, not run. The README's quick starts are checked the same way.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).parent.parent
PAGES = sorted([*ROOT.glob("docs/*/*.md"), ROOT / "README.md"])
BLOCK = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)


def commands_of(page: Path) -> list[tuple[list[str], bool]]:
    """Each command of the page's console blocks: its words after 'assistant', and whether it is meant refused."""
    found = []
    for block in BLOCK.findall(page.read_text(encoding="utf-8")):
        for line in block.splitlines():
            line = line.removeprefix("$ ").strip()
            code, _, comment = line.partition(" #")
            for command in code.split(";"):
                words = shlex.split(command)
                if words[:1] == ["assistant"]:
                    found.append((words[1:], comment.strip().startswith("refused")))
    return found


def test_every_page_has_its_french_and_english():
    english = {page.name for page in ROOT.glob("docs/en/*.md")}
    french = {page.name for page in ROOT.glob("docs/fr/*.md")}
    assert english == french


def test_the_readme_stays_short_and_keeps_its_two_set_up_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(readme) <= 200
    set_up = [line for line in readme if re.match(r"    python3 -m venv \.venv && \.venv/bin/pip install ", line)]
    assert len(set_up) == 2 and any("pytest" in line for line in set_up)  # .ci/run reads the test command
    # only python3 and its venv module: the venv's own pip installs, never the system's
    assert not any("--without-pip" in line or "python3 -m pip" in line for line in readme)
    said = "\n".join(readme)
    for system in ("apt install python3 python3-venv", "macOS", "py -m venv"):
        assert system in said  # one line of prerequisites per system
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m pip" not in ci and ".venv/bin/pip install -q -e '.[lint]'" in ci


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_every_command_block_runs(page, tmp_path, monkeypatch):
    from assistant.faces.cli import app_for

    monkeypatch.setenv("ASSISTANT_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)  # files a command writes (--svg stats.svg) land here
    for source in ("scenarios", "boards"):
        (tmp_path / source).symlink_to(ROOT / source)  # 'replay scenarios/...' as from the checkout
    runner = CliRunner()
    for words, refused in commands_of(page):
        result = runner.invoke(app_for(words), words, prog_name="assistant")
        said = f"assistant {shlex.join(words)}\n{result.output}"
        if refused:
            assert result.exit_code == 1, said
        else:
            assert result.exit_code == 0, said


CODE_OR_LINK = re.compile(r"(^[ \t]*```.*?^[ \t]*```[^\n]*$|^    [^\n]*$|`[^`]+`|\]\([^)]*\))", re.M | re.S)


def test_every_file_the_manual_cites_is_in_the_clone():
    """The manual cites files a reader can open: none outside the clone (no FACTS.md)."""
    missing = []
    for page in [*ROOT.glob("docs/*/*.md"), ROOT / "README.md"]:
        text = page.read_text(encoding="utf-8")
        assert "FACTS.md" not in text and "/work/shared" not in text, page
        for cited in re.findall(r"`((?:assistant|benchmarks|boards|docs|scenarios|tests|\.ci)/[\w./-]*\w)`", text):
            placeholder = any(part.split(".")[0].isupper() for part in cited.split("/"))  # a data folder's
            if not placeholder and not (ROOT / cited).exists():
                missing.append(f"{page.relative_to(ROOT)}: {cited}")
    assert not missing, missing


def test_the_french_manual_reads_as_a_french_reader_reads():
    """Typographic apostrophes in the French prose (code and quoted output as the tool prints them); one
    spelling per word, the rule's ("l'expulser") and the tool's (Chaman); the developers' figures on the
    developers' page only."""
    for page in ROOT.glob("docs/fr/*.md"):
        text = page.read_text(encoding="utf-8")
        prose = CODE_OR_LINK.sub(" ", text)
        straight = re.findall(r"\w+'\w+", prose)
        assert not straight, (page.name, straight[:5])
        assert not re.search(r"\bchass[ée]", text) and "Chamane" not in text, page.name
    for page in ROOT.glob("docs/*/*.md"):
        if page.name != "developers.md":
            text = page.read_text(encoding="utf-8")
            assert "benchmarks/questions.py" not in text and "benchmarks/scale.py" not in text, page


def test_the_statistics_page_keeps_a_tied_garden_open_until_the_throw():
    french = (ROOT / "docs/fr/statistics.md").read_text(encoding="utf-8")
    english = (ROOT / "docs/en/statistics.md").read_text(encoding="utf-8")
    assert "sans gagnant" not in french and "décompte --lancer NOM" in french
    assert "without a winner" not in english and "tally --throw NAME" in english
