"""Everything the package reads at run time travels in the wheel.

The page's icon once stayed behind: `pip install .` shipped page.css and page.js but not icon.svg, and
`assistant serve` failed on the installed package only. Here every file under assistant/ that is not Python
source must be matched by a package-data pattern of pyproject.toml, and every package is found by setuptools,
not listed.
"""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "assistant"
# Source files that are built into what ships (the .po is compiled to the .mo, which ships).
NOT_SHIPPED = {".py", ".pyc", ".po", ".pot"}  # the .pot: what Babel extracts (gitignored)


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_every_data_file_under_the_package_is_shipped() -> None:
    package_data: dict[str, list[str]] = _setuptools()["package-data"]
    missing = []
    for path in sorted(PACKAGE.rglob("*")):
        if not path.is_file() or path.suffix in NOT_SHIPPED or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(ROOT)
        shipped = False
        for package, patterns in package_data.items():
            folder = ROOT.joinpath(*package.split("."))
            if folder in path.parents:
                inside = path.relative_to(folder).as_posix()
                shipped = shipped or any(fnmatch.fnmatch(inside, pattern) for pattern in patterns)
        if not shipped:
            missing.append(relative.as_posix())
    assert missing == [], f"add these to [tool.setuptools.package-data] in pyproject.toml: {missing}"


def test_every_package_is_found_not_listed() -> None:
    """A new game's package ships as it is added: setuptools finds every package under assistant/, and the
    boards travel as assistant/boards (a link to the checkout's boards/)."""
    assert _setuptools()["packages"]["find"]["include"] == ["assistant", "assistant.*"]
    assert "packages" not in {key for key, value in _setuptools().items() if isinstance(value, list)}
    link = PACKAGE / "boards"
    assert link.is_symlink() and link.resolve() == (ROOT / "boards").resolve()
