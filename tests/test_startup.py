"""Start-up guard: importing the CLI must stay lean (typer and the standard library)."""

import subprocess
import sys
from pathlib import Path

from conftest import bytecode_env, installed

from assistant.engine import registry

ROOT = Path(__file__).resolve().parent.parent


def printed(code: str) -> str:
    """What ``code`` prints when a fresh Python runs it in the checkout (start-up is a new process's)."""
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_importing_the_cli_loads_neither_yaml_nor_rich_tables():
    code = ("import sys, cli; heavy = [m for m in ('yaml', 'rich.table', 'rich.console', 'assistant.engine.board')"
            " if m in sys.modules]; print(heavy)")
    assert printed(code) == "[]"


def test_the_web_libraries_are_imported_by_serve_alone():
    code = ("import sys, cli; cli.app_for(['candidates']); heavy = [m for m in ('starlette', 'uvicorn', 'segno',"
            " 'playwright', 'jinja2', 'markupsafe', 'assistant.faces.web.serve', 'assistant.faces.templating')"
            " if m in sys.modules]; print(heavy)")
    assert printed(code) == "[]"
    launcher = ROOT / "assistant" / "faces" / "cli" / "faces.py"  # the serve command, which imports it inside
    assert "\nfrom assistant.faces.web import serve" not in launcher.read_text()
    web = ROOT / "assistant" / "faces" / "web"  # serve.py, and join.py (the table's link) which only serve reads
    for path in (ROOT / "assistant").rglob("*.py"):
        if path.parent != web:
            text = path.read_text()
            assert "starlette" not in text and "uvicorn" not in text, path
            assert "import serve" not in text or path == launcher, path
            assert "web import join" not in text or path == launcher, path


def test_a_command_reads_only_its_own_area_of_the_command_line():
    code = ("import sys, cli; cli.app_for(['--lang', 'fr', 'candidats']); cli.app_for(['quete', 'donne', '7A']); "
            "print(sorted(m for m in sys.modules if m.startswith('assistant.faces.cli.')))")
    assert printed(code) == str(["assistant.faces.cli.common", "assistant.faces.cli.deduction",
                                      "assistant.faces.cli.group", "assistant.faces.cli.pads",
                                      "assistant.faces.cli.steps"])


def test_the_templates_are_drawn_by_the_pages_faces_alone():
    """faces/templating.py (jinja2's one importer besides them: tests/test_boundaries.py) serves the phones'
    page and the printed pages, and nothing else."""
    for path in (ROOT / "assistant").rglob("*.py"):
        if path.relative_to(ROOT / "assistant").as_posix() not in ("faces/web/serve.py", "faces/print/printing.py"):
            assert "import templating" not in path.read_text(), path


def test_the_core_never_imports_typer_and_only_the_faces_import_rich():
    for path in (ROOT / "assistant").rglob("*.py"):
        text = path.read_text()
        face = path.relative_to(ROOT / "assistant").parts[0] == "faces"
        if path.relative_to(ROOT / "assistant").parts[:2] != ("faces", "cli"):
            assert "import typer" not in text and "from typer" not in text, path
        if not face:  # pictures belong to the faces
            assert "import rich" not in text and "from rich" not in text, path


def test_a_command_builds_only_itself_and_help_sees_everything():
    import cli

    only = cli.app_for(["candidates", "--json"])
    assert [c.callback.__name__ for c in only.registered_commands] == ["candidates"]
    assert cli.app_for(["quest", "deal", "7A"]).registered_groups[0].name == "quest"
    assert cli.app_for(["--help"]) is cli.app and cli.app_for(["nosuch"]) is cli.app
    assert cli.app_for(["import", "x.yaml"]).registered_commands[0].name == "import"


def test_a_one_shot_command_leaves_at_once_with_all_it_printed_and_its_exit_code(home, run):
    """main() skips Python's tear-down: what was printed still arrives whole, the exit code is kept."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    for cell in ("A1", "A3", "B3"):
        assert run("clue", "area", cell, "red=yes", "blue=no").exit_code == 0
    history = run("history").stdout
    shown = installed("history", home=home, bare=True)
    assert shown.returncode == 0 and shown.stdout == history and shown.stderr == ""
    board = installed("board", "show", "gnom-street", home=home, bare=True)
    assert board.returncode == 0 and board.stdout == run("board", "show", "gnom-street").stdout
    assert board.stderr.startswith("notice: board gnom-street is unverified")
    refused = installed("clue", "area", "Z9", "yes", home=home, bare=True)
    assert refused.returncode == 2 and refused.stdout == "" and refused.stderr.startswith("error: no cell 'Z9'")
    help_ = installed("--help", home=home, bare=True)
    assert help_.returncode == 0 and "Usage: assistant" in help_.stdout


def test_a_one_shot_command_whose_reader_left_says_nothing_more(home, run):
    """`assistant history | head -1`: the pipe closes early; no traceback, no 'Exception ignored'."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    for cell in ("A1", "A3", "B3"):
        assert run("clue", "area", cell, "red=yes", "blue=no").exit_code == 0
    shell = subprocess.run(f"'{sys.executable}' '{ROOT / 'cli.py'}' history | head -1", shell=True, cwd=ROOT,
                           capture_output=True, text=True, env={"ASSISTANT_HOME": str(home), "PATH": "/usr/bin:/bin",
                                **bytecode_env()})
    assert shell.stdout.startswith("  1. ") and shell.stdout.count("\n") == 1
    assert "Traceback" not in shell.stderr and "Exception ignored" not in shell.stderr


