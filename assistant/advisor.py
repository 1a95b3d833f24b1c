"""Odds and advice: how likely each cell is, and which question to ask now.

Odds. Every assignment of hidden cells that fits all the clues (distinct
cells, not on my own loot) is equally likely. Counting them needs no
enumeration: by inclusion-exclusion over the ways items could coincide (the
set partitions of the items, with the Möbius weights of the partition
lattice), the number of assignments with all cells distinct is

    sum over partitions P of  mu(P) * product over blocks B of |intersection of the sheets in B|

which is exact, and cheap for the few opponents of a table (15 partitions for
4 items, 4140 for 8), whatever the board's size. Fixing one item on one cell
gives its marginal the same way.

Advice. Asking opponent X a question splits X's possible cells into "yes" and
"no"; the expected information is the entropy of the answer, in bits.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache
from itertools import combinations, islice, product
from typing import Iterable, NamedTuple

from .board import Board
from .cells import Cell, CellSet
from .clues import Clue, kind_named
from .errors import AssistantError, InputError
from .sheet import Sheet
from .words import join_names, key


# -- counting assignments -------------------------------------------------------------


@lru_cache(maxsize=None)
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


def _mobius(partition) -> int:
    weight = 1
    for block in partition:
        weight *= (-1) ** (len(block) - 1) * math.factorial(len(block) - 1)
    return weight


def _block_mask(masks: list[int], block: tuple[int, ...]) -> int:
    mask = masks[block[0]]
    for item in block[1:]:
        mask &= masks[item]
    return mask


def count_assignments(masks: list[int], distinct: bool = True) -> int:
    """How many ways to put item i on a cell of masks[i], all on different cells if ``distinct``."""
    if not distinct:
        return math.prod(mask.bit_count() for mask in masks)
    total = 0
    for partition in partitions(len(masks)):
        term = _mobius(partition)
        for block in partition:
            term *= _block_mask(masks, block).bit_count()
            if not term:
                break
        total += term
    return total


class Odds(NamedTuple):
    """Per item, the probability of each still-possible cell; and how it was computed."""

    items: dict[str, dict[Cell, float]]
    assignments: int
    method: str


def odds(sheet: Sheet) -> Odds:
    """Exact probabilities under the joint model (all consistent assignments equally likely)."""
    masks = [sheet.candidates(item).mask for item in sheet.items]
    distinct = sheet.board.distinct and len(masks) > 1
    total = count_assignments(masks, distinct)
    if total == 0:
        raise AssistantError("the clues contradict each other: no placement fits them all")
    result: dict[str, dict[Cell, float]] = {}
    for position, item in enumerate(sheet.items):
        weights = _marginal_weights(masks, position) if distinct else {
            masks[position]: math.prod(m.bit_count() for i, m in enumerate(masks) if i != position)}
        per_cell: dict[Cell, int] = {}
        for mask, weight in weights.items():
            for cell in CellSet(mask):
                per_cell[cell] = per_cell.get(cell, 0) + weight
        result[item] = {cell: count / total for cell, count in sorted(per_cell.items()) if count}
    if distinct:
        method = (f"exact: inclusion-exclusion over the {len(partitions(len(masks)))} ways "
                  f"{len(masks)} hidden cells could coincide ({total} placements fit)")
    else:
        method = f"exact: each hidden cell uniform over its sheet ({total} placements fit)"
    return Odds(result, total, method)


def _marginal_weights(masks: list[int], position: int) -> dict[int, int]:
    """For item ``position``: cell sets and how many placements put the item on each of their cells."""
    weights: dict[int, int] = {}
    for partition in partitions(len(masks)):
        term = _mobius(partition)
        own = 0
        for block in partition:
            mask = _block_mask(masks, block)
            if position in block:
                own = mask
            else:
                term *= mask.bit_count()
            if not term or (position in block and not mask):
                term = 0
                break
        if term:
            weights[own] = weights.get(own, 0) + term
    return weights


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

    def words(self, single: bool) -> str:
        """How to type it after the answer is heard."""
        text = self.clue.text()
        if single:
            return text
        if len(self.asked) == 1:
            return f"{text} -o {self.asked[0]}"
        return f"{text} ({' '.join(f'{who}=?' for who in self.asked)})"


def split_words(question: Question) -> str:
    """What the answer splits, in plain words: '4 cells if yes, 5 if no'."""
    if question.yes_left is None:
        return f"{question.expected_left:.1f} cells expected on their sheets, {question.worst_left} at worst"
    if not question.yes_left or not question.no_left:
        return f"{question.yes_left + question.no_left} cells whatever the answer: it tells nothing"
    return f"{_cells(question.yes_left)} if yes, {question.no_left} if no"


def _cells(count: int) -> str:
    return f"{count} cell{'s' if count != 1 else ''}"


def turn_words(board: Board, question: Question, single: bool) -> str:
    """The whole turn in plain words: the tokens to take, where the miniature goes, whom to ask what."""
    asking = question.clue.args[0]
    tokens = question.clue.kind
    if board.has_attribute("terrain"):
        tokens = f"{board.values_at(board.parse_cell(asking), 'terrain')[0]} + {tokens}"
    whom = "" if single else f" {join_names(question.asked)}"
    return f"take {tokens}, miniature on {asking}, ask{whom}: {question.clue.text()}"


class Turn(NamedTuple):
    """What the turn allows: terrains my miniature may stand on, actions, whom I may ask.

    ``terrain_tokens`` and ``action_tokens`` count the tokens left (the cat
    among them): the look-ahead takes the next turns to leave as many."""

    terrains: tuple[str, ...] | None = None
    actions: tuple[str, ...] | None = None
    ask: tuple[str, ...] | None = None
    everyone: bool = False  # Mick: one question to all the players asked
    terrain_tokens: int | None = None
    action_tokens: int | None = None
    cat: Cell | None = None  # rules: no miniature may stand on the cat's cell


def read_turn(board: Board, items: tuple[str, ...], item_named, terrains: str | None = None,
              actions: str | None = None, ask: str | None = None, everyone: bool = False,
              cat: Cell | None = None) -> Turn:
    """Read ``--left grass,wood --actions area,flower --ask red,blue --all`` against the game.

    ``cat``: the cat's cell, if the game knows it (no miniature may go there)."""
    if not board.questions:
        raise InputError(f"on {board.name} players ask no questions: suggest lists the likeliest cells")

    def split(text: str | None) -> list[str]:
        return [part for part in (text or "").split(",") if part.strip()]

    chosen_terrains = None
    if terrains is not None:
        chosen_terrains = tuple(board.attribute("terrain").value(word).name for word in split(terrains))
        if not chosen_terrains:
            raise InputError("--left needs at least one terrain token, e.g. --left grass,wood")
    chosen_actions, action_tokens = None, None
    if actions is not None:
        words = [word for word in split(actions) if key(word) not in ("cat", "chat")]  # the cat asks nothing
        if split(actions) and not words:
            raise InputError("the cat token asks no question: nothing to suggest this turn")
        chosen_actions = tuple(kind_named(word).name for word in words)
        for name in chosen_actions:
            if name not in board.questions:
                raise InputError(f"{name} is not a question on {board.name}: ask {join_names(board.questions)}")
        if not chosen_actions:
            raise InputError(f"--actions needs at least one of {', '.join(board.questions)}")
        action_tokens = len(set(chosen_actions)) + (len(words) < len(split(actions)))  # the cat is a token too
    chosen_ask = tuple(item_named(word) for word in split(ask)) if ask is not None else None
    if chosen_ask is not None and not chosen_ask:
        raise InputError(f"--ask needs at least one of {join_names(items)}")
    return Turn(chosen_terrains, chosen_actions, chosen_ask, everyone,
                len(set(chosen_terrains)) if chosen_terrains is not None else None, action_tokens, cat)


