"""The saved games as a whole: listing them, archiving, deleting and renaming one."""

import os
from collections.abc import Callable
from pathlib import Path

from assistant.engine.errors import AssistantError, DataError, InputError, shown
from assistant.engine.i18n import _
from assistant.engine.log import standing_count
from assistant.store import yamlfile
from assistant.store.files import WriteError, is_regular, locked, notice, read_regular, write_atomically, write_together
from assistant.store.games import PHONE_OWNER_KEY, is_game_name, phone_owner_in
from assistant.store.home import reason
from assistant.store.saving import MAX_DAMAGED, Saving


class Shelf(Saving):
    """Every saved game: the list, the archived ones, deleting and renaming."""

    # -- listing, deleting and renaming games ---------------------------------------------

    def game_list(self) -> list[dict]:
        """Every saved game: its name, what it is played on, who plays, its entries, when it last changed,
        and whose phone started it (``phone``: None for a game made on the laptop).

        Read from each file's header, without replaying its log; a file that
        cannot be read, or whose header is not a game's, is listed with its
        problem instead, and so is a game whose file is missing while its last
        good state is kept. One such file never hides the others."""
        listed = []
        for name in self.game_names():
            entry: dict[str, object] = {"name": name, "kind": None, "players": [], "entries": 0, "changed": None,
                                        "phone": None, "problem": None}
            try:
                path = self.game_path(name)
                if not path.exists() and self._good_path(name).is_file():
                    self.resolve(name)  # says it is missing, and how to restore it
                entry["changed"] = path.stat().st_mtime
                entry.update(_header(yamlfile.load(path, cache_dir=self.cache_dir), path))
            except (AssistantError, OSError) as error:
                entry["problem"] = str(error) if isinstance(error, AssistantError) else \
                    _("{path}: cannot read ({reason})").format(path=self.games_dir / f"{name}.yaml",
                                                               reason=reason(error))
            listed.append(entry)
        return listed

    # -- archived games: put out of the way of `games`, still saved, still counted -------------------------

    def _archived_path(self) -> Path:
        # A list beside the games, not a folder of its own: an archived game stays where every command
        # finds it (load, recover, the check that a board correction contradicts no saved game, stats).
        return self._inside(self.games_dir / ".archived")

    def archived(self) -> set[str]:
        """The names of the archived games (those still saved)."""
        return self._archived_names_written() & set(self.game_names())

    def _archived_names_written(self) -> set[str]:
        if not is_regular(self.games_dir / ".archived"):
            return set()
        try:
            text = read_regular(self._archived_path(), 100_000).decode("utf-8")
        except (OSError, DataError, UnicodeDecodeError):
            return set()
        return {name for name in text.split() if is_game_name(name)}

    def archive(self, name: str | None, archived: bool = True) -> str:
        """Archive game ``name`` (``archived``) or bring it back; refused when it already is so."""
        name = self.resolve(name)

        def change(names: set[str]) -> set[str]:
            if (name in names) == archived:
                raise InputError((_("game {name} is archived already: assistant archive {name} --undo brings it "
                                    "back") if archived else
                                  _("game {name} is not archived: nothing to bring back")).format(name=name))
            return names | {name} if archived else names - {name}

        self._change_archived(change)
        return name

    def _change_archived(self, change: Callable[[set[str]], set[str]]) -> None:
        """Rewrite the archived list under its lock; names no longer saved leave it."""
        self._finish_renames()  # before the lock: finishing one changes the list too
        with locked(self._inside(self.games_dir / ".archived.lock")):
            names = self._archived_names_written()
            changed = change(names) & set(self.game_names())
            if changed != names:
                write_atomically(self._archived_path(), "".join(f"{each}\n" for each in sorted(changed)))

    def delete(self, name: str) -> str:
        """Remove a saved game and the good state kept beside it; forget it as the current game.

        Damaged copies kept by recover stay: they are the only copy of what they hold."""
        name = self.resolve(name, kept=True)
        with locked(self.game_path(name, ".lock")):
            self.game_path(name).unlink(missing_ok=True)
            self._good_path(name).unlink(missing_ok=True)
            self._id_path(name).unlink(missing_ok=True)  # a game of that name made later is another game
        if self.current_name() == name:
            self._current_path.unlink(missing_ok=True)
        self._change_archived(lambda names: names - {name})  # a new game of that name starts unarchived
        return name

    def rename(self, old: str, new: str) -> str:
        """Give game ``old`` the name ``new`` (its good state and its id too); the current game follows.

        One operation that a crash never leaves half done: under both games' locks, the intent
        (games/.OLD.renaming, holding NEW) is written first, then the new files (synced), then the old
        ones go, the current game follows, and the intent goes last. A command that finds an intent
        left by a crash finishes that rename first (``_finish_renames``): the game is then under one
        name, never two, with its backup and its id. A game given its own name is left as it is. The
        two locks are taken in the order of their names, so that two renames the other way round never
        wait on each other."""
        old = self.resolve(old, kept=True)
        target = self.game_path(new)  # refuses a bad name
        if new == old:
            return new
        first, second = sorted((old, new))
        with locked(self.game_path(first, ".lock")), locked(self.game_path(second, ".lock")):
            if target.exists() or self._good_path(new).exists():
                raise InputError(_("a game called {name} exists already: pick another name").format(name=repr(new)))
            write_atomically(self._intent_path(old), new + "\n")
            try:
                self._move(old, new)
            except WriteError as error:  # the disk refused a new file: the rename is undone, nothing changed
                for path in [*error.written, self._intent_path(old)]:
                    path.unlink(missing_ok=True)  # the new copies (the old files are all still there)
                raise WriteError(error.path, error.reason, []) from None
        self._renamed(old, new)
        return new

    def _intent_path(self, old: str) -> Path:
        return self.game_path(old, ".renaming")

    def _move(self, old: str, new: str) -> None:
        """Move game ``old``'s files to ``new`` (under both locks): each new file is written whole before any
        old one goes, so doing it again after a crash, at any point, ends the same way."""
        moved = [(self.game_path(old), self.game_path(new)), (self._good_path(old), self._good_path(new)),
                 (self._id_path(old), self._id_path(new))]  # the game keeps its id: its links follow it
        moved = [(source, destination) for source, destination in moved if source.is_file()]
        if moved:
            write_together([(destination, read_regular(source, MAX_DAMAGED)) for source, destination in moved])
        for source, unused in moved:
            source.unlink()

    def _renamed(self, old: str, new: str) -> None:
        """What follows a rename once the files are moved: the current game, the archived list, the intent."""
        if self.current_name() == old:
            self._make_current(new, _("game {old} was renamed {new}").format(old=old, new=new))
        self._change_archived(lambda names: names - {old} | {new} if old in names else names)
        self._intent_path(old).unlink(missing_ok=True)

    def _finish_renames(self) -> None:
        """Finish every rename a crash interrupted (an intent left in games/), once for this store, with one
        notice each. An intent whose new name holds another game already (planted, not ours) is dropped."""
        if self._renames_checked:
            return
        self._renames_checked = True
        try:
            with os.scandir(self.games_dir) as entries:
                names = [entry.name for entry in entries if entry.name.endswith(".renaming")]
        except OSError:
            return  # no games folder yet; one that cannot be listed says why where it is read
        for entry in names:
            old = entry[1:-len(".renaming")]
            if entry.startswith(".") and is_game_name(old):
                self._finish_rename(old)

    def _finish_rename(self, old: str) -> None:
        intent = self._intent_path(old)
        try:
            new = read_regular(intent, 200, follow=False).decode("ascii").strip()
        except (AssistantError, UnicodeDecodeError):
            new = ""
        if not is_game_name(new) or new == old:
            intent.unlink(missing_ok=True)
            return
        first, second = sorted((old, new))
        with locked(self.game_path(first, ".lock")), locked(self.game_path(second, ".lock")):
            if not intent.is_file():
                return  # finished meanwhile by its own command
            if not self._moving_is_safe(old, new):
                intent.unlink()
                return
            self._move(old, new)
        self._renamed(old, new)
        notice(_("the renaming of game {old} to {new} was interrupted: it is finished now").format(old=old, new=new))

    def _moving_is_safe(self, old: str, new: str) -> bool:
        """Whether game ``new``'s files are those a rename of ``old`` writes (or none yet): never another game."""
        pairs = [(self.game_path(old), self.game_path(new)), (self._good_path(old), self._good_path(new)),
                 (self._id_path(old), self._id_path(new))]
        for source, destination in pairs:
            if source.is_file() and destination.is_file():
                try:
                    if read_regular(source, MAX_DAMAGED) != read_regular(destination, MAX_DAMAGED):
                        return False
                except AssistantError:
                    return False
        return True


def _header(data: object, path: Path) -> dict:
    """What ``games`` lists of a game file, read from its header: kind, players, entries."""
    if not isinstance(data, dict):
        raise DataError(_("{path}: not an assistant game file").format(path=path))
    kind = data.get("board") or data.get("pad")
    if not isinstance(kind, str):
        raise DataError(_("{path}: expected board: NAME or pad: KIND (got {value})").format(
            path=path, value=shown(kind)))
    field = next((field for field in ("opponents", "players", "sides") if data.get(field)), "players")
    players, me = data.get(field) or [], data.get("me") or "me"
    for at, value in ((field, players), ("me", [me])):
        if not isinstance(value, list) or not all(isinstance(player, (str, int)) for player in value):
            raise DataError(_("{path}: {field}: expected a list of names (got {value})")
                            .format(path=path, field=at, value=shown(data.get(at))))
    if field == "opponents":  # a garden: I play too
        players = [me, *players]
    events = data.get("events")
    return {"kind": kind, "players": [str(player) for player in players],
            "entries": standing_count(events) if isinstance(events, list) else 0,  # undone ones left out
            "phone": phone_owner_in(data, str(path)) if PHONE_OWNER_KEY in data else None}
