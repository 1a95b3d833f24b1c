"""Writing files so that nothing is ever half-written or lost.

Every write goes to a temporary file in the same folder, is flushed to disk,
then renamed over the old file: a crash leaves the old file or the new one,
never half of one. ``locked`` serialises read-modify-write between processes.
"""

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


def write_atomically(path: Path, content: str | bytes) -> None:
    """Replace ``path`` with ``content`` all at once (temp file, fsync, rename)."""
    import tempfile  # only writing commands pay for it

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (a lock file) for the block."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