def _entropy(probabilities: Iterable[float]) -> float:
    return max(0.0, -sum(p * math.log2(p) for p in probabilities if p > 0))  # never -0.0


def _asking_cells(board: Board, turn: Turn) -> CellSet:
    """Where my miniature may stand: an open cell of a terrain left, not the cat's."""
    cells = board.open - CellSet.of([turn.cat] if turn.cat is not None else [])
    if turn.terrains is not None:
        allowed = CellSet()
        for terrain in turn.terrains:
            allowed |= board.cells_with("terrain", terrain)
        cells &= allowed
    return cells


def questions(sheet: Sheet, turn: Turn = Turn(), the_odds: Odds | None = None,
              limit: int | None = None) -> list[Question]:
    """The questions the turn allows, best first: most turns saved (when tokens are short), most
    bits, then fewest cells left, then by name. Opponents already found are not asked.

    Questions that split the candidates the same way score the same; they are
    kept in groups and only as many are spelt out as ``limit`` asks for, so a
    huge board with thousands of equivalent asking cells stays fast.
    """
    return list(islice(_ordered(sheet, turn, the_odds), limit))


def question_groups(sheet: Sheet, turn: Turn = Turn(), the_odds: Odds | None = None,
                    limit: int | None = None) -> list[list[Question]]:
    """The questions as ``questions`` ranks them, those of equal value together ("any of these"):
    the first ``limit`` values, each with every question worth it."""
    result: list[list[Question]] = []
    for question in _ordered(sheet, turn, the_odds):
        if result and _value(result[-1][0]) == _value(question):
            result[-1].append(question)
        elif limit is not None and len(result) == limit:
            break
        else:
            result.append([question])
    return result


