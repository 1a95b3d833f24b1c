"""The house's walls, checked rather than hoped for: every import of every module, lazy ones included
(an import inside a function is still a dependency), read from the source.

- The engine imports no game, no face, no store and no evening.
- A game imports no face, no store and no evening.
- The store imports no game, no face and no evening.
- A face imports no game's own package: it asks the registry and the game. The one part of ``games`` a face
  may import is the shared deduction core every sheet is built on (``SHARED_CORE``).
- Nothing under assistant/ imports cli.py.
- No two modules import each other, directly or round a circle.
- Each face's library belongs to that face: typer to the command line, textual to the table screen,
  starlette and uvicorn to the phones' page, jinja2 to the page and the printed pages, rich to the faces.

Imports under ``if TYPE_CHECKING:`` are names for the type checker, never run: they are left out.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "assistant"

# room -> the rooms it may not import
FORBIDDEN = {
    "engine": {"games", "faces", "store", "evenings"},
    "games": {"faces", "store", "evenings"},
    "store": {"games", "faces", "evenings"},
}
# the part of ``games`` that is no game: the sheet every deduction game is built on
SHARED_CORE = "assistant.games.deduction"
# a library -> the places that may import it (a module's dotted name starts with one of them)
LIBRARIES = {
    "typer": ("cli", "assistant.faces.cli"),
    "click": ("cli", "assistant.faces.cli"),
    "textual": ("assistant.faces.table",),
    "starlette": ("assistant.faces.web",),
    "uvicorn": ("assistant.faces.web",),
    # the two faces that draw pages, and their one shared environment (only they import it: test_startup)
    "jinja2": ("assistant.faces.web", "assistant.faces.print", "assistant.faces.templating"),
    "rich": ("cli", "assistant.faces"),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in [ROOT / "cli.py", *PACKAGE.rglob("*.py")]}


@cache  # each module is parsed once for every check (parsing the package is most of their cost)
def imports_of(name: str) -> set[str]:
    """Every module ``name`` imports, absolute, wherever the import statement stands."""
    path = modules()[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree)
                   if isinstance(block, ast.If) and "TYPE_CHECKING" in ast.unparse(block.test)
                   for statement in block.body for node in ast.walk(statement)}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in modules())
    return found


@cache
def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: {target for target in imports_of(name) if target in known and target != name} for name in known}


def room(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if parts[0] == "assistant" and len(parts) > 1 else None


def test_the_layers_point_one_way():
    crossings = [f"{name} imports {target}" for name, targets in graph().items() for target in sorted(targets)
                 if room(target) in FORBIDDEN.get(room(name), set())]
    assert crossings == []


def test_no_face_imports_a_game():
    named = [f"{name} imports {target}" for name, targets in graph().items() if room(name) == "faces"
             for target in sorted(targets) if room(target) == "games"
             and not (target == SHARED_CORE or target.startswith(SHARED_CORE + "."))]
    assert named == []


def test_nothing_imports_cli_py():
    assert [name for name, targets in graph().items() if "cli" in targets] == []


def test_no_module_imports_itself_round_a_circle():
    # Tarjan's strongly connected components: a component of more than one module is a circle
    edges = graph()
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    assert circles == []


def test_each_face_library_is_imported_by_its_face_alone():
    misplaced = []
    for name in modules():
        for target in imports_of(name):
            library = target.split(".")[0]
            places = LIBRARIES.get(library)
            if places is not None and not any(name == place or name.startswith(place + ".") for place in places):
                misplaced.append(f"{name} imports {target}")
    assert misplaced == []


def test_the_walls_are_seen_where_they_are_broken(tmp_path, monkeypatch):
    """The checks read lazy imports and relative ones: a broken wall inside a function is found."""
    engine = tmp_path / "assistant" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "assistant" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text("")
    (engine / "sneaky.py").write_text("def f():\n    from ..faces import pictures\n    import cli\n")
    (tmp_path / "cli.py").write_text("")
    faces = tmp_path / "assistant" / "faces"
    faces.mkdir()
    (faces / "__init__.py").write_text("")
    (faces / "pictures.py").write_text("")
    monkeypatch.setattr(__import__(__name__), "ROOT", tmp_path)
    monkeypatch.setattr(__import__(__name__), "PACKAGE", tmp_path / "assistant")
    for cached in (modules, imports_of, graph):
        cached.cache_clear()
    try:
        assert graph()["assistant.engine.sneaky"] == {"assistant.faces", "assistant.faces.pictures", "cli"}
    finally:
        for cached in (modules, imports_of, graph):
            cached.cache_clear()
