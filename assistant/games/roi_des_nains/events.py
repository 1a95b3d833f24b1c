"""The words of a Le Roi des Nains score pad: each event with its form, its reader and its writer.

Each event type owns its words: ``FORM`` (verbs, slots, options), a reader
``from_words`` that takes the words a form split out, a typed constructor
``build`` that the command line calls with its options as they are (the
reader calls it too, so both paths read a word the same way), and
``words`` that writes the canonical words back: reading what ``words``
wrote gives the same event.
"""

from __future__ import annotations

from typing import ClassVar

from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import MORE, Form, Option
from assistant.engine.i18n import N_, _, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.words import Options, key, name_value, pairs, shown, whole_number
from assistant.games.roi_des_nains.cards import Card, basic_deck, basic_id, parse_rank_suit, said
from assistant.games.roi_des_nains.rules import Quest, Special
from assistant.games.roi_des_nains.scoring import WINNER_EFFECTS

HAND = {3: 13, 4: 10, 5: 8}  # cards in a hand, so tricks in a deal, by number of players
NOBODY = ("none", "nobody", "personne", "aucun")  # --special-winner: the effect goes to nobody
NOBODY_SAID = N_("nobody")  # the saved word (NOBODY[0]) as a French table reads it: personne
REST = ("rest", "reste")  # --won NAME=rest: every card no other --won lists


def NO_DEAL() -> str:
    """The refusal of a trick when no deal is open, in the player's language (one sentence, said in two places)."""
    return _("no deal is being played: start one with assistant quest deal QUEST --special CARD")


def no_deal(game) -> AssistantError:
    """The refusal of a step of play when no deal is being played: who won once the game is over (as
    recording says it), else how to start the next deal."""
    if game.outcome().finished:
        return game.game_over()
    return InputError(NO_DEAL())


class Trick(NamedTuple):
    """A trick as played: who led, each player's card in play order, who won it."""

    leader: str
    plays: tuple[tuple[str, Card], ...]
    winner: str | None  # None until the rules say (play.settle)
    stated_winner: bool  # taken from --winner: a saved step's, or where the rules cannot tell


def player_of(trick: Trick, card: Card) -> str | None:
    """Who played ``card`` in ``trick``, if anyone."""
    return next((player for player, played in trick.plays if played == card), None)


class Summary(NamedTuple):
    """What a deal recorded without its tricks says: only what its quest and card need."""

    counts: dict[str, int] | None = None
    order: tuple[str, ...] | None = None
    won: dict[str, tuple[Card, ...]] | None = None
    special_winner: str | None = None  # who gets the special card's effect; '' for nobody
    scout: tuple[str, int] | None = None  # who played the Scout, faces in its trick
    next_dealer: str | None = None

    def holder(self, special: Special) -> str | None:
        """Who lists the special card among the cards they won, if anyone."""
        return next((player for player, cards in (self.won or {}).items() if special.card in cards), None)

    def special_winner_of(self, special: Special) -> str | None:
        """Who gets the card's effect: as stated, else whoever won it when its effect goes to its trick's winner."""
        if self.special_winner is not None:
            return self.special_winner
        return self.holder(special) if any(name in special.effect for name in WINNER_EFFECTS) else None


class Deal(NamedTuple):
    quest: Quest
    special: Special
    tricks: tuple[Trick, ...] = ()
    summary: Summary | None = None
    moves: tuple = ()  # (tricks played before it, hand-change event): swap, pass, take, take-back

    def took(self) -> int | None:
        """When the red 11's take was recorded, if it was: after trick N, or 0 before the first trick."""
        return next((after for after, move in self.moves if isinstance(move, TakeEvent)), None)

    def taken_back(self) -> dict[int, Card]:
        """The Sorcerer's exchanges: trick number -> the card taken back from it (the Sorcerer lies in its place)."""
        return {after: move.card for after, move in self.moves if isinstance(move, TakeBackEvent)}


