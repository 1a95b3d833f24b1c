"""Oh ! les Nains: the rope tracker (a tug-of-war of garden gnomes over a fence).

Two sides pull a hose laid over 16 flagstones, 8 on each side of the fence
at the start (FACTS.md: 16 is one source; 8 a side is inferred: a match may
say its own count, ``flagstones``, and the tool says when it uses 16). A side's
gnomes hold the hose in a line: the first one on the flagstone farthest from
the fence, each new one on the next flagstone towards the fence. When the hose
moves k flagstones towards a side, that side's gnomes move k away from the
fence and the other side's k towards it; a side whose front gnome is dragged
into the fence loses the round. Two winning rounds win the match; the loser
of a round starts the next one (``starts NAME`` chooses another starter).

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

Each move type below owns its words: a ``FORM`` (the grammar), ``from_words``
(parse) and ``words`` (format), with ``build`` the typed constructor both the
grammar and the command line go through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from assistant.engine.errors import DataError, InputError
from assistant.engine.grammar import Form, Option, accepted, form_for, typed_so_far
from assistant.engine.i18n import DEFAULT, N_, _, language, ngettext
from assistant.engine.pad import ScorePad
from assistant.engine.records import NamedTuple
from assistant.engine.registry import Outcome
from assistant.engine.words import (
    Options,
    check_names,
    join_names,
    key,
    pairs,
    shown,
    whole_number,
)

COLOURS = ("red", "blue", "yellow", "green")
COLOUR_WORDS = {"red": "red", "rouge": "red", "blue": "blue", "bleu": "blue", "yellow": "yellow",
                "jaune": "yellow", "green": "green", "vert": "green"}
MULTI = "multi"
MULTI_WORDS = ("multi", "multicolour", "multicolor", "multicolore", "any")
PER_COLOUR = 7  # 28 pawns: 7 of each colour
FLAGSTONES = 16  # the path's length when the table does not say: one public source, unverified (FACTS.md)
HALF_PATH = FLAGSTONES // 2  # flagstones on each side of the fence at the start (inferred)
FEWEST_FLAGSTONES, MOST_FLAGSTONES = 4, 60  # the tool's bounds: room for a second gnome, a path a table can lay
FLAGSTONES_SAID = N_("the number of flagstones of the path, an even number")
ROUNDS_TO_WIN = 2
SQUIRRELS = N_("the squirrels on the card (1, 2 or 3 squirrels)")
COLOUR_SAID = {"red": N_("red"), "blue": N_("blue"), "yellow": N_("yellow"), "green": N_("green")}
GNOMES_SAID = {"red": N_("red gnomes"), "blue": N_("blue gnomes"), "yellow": N_("yellow gnomes"),
               "green": N_("green gnomes")}  # French: the adjective agrees (nains verts)


def said(colour_or_multi: str) -> str:
    """A colour (or 'multi') as the player reads it: 'rouge' in French; the saved words stay English."""
    return _(COLOUR_SAID[colour_or_multi]) if colour_or_multi in COLOUR_SAID else _("multicolour")


def letter(colour_name: str) -> str:
    """The letter a gnome of ``colour_name`` shows in pictures: its colour's initial in the language spoken
    (R B Y G; in French R B J V). The four initials differ in both languages (tests/test_tug.py)."""
    return said(colour_name)[0].upper()


def flagstones(text: object) -> int:
    """The path's length as the table counts it: an even number (the fence stands in the middle)."""
    count = whole_number(text, _(FLAGSTONES_SAID), low=FEWEST_FLAGSTONES, high=MOST_FLAGSTONES)
    if count % 2:
        raise InputError(_("the fence stands in the middle of the path: an even number of flagstones (got {count})")
                         .format(count=count))
    return count

BY = Option("by", ("--by", "--par"), "player", french="--par")


def colour(text: str) -> str:
    """'rouge' -> 'red'; anything else is refused naming the four colours."""
    found = COLOUR_WORDS.get(key(text))
    if found is None:
        raise InputError(_("unknown colour {colour}: expected red, blue, yellow or green (rouge, bleu, jaune, vert)")
                         .format(colour=shown(text)))
    return found


def card_colour(text: str) -> str:
    """A card: one of the four colours, or 'multi' (a multicolour gnome)."""
    return MULTI if key(text) in MULTI_WORDS else colour(text)


def _mover(game: TugGame, by: str | None) -> str:
    """The player named by --by, or whoever is due to play."""
    return game.player(by) if by is not None else game.due()