def _value(question: Question):
    """What makes two questions equally good: the same worth and the same split of the answers."""
    return (round(question.turns_saved, 9), round(question.bits, 9), round(question.expected_left, 9),
            question.worst_left, question.yes_left, question.no_left)


def _ordered(sheet: Sheet, turn: Turn, the_odds: Odds | None):
    board = sheet.board
    asked = tuple(item for item in (turn.ask or sheet.items) if sheet.found(item) is None)
    if not asked:
        return
    kinds = [kind_named(name) for name in (turn.actions or board.questions)]
    askable = _asking_cells(board, turn)
    if turn.everyone:
        yield from sorted((_everyone(sheet, clue, asked) for clue in _all_clues(board, kinds, askable)), key=_rank)
        return
    the_odds = the_odds or odds(sheet)
    ahead = _lookahead(sheet, turn, asked)
    groups = [group for item in asked
              for group in _groups(sheet, item, the_odds.items[item], kinds, askable, ahead)]
    groups.sort(key=lambda group: group.score)
    names = [board.name_of(cell) for cell in range(board.grid.size)]
    start = 0
    while start < len(groups):
        end = start
        while end < len(groups) and groups[end].score == groups[start].score:
            end += 1
        yield from heapq.merge(*(group.spelt(names) for group in groups[start:end]), key=_rank)
        start = end


def _all_clues(board: Board, kinds, askable: CellSet) -> list[Clue]:
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

    score: tuple[float, float, float, int, int]  # -turns saved, -bits, expected and worst cells left, yes
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
            yield Question(Clue(self.kind, (name, *extra)), self.asked, bits, expected, worst, saved, *self.split)


def _score(p_yes: float, yes_left: int, no_left: int) -> tuple[float, float, int]:
    p_yes = min(1.0, max(0.0, p_yes))
    expected = p_yes * yes_left + (1 - p_yes) * no_left
    worst = max(yes_left if p_yes > 0 else 0, no_left if p_yes < 1 else 0)
    return (-round(_entropy((p_yes, 1 - p_yes)), 9), round(expected, 9), worst)  # sums of odds: float noise


def _groups(sheet: Sheet, item: str, probabilities: dict[Cell, float], kinds, askable: CellSet,
            ahead: _Lookahead | None = None):
    """Group the questions to ``item`` by the split they make, working from the candidates' side."""
    board = sheet.board
    candidates = sheet.candidates(item)
    size = len(candidates)

    def group(p_yes: float, yes: int, yes_mask: int, kind: str, value, cells) -> _Group:
        saved = round(ahead.saved(candidates.mask, yes_mask, p_yes), 9) if ahead else 0.0
        return _Group((-saved, *_score(p_yes, yes, size - yes), yes), kind, (item,), value, tuple(cells),
                      (yes, size - yes))

    for kind in kinds:
        if kind.symmetric:
            mass: dict[Cell, float] = {}
            hits: dict[Cell, int] = {}
            yes_masks: dict[Cell, int] = {}
            for cell, p in probabilities.items():
                for asking in kind.accepted(board, (board.name_of(cell),)) & askable:
                    mass[asking] = mass.get(asking, 0.0) + p
                    hits[asking] = hits.get(asking, 0) + 1
                    if ahead:
                        yes_masks[asking] = yes_masks.get(asking, 0) | 1 << cell
            splits: dict[tuple[float, int, int], list[Cell]] = {}
            for asking, p in mass.items():
                splits.setdefault((round(p, 12), hits[asking], yes_masks.get(asking, 0)), []).append(asking)
            nowhere = askable - CellSet.of(mass)  # asked from there, every candidate answers no
            if nowhere:
                splits.setdefault((0.0, 0, 0), []).extend(nowhere)
            for (p_yes, yes, yes_mask), cells in splits.items():
                yield group(p_yes, yes, yes_mask, kind.name, None, cells)
        else:  # the answer depends on the value asked about, not on where it is asked from
            attribute = kind.params[1].needs
            for value in board.attribute(attribute).values:
                holders = board.cells_with(attribute, value.name)
                cells = tuple(askable & holders)
                if cells:
                    p_yes = sum(p for cell, p in probabilities.items() if cell in holders)
                    yes = candidates & holders
                    yield group(p_yes, len(yes), yes.mask, kind.name, value.name, cells)


