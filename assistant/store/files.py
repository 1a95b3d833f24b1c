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

    def __init__(self, path: Path, reason: str, written: list[Path], message: str | None = None):
        self.path, self.reason, self.written = path, reason, list(written)
        super().__init__(message or write_failure(path, reason, written))


class NotAFile(WriteError):
    """A file to write whose name is taken by something else than a file: a device, a named pipe, a
    socket, a folder. Renaming over it would put a file in its place (as root, over /dev/full)."""

    def __init__(self, path: Path):
        reason = _("not a regular file (a folder, a named pipe or a device)")
        super().__init__(path, reason, [], _("{path}: not a regular file (a folder, a named pipe or a device): "
                                             "nothing was written; give the name of a file").format(path=path))


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


# What the data folder holds where a file should be and is not one (a named pipe, a link to a device,
# a folder) is skipped, never read: each is said once, as a one-line warning the face prints.
_skipped: dict[str, None] = {}


def is_regular(path: Path, warn: bool = True) -> bool:
    """Whether ``path`` is a regular file (a link is followed). Nothing there is False; something else
    there (a named pipe, a device, a socket, a folder, a link to nothing) is False too, and, with ``warn``,
    a warning that it was skipped (``skipped``). Looking never blocks: nothing is opened."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if warn and os.path.lexists(path):  # a link to nothing
            skip(path, _("no such file"))
        return False
    except (OSError, ValueError):
        return False  # cannot be looked at: its reader says why, if it is read
    if stat.S_ISREG(mode):
        return True
    if warn:
        skip(path, _("not a regular file (a folder, a named pipe or a device)"))
    return False


def skip(path: Path, problem: str) -> None:
    """Say once that ``path`` was skipped, and why."""
    _skipped.setdefault(_("{path}: {problem}: skipped").format(path=path, problem=problem))


# What a command did besides what was asked (a rename a crash interrupted, finished): each said once, as a
# one-line notice the face prints.
_notices: dict[str, None] = {}


def notice(message: str) -> None:
    """Say once, when the command ends, that ``message`` was done."""
    _notices.setdefault(message)


def notices() -> list[str]:
    """The notices since the last call, oldest first (each said once)."""
    said = list(_notices)
    _notices.clear()
    return said


def skipped() -> list[str]:
    """The warnings about files skipped since the last call, oldest first (each said once)."""
    said = list(_skipped)
    _skipped.clear()
    return said


def read_json(path: Path, limit: int) -> object:
    """The data a JSON file of ours holds (a cache, the links kept), or None when it cannot be used:
    missing, not a regular file, a link, over ``limit`` bytes, not JSON, or nested deeper than Python's
    reader can go (a damaged or planted file is dropped, never an internal error)."""
    import json

    try:
        return json.loads(read_cache(path, limit))
    except (AssistantError, ValueError, RecursionError, MemoryError):
        return None


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


def refuse_odd_target(path: Path) -> None:
    """NotAFile if ``path`` exists and is not a regular file (a link is followed: a link to a device is a
    device). Nothing there yet, a regular file, or a name that cannot be looked at (the write says why)
    pass."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return
    if not stat.S_ISREG(mode):
        raise NotAFile(Path(path))


def write_atomically(path: Path, content: str | bytes, shared: bool = False, durable: bool = True) -> None:
    """Replace ``path`` with ``content`` all at once (temp file, fsync, rename, folder sync).

    A temporary file is made readable by its owner alone; ``shared`` (a picture saved to share)
    gives the file the mode any new file gets here (0644 under the usual umask 022). ``durable=False``
    (a cache, whose entries are checked when read) still replaces the file at once, but does not wait
    for the disk: after a power cut the old file, or an empty one, may be found instead."""
    write_together([(path, content)], shared, durable)


