"""Boards as their owner has them: the shipped ones and the owner's own, with the owner's corrections laid
over them (boards/fixes/NAME.yaml)."""

from pathlib import Path

from assistant.engine import registry
from assistant.engine.board import Board, is_board_name
from assistant.engine.errors import AssistantError, DataError, InputError, shown
from assistant.engine.i18n import _
from assistant.engine.records import NamedTuple
from assistant.store import yamlfile
from assistant.store.files import CannotRead, is_regular, is_reserved_name
from assistant.store.home import Home, shipped_folder, stems


class BoardInfo(NamedTuple):
    name: str
    origin: str  # 'shipped' (in the language spoken) or the user's file path
    title: str
    verified: bool


class Boards(Home):
    """Reading boards: their names, their files, the owner's corrections of each."""

    def _shipped_path(self, name: str) -> Path:
        game = registry.find(name)
        if game is not None and game.board_file:  # a registered game that brings its own board
            return Path(game.board_file)
        return shipped_folder("boards") / f"{name}.yaml"

    def board_names(self) -> list[str]:
        shipped = sorted({*(p.stem for p in shipped_folder("boards").glob("*.yaml") if _is_board_file(p)),
                          *registry.board_files()})
        own = sorted(stems(self.boards_dir, ".yaml", lambda stem: stem not in shipped and stem[:1] != "."))
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
            data = apply_fix(data, fix)
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


def _is_board_file(path: Path) -> bool:
    # The boards folder also ships game data (quests, ...); a board declares rows.
    try:
        with open(path, encoding="utf-8") as handle:
            return any(line.startswith("rows:") for line in handle)
    except OSError:
        return False


def apply_fix(data: dict, fix: dict) -> dict:
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
