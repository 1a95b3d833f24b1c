"""Reading saved games: their files and names, the current game, and the boards or rules each is read
against. A store that stays open keeps the last game read from each file (``Games._read_game``)."""

import re
from pathlib import Path
from typing import TYPE_CHECKING, cast

from assistant.engine import registry
from assistant.engine.board import is_board_name
from assistant.engine.errors import AssistantError, DataError, InputError, shown
from assistant.engine.i18n import _, language
from assistant.engine.words import plain_name
from assistant.store import yamlfile
from assistant.store.boards import Boards
from assistant.store.files import (
    CannotRead,
    WriteError,
    is_regular,
    is_reserved_name,
    notice,
    read_regular,
    regular_file_problem,
    write_atomically,
)
from assistant.store.home import shipped_folder, stems

if TYPE_CHECKING:
    from assistant.engine.contract import GameContract

# The phones' entries: each carries an id made on the phone, saved in the game file with the event it
# recorded (one atomic write holds both), so a retry is recorded once whatever crashed in between.
ENTRY_IDS_KEY = "entry-ids"
# A sheet started on a phone (the table's join page): its owner's name, saved in the game file by the store
# and never seen by the game. Its secret (the loot cell) was typed on that phone: the laptop shows the game
# only when it is asked for by name, saying whose private sheet it is. A file without it was made on the laptop.
PHONE_OWNER_KEY = "phone-owner"
PLAYER_NAME_LENGTH = 64  # a phone owner's name, as saved (the names a game takes are checked by the game)
# Patterns as text, compiled by re on first use (re keeps them): a command at the table that never meets an
# entry id does not compile them at start-up
ENTRY_ID = r"[A-Za-z0-9_-]{8,64}"  # an entry's id, as the page makes it (always fullmatch)
ENTRY_PAIR = r"([A-Za-z0-9_-]{8,64}):(0|[1-9][0-9]{0,8})"  # ID:N, N its event's place (events[N])
GAME_NAME_LENGTH = 64
# A file name is at most 255 bytes: the longest companion, .NAME.damaged-N.yaml, keeps well inside it
GAME_NAME_BYTES = 200


def game_name(name: str) -> str:
    """``name`` as games are saved under: NFC, so that a name typed decomposed (e + U+0301) finds the game
    typed with é. Plain ASCII, as most names are, is returned as it is, without loading unicodedata."""
    if name.isascii():
        return name
    import unicodedata  # a compiled module of its own: loaded only for the names with accents

    return unicodedata.normalize("NFC", name)


def is_game_name(name: str) -> bool:
    """A name a game file can have on every platform: letters of any script (with their marks), digits, - and
    _, the first a letter or a digit, at most 64 characters once normalised (``game_name``) and at most
    ``GAME_NAME_BYTES`` in UTF-8, not CON or NUL. No path character (/ \\ : . and the like) is a letter."""
    if name.isascii():
        return plain_name(name, GAME_NAME_LENGTH, "-_") and not is_reserved_name(name)
    import unicodedata

    name = unicodedata.normalize("NFC", name)
    if len(name.encode("utf-8")) > GAME_NAME_BYTES:
        return False
    marks = "".join(ch for ch in set(name[1:]) if unicodedata.category(ch).startswith("M"))
    return plain_name(name, GAME_NAME_LENGTH, "-_" + marks) and not is_reserved_name(name)


def bad_game_name(name: str) -> InputError:
    """The refusal of a bad game name: exactly what a name may hold."""
    return InputError(_("game name {name}: use letters (of any script), digits, - and _, the first a letter "
                        "or a digit, at most 64 characters (no / or spaces; not a name Windows reserves, "
                        "such as CON or NUL)").format(name=shown(name)))


def private_line(name: str, owner: str) -> str:
    """What the laptop says wherever it shows a sheet a phone started: whose private sheet it is."""
    return _("{name} is {player}'s private sheet, started on their phone: shown here because it was asked for "
             "by name").format(name=name, player=owner)


