"""Writing files so that nothing is ever half-written, lost or misreported.

Every write goes to a temporary file in the same folder, is flushed to disk,
then renamed over the old file, and the folder is synced: a crash or a power
cut leaves the old file or the new one, never half of one. A failed write (a
full disk, a read-only folder) says exactly which file it could not write and
what was changed. ``locked`` serialises read-modify-write between processes
with a lock that works on every platform (``filelock``).

A writer killed between its temporary file and the rename leaves that file
behind (``.NAME.xxxxxxxx.tmp``). The next write of the same file removes the
ones older than ``STALE_AFTER``: a live writer holds its temporary file for
milliseconds, so an hour-old one has no writer left (a writer stopped for an
hour and then resumed finds its file gone and says it could not write).
"""

import os
import re
import stat
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from assistant.engine.errors import AssistantError, DataError, shown
from assistant.engine.i18n import _, integer, ngettext

LOCK_WAIT = 60.0  # seconds a command waits while another one changes the same file
LOCK_POLL = 0.005  # how often a waiting command tries the lock again (seconds)
STALE_AFTER = 3600.0  # seconds after which a temporary file is a dead writer's (see above)
# Names Windows gives to devices, with or without an extension: a file called nul.yaml cannot exist there.
WINDOWS_RESERVED = frozenset(["CON", "PRN", "AUX", "NUL",
                              *(f"{port}{n}" for port in ("COM", "LPT") for n in range(1, 10))])


class CannotRead(DataError):
    """A file that could not be read at all (permissions, a folder in its place...): its content
    is not known to be damaged, so no remedy for damaged files applies."""


class WriteError(AssistantError):
    """A write the disk refused: which file, why, and which files were written before it."""

    def __init__(self, path: Path, reason: str, written: list[Path]):
        self.path, self.reason, self.written = path, reason, list(written)
        super().__init__(write_failure(path, reason, written))


def is_reserved_name(name: str) -> bool:
    """True for CON, nul, Com1, lpt9.txt and the other device names Windows keeps for itself."""
    return name.split(".")[0].strip().upper() in WINDOWS_RESERVED


def read_regular(path: Path, limit: int, source: str | None = None, follow: bool = True) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``); any problem is a DataError naming ``source``.

    The file is opened without blocking and checked before it is read: a named
    pipe or a device is refused at once instead of waited on. ``follow=False``
    refuses a symbolic link."""
    name = source or str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(path, flags)
    except OSError as error:
        raise CannotRead(_("{path}: cannot read ({reason})").format(path=name, reason=error.strerror)) from None
    except ValueError:  # a NUL byte in the name
        raise DataError(_("{path}: not a usable file name").format(path=shown(name))) from None
    if not stat.S_ISREG(os.fstat(handle).st_mode):  # before fdopen, which refuses a folder with its own error
        os.close(handle)
        raise CannotRead(_("{path}: not a regular file (a folder, a named pipe or a device): give a file")
                        .format(path=name))
    with os.fdopen(handle, "rb") as stream:
        raw = stream.read(limit + 1)
    if len(raw) > limit:
        raise DataError(ngettext("{path}: file too large (over {limit} byte)", "{path}: file too large (over {limit} "
                                 "bytes)", limit).format(path=name, limit=integer(limit)))
    return raw


def regular_file_problem(path: Path) -> str | None:
    """None if ``path`` is a regular file, else what it is instead ('no such file', ...), without opening it."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return _("no such file")
    except OSError as error:
        return error.strerror or _("cannot be read")
    except ValueError:
        return _("not a usable file name")
    return None if stat.S_ISREG(mode) else _("not a regular file (a folder, a named pipe or a device)")


def write_atomically(path: Path, content: str | bytes, shared: bool = False, durable: bool = True) -> None:
    """Replace ``path`` with ``content`` all at once (temp file, fsync, rename, folder sync).

    A temporary file is made readable by its owner alone; ``shared`` (a picture saved to share)
    gives the file the mode any new file gets here (0644 under the usual umask 022). ``durable=False``
    (a cache, whose entries are checked when read) still replaces the file at once, but does not wait
    for the disk: after a power cut the old file, or an empty one, may be found instead."""
    write_together([(path, content)], shared, durable)


