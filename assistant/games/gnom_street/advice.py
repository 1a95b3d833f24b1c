"""The garden's part of the advisor: a turn under the rules' token draw.

Rules ("Investigation phase"): each player takes one Terrain and one Action
token and asks from a cell of that terrain; the cat is an action token that
asks nothing. ``Turn`` is what one turn allows, read from the tokens left and
the players I may ask; the shared ranking (engine/advice.py) asks it where I
may ask from and what a question saves over the next turns (``_Lookahead``).
"""

from __future__ import annotations

import math
from itertools import combinations

from assistant.engine.advice import Question, all_clues
from assistant.engine.board import Board
from assistant.engine.cells import CellSet
from assistant.engine.clues import kind_named, shown_kinds
from assistant.engine.errors import InputError
from assistant.engine.i18n import _
from assistant.engine.records import NamedTuple
from assistant.engine.sheet import Sheet
from assistant.engine.words import join_names, key


def turn_words(board: Board, question: Question, single: bool) -> str:
    """The whole turn in plain words: the tokens to take, where the miniature goes, whom to ask what."""
    asking = question.clue.args[0]
    tokens = question.clue.spec.shown
    if board.has_attribute("terrain"):
        tokens = f"{board.said_word(board.values_at(board.parse_cell(asking), 'terrain')[0])} + {tokens}"
    if single:
        message = _("take {tokens}, miniature on {cell}, ask: {clue}")
    else:
        message = _("take {tokens}, miniature on {cell}, ask {whom}: {clue}")
    return message.format(tokens=tokens, cell=asking, whom=join_names(question.asked), clue=question.clue.said(board))


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
    barred: CellSet = CellSet()  # where my miniature may not go now: the cat's cell, mine, one placed this turn

    def asking_cells(self, board: Board) -> CellSet:
        """Where my miniature may stand: an open cell of a terrain left, none the game would refuse."""
        cells = board.open - self.barred
        if self.terrains is not None:
            allowed = CellSet()
            for terrain in self.terrains:
                allowed |= board.cells_with("terrain", terrain)
            cells &= allowed
        return cells

    def lookahead(self, sheet: Sheet, asked: tuple[str, ...]) -> _Lookahead | None:
        """A look-ahead when tokens are short and the sheets small; None: bits alone rank questions."""
        return _lookahead(sheet, self, asked)


def read_turn(board: Board, items: tuple[str, ...], item_named, terrains: str | None = None,
              actions: str | None = None, ask: str | None = None, everyone: bool = False,
              barred: CellSet = CellSet()) -> Turn:
    """Read ``--left grass,wood --actions area,flower --ask red,blue --all`` against the game.

    ``barred``: the cells where the game would refuse my miniature (the cat's, where I stand, a
    miniature placed this turn): no question is asked from them."""
    if not board.questions:
        raise InputError(_("on {board} players ask no questions: suggest lists the likeliest cells").format(
            board=board.name))

    def split(text: str | None) -> list[str]:
        return [part for part in (text or "").split(",") if part.strip()]

    chosen_terrains = None
    if terrains is not None:
        chosen_terrains = tuple(board.attribute("terrain").value(word).name for word in split(terrains))
        if not chosen_terrains:
            raise InputError(_("--left needs at least one terrain token, e.g. --left grass,wood"))
    chosen_actions, action_tokens = None, None
    if actions is not None:
        words = [word for word in split(actions) if key(word) not in ("cat", "chat")]  # the cat asks nothing
        if split(actions) and not words:
            raise InputError(_("the cat token asks no question: nothing to suggest this turn"))
        chosen_actions = tuple(kind_named(word, board.questions).name for word in words)
        for name in chosen_actions:
            if name not in board.questions:
                raise InputError(_("{kind} is not a question on {board}: ask {kinds}").format(
                    kind=kind_named(name).shown, board=board.name, kinds=shown_kinds(board.questions, join_names)))
        if not chosen_actions:
            raise InputError(_("--actions needs at least one of {kinds}").format(kinds=shown_kinds(board.questions)))
        action_tokens = len(set(chosen_actions)) + (len(words) < len(split(actions)))  # the cat is a token too
    chosen_ask = tuple(item_named(word) for word in split(ask)) if ask is not None else None
    if chosen_ask is not None and not chosen_ask:
        raise InputError(_("--ask needs at least one of {names}").format(names=join_names(items)))
    return Turn(chosen_terrains, chosen_actions, chosen_ask, everyone,
                len(set(chosen_terrains)) if chosen_terrains is not None else None, action_tokens, barred)


# -- looking ahead: what the next turns will likely offer ---------------------------------

CAT = "cat"  # the fourth action token: it moves the cat and asks nothing
LOOKAHEAD_CELLS = 32  # the garden has 16; past this many candidates, bits alone rank questions
EXACT_CELLS = 16  # the garden's open cells: up to this many candidates the turns are counted exactly
EXACT_SETS = 6000  # candidate sets one exact count may visit (the garden's 16 cells take about 2,200)