class Games(Boards):
    """Saved games as they are read: files, names, the current game, score pads' classes and rules."""

    # Whether loading a sheet a phone started says whose private sheet it is (``private_line``, as a notice
    # when the command ends): a command that only lists games (games, stats) or serves them turns it off.
    tell_private = True

    def scenario(self, path: str | Path, name: str = "scenario"):
        """Read and validate a scenario file (every problem at once, with its path)."""
        from assistant.engine import scenario

        path = Path(path)
        problem = regular_file_problem(path)
        if problem:
            raise InputError(_("{path}: {problem}: give a .yaml scenario file or a folder of them")
                             .format(path=shown(str(path), 300), problem=problem))
        return scenario.read(yamlfile.load(path, str(path), self.cache_dir), str(path), self.empty_game, name)

    # -- games ----------------------------------------------------------------------------

    def game_path(self, name: str, suffix: str = ".yaml") -> Path:
        """games/NAME.yaml, or its companion files: games/.NAME.lock (suffix '.lock') and the like."""
        if not is_game_name(name or ""):
            raise bad_game_name(name)
        name = game_name(name)
        hidden = "." if suffix != ".yaml" else ""
        return self._inside(self.games_dir / f"{hidden}{name}{suffix}")

    def game_names(self) -> list[str]:
        """Every saved game's name, a game whose file is gone but whose last good state is kept included."""
        self._finish_renames()
        games = {game_name(stem) for stem in stems(self.games_dir, ".yaml", is_game_name)}
        kept = {game_name(stem[1:])
                for stem in stems(self.games_dir, ".good.yaml", lambda stem: is_game_name(stem[1:]))}
        return sorted(games | kept)

    def _finish_renames(self) -> None:
        """Finish the renames a crash interrupted (``Shelf``, which renames)."""

    def current_name(self) -> str | None:
        if not is_regular(self.home / "current"):  # a named pipe or a device there is skipped, with a warning
            return None
        try:
            name = read_regular(self._current_path, 1000).decode("utf-8").strip()
        except (OSError, UnicodeDecodeError, DataError):
            return None
        return name or None

    def resolve(self, name: str | None, kept: bool = False) -> str:
        """The game to work on: ``name``, else the current game.

        A game whose file is missing while its last good state is kept is refused
        with the way to restore it, or taken as it is when ``kept`` (recover,
        delete, rename)."""
        self._finish_renames()  # a rename a crash interrupted is finished before any game is chosen
        if name is not None:
            name = game_name(name)
        chosen = name if name is not None else self.current_name()
        if chosen is not None and (name is not None or is_game_name(chosen)):  # a bad NAME is refused here
            if self.game_path(chosen).is_file():
                return chosen
            if self._good_path(chosen).is_file():
                if kept:
                    return chosen
                problem = self._good_state_problem(chosen)
                hint = _recover_hint(chosen) if problem is None else \
                    _("its last good state cannot be used either: {problem}").format(problem=problem)
                raise DataError(_("{path}: missing; {hint}").format(path=self.game_path(chosen), hint=hint))
        if name is not None:
            raise InputError(_("no game {name}: {hint}").format(name=repr(name), hint=self._games_hint()))
        raise InputError(_("no current game: {hint}").format(hint=self._games_hint()))

    def _games_hint(self) -> str:
        names = self.game_names()
        if names:
            return _("pick one with assistant use NAME ({names})").format(names=", ".join(names))
        return _("start one with assistant new gnom-street --opponents red,blue")

    def use(self, name: str) -> str:
        name = self.resolve(name)
        write_atomically(self._current_path, name + "\n")
        return name

    def free_name(self, board: str) -> str:
        """The first of BOARD-1, BOARD-2, ... not taken yet (``create(numbered=True)`` picks it under a lock)."""
        taken = set(self.game_names())
        number = 1
        while f"{board}-{number}" in taken:
            number += 1
        return f"{board}-{number}"

    def _make_current(self, name: str, done: str) -> None:
        """Make ``name`` the current game after ``done`` (what was written): a failure says both."""
        try:
            write_atomically(self._current_path, name + "\n")
        except WriteError as error:
            raise AssistantError(_("{done}, but it is not the current game: cannot write {path} ({reason}); "
                                   "make it current with assistant use {name}").format(
                done=done, path=error.path, reason=error.reason, name=name)) from None

    def load(self, name: str | None = None) -> "GameContract":
        """Read a game or score pad (default: the current one).

        A damaged file is a DataError with its path and line; when the last good
        state kept beside it loads, the message says how to restore it. A file
        that cannot be read at all (permissions) or a board the game cannot be
        played on (a broken corrections file) is said as it is: restoring the
        game would not help."""
        name = self.resolve(name)
        path = self.game_path(name)
        try:
            game = self._read_game(path, name)
        except CannotRead:
            raise
        except DataError as error:
            if self._good_path(name).is_file() and self._good_state_problem(name) is None:
                raise DataError(error.problems[:1] + [_recover_hint(name)]) from None
            raise
        owner = self._loaded[path][5]
        if owner is not None and self.tell_private:
            notice(private_line(name, owner))
        return game

    def _good_state_problem(self, name: str) -> str | None:
        """None if the last good state kept beside game ``name`` loads, else why it does not."""
        try:
            self._read_game(self._good_path(name), name)
        except AssistantError as error:
            return str(error)
        return None

    def _good_path(self, name: str) -> Path:
        return self.game_path(name, ".good.yaml")

    def _read_game(self, path: Path, name: str) -> "GameContract":
        """The game in file ``path``. A game is immutable, so when the file's bytes, its board's (or its
        rules') and the language are those of the game last read or saved here, that game is the answer:
        a store that stays open (the table screen, the phones' page) does not replay the whole log again
        for each entry. Any other change (another process, an edit, a board correction) reads it anew."""
        raw = yamlfile.read_bytes(path)
        known = self._loaded.get(path)
        if known is not None and known[:2] == (raw, (name, language())) and known[2][1] == self._sources(known[2][0]):
            return cast("GameContract", known[3])
        data = yamlfile.load(path, cache_dir=self.cache_dir, raw=raw)
        ids, owner = {}, None
        if isinstance(data, dict) and ENTRY_IDS_KEY in data:  # the store's own: the game never sees them
            ids = _entry_ids(data, str(path))
            data = {key: value for key, value in data.items() if key != ENTRY_IDS_KEY}
        if isinstance(data, dict) and PHONE_OWNER_KEY in data:  # the store's own too
            owner = phone_owner_in(data, str(path))
            data = {key: value for key, value in data.items() if key != PHONE_OWNER_KEY}
        if isinstance(data, dict) and data.get("assistant") == "pad/1":
            pad = self.pad_class(data.get("pad"), str(path))
            sources = (pad, self._sources(pad))
            game = pad.from_mapping(data, name, self.pad_rules(pad), str(path), _event_lines(path))
        else:
            board = data.get("board") if isinstance(data, dict) else None
            sources = (board, self._sources(board) if isinstance(board, str) else (object(),))
            game = board_game().from_mapping(data, name, self.board, str(path), _event_lines(path))
        # The board's bytes were taken before it was read: a correction made meanwhile is read next time.
        self._loaded[path] = (raw, (name, language()), sources, game, ids, owner)
        return game

    def phone_owner(self, name: str | None = None) -> str | None:
        """Whose phone game ``name`` (default: the current one) was started on, or None: made on the laptop.
        Said nowhere (the game's loot is not shown by asking this)."""
        name = self.resolve(name)
        path = self.game_path(name)
        self._read_game(path, name)
        return self._loaded[path][5]

    def _sources(self, read_against) -> tuple:
        """The bytes of the files a game is read against besides its own: a board's (by name) and the owner's
        corrections to it, or a score pad's rules (by its class); a file that cannot be read never matches
        (the game is read anew, and says why)."""
        if isinstance(read_against, str):
            if not is_board_name(read_against) or is_reserved_name(read_against):
                return (object(),)
            shipped = [self._shipped_path(read_against)]
            own = [self.boards_dir / f"{read_against}.yaml", self.fixes_dir / f"{read_against}.yaml"]
        else:
            data_file = getattr(read_against, "data_file", None)
            shipped, own = [shipped_folder("boards") / data_file] if data_file else [], []
        try:
            return tuple(path.read_bytes() if path.is_file() else None
                         for path in [*shipped, *map(self._inside, own)])
        except (OSError, AssistantError):
            return (object(),)

    def empty_game(self, data: dict, name: str, source: str) -> "GameContract":
        """A game with no events from a header: a board (deduction) or a pad (score pad)."""
        if "pad" in data:
            pad = self.pad_class(data.get("pad"), source)
            return pad.from_header(data, name, self.pad_rules(pad), source)
        return board_game().from_header(data, name, self.board, source)

    # -- score pads -------------------------------------------------------------------------

    def pad_class(self, kind: object, source: str | None = None):
        """The class of a score pad kind ('roi-des-nains', 'oh-les-nains')."""
        found = registry.find(kind)
        if found is None or not found.pad:
            raise DataError(_("{source}: pad: expected one of {kinds} (got {kind})")
                            .format(source=source or _("the game"), kinds=", ".join(registry.kinds(pad=True)),
                                    kind=repr(kind)))
        return found.game_class()

    def pad_rules(self, pad):
        """The data a score pad plays by (quests, special cards), read from its shipped file."""
        if not getattr(pad, "data_file", None):
            return None
        path = shipped_folder("boards") / pad.data_file
        source = f"boards/{pad.data_file}"
        return pad.read_rules(yamlfile.load(path, source, self.cache_dir), source)