def write_together(files: list[tuple[Path, str | bytes]], shared: bool = False, durable: bool = True) -> None:
    """Replace several files, each atomically; a full disk changes none of them.

    Every new content is written and synced to a temporary file beside its
    target first: the disk fills, if it does, while nothing has changed yet.
    Only then is each renamed over its target, in order, and its folder synced.
    A failure says which files were written, if any (a WriteError). The stale
    temporary files of each target go (``STALE_AFTER``).
    """
    import tempfile  # only writing commands pay for it

    temporaries: list[str] = []
    written: list[Path] = []
    target = files[0][0]
    try:
        for path, content in files:
            target = path
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            temporaries.append(temporary)
            if shared:
                os.chmod(temporary, 0o666 & ~_umask())
            with os.fdopen(handle, "wb") as stream:
                stream.write(content.encode("utf-8") if isinstance(content, str) else content)
                stream.flush()
                if durable:
                    os.fsync(stream.fileno())
        for (target, unused), temporary in zip(files, temporaries, strict=True):
            os.replace(temporary, target)
            if durable:
                _sync_folder(target.parent)
            written.append(target)
    except OSError as error:
        _remove(temporaries)
        raise WriteError(target, error.strerror or str(error), written) from None
    except BaseException:
        _remove(temporaries)
        raise
    names: dict[Path, list[str]] = {}  # each folder written in, and the names of what was written there
    for path, unused in files:
        names.setdefault(path.parent, []).append(re.escape(f".{path.name}."))
    for folder, prefixes in names.items():
        remove_stale(folder, f"(?:{'|'.join(prefixes)}){TEMPORARY_TAIL}")


TEMPORARY_TAIL = r"[a-z0-9_]{8}\.tmp"  # what tempfile.mkstemp adds to a prefix (no dots), then our suffix


def remove_stale(folder: Path, pattern: str) -> None:
    """Remove the temporary files in ``folder`` whose whole name matches ``pattern`` and that no
    writer has touched for ``STALE_AFTER`` seconds (left by writers killed mid-write)."""
    matches = re.compile(pattern).fullmatch
    now = time.time()
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if matches(entry.name) and entry.is_file(follow_symlinks=False) \
                        and now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER:
                    os.unlink(entry.path)
    except OSError:
        pass  # gone already, or a folder we may not list: the next write tries again


def _umask() -> int:
    """The process's umask (read by setting it, then set back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_failure(path: Path, reason: str, written: Sequence[Path] = ()) -> str:
    """'cannot write PATH (No space left on device); nothing was changed', or what was."""
    if not written:
        return _("cannot write {path} ({reason}); nothing was changed").format(path=path, reason=reason)
    return ngettext("cannot write {path} ({reason}); {written} was written",
                    "cannot write {path} ({reason}); {written} were written", len(written)).format(
        path=path, reason=reason, written=_(" and ").join(map(str, written)))


def _remove(temporaries: list[str]) -> None:
    for temporary in temporaries:
        try:
            os.unlink(temporary)
        except OSError:
            pass  # renamed already, or never made: nothing of ours is left there


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX); where folders cannot be opened, the rename is as durable as
    it gets."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # Windows: a folder cannot be opened, and NTFS journals the rename itself
    try:
        os.fsync(handle)
    except OSError:
        pass  # some file systems cannot sync a folder; the file itself is synced
    finally:
        os.close(handle)


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (a lock file) for the block, on any platform."""
    import warnings

    with warnings.catch_warnings():  # where neither fcntl nor msvcrt exists, filelock warns on import
        warnings.simplefilter("ignore")  # that its lock files are the lock: that is all we need
        from filelock import FileLock, Timeout  # only writing commands pay for it (about 13 ms)

    lock = FileLock(path, timeout=LOCK_WAIT)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock.acquire(poll_interval=LOCK_POLL)
    except Timeout:
        raise AssistantError(_("{folder}: another assistant command has been changing this for "
                               "{seconds} s (it holds {lock}); nothing was changed: try again")
                             .format(folder=path.parent, seconds=f"{LOCK_WAIT:.0f}", lock=path.name)) from None
    except OSError as error:
        raise AssistantError(_("cannot write in {folder} ({reason}); nothing was changed")
                             .format(folder=path.parent, reason=error.strerror or error)) from None
    try:
        yield
    finally:
        lock.release()
