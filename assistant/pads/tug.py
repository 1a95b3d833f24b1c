"""Oh ! les Nains: the rope tracker (a tug-of-war of garden gnomes over a fence).

Two sides pull a hose laid over 16 flagstones, 8 on each side of the fence
at the start (FACTS.md: 16 is one source; 8 a side is inferred). A side's
gnomes hold the hose in a line: the first one on the flagstone farthest from
the fence, each new one on the next flagstone towards the fence. When the hose
moves k flagstones towards a side, that side's gnomes move k away from the
fence and the other side's k towards it; a side whose front gnome is dragged
into the fence loses the round. Two winning rounds win the match.

Moves, each by the player whose turn it is (strict alternation, by team at 4):

* ``gnome red`` (a card of that colour), ``gnome multi blue`` (a multicolour
  card, blue chosen), ``gnome red blue`` (no red left, so blue): the other
  side then pulls 2. At the start of a round each player places a first gnome
  of their choice with the same words, and nothing is pulled;
* ``pull --zero green --two blue``: every gnome counts 1, except colours the
  card (or its multicolour hat) sets to 0 or 2; the stronger side pulls by the
  difference, equal strength does nothing;
* ``squirrels 2``: pull 1, 2 or 3; ``exchange``: cards swapped, the other side pulls 1;
* optional rules: ``contre red``, ``sur-contre multi``, ``sur-sur-contre red``,
  each right after the move it answers, with a card of the same colour or multicolour.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..errors import AssistantError, DataError, InputError, events_place
from ..words import is_answer, join_names, key
from . import Undo, from_saved, standing

COLOURS = ("red", "blue", "yellow", "green")
COLOUR_WORDS = {"red": "red", "rouge": "red", "blue": "blue", "bleu": "blue", "yellow": "yellow",
                "jaune": "yellow", "green": "green", "vert": "green"}
MULTI_WORDS = ("multi", "multicolour", "multicolor", "multicolore", "any")
PER_COLOUR = 7  # 28 pawns: 7 of each colour
HALF_PATH = 8  # flagstones on each side of the fence at the start
ROUNDS_TO_WIN = 2
NAME = re.compile(r"^[^\W_][\w-]{0,31}$")


def colour(text: str) -> str:
    found = COLOUR_WORDS.get(key(text))
    if found is None:
        raise InputError(f"unknown colour {text!r}: expected red, blue, yellow or green (rouge, bleu, jaune, vert)")
    return found


class Move(NamedTuple):
    """One card played (or the cards exchanged), by ``player``."""

    verb: str  # gnome, pull, squirrels, exchange, contre, sur-contre, sur-sur-contre
    player: str
    card: str | None = None  # the card's colour, or 'multi'
    colour: str | None = None  # the gnome placed (or countered with)
    zero: tuple[str, ...] = ()
    two: tuple[str, ...] = ()
    count: int = 0  # squirrels

    def words(self) -> str:
        if self.verb == "pull":
            words = ["pull"] + (["--zero", ",".join(self.zero)] if self.zero else []) + \
                    (["--two", ",".join(self.two)] if self.two else [])
        elif self.verb == "squirrels":
            words = ["squirrels", str(self.count)]
        elif self.verb == "exchange":
            words = ["exchange"]
        else:
            words = [self.verb, self.card or self.colour]
            if self.colour is not None and self.card != self.colour:
                words.append(self.colour)
        return " ".join(words + ["--by", self.player])


class State(NamedTuple):
    """Everything the table sees: lines of gnomes, the hose, whose turn, the score."""

    lines: tuple[tuple[str, ...], tuple[str, ...]]  # each side's gnome colours, back (far) to front
    shift: int  # flagstones the hose has moved towards side 0 (negative: towards side 1)
    turn: int  # index in the playing order
    round: int
    rounds: tuple[int, int]  # rounds won by each side
    last: Move | None  # the move just played (the counters answer it)
    setup: tuple[str, ...]  # players still to place their first gnome this round
    log: tuple[str, ...]  # what happened, for the show

    def front(self, side: int) -> int:
        """The front gnome's distance to the fence, in flagstones (0 or less: crashed)."""
        far = HALF_PATH + (self.shift if side == 0 else -self.shift)
        return far - (len(self.lines[side]) - 1)

    def free(self, side: int) -> int:
        """Flagstones still free in front of the side's line."""
        return self.front(side) - 1 if self.lines[side] else HALF_PATH


