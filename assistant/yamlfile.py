"""Reading YAML data files quickly: a parse cache in front of the strict parser.

Importing PyYAML alone costs more than the rest of a command at the table, so
``load`` first looks in a cache: a ``marshal`` file holding the exact bytes of
the YAML file and the data parsed from them. The cached data is used only when
those bytes are identical to the file's current bytes, so an edited file is
always parsed anew; any unreadable cache entry is ignored. ``marshal`` holds
plain data only (dicts, lists, strings, numbers), and loading it runs no code.
Parsing itself lives in ``yamlparse`` (safe, strict, imported on a miss).
"""

import marshal
from pathlib import Path

from .errors import AssistantError, DataError

MAX_BYTES = 2_000_000  # far above any real board or evening's game log
CACHE_VERSION = 1


def _cache_file(cache_dir: Path, path: Path) -> Path:
    import zlib

    name = str(Path(path).resolve())
    return cache_dir / f"{zlib.crc32(name.encode('utf-8', 'surrogateescape')):08x}.bin"


def _read_bytes(path: Path, source: str) -> bytes:
    from .files import read_regular

    return read_regular(path, MAX_BYTES, source)


def load(path: Path, source: str | None = None, cache_dir: Path | None = None) -> object:
    """Read and parse a YAML file; any problem is a DataError naming ``source`` and the line."""
    name = source or str(path)
    raw = _read_bytes(path, name)
    if cache_dir is not None:
        try:
            version, cached_raw, data = marshal.loads(_cache_file(cache_dir, path).read_bytes())
            if version == CACHE_VERSION and cached_raw == raw:
                return data
        except (OSError, ValueError, EOFError, TypeError):
            pass  # no cache entry yet, or an unusable one: parse the file
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(f"{name}: not UTF-8 text") from None
    from . import yamlparse

    data = yamlparse.loads(text, name)
    if cache_dir is not None:
        remember(path, raw, data, cache_dir)
    return data


def remember(path: Path, raw: bytes, data: object, cache_dir: Path) -> None:
    """Cache ``data`` as the parse of ``raw`` (the bytes just read from or written to ``path``)."""
    from .files import write_atomically

    try:
        entry = marshal.dumps((CACHE_VERSION, raw, data))
        write_atomically(_cache_file(cache_dir, path), entry)
    except (ValueError, AssistantError):
        pass  # data marshal cannot hold (dates), or a read-only folder or a full disk: just don't cache