def _arity(found: Options, low: int, high: int, usage: str) -> list[str]:
    if not low <= len(found.positional) <= high:
        raise InputError(_("write: {usage}").format(usage=_(usage)))
    return found.positional


# -- the moves -------------------------------------------------------------------------------


class _GnomeFields(NamedTuple):
    player: str
    card: str
    colour: str


class Gnome(_GnomeFields):
    """A gnome added with a card (``card``: its colour or multi) or placed first in a round."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("gnome", "nain"), ("card", "colour"), (BY,),
        usage=N_("gnome COLOUR, gnome multi COLOUR, or gnome COLOUR OTHER (none of COLOUR left) [--by NAME]"),
        french="nain")

    @classmethod
    def build(cls, game: TugGame, card: str, chosen: str | None = None, by: str | None = None) -> Gnome:
        player = _mover(game, by)
        card = card_colour(card)
        if card == MULTI and chosen is None:
            raise InputError(_("a multicolour card adds a gnome of the colour you choose: gnome multi COLOUR"))
        placed = colour(chosen) if chosen is not None else card
        if player in game.state().setup:
            card = placed  # a round's first gnome is chosen freely, with no card
        return cls(player, card, placed)

    @classmethod
    def from_words(cls, game: TugGame, found: Options) -> Gnome:
        words = _arity(found, 1, 2, cls.FORM.usage)
        return cls.build(game, words[0], words[1] if len(words) == 2 else None, found.last("by"))

    def words(self, game: TugGame) -> list[str]:
        chosen = [self.colour] if self.colour != self.card else []
        return ["gnome", self.card, *chosen, "--by", self.player]


class _PullFields(NamedTuple):
    player: str
    zero: tuple[str, ...] = ()
    two: tuple[str, ...] = ()


class Pull(_PullFields):
    """A pull card: gnomes of ``zero`` count 0, of ``two`` count 2, every other gnome 1."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("pull", "tirer"), (), (Option("zero", ("--zero", "--zéro"), "colours", repeat=True, french="--zéro"),
                                Option("two", ("--two", "--deux"), "colours", repeat=True, french="--deux"),
                                BY),
        usage=N_("pull --zero COLOURS --two COLOURS [--by NAME]"), french="tirer")

    @classmethod
    def build(cls, game: TugGame, zero: list[str] | None = None, two: list[str] | None = None,
              by: str | None = None) -> Pull:
        """``zero``/``two``: each value one colour or several joined by commas ('green,blue')."""
        zeros, twos = _colours(zero, "--zero"), _colours(two, "--two")
        both = [c for c in zeros if c in twos]
        if both:
            raise InputError(_("a colour cannot count both 0 and 2 (got {colours} in --zero and --two)")
                             .format(colours=join_names([said(c) for c in both])))
        return cls(_mover(game, by), zeros, twos)

    @classmethod
    def from_words(cls, game: TugGame, found: Options) -> Pull:
        _arity(found, 0, 0, cls.FORM.usage)
        return cls.build(game, found.values.get("zero"), found.values.get("two"), found.last("by"))

    def words(self, game: TugGame) -> list[str]:
        zero = ["--zero", ",".join(self.zero)] if self.zero else []
        two = ["--two", ",".join(self.two)] if self.two else []
        return ["pull", *zero, *two, "--by", self.player]

    def value(self, gnome: str) -> int:
        # rules: "Tout nain d'une couleur qui n'est pas indiquée par la carte ... vaut 1 point."
        return 0 if gnome in self.zero else 2 if gnome in self.two else 1


def _colours(values: list[str] | None, spelling: str) -> tuple[str, ...]:
    """Every colour of an option given once or more ('--zero red --zero blue' keeps both), each once."""
    if values is None:
        return ()
    found = [colour(word) for word in pairs(values)]
    if not found:
        raise InputError(_("{option} needs colours, e.g. {option} green,blue (got {got})")
                         .format(option=spelling, got=shown(",".join(values))))
    return tuple(dict.fromkeys(found))


class _SquirrelsFields(NamedTuple):
    player: str
    number: int  # of flagstones pulled, the card's 1, 2 or 3 (not ``count``: a tuple's count is a method)


