"""Cells and sets of cells.

A cell is an ``int``: its index in row-major order (``A1`` is 0, ``B1`` is 1,
...). A set of cells is a ``CellSet`` wrapping an ``int`` bitmask, bit *i*
standing for cell *i*, so that a clue is bit arithmetic. A ``Grid`` knows the
board's size and turns cells into names (``B3``: column B, row 3) and back.
"""

from collections.abc import Iterable, Iterator

from assistant.engine.errors import InputError, shown
from assistant.engine.i18n import _
from assistant.engine.records import NamedTuple

Cell = int


class CellSet:
    """An immutable set of cells stored as an int bitmask.

    Complement needs a universe (Python ints are unbounded), so there is no
    ``~``: write ``board.all - cells``.
    """

    __slots__ = ("mask",)

    def __init__(self, mask: int = 0):
        self.mask = mask

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> "CellSet":
        mask = 0
        for cell in cells:
            mask |= 1 << cell
        return cls(mask)

    def __iter__(self) -> Iterator[Cell]:
        mask = self.mask
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, cell: object) -> bool:
        return isinstance(cell, int) and cell >= 0 and (self.mask >> cell) & 1 == 1

    def __and__(self, other: "CellSet") -> "CellSet":
        return CellSet(self.mask & other.mask)

    def __or__(self, other: "CellSet") -> "CellSet":
        return CellSet(self.mask | other.mask)

    def __sub__(self, other: "CellSet") -> "CellSet":
        return CellSet(self.mask & ~other.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CellSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __repr__(self) -> str:
        return f"CellSet({sorted(self)})"

    def only(self) -> Cell | None:
        """The single cell of a one-cell set, else None."""
        return self.mask.bit_length() - 1 if self.mask.bit_count() == 1 else None


def column_letters(index: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA' (spreadsheet style, for large boards)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """'A' -> 0, 'AA' -> 26; the inverse of ``column_letters``."""
    index = 0
    for letter in letters:
        index = index * 26 + (ord(letter) - ord("A") + 1)
    return index - 1


_NAMED: dict["Grid", dict[str, Cell]] = {}  # each grid's cells by their names ('B3'), made on its first parse


class Grid(NamedTuple):
    """A rectangle of ``rows`` x ``columns`` cells, columns lettered from A."""

    rows: int
    columns: int

    @property
    def size(self) -> int:
        return self.rows * self.columns

    @property
    def all(self) -> CellSet:
        return CellSet((1 << self.size) - 1)

    def cell(self, row: int, column: int) -> Cell:
        return row * self.columns + column

    def row_of(self, cell: Cell) -> int:
        return cell // self.columns

    def column_of(self, cell: Cell) -> int:
        return cell % self.columns

    def name(self, cell: Cell) -> str:
        """The cell's name: column letters then row number, e.g. 'B3'."""
        return f"{column_letters(self.column_of(cell))}{self.row_of(cell) + 1}"

    def names(self, cells: Iterable[Cell]) -> list[str]:
        """Cell names sorted column by column (A1, A2, B1): as sorted() orders them up to 9 rows."""
        return [self.name(cell) for cell in sorted(cells, key=lambda c: (self.column_of(c), self.row_of(c)))]

    def describe_range(self) -> str:
        last = column_letters(self.columns - 1)
        return _("a column A-{last} then a row 1-{rows}, e.g. B2").format(last=last, rows=self.rows)

    def parse(self, text: str) -> Cell:
        """'b3' or 'B3' -> the cell; anything else raises InputError."""
        named = _NAMED.get(self)
        if named is None:
            named = _NAMED[self] = {self.name(cell): cell for cell in range(self.size)}
        cell = named.get(text) if type(text) is str else None  # a cell's own name, as every saved step writes it
        if cell is not None:
            return cell
        cleaned = str(text).strip().upper()
        split = 0
        while split < len(cleaned) and "A" <= cleaned[split] <= "Z":
            split += 1
        letters, digits = cleaned[:split], cleaned[split:]
        # A few letters and digits at most: int() of 5,000 digits is refused by Python itself.
        if 0 < len(letters) <= 3 and digits.isascii() and digits.isdigit() and len(digits) <= 6:
            column, row = column_index(letters), int(digits) - 1
            if 0 <= column < self.columns and 0 <= row < self.rows:
                return self.cell(row, column)
        raise InputError(_("no cell {cell} on this board: write {cells}").format(cell=shown(text),
                                                                                 cells=self.describe_range()))

    def parse_row(self, text: str) -> int:
        """'4' -> row index 3."""
        cleaned = str(text).strip()
        if cleaned.isascii() and cleaned.isdigit() and len(cleaned) <= 6 and 1 <= int(cleaned) <= self.rows:
            return int(cleaned) - 1
        raise InputError(_("no row {row} on this board: rows are 1-{rows}").format(row=shown(text), rows=self.rows))

    def parse_column(self, text: str) -> int:
        """'c' -> column index 2."""
        cleaned = str(text).strip().upper()
        if cleaned.isascii() and cleaned.isalpha() and len(cleaned) <= 3:
            column = column_index(cleaned)
            if 0 <= column < self.columns:
                return column
        last = column_letters(self.columns - 1)
        raise InputError(_("no column {column} on this board: columns are A-{last}").format(column=shown(text),
                                                                                            last=last))

    def row_mask(self, row: int) -> CellSet:
        return CellSet(((1 << self.columns) - 1) << (row * self.columns))

    def column_mask(self, column: int) -> CellSet:
        every_row = ((1 << (self.rows * self.columns)) - 1) // ((1 << self.columns) - 1)  # bit 0 of each row
        return CellSet(every_row << column)

    def rows_mask(self, rows: Iterable[int]) -> CellSet:
        result = CellSet()
        for row in rows:
            result |= self.row_mask(row)
        return result

    def columns_mask(self, columns: Iterable[int]) -> CellSet:
        result = CellSet()
        for column in columns:
            result |= self.column_mask(column)
        return result

    def within(self, cell: Cell, distance: int) -> CellSet:
        """Cells at most ``distance`` king moves from ``cell`` (itself included)."""
        row, column = self.row_of(cell), self.column_of(cell)
        rows = range(max(0, row - distance), min(self.rows, row + distance + 1))
        columns = range(max(0, column - distance), min(self.columns, column + distance + 1))
        return CellSet.of(self.cell(r, c) for r in rows for c in columns)
