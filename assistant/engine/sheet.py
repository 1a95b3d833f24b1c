"""The investigation sheet: where each hidden item can still be.

A ``Sheet`` holds facts (each clue answer is one fact about one item: "red's
loot is in the area of B2", or not) and derives, for every item, the cells
still possible. Two kinds of reasoning:

* direct: a cell is out when a fact about that item excludes it;
* joint: hidden items lie on distinct cells (loot cards are distinct), so when
  k items can only be on k cells between them (a "Hall set"; k = 1 is an item
  pinned to one cell), those cells leave every other item's sheet. Checking
  every subset is exact for the few items a table has, and a subset with fewer
  cells than items is a contradiction.

Sheets are immutable: ``add`` returns a new sheet, or raises ``Contradiction``
naming the smallest set of earlier clues the new facts conflict with.
"""

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from assistant.engine.board import Board
from assistant.engine.cells import Cell, CellSet
from assistant.engine.errors import Contradiction
from assistant.engine.i18n import _, language, ngettext
from assistant.engine.log import Chain, retract_steps
from assistant.engine.records import NamedTuple
from assistant.engine.words import join_clauses, join_names

MAX_CONFLICT_CHECKS = 20_000  # past this, name an irreducible set instead of the smallest
MAX_JOINT_ITEMS = 10  # Hall sets over all subsets up to this many items

def whose(board: Board, item: str) -> str:
    """Who or what a sentence is about: "red's loot", "the thief" (French: "le butin de red", "le voleur")."""
    if board.per_opponent:
        return _("{item}'s {noun}").format(item=item, noun=board.local_noun)
    return _("the {item}").format(item=board.local_item(item))


class Wording:
    """A fact's words in the player's language (what the clue says of a cell, how the answer was heard,
    the alternatives denied together), made the first time they are read in a language. Every command works
    the sheet out from the whole log, but only an explanation reads these words: made at once, every French
    command would look each fact's words up in the catalogue."""

    __slots__ = ("_make", "_words", "_language")

    def __init__(self, make: Callable[[], tuple[str, str, str]]) -> None:
        self._make = make
        self._words: tuple[str, str, str] | None = None
        self._language: str | None = None

    def words(self) -> tuple[str, str, str]:
        """(relation, label, neither) in the language spoken, made now if they were not yet."""
        spoken = language()
        if self._words is None or self._language != spoken:
            self._words, self._language = self._make(), spoken
        return self._words

    # Two facts are the same when they say the same words (a log replayed gives equal facts).
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Wording) and self.words() == other.words()

    def __hash__(self) -> int:
        return hash(self.words())


class Fact(NamedTuple):
    """One answer about one hidden item: ``accepted`` is where the item may be after it."""

    number: int  # the clue's number in the history
    item: str
    accepted: CellSet
    clue: str  # 'area B2'
    holds: bool  # the answer: the relation holds (yes) or not (no)
    wording: Wording  # its words, made when an explanation first reads them
    accusation: bool = False  # an accusation's verdict, not a clue: 'ruled out by accusation 9'

    @property
    def relation(self) -> str:
        """'in the area of B2 (B2 or a cell around it)', in the player's language."""
        return self.wording.words()[0]

    @property
    def label(self) -> str:
        """How the answer was heard, in the player's language: 'area B2: red no', 'C1 wrong'."""
        return self.wording.words()[1]

    @property
    def neither(self) -> str:
        """Alternatives denied together: 'neither in Manhattan nor in the Bronx' ('' for one)."""
        return self.wording.words()[2]


class Joint(NamedTuple):
    """Items that fill exactly ``cells`` between them (a Hall set), pushing others off them."""

    items: tuple[str, ...]
    cells: CellSet


class Solution(NamedTuple):
    direct: tuple[CellSet, ...]
    domains: tuple[CellSet, ...]
    removed_by: dict[tuple[int, Cell], Joint]
    failure: Joint | None  # items left fewer cells than they need


def solve(base: CellSet, items: tuple[str, ...], facts: Iterable[Fact], distinct: bool,
          direct_before: tuple[CellSet, ...] | None = None) -> Solution:
    """Candidates per item from the facts, then the distinct-cells reasoning.

    ``direct_before``: what earlier facts already left of each item (a sheet extended), so that only
    the new ``facts`` are applied."""
    index = {item: position for position, item in enumerate(items)}
    masks = [base.mask] * len(items) if direct_before is None else [cells.mask for cells in direct_before]
    for fact in facts:
        masks[index[fact.item]] &= fact.accepted.mask
    direct = tuple(CellSet(mask) for mask in masks)
    removed_by: dict[tuple[int, Cell], Joint] = {}
    failure = None
    for position, mask in enumerate(masks):
        if not mask:
            failure = Joint((items[position],), CellSet())
            break
    if failure is None and distinct and len(items) > 1:
        failure = _hall_sets(items, masks, removed_by)
    return Solution(direct, tuple(CellSet(mask) for mask in masks), removed_by, failure)