class Squirrels(_SquirrelsFields):
    """A squirrel card: the player's side pulls ``number`` flagstones."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("squirrels", "squirrel", "ecureuils", "ecureuil"), ("number",), (BY,),
        usage=N_("squirrels 1|2|3 [--by NAME]"), french="écureuils")

    @classmethod
    def build(cls, game: TugGame, count: str | int, by: str | None = None) -> Squirrels:
        return cls(_mover(game, by), whole_number(count, _(SQUIRRELS), low=1, high=3))

    @classmethod
    def from_words(cls, game: TugGame, found: Options) -> Squirrels:
        return cls.build(game, _arity(found, 1, 1, cls.FORM.usage)[0], found.last("by"))

    def words(self, game: TugGame) -> list[str]:
        return ["squirrels", str(self.number), "--by", self.player]


class _ExchangeFields(NamedTuple):
    player: str


class Exchange(_ExchangeFields):
    """Cards exchanged instead of played: the other side pulls 1."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("exchange", "echange", "echanger"), (), (BY,), usage=N_("exchange [--by NAME]"), french="échange")

    @classmethod
    def build(cls, game: TugGame, by: str | None = None) -> Exchange:
        return cls(_mover(game, by))

    @classmethod
    def from_words(cls, game: TugGame, found: Options) -> Exchange:
        _arity(found, 0, 0, cls.FORM.usage)
        return cls.build(game, found.last("by"))

    def words(self, game: TugGame) -> list[str]:
        return ["exchange", "--by", self.player]


COUNTER_VERBS = ("contre", "sur-contre", "sur-sur-contre")
COUNTER_USAGES = (N_("contre COLOUR, or contre multi COLOUR [--by NAME]"),
                  N_("sur-contre COLOUR, or sur-contre multi COLOUR [--by NAME]"),
                  N_("sur-sur-contre COLOUR, or sur-sur-contre multi COLOUR [--by NAME]"))
COUNTER_FORMS = tuple(Form((verb, f"{'over-' * level}counter"), ("card", "colour"), (BY,), usage=usage)
                      for level, (verb, usage) in enumerate(zip(COUNTER_VERBS, COUNTER_USAGES, strict=True)))


class Counter(NamedTuple):
    """The optional counters: ``level`` 1 contre, 2 sur-contre, 3 sur-sur-contre, on gnomes of ``colour``."""

    level: int
    player: str
    card: str
    colour: str

    @property
    def verb(self) -> str:
        return COUNTER_VERBS[self.level - 1]

    @classmethod
    def build(cls, game: TugGame, level: int, card: str, chosen: str | None = None,
              by: str | None = None) -> Counter:
        """A card of a colour counters that colour; a multicolour one the colour named, else the move's."""
        card = card_colour(card)
        verb = COUNTER_VERBS[level - 1]
        countered: str | None
        if card != MULTI:
            if chosen is not None and colour(chosen) != card:
                raise InputError(_("a {card} card counters {gnomes}: write {verb} {typed}, or {verb} multi "
                                   "{chosen}").format(card=said(card), gnomes=_(GNOMES_SAID[card]), verb=verb,
                                                      typed=said(card), chosen=said(colour(chosen))))
            countered = card
        elif chosen is not None:
            countered = colour(chosen)
        else:
            countered = getattr(game.state().last, "colour", None)
            if countered is None:
                raise InputError(_("say which colour the multicolour card counters: {verb} multi COLOUR")
                                 .format(verb=verb))
        return cls(level, _mover(game, by), card, countered)

    @classmethod
    def reader(cls, level: int):
        def from_words(game: TugGame, found: Options) -> Counter:
            words = _arity(found, 1, 2, COUNTER_FORMS[level - 1].usage)
            return cls.build(game, level, words[0], words[1] if len(words) == 2 else None, found.last("by"))

        return from_words

    def words(self, game: TugGame) -> list[str]:
        chosen = [self.colour] if self.card == MULTI else []
        return [self.verb, self.card, *chosen, "--by", self.player]


class _StartsFields(NamedTuple):
    player: str


