"""How a trick is won and what a player may play: the magic cards, the first trick, cards changing hands.

A trick's winner is the rules' to say (``ruling``): the highest card of the
suit led, unless the deal's magic card is in the trick and its ``play`` in
``boards/roi-des-nains.yaml`` says otherwise (Excalibur and the Dragon win,
the Mummy and the Clone play as another card). Only one special card is
shuffled into a deal, so a trick holds at most one magic card.

``check_play`` walks a deal as it was played, trick by trick with the hand
changes recorded between tricks, and refuses what a player could not have
played: a suit they showed they lacked (a revoke), a card known to be in
another hand, a magic card outside its limits, a first trick not led by the
red 5's holder. What a player showed holds until cards change hands: a hand
change recorded as a step moves exactly what it moved; one not recorded makes
the check forget what was shown (as lenient as it was before such steps).

The red 11's take has no timing in the rule text: after its own trick, or before
the first trick as the public online version plays it. Recorded before the
first trick, it moves its cards before trick 1 is judged (the red 5 among them:
its holder before or after the take may lead). Recorded after its trick, the
hands were as dealt at the first trick. Not recorded, the deal's cards may have
changed hands before the first trick: the red 5 then says nothing of who leads,
nor who holds it.
"""

from __future__ import annotations

from collections.abc import Set
from itertools import product

from assistant.engine.errors import AssistantError, InputError
from assistant.engine.i18n import _
from assistant.engine.records import NamedTuple
from assistant.games.roi_des_nains.cards import Card, said
from assistant.games.roi_des_nains.events import PassEvent, SwapEvent, TakeBackEvent, TakeEvent, player_of
from assistant.games.roi_des_nains.rules import Special
from assistant.games.roi_des_nains.scoring import SUIT_SAID

RED_FIVE = "5r"
BEFORE_FIRST = 0  # a hand change recorded before the first trick: after none


def taken_before_first(moves) -> TakeEvent | None:
    """The red 11's take recorded before the first trick, if any."""
    return next((move for done, move in moves if done == BEFORE_FIRST and isinstance(move, TakeEvent)), None)


def first_hands_open(moves, special: Special) -> bool:
    """Whether the hands may have changed before the first trick unseen: the deal's card takes cards (its
    timing is open) and no take was recorded, before the first trick or after its own (once a deal)."""
    return special.hands == "take" and not any(isinstance(move, TakeEvent) for unused, move in moves)


class Ruling(NamedTuple):
    """Who wins a trick and why, in the player's language; ``winner`` None when the rules cannot tell
    (a magic card played where it may not be, in a saved step)."""

    winner: str | None
    why: str
    led: str | None  # the suit led; None when no card sets it


class Worth(NamedTuple):
    """What a card plays as: its suit and its strength (twice its rank, +1 for 'a little more')."""

    suit: str | None
    strength: int


def card_said(card: Card, special: Special) -> str:
    """A card as the player reads it: 'Rv' in French, the deal's special card by its French name when known."""
    return special.said if card == special.card else said(card)


def _play_of(card: Card, special: Special) -> dict:
    return special.play if card == special.card else {}


def _worth(card: Card) -> Worth | None:
    return None if card.magic else Worth(card.suit, card.rank * 2)


def worths(plays, special: Special, before) -> list[Worth | None] | None:
    """What each card of a trick plays as (None for a card without suit: Dragon, Excalibur, Sorcerer);
    None when a copying card has nothing to copy. ``before`` is the trick before, if any."""
    found: list[Worth | None] = []
    for position, (unused, card) in enumerate(plays):
        copies = _play_of(card, special).get("copies")
        if copies == "previous_winner":  # the Mummy: the card that won the trick before
            model = _worth(_winning_card(before)) if before is not None else None
            if model is None:
                return None
            found.append(model)
        elif copies == "card_before":  # the Clone: the card before it, a little more
            if position:
                model = found[position - 1]
            else:  # leading: the last card of the trick before
                model = _worth(before.plays[-1][1]) if before is not None else None
            if model is None:
                return None
            found.append(model._replace(strength=model.strength + 1))
        else:
            found.append(_worth(card))
    return found