def _everyone(sheet: Sheet, clue: Clue, asked: tuple[str, ...]) -> Question:
    """One question to several players: the entropy of all their answers together.

    Exact (inclusion-exclusion for each of the 2^n answer patterns), so slower
    than single questions on very large boards."""
    board = sheet.board
    accepted = clue.accepted(board).mask
    rejected = board.all.mask & ~accepted
    masks = {item: sheet.candidates(item).mask for item in sheet.items}
    distinct = board.distinct and len(masks) > 1
    total = count_assignments(list(masks.values()), distinct)
    probabilities = []
    expected = 0.0
    worst = 0
    for answers in product((True, False), repeat=len(asked)):
        narrowed = dict(masks)
        for item, answer in zip(asked, answers):
            narrowed[item] &= accepted if answer else rejected
        count = count_assignments(list(narrowed.values()), distinct)
        if count:
            p = count / total
            probabilities.append(p)
            left = sum(narrowed[item].bit_count() for item in asked)
            expected += p * left
            worst = max(worst, left)
    return Question(clue, asked, _entropy(probabilities), expected, worst)


# -- looking ahead: what the next turns will likely offer ---------------------------------

CAT = "cat"  # the fourth action token: it moves the cat and asks nothing
LOOKAHEAD_CELLS = 32  # the garden has 16; past this many candidates, bits alone rank questions


def _balanced(cells: int) -> float:
    """Expected questions to single out one of ``cells`` equally likely cells when every question halves."""
    if cells <= 1:
        return 0.0
    depth = cells.bit_length() - 1
    return depth + 2 * (cells - (1 << depth)) / cells


class _Lookahead:
    """One turn of look-ahead under the rules' token draw.

    Rules ("Investigation phase"): each player takes one Terrain and one Action
    token from those the better-ranked players left, and asks from a cell of
    that terrain. The next turn is taken to leave as many tokens as this one,
    drawn at random. ``value(candidates)`` estimates the turns still needed to
    single out a loot among equally likely ``candidates``: the best question
    each draw of tokens offers, then the balanced-split count divided by the
    chance that a turn offers a question at all (the cat alone asks nothing).
    Checked against the exact optimum by benchmarks/questions.py."""

    def __init__(self, board: Board, terrain_tokens: int, action_tokens: int):
        terrains = [value.name for value in board.attribute("terrain").values]
        self.splits = {}
        for terrain in terrains:
            cells = board.open & board.cells_with("terrain", terrain)
            for action in board.questions:
                clues = _all_clues(board, [kind_named(action)], cells)
                self.splits[(terrain, action)] = tuple({clue.accepted(board).mask for clue in clues})
        terrain_draws = list(combinations(terrains, terrain_tokens))
        action_draws = list(combinations([*board.questions, CAT], action_tokens))
        weight = 1 / (len(terrain_draws) * len(action_draws))
        self.draws = [(weight, tuple((t, a) for t in drawn_terrains for a in drawn_actions if a != CAT))
                      for drawn_terrains in terrain_draws for drawn_actions in action_draws]
        self.asking = sum(weight for weight, pairs in self.draws if pairs)
        self.memo: dict[int, float] = {}

    def _leaf(self, cells: int) -> float:
        return _balanced(cells) / self.asking

    def value(self, candidates: int) -> float:
        """Expected turns to single out the loot among ``candidates`` (a cell mask)."""
        size = candidates.bit_count()
        if size <= 1:
            return 0.0
        if candidates not in self.memo:
            best = {}
            for pair, masks in self.splits.items():
                found = None
                for mask in masks:
                    yes = (candidates & mask).bit_count()
                    if 0 < yes < size:
                        after = (yes * self._leaf(yes) + (size - yes) * self._leaf(size - yes)) / size
                        found = after if found is None else min(found, after)
                if found is not None:
                    best[pair] = found
            lost, total = 0.0, 1.0
            for weight, pairs in self.draws:
                offered = [best[pair] for pair in pairs if pair in best]
                if offered:
                    total += weight * min(offered)
                else:
                    lost += weight
            self.memo[candidates] = total / (1 - lost) if lost < 1 else math.inf
        return self.memo[candidates]

    def saved(self, candidates: int, yes: int, p_yes: float) -> float:
        """Expected turns saved by a question whose "yes" keeps the cells of ``yes``.

        An answer never costs turns (whatever the strategy from the whole set,
        the same moves serve on a part of it), so an estimate above the
        whole set's is capped at it: asking is never worse than not asking."""
        now = self.value(candidates)
        after = 0.0
        for part, p in ((candidates & yes, p_yes), (candidates & ~yes, 1 - p_yes)):
            if p > 0:
                after += p * min(self.value(part), now)
        return now - after