def _balanced(cells: int) -> float:
    """Expected questions to single out one of ``cells`` equally likely cells when every question halves."""
    if cells <= 1:
        return 0.0
    depth = cells.bit_length() - 1
    return depth + 2 * (cells - (1 << depth)) / cells


class _TooMany(Exception):
    """An exact count would visit more than EXACT_SETS candidate sets: the estimate serves instead."""


class _Lookahead:
    """The turns still needed under the rules' token draw, and so what a question saves.

    Rules ("Investigation phase"): each player takes one Terrain and one Action
    token from those the better-ranked players left, and asks from a cell of
    that terrain. The next turns are taken to leave as many tokens as this one,
    drawn at random; a draw offers the questions of its (terrain, action)
    pairs, and the cat alone offers none: a turn lost.

    ``exact(candidates)``: the least expected turns to single out a loot among
    equally likely ``candidates``, each turn asking the best question its draw
    offers, or one that tells nothing where every split offered would cost
    more. That makes "asking never costs turns" a law (see ``saved``); else it
    is the optimum benchmarks/questions.py computes, which on the garden and on
    random gardens of its frame never waits. A search over
    the candidate sets the answers lead to, memoised, and cheap for three
    reasons. A question that splits a part of the candidates splits them too,
    so each set hands its parts only its own splits, merged where alike (a set
    of 4 cells has at most 7, whatever the board). The draws are not looped
    over: with the splits sorted best first, each draw takes the first it
    offers, so a split weighs the chance that a draw offers it and none
    before it, read from ``_unoffered`` (memoised by the pairs already taken).
    And a split no pair would take over another is not counted (``_exact``).
    Its time, with one token of each kind left and with more, is in
    benchmarks/README.md (benchmarks/scale.py times the command).

    ``estimate(candidates)``: for larger sets, one turn ahead, then the
    balanced-split count divided by the chance that a turn asks at all."""

    def __init__(self, board: Board, terrain_tokens: int, action_tokens: int):
        terrains = [value.name for value in board.attribute("terrain").values]
        pair_bits = {(terrain, action): 1 << number for number, (terrain, action)
                     in enumerate((terrain, action) for terrain in terrains for action in board.questions)}
        self.splits = {}
        offered: dict[int, int] = {}  # a question's cells -> the pairs offering it, one bit per pair
        for (terrain, action), bit in pair_bits.items():
            cells = board.open & board.cells_with("terrain", terrain)
            clues = all_clues(board, [kind_named(action)], cells)
            self.splits[(terrain, action)] = masks = tuple({clue.accepted(board).mask & board.open.mask
                                                            for clue in clues})
            for mask in masks:
                offered[mask] = offered.get(mask, 0) | bit
        self.offered = tuple(offered.items())
        terrain_draws = list(combinations(terrains, terrain_tokens))
        action_draws = list(combinations([*board.questions, CAT], action_tokens))
        weight = 1 / (len(terrain_draws) * len(action_draws))
        self.draws = [(weight, tuple((t, a) for t in drawn_terrains for a in drawn_actions if a != CAT))
                      for drawn_terrains in terrain_draws for drawn_actions in action_draws]
        self.draw_bits = [(weight, sum(pair_bits[pair] for pair in pairs)) for weight, pairs in self.draws]
        self.asking = sum(weight for weight, pairs in self.draws if pairs)
        self.memo: dict[int, float] = {}  # the estimates
        self.exact_memo: dict[int, float] = {}
        self.unoffered_memo: dict[int, float] = {}
        self.too_many: set[int] = set()  # sets whose exact count would cost too much
        self.budget = 0
        self.several = any(len(pairs) > 1 for weight, pairs in self.draws)  # a draw may offer several pairs
        self.indices: dict[int, tuple[int, ...]] = {}

    def _leaf(self, cells: int) -> float:
        return _balanced(cells) / self.asking

    def estimate(self, candidates: int) -> float:
        """Expected turns to single out the loot among ``candidates`` (a cell mask), one turn ahead."""
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

    def exact(self, candidates: int) -> float | None:
        """The least expected turns to single out the loot among ``candidates``; None when there are
        too many of them to count, or two of them no question tells apart."""
        if candidates.bit_count() <= 1:
            return 0.0
        found = self.exact_memo.get(candidates)
        if found is None and candidates.bit_count() <= EXACT_CELLS and candidates not in self.too_many:
            self.budget = EXACT_SETS
            try:
                found = self._exact(candidates, self.offered)
            except _TooMany:
                self.too_many.add(candidates)
        return found if found is not None and found < math.inf else None

    def _unoffered(self, taken: int) -> float:
        """The chance that a draw offers none of the pairs ``taken`` (one bit per pair), remembered."""
        found = self.unoffered_memo[taken] = sum(weight for weight, pairs in self.draw_bits if not pairs & taken)
        return found

    def _indices(self, pairs: int) -> tuple[int, ...]:
        """The pairs of the bits ``pairs``, by number, remembered."""
        found = self.indices[pairs] = tuple(index for index in range(pairs.bit_length()) if pairs >> index & 1)
        return found

    def _least_first(self, candidates: int, splits) -> list[tuple[float, int, int]]:
        """Per split of ``candidates``: (the fewest turns after it, times the candidates; one side; the
        pairs offering it), fewest first. A part's count if known, else its balanced-split count (no
        questions single out one of n cells in fewer on average) divided by the chance that a turn
        offers a pair splitting the candidates (a part's splitting pairs are among theirs)."""
        size, memo = candidates.bit_count(), self.exact_memo
        every = 0
        for unused, pairs in splits:
            every |= pairs
        still = self.unoffered_memo.get(every)
        halving = 1 / (1 - (still if still is not None else self._unoffered(every)))  # turns per question, at least
        order = []
        for yes, pairs in splits:
            count = yes.bit_count()
            least = 0.0
            if count > 1:
                known = memo.get(yes)
                least = count * (known if known is not None else _balanced(count) * halving)
            if size - count > 1:
                known = memo.get(candidates ^ yes)
                least += (size - count) * (known if known is not None else _balanced(size - count) * halving)
            order.append((least, yes, pairs))
        order.sort()
        return order

    def _exact(self, candidates: int, questions) -> float:
        """``exact`` for 2 cells or more, trying only ``questions``: (cells, pairs offering them).

        The hot loop of the look-ahead (thousands of sets for the garden's 16
        cells): plain ifs and local names, no calls it can do without. When a
        draw may offer several pairs, it takes the best split of the best
        pair, so only each pair's best split counts: splits are tried least
        first (``_least_first``) and one is skipped when every pair offering
        it has a split already that costs no more than it could at least.
        That leaves many sets uncounted with two or three tokens of each kind;
        with one, too few are skipped to pay for the sorting."""
        self.budget -= 1
        if self.budget < 0:
            raise _TooMany
        size, memo, unoffered = candidates.bit_count(), self.exact_memo, self.unoffered_memo
        splits: dict[int, int] = {}  # one side of each split (the smaller number) -> the pairs offering it
        for cells, pairs in questions:
            yes = candidates & cells
            if yes and yes != candidates:
                no = candidates ^ yes
                if no < yes:
                    yes = no
                if yes in splits:
                    splits[yes] |= pairs
                else:
                    splits[yes] = pairs
        narrower = splits.items()
        several = self.several
        if several:
            order = self._least_first(candidates, narrower)
            best = [math.inf] * len(self.splits)  # per pair, the best split's turns after so far
        else:
            order = [(0.0, yes, pairs) for yes, pairs in narrower]
        after = []  # per split: the turns after it, times the candidates; the pairs offering it
        for least, yes, pairs in order:
            if several:
                indices = self.indices.get(pairs) or self._indices(pairs)
                for index in indices:
                    if best[index] > least:
                        break
                else:
                    continue  # every pair offering it has a split at least as good
            count = yes.bit_count()
            turns = 0.0
            if count > 1:
                known = memo.get(yes)
                turns = count * (known if known is not None else self._exact(yes, narrower))
            if size - count > 1:
                no = candidates ^ yes
                known = memo.get(no)
                turns += (size - count) * (known if known is not None else self._exact(no, narrower))
            after.append((turns, pairs))
            if several:
                for index in indices:
                    if turns < best[index]:
                        best[index] = turns
        after.sort()
        # V = 1 + sum over draws of min(V, the best split's turns after): a turn that splits
        # nothing (the cat, or a question whose answer is known) leaves the set as it was. Taking
        # the splits best first while each beats V so far gives the least V that solves it.
        taken, total, lost, value = 0, 0.0, 1.0, math.inf  # lost: the chance that no split so far is offered
        for turns, pairs in after:
            if turns >= value * size:
                break  # waiting beats this split and every later one
            if pairs & ~taken:
                taken |= pairs
                still = unoffered.get(taken)
                if still is None:
                    still = self._unoffered(taken)
                if still < lost:
                    total, lost = total + turns * (lost - still), still
                    value = (1 + total / size) / (1 - lost)
        memo[candidates] = value
        return value

    def saved(self, candidates: int, yes: int, p_yes: float) -> float:
        """Expected turns saved by a question whose "yes" keeps the cells of ``yes``.

        Asking is never worse than not asking: whatever the strategy from the
        whole set, the same moves serve on a part of it, so the whole set's
        turns are at least the parts' weighed by their chances. Exact counts
        keep that law (up to odds that weigh cells unequally, where the count
        takes them alike: hence the floor at 0). One answer alone may cost
        more than the whole set (its cells the hardest to tell apart): an
        estimate above the whole set's is capped at it only where no exact
        count tells better."""
        answers = [(part, p) for part, p in ((candidates & yes, p_yes), (candidates & ~yes, 1 - p_yes)) if p > 0]
        exact = self.exact(candidates)
        if exact is not None:
            weighed = []
            for part, p in answers:
                known = self.exact(part)
                if known is None:
                    break
                weighed.append(p * known)
            else:
                return max(0.0, exact - sum(weighed))
        now = self.estimate(candidates)
        if now == math.inf:
            return 0.0  # no question splits them: none saves anything
        return now - sum(p * min(self.estimate(part), now) for part, p in answers)


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
