"""Skull King's score pad: each round every player bids the tricks they will win, then the tricks won are
counted and scored.

The rules it keeps (the box's basic scoring, without the bonus cards):
- ten rounds; round N deals N cards to each player, so its N tricks are all won by someone;
- a bid of 0 made scores 10 x N, missed -10 x N;
- a bid of 1 or more made exactly scores 20 a trick bid, missed -10 for each trick too many or too few;
- after round 10 the highest total wins; players level at the top share the victory.

The pad writes only these rules: the log, undo and retract, saving, the table of rounds and the outcome
come from the pad base (``assistant.engine.pad.ScorePad``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from assistant.engine.errors import DataError, InputError
from assistant.engine.grammar import Form
from assistant.engine.i18n import N_, _, ngettext
from assistant.engine.pad import ScorePad
from assistant.engine.records import NamedTuple
from assistant.engine.words import Options, check_names, name_value, whole_number

ROUNDS = 10
FEWEST, MOST = 2, 6
KIND = "skull-king"

Pairs = tuple[tuple[str, int], ...]  # each player's number, in seating order


def round_points(cards: int, bid: int, won: int) -> int:
    """What one player scores in a round of ``cards`` cards: the rule's four cases."""
    if bid == 0:
        return 10 * cards if won == 0 else -10 * cards
    return 20 * bid if won == bid else -10 * abs(won - bid)


# -- the steps ----------------------------------------------------------------------------------


def _pairs(pad: SkullPad, found: Options, what: str, usage: str) -> Pairs:
    """Each player's number typed as NAME=N, one for every player, put in seating order."""
    given: dict[str, int] = {}
    for word in found.positional:
        name, value = name_value(word, usage)
        player = pad.player(name)
        if player in given:
            raise InputError(_("{player} is given twice: give each player once ({usage})").format(
                player=player, usage=_(usage)))
        given[player] = whole_number(value, what, low=0, high=ROUNDS)
    return tuple((player, given[player]) for player in pad.players if player in given)


def _one_each(slot: str):
    """A step's slots: one ``slot`` for each player (the step ends once every player is given)."""
    def slots(pad: SkullPad, typed: list[str]) -> tuple[str, ...]:
        return (slot,) * len(pad.players)
    return slots


def _words(verb: str, pairs: Pairs) -> list[str]:
    return [verb, *(f"{player}={number}" for player, number in pairs)]


class _BidsFields(NamedTuple):
    bids: Pairs


class Bids(_BidsFields):
    """The bids of a new round: how many tricks each player says they will win."""

    __slots__ = ()
    FORM: ClassVar[Form] = Form(("bid", "bids", "pari", "parier"), _one_each("bid"), (),
                                usage=N_("bid NAME=N..."), french="pari")

    @classmethod
    def from_words(cls, pad: SkullPad, found: Options) -> Bids:
        return cls(_pairs(pad, found, N_("a bid"), cls.FORM.usage))

    def words(self, pad: SkullPad) -> list[str]:
        return _words("bid", self.bids)


class _TricksFields(NamedTuple):
    won: Pairs


class Tricks(_TricksFields):
    """The tricks each player won in the round bid last."""

    __slots__ = ()
    FORM: ClassVar[Form] = Form(("tricks", "won", "plis"), _one_each("won"), (),
                                usage=N_("tricks NAME=N..."), french="plis")

    @classmethod
    def from_words(cls, pad: SkullPad, found: Options) -> Tricks:
        return cls(_pairs(pad, found, N_("a count of tricks"), cls.FORM.usage))

    def words(self, pad: SkullPad) -> list[str]:
        return _words("tricks", self.won)


# -- the state: the rounds played ---------------------------------------------------------------


class Round(NamedTuple):
    """One round: its number (its cards a player), the bids, the tricks won once counted."""

    number: int
    bids: Pairs
    won: Pairs | None = None


class Row(NamedTuple):
    """A row of the score table: a round, its bids and tricks, each player's points and running totals."""

    number: int
    title: str
    said: str
    points: dict[str, int] | None
    totals: dict[str, int]
    removed: bool = False
    note: str = ""


class _Fields(NamedTuple):
    name: str
    players: tuple[str, ...]
    events: Sequence = ()


