"""Where boards and games live, and how they are written without ever losing one.

Layout of the data folder (``ASSISTANT_HOME``, else the platform's app dir):

    current                 the current game's name
    games/NAME.yaml         one game log per file
    games/.NAME.good.yaml   the same log again, the last good state (see recover)
    games/.NAME.damaged-N.yaml  a damaged game file, as recover found it (1, 2, ...: never replaced)
    games/.NAME.lock        taken while a command changes that game
    games/.NAME.id          the game's own id, made when it starts and kept by rename (the phones'
                            links are bound to it, never to the name; see game_id)
    games/.lock             taken while a new game picks a free name
    boards/NAME.yaml        the user's own boards
    boards/fixes/NAME.yaml  the user's corrections to a shipped board
    cache/                  parsed copies of YAML files (see yamlfile.load)

A change is read-modify-write under an exclusive lock, written atomically
(``files``), so two commands at the same moment both land and a crash never
leaves half a file. No path the store reads or writes leads out of the data
folder, whatever symbolic links it holds.
"""

import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant.engine import registry
from assistant.engine.board import Board, is_board_name, parse_assignments
from assistant.engine.errors import AssistantError, DataError, InputError, shown
from assistant.engine.grammar import said as said_step
from assistant.engine.i18n import N_, _, integer, language, ngettext
from assistant.engine.log import Log, Retract
from assistant.engine.records import NamedTuple
from assistant.engine.words import plain_name
from assistant.store import yamlfile
from assistant.store.files import (
    TEMPORARY_TAIL,
    CannotRead,
    WriteError,
    is_regular,
    is_reserved_name,
    locked,
    read_regular,
    regular_file_problem,
    remove_stale,
    write_atomically,
    write_together,
)

# A refusal of the store's own (the command line says it after 'error: '; the table screen, which says
# 'refused (nothing written)' itself, drops this head: table.without_error_word).
UNCHANGED = N_("refused, nothing was changed: {reason}")
GAME_ID = r"[A-Za-z0-9_-]{16,64}"  # what game_id makes: secrets.token_urlsafe(12); compiled on first use, as below
# The phones' entries: each carries an id made on the phone, saved in the game file with the event it
# recorded (one atomic write holds both), so a retry is recorded once whatever crashed in between.
ENTRY_IDS_KEY = "entry-ids"
# Patterns as text, compiled by re on first use (re keeps them): a command at the table that never meets an
# entry id pays nothing for them at start-up
ENTRY_ID = r"[A-Za-z0-9_-]{8,64}"  # an entry's id, as the page makes it (always fullmatch)
ENTRY_PAIR = r"([A-Za-z0-9_-]{8,64}):(0|[1-9][0-9]{0,8})"  # ID:N, N its event's place (events[N])
GAME_NAME_LENGTH = 64


def is_game_name(name: str) -> bool:
    """A name a game file can have on every platform: ASCII letters, digits, - and _ (the first a letter or
    a digit), at most 64, not CON or NUL."""
    return plain_name(name, GAME_NAME_LENGTH, "-_", ascii_only=True) and not is_reserved_name(name)


def shipped_folder(name: str) -> Path:
    """A data folder shipped with the tool: inside the installed package, or the checkout's.

    The package is always installed unpacked, so its own folder is the place;
    ``importlib.resources`` would find the same folder for 4 ms more start-up.
    """
    package = Path(__file__).resolve().parent.parent
    packaged = package / name
    return packaged if packaged.is_dir() else package.parent / name


MAX_DAMAGED = 1 << 30  # bytes of a damaged game file recover keeps a copy of (it is read whole)


class Recovery(NamedTuple):
    """What ``Store.recover`` did: the game as it now stands, where the damaged file is kept (None if
    there was none), how many events the damaged file listed (None if they cannot be counted), and
    whether the game file was written (False: it loaded as it was, nothing to recover)."""

    game: Log[Any]
    damaged: Path | None
    listed: int | None
    restored: bool


