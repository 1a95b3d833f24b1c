"""Shared fixtures: a private data folder per test, the shipped boards, a CLI runner."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cli
from assistant.engine import i18n
from assistant.engine.board import Board
from assistant.store import yamlfile
from assistant.store.folder import Store, shipped_folder

ROOT = Path(__file__).resolve().parent.parent

# The tests read English whatever this machine's locale: a command run here, or in a process it
# starts, speaks English unless a test asks for French (tests/test_i18n.py).
os.environ["ASSISTANT_LANG"] = "en"

IN_MEMORY = Path("/dev/shm")
ROOM_NEEDED = 2 << 30  # bytes free in memory before the tests' folders go there (a run writes some 30 MB)


def _temporary_folders_in_memory() -> None:
    """The tests' data folders (tmp_path) and the browsers' profiles in memory, where the machine has room.

    Every saved step is written whole, flushed to disk (fsync) and renamed into place: on this machine's disk
    a flush waits about 7 ms, and a run saves some 10,000 steps, so each worker spent 15 s waiting on the disk.
    A flush guards against a power cut, which no test can make; killing the process, which the tests do, finds
    the same files in memory as on disk. Set before pytest (and xdist, which gives each worker a folder under
    the same base) first asks where temporary files go; a TMPDIR the runner chose is kept."""
    if "TMPDIR" in os.environ:
        return
    try:
        free = os.statvfs(IN_MEMORY)
    except OSError:  # no /dev/shm (not Linux): the usual temporary folder
        return
    if free.f_bavail * free.f_frsize >= ROOM_NEEDED and os.access(IN_MEMORY, os.W_OK):
        os.environ["TMPDIR"] = str(IN_MEMORY)
        tempfile.tempdir = None  # asked again on next use


_temporary_folders_in_memory()

WORKERS_PER_CORE = 3


@pytest.hookimpl(optionalhook=True)  # xdist's hook: a run without xdist (-p no:xdist) does not know it
def pytest_xdist_auto_num_workers(config) -> int:
    """How many workers ``-n auto`` starts (pyproject's addopts): three per core. Most tests wait more than
    they compute: on a subprocess they started, on Chromium, on the screen's or the server's thread, on a
    file's flush. With one worker per core a quiet 2-core machine stood idle a third of the run (171 s of
    wall time for 247 s of CPU); with two per core the same run took 150 s for the same CPU. Beside four
    busy loops each runnable process gets an equal share of the cores, so more workers also take a larger
    share of a busy machine (README's command there: 525 s with 2 workers, 402 s with 4, 357 s with 6).
    PYTEST_XDIST_AUTO_NUM_WORKERS, or an explicit ``-n``, still decides."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()  # as xdist counts
    return WORKERS_PER_CORE * (cores or 1)


@pytest.fixture(scope="session", autouse=True)
def bytecode_shared_by_subprocesses(tmp_path_factory):
    """Every Python a test starts (the installed command, writers killed mid-save, racing processes) reads
    its bytecode from one folder of the session's: where PYTHONDONTWRITEBYTECODE is set (this sandbox, a
    fresh clone's first run) each one compiled the whole package from source again, 0.3 s of CPU against
    0.15 s. The folder is outside the checkout, which stays as it was cloned; under xdist the workers share
    it (the run's folder holds each worker's)."""
    base = tmp_path_factory.getbasetemp()
    folder = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "bytecode"
    saved = {name: os.environ.get(name) for name in ("PYTHONPYCACHEPREFIX", "PYTHONDONTWRITEBYTECODE")}
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder)
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def bytecode_env() -> dict[str, str]:
    """The part of the environment that shares the session's bytecode, for a process given an environment
    of its own (see bytecode_shared_by_subprocesses)."""
    return {"PYTHONPYCACHEPREFIX": os.environ["PYTHONPYCACHEPREFIX"]} if "PYTHONPYCACHEPREFIX" in os.environ else {}


def installed(*args: str, home: Path, bare: bool = False, **options) -> subprocess.CompletedProcess:
    """The command as a shell runs it: ``cli.py``'s ``main()`` (the installed script's entry point) in a
    process of its own. ``bare``: with no environment but the data folder, PATH and the session's bytecode."""
    env = {"PATH": "/usr/bin:/bin"} if bare else dict(os.environ)
    env.update(ASSISTANT_HOME=str(home), COLUMNS="100", **bytecode_env())
    return subprocess.run([sys.executable, str(ROOT / "cli.py"), *args], cwd=ROOT, capture_output=True, text=True,
                          env=env, **options)


@pytest.fixture(autouse=True)
def english_again():
    yield
    i18n.use("en")  # a test that spoke French leaves the next one in English


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("ASSISTANT_HOME", str(folder))
    return folder


@pytest.fixture
def store(home) -> Store:
    return Store(home)


def shipped_board(name: str) -> Board:
    path = shipped_folder("boards") / f"{name}.yaml"
    return Board.from_mapping(yamlfile.load(path), f"boards/{name}.yaml")


@pytest.fixture(scope="session")
def garden() -> Board:
    return shipped_board("gnom-street")


class Run:
    """Runs the CLI in-process; ``run('clue', 'area', 'B2', 'yes')`` returns click's Result."""

    def __init__(self):
        self.runner = CliRunner()
        self.app = cli.app

    def __call__(self, *args: str):
        # The same app the installed command builds for these arguments (see cli.app_for).
        return self.runner.invoke(cli.app_for(list(args)), list(args))


@pytest.fixture
def run(home) -> Run:
    return Run()


def folder_snapshot(home: Path) -> dict:
    """The whole data folder, as a refused command must leave it: every file's bytes (games, boards, the
    current game, lock files, caches), every folder and every link."""
    found: dict[Path, object] = {}
    for path in [home, *home.rglob("*")] if home.exists() else []:
        if path.is_symlink():
            found[path] = ("link", os.readlink(path))
        elif path.is_dir():
            found[path] = "folder"
        else:
            found[path] = path.read_bytes()
    return found


def one_plain_line(result, code: int) -> str:
    """The error line of a refused command: exit ``code``, one line of at most a few file paths, no crash."""
    assert result.exit_code == code, (result.stdout, result.stderr)
    assert type(result.exception) is SystemExit
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "internal error" not in result.stderr and len(result.stderr) < 1000, result.stderr
    return result.stderr


def game_file(home: Path, name: str) -> bytes:
    return (home / "games" / f"{name}.yaml").read_bytes()


def fill_the_disk_at(failing: int):
    """Within the block, the ``failing``-th flush to disk is refused, as a full disk refuses it."""
    return _failing(os.fsync.__name__, failing, errno.ENOSPC)


def fail_a_rename_at(failing: int):
    """Within the block, the ``failing``-th rename fails, as a disk failing mid-command makes it."""
    return _failing(os.replace.__name__, failing, errno.EIO)


@contextmanager
def _failing(call: str, failing: int, error: int):
    real, calls = getattr(os, call), []

    def failing_call(*args):
        calls.append(args)
        if len(calls) == failing:
            raise OSError(error, os.strerror(error))
        real(*args)

    setattr(os, call, failing_call)
    try:
        yield
    finally:
        setattr(os, call, real)


# Property tests are deterministic: the same examples on every run, nothing saved.
from hypothesis import settings  # noqa: E402

settings.register_profile("deterministic", derandomize=True, database=None, deadline=None)
settings.load_profile("deterministic")