def deck(players: int, special: Special) -> dict[str, Card]:
    """The cards of a deal by id: the basic cards for this table and its special card."""
    return {card.id: card for card in (*basic_deck(players), special.card)}


def follow_suit_winner(plays: tuple[tuple[str, Card], ...]) -> str | None:
    """Highest card of the suit led; None when a magic card makes it a matter of its text."""
    if any(card.magic for unused, card in plays):
        return None
    led = plays[0][1].suit
    return max((card.rank, player) for player, card in plays if card.suit == led)[1]


def printed(card: Card) -> str:
    """How a card is printed: '11g' for the green 11 ('11v' in French), 'magic' for a card without suit."""
    return _("magic") if card.magic else said(card)


def read_card(game, text: str, special: Special) -> Card:
    """A card of the deal whose special card is ``special``: 'Kg', '10b', 'Rv', '11g', 'flag-bearer'.

    A 1 or an 11 typed as printed ('11g', '11v') is this deal's special card
    when it is that card; the other 1s and 11s are in the box."""
    rank_suit = parse_rank_suit(text)
    if rank_suit is not None and rank_suit[0] not in (1, 11):
        return Card(basic_id(*rank_suit), rank_suit[1], rank_suit[0])
    if rank_suit is not None:
        if (special.card.rank, special.card.suit) == rank_suit:
            return special.card
        raise InputError(_("{card} is not in this deal: its special card is {special} ({printed}); the other 1s "
                           "and 11s stay in the box").format(card=shown(text), special=special.said,
                                                             printed=printed(special.card)))
    try:
        return game.rules.special(text, special).card
    except InputError:
        raise InputError(_("unknown card {card}: write rank then suit, e.g. Kg (king of green), 10b, Qr, {eleven}, "
                           "or a special card's name such as {special}").format(
            card=shown(text), eleven=said(special.card if special.card.suit else Card("11g", "green", 11)),
            special=special.said)) from None


def _player_or_nobody(game, text: str) -> str:
    return "" if key(text) in NOBODY else game.player(text)


# -- a deal -------------------------------------------------------------------------------


# Each option in English and as a French table would guess it, accented or not; ``french`` is the
# spelling a French table reads back (the rules' words: carte spéciale, plis remportés, donneur).
DEAL_OPTIONS = (
    Option("special", ("--special", "--speciale", "--spéciale", "--carte-speciale", "--carte-spéciale"), "special",
           french="--spéciale"),
    Option("tricks", ("--tricks", "--plis"), "tricks", french="--plis"),
    Option("order", ("--order", "--ordre"), "order", french="--ordre"),
    Option("won", ("--won", "--gagne", "--remporte", "--remportees", "--remportées"), "won", repeat=True,
           french="--remporte"),
    Option("special-winner", ("--special-winner", "--gagnant-special", "--gagnant-spécial"), "special-winner",
           french="--gagnant-spécial"),
    Option("scout", ("--scout", "--eclaireur", "--éclaireur"), "scout", french="--éclaireur"),
    Option("dealer-next", ("--dealer-next", "--donneur-suivant", "--donneur"), "player", french="--donneur-suivant"),
    Option("replace", ("--replace", "--remplace", "--remplacer"), "deal", french="--remplace"),
)


class _DealEventFields(NamedTuple):
    quest: Quest
    special: Special
    summary: Summary | None = None
    replaces: int | None = None  # a correction of deal N


