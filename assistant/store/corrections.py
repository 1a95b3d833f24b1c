"""The owner's corrections of a board: one cell at a time, verified, exported and imported; never one
that a saved game on the board contradicts."""

from pathlib import Path

from assistant.engine.board import Board, parse_assignments
from assistant.engine.errors import AssistantError, DataError, InputError, shown
from assistant.engine.grammar import said as said_step
from assistant.engine.i18n import N_, _
from assistant.engine.log import Retract
from assistant.store import yamlfile
from assistant.store.boards import apply_fix
from assistant.store.files import locked, regular_file_problem, write_atomically
from assistant.store.games import Games, board_game
from assistant.store.home import dumps

# A refusal of the store's own (the command line says it after 'error: '; the table screen, which says
# 'refused (nothing written)' itself, drops this head: table.without_error_word).
UNCHANGED = N_("refused, nothing was changed: {reason}")


class Corrections(Games):
    """Changing the owner's corrections of a board, under the board's lock."""

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
        corrected = Board.from_mapping(apply_fix(data, fix), said_source)
        self._keep_games_readable(name, corrected)
        write_atomically(self._fix_path(name), dumps(fix))
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
            write_atomically(self._fix_path(name), dumps(fix))
        return self.board(name)

    def export_board(self, name: str) -> str:
        """The board as its owner has it (the shipped file with their corrections and whether they verified it),
        as one board file: valid like any board file, for another owner's ``import_board``."""
        data, source = self._board_data(name)
        merged = apply_fix(data, self._fix(name))
        Board.from_mapping(merged, source)  # what is handed on reads back
        return (_("# board {name} as its owner has it (assistant board export): give it to "
                  "assistant board import FILE").format(name=name).replace("\n", " ") + "\n" + dumps(merged))

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
            after = Board.from_mapping(apply_fix(data, fix), source)
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


def _refused_entries(data: dict, name: str, source: str, board_for) -> dict[int, tuple[str, str]]:
    """The standing entries of a saved game that the rules refuse when its steps are recorded anew on the
    boards ``board_for`` gives: entry number -> (its step, why). ``data`` is a game that loads; a step
    that cannot be read on these boards, or a header they refuse, raises."""
    # As a saved log is read: how a clue was asked is the recorder's (a flower asked before the
    # owner corrected the cell still stands); where the pieces are and what the clues leave is checked.
    game = board_game().from_header(data, name, board_for, source)._replace(reading_saved=True)
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
