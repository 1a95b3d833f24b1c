"""Clue kinds: what a question or a card statement says about the hidden cell.

One registry serves every board. A kind names its parameters; each parameter
type knows how to read a typed word against a board and how to write it back
canonically (``b3`` -> ``B3``, ``Staten Island`` -> ``staten-island``).
``Clue.accepted(board)`` is the set of cells where the statement holds; a
"no" answer keeps the other cells. A kind that needs an attribute the board
lacks fails with an error naming what the board has.
"""


from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from assistant.engine.cells import CellSet
from assistant.engine.errors import InputError
from assistant.engine.i18n import N_, _, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.words import hint, join_either, join_names, join_neither, key, see_help, whole_number

if TYPE_CHECKING:  # clues build on boards; the board reads the clue kinds at use
    from assistant.engine.board import Board

# -- parameter types: read a word against a board, give its canonical text ------------


def _read_cell(board: "Board", word: str) -> str:
    return board.name_of(board.parse_cell(word))


def _read_asking_cell(board: "Board", word: str) -> str:
    cell = board.parse_cell(word)
    if cell in board.ponds:
        raise InputError(_("{cell} is a pond: nobody asks from a pond, pick the cell where your miniature stands")
                         .format(cell=board.name_of(cell)))
    return board.name_of(cell)


def _read_row(board: "Board", word: str) -> str:
    return str(board.grid.parse_row(word) + 1)


def _read_column(board: "Board", word: str) -> str:
    from assistant.engine.cells import column_letters
    return column_letters(board.grid.parse_column(word))


def _read_distance(board: "Board", word: str) -> str:
    limit = max(board.grid.rows, board.grid.columns)
    what = _("a distance in cells from 0 to {limit}").format(limit=limit)
    return str(whole_number(word, what, low=0, high=limit))


def _value_reader(attribute: str) -> Callable[["Board", str], str]:
    def read(board: "Board", word: str) -> str:
        return board.attribute(attribute).value(word).name
    return read


def _read_districts(board: "Board", word: str) -> str:
    """One district or a list of them, as one statement: 'Staten Island, Queens' -> 'staten-island,queens'.

    Each is named once, in the order typed; the list is read back exactly as it is written."""
    attribute = board.attribute("district")
    names = [attribute.value(part).name for part in word.split(",") if part.strip()]
    if not names:
        raise InputError(_("say which district, e.g. in manhattan or in manhattan,bronx"))
    return ",".join(dict.fromkeys(names))


def _read_place(board: "Board", word: str) -> str:
    """A pictogram kind ('airport', 'usine') or a named landmark ('jfk')."""
    landmark = board.landmark(word)
    if landmark is not None:
        return landmark.name
    if not board.has_attribute("pictograms"):
        raise InputError(_("board {board} has no pictograms or landmarks to be near").format(board=board.name))
    try:
        return board.attribute("pictograms").value(word).name
    except InputError:
        names = ([v.local_name for v in board.attribute("pictograms").values]
                 + [landmark.name for landmark in board.landmarks])
        raise InputError(_("unknown pictogram or landmark {word}: expected one of {names}").format(
            word=repr(word), names=", ".join(names))) from None


def _read_assignment(board: "Board", word: str) -> str:
    name, sep, value = str(word).partition("=")
    if not sep:
        names = ", ".join(a.name for a in board.attributes)
        example = f"{board.attributes[0].name}={board.attributes[0].values[0].name}"
        raise InputError(_("expected ATTRIBUTE=VALUE, e.g. {example} (attributes: {names})").format(
            example=example, names=names))
    attribute = board.attribute(name)
    return f"{attribute.name}={attribute.value(value).name}"


class Param(NamedTuple):
    name: str            # shown in usage: CELL, ROW, ... (marked with N_, shown with _)
    read: Callable[["Board", str], str]
    slot: str            # the grammar's slot: which values of the board fit here (grammar.expect)
    greedy: bool = False  # a name may be typed as several words: 'Staten Island'
    needs: str | None = None  # the board attribute it names a value of