def _hall_sets(items, masks: list[int], removed_by: dict) -> Joint | None:
    count = len(items)
    sizes = range(1, count + 1) if count <= MAX_JOINT_ITEMS else (1, count)
    changed = True
    while changed:
        changed = False
        for size in sizes:
            for group in combinations(range(count), size):
                union = 0
                for position in group:
                    union |= masks[position]
                cells = union.bit_count()
                if cells < size:
                    return Joint(tuple(items[p] for p in group), CellSet(union))
                if cells > size or size == count:
                    continue
                for other in range(count):
                    overlap = masks[other] & union
                    if other in group or not overlap:
                        continue
                    joint = Joint(tuple(items[p] for p in group), CellSet(union))
                    for cell in CellSet(overlap):
                        removed_by.setdefault((other, cell), joint)
                    masks[other] &= ~union
                    changed = True
                    if not masks[other]:
                        return Joint((items[other],), CellSet())
    return None


class Sheet(NamedTuple):
    """Every item's possible cells given the facts so far. Build with ``Sheet.start``."""

    board: Board
    items: tuple[str, ...]
    base: CellSet
    mine: Cell | None = None
    facts: Sequence[Fact] = ()  # a Chain once the sheet is made (start, with_facts): extended, never copied
    solution: Solution = None  # type: ignore[assignment]  # set by start/with_facts

    @classmethod
    def start(cls, board: Board, items: tuple[str, ...], mine: Cell | None = None, facts=()) -> "Sheet":
        """A blank sheet (every open cell possible, except my own loot's), then ``facts``, unchecked."""
        base = board.open - CellSet.of([mine] if mine is not None else [])
        return cls(board, items, base, mine).with_facts(facts)

    def with_facts(self, facts) -> "Sheet":
        """A new sheet with more facts, unchecked (replaying an already accepted log).

        What the earlier facts left of each item is narrowed by the new ones alone: a sheet built fact
        by fact costs as much as one built at once."""
        facts = tuple(facts)
        if self.solution is None:
            solution = solve(self.base, self.items, (*self.facts, *facts), self.board.distinct)
        else:
            solution = solve(self.base, self.items, facts, self.board.distinct, self.solution.direct)
        return Sheet(self.board, self.items, self.base, self.mine, Chain.of(self.facts).plus(facts), solution)

    def add(self, facts, subject: str | None = None) -> "Sheet":
        """A new sheet with more facts; Contradiction (naming the culprits) if they cannot hold.

        ``subject`` names what the facts come from when it is not a clue ('red's
        loot card D3'): the refusal then says which clues it conflicts with and
        the ``retract`` that takes each back. A sheet whose recorded clues
        already contradict each other (a damaged or hand-edited log) takes
        nothing more until the conflict is retracted."""
        self.check(_("the recorded clues already cannot all hold"), _("retract one of them first"))
        facts = tuple(facts)
        result = self.with_facts(facts)
        if result.solution.failure is not None:
            raise self._contradiction(facts, subject)
        return result

    def check(self, lead: str, fix: str = "") -> None:
        """Contradiction naming the fewest recorded clues that cannot all hold, if any.

        ``lead`` says what is refused ('taking it back would leave clues that cannot
        all hold'), ``fix`` what to do instead."""
        if self.solution.failure is None:
            return
        groups = self._groups()
        culprits = _smallest_conflict(self, (), groups)
        blank = Sheet.start(self.board, self.items, self.mine)
        failure = blank.with_facts(tuple(f for n in culprits for f in groups[n])).solution.failure or \
            self.solution.failure
        named = _named(culprits, groups)
        if fix:
            message = _("refused: {lead}: with {clues}, {failure}; {fix}; nothing was recorded")
        else:
            message = _("refused: {lead}: with {clues}, {failure}; nothing was recorded")
        raise Contradiction(message.format(lead=lead, clues=named, failure=self._failure_text(failure), fix=fix),
                            tuple(culprits))

    def _groups(self) -> dict[int, list[Fact]]:
        groups: dict[int, list[Fact]] = {}
        for fact in self.facts:
            groups.setdefault(fact.number, []).append(fact)
        return groups

    # -- reading the sheet ------------------------------------------------------------

    def candidates(self, item: str) -> CellSet:
        return self.solution.domains[self.items.index(item)]

    def found(self, item: str) -> Cell | None:
        """The item's cell once a single one remains."""
        return self.candidates(item).only()

    @property
    def consistent(self) -> bool:
        return self.solution.failure is None

    def candidate_names(self) -> dict[str, list[str]]:
        return {item: self.board.names(self.candidates(item)) for item in self.items}

    def clues_about(self, item: str) -> list[int]:
        return sorted({fact.number for fact in self.facts if fact.item == item})

    # -- explanations -----------------------------------------------------------------

    def explain(self, item: str, cell: Cell) -> list[str]:
        """Why ``cell`` is ruled out for ``item``, or why it is still possible."""
        board, name = self.board, self.board.name_of(cell)
        noun = self.board.local_noun
        if cell in board.ponds:
            return [_("{cell} is a pond: no {noun} lies there.").format(cell=name, noun=noun)]
        if cell == self.mine:
            return [_("{cell} holds your own {noun}: loot cards are distinct, so no opponent's is there.")
                    .format(cell=name, noun=noun)]
        lines = []
        for fact in self.facts:
            if fact.item == item and cell not in fact.accepted:
                # yes: the cell lies outside what holds; no: the item is not where the cell is
                if fact.neither:  # French: 'A1 n'est ni à Manhattan ni dans le Bronx', never 'pas ... ou'
                    why = _("{cell} is {neither}") if fact.holds else _("{subject} is {neither}")
                else:
                    why = _("{cell} is not {relation}") if fact.holds else _("{subject} is not {relation}")
                why = why.format(cell=name, subject=whose(board, item), relation=fact.relation, neither=fact.neither)
                ruled_out = _("ruled out by accusation {number} ({label}): {why}.") if fact.accusation else \
                    _("ruled out by clue {number} ({label}): {why}.")
                lines.append(ruled_out.format(number=fact.number, label=fact.label, why=why))
        if lines:
            return lines
        position = self.items.index(item)
        joint = self.solution.removed_by.get((position, cell))
        if joint is not None:
            return [self._joint_reason(item, name, joint)]
        remaining = self.candidates(item)
        shown_item = self._shown(item)
        if cell in remaining:
            if len(remaining) == 1:
                if board.per_opponent:
                    return [_("{cell} is {subject}: the only cell left.").format(cell=name, subject=whose(board, item))]
                return [_("{cell} is where the {item} is: the only cell left.").format(cell=name, item=shown_item)]
            others = join_names(board.names(remaining - CellSet.of([cell])))
            clues = self.clues_about(item)
            if clues:
                return [ngettext("{cell} is still possible for {item}: fits clue {clues}; the other cells left are "
                                 "{others}.",
                                 "{cell} is still possible for {item}: fits clues {clues}; the other cells left are "
                                 "{others}.", len(clues))
                        .format(cell=name, item=shown_item, clues=join_names(map(str, clues)), others=others)]
            return [_("{cell} is still possible for {item}: the other cells left are {others}.").format(
                cell=name, item=shown_item, others=others)]
        return [_("{cell} is ruled out for {item}: the clues leave {item} no cell at all.").format(
            cell=name, item=shown_item)]

    def _shown(self, item: str) -> str:
        """An item as named in a sentence: an opponent by their name, a board's own item in the player's language."""
        return self.board.local_item(item)

    def _joint_reason(self, item: str, name: str, joint: Joint) -> str:
        cells = join_names(self.board.names(joint.cells))
        clues = sorted({n for other in joint.items for n in self.clues_about(other)})
        values = dict(cell=name, item=self._shown(item), cells=cells, clues=join_names(map(str, clues)),
                      other=joint.items[0], others=join_names(joint.items), noun=self.board.local_noun)
        if len(joint.items) == 1:
            if clues:
                message = ngettext("{cell} is ruled out for {item}: {other} is pinned to {cells} by clue {clues}, "
                                   "and two {noun}s never share a cell.",
                                   "{cell} is ruled out for {item}: {other} is pinned to {cells} by clues {clues}, "
                                   "and two {noun}s never share a cell.", len(clues))
            else:
                message = _("{cell} is ruled out for {item}: {other} is pinned to {cells}, "
                            "and two {noun}s never share a cell.")
        elif clues:
            message = ngettext("{cell} is ruled out for {item}: {others} must occupy {cells} between them by clue "
                               "{clues}, so nobody else is there.",
                               "{cell} is ruled out for {item}: {others} must occupy {cells} between them by clues "
                               "{clues}, so nobody else is there.", len(clues))
        else:
            message = _("{cell} is ruled out for {item}: {others} must occupy {cells} between them, "
                        "so nobody else is there.")
        return message.format(**values)

    def _failure_text(self, failure: Joint, solution: Solution | None = None) -> str:
        """What cannot hold; with the ``solution`` that failed, which items took the last cells of the one left
        with none (the loot card of blue on B1 when the clues pin red there)."""
        if len(failure.items) == 1 and not failure.cells:
            item = failure.items[0]
            position = self.items.index(item)
            if solution is not None and solution.direct[position]:
                taken = [joint for (where, cell), joint in solution.removed_by.items() if where == position]
                others = list(dict.fromkeys(other for joint in taken for other in joint.items))
                if others:
                    cells = CellSet()
                    for joint in taken:
                        cells |= joint.cells
                    return _("{item} would have no possible cell left: {others} must be on {cells}, and two "
                             "{noun}s never share a cell").format(
                        item=self._shown(item), others=join_names(map(self._shown, others)),
                        cells=join_names(self.board.names(cells)), noun=self.board.local_noun)
            return _("{item} would have no possible cell left").format(item=self._shown(item))
        return ngettext("{items} would share only {count} cell ({cells})",
                        "{items} would share only {count} cells ({cells})", len(failure.cells)).format(
            items=join_names(failure.items), count=len(failure.cells),
            cells=join_names(self.board.names(failure.cells)))

    def _contradiction(self, new: tuple[Fact, ...], subject: str | None = None) -> Contradiction:
        groups = self._groups()
        culprits = _smallest_conflict(self, new, groups)
        solution = self.with_facts(tuple(f for n in culprits for f in groups[n]) + new).solution
        failure = solution.failure
        assert failure is not None
        what = self._failure_text(failure, solution)
        if not culprits:
            if self.board.ponds or self.mine is not None:
                alone = _("refused: on its own this clue means {failure} (no pond, not your own loot); "
                          "nothing was recorded")
            else:
                alone = _("refused: on its own this clue means {failure}; nothing was recorded")
            return Contradiction(alone.format(failure=what), ())
        if subject is not None:
            return Contradiction(_("refused: {subject} conflicts with {clues}: {failure}; if one of them was "
                                   "misheard, take it back first ({retracts}); nothing was recorded").format(
                subject=subject, clues=_named(culprits, groups), failure=what, retracts=retract_steps(culprits)),
                tuple(culprits))
        return Contradiction(_("refused: with {clues}, {failure}; nothing was recorded (a clue misheard? take it "
                               "back first: {steps})").format(clues=_named(culprits, groups), failure=what,
                                                              steps=retract_steps(culprits)),
                             tuple(culprits))