class Starts(_StartsFields):
    """Who plays the first card of the round (the rules: the loser of the previous round)."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(("starts", "commence"), ("player",), (), usage=N_("starts NAME"), french="commence")

    @classmethod
    def build(cls, game: TugGame, player: str) -> Starts:
        return cls(game.player(player))

    @classmethod
    def from_words(cls, game: TugGame, found: Options) -> Starts:
        return cls.build(game, _arity(found, 1, 1, cls.FORM.usage)[0])

    def words(self, game: TugGame) -> list[str]:
        return ["starts", self.player]


Move = Gnome | Pull | Squirrels | Exchange | Counter | Starts
READERS = {Gnome.FORM: Gnome.from_words, Pull.FORM: Pull.from_words, Squirrels.FORM: Squirrels.from_words,
           Exchange.FORM: Exchange.from_words, Starts.FORM: Starts.from_words,
           **{form: Counter.reader(level) for level, form in enumerate(COUNTER_FORMS, 1)}}
KINDS = {Gnome.FORM: Gnome, Pull.FORM: Pull, Squirrels.FORM: Squirrels, Exchange.FORM: Exchange, Starts.FORM: Starts,
         **{form: Counter for form in COUNTER_FORMS}}  # the kind of move of each form


# -- the state of the rope --------------------------------------------------------------------


RECENT = 8  # lines of what happened a state keeps: the show says the last four


def _recent(lines: tuple[str, ...]) -> tuple[str, ...]:
    """The lines of what happened worth keeping before one more is added (a state is copied at every
    move: keeping them all made a long match cost the square of its length)."""
    return lines[-(RECENT - 1):]


class State(NamedTuple):
    """Everything the table sees: lines of gnomes, the hose, whose turn, the score."""

    lines: tuple[tuple[str, ...], tuple[str, ...]]  # each side's gnome colours, back (far) to front
    shift: int  # flagstones the hose has moved towards side 0 (negative: towards side 1)
    turn: int  # index in the playing order
    round: int
    rounds: tuple[int, int]  # rounds won by each side
    last: Move | None  # the card just played this round (the counters answer it)
    setup: tuple[str, ...]  # players still to place their first gnome this round
    log: tuple[str, ...]  # what happened lately, for the show (its last RECENT lines: a long match stays light)
    chosen: bool = False  # the round's starter was chosen with ``starts``
    half: int = HALF_PATH  # flagstones on each side of the fence at the start

    def far(self, side: int) -> int:
        """The distance from the fence to the side's end of the path, in flagstones."""
        return self.half + (self.shift if side == 0 else -self.shift)

    def front(self, side: int) -> int:
        """The front gnome's distance to the fence, in flagstones (0 or less: crashed)."""
        return self.far(side) - (len(self.lines[side]) - 1)

    def free(self, side: int) -> int:
        """Flagstones still free in front of the side's line."""
        return self.front(side) - 1 if self.lines[side] else self.half


class _Match(NamedTuple):
    name: str
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    counters: bool = False
    starter: str | None = None
    events: Sequence = ()  # a tuple, or a log extended without copies (log.Chain)
    flagstones: int | None = None  # the path as the table counted it; None: the unverified 16