CELL = Param(N_("CELL"), _read_cell, "cell")
FROM = Param(N_("CELL"), _read_asking_cell, "asking-cell")
ROW = Param(N_("ROW"), _read_row, "row")
COLUMN = Param(N_("COLUMN"), _read_column, "column")
DISTANCE = Param("N", _read_distance, "distance")
COLOUR = Param(N_("COLOUR"), _value_reader("flowers"), "colour", needs="flowers")
DISTRICT = Param(N_("DISTRICTS"), _read_districts, "district", greedy=True, needs="district")
PLACE = Param(N_("PICTOGRAM"), _read_place, "place", greedy=True)
ASSIGNMENT = Param(N_("ATTRIBUTE=VALUE"), _read_assignment, "assignment")


# -- what each kind accepts -------------------------------------------------------------


def _cell(board: "Board", text: str) -> int:
    return board.parse_cell(text)


def _area(board: "Board", args: tuple[str, ...]) -> CellSet:
    return board.grid.within(_cell(board, args[0]), 1)


def _line_of_sight(board: "Board", args: tuple[str, ...]) -> CellSet:
    # rules: "Other game pieces do not block line of sight" (ponds neither).
    cell = _cell(board, args[0])
    grid = board.grid
    return grid.row_mask(grid.row_of(cell)) | grid.column_mask(grid.column_of(cell))


def _flower(board: "Board", args: tuple[str, ...]) -> CellSet:
    return board.cells_with("flowers", args[1])


def _north_of(board: "Board", args: tuple[str, ...]) -> CellSet:
    return board.grid.rows_mask(range(0, int(args[0]) - 1))


def _south_of(board: "Board", args: tuple[str, ...]) -> CellSet:
    return board.grid.rows_mask(range(int(args[0]), board.grid.rows))


def _west_of(board: "Board", args: tuple[str, ...]) -> CellSet:
    return board.grid.columns_mask(range(0, board.grid.parse_column(args[0])))


def _east_of(board: "Board", args: tuple[str, ...]) -> CellSet:
    return board.grid.columns_mask(range(board.grid.parse_column(args[0]) + 1, board.grid.columns))


def _row(board: "Board", args: tuple[str, ...]) -> CellSet:
    return board.grid.row_mask(int(args[0]) - 1)


def _column(board: "Board", args: tuple[str, ...]) -> CellSet:
    return board.grid.column_mask(board.grid.parse_column(args[0]))


def _at(board: "Board", args: tuple[str, ...]) -> CellSet:
    return CellSet.of([_cell(board, args[0])])


def _in(board: "Board", args: tuple[str, ...]) -> CellSet:
    # 'in manhattan,bronx': the hidden cell is in one of them (with no: in none of them)
    cells = CellSet()
    for district in args[0].split(","):
        cells |= board.cells_with("district", district)
    return cells


def _near(board: "Board", args: tuple[str, ...]) -> CellSet:
    landmark = board.landmark(args[0])
    if landmark is not None:
        return landmark.cells
    return board.cells_with("pictograms", args[0])


def _next_to(board: "Board", args: tuple[str, ...]) -> CellSet:
    cell = _cell(board, args[0])
    return board.grid.within(cell, 1) - CellSet.of([cell])


def _within(board: "Board", args: tuple[str, ...]) -> CellSet:
    return board.grid.within(_cell(board, args[1]), int(args[0]))


def _has(board: "Board", args: tuple[str, ...]) -> CellSet:
    attribute, unused, value = args[0].partition("=")
    return board.cells_with(attribute, value)