class DealEvent(_DealEventFields):
    """A deal: its quest and special card, with a summary now or its tricks to come; or a correction."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("deal", "donne"), ("quest",), DEAL_OPTIONS,
        usage=N_("deal QUEST --special CARD [--tricks NAME=N,...] [--order NAME,...] [--won NAME=CARD,...]"),
        french="donne")

    @classmethod
    def from_words(cls, game, found: Options) -> DealEvent:
        if len(found.positional) != 1:
            raise InputError(_("write: deal QUEST --special CARD [--tricks ...] (QUEST: a tile and face, e.g. 13A)"))
        value = found.last
        return cls.build(game, found.positional[0], value("special"), tricks=value("tricks"), order=value("order"),
                         won=found.values.get("won", ()), special_winner=value("special-winner"),
                         scout=value("scout"), dealer_next=value("dealer-next"), replace=value("replace"))

    @classmethod
    def build(cls, game, quest: str, special: str | None, *, tricks: str | None = None, order: str | None = None,
              won: tuple[str, ...] | list[str] = (), special_winner: str | None = None, scout: str | None = None,
              dealer_next: str | None = None, replace: str | None = None) -> DealEvent:
        """The deal the command line's options say, each option as typed."""
        the_quest = game.rules.quest(quest)
        if special is None:
            raise InputError(_("which special card was shuffled in? add --special NAME (e.g. --special flag-bearer)"))
        the_special = game.rules.special(special)
        summary = None
        if any(value is not None for value in (tricks, order, special_winner, scout, dealer_next)) or won:
            summary = Summary(
                _read_counts(game, tricks), _read_order(game, order), _read_won(game, won, the_special),
                None if special_winner is None else _player_or_nobody(game, special_winner),
                _read_scout(game, scout), None if dealer_next is None else game.player(dealer_next))
        replaces = None if replace is None else whole_number(
            replace, _("a deal number to correct, as shown by assistant quest show"), low=1)
        return cls(the_quest, the_special, summary, replaces)

    def words(self, game) -> list[str]:
        words = ["deal", self.quest.id, "--special", self.special.id]
        s = self.summary
        if s is not None:
            if s.counts is not None:
                words += ["--tricks", ",".join(f"{p}={s.counts[p]}" for p in game.players if p in s.counts)]
            if s.order is not None:
                words += ["--order", ",".join(s.order)]
            for player, cards in (s.won or {}).items():
                words += ["--won", f"{player}={','.join(c.id for c in cards)}"]
            if s.special_winner is not None:
                words += ["--special-winner", s.special_winner or "none"]
            if s.scout is not None:
                words += ["--scout", f"{s.scout[0]}={s.scout[1]}"]
            if s.next_dealer is not None:
                words += ["--dealer-next", s.next_dealer]
        if self.replaces is not None:
            words += ["--replace", str(self.replaces)]
        return words


def _read_counts(game, text: str | None) -> dict[str, int] | None:
    if text is None:
        return None
    hand = HAND[len(game.players)]
    counts = {}
    for pair in pairs(text):
        name, number = name_value(pair, "--tricks Ana=4,Ben=5,Cleo=4")
        counts[game.player(name)] = whole_number(
            number, _("--tricks NAME=N, N the tricks {name} won").format(name=name), 0, hand)
    return counts


def _read_order(game, text: str | None) -> tuple[str, ...] | None:
    return None if text is None else tuple(game.player(name) for name in pairs(text))


def _read_won(game, entries, special: Special) -> dict[str, tuple[Card, ...]] | None:
    """``--won Ana=Kg,Qb`` (repeatable); ``--won Cleo=rest``: every card of the deal no one else lists."""
    if not entries:
        return None
    won: dict[str, tuple[Card, ...]] = {}
    rest = None
    for entry in entries:
        name, cards = name_value(entry, "--won Ana=Kg,Qb")
        player = game.player(name)
        if key(cards) in REST:
            if rest not in (None, player):
                raise InputError(_("--won gives the rest of the cards to {one} and to {other}: give it to one")
                                 .format(one=rest, other=player))
            rest = player
            won.setdefault(player, ())
            continue
        won[player] = won.get(player, ()) + tuple(read_card(game, card, special) for card in pairs(cards))
    if rest is not None:
        listed = {card for cards in won.values() for card in cards}
        won[rest] += tuple(card for card in deck(len(game.players), special).values() if card not in listed)
    return won


