"""Odds and advice: how likely each cell is, and which question to ask now.

Odds. Every assignment of hidden cells that fits all the clues (distinct
cells, not on my own hidden cell) is equally likely. Counting them needs no
enumeration: by inclusion-exclusion over the ways items could coincide (the
set partitions of the items, with the Möbius weights of the partition
lattice), the number of assignments with all cells distinct is

    sum over partitions P of  mu(P) * product over blocks B of |intersection of the sheets in B|

which is exact. The sum is not taken partition by partition (4140 of them for
8 items) but subset by subset: D(S), the count for the items of S, is the sum,
over the blocks B holding the first item of S, of mu(B) |B's intersection|
D(S - B) (3^n / 2 terms for n items, 3280 for 8). Fixing one item on one cell
gives its marginal from the same D. Cells that lie on the same items' sheets
(an "atom") are alike, so every count runs over atoms, not cells: a
100x100 board costs little more than a 4x4 one.

Advice. Asking opponent X a question splits X's possible cells into "yes" and
"no"; the expected information is the entropy of the answer, in bits. A
question to several players at once splits the placements by the pattern of answers;
since a "yes" cell and a "no" cell never coincide, the count for a pattern
is a product of two counts of the same kind, one inside the question's cells
and one outside, and questions whose cells meet every atom alike share it.

A game's own turn rules (which cells I may ask from, which kinds of question,
what the next turns will offer) come in as a ``TurnRules`` the game gives
(``AnyTurn`` when none limits the questions): this module names no game.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable
from functools import cache
from itertools import groupby, islice
from typing import Protocol

from assistant.engine.board import Board
from assistant.engine.cells import Cell, CellSet
from assistant.engine.clues import Clue, kind_named
from assistant.engine.errors import AssistantError
from assistant.engine.i18n import _, count_of, decimal, integer, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.sheet import Sheet

# -- counting assignments -------------------------------------------------------------


@cache
def partitions(count: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every set partition of items 0..count-1, as tuples of blocks."""
    if count == 0:
        return ((),)
    result = []
    for smaller in partitions(count - 1):
        last = count - 1
        result.append(smaller + ((last,),))
        for position in range(len(smaller)):
            grown = list(smaller)
            grown[position] = smaller[position] + (last,)
            result.append(tuple(grown))
    return tuple(result)


def _weight(size: int) -> int:
    """The Möbius weight of one block of ``size`` items: (-1)^(size-1) (size-1)!."""
    return (-1) ** (size - 1) * math.factorial(size - 1)


@cache
def _blocks(count: int) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """For each subset S of ``count`` items (a bitmask): (B, weight of B, S - B) for every block B
    of S that holds S's lowest item."""
    table: list[tuple[tuple[int, int, int], ...]] = [()]
    for subset in range(1, 1 << count):
        low = subset & -subset
        rest = subset ^ low
        table.append(tuple((part | low, _weight(part.bit_count() + 1), rest ^ part) for part in _subsets(rest)))
    return tuple(table)


def _distinct_counts(sizes: list[int], count: int) -> list[int]:
    """D[S] for every subset S: ways to put the items of S on distinct cells of their sheets,
    where sizes[B] is the size of the intersection of the sheets of the items in B."""
    blocks = _blocks(count)
    found = [1] * (1 << count)
    for subset in range(1, 1 << count):
        total = 0
        for block, weight, rest in blocks[subset]:
            size = sizes[block]
            if size:
                total += weight * size * found[rest]
        found[subset] = total
    return found


def _summed(values: list[int], count: int, supersets: bool) -> list[int]:
    """For every subset B of the items: the sum of ``values`` over the supersets of B
    (``supersets``) or over its subsets."""
    result = list(values)
    for item in range(count):
        bit = 1 << item
        for subset in range(1 << count):
            if bool(subset & bit) != supersets:
                result[subset] += result[subset ^ bit]
    return result


def atoms(masks: list[int]) -> list[tuple[int, int]]:
    """The cells grouped by the items whose sheets hold them: (items as a bitmask, cells)."""
    union = 0
    for mask in masks:
        union |= mask
    found = [(0, union)] if union else []
    for item, mask in enumerate(masks):
        split = []
        for items, cells in found:
            inside, outside = cells & mask, cells & ~mask
            if inside:
                split.append((items | 1 << item, inside))
            if outside:
                split.append((items, outside))
        found = split
    return found


