"""What a Le Roi des Nains pad says to the table: where the game stands, the trick or hand change just
recorded, who plays with what. Each line in the player's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.engine.i18n import _, ngettext
from assistant.engine.words import join_names
from assistant.games.roi_des_nains.cards import basic_cards
from assistant.games.roi_des_nains.deals import DEALS
from assistant.games.roi_des_nains.events import HAND, DropEvent, PassEvent, SwapEvent, TakeEvent
from assistant.games.roi_des_nains.play import card_said as _said
from assistant.games.roi_des_nains.rules import UNCONFIRMED_SAID
from assistant.games.roi_des_nains.scoring import facts_of

if TYPE_CHECKING:
    from assistant.games.roi_des_nains.pad import RoiGame


def status(pad: RoiGame) -> list[str]:
    """What the table needs to hear now: a deal taken out, next dealer, who chose and led, the winner."""
    lines = latest_said(pad)
    states = [s for s in pad.state() if not s.removed]
    if any(s.deal.special.marked != s.deal.special.shown for s in states):  # the legend of the pad's '(?)'
        lines.append(_(UNCONFIRMED_SAID))
    if states:
        last = states[-1]
        if last.complete(len(pad.players)):
            facts = facts_of(last.deal, pad.players)
            if facts.next_dealer:
                lines.append(_("next dealer: {player} (won the green 5)").format(player=facts.next_dealer))
            if facts.blue_five:
                lines.append(_("deal {number}: quest chosen by {chooser} (blue 5), first trick led by {leader} "
                               "(red 5)").format(number=last.number, chooser=facts.blue_five,
                                                 leader=facts.red_five or "?"))
        else:
            done = len(last.deal.tricks)
            text = (ngettext("deal {number}: {done} of {hand} tricks; {leader} leads next",
                             "deal {number}: {done} of {hand} tricks; {leader} leads next", done) if done else
                    _("deal {number}: {done} of {hand} tricks; the holder of the red 5 leads next"))
            lines.append(text.format(number=last.number, done=done, hand=HAND[len(pad.players)],
                                     leader=last.deal.tricks[-1].winner if done else ""))
    played = pad.played()
    winner = pad.winner()
    if winner:
        points = pad.totals()[winner]
        lines.append(ngettext("{winner} wins and becomes the new Dwarf King with {points} point",
                              "{winner} wins and becomes the new Dwarf King with {points} points", abs(points))
                     .format(winner=winner, points=points))
    elif played >= DEALS and pad.open_deal() is None:
        totals = pad.totals()
        best = max(totals.values())
        tied = [p for p in pad.players if totals[p] == best]
        lines.append(_("tie between {names} at {points}: play another deal")
                     .format(names=join_names(tied), points=best))
    elif played < DEALS:
        lines.append(ngettext("{played} of {deals} deals played", "{played} of {deals} deals played", played)
                     .format(played=played, deals=DEALS))
    return lines



def latest_said(pad: RoiGame) -> list[str]:
    """What the latest step took out, if it did: a deal, with the number it had."""
    latest = pad.events[-1] if pad.events else None
    if isinstance(latest, DropEvent):
        before = pad._replace(events=pad.events[:-1]).state()[latest.number - 1]
        return [_("took out deal {number}: {quest}; the deals after it move up")
                .format(number=latest.number, quest=before.said)]
    return []


def trick_said(pad: RoiGame, number: int | None = None) -> str:
    """'trick 3: Ana 5g, Ben 7g, Cleo Kb; Ben wins': trick ``number`` of the latest deal entered trick by trick."""
    deal = pad.trick_deal()
    number = number or len(deal.deal.tricks)
    trick = deal.deal.tricks[number - 1]
    cards = ", ".join(f"{player} {_said(card, deal.deal.special)}" for player, card in trick.plays)
    if number == len(deal.deal.tricks) and not deal.complete(len(pad.players)):
        text = _("trick {number}: {cards}; {winner} wins and leads next")
    else:
        text = _("trick {number}: {cards}; {winner} wins")
    return text.format(number=number, cards=cards, winner=trick.winner)


def move_said(pad: RoiGame) -> str:
    """'after trick 3: Ana swaps hands with Cleo': the hand change just recorded, in the player's language."""
    deal = pad.open_deal() or pad.trick_deal()
    after, move = deal.deal.moves[-1]
    special = deal.deal.special
    mover = getattr(move, "by", None) or next(
        (p for t in deal.deal.tricks[after - 1:after] for p, c in t.plays if c == special.card), "?")
    if isinstance(move, TakeEvent) and not after:
        text = _("before the first trick: {mover} takes {taken} from {player} and gives back {back}")
    elif isinstance(move, SwapEvent):
        text = _("after trick {number}: {mover} swaps hands with {player}")
    elif isinstance(move, PassEvent):
        text = (_("after trick {number}: every hand passes left, to the next player") if move.direction == "left"
                else _("after trick {number}: every hand passes right, to the previous player"))
    elif isinstance(move, TakeEvent):
        text = _("after trick {number}: {mover} takes {taken} from {player} and gives back {back}")
    else:
        text = _("after trick {number}: {player} puts {card} in that trick and takes back {taken}, to play it "
                 "again")
    taken = move.taken if isinstance(move, TakeEvent) else (getattr(move, "card", None),)
    return text.format(number=after, mover=mover, player=getattr(move, "player", ""),
                       taken=", ".join(_said(c, special) for c in taken if c is not None),
                       back=", ".join(_said(c, special) for c in getattr(move, "back", ())),
                       card=special.said)



def table_said(players: tuple[str, ...]) -> str:
    """'Ana, Ben, Cleo; hands of 13 cards (the green 2 stays in the box)': who plays, with what."""
    count = len(players)
    if any(card.id == "2g" for card in basic_cards(count)):
        text = ngettext("{players}; hands of {hand} card", "{players}; hands of {hand} cards", HAND[count])
    else:
        text = ngettext("{players}; hands of {hand} card (the green 2 stays in the box)",
                        "{players}; hands of {hand} cards (the green 2 stays in the box)", HAND[count])
    return text.format(players=", ".join(players), hand=HAND[count])


# -- what the command line prints, declared as the game's hooks (``GameType.hooks``): data, never drawn ----------


def started(pad: RoiGame) -> dict[str, list[str]]:
    """A new pad's lines: who plays, with what (``quest new``)."""
    return {"lines": [_("new score pad {name}: {table}").format(name=pad.name, table=pad.table_said())]}


def recorded(pad: RoiGame) -> tuple[list[str], bool] | None:
    """After a step: a trick read back (the pad drawn once its deal is closed, or a trick corrected), a hand
    change said alone; None for the others (the pad drawn, and what the table must hear)."""
    from assistant.games.roi_des_nains.events import MOVES, TrickEvent

    last = pad.events[-1]
    if isinstance(last, TrickEvent):
        return [pad.trick_said(last.replaces)], pad.open_deal() is None or last.replaces is not None
    if isinstance(last, MOVES):
        return [pad.move_said()], False
    return None


def listed(rules, as_json: bool = False) -> list:
    """``quest list``: its lines, or (``as_json``) each quest face as data."""
    from assistant.games.roi_des_nains.rules import listing

    if as_json:
        return [{"id": q.id, "name": q.name, "fr": q.fr, "rule": {q.primitive: q.spec}, "needs": q.needs,
                 "scores": q.scores(rules.face_value)} for q in rules.quests]
    return listing(rules)