class ClueKind(NamedTuple):
    """A kind of clue: its name, the French and English names it answers to, its parameters.

    ``question``: asked at the table, so the answer must be typed (yes/no);
    otherwise a statement from a card, which holds unless followed by ``no``.
    ``relation`` phrases where the statement holds, for explanations; ``said`` is the kind's name
    as the player reads it (N_-marked: 'area', in French 'zone', one of its aliases).
    ``symmetric``: asked from cell q, the answer is yes for a hidden cell c exactly
    when asking from c would say yes for q (area, line of sight); the advisor uses
    it to score every asking cell from the few candidate cells.
    """

    name: str
    aliases: tuple[str, ...]
    params: tuple[Param, ...]
    accepted: Callable[["Board", tuple[str, ...]], CellSet]
    relation: Callable[[tuple[str, ...]], str]
    question: bool = False
    check: Callable[["Board", tuple[str, ...]], None] | None = None
    symmetric: bool = False
    said: str = ""
    either: bool = False  # its first word may list alternatives ('in manhattan,bronx'): it holds in any of them

    @property
    def shown(self) -> str:
        """The kind's name as the player reads it: 'area', in French 'zone' (which French players type too)."""
        return _(self.said) if self.said else self.name

    @property
    def usage(self) -> str:
        """How to type it, in the player's language: 'area CELL yes|no' (French: 'zone CASE oui|non')."""
        answer = _("yes|no") if self.question else _("[no]")
        return " ".join([self.shown, *(_(param.name) for param in self.params), answer])


def _check_flower_on_cell(board: "Board", args: tuple[str, ...]) -> None:
    # rules: the interrogator may only ask about a colour present on the cell.
    cell = board.parse_cell(args[0])
    colours = board.values_at(cell, "flowers")
    if args[1] not in colours:
        raise InputError(_("{cell} shows {colours} flowers, not {colour}: ask about one of those").format(
            cell=args[0], colours=join_names(map(board.said_word, colours)), colour=board.said_word(args[1])))


KINDS: tuple[ClueKind, ...] = (
    ClueKind("area", ("zone",), (FROM,), _area,
             lambda a: _("in the area of {cell} ({cell} or a cell around it)").format(cell=a[0]),
             question=True, symmetric=True, said=N_("area")),
    ClueKind("line-of-sight", ("ligne-de-vue", "los", "ldv"), (FROM,), _line_of_sight,
             lambda a: _("in line of sight of {cell} (its row or its column)").format(cell=a[0]),
             question=True, symmetric=True, said=N_("line-of-sight")),
    ClueKind("flower", ("fleur", "fleurs", "flowers"), (FROM, COLOUR), _flower,
             lambda a: _("under {colour} flowers").format(colour=a[1]), question=True,
             check=_check_flower_on_cell, said=N_("flower")),
    ClueKind("north-of", ("nord-de", "north"), (ROW,), _north_of,
             lambda a: _("north of row {row}").format(row=a[0]), said=N_("north-of")),
    ClueKind("south-of", ("sud-de", "south"), (ROW,), _south_of,
             lambda a: _("south of row {row}").format(row=a[0]), said=N_("south-of")),
    ClueKind("east-of", ("est-de", "east"), (COLUMN,), _east_of,
             lambda a: _("east of column {column}").format(column=a[0]), said=N_("east-of")),
    ClueKind("west-of", ("ouest-de", "west"), (COLUMN,), _west_of,
             lambda a: _("west of column {column}").format(column=a[0]), said=N_("west-of")),
    ClueKind("row", ("ligne", "line"), (ROW,), _row, lambda a: _("in row {row}").format(row=a[0]), said=N_("row")),
    ClueKind("column", ("colonne", "col"), (COLUMN,), _column,
             lambda a: _("in column {column}").format(column=a[0]), said=N_("column")),
    ClueKind("at", ("sur", "case", "on"), (CELL,), _at, lambda a: _("on {cell}").format(cell=a[0]), said=N_("at")),
    ClueKind("in", ("dans", "district", "quartier"), (DISTRICT,), _in,
             lambda a: _("in {district}").format(district=a[0]), said=N_("in"), either=True),
    ClueKind("near", ("pres-de", "près-de", "pres", "près"), (PLACE,), _near,
             lambda a: _("near {place}").format(place=a[0]), said=N_("near")),
    ClueKind("next-to", ("a-cote-de", "à-côté-de", "beside", "voisin-de"), (CELL,), _next_to,
             lambda a: _("next to {cell}").format(cell=a[0]), said=N_("next-to")),
    # within N: at most N king steps away (diagonal steps count), the cell itself included
    ClueKind("within", ("dans-un-rayon-de", "au-plus-a", "rayon"), (DISTANCE, CELL), _within,
             lambda a: ngettext("within {count} cell of {cell} (diagonal steps count)",
                                "within {count} cells of {cell} (diagonal steps count)", int(a[0]))
             .format(count=a[0], cell=a[1]), said=N_("within")),
    ClueKind("has", ("a", "avec", "with"), (ASSIGNMENT,), _has,
             lambda a: _("on a cell with {value}").format(value=a[0].replace("=", " ")), said=N_("has")),
)