def _sizes(parts: Iterable[tuple[int, int]], count: int) -> list[int]:
    """Intersection sizes for every subset of items, from (items, number of cells) parts."""
    by_items = [0] * (1 << count)
    for items, cells in parts:
        by_items[items] += cells
    return _summed(by_items, count, supersets=True)


def count_assignments(masks: list[int], distinct: bool = True) -> int:
    """How many ways to put item i on a cell of masks[i], all on different cells if ``distinct``."""
    if not distinct:
        return math.prod(mask.bit_count() for mask in masks)
    count = len(masks)
    sizes = _sizes(((items, cells.bit_count()) for items, cells in atoms(masks)), count)
    return _distinct_counts(sizes, count)[-1]


class Odds(NamedTuple):
    """Per item, the probability of each still-possible cell; and how it was computed.

    ``atoms``: the cells grouped by the items whose sheets hold them, with each
    item's probability for one cell of the group (cells alike are equally likely)."""

    items: dict[str, dict[Cell, float]]
    assignments: int
    method: str
    atoms: tuple[tuple[int, int, dict[str, float]], ...] = ()


def _atom_weights(masks: list[int], distinct: bool) -> tuple[int, list[tuple[int, int, list[int]]]]:
    """All placements, and per atom how many of them put each item on one given cell of the atom."""
    count = len(masks)
    found = atoms(masks)
    if not distinct:
        sizes = [mask.bit_count() for mask in masks]
        total = math.prod(sizes)
        return total, [(items, cells, [total // sizes[i] if items >> i & 1 else 0 for i in range(count)])
                       for items, cells in found]
    sizes = _sizes(((items, cells.bit_count()) for items, cells in found), count)
    together = _distinct_counts(sizes, count)
    everyone = (1 << count) - 1
    # the placements with item i on cell c: sum over the blocks B holding i and lying on c of
    # weight(B) D(others than B); summed over subsets of the atom's items at once
    per_block = [0] + [_weight(block.bit_count()) * together[everyone ^ block] for block in range(1, 1 << count)]
    below = _summed(per_block, count, supersets=False)
    return together[everyone], [(items, cells, [below[items] - below[items ^ 1 << i] if items >> i & 1 else 0
                                                for i in range(count)]) for items, cells in found]


def _marginal_weights(masks: list[int], position: int) -> dict[int, int]:
    """For item ``position``: cell sets and how many placements put the item on each of their cells."""
    unused, found = _atom_weights(masks, True)
    return {cells: weights[position] for unused, cells, weights in found if weights[position]}


def odds(sheet: Sheet) -> Odds:
    """Exact probabilities under the joint model (all consistent assignments equally likely)."""
    masks = [sheet.candidates(item).mask for item in sheet.items]
    distinct = sheet.board.distinct and len(masks) > 1
    total, found = _atom_weights(masks, distinct)
    if total == 0:
        raise AssistantError(_("the clues contradict each other: no placement fits them all"))
    result: dict[str, dict[Cell, float]] = {item: {} for item in sheet.items}
    groups = []
    for items, cells, weights in found:
        chances = {item: weights[i] / total for i, item in enumerate(sheet.items) if weights[i]}
        groups.append((items, cells, chances))
        for cell in CellSet(cells):
            for item, p in chances.items():
                result[item][cell] = p
    result = {item: dict(sorted(cells.items())) for item, cells in result.items()}
    if distinct:
        # said for players: every placement that fits counted once (inclusion-exclusion is how, README)
        method = _("exact: each of the {total} ways the hidden cells could lie, all different, counted "
                   "once").format(total=total)
    else:
        method = ngettext("exact: each hidden cell uniform over its sheet ({total} placement fits)",
                          "exact: each hidden cell uniform over its sheet ({total} placements fit)", total).format(
            total=integer(total))
    return Odds(result, total, method, tuple(groups))


# -- questions --------------------------------------------------------------------------


class Question(NamedTuple):
    """One question I could ask now, and what it is worth."""

    clue: Clue
    asked: tuple[str, ...]  # who answers
    bits: float  # expected information, the entropy of the answer(s)
    expected_left: float  # expected cells left on the asked sheets (this answer alone)
    worst_left: int
    turns_saved: float = 0.0  # under turn limits: expected turns the look-ahead says this saves
    yes_left: int | None = None  # cells left on the asked sheet if the answer is yes (one player asked)
    no_left: int | None = None
    before: int = 0  # cells on the asked sheets now

    @property
    def ruled_out(self) -> float:
        """The cells the answer rules out on the asked sheets, on average: what the question gains, in the
        words a table uses (the ranking reads the bits, which measure the same split on the odds)."""
        return max(0.0, self.before - self.expected_left)

    def words(self, single: bool, board: Board | None = None) -> str:
        """How to type it after the answer is heard (said in the player's language when ``board`` is given)."""
        text = self.clue.text() if board is None else self.clue.said(board)
        if single:
            return text
        if len(self.asked) == 1:
            return f"{text} -o {self.asked[0]}"
        return f"{text} ({' '.join(f'{who}=?' for who in self.asked)})"


def split_words(question: Question) -> str:
    """What the answer splits, in plain words: '4 cells if yes, 5 if no'."""
    if question.yes_left is None or question.no_left is None:  # both None: several players asked
        expected = decimal(question.expected_left, 1)
        return ngettext("{expected} cell expected on their sheets, {worst} at worst",
                        "{expected} cells expected on their sheets, {worst} at worst", count_of(expected)).format(
            expected=expected, worst=question.worst_left)
    if not question.yes_left or not question.no_left:
        total = question.yes_left + question.no_left
        return ngettext("{count} cell whatever the answer: it tells nothing",
                        "{count} cells whatever the answer: it tells nothing", total).format(count=total)
    return ngettext("{yes} cell if yes, {no} if no", "{yes} cells if yes, {no} if no", question.yes_left).format(
        yes=question.yes_left, no=question.no_left)


def gain_words(question: Question) -> str:
    """What the question gains, in plain words: 'rules out 2.3 cells on average' (and, under turn limits,
    the turns it saves); the ranking reads bits, a table reads cells."""
    cells = decimal(question.ruled_out, 1, whole=True)
    said = ngettext("rules out {cells} cell on average", "rules out {cells} cells on average",
                    count_of(cells)).format(cells=cells)
    if not question.turns_saved:
        return said
    turns = decimal(question.turns_saved, 1, whole=True)
    return _("{gain}, {saved}").format(gain=said, saved=ngettext(
        "saves {turns} turn", "saves {turns} turns", count_of(turns)).format(turns=turns))


def _entropy(probabilities: Iterable[float]) -> float:
    return max(0.0, -sum(p * math.log2(p) for p in probabilities if p > 0))  # never -0.0


class Lookahead(Protocol):
    """What the next turns of a game will likely offer: the turns a question saves."""

    def saved(self, candidates: int, yes: int, p_yes: float) -> float:
        """Expected turns saved by a question whose "yes" keeps the cells of ``yes`` (cell masks)."""
        ...


class TurnRules(Protocol):
    """What a game's turn allows, as the ranking asks it: whom I may ask, which kinds, from where,
    and the look-ahead that weighs a question by the turns it saves."""

    @property
    def actions(self) -> tuple[str, ...] | None:
        """The kinds of question allowed (None: every kind the board has)."""
        ...

    @property
    def ask(self) -> tuple[str, ...] | None:
        """Whom I may ask (None: every opponent)."""
        ...

    @property
    def everyone(self) -> bool:
        """One question to all the players asked at once."""
        ...

    def asking_cells(self, board: Board) -> CellSet:
        """The cells a question may be asked from."""
        ...

    def lookahead(self, sheet: Sheet, asked: tuple[str, ...]) -> Lookahead | None:
        """The turns-saved look-ahead, or None: bits alone rank the questions."""
        ...


class AnyTurn(NamedTuple):
    """A turn that limits nothing but whom I ask: every kind, from every open cell, no look-ahead."""

    actions: tuple[str, ...] | None = None
    ask: tuple[str, ...] | None = None
    everyone: bool = False

    def asking_cells(self, board: Board) -> CellSet:
        return board.open

    def lookahead(self, sheet: Sheet, asked: tuple[str, ...]) -> Lookahead | None:
        return None


ANY_TURN = AnyTurn()


def questions(sheet: Sheet, turn: TurnRules = ANY_TURN, the_odds: Odds | None = None,
              limit: int | None = None) -> list[Question]:
    """The questions the turn allows, best first: most turns saved (when the turn rules look ahead), most
    bits, then fewest cells left, then by name. Opponents already found are not asked.

    Questions that split the candidates the same way score the same; they are
    kept in groups and only as many are spelt out as ``limit`` asks for, so a
    huge board with thousands of equivalent asking cells stays fast.
    """
    every = (question for unused, spelt in _by_value(sheet, turn, the_odds) for question in spelt)
    return list(islice(every, limit))


class Choice(NamedTuple):
    """Questions of equal value ("any of these 10"): the first few spelt out, and how many there are."""

    questions: list[Question]
    total: int  # how many questions are worth this (not ``count``: a tuple's count is a method)


def question_groups(sheet: Sheet, turn: TurnRules = ANY_TURN, the_odds: Odds | None = None,
                    limit: int | None = None, shown: int = 5) -> list[Choice]:
    """The questions as ``questions`` ranks them, those of equal value together: the first
    ``limit`` values, each with its first ``shown`` questions and the count of all of them."""
    return [Choice(list(islice(spelt, shown)), count)
            for count, spelt in islice(_by_value(sheet, turn, the_odds), limit)]


def _value(question: Question):
    """What makes two questions equally good: the same worth and the same split of the answers."""
    return (round(question.turns_saved, 9), round(question.bits, 9), round(question.expected_left, 9),
            question.worst_left, question.yes_left, question.no_left)


def _by_value(sheet: Sheet, turn: TurnRules, the_odds: Odds | None):
    """(how many, the questions in rank order) for each value of question, best value first."""
    board = sheet.board
    asked = tuple(item for item in (turn.ask or sheet.items) if sheet.found(item) is None)
    if not asked:
        return
    kinds = [kind_named(name) for name in (turn.actions or board.questions)]
    askable = turn.asking_cells(board)
    if turn.everyone:
        yield from _Everyone(sheet, asked, _reach(board)).by_value(kinds, askable)
        return
    the_odds = the_odds or odds(sheet)
    ahead = turn.lookahead(sheet, asked)
    reach = _reach(board)
    alike: dict[tuple, list[_Group]] = {}  # opponents whose sheets and odds are the same split alike
    groups: list[_Group] = []
    for item in asked:
        sheet_and_odds = (sheet.candidates(item).mask,
                          tuple((cells, chance[item]) for unused, cells, chance in the_odds.atoms if item in chance))
        if sheet_and_odds not in alike:
            alike[sheet_and_odds] = list(_groups(sheet, item, the_odds, kinds, askable, ahead, reach))
        groups.extend(group._replace(asked=(item,)) for group in alike[sheet_and_odds])
    groups.sort(key=lambda group: group.score)
    names = [board.name_of(cell) for cell in range(board.grid.size)]
    for unused, ties in groupby(groups, key=lambda group: group.score):
        same = list(ties)
        yield sum(len(group.cells) for group in same), heapq.merge(*(group.spelt(names) for group in same),
                                                                    key=_rank)


def all_clues(board: Board, kinds, askable: CellSet) -> list[Clue]:
    """Every question of these kinds from these cells (a flower question per colour shown)."""
    clues = []
    for kind in kinds:
        for cell in askable:
            name = board.name_of(cell)
            if kind.symmetric:
                clues.append(Clue(kind.name, (name,)))
            else:
                attribute = kind.params[1].needs
                clues.extend(Clue(kind.name, (name, value)) for value in board.values_at(cell, attribute))
    return clues


def _rank(question: Question):
    return (-round(question.turns_saved, 9), -round(question.bits, 9), question.expected_left, question.worst_left,
            question.yes_left or 0,
            question.clue.args, question.clue.kind, question.asked)


class _Group(NamedTuple):
    """Questions to one opponent that split its candidates alike: one score, many asking cells."""

    score: tuple[float, float, float, int, int, int]  # -turns saved, -bits, cells left: expected, worst, yes, no
    kind: str
    asked: tuple[str, ...]
    value: str | None  # the flower colour asked about, if any
    cells: tuple[Cell, ...]  # where the question may be asked from
    split: tuple[int, int]  # cells left if yes, if no

    def spelt(self, names: list[str]):
        """The group's questions in name order."""
        saved, bits, expected, worst = -self.score[0], -self.score[1], self.score[2], self.score[3]
        extra = () if self.value is None else (self.value,)
        for name in sorted(names[cell] for cell in self.cells):
            yield Question(Clue(self.kind, (name, *extra)), self.asked, bits, expected, worst, saved, *self.split,
                           sum(self.split))


def _score(p_yes: float, yes_left: int, no_left: int) -> tuple[float, float, int]:
    p_yes = min(1.0, max(0.0, p_yes))
    expected = p_yes * yes_left + (1 - p_yes) * no_left
    worst = max(yes_left if p_yes > 0 else 0, no_left if p_yes < 1 else 0)
    return (-round(_entropy((p_yes, 1 - p_yes)), 9), round(expected, 9), worst)  # sums of odds: float noise


class _Reach:
    """The cells each question accepts, computed once per board (a review asks again and again)."""

    def __init__(self, board: Board):
        self.board = board
        self.names = [board.name_of(cell) for cell in range(board.grid.size)]
        self.memo: dict[tuple[str, Cell], int] = {}

    def accepted(self, kind, cell: Cell) -> int:
        found = self.memo.get((kind.name, cell))
        if found is None:
            found = self.memo[(kind.name, cell)] = kind.accepted(self.board, (self.names[cell],)).mask
        return found

    def clue_mask(self, clue: Clue) -> int:
        """The cells ``clue`` accepts: a symmetric kind's from the memo, another's as the clue says."""
        kind = kind_named(clue.kind)
        if kind.symmetric:
            return self.accepted(kind, self.board.parse_cell(clue.args[0]))
        return clue.accepted(self.board).mask


def _reach(board: Board) -> _Reach:
    known = _REACHES.get(id(board))
    if known is None or known.board is not board:  # the board itself is kept, so its id is not reused
        known = _REACHES[id(board)] = _Reach(board)
    return known


_REACHES: dict[int, _Reach] = {}


CELL_STEP_COST = 3  # a candidate cell's step to an asking cell: two dict updates (in tenths of a microsecond)
ASKING_COST = 30  # one asking cell's accepted cells, built from its name


def _groups(sheet: Sheet, item: str, the_odds: Odds, kinds, askable: CellSet,
            ahead: Lookahead | None, reach: _Reach):
    """Group the questions to ``item`` by the split they make.

    Symmetric kinds (area, line of sight) are scored from whichever side is
    cheaper: from the candidates (each candidate's accepted cells are the
    asking cells that would hear yes from it), or from every asking cell,
    counting its accepted cells in each atom of the item's sheet (cells of
    one atom are equally likely)."""
    board = sheet.board
    candidates = sheet.candidates(item)
    size = len(candidates)
    probabilities = the_odds.items[item]
    chances = [(cells, chance[item]) for unused, cells, chance in the_odds.atoms if item in chance]
    word_cost = 2 + board.grid.size // 1000  # an AND and a count on a whole-board bitmask

    def group(p_yes: float, yes: int, yes_mask: int, kind: str, value, cells) -> _Group:
        saved = round(ahead.saved(candidates.mask, yes_mask, p_yes), 9) if ahead else 0.0
        return _Group((-saved, *_score(p_yes, yes, size - yes), yes, size - yes), kind, (item,), value, tuple(cells),
                      (yes, size - yes))

    for kind in kinds:
        if kind.symmetric:
            splits: dict[tuple[float, int, int], list[Cell]] = {}
            first = next(iter(candidates), None)
            steps = size * (reach.accepted(kind, first).bit_count() if first is not None else 0)
            if steps * CELL_STEP_COST <= len(askable) * (ASKING_COST + word_cost * (1 + len(chances))):
                mass: dict[Cell, float] = {}
                hits: dict[Cell, int] = {}
                yes_masks: dict[Cell, int] = {}
                for cell, p in probabilities.items():
                    for asking in CellSet(reach.accepted(kind, cell) & askable.mask):
                        mass[asking] = mass.get(asking, 0.0) + p
                        hits[asking] = hits.get(asking, 0) + 1
                        if ahead:
                            yes_masks[asking] = yes_masks.get(asking, 0) | 1 << cell
                for asking, p in mass.items():
                    splits.setdefault((round(p, 12), hits[asking], yes_masks.get(asking, 0)), []).append(asking)
                nowhere = askable - CellSet.of(mass)  # asked from there, every candidate answers no
                if nowhere:
                    splits.setdefault((0.0, 0, 0), []).extend(nowhere)
            else:
                for asking in askable:
                    accepted = reach.accepted(kind, asking)
                    yes_mask = accepted & candidates.mask
                    p_yes = sum(p * (accepted & cells).bit_count() for cells, p in chances)
                    splits.setdefault((round(p_yes, 12), yes_mask.bit_count(), yes_mask if ahead else 0),
                                      []).append(asking)
            for (p_yes, yes, yes_mask), cells in splits.items():
                yield group(p_yes, yes, yes_mask, kind.name, None, cells)
        else:  # the answer depends on the value asked about, not on where it is asked from
            attribute = kind.params[1].needs
            for value in board.attribute(attribute).values:
                holders = board.cells_with(attribute, value.name)
                where = tuple(askable & holders)
                if where:
                    p_yes = sum(p * (holders.mask & atom).bit_count() for atom, p in chances)
                    kept = candidates & holders
                    yield group(p_yes, len(kept), kept.mask, kind.name, value.name, where)


class _Knot:
    """Items whose sheets overlap, directly or through others: their answers depend on each other.

    A "yes" item lies inside the question's cells and a "no" item outside, so
    they never share a cell: the placements giving one pattern of answers are
    those inside times those outside (the items not asked going either way),
    each counted like the odds, from how many cells of each atom lie inside."""

    def __init__(self, parts: list[tuple[int, int]], count: int, asked: int, distinct: bool):
        self.parts = parts  # (items, as a bitmask of this knot's items; cells) per atom
        self.count = count
        self.asked = asked
        self.distinct = distinct
        self.total = self._placements([cells for unused, cells in parts])[-1]

    def _placements(self, per_atom: list[int]) -> list[int]:
        pairs = zip(self.parts, per_atom, strict=True)
        sizes = _sizes(((items, cells) for (items, unused), cells in pairs), self.count)
        if self.distinct:
            return _distinct_counts(sizes, self.count)
        found = [1] * (1 << self.count)
        for subset in range(1, 1 << self.count):
            low = subset & -subset
            found[subset] = found[subset ^ low] * sizes[low]
        return found

    def worth(self, inside: tuple[int, ...]) -> tuple[float, float, int]:
        """(bits, expected cells left on the asked sheets, the most left) for these answers."""
        outside = [cells - held for (unused, cells), held in zip(self.parts, inside, strict=True)]
        yes_counts, no_counts = self._placements(list(inside)), self._placements(outside)
        yes_sizes = _sizes(((items, held) for (items, unused), held in zip(self.parts, inside, strict=True)),
                           self.count)
        no_sizes = _sizes(((items, held) for (items, unused), held in zip(self.parts, outside, strict=True)),
                          self.count)
        others = ((1 << self.count) - 1) ^ self.asked
        probabilities, expected, worst = [], 0.0, 0
        for yes in _subsets(self.asked):
            no = self.asked ^ yes
            count = sum(yes_counts[yes | part] * no_counts[no | (others ^ part)] for part in _subsets(others))
            if count:
                p = count / self.total
                probabilities.append(p)
                left = sum(yes_sizes[1 << i] if yes >> i & 1 else no_sizes[1 << i]
                           for i in range(self.count) if self.asked >> i & 1)
                expected += p * left
                worst = max(worst, left)
        return _entropy(probabilities), expected, worst


class _Everyone:
    """One question to several players at once, on one sheet: the entropy of all the answers.

    Exact. Items fall into knots (sheets that overlap, directly or through
    others); knots are independent, so the bits, the expected cells left and
    the most left add up over them, and each knot is counted on its own (see
    ``_Knot``). A knot's count depends only on how many cells of each of its
    atoms the question holds, so questions alike in that are counted once."""

    def __init__(self, sheet: Sheet, asked: tuple[str, ...], reach: _Reach):
        self.board = sheet.board
        self.reach = reach
        self.asked = asked
        self.before = sum(len(sheet.candidates(item)) for item in asked)
        self.atoms = atoms([sheet.candidates(item).mask for item in sheet.items])
        distinct = self.board.distinct and len(sheet.items) > 1
        asked_items = {sheet.items.index(item) for item in asked}
        self.knots = []  # (the knot, the indices of its atoms)
        for members in _knots([items for items, unused in self.atoms], len(sheet.items), distinct):
            local = {item: position for position, item in enumerate(members)}
            indices = [index for index, (items, unused) in enumerate(self.atoms)
                       if any(items >> item & 1 for item in members)]
            parts = [(sum(1 << local[i] for i in members if self.atoms[index][0] >> i & 1),
                      self.atoms[index][1].bit_count()) for index in indices]
            knot_asked = sum(1 << local[i] for i in members if i in asked_items)
            if knot_asked:  # a knot nobody is asked in tells nothing
                self.knots.append((_Knot(parts, len(members), knot_asked, distinct), indices))
        self.memo: dict[tuple[int, ...], tuple[float, float, int]] = {}
        self.knot_memo: dict[tuple[int, tuple[int, ...]], tuple[float, float, int]] = {}

    def question(self, clue: Clue) -> Question:
        return Question(clue, self.asked, *self._worth(self._inside(self.reach.clue_mask(clue))), before=self.before)

    def _inside(self, accepted: int) -> tuple[int, ...]:
        return tuple((accepted & cells).bit_count() for unused, cells in self.atoms)

    def by_value(self, kinds, askable: CellSet):
        """(how many, the questions in rank order) for each value, best first; questions that
        meet every atom alike are worth the same, so each such split is valued once."""
        board, names = self.board, self.reach.names
        by_split: dict[tuple[int, ...], list[Clue]] = {}
        for kind in kinds:
            if kind.symmetric:
                for cell in askable:
                    by_split.setdefault(self._inside(self.reach.accepted(kind, cell)), []).append(
                        Clue(kind.name, (names[cell],)))
            else:  # the answer depends on the value asked about, not on where it is asked from
                attribute = kind.params[1].needs
                for value in board.attribute(attribute).values:
                    holders = board.cells_with(attribute, value.name)
                    if askable & holders:
                        by_split.setdefault(self._inside(holders.mask), []).extend(
                            Clue(kind.name, (names[cell], value.name)) for cell in askable & holders)
        by_worth: dict[tuple[float, float, int], list[Clue]] = {}
        for inside, clues in by_split.items():
            by_worth.setdefault(self._worth(inside), []).extend(clues)
        for (bits, expected, worst), clues in sorted(by_worth.items(), key=lambda pair: (-pair[0][0], *pair[0][1:])):
            clues.sort(key=lambda clue: (clue.args, clue.kind))
            yield len(clues), (Question(clue, self.asked, bits, expected, worst, before=self.before) for clue in clues)

    def _worth(self, inside: tuple[int, ...]) -> tuple[float, float, int]:
        if inside not in self.memo:
            bits, expected, worst = 0.0, 0.0, 0
            for number, (knot, indices) in enumerate(self.knots):
                held = tuple(inside[index] for index in indices)
                if (number, held) not in self.knot_memo:
                    self.knot_memo[(number, held)] = knot.worth(held)
                more_bits, more_expected, more_worst = self.knot_memo[(number, held)]
                bits, expected, worst = bits + more_bits, expected + more_expected, worst + more_worst
            self.memo[inside] = (round(bits, 9), round(expected, 9), worst)
        return self.memo[inside]


def _knots(atom_items: list[int], count: int, distinct: bool) -> list[list[int]]:
    """The items grouped by sheets that overlap (any atom on two sheets ties them); all apart
    when cells need not be distinct."""
    owner = list(range(count))

    def root(item: int) -> int:
        while owner[item] != item:
            item = owner[item]
        return item
    for items in atom_items if distinct else ():
        members = [i for i in range(count) if items >> i & 1]
        for item in members[1:]:
            owner[root(item)] = root(members[0])
    groups: dict[int, list[int]] = {}
    for item in range(count):
        groups.setdefault(root(item), []).append(item)
    return list(groups.values())


def _subsets(items: int):
    """Every subset of the bitmask ``items``."""
    part = items
    while True:
        yield part
        if not part:
            return
        part = (part - 1) & items


def evaluate(sheet: Sheet, clue: Clue, asked: tuple[str, ...], the_odds: Odds | None = None) -> Question:
    """What one given question is worth now, to the players asked."""
    if len(asked) > 1:
        return _Everyone(sheet, asked, _reach(sheet.board)).question(clue)
    the_odds = the_odds or odds(sheet)
    accepted = clue.accepted(sheet.board)
    candidates = sheet.candidates(asked[0])
    p_yes = sum(p for cell, p in the_odds.items[asked[0]].items() if cell in accepted)
    yes = len(candidates & accepted)
    bits, expected, worst = _score(p_yes, yes, len(candidates) - yes)
    return Question(clue, asked, -bits, expected, worst, 0.0, yes, len(candidates) - yes, len(candidates))


# -- looking back ------------------------------------------------------------------------


class Review(NamedTuple):
    """One question I asked: what it was worth, what it gave, and the best I could have asked."""

    number: int
    asked: Question
    gained: float  # bits the answers actually gave: -log2 of their probability
    best: Question
    ruled_out: int = 0  # cells the answers actually ruled out on the asked sheets


def review(game) -> list[Review]:
    """Each question I asked (still standing), judged on the sheet as it was just before.

    Questions others asked (``clue ... --by NAME``, answered aloud) narrow the
    sheet but are not mine to judge.

    Linear in the log: a sheet only narrows, so a long game goes through few states of it, and the
    same question asked on the same state is judged the same; each judgement is worked out once per
    state (the odds and the best question too), and only looked up for the entries that repeat it."""
    board = game.board
    reviews = []
    entries, mine = game.current_set()
    sheet = Sheet.start(board, game.items, mine)
    judged: dict[object, tuple] = {}  # (the sheet's state, the question and its facts) -> its judgement
    odds_of: dict[object, object] = {}  # the sheet's state -> its odds
    for entry in entries:
        facts = game.facts_of(entry)
        asked = game.my_question(entry)
        if asked:
            state = _state(sheet)
            try:
                key: object = (state, entry.event.clue, tuple(asked),  # a fact's number and words aside
                               tuple((fact.item, fact.accepted.mask, fact.holds) for fact in facts))
                hash(key)
            except TypeError:  # a clue that cannot be a key: judged afresh
                key = object()
            if key not in judged:
                judged[key] = _judge(sheet, entry.event.clue, asked, facts, odds_of, state)
            reviews.append(Review(entry.number, *judged[key]))
        sheet = sheet.with_facts(facts)
    return reviews


def _state(sheet: Sheet) -> tuple:
    """What a sheet's judgements depend on: each item's cells, directly and after the reasoning, and
    whether its facts can all hold."""
    solution = sheet.solution
    return (tuple(cells.mask for cells in solution.direct), tuple(cells.mask for cells in solution.domains),
            solution.failure is None)


def _judge(sheet: Sheet, clue, asked, facts, odds_of: dict, state: tuple) -> tuple:
    """(worth, bits gained, the best question, cells ruled out) of asking ``asked`` ``clue`` on ``sheet``."""
    board = sheet.board
    if state not in odds_of:
        odds_of[state] = odds(sheet)
    the_odds = odds_of[state]
    worth = evaluate(sheet, clue, asked, the_odds)
    turn = AnyTurn(ask=asked, everyone=len(asked) > 1)
    best = next(iter(questions(sheet, turn, the_odds, limit=1)), worth)  # all found: nothing better
    after = sheet.with_facts(facts)
    masks_before = [sheet.candidates(item).mask for item in sheet.items]
    masks_after = [after.candidates(item).mask for item in after.items]
    distinct = board.distinct and len(masks_before) > 1
    before_count = count_assignments(masks_before, distinct)
    after_count = count_assignments(masks_after, distinct)
    gained = math.log2(before_count / after_count) if after_count else float("inf")
    ruled_out = sum(len(sheet.candidates(item)) - len(after.candidates(item)) for item in asked)
    return worth, gained, best, ruled_out