def _read_scout(game, text: str | None) -> tuple[str, int] | None:
    if text is None:
        return None
    name, number = name_value(text, "--scout Ana=2")
    faces = whole_number(number, _("--scout NAME=N, N the J, Q, K, A in the Scout's trick"), 0,
                         len(game.players) - 1)
    return game.player(name), faces


# -- a trick --------------------------------------------------------------------------------


TRICK_OPTIONS = (
    Option("winner", ("--winner", "--gagnant"), "player", french="--gagnant"),
    Option("seating", ("--seating", "--seating-order", "--ordre-de-table", "--places"), french="--ordre-de-table"),
    Option("replace", ("--replace", "--remplace", "--remplacer"), "trick", french="--remplace"),
)


def _trick_slots(game) -> tuple[str, ...]:
    """A trick's words: its leader, then one card per player (completion offers no more)."""
    return ("leader", *["card"] * len(game.players))


class _TrickEventFields(NamedTuple):
    leader: str
    cards: tuple[Card, ...]
    winner: str | None = None  # stated, when a magic card decides the trick
    replaces: int | None = None  # a correction of trick N of the latest deal


class TrickEvent(_TrickEventFields):
    """One trick: who led and the cards in play order (clockwise from the leader); or a correction."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("trick", "pli"), lambda game, typed: _trick_slots(game), TRICK_OPTIONS,
        usage=N_("trick LEADER CARD... [--seating] [--winner NAME] [--replace N]"), french="pli")

    @classmethod
    def from_words(cls, game, found: Options) -> TrickEvent:
        if len(found.positional) < 2:
            raise InputError(_("write: trick LEADER CARD CARD ... (the leader, then each card in play order)"))
        return cls.build(game, found.positional[0], found.positional[1:], winner=found.last("winner"),
                         seating=found.flag("seating"), replace=found.last("replace"))

    @classmethod
    def build(cls, game, leader: str, cards: list[str], *, winner: str | None = None, seating: bool = False,
              replace: str | None = None) -> TrickEvent:
        """The trick the words say. With ``seating`` the cards are in seating order (from the first
        player of the pad), not in play order: they are put in play order from the leader."""
        replaces = None
        if replace is not None:
            deal = game.trick_deal()
            replaces = whole_number(replace, _("a trick number of deal {number}").format(number=deal.number), 1,
                                    max(1, len(deal.deal.tricks)))
        else:
            deal = game.open_deal()
            if deal is None:
                raise no_deal(game)
        who = game.player(leader.rstrip(":"))
        count = len(game.players)
        played = [read_card(game, word, deal.deal.special) for word in cards]
        if len(played) != count:
            raise InputError(ngettext("a trick has one card per player: {count} card (got {got})",
                                      "a trick has one card per player: {count} cards (got {got})", count)
                             .format(count=count, got=len(played)))
        if seating:  # card i is players[i]'s; play goes clockwise from the leader
            start = game.players.index(who)
            played = [played[(start + i) % count] for i in range(count)]
        event = cls(who, tuple(played), None, replaces)
        derived = follow_suit_winner(event.plays(game.players))
        stated = None if winner is None else game.player(winner)
        if derived is not None and stated is not None and stated != derived:
            raise InputError(_("by follow-suit {derived} wins this trick, not {stated}")
                             .format(derived=derived, stated=stated))
        return event._replace(winner=stated if derived is None else None)  # a magic card's: the pad judges it

    def plays(self, players: tuple[str, ...]) -> tuple[tuple[str, Card], ...]:
        """(player, card) in play order: clockwise from the leader."""
        start = players.index(self.leader)
        return tuple((players[(start + i) % len(players)], card) for i, card in enumerate(self.cards))

    def trick(self, players: tuple[str, ...]) -> Trick:
        """The trick, its winner as stated (else None: the rules say it, see play.settle)."""
        return Trick(self.leader, self.plays(players), self.winner, self.winner is not None)

    def words(self, game) -> list[str]:
        words = ["trick", f"{self.leader}:", *(card.id for card in self.cards)]
        if self.winner is not None:
            words += ["--winner", self.winner]
        if self.replaces is not None:
            words += ["--replace", str(self.replaces)]
        return words


# -- taking a deal out ----------------------------------------------------------------------


class _DropEventFields(NamedTuple):
    number: int


class DropEvent(_DropEventFields):
    """Take deal N out of the game: the deals after it move up, so no number is skipped."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(("drop", "ecarter"), ("deal",), usage=N_("drop N"), french="écarter")

    @classmethod
    def from_words(cls, game, found: Options) -> DropEvent:
        if len(found.positional) != 1:
            raise InputError(_("write: drop N, N a deal number as shown by assistant quest show"))
        return cls.build(game, found.positional[0])

    @classmethod
    def build(cls, game, number: str) -> DropEvent:
        return cls(whole_number(number, _("a deal number as shown by assistant quest show"), low=1))

    def words(self, game) -> list[str]:
        return ["drop", str(self.number)]