def followed(path: Path) -> Path:
    """Where a file the player named is written: ``path`` itself, or, when it is a symbolic link, the file the
    link leads to (through every link on the way), so that the file is replaced in its own folder and the link
    stays. A link to nothing (or a loop of links) is refused: nothing is written, the link stays as it was."""
    path = Path(path)
    if not os.path.islink(path):
        return path
    try:
        return Path(os.path.realpath(path, strict=True))
    except (OSError, RuntimeError, ValueError):
        raise WriteError(path, _("a link to nothing"), [], _(
            "{path}: a symbolic link to nothing: nothing was written; make the file it leads to first, "
            "or give another name").format(path=path)) from None


def discard_output(stream) -> None:
    """Send what ``stream`` (standard output, once it could not be written) still holds, and all it is
    given after, to the null device: nothing is flushed to the failed file again at exit (Python's own
    traceback). The descriptor is replaced, not the stream, so every holder of the stream is quiet."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stream.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no descriptor (a test's stream): nothing is flushed to a file
        pass


def write_output(path: Path, content: str | bytes) -> None:
    """Write a file the player named (a picture, a page, a board) atomically and readable by those it is shared
    with; a symbolic link is followed to its target, written in the target's own folder (``followed``)."""
    refuse_odd_target(path)  # said with the name the player gave: a link to a device is refused as that name
    write_atomically(followed(path), content, shared=True)


def write_together(files: list[tuple[Path, str | bytes]], shared: bool = False, durable: bool = True,
                   in_order: bool = True) -> None:
    """Replace several files, each atomically; a full disk changes none of them.

    Every new content is written and synced to a temporary file beside its
    target first: the disk fills, if it does, while nothing has changed yet.
    Only then is each renamed over its target, in order, and its folder synced.
    ``in_order=False``: the folders are synced once all the renames are made,
    one sync for files side by side rather than one each; a power cut during
    the renames may then keep a later one and lose an earlier one (each file
    is whole, old or new), so only callers to whom that order does not matter
    pass it. Either way every file is on the disk when this returns.
    A failure says which files were written, if any (a WriteError). The stale
    temporary files of each target go (``STALE_AFTER``).
    """
    import tempfile  # only writing commands pay for it

    for path, _content in files:  # before anything is written: a refusal changes nothing
        refuse_odd_target(path)
    temporaries: list[str] = []
    written: list[Path] = []
    made: list[Path] = []  # the folders made for the files: a failed write takes them away again
    target = files[0][0]
    try:
        for path, content in files:
            target = path
            made += missing_folders(path.parent)
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
            if durable and in_order:
                _sync_folder(target.parent)
            written.append(target)
        if durable and not in_order:
            for folder in dict.fromkeys(path.parent for path in written):
                _sync_folder(folder)
    except OSError as error:
        _remove(temporaries)
        if not written:
            remove_folders(made)
        elif durable and not in_order:  # what was written stays written, as the message says
            for folder in dict.fromkeys(path.parent for path in written):
                _sync_folder(folder)
        raise WriteError(target, error.strerror or str(error), written) from None
    except BaseException:
        _remove(temporaries)
        if not written:
            remove_folders(made)
        raise
    names: dict[Path, list[str]] = {}  # each folder written in, and the names of what was written there
    for path, unused in files:
        names.setdefault(path.parent, []).append(re.escape(f".{path.name}."))
    for folder, prefixes in names.items():
        remove_stale(folder, f"(?:{'|'.join(prefixes)}){TEMPORARY_TAIL}")


# The cache writes of a one-shot command, held until it ends (``hold_caches``, ``end_command``): a
# refused command leaves the data folder byte for byte as it was, its cache included.
_held: dict[Path, tuple[str | bytes, str | None]] | None = None


def hold_caches() -> None:
    """Hold every cache write from now until ``end_command`` (a face starting a one-shot command)."""
    global _held
    if _held is None:
        _held = {}


def release_caches(went_through: bool) -> None:
    """The cache writes held since ``hold_caches`` are made if the command ``went_through``, else dropped;
    from now on cache writes are made at once (a server that started: ``serve`` holds them until then)."""
    global _held
    held, _held = _held or {}, None
    if went_through:
        for path, (content, stale) in held.items():
            write_cache(path, content, stale)