def _lookahead(sheet: Sheet, turn: Turn, asked: tuple[str, ...]) -> _Lookahead | None:
    """A look-ahead when tokens are short and the sheets small; None: bits alone rank questions."""
    board = sheet.board
    if turn.everyone or not board.has_attribute("terrain"):
        return None
    terrains = len(board.attribute("terrain").values)
    actions = len(board.questions) + 1
    terrain_tokens = min(turn.terrain_tokens or terrains, terrains)
    action_tokens = min(turn.action_tokens or actions, actions)
    if (terrain_tokens, action_tokens) == (terrains, actions):
        return None  # every token offered: the most informative question is the best (benchmarks/questions.py)
    if any(len(sheet.candidates(item)) > LOOKAHEAD_CELLS for item in asked):
        return None
    known = _LOOKAHEADS.get((id(board), terrain_tokens, action_tokens))
    if known is None or known[0] is not board:  # the board itself is kept, so its id is not reused
        known = _LOOKAHEADS[(id(board), terrain_tokens, action_tokens)] = (
            board, _Lookahead(board, terrain_tokens, action_tokens))
    return known[1] if known[1].asking > 0 else None


_LOOKAHEADS: dict[tuple[int, int, int], tuple[Board, _Lookahead]] = {}  # its memo serves every call


# -- New York: no questions, only the odds and the risk of accusing -----------------------


class Accusation(NamedTuple):
    cell: Cell
    probability: float  # that the accusation is right; 1 - p is the risk of elimination


def accusations(sheet: Sheet, item: str, the_odds: Odds | None = None) -> list[Accusation]:
    """The cells most likely to hold ``item``, most likely first."""
    the_odds = the_odds or odds(sheet)
    ranked = sorted(the_odds.items[item].items(), key=lambda pair: (-pair[1], pair[0]))
    return [Accusation(cell, p) for cell, p in ranked]


def evaluate(sheet: Sheet, clue: Clue, asked: tuple[str, ...], the_odds: Odds | None = None) -> Question:
    """What one given question is worth now, to the players asked."""
    if len(asked) > 1:
        return _everyone(sheet, clue, asked)
    the_odds = the_odds or odds(sheet)
    accepted = clue.accepted(sheet.board)
    candidates = sheet.candidates(asked[0])
    p_yes = sum(p for cell, p in the_odds.items[asked[0]].items() if cell in accepted)
    yes = len(candidates & accepted)
    bits, expected, worst = _score(p_yes, yes, len(candidates) - yes)
    return Question(clue, asked, -bits, expected, worst, 0.0, yes, len(candidates) - yes)


# -- looking back ------------------------------------------------------------------------


class Review(NamedTuple):
    """One question I asked: what it was worth, what it gave, and the best I could have asked."""

    number: int
    asked: Question
    gained: float  # bits the answers actually gave: -log2 of their probability
    best: Question


def review(game) -> list[Review]:
    """Each question I asked (still standing), judged on the sheet as it was just before.

    Questions others asked (``clue ... --by NAME``, answered aloud) narrow the
    sheet but are not mine to judge."""
    from .game import ClueEvent  # the advisor reads games; games do not need the advisor
    from .garden import ME

    board = game.board
    reviews = []
    entries, mine = game.current_set()
    sheet = Sheet.start(board, game.items, mine)
    for entry in entries:
        event = entry.event
        facts = game.facts_of(entry)
        if isinstance(event, ClueEvent) and event.clue.kind in board.questions and event.by in (None, ME):
            asked = tuple(item for item, _ in event.answers)
            the_odds = odds(sheet)
            worth = evaluate(sheet, event.clue, asked, the_odds)
            turn = Turn(ask=asked, everyone=len(asked) > 1)
            best = next(iter(questions(sheet, turn, the_odds, limit=1)), worth)  # all found: nothing better
            after = sheet.with_facts(facts)
            masks_before = [sheet.candidates(item).mask for item in sheet.items]
            masks_after = [after.candidates(item).mask for item in after.items]
            distinct = board.distinct and len(masks_before) > 1
            before_count = count_assignments(masks_before, distinct)
            after_count = count_assignments(masks_after, distinct)
            gained = math.log2(before_count / after_count) if after_count else float("inf")
            reviews.append(Review(entry.number, worth, gained, best))
        sheet = sheet.with_facts(facts)
    return reviews
