"""Le Roi des Nains' checks: what a deal, a trick, a summary or a hand change must hold to be recorded.

Each check raises the refusal the table reads: an ``InputError`` for words that cannot stand, an
``AssistantError`` for an entry the rules forbid now. ``strict`` adds the checks made since 0.1: a pad
records with them, a saved log is restored without them (a rule added since never stops an old game
from loading).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import spoken_verb
from assistant.engine.i18n import _, ngettext
from assistant.engine.words import join_names
from assistant.games.roi_des_nains.cards import Card, said
from assistant.games.roi_des_nains.deals import DealState, open_in, used_in
from assistant.games.roi_des_nains.events import (
    HAND,
    Deal,
    DealEvent,
    PassEvent,
    Summary,
    SwapEvent,
    TakeBackEvent,
    TakeEvent,
    Trick,
    TrickEvent,
    deck,
    player_of,
)
from assistant.games.roi_des_nains.play import (
    Known,
    Short,
    check_limits,
    check_play,
    hands_short,
    may_play,
    ruling,
    settle,
    taken_before_first,
)
from assistant.games.roi_des_nains.play import card_said as _said
from assistant.games.roi_des_nains.rules import Rules, Special
from assistant.games.roi_des_nains.scoring import EVERY_CARD, SUIT_SAID, WINNER_EFFECTS

if TYPE_CHECKING:
    from assistant.games.roi_des_nains.pad import RoiGame


def judged_winner(tricks: tuple[Trick, ...], number: int, special: Special, stated: str) -> Trick:
    """A winner typed with --winner: refused unless the rules leave it open or agree."""
    before = settle(tricks[:number - 1], special)
    trick = tricks[number - 1]
    said = ruling(trick.plays, special, before[-1] if before else None)
    if said.winner is None:
        return trick
    if said.winner != stated:
        raise AssistantError(_("{winner} wins this trick, not {stated}: {why}").format(
            winner=said.winner, stated=stated, why=said.why))
    return trick._replace(winner=None, stated_winner=False)


def check_removal(deals: tuple[DealState, ...], number: int, players: int) -> None:
    """A deal taken out (drop N, a 0.1 'remove N'): one standing, and no other deal being played."""
    if not 1 <= number <= len(deals) or deals[number - 1].removed:
        shown_deals = ", ".join(str(s.number) for s in deals if not s.removed) or _("none")
        raise InputError(_("no deal {number} to remove (deals: {deals})").format(number=number, deals=shown_deals))
    open_deal = open_in(deals, players)
    if open_deal is not None and open_deal.number != number:
        raise AssistantError(_("deal {number} is still being played: finish or undo it first")
                             .format(number=open_deal.number))


def check_box(deals: tuple[DealState, ...], event: DealEvent) -> None:
    """rules: 'Remettez la Quête et la carte spéciale utilisée pour cette donne dans la boîte.'"""
    used = used_in(deals, but=event.replaces)
    state = used.tiles.get(event.quest.tile)
    if state is not None:
        raise AssistantError(_("quest tile {tile} was played in deal {number} ({quest}): each tile is used "
                               "once per game, either face").format(
            tile=event.quest.tile, number=state.number, quest=state.deal.quest.said))
    state = used.specials.get(event.special.id)
    if state is not None:
        raise AssistantError(_("{card} was shuffled into deal {number}: each special card goes back to the box "
                               "after its deal").format(card=event.special.said, number=state.number))


def check_tricks(pad: RoiGame, deal: Deal, tricks: tuple[Trick, ...], strict: bool, since: int = 1,
                 hands: bool = False) -> None:
    """Each trick led by the last winner, each card of this deck once (the Sorcerer's card twice);
    strict: what a player could not have played, from trick ``since`` on; ``hands``: and the cards left can
    be the hands (``check_hands``)."""
    special = deal.special
    available = deck(len(pad.players), special)
    back = {card.id: after for after, card in deal.taken_back().items()}
    seen: dict[str, int] = {}
    tricks = settle(tricks, special)
    for number, trick in enumerate(tricks, 1):
        if number > 1 and trick.leader != tricks[number - 2].winner:
            text = (_("{winner} won the last trick and leads this one, not {leader}") if number == len(tricks)
                    else _("{winner} won trick {previous}, so leads trick {number}, not {leader}"))
            raise InputError(text.format(winner=tricks[number - 2].winner, leader=trick.leader,
                                         previous=number - 1, number=number))
        for unused, card in trick.plays:
            if card.id not in available:
                raise InputError(not_in_deck(card, len(pad.players), special, pad.rules))
            if card.id in seen and not seen[card.id] <= back.pop(card.id, 0) < number:
                raise InputError(played_twice(_said(card, special), seen[card.id], number, len(tricks)))
            seen[card.id] = number
    for after, move in deal.moves:  # a corrected trick must still hold what the change after it moved
        needed = move.card if isinstance(move, TakeBackEvent) else special.card
        if 0 < after <= len(tricks) and player_of(tricks[after - 1], needed) is None:
            raise InputError(_("trick {number} must hold {card}: the step after it ({step}) needs it; undo that "
                               "step first").format(number=after, card=_said(needed, special),
                                                  step=pad.said_step(move)))
    if strict:
        known = check_play(tricks, deal.moves, special, pad.players, since)
        if hands:
            check_hands(pad, deal, tricks, known)


def short_hands(pad: RoiGame, deal: Deal, tricks: tuple[Trick, ...], known: Known) -> Short | None:
    """The players who could not play out ``deal`` after ``tricks`` (the last one may be begun only, ``known``
    what the tricks showed up to it): the cards no trick holds are the hands, each player's holding a card
    for each trick left to it (``play.hands_short``); None when they can. A special card that changes hands
    unrecorded makes what was shown void after its trick: once it is in the trick being typed, or when a
    player still to play may put it in, only that trick's cards are bound by what was shown."""
    if not tricks:
        return None
    special, count = deal.special, len(pad.players)
    played = Counter(card for trick in tricks for unused, card in trick.plays)
    back = set(deal.taken_back().values())  # in a hand again, once; the Sorcerer lies in its trick instead
    left = [card for card in deck(count, special).values() if not played[card] or (card in back and played[card] == 1)
            if not (back and special.play.get("between_tricks") and card == special.card)]
    typed = {player for player, card in tricks[-1].plays}
    now = set(pad.players) - typed if len(typed) < count else set()
    number, later = len(tricks), HAND[count] - len(tricks)
    unseen = bool(now) and special.changes_hands and taken_before_first(deal.moves) is None
    if unseen and special.card in (card for unused, card in tricks[-1].plays):
        return hands_short(known, left, pad.players, now, 0, special, number)
    short = hands_short(known, left, pad.players, now, later, special, number)
    if short is not None and unseen and special.card in left:
        rest = [card for card in left if card != special.card]
        if any(may_play(known, player, special.card, special, number)
               and hands_short(known, rest, pad.players, now - {player}, 0, special, number) is None
               for player in now):
            return None
    return short


def playable(pad: RoiGame, deal: Deal, leader: str, cards: list[Card]) -> bool:
    """Whether the next trick of ``deal``, led by ``leader`` and begun with ``cards``, can still be recorded:
    the cards so far pass what recording checks of them (the magic card's limits, the first trick's leader,
    following suit, the cards known to be in a hand), and the cards left can be the hands, the players still
    to play a card into it among them. Completion offers the next card only then: a trick typed from what it
    offers is recorded, and recording takes only a trick typed so."""
    number = len(deal.tricks) + 1
    trick = Trick(leader, TrickEvent(leader, tuple(cards)).plays(pad.players), None, False)
    tricks = (*deal.tricks, trick)
    try:
        check_limits(trick, number, deal.special, deal.moves)
        known = check_play(tricks, deal.moves, deal.special, pad.players, since=number,
                           typing=len(cards) < len(pad.players))
    except AssistantError:
        return False
    return short_hands(pad, deal, tricks, known) is None


def check_hands(pad: RoiGame, deal: Deal, tricks: tuple[Trick, ...], known: Known) -> None:
    """Refuse tricks after which the cards left cannot be the hands: a player who showed a suit lacking
    holds none of it, so some trick is not what was played."""
    short = short_hands(pad, deal, tricks, known)
    if short is not None:
        raise AssistantError(hands_refusal(short, known))


def no_next_trick(pad: RoiGame, deal: Deal) -> str | None:
    """Why no next trick of ``deal`` can be recorded, whatever its cards: the Sorcerer still in a hand at
    the last trick, or hands the tricks and hand changes so far leave short; None when one can."""
    if not deal.tricks:
        return None
    leader = settle(deal.tricks, deal.special)[-1].winner or pad.players[0]
    tricks = (*deal.tricks, Trick(leader, (), None, False))
    known = check_play(tricks, deal.moves, deal.special, pad.players, since=len(tricks), typing=True)
    short = short_hands(pad, deal, tricks, known)
    if short is None:
        return None
    if len(tricks) == HAND[len(pad.players)] and deal.special.play.get("between_tricks") and not deal.taken_back():
        return _("{card} is still in a hand, and it is never played into a trick: before the last trick its holder "
                 "takes back a card of the trick just played (take-back NAME CARD)").format(card=deal.special.said)
    return hands_refusal(short, known)


def hands_refusal(short: Short, known: Known) -> str:
    """The refusal of hands left short: who, how many cards they play and may hold, the suits they lack."""
    shown = [_("{player}: no {suit} since trick {number}").format(
        player=player, suit=_(SUIT_SAID[suit]), number=seen.number)
        for (player, suit), seen in sorted(known.void.items(), key=lambda item: item[1].number)
        if player in short.players]
    return ngettext(
        "the cards left cannot be the hands: {players} must still play {cards}, and only {fit} of the cards left "
        "may be in that hand{shown}; a trick is wrong: correct it with trick ... --replace N",
        "the cards left cannot be the hands: {players} must still play {cards} between them, and only {fit} of "
        "the cards left may be in their hands{shown}; a trick is wrong: correct it with trick ... --replace N",
        len(short.players)).format(
        players=join_names(short.players), fit=short.fit,
        cards=ngettext("{count} card", "{count} cards", short.needed).format(count=short.needed),
        shown=_(" ({shown})").format(shown=", ".join(shown)) if shown else "")


def check_summary(pad: RoiGame, deal: Deal, strict: bool) -> None:
    """A deal recorded as a summary: its counts, order and cards won agree with each other and with a hand,
    and it holds what its quest and its special card need to be scored."""
    s, quest, special = deal.summary, deal.quest, deal.special
    if s is None:  # a deal recorded trick by trick: no summary to check
        return
    count = len(pad.players)
    hand = HAND[count]
    if s.counts is not None:
        missing = [p for p in pad.players if p not in s.counts]
        if missing:
            raise InputError(_("--tricks needs every player's tricks (missing {names})")
                             .format(names=join_names(missing)))
        if sum(s.counts.values()) != hand:
            raise InputError(ngettext("the tricks add up to {sum}, but a hand of {count} players has {hand} trick",
                                      "the tricks add up to {sum}, but a hand of {count} players has {hand} "
                                      "tricks", hand).format(sum=sum(s.counts.values()), count=count, hand=hand))
    if s.order is not None and len(s.order) != hand:
        raise InputError(ngettext("--order lists {listed} trick, but a hand of {count} players has {hand}",
                                  "--order lists {listed} tricks, but a hand of {count} players has {hand}",
                                  len(s.order)).format(listed=len(s.order), count=count, hand=hand))
    if s.counts is not None and s.order is not None:
        if any(s.order.count(p) != s.counts[p] for p in pad.players):
            raise InputError(_("--tricks and --order disagree about who won how many tricks"))
    if s.won is not None:
        check_won(pad, s, s.won, special, strict and quest.needs == EVERY_CARD, quest.said)
    needs = quest.needs
    if needs == "order" and s.order is None:
        raise InputError(_("{quest} depends on the order of the tricks: give --order with each trick's winner, "
                           "first to last (or record the deal trick by trick)").format(quest=quest.said))
    if needs == "counts" and s.counts is None and s.order is None:
        raise InputError(_("{quest} needs each player's number of tricks: --tricks {example}").format(
            quest=quest.said, example=",".join(f"{p}=N" for p in pad.players)))
    if needs in ("cards", EVERY_CARD) and s.won is None:
        text = (_("{quest} needs every card each player won: --won NAME=cards") if needs == EVERY_CARD else
                _("{quest} needs the cards each player won (only the cards this quest counts are needed): "
                  "--won NAME=cards"))
        raise InputError(text.format(quest=quest.said))
    effect = special.effect
    holder = s.holder(special)
    if strict and holder and s.special_winner and s.special_winner != holder and \
            any(name in effect for name in WINNER_EFFECTS):
        raise AssistantError(_("--won gives {card} to {holder}, so {holder} won its trick, not {stated}")
                             .format(card=special.said, holder=holder, stated=s.special_winner))
    if any(name in effect for name in WINNER_EFFECTS) and not s.special_winner_of(special):
        raise InputError(_("{card} needs who won its trick: --special-winner NAME (or list {id} in their --won)")
                         .format(card=special.shown, id=special.typed))
    if any(name in effect for name in ("next_trick", "last_trick")) and s.special_winner is None:
        text = (_("{card} needs who won the trick after it: --special-winner NAME (or none)")
                if "next_trick" in effect else
                _("{card} needs who played it in the last trick: --special-winner NAME (or none)"))
        raise InputError(text.format(card=special.shown))
    if "per_face_in_trick" in effect and s.scout is None:
        raise InputError(_("{card} needs who played it and the J, Q, K, A in its trick: --scout NAME=N "
                           "(N from 0 to {high})").format(card=special.shown, high=count - 1))


def check_won(pad: RoiGame, s: Summary, won: dict[str, tuple[Card, ...]], special: Special, every_card: bool,
               title: str) -> None:
    """``won``: the summary's cards won (``s.won``), given when it has them."""
    count = len(pad.players)
    available = deck(count, special)
    seen: set[str] = set()
    for player, cards in won.items():
        for card in cards:
            if card.id not in available:
                raise InputError(not_in_deck(card, count, special, pad.rules))
            if card.id in seen:
                raise InputError(_("{card} is listed twice: a card is won once").format(card=_said(card, special)))
            seen.add(card.id)
        tricks = (s.counts or {}).get(player)
        if tricks is None and s.order is not None:
            tricks = s.order.count(player)
        if tricks is not None and len(cards) > tricks * count:
            raise InputError(ngettext("{player} won {tricks} trick, so at most {most} cards, not {got}",
                                      "{player} won {tricks} tricks, so at most {most} cards, not {got}",
                                      tricks).format(player=player, tricks=tricks, most=tricks * count,
                                                     got=len(cards)))
    if every_card and len(seen) != len(available):
        missing = [card for card in available if card not in seen]
        raise InputError(_("{quest} compares every card won: --won lists {listed} of the {total} cards "
                           "(missing {missing}); --won NAME=rest gives one player every card not listed").format(
            quest=title, listed=len(seen), total=len(available),
            missing=", ".join(_said(available[card], special) for card in missing[:6])
            + (", ..." if len(missing) > 6 else "")))
    if every_card:
        uneven = [f"{p} {len(cards)}" for p, cards in won.items() if len(cards) % count]
        if uneven:
            raise InputError(ngettext("a trick holds {count} card, so each player's pile is a multiple of "
                                      "{count} (got {piles})", "a trick holds {count} cards, so each player's "
                                      "pile is a multiple of {count} (got {piles})", count)
                             .format(count=count, piles=", ".join(uneven)))


def check_take(deal: Deal, event: TakeEvent, strict: bool) -> None:
    """The red 11's take, once a deal: after its trick, by whoever played it; or before the first trick,
    by whoever the table names (--by). FACTS.md gives no timing and the rule text none either: the public
    online version plays it before the first trick, so the pad takes both. After its trick --by may be
    left out: the trick says who takes."""
    special, after = deal.special, len(deal.tricks)
    if special.hands != "take":
        raise InputError(no_move(event.FORM, special))
    done = deal.took()
    if done is not None:
        raise AssistantError(_("{card} already took cards in this deal ({when}): once a deal").format(
            card=special.said, when=when(done)))
    if after:
        mover = player_of(deal.tricks[-1], special.card)
        if mover is None:
            raise InputError(follows(event.FORM, special, after))
        if event.by not in (None, mover):
            raise InputError(_("{player} played {card} in trick {number}, so {player} takes, not {by}").format(
                player=mover, card=special.said, number=after, by=event.by))
    elif event.by is None:  # a saved step never lacks it: build asks for it
        raise InputError(_("before the first trick, say who takes the cards: add --by NAME (who holds {card})")
                         .format(card=special.said))
    else:
        mover = event.by
    if event.player == mover:
        raise InputError(_("{player} holds {card} and takes cards from another player's hand").format(
            player=mover, card=special.said))
    if strict and len(event.taken) != special.take:
        raise AssistantError(ngettext("{card} takes {count} card (got {got})",
                                      "{card} takes {count} cards (got {got})", special.take).format(
            card=special.said, count=special.take, got=len(event.taken)))


def check_move(deal: Deal, event) -> None:
    """A hand change after the trick just played: the Sorcerer's take-back, the Druid's swap, the blue 11's pass."""
    special, after = deal.special, len(deal.tricks)
    trick = deal.tricks[-1]  # only the red 11's take comes before the first trick (RoiGame.apply)
    if isinstance(event, TakeBackEvent):
        if special.play.get("between_tricks") != "take_back":
            raise InputError(_("take-back is the Sorcerer's exchange, and {card} is this deal's special card")
                             .format(card=special.said))
        if deal.taken_back():
            raise AssistantError(_("the Sorcerer was already used in this deal (after trick {number})")
                                 .format(number=next(iter(deal.taken_back()))))
        if player_of(trick, event.card) is None:
            raise InputError(_("{card} is not in trick {number}: the Sorcerer takes back a card of the trick "
                               "just played").format(card=_said(event.card, special), number=after))
        return
    kinds: dict[type, str] = {SwapEvent: "swap", PassEvent: "pass"}
    mover = player_of(trick, special.card)
    if special.hands != kinds[type(event)] or mover is None:
        raise InputError(follows(event.FORM, special, after))
    if any(done == after for done, unused in deal.moves):
        raise AssistantError(_("the hands already changed after trick {number}").format(number=after))
    if isinstance(event, SwapEvent) and event.player == mover:
        raise InputError(_("{player} played {card} and swaps hands with another player").format(
            player=mover, card=special.said))


def no_move(form, special: Special) -> str:
    """The refusal of a hand change this deal's special card does not make."""
    return _("no {step} in this deal: its special card {card} does not move cards that way").format(
        step=spoken_verb(form), card=special.said)


def when(after: int) -> str:
    """When a hand change was made: 'before the first trick', 'after trick 3'."""
    return _("before the first trick") if not after else _("after trick {number}").format(number=after)


def follows(form, special: Special, after: int) -> str:
    """The refusal of a hand change recorded after a trick that does not hold the card making it."""
    return _("{step} follows the trick holding the card whose text says it ({card}), not trick {number}").format(
        step=spoken_verb(form), card=special.said, number=after)


def played_twice(card: str, first: int, again: int, tricks: int) -> str:
    """The refusal of ``card`` played in trick ``first`` and again in trick ``again`` (of ``tricks``)."""
    if first == again:
        return _("{card} is played twice in trick {again}: each card is played once").format(card=card, again=again)
    if again == tricks:  # the trick being added
        return _("{card} was already played in this deal (trick {first})").format(card=card, first=first)
    return _("{card} is played in trick {first} and in trick {again}: each card is played once").format(
        card=card, first=first, again=again)


def not_in_deck(card: Card, players: int, special: Special, rules: Rules) -> str:
    """The refusal of a card this deal's deck does not hold (at ``players`` players, with ``special``)."""
    if card.id == "2g" and players == 3:
        return _("the green 2 stays in the box at 3 players: it cannot be played")
    if card.special:
        return _("{card} is not in this deal: the special card shuffled in is {special}").format(
            card=rules.special_of(card).said, special=special.said)
    return _("{card} is not a card of this deck").format(card=said(card))