def _spellings(accented: bool) -> dict[str, ClueKind]:
    return {key(name): kind for kind in KINDS for name in (kind.name, *kind.aliases) if accented or name.isascii()}


# Each kind by the key of each of its spellings. The spellings with accents are folded the first time a word
# is not found among the others: folding one loads unicodedata (a compiled module), and every accented
# spelling has its plain twin ('près-de', 'pres-de'), which a saved log uses.
_BY_KEY = _spellings(accented=False)

# French words that read as another distance than ``within`` means: refused with the fix.
MISLEADING = {"à-moins-de": N_("à-moins-de N would mean strictly less than N steps; write within N "
                               "(dans-un-rayon-de N): at most N steps, diagonals count")}


@cache
def _every_spelling() -> dict[str, ClueKind]:
    return _spellings(accented=True)


def _by_key(folded: str) -> ClueKind | None:
    return _BY_KEY.get(folded) or _every_spelling().get(folded)


def kind_named(text: str, heard: tuple[str, ...] | None = None) -> ClueKind:
    """The clue kind called ``text`` in English or French; unknown -> InputError listing the kinds
    ``heard`` (a board's questions and statements; None: every kind), with the closest one."""
    found = _by_key(key(text))
    if found is None:
        for word, why in MISLEADING.items():
            if key(word) == key(text):
                raise InputError(_(why))
        if heard is None:  # a saved log (0.1 heard every kind everywhere)
            raise InputError(_("unknown clue kind {kind}: expected one of {kinds}").format(
                kind=repr(text), kinds=", ".join(kind.name for kind in KINDS)))
        spellings = [spelling for kind in KINDS if kind.name in heard for spelling in (kind.name, *kind.aliases)]
        raise InputError(_("unknown clue kind {kind}: {hint} (this board hears {kinds})").format(
            kind=repr(text), hint=hint(text, spellings, see_help("clue")), kinds=shown_kinds(heard)))
    return found


def shown_kinds(names: tuple[str, ...], join=", ".join) -> str:
    """Kinds named as the player reads them: 'area, line-of-sight' (French: 'zone, ligne-de-vue')."""
    return join([_BY_KEY[key(name)].shown for name in names])  # a kind's own name: plain letters