def _winning_card(trick) -> Card:
    return next(card for player, card in trick.plays if player == trick.winner)


def suit_led(found: list[Worth | None]) -> str | None:
    """The first card's suit; a card without suit leading leaves it to the next card (FACTS.md, Dragon)."""
    for worth in found[:2]:
        if worth is not None:
            return worth.suit
    return None


def ruling(plays, special: Special, before=None) -> Ruling:
    """Who wins the trick ``plays`` ((player, card) in play order) of a deal whose special card is
    ``special``, after the trick ``before`` (None for the first)."""
    found = worths(plays, special, before)
    if found is None:
        return Ruling(None, _("the rules cannot tell who wins this trick: say it with --winner NAME"), None)
    led = suit_led(found)
    for player, card in plays:
        wins = _play_of(card, special).get("wins")
        if wins == "always":
            return Ruling(player, _("{card} wins any trick it is in").format(card=card_said(card, special)), led)
        if wins == "unless_ace":
            aces = [(who, ace) for who, ace in plays if not ace.magic and ace.rank == 15]
            if not aces:
                return Ruling(player, _("{card} wins unless an Ace is played, and none was").format(
                    card=card_said(card, special)), led)
            of_led = [(who, ace) for who, ace in aces if ace.suit == led]
            who, ace = (of_led or aces[-1:])[0]
            text = (_("an Ace beats {card}: the Ace of the suit led, {ace}") if of_led else
                    _("an Ace beats {card}: with no Ace of the suit led, the last Ace played, {ace}"))
            return Ruling(who, text.format(card=card_said(card, special), ace=card_said(ace, special)), led)
    if led is None:
        return Ruling(None, _("the rules cannot tell who wins this trick: say it with --winner NAME"), None)
    def strength(worth: Worth | None) -> int:
        return worth.strength if worth is not None and worth.suit == led else -1

    best = max(range(len(plays)), key=lambda i: strength(found[i]))
    why = _("{player} played the highest card of the suit led ({suit})").format(
        player=plays[best][0], suit=_(SUIT_SAID[led]))
    copied = [(card, worth) for (unused, card), worth in zip(plays, found, strict=True)
              if card.magic and worth is not None]
    if copied:
        card, worth = copied[0]
        model = Card("", worth.suit, worth.strength // 2)
        text = (_("{card} plays as a little more than {model}") if worth.strength % 2 else
                _("{card} plays as {model}, the card that won the trick before"))
        why = _("{first}; {second}").format(first=text.format(card=card_said(card, special), model=said(model)),
                                            second=why)
    return Ruling(plays[best][0], why, led)


def settle(tricks, special: Special) -> tuple:
    """The tricks with each winner the rules give (a winner stated in a saved step stays): a corrected
    trick may change who wins a later one (the Mummy plays as the card that won the trick before)."""
    settled: list = []
    for trick in tricks:
        if not trick.stated_winner:
            winner = ruling(trick.plays, special, settled[-1] if settled else None).winner
            if winner is None:
                raise InputError(_("the rules cannot tell who wins trick {number}: say it with --winner NAME")
                                 .format(number=len(settled) + 1))
            trick = trick._replace(winner=winner)
        settled.append(trick)
    return tuple(settled)


# -- what a player may play -----------------------------------------------------------------


class Shown(NamedTuple):
    """A suit a hand lacks: shown in trick ``number`` by ``player`` playing ``card`` instead; the hand
    changed hands after trick ``moved`` (0: it did not)."""

    number: int
    card: Card
    player: str
    moved: int = 0


class Known(NamedTuple):
    """What the table learnt of the hands: suits a player lacks, cards known to be in a hand."""

    void: dict  # (player, suit) -> Shown: the hand that lacks the suit, now in player's hands
    held: dict  # Card -> (who holds it, why that is known, in the player's language)


def check_play(tricks, moves, special: Special, players: tuple[str, ...], since: int = 1,
               typing: bool = False) -> Known:
    """Refuse what a player could not have played, found at trick ``since`` or later (a saved trick
    before it is not judged again). ``moves``: (tricks played before it, hand-change event). Returns what
    the table knows of the hands after the last trick; ``typing``: the last trick is still being typed, so
    what it shows holds for the cards still to come into it (a hand change its card makes comes after it)."""
    known = Known({}, {})
    played: set[Card] = set()
    early = taken_before_first(moves)
    if early is not None and early.by is not None:  # the red 11's take, before the first trick
        if special.card.suit is not None:  # whoever takes holds the card that takes
            known.held[special.card] = (early.by, _("took cards with {card} before the first trick").format(
                card=card_said(special.card, special)))
        _moved(known, early, None, players, special, BEFORE_FIRST, played, since <= 1)
    red_five = Card(RED_FIVE, "red", 5)
    for number, trick in enumerate(tricks, 1):
        judged = number >= since
        before = tricks[number - 2] if number > 1 else None
        _check_cards(known, trick, number, special, judged)
        if number == 1 and all(card != red_five for unused, card in trick.plays) and red_five not in known.held \
                and not first_hands_open(moves, special):
            known.held[red_five] = (trick.leader, _("led the first trick, which the holder of the red 5 leads"))
        found = worths(trick.plays, special, before)
        led = suit_led(found) if found is not None else None
        for position, (player, card) in enumerate(trick.plays):
            known.held.pop(card, None)
            sets_led = position == 0 or (position == 1 and found is not None and found[0] is None)
            if led is None or sets_led:
                continue
            shows_void = (not card.magic and card.suit != led) or _play_of(card, special).get("only_when_void")
            if shows_void:
                holding = next((c for c, (who, unused) in known.held.items() if who == player and c.suit == led),
                               None) if judged else None
                if holding is not None:
                    who, why = known.held[holding]
                    raise AssistantError(_("{player} holds {held} ({why}), yet plays {card} while {suit} is led "
                                           "in trick {number}: a player follows suit when able").format(
                        player=player, held=card_said(holding, special), why=why, card=card_said(card, special),
                        suit=_(SUIT_SAID[led]), number=number))
                known.void.setdefault((player, led), Shown(number, card, player))
        played.update(card for unused, card in trick.plays)
        after = [move for done, move in moves if done == number]
        if after:
            for move in after:
                _moved(known, move, trick, players, special, number, played, judged or number + 1 >= since)
        elif special.changes_hands and any(card == special.card for unused, card in trick.plays) and early is None \
                and not (typing and number == len(tricks)):
            known.void.clear()  # its text moved cards between hands, not recorded: what was shown no longer holds
            known.held.clear()
    return known


class Short(NamedTuple):
    """Players who cannot play out the deal: between them they still play ``needed`` cards, and only ``fit`` of
    the cards left may be in their hands."""

    players: tuple[str, ...]
    needed: int
    fit: int


def hands_short(known: Known, left, players: tuple[str, ...], now: Set[str], later: int, special: Special,
                number: int) -> Short | None:
    """rules: 'Il distribue ces cartes une à une à chaque joueur', then 'Chacun des autres joueurs doit ensuite
    ... jouer une carte de sa main' until 'plus aucun joueur n'a de cartes en main': every hand holds a card
    for each trick left to it. Whether the cards ``left`` can be the hands: the players ``now`` play one card
    each into trick ``number`` (one that trick may hold), and every player ``later`` more cards in the tricks
    after it; none of a suit its holder showed it lacks, none known to be in another hand. Hall's condition:
    every group of players may hold at least as many cards as it still plays; the first group that cannot
    (the smallest), else None. The Sorcerer, never played into a trick, stands for the card it takes back."""
    may_hold = {player: frozenset(card for card in left if _may_hold(known, player, card)) for player in players}
    # each player's part in a group: none of its cards, its card for this trick alone, or all of them
    parts = [[None, *([(player, 1, frozenset(card for card in may_hold[player] if _playable_in(card, special, number)))]
                      if player in now else []),
              *([(player, later + (player in now), may_hold[player])] if later else [])] for player in players]
    groups = sorted(([part for part in chosen if part] for chosen in product(*parts)), key=len)
    for group in groups:
        needed = sum(count for unused, count, unused_cards in group)
        fit = len(frozenset().union(*(cards for unused, unused_count, cards in group)))
        if needed > fit:
            return Short(tuple(player for player, unused, unused_cards in group), needed, fit)
    return None


def _may_hold(known: Known, player: str, card: Card) -> bool:
    """Whether ``card`` may be in ``player``'s hand: not known to be in another, not of a suit it lacks."""
    holder = known.held.get(card)
    return (holder is None or holder[0] == player) and (card.magic or (player, card.suit) not in known.void)


def _playable_in(card: Card, special: Special, number: int) -> bool:
    """Whether ``card`` may be played into trick ``number`` (the magic card's limits)."""
    play = _play_of(card, special)
    return not play.get("between_tricks") and not (number == 1 and play.get("not_in_first_trick"))


def may_play(known: Known, player: str, card: Card, special: Special, number: int) -> bool:
    """Whether ``player`` may hold ``card`` and play it into trick ``number``, as far as the table knows."""
    return _may_hold(known, player, card) and _playable_in(card, special, number)


def _check_cards(known: Known, trick, number: int, special: Special, judged: bool) -> None:
    """rules: 'À votre tour, vous devez suivre la couleur': a suit a player showed they lacked, or a card
    known to be in another hand, cannot be played."""
    for player, card in trick.plays:
        if not judged or card.magic:
            continue
        shown = known.void.get((player, card.suit))
        if shown is not None:
            if shown.moved:
                text = _("{shower} played {instead}, not {suit}, in trick {earlier} while {suit} was led, so had no "
                         "{suit} left; {player} holds that hand since trick {moved}, yet plays {card} in trick "
                         "{number}: a player follows suit when able; correct one of the two")
            else:
                text = _("{player} played {instead}, not {suit}, in trick {earlier} while {suit} was led, so had no "
                         "{suit} left, yet plays {card} in trick {number}: a player follows suit when able; "
                         "correct one of the two")
            raise AssistantError(text.format(
                player=player, instead=card_said(shown.card, special), suit=_(SUIT_SAID[card.suit]),
                earlier=shown.number, card=card_said(card, special), number=number, shower=shown.player,
                moved=shown.moved))
        holder = known.held.get(card)
        if holder is not None and holder[0] != player:
            raise AssistantError(_("{holder} {why}, so held {card}, yet {player} plays it in trick {number}; "
                                   "correct one of the two").format(
                holder=holder[0], why=holder[1], card=card_said(card, special), player=player, number=number))


def check_limits(trick, number: int, special: Special, moves=()) -> None:
    """What trick ``number`` alone may break: the magic card's limits (boards/roi-des-nains.yaml, play),
    the first trick's leader (``moves``: the deal's hand changes, a take before the first trick among them)."""
    _check_magic(trick, number, special)
    if number == 1 and not first_hands_open(moves, special):
        _check_first_lead(trick, special, taken_before_first(moves))


def _check_magic(trick, number: int, special: Special) -> None:
    """The magic card's limits (boards/roi-des-nains.yaml, play)."""
    for position, (unused, card) in enumerate(trick.plays):
        play = _play_of(card, special)
        if play.get("between_tricks"):
            raise AssistantError(_("{card} is never played into a trick: between two tricks its holder puts it "
                                   "in the trick just played and takes back one of its cards (take-back NAME CARD)")
                                 .format(card=card_said(card, special)))
        if number == 1 and play.get("not_in_first_trick"):
            raise AssistantError(_("{card} cannot be played in the first trick: it plays as the card that won "
                                   "the trick before, and there is none").format(card=card_said(card, special)))
        if number == 1 and position == 0 and play.get("not_leading_first_trick"):
            raise AssistantError(_("{card} cannot lead the first trick: it plays as the card played before it, "
                                   "and there is none").format(card=card_said(card, special)))


def _check_first_lead(trick, special: Special, take: TakeEvent | None = None) -> None:
    """rules: 'Le joueur qui a en main le 5 ... entame ensuite le premier pli' (FACTS.md: the red 5). A take
    before the first trick that moved the red 5: its holder before the take (who showed it for the quest)
    or after it may lead, the rule text saying nothing of that order."""
    holder = next((player for player, card in trick.plays if card.id == RED_FIVE), trick.leader)
    if take is not None and take.by is not None and RED_FIVE in {card.id for card in (*take.taken, *take.back)}:
        if {holder, trick.leader} <= {take.by, take.player}:
            return
    if holder != trick.leader:
        raise AssistantError(_("the holder of the red 5 leads the first trick: {holder} plays it, so {holder} "
                               "leads, not {leader}").format(holder=holder, leader=trick.leader))


# -- hands changing: what each step moves -----------------------------------------------------


def _moved(known: Known, move, trick, players: tuple[str, ...], special: Special, number: int,
           played: set[Card], judged: bool) -> None:
    """What the table knows after a hand change recorded after trick ``number`` (0: before the first trick,
    ``trick`` None)."""
    if isinstance(move, TakeBackEvent):
        _give(known, move.card, None, move.player, _("took it back with {card} after trick {number}").format(
            card=card_said(special.card, special), number=number), special, number, judged=False)
        return
    mover = getattr(move, "by", None) or (player_of(trick, special.card) if trick is not None else None)
    # the pad records a hand change only after the trick its special card was played in, or says who takes
    assert mover is not None, f"{special.card.id} is not in trick {number}: no hand changes after it"
    if isinstance(move, (SwapEvent, PassEvent)):
        if isinstance(move, SwapEvent):
            to = {mover: move.player, move.player: mover}
        else:
            step = 1 if move.direction == "left" else -1  # play goes clockwise: the left-hand neighbour is next
            to = {p: players[(players.index(p) + step) % len(players)] for p in players}
        moved = {(to.get(p, p), suit): seen._replace(moved=number) if p in to else seen
                 for (p, suit), seen in known.void.items()}
        known.void.clear()
        known.void.update(moved)
        for card, (holder, unused) in list(known.held.items()):
            if holder in to:
                known.held[card] = (to[holder], _("received {player}'s hand after trick {number}").format(
                    player=holder, number=number))
        return
    for card in move.taken:
        why = (_("took it from {player} after trick {number}") if number else
               _("took it from {player} before the first trick")).format(player=move.player, number=number)
        _give(known, card, move.player, mover, why, special, number, judged, played)
    for card in move.back:
        why = (_("was given it back by {player} after trick {number}") if number else
               _("was given it back by {player} before the first trick")).format(player=mover, number=number)
        _give(known, card, mover, move.player, why, special, number, judged, played)


def _give(known: Known, card: Card, giver: str | None, taker: str, why: str, special: Special, number: int,
          judged: bool, played: Set[Card] = frozenset()) -> None:
    """``card`` goes from ``giver``'s hand (None: from the trick just played) into ``taker``'s."""
    if judged and card in played:
        raise AssistantError(_("{card} was already played in this deal: only a card in a hand changes hands")
                             .format(card=card_said(card, special)))
    shown = known.void.get((giver, card.suit)) if judged else None
    if shown is not None and card.suit is not None:  # a suitless magic card is never of a suit lacked
        raise AssistantError(_("{shower} played {instead}, not {suit}, in trick {earlier} while {suit} was led, so "
                               "that hand had no {suit} left, yet {player} gives {card} from it after trick {number}; "
                               "correct one of the two")
                             .format(shower=shown.player, player=giver, instead=card_said(shown.card, special),
                                     suit=_(SUIT_SAID[card.suit]), earlier=shown.number,
                                     card=card_said(card, special), number=number))
    holder = known.held.get(card)
    if judged and holder is not None and holder[0] != giver:
        text = (_("{holder} {why}, so held {card}, yet {player} gives it after trick {number}; correct one of the two")
                if number else
                _("{holder} {why}, so held {card}, yet {player} gives it before the first trick; correct one of "
                  "the two"))
        raise AssistantError(text.format(holder=holder[0], why=holder[1], card=card_said(card, special), player=giver,
                                         number=number))
    known.held[card] = (taker, why)
    known.void.pop((taker, card.suit), None)