class Repeated(Exception):
    """``Store.update``: the entry id given is saved already, with events[``position``] of ``game``."""

    def __init__(self, game, position: int):
        super().__init__(position)
        self.game, self.position = game, position


class BoardInfo(NamedTuple):
    name: str
    origin: str  # 'shipped' (in the language spoken) or the user's file path
    title: str
    verified: bool


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


class Store:
    """The user's data folder: boards, corrections, games and the current game."""

    def __init__(self, home: Path):
        self.home = Path(home)
        self.games_dir = self.home / "games"
        self.boards_dir = self.home / "boards"
        self.fixes_dir = self.boards_dir / "fixes"
        self._root: Path | None = None
        # The last game read or saved from each game file, for a store that stays open (the table screen, the
        # phones' page): path -> (the file's bytes, (name, language), (its board's name or its pad's class, the
        # bytes of that board or those rules), game, the entry ids it holds (id -> its event's place)).
        self._loaded: dict[Path, tuple[bytes, tuple[str, str], tuple, object, dict[str, int]]] = {}

    def _inside(self, path: Path) -> Path:
        """``path``, checked to stay in the data folder once symbolic links are followed."""
        if self._root is None:
            try:
                self._root = self.home.resolve()
            except (OSError, RuntimeError) as error:  # the data folder itself is a loop of links
                raise AssistantError(_("the data folder {home} cannot be used ({reason}): set ASSISTANT_HOME "
                                       "to a folder").format(home=self.home, reason=_reason(error))) from None
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
    def cache_dir(self) -> Path:
        return self._inside(self.home / "cache")

    # -- boards ---------------------------------------------------------------------------

    def _shipped_path(self, name: str) -> Path:
        game = registry.find(name)
        if game is not None and game.board_file:  # a registered game that brings its own board
            return Path(game.board_file)
        return shipped_folder("boards") / f"{name}.yaml"

    def board_names(self) -> list[str]:
        shipped = sorted({*(p.stem for p in shipped_folder("boards").glob("*.yaml") if _is_board_file(p)),
                          *registry.board_files()})
        own = sorted(_stems(self.boards_dir, ".yaml", lambda stem: stem not in shipped and stem[:1] != "."))
        return shipped + own

    def _board_data(self, name: str) -> tuple[dict, str]:
        if not is_board_name(name) or is_reserved_name(name):
            raise InputError(_("board name {name}: use lowercase letters, digits and hyphens "
                               "(not a name Windows reserves, such as con or nul)").format(name=shown(name)))
        shipped, own = self._shipped_path(name), self.boards_dir / f"{name}.yaml"
        if shipped.is_file():
            path, source = shipped, f"boards/{shipped.name}"
        elif is_regular(own):  # a named pipe or a device there is skipped, with a warning
            path, source = self._inside(own), str(own)
        else:
            raise InputError(_("unknown board {name}: expected one of {names}")
                             .format(name=repr(name), names=", ".join(self.board_names())))
        data = yamlfile.load(path, source, self.cache_dir)
        if not isinstance(data, dict):
            raise DataError(_("{source}: expected a board mapping").format(source=source))
        return data, source

    def _fix_path(self, name: str, suffix: str = ".yaml") -> Path:
        return self._inside(self.fixes_dir / f"{'.' if suffix == '.lock' else ''}{name}{suffix}")

    def _fix(self, name: str) -> dict:
        if not is_regular(self.fixes_dir / f"{name}.yaml"):  # none, or a pipe or a device there: skipped
            return {}
        path = self._fix_path(name)
        try:
            data = yamlfile.load(path, cache_dir=self.cache_dir)
            if not isinstance(data, dict) or not isinstance(data.get("cells", {}), dict):
                raise DataError(_("{path}: expected verified and cells").format(path=path))
        except CannotRead:
            raise
        except DataError as error:
            raise DataError(error.problems[:1] + [self._fix_remedy(name)]) from None
        return data

    def corrected_cells(self, name: str) -> list[str]:
        """The cells of board ``name`` the owner corrected (what ``reset_board_cell`` takes back)."""
        return sorted(str(cell).upper() for cell in self._fix(name).get("cells", {}))

    def _fix_remedy(self, name: str) -> str:
        """What to do about a corrections file that cannot be used (the games on the board wait for it)."""
        return _("this file holds your corrections to board {board}: correct it, or delete it to go back to "
                 "the board as shipped").format(board=name)

    def board(self, name: str) -> Board:
        """The board with the user's corrections applied."""
        data, source = self._board_data(name)
        fix = self._fix(name)
        try:
            return self._corrected(name, data, source, fix)
        except DataError as error:
            if not fix:
                raise
            Board.from_mapping(data, source)  # the board is damaged itself: its own error, no remedy for fixes
            raise DataError(error.problems[:1] + [self._fix_remedy(name)]) from None

    def _corrected(self, name: str, data: dict, source: str, fix: dict) -> Board:
        if fix:
            data = _apply_fix(data, fix)
            source = _("{source} (with your corrections in {path})").format(source=source, path=self._fix_path(name))
        return Board.from_mapping(data, source)

    def boards(self) -> list[BoardInfo]:
        result = []
        for name in self.board_names():
            origin = _("shipped") if self._shipped_path(name).is_file() else str(self.boards_dir / f"{name}.yaml")
            try:
                board = self.board(name)
                result.append(BoardInfo(name, origin, board.local_title, board.verified))
            except AssistantError as error:
                result.append(BoardInfo(name, origin, _("damaged: {problem}").format(problem=error), False))
        return result

    def correct_board(self, name: str, cell_text: str, words: list[str]) -> Board:
        """Record the owner's correction of one cell, after checking the corrected board.

        ``pond=no`` on a pond the owner made gives the cell back as shipped (with any other
        value given); a correction that leaves the cell as shipped is dropped. Refused, nothing
        written, when it would make a saved game unreadable (``_keep_games_readable``).
        Read-modify-write under the board's lock: the corrections saved so far are
        read after the lock is taken, so two corrections at the same moment both land."""
        self._board_data(name)  # an unknown board is refused before any lock file is made
        with locked(self._fix_path(name, ".lock")):
            data, source = self._board_data(name)
            fix = self._fix(name)
            board = self._corrected(name, data, source, fix)
            cell = board.name_of(board.parse_cell(cell_text))
            change = parse_assignments(board, words)
            current = board.describe()["cells"][cell]
            shipped = Board.from_mapping(data, source).describe()["cells"][cell]
            if change.get("pond") is False and current["pond"] and not shipped["pond"]:
                current = shipped  # a pond the owner made, taken back: the shipped cell again
            entry = {attr: value for attr, value in current.items()
                     if attr != "pond" and value not in (None, [])}
            if change.get("pond") is True:
                entry = {"pond": True}
            else:
                entry.update({attr: value for attr, value in change.items() if attr != "pond"})
            cells = {key: value for key, value in fix.get("cells", {}).items() if str(key).upper() != cell}
            if not _same_cell(entry, shipped):
                cells[cell] = entry
            return self._write_fix(name, data, source, {"verified": bool(fix.get("verified", False)), "cells": cells},
                                   _("{source} with {cell} corrected").format(source=source, cell=cell))

    def reset_board_cell(self, name: str, cell_text: str) -> Board:
        """Take back the owner's correction of one cell: the cell is as shipped again."""
        self._board_data(name)
        with locked(self._fix_path(name, ".lock")):
            data, source = self._board_data(name)
            fix = self._fix(name)
            board = self._corrected(name, data, source, fix)
            cell = board.name_of(board.parse_cell(cell_text))
            cells = {key: value for key, value in fix.get("cells", {}).items() if str(key).upper() != cell}
            if len(cells) == len(fix.get("cells", {})):
                raise InputError(_("{cell} of {board} is as shipped: there is no correction to take back")
                                 .format(cell=cell, board=name))
            return self._write_fix(name, data, source, {"verified": bool(fix.get("verified", False)), "cells": cells},
                                   _("{source} with {cell} as shipped").format(source=source, cell=cell))

    def _write_fix(self, name: str, data: dict, source: str, fix: dict, said_source: str) -> Board:
        """Check the board ``fix`` makes and the saved games on it, then save ``fix`` (under the board's lock)."""
        corrected = Board.from_mapping(_apply_fix(data, fix), said_source)
        self._keep_games_readable(name, corrected)
        write_atomically(self._fix_path(name), _dumps(fix))
        return corrected

    def _keep_games_readable(self, name: str, corrected: Board) -> None:
        """Refuse a corrected board that a saved game on it contradicts.

        A saved game holds what the table said on the board as it was: a loot or a piece on a
        cell made a pond would leave the game unreadable, or standing on a pond. Each game on
        the board is recorded anew, step by step, on the board as it is and as corrected: an entry
        still standing that only the corrected board refuses holds the correction back until it is
        taken back. A game unreadable today is not this correction's doing."""
        def on_corrected(board: str) -> Board:
            return corrected if board == name else self.board(board)

        broken, set_up = [], []  # the entries it would refuse; the games whose set-up (--mine) it would
        for game_name in self.game_names():
            path = self.game_path(game_name)
            try:
                data = yamlfile.load(path, cache_dir=self.cache_dir)
                if not isinstance(data, dict) or data.get("board") != name:
                    continue
                self._read_game(path, game_name)  # a damaged game is left to recover
                now = _refused_entries(data, game_name, game_name, self.board)
            except (AssistantError, OSError):
                continue
            try:
                then = _refused_entries(data, game_name, game_name, on_corrected)
            except AssistantError as error:  # the game's own set-up: no entry to take back
                set_up.append(str(error))
                continue
            broken += [_("{game}: entry {number} ({step}): {problem}").format(game=game_name, number=number,
                                                                            step=step, problem=problem)
                       for number, (step, problem) in then.items() if number not in now]
        reasons = []
        if broken:
            reasons.append(_("saved games hold entries this board would contradict ({games}); take those entries "
                             "back first (assistant retract N --game NAME), or leave the cell as it is")
                           .format(games=_("; ").join(broken[:3])))
        if set_up:
            reasons.append(_("a saved game was started on this cell as it is ({games}): leave the cell as it is, "
                             "or delete that game first (assistant delete NAME)").format(
                games=_("; ").join(set_up[:3])))
        if reasons:
            raise InputError(_(UNCHANGED).format(reason=_("; ").join(reasons)))

    def verify_board(self, name: str) -> Board:
        """Record that the owner checked the board against their box."""
        self.board(name)
        with locked(self._fix_path(name, ".lock")):
            fix = self._fix(name)
            fix = {"verified": True, "cells": fix.get("cells", {})}
            write_atomically(self._fix_path(name), _dumps(fix))
        return self.board(name)

    def export_board(self, name: str) -> str:
        """The board as its owner has it (the shipped file with their corrections and whether they verified it),
        as one board file: valid like any board file, for another owner's ``import_board``."""
        data, source = self._board_data(name)
        merged = _apply_fix(data, self._fix(name))
        Board.from_mapping(merged, source)  # what is handed on reads back
        return (_("# board {name} as its owner has it (assistant board export): give it to "
                  "assistant board import FILE").format(name=name).replace("\n", " ") + "\n" + _dumps(merged))

    def board_import_plan(self, path: Path) -> tuple[str, dict, list[str]]:
        """Read another owner's board file: the board it is for, the corrections that make ours equal to it,
        and what would change here, one line each (nothing written).

        A file that is not a valid board is refused with every problem listed; a board whose frame or values
        differ from ours (rows, columns, attributes) cannot be taken as corrections, and is refused too."""
        path = Path(path)
        problem = regular_file_problem(path)
        if problem:
            raise InputError(_("{path}: {problem}: give a board file written by assistant board export")
                             .format(path=shown(str(path), 300), problem=problem))
        theirs = Board.from_mapping(yamlfile.load(path, str(path)), str(path))
        data, source = self._board_data(theirs.name)
        shipped = Board.from_mapping(data, source).describe()["cells"]
        wanted = theirs.describe()
        cells = {}
        for cell, entry in wanted["cells"].items():
            if shipped.get(cell) is None:
                continue  # a cell we do not have: the comparison below refuses the file
            fixed = {"pond": True} if entry["pond"] else {attr: value for attr, value in entry.items()
                                                        if attr != "pond" and value not in (None, [])}
            if not _same_cell(fixed, shipped[cell]):
                cells[cell] = fixed
        fix = {"verified": theirs.verified, "cells": cells}
        try:
            after = Board.from_mapping(_apply_fix(data, fix), source)
            same = after.describe()
        except DataError:
            same = None
        if same is None or {**same, "title": None, "verified": None} != {**wanted, "title": None, "verified": None}:
            raise InputError(_("{path}: board {name} there differs from yours in more than its cells (rows, columns "
                               "or the values of an attribute): only corrections of cells can be taken; a board of "
                               "your own goes in {folder}").format(path=shown(str(path), 300), name=theirs.name,
                                                                  folder=self.boards_dir))
        ours = self.board(theirs.name)
        now = ours.describe()
        changes = []
        for cell, entry in wanted["cells"].items():
            if entry != now["cells"][cell]:
                number = ours.parse_cell(cell)
                changes.append(_("{cell}: {before} -> {after}").format(
                    cell=cell, before=_cell_values(ours, number), after=_cell_values(after, number)))
        if theirs.verified != ours.verified:
            changes.append(_("verified: {before} -> {after}").format(before=_("yes") if ours.verified else _("no"),
                                                                     after=_("yes") if theirs.verified else _("no")))
        return theirs.name, fix, changes

    def import_board(self, name: str, fix: dict) -> Board:
        """Make ``fix`` (from ``board_import_plan``) the owner's corrections of board ``name``: refused, nothing
        written, when a saved game on the board would contradict it (as a ``board set`` is)."""
        self._board_data(name)
        with locked(self._fix_path(name, ".lock")):
            data, source = self._board_data(name)
            return self._write_fix(name, data, source, fix, _("{source} with the corrections imported")
                                   .format(source=source))

    # -- scenarios ------------------------------------------------------------------------

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
            raise InputError(_("game name {name}: use letters, digits, - and _ (no / or spaces; "
                               "not a name Windows reserves, such as CON or NUL)").format(name=shown(name)))
        hidden = "." if suffix != ".yaml" else ""
        return self._inside(self.games_dir / f"{hidden}{name}{suffix}")

    def game_names(self) -> list[str]:
        """Every saved game's name, a game whose file is gone but whose last good state is kept included."""
        games = set(_stems(self.games_dir, ".yaml", is_game_name))
        kept = {stem[1:] for stem in _stems(self.games_dir, ".good.yaml", lambda stem: is_game_name(stem[1:]))}
        return sorted(games | kept)

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

    def load(self, name: str | None = None):
        """Read a game or score pad (default: the current one).

        A damaged file is a DataError with its path and line; when the last good
        state kept beside it loads, the message says how to restore it. A file
        that cannot be read at all (permissions) or a board the game cannot be
        played on (a broken corrections file) is said as it is: restoring the
        game would not help."""
        name = self.resolve(name)
        path = self.game_path(name)
        try:
            return self._read_game(path, name)
        except CannotRead:
            raise
        except DataError as error:
            if self._good_path(name).is_file() and self._good_state_problem(name) is None:
                raise DataError(error.problems[:1] + [_recover_hint(name)]) from None
            raise

    def _good_state_problem(self, name: str) -> str | None:
        """None if the last good state kept beside game ``name`` loads, else why it does not."""
        try:
            self._read_game(self._good_path(name), name)
        except AssistantError as error:
            return str(error)
        return None

    def _good_path(self, name: str) -> Path:
        return self.game_path(name, ".good.yaml")

    def _read_game(self, path: Path, name: str):
        """The game in file ``path``. A game is immutable, so when the file's bytes, its board's (or its
        rules') and the language are those of the game last read or saved here, that game is the answer:
        a store that stays open (the table screen, the phones' page) does not replay the whole log again
        for each entry. Any other change (another process, an edit, a board correction) reads it anew."""
        raw = yamlfile.read_bytes(path)
        known = self._loaded.get(path)
        if known is not None and known[:2] == (raw, (name, language())) and known[2][1] == self._sources(known[2][0]):
            return known[3]
        data = yamlfile.load(path, cache_dir=self.cache_dir, raw=raw)
        ids = {}
        if isinstance(data, dict) and ENTRY_IDS_KEY in data:  # the store's own: the game never sees them
            ids = _entry_ids(data, str(path))
            data = {key: value for key, value in data.items() if key != ENTRY_IDS_KEY}
        if isinstance(data, dict) and data.get("assistant") == "pad/1":
            pad = self.pad_class(data.get("pad"), str(path))
            sources = (pad, self._sources(pad))
            game = pad.from_mapping(data, name, self.pad_rules(pad), str(path), _event_lines(path))
        else:
            board = data.get("board") if isinstance(data, dict) else None
            sources = (board, self._sources(board) if isinstance(board, str) else (object(),))
            game = _board_game().from_mapping(data, name, self.board, str(path), _event_lines(path))
        # The board's bytes were taken before it was read: a correction made meanwhile is read next time.
        self._loaded[path] = (raw, (name, language()), sources, game, ids)
        return game

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

    def empty_game(self, data: dict, name: str, source: str):
        """A game with no events from a header: a board (deduction) or a pad (score pad)."""
        if "pad" in data:
            pad = self.pad_class(data.get("pad"), source)
            return pad.from_header(data, name, self.pad_rules(pad), source)
        return _board_game().from_header(data, name, self.board, source)

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

    def create(self, game, numbered: bool = False):
        """Save a new game and make it current; an existing name is refused.

        ``numbered``: the game's name is a stem (its board), and the first free
        STEM-N is chosen while holding the folder's lock, so that several
        ``new`` at the same moment each get a name of their own."""
        if numbered:
            with locked(self._inside(self.games_dir / ".lock")):
                return self.create(game._replace(name=self.free_name(game.name)))
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
            self._new_id(game.name)
            try:
                self._save(game)
            except BaseException:
                self._id_path(game.name).unlink(missing_ok=True)
                raise
        self._make_current(game.name, _("game {name} was saved").format(name=game.name))
        return game

    # -- a game's own id: what outlives its name ----------------------------------------------

    def _id_path(self, name: str) -> Path:
        return self.game_path(name, ".id")

    def _new_id(self, name: str) -> str:
        import secrets  # here, not at the top: it loads OpenSSL, a tenth of a command's start-up

        made = secrets.token_urlsafe(12)
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

    def _make_current(self, name: str, done: str) -> None:
        """Make ``name`` the current game after ``done`` (what was written): a failure says both."""
        try:
            write_atomically(self._current_path, name + "\n")
        except WriteError as error:
            raise AssistantError(_("{done}, but it is not the current game: cannot write {path} ({reason}); "
                                   "make it current with assistant use {name}").format(
                done=done, path=error.path, reason=error.reason, name=name)) from None

    def _save(self, game, ids: dict[str, int] | None = None) -> bytes:
        """Write a game and its last good copy, with the entry ids it holds (id -> its event's place); the
        bytes written."""
        data = game.to_mapping()
        if ids:  # one line before the log, which stays last (read fast, one step a line)
            events = data.pop("events")
            data[ENTRY_IDS_KEY] = " ".join(f"{entry}:{at}" for entry, at in ids.items())
            data["events"] = events
        text = "# assistant game log: one event per line, oldest first\n" + _dumps(data)
        _check_readable_size(game.name, text, len(data.get("events") or ()))
        path = self.game_path(game.name)
        # A second copy: if the game file is ever damaged (an editor, a disk), this one
        # still holds the last good state. Both are written to the disk before either
        # replaces its old self, so a full disk changes neither. Their folder is synced
        # once, after both renames: a power cut between them may keep the new copy and
        # the old game, each whole, and the game then loads as it was before this entry,
        # which the player was never told was saved.
        write_together([(path, text), (self._good_path(game.name), text)], in_order=False)
        yamlfile.remember(path, text.encode("utf-8"), data, self.cache_dir)
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

    def update(self, name: str | None, change: Callable, entry: str | None = None):
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
            if entry is not None and entry in ids:
                raise Repeated(game, ids[entry])
            changed = change(game)
            if changed is not game:
                count = len(changed.events)
                kept = {each: at for each, at in ids.items() if at < count}
                if entry is not None and count > len(game.events):
                    kept[entry] = count - 1
                written = self._save(changed, kept)
                same_board = getattr(changed, "board", None) is getattr(game, "board", None)
                if known is not None and known[3] is game and same_board:  # read back, it is this game
                    self._loaded[path] = (written, known[1], known[2], changed, kept)
        return changed

    # -- listing, deleting and renaming games ---------------------------------------------

    def game_list(self) -> list[dict]:
        """Every saved game: its name, what it is played on, who plays, its entries, when it last changed.

        Read from each file's header, without replaying its log; a file that
        cannot be read, or whose header is not a game's, is listed with its
        problem instead, and so is a game whose file is missing while its last
        good state is kept. One such file never hides the others."""
        listed = []
        for name in self.game_names():
            entry: dict[str, object] = {"name": name, "kind": None, "players": [], "entries": 0, "changed": None,
                                        "problem": None}
            try:
                path = self.game_path(name)
                if not path.exists() and self._good_path(name).is_file():
                    self.resolve(name)  # says it is missing, and how to restore it
                entry["changed"] = path.stat().st_mtime
                entry.update(_header(yamlfile.load(path, cache_dir=self.cache_dir), path))
            except (AssistantError, OSError) as error:
                entry["problem"] = str(error) if isinstance(error, AssistantError) else \
                    _("{path}: cannot read ({reason})").format(path=self.games_dir / f"{name}.yaml",
                                                               reason=_reason(error))
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
        """Give game ``old`` the name ``new`` (its good state too); the current game follows.

        The new files are written (and synced) before the old ones go: a crash
        in between leaves the game under both names, never under none. A game
        given its own name is left as it is. The two locks are taken in the order
        of their names, so that two renames the other way round never wait on each other."""
        old = self.resolve(old, kept=True)
        target = self.game_path(new)  # refuses a bad name
        if new == old:
            return new
        first, second = sorted((old, new))
        with locked(self.game_path(first, ".lock")), locked(self.game_path(second, ".lock")):
            if target.exists() or self._good_path(new).exists():
                raise InputError(_("a game called {name} exists already: pick another name").format(name=repr(new)))
            moved = [(self.game_path(old), target), (self._good_path(old), self._good_path(new)),
                     (self._id_path(old), self._id_path(new))]  # the game keeps its id: its links follow it
            moved = [(source, destination) for source, destination in moved if source.is_file()]
            write_together([(destination, read_regular(source, MAX_DAMAGED)) for source, destination in moved])
            for source, unused in moved:
                source.unlink()
        if self.current_name() == old:
            self._make_current(new, _("game {old} was renamed {new}").format(old=old, new=new))
        self._change_archived(lambda names: names - {old} | {new} if old in names else names)
        return new