def board_game():
    """The class of the games played on a board (the deduction sheet), as the registry knows it."""
    found = registry.find(registry.BOARD_GAMES)
    assert found is not None, "assistant.games registers the game that plays any board"
    return found.game_class()


def phone_owner_in(data: dict, source: str) -> str:
    """The phone owner's name a game file holds (``PHONE_OWNER_KEY``), checked: a name, on one line."""
    from assistant.engine.errors import printable

    owner = data[PHONE_OWNER_KEY]
    if not isinstance(owner, str) or not owner.strip() or len(owner) > PLAYER_NAME_LENGTH or printable(owner) != owner:
        raise DataError(_("{source}: {key}: expected the name of the player whose phone started this sheet "
                          "(got {got})").format(source=source, key=PHONE_OWNER_KEY, got=shown(owner)))
    return owner


def _entry_ids(data: dict, source: str) -> dict[str, int]:
    """The entry ids a game file holds ('ID:N ID:N', N the place of the event each recorded), checked."""
    text, events = data[ENTRY_IDS_KEY], data.get("events")
    count = len(events) if isinstance(events, list) else 0
    ids: dict[str, int] = {}
    for pair in text.split() if isinstance(text, str) else [text]:
        found = re.fullmatch(ENTRY_PAIR, pair) if isinstance(pair, str) else None
        if found is None or int(found[2]) >= count or found[1] in ids:
            raise DataError(_("{source}: {key}: expected the phones' entry ids, each once with the place of its "
                              "event (ID:N, N from 0 to {last}) (got {got})").format(
                source=source, key=ENTRY_IDS_KEY, last=count - 1, got=shown(pair)))
        ids[found[1]] = int(found[2])
    return ids


def _recover_hint(name: str) -> str:
    return _("the last good state is kept: restore it with assistant recover {name}").format(name=name)


def _event_lines(path: Path):
    """Names event i's place in the file, 'line 12: events[3]'; lines are worked out only if asked (on an error)."""
    lines: list[int] | None = None

    def where(position: int) -> str:
        nonlocal lines
        if lines is None:
            from assistant.store import yamlparse

            try:
                lines = yamlparse.item_lines(read_regular(path, yamlfile.MAX_BYTES).decode("utf-8"), "events")
            except (AssistantError, UnicodeDecodeError):
                lines = []
        if position < len(lines):
            return _("line {line}: events[{position}]").format(line=lines[position], position=position)
        return f"events[{position}]"
    return where