def _named(culprits: list[int], groups: dict[int, list[Fact]]) -> str:
    """The clues in conflict as the player heard them: 'clue 1 (area B2: red yes); clue 3 (...)'."""
    named = (_("accusation {number} ({labels})") if any(f.accusation for f in groups[n])
             else _("clue {number} ({labels})") for n in culprits)
    return join_clauses(said.format(number=n, labels=", ".join(f.label for f in groups[n]))
                        for said, n in zip(named, culprits, strict=True))


def _smallest_conflict(sheet: Sheet, new: tuple[Fact, ...], groups: dict[int, list[Fact]]) -> list[int]:
    """The fewest earlier clues that, with the new facts, cannot all hold."""
    blank = Sheet.start(sheet.board, sheet.items, sheet.mine)

    def fails(numbers) -> bool:
        facts = tuple(f for n in numbers for f in groups[n]) + new
        return blank.with_facts(facts).solution.failure is not None

    numbers = sorted(groups)
    checks = 0
    for size in range(0, len(numbers) + 1):
        for subset in combinations(numbers, size):
            checks += 1
            if checks > MAX_CONFLICT_CHECKS:
                return _irreducible(blank, new, groups, numbers)
            if fails(subset):
                return list(subset)
    return numbers


def _irreducible(blank: Sheet, new: tuple[Fact, ...], groups: dict[int, list[Fact]], numbers: list[int]) -> list[int]:
    """Clues in conflict of which none can be spared, found by adding them: the first clue at which
    the clues so far (those chosen first) cannot all hold is chosen, and the search goes on among the
    clues before it until the chosen ones alone conflict. Each pass adds each clue once to one sheet,
    so a log of 40,000 clues costs a few passes, not 40,000 sheets of 40,000 clues."""
    chosen: list[int] = []
    left = list(numbers)
    while True:
        running = blank.with_facts([*(fact for number in chosen for fact in groups[number]), *new])
        if running.solution.failure is not None:
            return sorted(chosen)
        for at, number in enumerate(left):
            running = running.with_facts(groups[number])
            if running.solution.failure is not None:
                chosen.append(number)
                left = left[:at]
                break
        else:
            return numbers  # no conflict among them after all: name them all, as before