class SkullPad(_Fields, ScorePad[tuple[Round, ...]]):
    """A Skull King score pad: the players in seating order and the rounds' bids and tricks."""

    kind = KIND
    READERS = {Bids.FORM: Bids.from_words, Tricks.FORM: Tricks.from_words}

    @classmethod
    def new(cls, name: str, players: list[str]) -> SkullPad:
        """A pad for ``players`` (2 to 6), in seating order."""
        names = check_names([player.strip() for player in players], N_("player"), "--players Ana,Ben")
        if not FEWEST <= len(names) <= MOST:
            raise InputError(_("Skull King is played by {least} to {most} players (got {count})").format(
                least=FEWEST, most=MOST, count=len(names)))
        return cls(name, tuple(names))

    @classmethod
    def from_header(cls, data: dict, name: str, rules: object, source: str) -> SkullPad:
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(player, str) for player in players):
            raise DataError(_("{source}: players: expected a list of names").format(source=source))
        try:
            return cls.new(name, players)
        except InputError as error:
            raise DataError(f"{source}: players: {error}") from None

    def next_game(self) -> str:
        """The command that starts the next game with the same players, in the words of the language spoken."""
        return _("skull new --players {players}").format(players=",".join(self.players))

    # -- the fold -------------------------------------------------------------------------

    def initial_state(self) -> tuple[Round, ...]:
        return ()

    def apply(self, state: tuple[Round, ...], event: Bids | Tricks, strict: bool) -> tuple[Round, ...]:
        if isinstance(event, Bids):
            return (*state, self._bid(state, event))
        return (*state[:-1], self._counted(state, event))

    def _bid(self, state: tuple[Round, ...], event: Bids) -> Round:
        if state and state[-1].won is None:
            raise InputError(_("round {number} is bid already: record its tricks ({usage})").format(
                number=state[-1].number, usage=_(Tricks.FORM.usage)))
        number = len(state) + 1
        if number > ROUNDS:
            raise InputError(_("the game has {rounds} rounds").format(rounds=ROUNDS))
        self._every_player(event.bids, Bids.FORM.usage)
        for player, bid in event.bids:
            if bid > number:
                raise InputError(_("{player} bids {bid} in round {number}: a bid is 0 to {number}, the cards "
                                   "each player holds").format(player=player, bid=bid, number=number))
        return Round(number, event.bids)

    def _counted(self, state: tuple[Round, ...], event: Tricks) -> Round:
        if not state or state[-1].won is not None:
            raise InputError(_("no round is bid: record the bids first ({usage})").format(usage=_(Bids.FORM.usage)))
        played = state[-1]
        self._every_player(event.won, Tricks.FORM.usage)
        total = sum(won for unused, won in event.won)
        if total != played.number:
            raise InputError(ngettext("round {number} has {number} trick, and {total} are counted: every trick "
                                      "is won by someone",
                                      "round {number} has {number} tricks, and {total} are counted: every trick "
                                      "is won by someone", played.number).format(number=played.number, total=total))
        return played._replace(won=event.won)

    def _every_player(self, pairs: Pairs, usage: str) -> None:
        missing = [player for player in self.players if player not in dict(pairs)]
        if missing:
            raise InputError(_("missing {players}: give every player ({usage})").format(
                players=", ".join(missing), usage=_(usage)))

    def over(self, state: tuple[Round, ...]) -> bool:
        return len(state) == ROUNDS and state[-1].won is not None

    # -- completion ----------------------------------------------------------------------

    def pad_values(self, slot: str) -> tuple[str, ...]:
        cards = self._cards()
        if slot in ("bid", "won"):
            return tuple(f"{player}={count}" for player in self.players for count in range(cards + 1))
        return ()

    def narrowed(self, slot: str, words: list[str], values: tuple[str, ...]) -> tuple[str, ...]:
        """Only the players not yet given; the tricks that can still add up to the round's."""
        given = dict(pair.partition("=")[::2] for pair in words[1:] if "=" in pair)
        left = [player for player in self.players if player not in given]
        values = tuple(value for value in values if value.partition("=")[0] in left)
        if slot != "won":
            return values
        counted = sum(int(count) for count in given.values() if count.isdigit())
        room = self._cards() - counted
        last = len(left) == 1
        return tuple(value for value in values
                     if (int(value.partition("=")[2]) == room if last else int(value.partition("=")[2]) <= room))

    def _cards(self) -> int:
        """The cards of the round being played: the one bid, else the next."""
        state = self.state()
        if state and state[-1].won is None:
            return state[-1].number
        return min(len(state) + 1, ROUNDS)

    def why_not_now(self, form: Form, words: list[str]) -> str | None:
        state = self.state()
        bid = bool(state) and state[-1].won is None
        if form == Bids.FORM and bid:
            return _("round {number} is bid already: record its tricks ({usage})").format(
                number=state[-1].number, usage=_(Tricks.FORM.usage))
        if form == Tricks.FORM and not bid:
            return _("no round is bid: record the bids first ({usage})").format(usage=_(Bids.FORM.usage))
        return None

    # -- the table and the end -----------------------------------------------------------

    def rows_in(self, state: tuple[Round, ...]) -> list[Row]:
        totals = {player: 0 for player in self.players}
        rows = []
        for played in state:
            bids = ", ".join(f"{player} {bid}" for player, bid in played.bids)
            if played.won is None:
                points = None
                said = _("bids {bids}").format(bids=bids)
            else:
                won = dict(played.won)
                points = {player: round_points(played.number, bid, won[player]) for player, bid in played.bids}
                totals = {player: totals[player] + points[player] for player in self.players}
                said = _("bids {bids}; won {won}").format(
                    bids=bids, won=", ".join(f"{player} {count}" for player, count in played.won))
            rows.append(Row(played.number, said, said, points, dict(totals)))
        return rows

    def totals_in(self, state: tuple[Round, ...]) -> dict[str, int]:
        rows = [row for row in self.rows_in(state) if row.points is not None]
        return rows[-1].totals if rows else {player: 0 for player in self.players}

    def winners(self) -> tuple[str, ...]:
        """Once the tenth round is counted: every player with the highest total (a tie is shared)."""
        state = self.state()
        if not self.over(state):
            return ()
        totals = self.totals_in(state)
        best = max(totals.values())
        return tuple(player for player in self.players if totals[player] == best)

    def status(self) -> list[str]:
        end = self.outcome()
        if end.finished:
            from assistant.engine.registry import result_said

            return [result_said(end)]
        state = self.state()
        if state and state[-1].won is None:
            return [_("round {number}: count the tricks won ({usage})").format(
                number=state[-1].number, usage=_(Tricks.FORM.usage))]
        return [_("round {number} ({number} cards each): bid ({usage})").format(
            number=len(state) + 1, usage=_(Bids.FORM.usage))]



if TYPE_CHECKING:  # mypy checks the class against the game contract (engine/contract.py)
    from assistant.engine.contract import ScoreTable

    _checked: type[ScoreTable] = SkullPad