def _board_game():
    """The class of the games played on a board (the deduction sheet), as the registry knows it."""
    found = registry.find(registry.BOARD_GAMES)
    assert found is not None, "assistant.games registers the game that plays any board"
    return found.game_class()


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
            "entries": len(events) if isinstance(events, list) else 0}


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


def _reason(error: Exception) -> str:
    """Why an OSError (or a loop of links, a RuntimeError before Python 3.13) happened, in a few words."""
    return getattr(error, "strerror", None) or str(error)


def _stems(folder: Path, suffix: str, wanted: Callable[[str], bool] | None = None) -> list[str]:
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
                                                                                 reason=_reason(error))) from None
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


def _is_board_file(path: Path) -> bool:
    # The boards folder also ships game data (quests, ...); a board declares rows.
    try:
        with open(path, encoding="utf-8") as handle:
            return any(line.startswith("rows:") for line in handle)
    except OSError:
        return False


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


def _refused_entries(data: dict, name: str, source: str, board_for) -> dict[int, tuple[str, str]]:
    """The standing entries of a saved game that the rules refuse when its steps are recorded anew on the
    boards ``board_for`` gives: entry number -> (its step, why). ``data`` is a game that loads; a step
    that cannot be read on these boards, or a header they refuse, raises."""
    # As a saved log is read: how a clue was asked is the recorder's (a flower asked before the
    # owner corrected the cell still stands); where the pieces are and what the clues leave is checked.
    game = _board_game().from_header(data, name, board_for, source)._replace(reading_saved=True)
    refused = {}
    for step in data.get("events") or []:
        event = game.read_step(step)
        try:
            game = game.record(event)
        except AssistantError as error:
            game = game.restore(event)
            if not isinstance(event, Retract):  # the step as the player reads it (French: butin rouge C2)
                refused[game.history().entries[-1].number] = (said_step(game, step), str(error))
    standing = {entry.number for entry in game.history().standing}
    return {number: why for number, why in refused.items() if number in standing}