def end_command(went_through: bool) -> list[str]:
    """A one-shot command ends: the cache writes it held are made if it ``went_through``, else dropped.
    Returns the warnings about files it skipped (``skipped``), for the face to say."""
    release_caches(went_through)
    return skipped()


def read_cache(path: Path, limit: int) -> bytes:
    """A cache file's bytes: those this command holds for it, else those on disk (never through a link);
    a DataError when there are none or they cannot be read."""
    if _held is not None and Path(path) in _held:
        content = _held[Path(path)][0]
        return content.encode("utf-8") if isinstance(content, str) else content
    return read_regular(path, limit, follow=False)


def write_cache(path: Path, content: str | bytes, stale: str | None = None, durable: bool = False) -> None:
    """Write a cache file of ours (derived data, rebuilt at will), or hold it till the command ends.

    Whatever stands at ``path`` that is not a file (a named pipe, a link, a device node made there) is
    removed first, so that a damaged cache is always rebuilt; a folder there is left alone and the
    cache is not kept. A write that fails (a full disk, a read-only folder) is given up: caches are
    only there to save time. ``stale``: the temporary files of writers killed mid-write to remove.

    Not flushed to the disk: a cache is checked when read, so one lost or emptied by a power cut is just
    made again, and a command that saves waits for two disk syncs, not three. ``durable``: flushed all the
    same, for what must outlive a power cut although it may be rebuilt (the phones' answered entry ids)."""
    if _held is not None:
        _held[Path(path)] = (content, stale)
        return
    try:
        mode = os.lstat(path).st_mode
    except (OSError, ValueError):
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        try:
            os.unlink(path)  # the name only: a device node's device is not touched
        except OSError:
            pass  # the write below finds it still there and gives up
    try:
        write_atomically(path, content, durable=durable)
    except AssistantError:
        return
    if stale is not None:
        remove_stale(Path(path).parent, stale)


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
    """Hold an exclusive lock on ``path`` (a lock file) for the block, on any platform.

    A block that raises (a refusal) leaves no trace: the lock file, if this lock made it, goes before
    the lock is released (filelock's waiters find its inode gone and take a new one), and so do the
    folders it made, once empty. A lock file that was there stays, and so does every lock of a
    command that went through."""
    import warnings

    with warnings.catch_warnings():  # where neither fcntl nor msvcrt exists, filelock warns on import
        warnings.simplefilter("ignore")  # that its lock files are the lock: that is all we need
        from filelock import FileLock, Timeout  # here: only writing commands pay for its import

    lock = FileLock(path, timeout=LOCK_WAIT)
    made = missing_folders(path.parent)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        existed = os.path.lexists(path)
        lock.acquire(poll_interval=LOCK_POLL)
    except Timeout:
        remove_folders(made)
        raise AssistantError(_("{folder}: another assistant command has been changing this for "
                               "{seconds} s (it holds {lock}); nothing was changed: try again")
                             .format(folder=path.parent, seconds=f"{LOCK_WAIT:.0f}", lock=path.name)) from None
    except OSError as error:
        remove_folders(made)
        raise AssistantError(_("cannot write in {folder} ({reason}); nothing was changed")
                             .format(folder=path.parent, reason=error.strerror or error)) from None
    try:
        yield
    except BaseException:
        if not existed:
            _remove([str(path)])
        lock.release()
        remove_folders(made)
        raise
    lock.release()


def missing_folders(folder: Path) -> list[Path]:
    """The folders a ``mkdir(parents=True)`` of ``folder`` would make, deepest first."""
    missing = []
    while not os.path.lexists(folder) and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    return missing


def remove_folders(folders: list[Path]) -> None:
    """Remove those of ``folders`` that are still empty, deepest first: what a refused command made goes.
    One that is not empty (another command put something there since) stays, and so do its parents."""
    for folder in sorted(folders, key=lambda each: len(each.parts), reverse=True):
        try:
            os.rmdir(folder)
        except OSError:
            pass