class TugGame(_Match, ScorePad[State]):
    """A match: two sides (one or two players each), the optional counters, the moves.

    A ``ScorePad`` (assistant/engine/pad.py) whose state is the rope: the state after the log is
    replayed once per game value and kept (``state()``); a move appended carries its state forward in
    one step. Its totals are the rounds each side won."""

    kind = "oh-les-nains"
    EXPECTS = ("totals", "winner")  # what a scenario may expect after a step (a match has no deals)
    HEADER_KEYS = ("sides", "counters", "starter", "flagstones")
    READERS = READERS
    UNIT = "rounds"

    @classmethod
    def new(cls, name: str, sides: list[str], counters: bool = False, starter: str | None = None,
            path: str | int | None = None) -> TugGame:
        """``sides``: ['Ana', 'Ben'] or ['Ana+Cleo', 'Ben+Dan'] (teams of two, seated alternately);
        ``path``: the flagstones the table counts (None: the unverified 16)."""
        if len(sides) != 2:
            raise InputError(_("two sides: --sides Ana,Ben (or teams: --sides Ana+Cleo,Ben+Dan)"))
        teams = tuple(tuple(p.strip() for p in side.split("+") if p.strip()) for side in sides)
        if {len(t) for t in teams} not in ({1}, {2}):
            raise InputError(_("each side has one player, or each has two: --sides Ana+Cleo,Ben+Dan"))
        names = [p for team in teams for p in team]
        check_names(names, "player", "--sides Ana,Ben")
        for player in names:
            if key(player) in MULTI_WORDS:
                raise InputError(_("player name {name} is a card's word: pick another name").format(name=shown(player)))
        game = cls(name, (teams[0], teams[1]), counters, flagstones=flagstones(path) if path is not None else None)
        if starter is not None:
            game = game._replace(starter=game.player(starter))
        return game

    # -- who plays ----------------------------------------------------------------------

    @property
    def order(self) -> tuple[str, ...]:
        """The strict playing order: one player of each side in turn (Ana, Ben, Cleo, Dan)."""
        a, b = self.sides
        return tuple(p for pair in zip(a, b, strict=True) for p in pair)

    def side_of(self, player: str) -> int:
        return 0 if player in self.sides[0] else 1

    def side_name(self, side: int) -> str:
        return "+".join(self.sides[side])

    @property
    def players(self) -> tuple[str, ...]:
        """The players as they sit and play (``order``)."""
        return self.order

    def due(self) -> str:
        """Who plays now: the next player to place a first gnome, else whose turn it is."""
        state = self.state()
        return state.setup[0] if state.setup else self.order[state.turn]

    # -- the rope -----------------------------------------------------------------------------

    @property
    def path(self) -> int:
        """The flagstones of the path: the table's count, else the unverified 16."""
        return self.flagstones or FLAGSTONES

    def _start_round(self, number: int, rounds: tuple[int, int], starter_index: int, log_lines) -> State:
        return State(((), ()), 0, starter_index, number, rounds, None, self.order, log_lines, half=self.path // 2)

    def initial_state(self) -> State:
        return self._start_round(1, (0, 0), self.order.index(self.starter) if self.starter else 0, ())

    def outcome(self) -> Outcome:
        """The end of the match: finished once a side has won two rounds; its players are the winners."""
        return super().outcome()._replace(players=tuple(p for side in self.sides for p in side))

    def winners(self) -> tuple[str, ...]:
        """The players of the side that won the match."""
        winner = self.winner()
        return next((side for side in self.sides if "+".join(side) == winner), ()) if winner else ()

    def points(self) -> dict[str, int]:
        """The rounds each player's side won."""
        state = self.state()
        return {player: state.rounds[index] for index, side in enumerate(self.sides) for player in side}

    def over(self, state: State) -> bool:
        """Whether a side has won its two rounds."""
        return max(state.rounds) >= ROUNDS_TO_WIN

    def totals_in(self, state: State) -> dict[str, int]:
        """The rounds each side won."""
        return {self.side_name(side): state.rounds[side] for side in (0, 1)}

    def next_game(self) -> str:
        """The command that starts the next match with the same sides."""
        return _("tug new --sides {sides}").format(sides=",".join("+".join(side) for side in self.sides))

    def first_player(self) -> str | None:
        """Who played the match's first move (a gnome or a card), once one is played: the starter, chosen
        (``starts NAME``) or not."""
        return next((move.player for move in self.standing() if not isinstance(move, Starts)), None)

    def statistics(self) -> dict:
        """What the statistics keep of a match besides its outcome: rounds played, and won by each player."""
        return {"rounds": {"played": sum(self.state().rounds), "won": self.points()}}

    def _pull(self, state: State, side: int, flagstones: int, why: str) -> State:
        """Side ``side`` pulls the hose ``flagstones`` towards itself; a crash ends the round."""
        shift = state.shift + (flagstones if side == 0 else -flagstones)
        state = state._replace(shift=shift, log=_recent(state.log) + (
            _("{side} pulls {count} ({why})").format(side=self.side_name(side), count=flagstones, why=why),))
        loser = 1 - side
        if state.lines[loser] and state.front(loser) <= 0:
            rounds = list(state.rounds)
            rounds[side] += 1
            said = _("{loser}'s front gnome hits the fence: {side} wins round {round}").format(
                loser=self.side_name(loser), side=self.side_name(side), round=state.round)
            log_lines = _recent(state.log) + (said,)
            if max(rounds) >= ROUNDS_TO_WIN:  # the match is won: the final rope stays, no round follows
                return state._replace(rounds=(rounds[0], rounds[1]), log=log_lines, setup=(), last=None)
            # rules: "C'est toujours le perdant de la manche précédente qui commence."
            starter = self.order.index(self.sides[loser][0])
            return self._start_round(state.round + 1, (rounds[0], rounds[1]), starter, log_lines)
        return state

    def apply(self, state: State, move: Move, strict: bool) -> State:
        """The rope after ``move``, once the rules allow it (``strict``: the checks made since 0.1 too)."""
        self._check(state, move, strict)
        return self.moved(state, move)

    def replayed(self, state: State, move: Move) -> State:
        """A standing move folded again, unchecked: a saved retract was never checked against the moves after it."""
        return self.moved(state, move)

    def moved(self, state: State, move: Move) -> State:
        """The rope after ``move``, unchecked."""
        if isinstance(move, Starts):
            return state._replace(turn=self.order.index(move.player), chosen=True,
                                  log=_recent(state.log) + (_("{player} starts round {round}").format(
                                      player=move.player, round=state.round),))
        side = self.side_of(move.player)
        lines = [list(state.lines[0]), list(state.lines[1])]
        if isinstance(move, Gnome) and move.player in state.setup:
            lines[side].append(move.colour)
            setup = tuple(p for p in state.setup if p != move.player)
            return state._replace(lines=(tuple(lines[0]), tuple(lines[1])), setup=setup,
                                  log=_recent(state.log) + (_("{player} sets a {colour} gnome").format(
                                      player=move.player, colour=said(move.colour)),))
        after = state._replace(turn=(state.turn + 1) % len(self.order), last=move)
        if isinstance(move, Gnome):
            lines[side].append(move.colour)
            after = after._replace(lines=(tuple(lines[0]), tuple(lines[1])),
                                   log=_recent(state.log) + (_("{player} adds a {colour} gnome").format(
                                       player=move.player, colour=said(move.colour)),))
            return self._pull(after, 1 - side, 2, _("a gnome was added"))
        if isinstance(move, Pull):
            strength = [sum(move.value(c) for c in lines[s]) for s in (0, 1)]
            difference = abs(strength[0] - strength[1])
            text = _("pull: {first} {first_strength}, {second} {second_strength}").format(
                first=self.side_name(0), first_strength=strength[0], second=self.side_name(1),
                second_strength=strength[1])
            after = after._replace(log=_recent(state.log) + (text,))
            if difference == 0:
                return after._replace(log=_recent(after.log) + (_("equal strength: nothing moves"),))
            return self._pull(after, 0 if strength[0] > strength[1] else 1, difference, _("the stronger side"))
        if isinstance(move, Squirrels):
            return self._pull(after, side, move.number,
                              ngettext("{count} squirrel", "{count} squirrels", move.number).format(count=move.number))
        if isinstance(move, Exchange):
            return self._pull(after, 1 - side, 1, _("{player} exchanged cards").format(player=move.player))
        if move.level == 1:
            lines[1 - side].pop()  # the gnome they just placed leaves
            text = _("{player} counters: the {colour} gnome leaves")
        elif move.level == 2:
            lines[side] += [move.colour, move.colour]
            text = _("{player} counters the counter: two {gnomes}")
        else:
            lines[side] += [lines[1 - side].pop(), lines[1 - side].pop()][::-1]
            text = _("{player} takes the two {gnomes}")
        text = text.format(player=move.player, colour=said(move.colour), gnomes=_(GNOMES_SAID[move.colour]))
        return after._replace(lines=(tuple(lines[0]), tuple(lines[1])), log=_recent(state.log) + (text,))

    # -- the checks ---------------------------------------------------------------------------

    def _check(self, state: State, move: Move, strict: bool) -> None:
        """Refuse a move the rules forbid; ``strict`` adds the checks made since version 0.1."""
        self._check_kind(state, type(move), getattr(move, "player", None), getattr(move, "level", 0))
        if isinstance(move, Starts):
            return
        side = self.side_of(move.player)
        if isinstance(move, Counter):
            self._check_counter(state, move, strict)
        if isinstance(move, Pull) and strict and not (move.zero or move.two):
            raise InputError(_("a pull card names at least one colour: pull --zero COLOURS and/or --two COLOURS "
                               "(a multicolour hat: the colour chosen)"))
        if isinstance(move, Gnome) or (isinstance(move, Counter) and move.level == 2):
            self._check_gnomes(state, move, side)

    def _check_kind(self, state: State, kind: type, player: str | None, level: int = 0) -> None:
        """Refuse a kind of move ``player`` may not make now, whatever its card: the match won, who starts
        once the round started, a card before the first gnomes, out of turn, a counter with nothing to
        answer (``level``: the counter's)."""
        if self.winner_in(state) is not None:
            raise self.game_over()
        if kind is Starts:
            if state.last is not None:
                raise InputError(_("round {round} has started: who starts is chosen before its first card")
                                 .format(round=state.round))
            return
        if state.setup:
            if kind is not Gnome or player not in state.setup:
                raise InputError(ngettext("the round starts with each player's first gnome: {names} still to place "
                                          "one (gnome COLOUR --by NAME)",
                                          "the round starts with each player's first gnome: {names} still to place "
                                          "one (gnome COLOUR --by NAME)", len(state.setup))
                                 .format(names=join_names(state.setup)))
        elif player != self.order[state.turn]:
            raise InputError(_("it is {player}'s turn, not {other}'s").format(player=self.order[state.turn],
                                                                            other=player))
        if kind is Counter:
            if not self.counters:
                raise InputError(_("the counters are optional rules: start the match with --counters to use them"))
            answers = "gnome" if level == 1 else COUNTER_VERBS[level - 2]
            last = state.last
            last_verb = last.verb if isinstance(last, Counter) else "gnome" if isinstance(last, Gnome) else None
            if last is None or last_verb != answers or self.side_of(last.player) == self.side_of(player):
                shown_last = self.said_step(last) if last is not None else _("none")
                raise InputError(_("{verb} answers the other side's {answers} right before it: the last move was "
                                   "{last}").format(verb=COUNTER_VERBS[level - 1],
                                                    answers=_("gnome") if answers == "gnome" else answers,
                                                    last=shown_last))

    def _check_gnomes(self, state: State, move: Gnome | Counter, side: int) -> None:
        needed = 2 if isinstance(move, Counter) else 1
        in_play = {c: sum(line.count(c) for line in state.lines) for c in COLOURS}
        if in_play[move.colour] + needed > PER_COLOUR:
            left = PER_COLOUR - in_play[move.colour]
            raise InputError(ngettext("only {count} {colour} gnome left in the box",
                                      "only {count} {colour} gnomes left in the box", left)
                             .format(count=left, colour=said(move.colour)))
        if move.card not in (MULTI, move.colour) and in_play[move.card] < PER_COLOUR:
            # rules: "Si les pions disponibles ... ne permettent pas de placer un nain de la couleur
            # indiquée sur la carte, vous pouvez choisir un nain d'une autre couleur."
            raise InputError(_("a {colour} card adds a {colour} gnome; another colour only when no {colour} gnome "
                               "is left").format(colour=said(move.card)))
        if not state.setup and state.free(side) < needed:
            raise InputError(_("no free flagstone left in front of {side}'s gnomes").format(side=self.side_name(side)))

    def _check_counter(self, state: State, move: Counter, strict: bool) -> None:
        answers = "gnome" if move.level == 1 else COUNTER_VERBS[move.level - 2]
        last = state.last
        assert isinstance(last, (Gnome, Counter)), "_check_kind refuses a counter with no gnome or counter to answer"
        if move.card not in (MULTI, last.colour) or (strict and move.colour != last.colour):
            # rules: "une carte permettant de rajouter un nain de même couleur (ou un nain multicolore)"
            got = self.said_value("card", move.card if move.card != MULTI else f"multi {move.colour}")
            raise InputError(_("{verb} answers {player}'s {answers} on {colour}: it takes a {colour} card or a "
                               "multicolour one (got {got})").format(
                verb=move.verb, player=last.player, answers=_("gnome") if answers == "gnome" else answers,
                colour=said(last.colour), got=got))

    # -- the words of moves ---------------------------------------------------------------------

    def said_value(self, slot: str, word: str) -> str:
        """A word of a saved step in the player's language: a colour ('rouge'), read back (see grammar.said);
        in English the word as saved ('multi red' stays as typed)."""
        if language() == DEFAULT:
            return word
        if slot in ("card", "colour", "colours") and all(part in (*COLOURS, MULTI) for part in re.split("[, ]", word)):
            return re.sub("[^, ]+", lambda part: said(part.group()), word)
        return word

    def pad_values(self, slot: str) -> tuple[str, ...]:
        """The words of this match that fit ``slot``: colours, cards, squirrels."""
        if slot in ("colour", "colours"):
            return COLOURS
        if slot == "card":
            return (*COLOURS, MULTI)
        if slot == "number":
            return ("1", "2", "3")
        return ()

    def why_not_now(self, form: Form, words: list[str]) -> str | None:
        """Why the step begun with ``words`` cannot be recorded now whatever comes next (the grammar's hint):
        a kind of move its player may not make now (``_check_kind``)."""
        by = typed_so_far(form, words).last("by")
        self._check_kind(self.state(), KINDS[form], self.player(by) if by is not None else self.due(),
                         COUNTER_FORMS.index(form) + 1 if form in COUNTER_FORMS else 0)
        return None

    def narrowed(self, slot: str, words: list[str], values: tuple[str, ...]) -> tuple[str, ...]:
        """The values of ``slot`` the step begun with ``words`` would take: whose move it is (--by), a card's
        colours recording accepts (another colour only when the card's own is out of the box)."""
        try:
            form = form_for(self, words[0])
        except (InputError, IndexError):
            return values
        if slot == "player" and words[-1] in BY.spellings:
            state = self.state()
            return state.setup if state.setup else (self.order[state.turn],)
        if form in (Gnome.FORM, *COUNTER_FORMS) and slot in ("card", "colour"):
            colours = tuple((colour,) for colour in COLOURS)
            return accepted(self, words, values, ((), *colours) if slot == "card" else ((),))
        return values

    # -- the saved form ---------------------------------------------------------------------------

    def header_fields(self) -> dict:
        data: dict[str, object] = {"sides": ["+".join(side) for side in self.sides]}
        if self.counters:
            data["counters"] = True
        if self.starter:
            data["starter"] = self.starter
        if self.flagstones is not None:
            data["flagstones"] = self.flagstones
        return data

    @classmethod
    def from_header(cls, data: dict, name: str, rules, source: str) -> TugGame:
        sides = data.get("sides")
        if isinstance(sides, str):
            sides = sides.split(",")
        if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides):
            raise DataError(_("{source}: sides: expected two names (or teams like Ana+Cleo)").format(source=source))
        counters = data.get("counters", False)
        if not isinstance(counters, bool):
            raise DataError(_("{source}: counters: expected true or false (got {got})")
                            .format(source=source, got=shown(counters)))
        starter = data.get("starter")
        if starter is not None and not isinstance(starter, str):
            raise DataError(_("{source}: starter: expected a player's name (got {got})")
                            .format(source=source, got=shown(starter)))
        path = data.get("flagstones")  # a match saved before the count was asked for: the 16 it used
        if path is not None and (isinstance(path, bool) or not isinstance(path, int)):
            raise DataError(_("{source}: flagstones: expected an even number (got {got})")
                            .format(source=source, got=shown(path)))
        try:
            return cls.new(name, sides, counters, starter, path)
        except InputError as error:
            raise DataError(f"{source}: {error}") from None

    # -- what the score pad shows ------------------------------------------------------------------

    def summary(self) -> str:
        state = self.state()
        return f"{self.side_name(0)} {state.rounds[0]} - {state.rounds[1]} {self.side_name(1)}"

    def describe(self) -> dict:
        """The match as plain data, as ``tug show --json`` prints it (English words, as saved)."""
        state = self.state()
        sides = [self.side_name(side) for side in (0, 1)]
        return {
            "name": self.name,
            "sides": sides,
            "order": list(self.order),
            "counters": self.counters,
            "flagstones": self.path,
            "flagstones_verified": self.flagstones is not None,
            "round": state.round,  # once the match is won, its last round (none follows)
            "finished": self.over(state),
            "next_round": None if self.over(state) else state.round,
            "rounds": dict(zip(sides, state.rounds, strict=True)),
            "winner": self.winner(),
            "hose": {"moved": abs(state.shift), "towards": sides[0 if state.shift > 0 else 1] if state.shift else None},
            "lines": {sides[side]: list(state.lines[side]) for side in (0, 1)},  # back (far) to front
            "front": {sides[side]: state.front(side) if state.lines[side] else None for side in (0, 1)},
            "to_place": list(state.setup),
            "plays": None if self.winner() or state.setup else self.order[state.turn],
            "status": self.status(),
        }

    def status(self) -> list[str]:
        """What the table needs to hear: the score, then who places or plays (and who starts a new round)."""
        state = self.state()
        winner = self.winner()
        lines = [_("final: {score}").format(score=self.summary()) if winner else
                 _("round {round}: {score}").format(round=state.round, score=self.summary())]
        if winner:
            # rules: "Le jeu se déroule en deux manches gagnantes."
            won = max(state.rounds)
            return lines + [_("match won {won}\u2013{lost} by {winner}").format(won=won, lost=sum(state.rounds) - won,
                                                                          winner=winner)]
        if state.last is None and (state.round > 1 or state.chosen):
            lines.append(self._who_starts(state))
        if state.setup:
            lines.append(_("to place a first gnome: {names}").format(names=join_names(state.setup)))
        else:
            lines.append(_("{player} plays").format(player=self.order[state.turn]))
        return lines

    def _who_starts(self, state: State) -> str:
        first = self.order[state.turn]
        if state.chosen:
            return _("{player} starts round {round} (chosen)").format(player=first, round=state.round)
        loser = self.side_name(self.side_of(first))
        return _("{loser} lost round {previous}, so {player} starts round {round} (the loser starts; to choose "
                 "another: starts NAME)").format(loser=loser, previous=state.round - 1, player=first, round=state.round)


PAD = TugGame

if TYPE_CHECKING:  # mypy checks the class against the game contract (engine/contract.py)
    from assistant.engine.contract import ScoreTable

    _checked: type[ScoreTable] = TugGame
