"""Start-up guard: importing the CLI must stay lean (typer and the standard library)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_importing_the_cli_loads_neither_yaml_nor_rich_tables():
    code = ("import sys, cli; heavy = [m for m in ('yaml', 'rich.table', 'rich.console', 'assistant.board')"
            " if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_web_libraries_are_imported_by_serve_alone():
    code = ("import sys, cli; cli.app_for(['candidates']); heavy = [m for m in ('starlette', 'uvicorn', 'segno',"
            " 'playwright', 'assistant.serve') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    for path in (ROOT / "assistant").rglob("*.py"):
        if path.name != "serve.py":
            text = path.read_text()
            assert "starlette" not in text and "uvicorn" not in text and "import serve" not in text, path


def test_the_core_never_imports_typer_and_only_render_imports_rich():
    for path in (ROOT / "assistant").rglob("*.py"):
        text = path.read_text()
        assert "import typer" not in text and "from typer" not in text, path
        if path.name not in ("render.py", "table.py"):  # the table screen draws with rich too
            assert "import rich" not in text and "from rich" not in text, path


def test_a_command_builds_only_itself_and_help_sees_everything():
    import cli

    only = cli.app_for(["candidates", "--json"])
    assert [c.callback.__name__ for c in only.registered_commands] == ["candidates"]
    assert cli.app_for(["quest", "deal", "7A"]).registered_groups[0].name == "quest"
    assert cli.app_for(["--help"]) is cli.app and cli.app_for(["nosuch"]) is cli.app
    assert cli.app_for(["import", "x.yaml"]).registered_commands[0].name == "import"