class _RemoveEventFields(NamedTuple):
    number: int


class RemoveEvent(_RemoveEventFields):
    """Deal N struck out, keeping its number: what ``quest remove`` recorded in logs of 0.1."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(("remove", "retrait"), ("deal",), usage=N_("remove N"), french="retrait")

    @classmethod
    def from_words(cls, game, found: Options) -> RemoveEvent:
        if len(found.positional) != 1:
            raise InputError(_("write: remove N, N a deal number as shown by assistant quest show"))
        return cls(whole_number(found.positional[0], _("a deal number as shown by assistant quest show"), low=1))

    def words(self, game) -> list[str]:
        return ["remove", str(self.number)]


# -- hands changing between two tricks --------------------------------------------------------


def between_tricks(game):
    """The deal being played, trick by trick, with a trick played: a hand changes between two tricks."""
    deal = game.open_deal()
    if deal is None:
        raise no_deal(game)
    if not deal.deal.tricks:
        raise InputError(_("cards change hands between two tricks: record the trick first"))
    return deal


class _SwapEventFields(NamedTuple):
    player: str


class SwapEvent(_SwapEventFields):
    """The Druid's text: after its trick, whoever played it swaps hands with ``player``."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(("swap", "echanger"), ("player",), usage=N_("swap NAME"), french="échanger")

    @classmethod
    def from_words(cls, game, found: Options) -> SwapEvent:
        if len(found.positional) != 1:
            raise InputError(_("write: swap NAME (who swaps hands with whoever played the Druid)"))
        return cls.build(game, found.positional[0])

    @classmethod
    def build(cls, game, player: str) -> SwapEvent:
        between_tricks(game)
        return cls(game.player(player))

    def words(self, game) -> list[str]:
        return ["swap", self.player]


DIRECTION_SAID = {"left": N_("left"), "right": N_("right")}  # the saved word, and as a French table reads it
DIRECTIONS = {"left": "left", "gauche": "left", "next": "left", "suivant": "left",
              "right": "right", "droite": "right", "previous": "right", "precedent": "right"}


class _PassEventFields(NamedTuple):
    direction: str  # 'left' (clockwise: to the next player) or 'right'