class TugGame(NamedTuple):
    """A match: two sides (one or two players each), the optional counters, the moves."""

    name: str
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    counters: bool = False
    starter: str | None = None
    events: tuple = ()

    kind = "oh-les-nains"
    data_file = None

    @classmethod
    def new(cls, name: str, sides: list[str], counters: bool = False, starter: str | None = None) -> "TugGame":
        """``sides``: ['Ana', 'Ben'] or ['Ana+Cleo', 'Ben+Dan'] (teams of two, seated alternately)."""
        if len(sides) != 2:
            raise InputError("two sides: --sides Ana,Ben (or teams: --sides Ana+Cleo,Ben+Dan)")
        teams = tuple(tuple(p.strip() for p in side.split("+") if p.strip()) for side in sides)
        if {len(t) for t in teams} not in ({1}, {2}):
            raise InputError("each side has one player, or each has two: --sides Ana+Cleo,Ben+Dan")
        names = [p for team in teams for p in team]
        for player in names:
            if not NAME.match(player) or is_answer(player) or key(player) in MULTI_WORDS:
                raise InputError(f"player name {player!r}: use letters, digits and hyphens")
        if len({key(n) for n in names}) != len(names):
            raise InputError(f"two players share a name: {', '.join(names)}")
        game = cls(name, teams, counters)
        if starter is not None:
            game = game._replace(starter=game.player(starter))
        return game

    # -- who plays ----------------------------------------------------------------------

    @property
    def order(self) -> tuple[str, ...]:
        """The strict playing order: one player of each side in turn (Ana, Ben, Cleo, Dan)."""
        a, b = self.sides
        return tuple(p for pair in zip(a, b) for p in pair)

    def side_of(self, player: str) -> int:
        return 0 if player in self.sides[0] else 1

    def side_name(self, side: int) -> str:
        return "+".join(self.sides[side])

    def player(self, text: str) -> str:
        for player in self.order:
            if key(player) == key(text):
                return player
        raise InputError(f"unknown player {text!r}: this match has {join_names(self.order)}")

    # -- replay ---------------------------------------------------------------------------

    def standing(self) -> list[Move]:
        """The moves still in force (each undo cancels the latest one not yet cancelled)."""
        return standing(self.events)

    def _start_round(self, number: int, rounds: tuple[int, int], starter_index: int, log) -> State:
        return State(((), ()), 0, starter_index, number, rounds, None, self.order, log)

    def state(self) -> State:
        start = self.order.index(self.starter) if self.starter else 0
        state = self._start_round(1, (0, 0), start, ())
        for move in self.standing():
            state = self._apply(state, move)
        return state

    def winner(self) -> str | None:
        state = self.state()
        for side in (0, 1):
            if state.rounds[side] >= ROUNDS_TO_WIN:
                return self.side_name(side)
        return None

    def _pull(self, state: State, side: int, flagstones: int, why: str) -> State:
        """Side ``side`` pulls the hose ``flagstones`` towards itself; a crash ends the round."""
        shift = state.shift + (flagstones if side == 0 else -flagstones)
        state = state._replace(shift=shift, log=state.log + (f"{self.side_name(side)} pulls {flagstones} ({why})",))
        loser = 1 - side
        if state.lines[loser] and state.front(loser) <= 0:
            rounds = list(state.rounds)
            rounds[side] += 1
            log = state.log + (f"{self.side_name(loser)}'s front gnome hits the fence: "
                               f"{self.side_name(side)} wins round {state.round}",)
            # rules: the loser of a round starts the next one
            starter = self.order.index(self.sides[loser][0])
            return self._start_round(state.round + 1, tuple(rounds), starter, log)
        return state

    def _apply(self, state: State, move: Move) -> State:
        side = self.side_of(move.player)
        lines = [list(state.lines[0]), list(state.lines[1])]
        if move.verb == "gnome" and move.player in state.setup:
            lines[side].append(move.colour)
            setup = tuple(p for p in state.setup if p != move.player)
            return state._replace(lines=(tuple(lines[0]), tuple(lines[1])), setup=setup,
                                  log=state.log + (f"{move.player} sets a {move.colour} gnome",))
        next_turn = (state.turn + 1) % len(self.order)
        after = state._replace(turn=next_turn, last=move)
        if move.verb == "gnome":
            lines[side].append(move.colour)
            after = after._replace(lines=(tuple(lines[0]), tuple(lines[1])),
                                   log=state.log + (f"{move.player} adds a {move.colour} gnome",))
            return self._pull(after, 1 - side, 2, "a gnome was added")
        if move.verb == "pull":
            strength = [sum(_value(c, move) for c in lines[s]) for s in (0, 1)]
            difference = abs(strength[0] - strength[1])
            text = f"pull: {self.side_name(0)} {strength[0]}, {self.side_name(1)} {strength[1]}"
            after = after._replace(log=state.log + (text,))
            if difference == 0:
                return after._replace(log=after.log + ("equal strength: nothing moves",))
            return self._pull(after, 0 if strength[0] > strength[1] else 1, difference, "the stronger side")
        if move.verb == "squirrels":
            return self._pull(after, side, move.count, f"{move.count} squirrel{'s' if move.count > 1 else ''}")
        if move.verb == "exchange":
            return self._pull(after, 1 - side, 1, f"{move.player} exchanged cards")
        if move.verb == "contre":
            lines[1 - side].pop()  # the gnome they just placed leaves
            return after._replace(lines=(tuple(lines[0]), tuple(lines[1])),
                                  log=state.log + (f"{move.player} counters: the {move.colour} gnome leaves",))
        if move.verb == "sur-contre":
            lines[side] += [move.colour, move.colour]
            return after._replace(lines=(tuple(lines[0]), tuple(lines[1])),
                                  log=state.log + (f"{move.player} counters the counter: two {move.colour} gnomes",))
        if move.verb == "sur-sur-contre":
            taken = [lines[1 - side].pop(), lines[1 - side].pop()][::-1]
            lines[side] += taken
            return after._replace(lines=(tuple(lines[0]), tuple(lines[1])),
                                  log=state.log + (f"{move.player} takes the two {move.colour} gnomes",))
        return after

    # -- recording ----------------------------------------------------------------------

    def record(self, event) -> "TugGame":
        if isinstance(event, Undo):
            if not self.standing():
                raise InputError("nothing to undo: no move is recorded")
            return self._replace(events=self.events + (event,))
        if self.winner() is not None:
            raise AssistantError(f"the match is over: {self.winner()} won it")
        state = self.state()
        move = event
        side = self.side_of(move.player)
        in_play = {c: sum(line.count(c) for line in state.lines) for c in COLOURS}
        if state.setup:
            if move.verb != "gnome" or move.player not in state.setup:
                raise InputError(f"the round starts with each player's first gnome: "
                                 f"{join_names(state.setup)} still to place one (gnome COLOUR --by NAME)")
        else:
            due = self.order[state.turn]
            if move.player != due:
                raise InputError(f"it is {due}'s turn, not {move.player}'s")
        if move.verb in ("gnome", "sur-contre"):
            needed = 2 if move.verb == "sur-contre" else 1
            if in_play[move.colour] + needed > PER_COLOUR:
                raise InputError(f"only {PER_COLOUR - in_play[move.colour]} {move.colour} gnome(s) left in the box")
            if move.card not in ("multi", move.colour):
                if in_play[move.card] < PER_COLOUR:
                    raise InputError(f"a {move.card} card adds a {move.card} gnome; another colour only when "
                                     f"no {move.card} gnome is left")
            if not state.setup and state.free(side) < needed:
                raise InputError(f"no free flagstone left in front of {self.side_name(side)}'s gnomes")
        if move.verb in ("contre", "sur-contre", "sur-sur-contre"):
            self._check_counter(state, move)
        return self._replace(events=self.events + (event,))

    def _check_counter(self, state: State, move: Move) -> None:
        if not self.counters:
            raise InputError("the counters are optional rules: start the match with --counters to use them")
        answers = {"contre": "gnome", "sur-contre": "contre", "sur-sur-contre": "sur-contre"}[move.verb]
        last = state.last
        if last is None or last.verb != answers or self.side_of(last.player) == self.side_of(move.player):
            raise InputError(f"{move.verb} answers the other side's {answers} right before it: "
                             f"the last move was {last.words() if last else 'none'}")
        if move.card not in ("multi", last.colour):
            raise InputError(f"{move.verb} takes a {last.colour} card or a multicolour one (got {move.card})")

    # -- the words of moves ---------------------------------------------------------------------

    def read_step(self, text: str):
        words = text.split()
        if not words:
            raise InputError("empty step")
        verb = key(words[0])
        by = None
        if "--by" in words:
            at = words.index("--by")
            if at + 1 >= len(words):
                raise InputError("--by needs a player's name")
            by = self.player(words[at + 1])
            words = words[:at] + words[at + 2:]
        rest = words[1:]
        if verb == "undo" and not rest:
            return Undo()
        state = self.state()
        player = by or (state.setup[0] if state.setup else self.order[state.turn])
        if verb == "gnome" and rest:
            card = "multi" if key(rest[0]) in MULTI_WORDS else colour(rest[0])
            if len(rest) > 2 or (card == "multi" and len(rest) != 2):
                raise InputError("write: gnome COLOUR, gnome multi COLOUR, or gnome COLOUR OTHER (none of COLOUR left)")
            chosen = colour(rest[1]) if len(rest) == 2 else card
            if player in state.setup:
                card = chosen  # the first gnome is chosen freely, no card
            return Move("gnome", player, card, chosen)
        if verb in ("contre", "surcontre", "sursurcontre") and rest:
            name = {"contre": "contre", "surcontre": "sur-contre", "sursurcontre": "sur-sur-contre"}[verb]
            card = "multi" if key(rest[0]) in MULTI_WORDS else colour(rest[0])
            last = state.last
            countered = last.colour if last is not None and last.colour else card
            return Move(name, player, card, countered)
        if verb == "pull":
            zero, two = _colour_option(rest, "--zero"), _colour_option(rest, "--two")
            if set(zero) & set(two):
                raise InputError("a colour cannot count both 0 and 2")
            leftover = [w for w in rest if w not in ("--zero", "--two") and not _is_value(rest, w)]
            if leftover:
                raise InputError(f"write: pull --zero COLOURS --two COLOURS (got {' '.join(leftover)})")
            return Move("pull", player, zero=zero, two=two)
        if verb in ("squirrels", "squirrel", "ecureuils") and len(rest) == 1:
            if rest[0] not in ("1", "2", "3"):
                raise InputError(f"squirrel cards show 1, 2 or 3 squirrels (got {rest[0]!r})")
            return Move("squirrels", player, count=int(rest[0]))
        if verb in ("exchange", "echange") and not rest:
            return Move("exchange", player)
        raise InputError(f"unknown move {text!r}: expected gnome, pull, squirrels, exchange, "
                         f"contre, sur-contre, sur-sur-contre or undo")

    def step(self, event) -> str:
        return "undo" if isinstance(event, Undo) else event.words()

    # -- the saved form ---------------------------------------------------------------------------

    def header(self) -> dict:
        data = {"pad": self.kind, "sides": ["+".join(side) for side in self.sides]}
        if self.counters:
            data["counters"] = True
        if self.starter:
            data["starter"] = self.starter
        return data

    def to_mapping(self) -> dict:
        return {"assistant": "pad/1", **self.header(), "events": [self.step(e) for e in self.events]}

    @classmethod
    def from_header(cls, data: dict, name: str, rules, source: str) -> "TugGame":
        sides = data.get("sides")
        if isinstance(sides, str):
            sides = sides.split(",")
        if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides):
            raise DataError(f"{source}: sides: expected two names (or teams like Ana+Cleo)")
        counters = data.get("counters", False)
        if not isinstance(counters, bool):
            raise DataError(f"{source}: counters: expected true or false (got {counters!r})")
        try:
            return cls.new(name, sides, counters, data.get("starter"))
        except InputError as error:
            raise DataError(f"{source}: {error}") from None

    @classmethod
    def from_mapping(cls, data: dict, name: str, rules, source: str, where=events_place) -> "TugGame":
        return from_saved(cls, data, name, rules, source, ("sides", "counters", "starter"), where)

    # -- what the score pad shows ------------------------------------------------------------------

    def totals(self) -> dict[str, int]:
        state = self.state()
        return {self.side_name(side): state.rounds[side] for side in (0, 1)}

    def status(self) -> list[str]:
        state = self.state()
        score = f"{self.side_name(0)} {state.rounds[0]} - {state.rounds[1]} {self.side_name(1)}"
        winner = self.winner()
        lines = [f"final: {score}" if winner else f"round {state.round}: {score}"]
        if winner:
            lines.append(f"{winner} wins the match")
        elif state.setup:
            lines.append(f"to place a first gnome: {join_names(state.setup)}")
        else:
            lines.append(f"{self.order[state.turn]} plays")
        return lines


def _value(gnome: str, move: Move) -> int:
    if gnome in move.zero:
        return 0
    if gnome in move.two:
        return 2
    return 1


def _colour_option(words: list[str], flag: str) -> tuple[str, ...]:
    if flag not in words:
        return ()
    at = words.index(flag)
    if at + 1 >= len(words):
        raise InputError(f"{flag} needs colours, e.g. {flag} green,blue")
    return tuple(colour(c) for c in words[at + 1].split(",") if c)


def _is_value(words: list[str], word: str) -> bool:
    at = words.index(word)
    return at > 0 and words[at - 1] in ("--zero", "--two")


PAD = TugGame
