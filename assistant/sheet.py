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

from itertools import combinations
from typing import NamedTuple

from .board import Board
from .cells import Cell, CellSet
from .errors import Contradiction
from .words import join_names

MAX_CONFLICT_CHECKS = 20_000  # past this, name an irreducible set instead of the smallest
MAX_JOINT_ITEMS = 10  # Hall sets over all subsets up to this many items


class Fact(NamedTuple):
    """One answer about one hidden item: ``accepted`` is where the item may be after it."""

    number: int  # the clue's number in the history
    item: str
    accepted: CellSet
    clue: str  # 'area B2'
    relation: str  # 'in the area of B2 (B2 or a cell around it)'
    holds: bool  # the answer: the relation holds (yes) or not (no)
    label: str  # how the answer was heard: 'area B2: red no', 'accuse C1 wrong'


class Joint(NamedTuple):
    """Items that fill exactly ``cells`` between them (a Hall set), pushing others off them."""

    items: tuple[str, ...]
    cells: CellSet


class Solution(NamedTuple):
    direct: tuple[CellSet, ...]
    domains: tuple[CellSet, ...]
    removed_by: dict[tuple[int, Cell], Joint]
    failure: Joint | None  # items left fewer cells than they need


def solve(base: CellSet, items: tuple[str, ...], facts: tuple[Fact, ...], distinct: bool) -> Solution:
    """Candidates per item from the facts, then the distinct-cells reasoning."""
    index = {item: position for position, item in enumerate(items)}
    masks = [base.mask] * len(items)
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
    facts: tuple[Fact, ...] = ()
    solution: Solution = None  # type: ignore[assignment]  # set by start/with_facts

    @classmethod
    def start(cls, board: Board, items: tuple[str, ...], mine: Cell | None = None, facts=()) -> "Sheet":
        """A blank sheet (every open cell possible, except my own loot's), then ``facts``, unchecked."""
        base = board.open - CellSet.of([mine] if mine is not None else [])
        return cls(board, items, base, mine).with_facts(facts)

    def with_facts(self, facts) -> "Sheet":
        """A new sheet with more facts, unchecked (replaying an already accepted log)."""
        all_facts = self.facts + tuple(facts)
        solution = solve(self.base, self.items, all_facts, self.board.distinct)
        return Sheet(self.board, self.items, self.base, self.mine, all_facts, solution)

    def add(self, facts) -> "Sheet":
        """A new sheet with more facts; Contradiction (naming the culprits) if they cannot hold.

        A sheet whose recorded clues already contradict each other (a damaged or
        hand-edited log) takes nothing more until the conflict is retracted."""
        self.check("the recorded clues already cannot all hold", "retract one of them first")
        facts = tuple(facts)
        result = self.with_facts(facts)
        if result.solution.failure is not None:
            raise self._contradiction(facts)
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
        named = "; ".join(f"clue {n} ({', '.join(f.label for f in groups[n])})" for n in culprits)
        raise Contradiction(f"refused: {lead}: with {named}, "
                            f"{self._failure_text(failure)}; {fix + '; ' if fix else ''}nothing was recorded",
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
        noun = self.board.hidden_noun
        if cell in board.ponds:
            return [f"{name} is a pond: no {noun} lies there."]
        if cell == self.mine:
            return [f"{name} holds your own {noun}: loot cards are distinct, so no opponent's is there."]
        lines = []
        for fact in self.facts:
            if fact.item == item and cell not in fact.accepted:
                # yes: the cell lies outside what holds; no: the item is not where the cell is
                why = f"{name} is not {fact.relation}" if fact.holds else f"{self._subject(item)} is not {fact.relation}"
                lines.append(f"ruled out by clue {fact.number} ({fact.label}): {why}.")
        if lines:
            return lines
        position = self.items.index(item)
        joint = self.solution.removed_by.get((position, cell))
        if joint is not None:
            return [self._joint_reason(item, name, joint)]
        remaining = self.candidates(item)
        if cell in remaining:
            if len(remaining) == 1:
                return [f"{name} is {self._whose(item)}: the only cell left."]
            others = join_names(board.names(remaining - CellSet.of([cell])))
            clues = self.clues_about(item)
            because = f" fits clue{'s' if len(clues) > 1 else ''} {join_names(map(str, clues))};" if clues else ""
            return [f"{name} is still possible for {item}:{because} the other cells left are {others}."]
        return [f"{name} is ruled out for {item}: the clues leave {item} no cell at all."]

    def _subject(self, item: str) -> str:
        """Who or what a sentence is about: "red's loot", "the thief"."""
        return f"{item}'s {self.board.hidden_noun}" if self.board.per_opponent else f"the {item}"

    def _whose(self, item: str) -> str:
        return f"{item}'s {self.board.hidden_noun}" if self.board.per_opponent else f"where the {item} is"

    def _joint_reason(self, item: str, name: str, joint: Joint) -> str:
        cells = join_names(self.board.names(joint.cells))
        clues = sorted({n for other in joint.items for n in self.clues_about(other)})
        by = f" by clue{'s' if len(clues) > 1 else ''} {join_names(map(str, clues))}" if clues else ""
        if len(joint.items) == 1:
            return (f"{name} is ruled out for {item}: {joint.items[0]} is pinned to {cells}{by}, "
                    f"and two {self.board.hidden_noun}s never share a cell.")
        return (f"{name} is ruled out for {item}: {join_names(joint.items)} must occupy {cells} "
                f"between them{by}, so nobody else is there.")

    def _failure_text(self, failure: Joint) -> str:
        if len(failure.items) == 1 and not failure.cells:
            return f"{failure.items[0]} would have no possible cell left"
        return (f"{join_names(failure.items)} would share only {len(failure.cells)} cell"
                f"{'s' if len(failure.cells) != 1 else ''} ({join_names(self.board.names(failure.cells))})")

    def _contradiction(self, new: tuple[Fact, ...]) -> Contradiction:
        groups = self._groups()
        culprits = _smallest_conflict(self, new, groups)
        failure = self.with_facts(
            tuple(f for n in culprits for f in groups[n]) + new).solution.failure
        assert failure is not None
        what = self._failure_text(failure)
        if not culprits:
            reason = ("(no pond, not your own loot)" if self.board.ponds or self.mine is not None else "")
            return Contradiction(f"refused: on its own this clue means {what} {reason}".rstrip()
                                 + "; nothing was recorded", ())
        named = "; ".join(f"clue {n} ({', '.join(f.label for f in groups[n])})" for n in culprits)
        return Contradiction(f"refused: with {named}, {what}; nothing was recorded "
                             f"(if a clue was misheard, retract it first)", tuple(culprits))


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
                return _irreducible(numbers, fails)
            if fails(subset):
                return list(subset)
    return numbers


def _irreducible(numbers: list[int], fails) -> list[int]:
    """Drop clues one by one while the conflict remains: no clue left can be spared."""
    kept = list(numbers)
    for number in list(kept):
        trial = [n for n in kept if n != number]
        if fails(trial):
            kept = trial
    return kept