class Clue(NamedTuple):
    """A statement about the hidden cell: kind name and canonical arguments, e.g. area B2."""

    kind: str
    args: tuple[str, ...]

    @property
    def spec(self) -> ClueKind:
        return kind_named(self.kind)

    def text(self) -> str:
        """The clue in canonical words, as typed and saved: 'area B2'."""
        return " ".join((self.kind, *self.args))

    def said(self, board: "Board | None" = None) -> str:
        """The clue as the player reads it: 'flower A1 red', in French 'fleur A1 rouge' (words French
        players type too: the kind's name, and the board's values when ``board`` is given)."""
        args = self.args if board is None else tuple(map(board.said_word, self.args))
        return " ".join((self.spec.shown, *args))

    def accepted(self, board: "Board") -> CellSet:
        """The cells where the statement holds."""
        return self.spec.accepted(board, self.args)

    def relation(self, board: "Board | None" = None) -> str:
        """What the clue says of a cell, in words ('under blue flowers'); the board's values in the
        player's language when ``board`` is given. Alternatives read 'in Manhattan or in the Bronx'."""
        return join_either(self.alternatives(board))

    def neither(self, board: "Board | None" = None) -> str:
        """The alternatives of a clue that lists several, denied together: 'neither in Manhattan nor in the
        Bronx' (French 'ni à Manhattan ni dans le Bronx'); '' for a clue of one place (see ``relation``)."""
        alternatives = self.alternatives(board)
        return join_neither(alternatives) if len(alternatives) > 1 else ""

    def alternatives(self, board: "Board | None" = None) -> list[str]:
        """``relation`` of each alternative the clue lists ('in manhattan,bronx'), or of the clue itself."""
        said = self.args if board is None else tuple(map(board.said_word, self.args))
        phrases = None if board is None else board.phrases(self.kind, self.args[0])
        if phrases is not None:
            return phrases
        if self.spec.either:
            words = self.args[0].split(",")
            return [self.spec.relation((word if board is None else board.said_word(word), *said[1:])) for word in words]
        return [self.spec.relation(said)]


def kind_slots(game, typed: list[str], tail: tuple[str, ...]) -> tuple[str, ...]:
    """The slots of a step that names a clue kind (a clue, a question put to me): the kind, the kind's own
    words, then ``tail`` (the answers); only the kind while the first word names none."""
    if not typed:
        return ("kind",)
    try:
        kind = game.kind_named(typed[0])
    except InputError:
        return ("kind",)
    return ("kind", *(param.slot for param in kind.params), *tail)


# Clues already read, by board and words: a saved log asks the same questions again and again (each
# kept with its board, so that an id is never another board's; cleared when it grows large).
_READ: dict[tuple, tuple["Board", Clue]] = {}


def read_clue(board: "Board", kind_word: str, words: list[str], asking_rules: bool = True) -> Clue:
    """Read a clue as typed (``area b2``, ``in Staten Island``, ``pres-de usine``) on ``board``.

    ``asking_rules``: refuse what may not be asked (from a pond, about a colour the cell
    lacks). A saved log is read without them: a board corrected since (``board set``)
    must not make an evening's log unreadable, and each clue keeps its meaning."""
    said = (id(board), kind_word, tuple(words), asking_rules)
    known = _READ.get(said)
    if known is not None and known[0] is board:
        return known[1]
    clue = _read_clue(board, kind_word, words, asking_rules)
    if len(_READ) > 4096:
        _READ.clear()
    _READ[said] = (board, clue)
    return clue


def _read_clue(board: "Board", kind_word: str, words: list[str], asking_rules: bool) -> Clue:
    kind = kind_named(kind_word)
    params = kind.params if asking_rules else tuple(CELL if param is FROM else param for param in kind.params)
    for param in params:
        if param.needs is not None:
            board.attribute(param.needs)  # a board without flowers says so before counting words
    if len(words) < len(params):
        missing = " ".join(_(param.name) for param in params[len(words):])
        if COLOUR in params[len(words):]:
            message = _("{kind} needs {missing} (or --colour): {usage}")
        else:
            message = _("{kind} needs {missing}: {usage}")
        raise InputError(message.format(kind=kind.shown, missing=missing, usage=kind.usage))
    if len(words) > len(params) and not params[-1].greedy:
        raise InputError(ngettext("{kind} takes {count} word before the answer: {usage}",
                                  "{kind} takes {count} words before the answer: {usage}", len(params))
                         .format(kind=kind.shown, count=len(params), usage=kind.usage))
    if len(words) > len(params):  # a greedy last parameter takes the rest: 'staten island'
        words = [*words[:len(params) - 1], " ".join(words[len(params) - 1:])]
    args = tuple(param.read(board, word) for param, word in zip(params, words, strict=True))
    if kind.check is not None and asking_rules:
        kind.check(board, args)
    return Clue(kind.name, args)
