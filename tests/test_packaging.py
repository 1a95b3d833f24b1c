"""Everything the package reads at run time travels in the wheel.

The page's icon once stayed behind: `pip install .` shipped page.css and page.js but not icon.svg, and
`assistant serve` failed on the installed package only. Here every file under assistant/ that is not Python
source must be matched by a package-data pattern of pyproject.toml (and every package must be listed).
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


def test_every_package_is_listed() -> None:
    listed = set(_setuptools()["packages"])
    inits = [init for init in PACKAGE.rglob("__init__.py") if "__pycache__" not in init.parts]
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in inits}
    assert found - listed == set(), f"add these to [tool.setuptools] packages: {sorted(found - listed)}"