class PassEvent(_PassEventFields):
    """The blue 11's text: after its trick, every hand passes left (to the next player) or right."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(("pass", "passer"), ("direction",), usage=N_("pass left|right"), french="passer")

    @classmethod
    def from_words(cls, game, found: Options) -> PassEvent:
        if len(found.positional) != 1:
            raise InputError(_("write: pass left or pass right (left: to the next player)"))
        return cls.build(game, found.positional[0])

    @classmethod
    def build(cls, game, direction: str) -> PassEvent:
        between_tricks(game)
        which = DIRECTIONS.get(key(direction))
        if which is None:
            raise InputError(_("hands pass left or right (got {got}): left is to the next player, clockwise")
                             .format(got=shown(direction)))
        return cls(which)

    def words(self, game) -> list[str]:
        return ["pass", self.direction]


class _TakeEventFields(NamedTuple):
    player: str
    taken: tuple[Card, ...]
    back: tuple[Card, ...]
    by: str | None = None  # who takes: said before the first trick; after its trick, who played the card


TAKER = Option("by", ("--by", "--par", "-p"), "player", french="--par")


class TakeEvent(_TakeEventFields):
    """The red 11's text (FACTS.md, MED): whoever holds it takes cards from ``player``'s hand and gives as many
    back. The rule text leaves its timing open: recorded after its trick (whoever played it takes), or before
    the first trick, as the public online version plays it (``by`` says who takes)."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("take", "prendre"), ("player", "card", MORE),
        (Option("back", ("--back", "--rend", "--rendues"), "card", french="--rend"), TAKER),
        usage=N_("take NAME CARD... --back CARD,... [--by NAME]"), french="prendre")

    @classmethod
    def from_words(cls, game, found: Options) -> TakeEvent:
        back = found.last("back")
        if len(found.positional) < 2 or back is None:
            raise InputError(_("write: take NAME CARD CARD --back CARD,CARD (the cards taken from NAME's hand, "
                               "then those given back; before the first trick add --by NAME, who takes)"))
        return cls.build(game, found.positional[0], found.positional[1:], back, found.last("by"))

    @classmethod
    def build(cls, game, player: str, taken: list[str], back: str, by: str | None = None) -> TakeEvent:
        deal = game.open_deal()
        if deal is None:
            raise no_deal(game)
        special = deal.deal.special
        taker = None if by is None else game.player(by)
        if taker is None and not deal.deal.tricks:  # nobody has played it yet: the table says who holds it
            raise InputError(_("before the first trick, say who takes the cards: add --by NAME (who holds {card})")
                             .format(card=special.said))
        cards = [read_card(game, word, special) for word in pairs(taken)]
        given = [read_card(game, word, special) for word in pairs(back)]
        if len(given) != len(cards):
            raise InputError(ngettext("{count} card taken, so {count} given back (got {got})",
                                      "{count} cards taken, so {count} given back (got {got})", len(cards))
                             .format(count=len(cards), got=len(given)))
        return cls(game.player(player), tuple(cards), tuple(given), taker)

    def words(self, game) -> list[str]:
        words = ["take", self.player, *(card.id for card in self.taken), "--back", ",".join(c.id for c in self.back)]
        return words + (["--by", self.by] if self.by is not None else [])


class _TakeBackEventFields(NamedTuple):
    player: str
    card: Card


class TakeBackEvent(_TakeBackEventFields):
    """The Sorcerer's text: between two tricks, ``player`` puts it in the trick just played and takes
    ``card`` of that trick back into their hand."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("take-back", "reprendre"), ("player", "played"), usage=N_("take-back NAME CARD"), french="reprendre")

    @classmethod
    def from_words(cls, game, found: Options) -> TakeBackEvent:
        if len(found.positional) != 2:
            raise InputError(_("write: take-back NAME CARD (who holds the Sorcerer, the card of the trick just "
                               "played they take back)"))
        return cls.build(game, *found.positional)

    @classmethod
    def build(cls, game, player: str, card: str) -> TakeBackEvent:
        special = between_tricks(game).deal.special
        return cls(game.player(player), read_card(game, card, special))

    def words(self, game) -> list[str]:
        return ["take-back", self.player, self.card.id]


MOVES = (SwapEvent, PassEvent, TakeEvent, TakeBackEvent)
EVENTS = (DealEvent, TrickEvent, DropEvent, RemoveEvent, *MOVES)