def _same_cell(entry: dict, shipped: dict) -> bool:
    """Whether a corrected cell's values are the shipped cell's (order of flowers aside)."""
    if shipped["pond"]:
        return entry == {"pond": True}
    values = {attr: value for attr, value in shipped.items() if attr != "pond" and value not in (None, [])}
    return {attr: sorted(v) if isinstance(v, list) else v for attr, v in entry.items()} == \
        {attr: sorted(v) if isinstance(v, list) else v for attr, v in values.items()}


def _cell_values(board: Board, cell: int) -> str:
    """A cell's values as ``board set`` confirms them, without the board's name: 'terrain=gravel, flowers=...'."""
    from assistant.engine.board import cell_line

    prefix = _("{board} {cell}: {values}").format(board=board.name, cell=board.name_of(cell), values="")
    return cell_line(board, cell)[len(prefix):]


def _apply_fix(data: dict, fix: dict) -> dict:
    """The board mapping with the user's corrected cells and verified flag laid over it."""
    merged = dict(data)
    cells = dict(merged.get("cells") or {})
    for cell, entry in (fix.get("cells") or {}).items():
        # The shipped file may name the cell in another case: replace that entry.
        for existing in list(cells):
            if str(existing).upper() == str(cell).upper():
                del cells[existing]
        cells[cell] = entry
    merged["cells"] = cells
    if fix.get("verified") is True:
        merged["verified"] = True
    return merged


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


def _dumps(data: object) -> str:
    from assistant.store import yamlparse  # PyYAML is slow to import: only commands that write pay for it

    return yamlparse.dumps(data)
