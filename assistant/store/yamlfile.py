"""Reading YAML data files quickly: a parse cache in front of the strict parser.

Importing PyYAML alone costs more than the rest of a command at the table, so
``load`` first looks in a cache: a ``marshal`` file holding the exact bytes of
the YAML file and the data parsed from them. The cached data is used only when
those bytes are identical to the file's current bytes, so an edited file is
always parsed anew; any unreadable cache entry is ignored. Loading ``marshal``
runs no code, but a planted entry could hold other types, or shared references
that unfold into more nodes than any file could hold: an entry is used only if
it is plain data (dicts, lists, strings, numbers) no larger, node for node and
character for character, than the YAML text it stands for, and no deeper than
a parsed file may be. Parsing itself lives in ``yamlparse`` (safe, strict,
imported on a miss).
"""

import marshal
from pathlib import Path

from assistant.engine.errors import DataError
from assistant.engine.i18n import _
from assistant.store.files import read_cache, read_regular
from assistant.store.limits import MAX_BYTES, MAX_DEPTH, MAX_NODES

CACHE_VERSION = 1
PLAIN = (str, int, float, bool, type(None))  # what a parsed data file holds besides lists and dicts


def _cache_file(cache_dir: Path, path: Path) -> Path:
    import os
    import zlib

    name = os.path.abspath(path)  # not resolved (a dozen lstat calls): a file reached by two paths has two entries
    return cache_dir / f"{zlib.crc32(name.encode('utf-8', 'surrogateescape')):08x}.bin"


def _read_bytes(path: Path, source: str) -> bytes:
    return read_regular(path, MAX_BYTES, source)


def _fits(data: object, size: int) -> bool:
    """True if ``data`` is what parsing ``size`` bytes of YAML can give: plain, at most
    ``size`` + 1 nodes and ``size`` characters (a node or a character takes at least a
    byte of text), within MAX_NODES and MAX_DEPTH. Stops as soon as the budget is spent,
    so a hostile entry costs no more than a real one.

    Walked a level at a time, each level's containers opened by ``list.extend`` (a loop in C): every
    command checks its board's and its game's entries."""
    nodes, characters = min(size + 1, MAX_NODES), size
    level: list = [data]
    for _depth in range(MAX_DEPTH + 1):
        nodes -= len(level)
        if nodes < 0:
            return False
        below: list = []
        for value in level:
            # type(...) is, not isinstance: a subclass (bool is an int) is not what it derives from here
            kind = type(value)
            if kind is str:
                characters -= len(value)
            elif kind is dict:
                below.extend(value)
                below.extend(value.values())
            elif kind is list:
                below.extend(value)
            elif kind is int:
                characters -= value.bit_length() // 4  # a hex digit holds 4 bits
            elif kind not in PLAIN:
                return False
            if len(below) > nodes or characters < 0:  # shared references unfold: stop before they do
                return False
        if not below:
            return True
        level = below
    return False  # deeper than MAX_DEPTH


def read_bytes(path: Path, source: str | None = None) -> bytes:
    """The bytes of a data file, as ``load`` reads them (the same refusals: not a regular file, too large)."""
    return _read_bytes(path, source or str(path))


def load(path: Path, source: str | None = None, cache_dir: Path | None = None, raw: bytes | None = None) -> object:
    """Read and parse a YAML file; any problem is a DataError naming ``source`` and the line.

    ``raw``: the file's bytes, read already by the caller (``read_bytes``), so that what is parsed
    is exactly what the caller saw."""
    name = source or str(path)
    if raw is None:
        raw = _read_bytes(path, name)
    if cache_dir is not None:
        try:
            entry = read_cache(_cache_file(cache_dir, path), 4 * MAX_BYTES)
            version, cached_raw, data = marshal.loads(entry)
            if version == CACHE_VERSION and cached_raw == raw and _fits(data, len(raw)):
                return data
        except (DataError, ValueError, EOFError, TypeError, MemoryError, RecursionError):
            pass  # no cache entry yet, or an unusable one: parse the file (and the entry is written anew)
    data = _parsed_before(raw)
    if data is None:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise DataError(_("{path}: not UTF-8 text").format(path=name)) from None
        from assistant.store import yamlparse

        data = yamlparse.loads(text, name)
        _keep_parsed(raw, data)
    if cache_dir is not None:
        remember(path, raw, data, cache_dir)
    return data


# The parses of the small files this process has read (a board, a corrections file), by their exact bytes:
# a process that opens several data folders (the tests make one per test; a server serves several games of
# one board) parses each board's text once. Kept as marshal bytes, so each caller gets its own copy to change.
_PARSED: dict[bytes, bytes] = {}
_PARSED_ENTRIES, _PARSED_FILE_BYTES = 32, 64 << 10  # a board is a few KB; a game's log is not kept here


def _parsed_before(raw: bytes) -> object | None:
    entry = _PARSED.get(raw)
    return None if entry is None else marshal.loads(entry)


def _keep_parsed(raw: bytes, data: object) -> None:
    if len(raw) > _PARSED_FILE_BYTES or data is None:
        return
    try:
        entry = marshal.dumps(data)  # type: ignore[arg-type]
    except ValueError:
        return
    if len(_PARSED) >= _PARSED_ENTRIES:
        del _PARSED[next(iter(_PARSED))]  # the oldest goes first
    _PARSED[raw] = entry


def forget_parsed() -> None:
    """Forget the parses this process keeps: what is read next is parsed, or found in a cache on disk, as by a
    fresh process (a measure of a command's own cost starts from here: tests/test_limits.py)."""
    _PARSED.clear()


def remember(path: Path, raw: bytes, data: object, cache_dir: Path) -> None:
    """Cache ``data`` as the parse of ``raw`` (the bytes just read from or written to ``path``)."""
    from assistant.store.files import TEMPORARY_TAIL, write_cache

    try:
        # ``data`` is what the YAML parser gave; what marshal cannot hold raises ValueError, caught below
        entry = marshal.dumps((CACHE_VERSION, raw, data))  # type: ignore[arg-type]
    except ValueError:
        return  # data marshal cannot hold: just don't cache
    # Entries are written without a lock: a writer killed mid-write leaves its temporary file,
    # and the entry it was for may never be written again. Any write cleans them all.
    write_cache(_cache_file(cache_dir, path), entry, r"\.[0-9a-f]{8}\.bin\." + TEMPORARY_TAIL)
