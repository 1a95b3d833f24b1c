"""Writing games: a new game, each change under the game's lock, the last good copy kept beside it, the
phones' entry ids, a game's own id, and recovering a damaged game from its good copy."""

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from assistant.engine.errors import AssistantError, DataError, InputError
from assistant.engine.i18n import _, integer, ngettext
from assistant.engine.records import NamedTuple
from assistant.store import yamlfile
from assistant.store.files import (
    TEMPORARY_TAIL,
    is_regular,
    locked,
    read_regular,
    remove_stale,
    write_atomically,
    write_together,
)
from assistant.store.games import ENTRY_IDS_KEY, PHONE_OWNER_KEY, Games, game_name, is_game_name
from assistant.store.home import dumps

if TYPE_CHECKING:
    from assistant.engine.contract import GameContract

GameT = TypeVar("GameT", bound="GameContract")  # the game saved is the kind it was given

GAME_ID = r"[A-Za-z0-9_-]{16,64}"  # what game_id makes: secrets.token_urlsafe(12); compiled on first use
MAX_DAMAGED = 1 << 30  # bytes of a damaged game file recover keeps a copy of (it is read whole)


def new_game_id() -> str:
    """A new game's own id: 96 random bits, never given to another game."""
    import secrets  # here, not at the top: it loads OpenSSL, which only a new id needs

    return secrets.token_urlsafe(12)


class Recovery(NamedTuple):
    """What ``Store.recover`` did: the game as it now stands, where the damaged file is kept (None if
    there was none), how many events the damaged file listed (None if they cannot be counted), and
    whether the game file was written (False: it loaded as it was, nothing to recover)."""

    game: "GameContract"
    damaged: Path | None
    listed: int | None
    restored: bool


class Repeated(Exception):
    """``Store.update``: the entry id given is saved already, with events[``position``] of ``game``."""

    def __init__(self, game: "GameContract", position: int):
        super().__init__(position)
        self.game, self.position = game, position


