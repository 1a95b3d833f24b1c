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


# A file the manual cites by its path: `tests/test_docs.py`, `faces/table/lines.py` (a path under a folder named
# before it), `pyproject.toml`
CITED_FILE = re.compile(r"`([\w.-]+(?:/[\w.-]+)*\.(?:py|md|toml|cfg|yml|yaml|po|mo|txt|css|js|html|json|svg))`")
WRITTEN = ("cache/", "games/", "boards/fixes/", "tables/")  # files of the player's data folder, not of the clone


def cited_files(text: str) -> list[str]:
    """The clone's files a page cites: its paths in code, but the data folder's files and the pages a command
    writes (``roi-des-nains-pad.html``)."""
    return [cited for cited in CITED_FILE.findall(text)
            if not cited.startswith(WRITTEN) and cited not in ("serve-links.json", "serve-join.json")
            and not (cited.endswith(".html") and "/" not in cited)]


def test_every_file_the_manual_cites_is_in_the_clone():
    """Issue 49: the manual cites files a reader can open in the clone: none outside it (no FACTS.md, no
    /work/shared), and every path it names is a file of the clone (or, named from a folder, one under it)."""
    import subprocess

    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    missing = []
    for page in [*ROOT.glob("docs/*/*.md"), ROOT / "README.md"]:
        text = page.read_text(encoding="utf-8")
        assert "FACTS.md" not in text and "/work/shared" not in text, page
        for cited in cited_files(text):
            if not (ROOT / cited).exists() and not any(name.endswith("/" + cited) for name in listed):
                missing.append(f"{page.relative_to(ROOT)}: {cited}")
    assert not missing, missing


def test_a_path_the_manual_names_is_found_even_without_its_folder():
    """The check itself: a path of the clone, one named from its folder, the data folder's and a written page
    left out."""
    said = "`tests/test_docs.py`, `faces/table/lines.py`, `cache/outcomes.json`, `NAME-pad.html`, `nowhere/x.py`"
    assert cited_files(said) == ["tests/test_docs.py", "faces/table/lines.py", "nowhere/x.py"]


def french_catalogue() -> str:
    """The French of the catalogue: every msgstr, as a player reads it."""
    from babel.messages.pofile import read_po

    with (ROOT / "assistant/locale/fr/LC_MESSAGES/assistant.po").open("rb") as file:
        catalogue = read_po(file)
    return "\n".join(text for message in catalogue if message.id
                     for text in (message.string if isinstance(message.string, tuple) else (message.string,)))


# One spelling per word, the rules' where they have one, wherever a French reader meets it: the pages, the tool's
# messages and the manual's menu
ONE_SPELLING = {
    r"\bchass[ée]": "expulsée (the rule: \"le joueur peut l'expulser\")",
    r"\bChamane\b": "Chaman",
    r"\b(?:blocs?|feuilles?) de score\b": "feuille de marque (the manual's title: Feuilles de marque)",
    r"\bfeuilles? de déduction\b": "feuille d'enquête",
    r"\bcartes? butin\b": "carte Butin (the rules' capital)",
    r"\bjetons? (?:taupe|appât)\b": "jeton Taupe, jeton Appât (the rules' capitals)",
}


def french_texts() -> dict[str, str]:
    """Every French text a player reads: the pages of docs/fr, the catalogue, the French titles of the menu."""
    texts = {page.name: page.read_text(encoding="utf-8") for page in ROOT.glob("docs/fr/*.md")}
    texts["assistant.po"] = french_catalogue()
    menu = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    texts["mkdocs.yml"] = menu[menu.index("Français:"):menu.index("English:")]
    return texts


def test_one_spelling_per_word_in_french():
    """Issue 49: "chassée" where the tool and the rule say "expulsée", "Chamane" once and "Chaman" elsewhere;
    and "bloc de score", "feuille de score" and "feuille de marque" for one thing."""
    found = [(name, hit.group(0), ONE_SPELLING[pattern]) for name, text in french_texts().items()
             for pattern in ONE_SPELLING for hit in re.finditer(pattern, text)]
    assert not found, found


def test_the_french_manual_uses_the_typographic_apostrophe():
    """Issue 49: typographic apostrophes in the French prose and the menu (code and quoted output as the tool
    prints them, and the game's name, 75 Gnom' Street, as its box writes it). The tool's own messages use one
    apostrophe, the straight one its elision writes ("d'Ana")."""
    for name, text in french_texts().items():
        if name == "assistant.po":
            assert "\u2019" not in text  # one apostrophe in the tool's French
            continue
        prose = CODE_OR_LINK.sub(" ", text).replace("Gnom' Street", "Gnom’ Street")
        straight = re.findall(r"\w+'\w*", prose)
        assert not straight, (name, straight[:5])


# The developers' figures (timings, speed-ups, instruction counts, percentiles) belong to the pages that say how
# the tool is built and proven: the developers' page, the house, the reliability page, and benchmarks/README.md
DEVELOPERS_PAGES = {"developers.md", "architecture.md", "reliability.md"}
DEVELOPERS_FIGURE = re.compile(r"\d\s?(?:ms|µs|s)\b|\b(?:median|médiane|percentiles?|centiles?|instructions?)\b"
                               r"|(?<![\w.])[x×]\d+\b|\d+\s?(?:x|×|times|fois)\s+(?:faster|slower|plus)\b"
                               r"|benchmarks/(?:questions|scale)\.py")


def test_the_players_pages_hold_no_developers_figures():
    """Issue 49: no measured timing ('median 74 ms'), speed-up or instruction count on a page a player reads:
    they point to benchmarks/README.md instead."""
    found = []
    for page in [*ROOT.glob("docs/*/*.md"), ROOT / "README.md"]:
        if page.name in DEVELOPERS_PAGES:
            continue
        prose = CODE_OR_LINK.sub(" ", page.read_text(encoding="utf-8"))
        found += [(str(page.relative_to(ROOT)), hit.group(0)) for hit in DEVELOPERS_FIGURE.finditer(prose)]
    assert not found, found
    assert len(DEVELOPERS_FIGURE.findall("median 74 ms (90th percentile 82 ms), about x2, 3 times faster")) == 6


def test_the_statistics_page_keeps_a_tied_garden_open_until_the_throw():
    french = (ROOT / "docs/fr/statistics.md").read_text(encoding="utf-8")
    english = (ROOT / "docs/en/statistics.md").read_text(encoding="utf-8")
    assert "sans gagnant" not in french and "décompte --lancer NOM" in french
    assert "without a winner" not in english and "tally --throw NAME" in english
