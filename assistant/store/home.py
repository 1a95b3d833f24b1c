"""The data folder itself: its paths, kept inside it whatever symbolic links it holds, and the helpers
every part of the store shares (listing a folder, writing YAML, saying why a file could not be used)."""

import os
import stat
from collections.abc import Callable
from pathlib import Path

from assistant.engine.errors import AssistantError, DataError
from assistant.engine.i18n import _
from assistant.store.files import CannotRead, is_regular, skip


def shipped_folder(name: str) -> Path:
    """A data folder shipped with the tool: inside the installed package, or the checkout's.

    The package is always installed unpacked, so its own folder is the place;
    ``importlib.resources`` would find the same folder at a cost to every start-up.
    """
    package = Path(__file__).resolve().parent.parent
    packaged = package / name
    return packaged if packaged.is_dir() else package.parent / name


def _plain_below(home: Path, path: Path) -> bool:
    """True when ``path`` is ``home`` and names below it, none of them a symbolic link: then it stays in the
    data folder without resolving every name from the root (one lstat per name below ``home``, where
    ``Path.resolve`` takes one per name of the whole path, in Python: a dozen per command). False when a
    full resolve must tell: a link, a '..', a name that cannot be looked at."""
    try:
        names = path.relative_to(home).parts
    except ValueError:
        return False
    place = str(home)
    for name in names:
        if name == "..":
            return False
        place = os.path.join(place, name)
        try:
            if stat.S_ISLNK(os.lstat(place).st_mode):
                return False
        except FileNotFoundError:
            return True  # nothing there yet, so nothing below it either: it cannot lead anywhere
        except OSError:
            return False
    return True


class Home:
    """The user's data folder and the paths in it, each checked to stay inside it."""

    def __init__(self, home: Path):
        self.home = Path(home)
        self.games_dir = self.home / "games"
        self.boards_dir = self.home / "boards"
        self.fixes_dir = self.boards_dir / "fixes"
        self._root: Path | None = None
        self._renames_checked = False  # whether a rename a crash interrupted was looked for (Shelf)
        # The last game read or saved from each game file, for a store that stays open (the table screen, the
        # phones' page): path -> (the file's bytes, (name, language), (its board's name or its pad's class, the
        # bytes of that board or those rules), game, the entry ids it holds (id -> its event's place), the name
        # of the player whose phone started it (None: the laptop)).
        self._loaded: dict[Path, tuple[bytes, tuple[str, str], tuple, object, dict[str, int], str | None]] = {}

    def _inside(self, path: Path) -> Path:
        """``path``, checked to stay in the data folder once symbolic links are followed."""
        if self._root is None:
            try:
                self._root = self.home.resolve()
            except (OSError, RuntimeError) as error:  # the data folder itself is a loop of links
                raise AssistantError(_("the data folder {home} cannot be used ({reason}): set ASSISTANT_HOME "
                                       "to a folder").format(home=self.home, reason=reason(error))) from None
        if _plain_below(self.home, path):
            return path
        try:
            real = path.resolve()
        except (OSError, RuntimeError):  # a loop of links, a name too long
            real = None
        if real is None or (real != self._root and self._root not in real.parents):
            raise DataError(_("{path}: leads out of the data folder {home} (a symbolic link?): "
                              "remove the link, or set ASSISTANT_HOME to the folder it points into")
                            .format(path=path, home=self.home))
        return path

    @property
    def _current_path(self) -> Path:
        return self._inside(self.home / "current")

    @property
    def cache_dir(self) -> Path | None:
        """The data folder's own cache folder, cache/; None when what stands there is not a plain folder inside
        the data folder (a symbolic link, to a folder elsewhere or to nothing, a file, a named pipe): the cache
        is then not used, with a warning (``files.skipped``), and every command works without it, since a
        cache only saves time."""
        path = self._inside(self.home) / "cache"  # a data folder that cannot be used at all says so
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            mode = stat.S_IFDIR  # made when first written, as a plain folder
        except (OSError, ValueError):
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            try:
                return self._inside(path)
            except DataError:
                pass  # the data folder itself cannot be resolved: its own commands say so
        skip(path, _("not a plain folder of the data folder (a link, a file or a named pipe)"))
        return None


def reason(error: Exception) -> str:
    """Why an OSError (or a loop of links, a RuntimeError before Python 3.13) happened, in a few words."""
    return getattr(error, "strerror", None) or str(error)


def stems(folder: Path, suffix: str, wanted: Callable[[str], bool] | None = None) -> list[str]:
    """The names in ``folder`` ending in ``suffix``, without it, that ``wanted`` keeps and that are regular
    files; anything else under such a name (a named pipe, a link to a device, a folder) is skipped with a
    warning (``files.skipped``). A folder that cannot be listed says why.

    A missing folder holds nothing yet; ``glob`` would also say nothing of a folder it may not read."""
    try:
        with os.scandir(folder) as entries:
            found = [(entry.name[:-len(suffix)], entry) for entry in entries
                     if entry.name.endswith(suffix) and len(entry.name) > len(suffix)]
    except FileNotFoundError:
        return []
    except OSError as error:
        raise CannotRead(_("{folder}: cannot read this folder ({reason})").format(folder=folder,
                                                                                 reason=reason(error))) from None
    stems = []
    for stem, entry in found:
        if wanted is not None and not wanted(stem):
            continue
        try:
            regular = entry.is_file()  # the listing's own type, unless it is a link
        except OSError:
            regular = False
        if regular or is_regular(Path(entry.path)):  # warns about what it is instead
            stems.append(stem)
    return stems


def dumps(data: object) -> str:
    from assistant.store import yamlparse  # PyYAML is slow to import: only commands that write pay for it

    return yamlparse.dumps(data)