class Saving(Games):
    """Writing games under their locks, atomically, each with its last good copy."""

    def create(self, game: GameT, numbered: bool = False, phone_owner: str | None = None,
               game_id: str | None = None) -> GameT:
        """Save a new game and make it current; an existing name is refused.

        ``numbered``: the game's name is a stem (its board), and the first free
        STEM-N is chosen while holding the folder's lock, so that several
        ``new`` at the same moment each get a name of their own.

        ``phone_owner``: the game is that player's private sheet, started on their phone; it is saved so
        (``phone_owner``) and never made current, so that no command shows it unless it is named.

        ``game_id``: the game's own id, made beforehand (``new_game_id``) by a caller that writes it elsewhere
        first (the table, so that a request repeated after a crash finds the game it started)."""
        self._finish_renames()  # a rename a crash interrupted may be writing this very name
        game = game._replace(name=game_name(game.name))  # saved as NFC: a name typed decomposed finds it
        if numbered:
            with locked(self._inside(self.games_dir / ".lock")):
                return self.create(game._replace(name=self.free_name(game.name)), phone_owner=phone_owner,
                                   game_id=game_id)
        with locked(self.game_path(game.name, ".lock")):
            if self.game_path(game.name).exists():
                raise InputError(_("a game called {name} exists already: pick another --name").format(
                    name=repr(game.name)))
            if self._good_path(game.name).exists():  # its file is gone, not its last good state
                raise InputError(_("a game called {name} exists already (only its last good state is left: "
                                   "assistant recover {name}, or assistant delete {name}): pick another --name")
                                 .format(name=game.name))
            # A new game under an old name is another game: a new id, never the old one. It is written
            # first, so that a disk that fills leaves either nothing or the whole new game behind.
            self._new_id(game.name, game_id)
            try:
                self._save(game, owner=phone_owner)
            except BaseException:
                self._id_path(game.name).unlink(missing_ok=True)
                raise
        if phone_owner is None:
            self._make_current(game.name, _("game {name} was saved").format(name=game.name))
        return game

    # -- a game's own id: what outlives its name ----------------------------------------------

    def _id_path(self, name: str) -> Path:
        return self.game_path(name, ".id")

    def _new_id(self, name: str, made: str | None = None) -> str:
        made = made or new_game_id()
        if not re.fullmatch(GAME_ID, made):
            raise ValueError("a game's id is what new_game_id makes")
        write_atomically(self._id_path(name), made + "\n")
        return made

    def _written_id(self, name: str) -> str | None:
        if not is_regular(self._id_path(name)):  # none yet; a named pipe there is skipped, with a warning
            return None
        try:
            text = read_regular(self._id_path(name), 200, follow=False).decode("ascii").strip()
        except (AssistantError, OSError, UnicodeDecodeError):
            return None
        return text if re.fullmatch(GAME_ID, text) else None

    def game_id(self, name: str) -> str:
        """Game ``name``'s own id: made when it starts, kept by rename, never given to another game.

        A game saved by an earlier version has none: it gets one here, the first time it is asked
        for (its file is not touched, so it loads as it always did)."""
        name = self.resolve(name, kept=True)
        with locked(self.game_path(name, ".lock")):
            return self._written_id(name) or self._new_id(name)

    def name_of_id(self, game_id: str, guess: str | None = None) -> str | None:
        """The name of the game whose id is ``game_id`` now (``guess`` first: its name when last seen),
        None when no saved game has it (deleted, or its name taken by another game)."""
        # The name last seen first, without listing the folder: a phone's page asks at every request.
        if guess is not None and is_game_name(guess) and self._written_id(guess) == game_id \
                and (self.game_path(guess).is_file() or self._good_path(guess).is_file()):
            return guess
        names = self.game_names()
        if guess in names:
            names = [guess] + [name for name in names if name != guess]
        return next((name for name in names if self._written_id(name) == game_id), None)

    def entry_ids(self, name: str) -> dict[str, int]:
        """The ids of the phones' entries game ``name`` holds: id -> the place of the event each recorded."""
        self.load(name)
        return dict(self._loaded[self.game_path(self.resolve(name))][4])

    def _save(self, game, ids: dict[str, int] | None = None, owner: str | None = None) -> bytes:
        """Write a game and its last good copy, with the entry ids it holds (id -> its event's place) and the
        player whose phone started it (``owner``); the bytes written."""
        data = game.to_mapping()
        if owner is not None:  # after the header, before the log
            events = data.pop("events", None)
            data[PHONE_OWNER_KEY] = owner
            if events is not None:
                data["events"] = events
        if ids:  # one line before the log, which stays last (read fast, one step a line)
            events = data.pop("events")
            data[ENTRY_IDS_KEY] = " ".join(f"{entry}:{at}" for entry, at in ids.items())
            data["events"] = events
        text = "# assistant game log: one event per line, oldest first\n" + dumps(data)
        _check_readable_size(game.name, text, len(data.get("events") or ()))
        path = self.game_path(game.name)
        # A second copy: if the game file is ever damaged (an editor, a disk), this one
        # still holds the last good state. Both are written to the disk before either
        # replaces its old self, so a full disk changes neither. Their folder is synced
        # once, after both renames: a power cut between them may keep the new copy and
        # the old game, each whole, and the game then loads as it was before this entry,
        # which the player was never told was saved.
        write_together([(path, text), (self._good_path(game.name), text)], in_order=False)
        cache_dir = self.cache_dir
        if cache_dir is not None:
            yamlfile.remember(path, text.encode("utf-8"), data, cache_dir)
        # Temporary files left by a process killed mid-write: only writers holding
        # this game's lock (as we do) make them, so none of them is in use.
        for stale in self.games_dir.glob(f".*{game.name}*.tmp"):
            if stale.name.startswith((f".{game.name}.yaml.", f"..{game.name}.good.yaml.")):
                stale.unlink(missing_ok=True)
        # Those of other games (never saved again, perhaps) go once they are an hour old.
        remove_stale(self.games_dir, r"\..+\." + TEMPORARY_TAIL)
        return text.encode("utf-8")

    def recover(self, name: str | None = None) -> "Recovery":
        """Put back the last good state of a damaged game; the damaged file is kept beside it.

        Each damaged file is kept under a name of its own (``.NAME.damaged-N.yaml``,
        the first N free), so a second recover never replaces the first one's copy.
        A game that loads is left as it is (nothing to recover); a game whose file
        is missing gets it back. Nothing is changed if the good state itself cannot
        be used, or if the damaged file cannot be read (it could not be kept)."""
        name = self.resolve(name, kept=True)
        path, good = self.game_path(name), self._good_path(name)
        with locked(self.game_path(name, ".lock")):
            missing = not path.exists() and not path.is_symlink()
            if not missing:
                raw = read_regular(path, MAX_DAMAGED)  # one that cannot be read is not replaced: it could not be kept
                try:
                    return Recovery(self._read_game(path, name), None, None, False)  # it loads: nothing to recover
                except DataError:
                    pass
            if not good.is_file():
                raise InputError(_("no good state of {name} is kept (it was never saved by this version)")
                                 .format(name=name))
            game = self._read_game(good, name)  # a good state that cannot be used either: nothing is changed
            if missing:
                write_atomically(path, read_regular(good, yamlfile.MAX_BYTES))
                return Recovery(game, None, None, True)
            damaged = self._free_damaged_path(name)
            write_together([(damaged, raw), (path, read_regular(good, yamlfile.MAX_BYTES))])
        return Recovery(game, damaged, _listed_events(raw), True)

    def _free_damaged_path(self, name: str) -> Path:
        number = 1
        while self.game_path(name, f".damaged-{number}.yaml").exists():
            number += 1
        return self.game_path(name, f".damaged-{number}.yaml")

    def update(self, name: str | None, change: Callable[[Any], GameT], entry: str | None = None) -> GameT:
        """Load, change and save a game under its lock; if ``change`` raises, nothing is written.

        ``entry``: the id of the entry (a phone's) this change records. It is saved in the game file with
        the event it adds, in the same write; an id the file holds already is not recorded again: nothing
        is changed, and ``Repeated`` says where it was recorded."""
        name = self.resolve(name)
        path = self.game_path(name)
        with locked(self.game_path(name, ".lock")):
            game = self.load(name)
            known = self._loaded.get(path)
            ids = known[4] if known is not None and known[3] is game else {}
            owner = known[5] if known is not None and known[3] is game else None
            if entry is not None and entry in ids:
                raise Repeated(game, ids[entry])
            changed = change(game)
            if changed is not game:
                count = len(changed.events)
                kept = {each: at for each, at in ids.items() if at < count}
                if entry is not None and count > len(game.events):
                    kept[entry] = count - 1
                written = self._save(changed, kept, owner)
                same_board = getattr(changed, "board", None) is getattr(game, "board", None)
                if known is not None and known[3] is game and same_board:  # read back, it is this game
                    self._loaded[path] = (written, known[1], known[2], changed, kept, owner)
        return changed


# What a game may grow to: half of what any file is read at (yamlfile.MAX_BYTES, MAX_NODES), so
# whatever is accepted can be read back, exported and imported. An evening is a few hundred entries.
MAX_GAME_BYTES = yamlfile.MAX_BYTES // 2
MAX_GAME_EVENTS = yamlfile.MAX_NODES // 2


def _check_readable_size(name: str, text: str, events: int) -> None:
    """Refuse a save that would make a game file too large to be read back (nothing is written)."""
    if len(text.encode("utf-8")) > MAX_GAME_BYTES or events > MAX_GAME_EVENTS:
        raise InputError(ngettext("game {name} is full ({events} entry): nothing was written; start another game "
                                  "(assistant new ...) to go on",
                                  "game {name} is full ({events} entries): nothing was written; start another game "
                                  "(assistant new ...) to go on", events).format(name=name, events=integer(events)))


def _listed_events(raw: bytes) -> int | None:
    """How many events a game file lists (one '- ' line each under 'events:'), even if it is damaged."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    unused, found, events = text.partition("\nevents:\n")
    if not found:
        return None
    return sum(1 for line in events.splitlines() if line.startswith("- "))