def test_the_garbage_collector_is_on_after_importing_the_cli():
    """Start-up reads its modules without the collector; a program importing cli (the tests, the
    screen) keeps Python's usual collection."""
    code = "import gc, cli; print(gc.isenabled())"
    assert printed(code) == "True"


def test_a_line_with_nothing_to_escape_is_written_at_once_and_any_other_escaped():
    """Printable writes a line as it is when str.isprintable finds nothing unprintable in it (tab and
    newline aside), without escaping it: so every character of errors.CONTROLS must be unprintable."""
    import io
    import re

    from assistant.engine.errors import CONTROLS, printable
    from assistant.faces.cli.group import Printable

    pattern = re.compile(f"[{CONTROLS}]")
    assert not [hex(code) for code in range(0x110000) if pattern.match(chr(code)) and chr(code).isprintable()]
    for text in ("Léa 🙂\tB3\n", "red: A1 B2\n", "\x1b[2J\u2028\x85", "a\u00a0:\u200e b\n", ""):
        written = io.StringIO()
        assert Printable(written).write(text) == len(text) and written.getvalue() == printable(text), text


def test_records_are_made_by_the_packages_own_namedtuple():
    """typing.NamedTuple compiles a constructor for every record class and checks each annotation: a third
    of what the package added to Typer's start-up (assistant/engine/records.py). Records come from there."""
    for path in (ROOT / "assistant").rglob("*.py"):
        text = path.read_text()
        if path.name != "records.py":
            assert "from typing import" not in text or "NamedTuple" not in text.split("from typing import", 1)[1] \
                .split("\n", 1)[0], f"{path}: from assistant.engine.records import NamedTuple"
            assert "collections import namedtuple" not in text and "typing.NamedTuple" not in text, path


def test_one_shot_commands_do_not_load_openssl():
    """hashlib and secrets load OpenSSL, a tenth of a command's start-up: only the commands that need them do."""
    code = ("import sys, io, cli; sys.stdout = io.StringIO(); app = cli.app_for(['games'])\n"
            "try: app(['games'])\nexcept SystemExit: pass\n"
            "sys.stdout = sys.__stdout__; print([m for m in ('_hashlib', 'secrets', 'hmac') if m in sys.modules])")
    assert printed(code) == "[]"


def test_a_command_on_a_game_imports_its_own_game_alone(tmp_path):
    """The registry imports the package named after the kind asked for: a command on a garden reads the
    garden's package, not the city's nor the score pads' (each would cost a command's start-up)."""
    code = ("import sys, io, os, cli\n"
            f"os.environ['ASSISTANT_HOME'] = {str(tmp_path)!r}\n"
            "for words in (['new', 'gnom-street', '--opponents', 'red', '--mine', 'C2'],"
            " ['candidates']):\n"
            "    sys.stdout = io.StringIO()\n"
            "    try: cli.app_for(words)(words)\n"
            "    except SystemExit: pass\n"
            "sys.stdout = sys.__stdout__\n"
            "print(sorted(m for m in sys.modules if m.count('.') == 2 and m.startswith('assistant.games.')))\n"
            "from assistant.engine import registry\n"
            "print(registry.kinds())")
    games, kinds = printed(code).splitlines()
    assert games == "['assistant.games.deduction', 'assistant.games.gnom_street']"
    assert kinds == repr(registry.kinds())  # all of them, once asked


def test_a_kind_read_from_a_file_imports_no_module_that_is_not_a_game():
    """A kind comes from a saved file and may be anything: one naming a module of the games that is no game's
    package (the deduction game's module, the package's own __init__) is looked for among the games, and
    imports nothing else."""
    code = ("import sys\nfrom assistant.engine import registry\n"
            "print(registry.find('deduction'), registry.find('__init__'), registry.find('../x'))\n"
            "print(sorted(m for m in sys.modules if m.startswith('assistant.games.') and m.count('.') == 2))")
    found, modules = printed(code).splitlines()
    assert found == "None None None"
    games = ROOT / "assistant" / "games"  # every game's package, and no other module
    assert modules == repr(sorted(f"assistant.games.{package.name}" for package in games.iterdir()
                                  if (package / "__init__.py").is_file() and package.name != "deduction"))
