"""Le Roi des Nains' deals as the log leaves them, and the score table they make.

A pad folds its standing entries into a tuple of ``DealState`` (``RoiGame.state``): each deal with its
number, open while its tricks are still being entered, or struck out by a 0.1 'remove N'. The
functions here read that tuple: the deal being played, the deals played, what the box has left, the
score table row by row.
"""

from __future__ import annotations

from assistant.engine.errors import InputError
from assistant.engine.i18n import _, ngettext
from assistant.engine.records import NamedTuple
from assistant.games.roi_des_nains.events import HAND, Deal
from assistant.games.roi_des_nains.rules import Special
from assistant.games.roi_des_nains.scoring import DealScore, both, score

DEALS = 7  # a game's deals: after the seventh the single highest total wins, a tie plays on

class DealState(NamedTuple):
    """A deal as it stands after replay: its number, maybe open (tricks still to come) or struck out."""

    number: int
    deal: Deal
    removed: bool = False  # struck out by a 0.1 'remove N': it keeps its row and number

    def complete(self, players: int) -> bool:
        return self.deal.summary is not None or len(self.deal.tricks) == HAND[players]

    @property
    def title(self) -> str:
        """'13A Capture the Kings + Flag Bearer': canonical (the exports)."""
        return f"{self.deal.quest.title} + {self.deal.special.name}"

    @property
    def said(self) -> str:
        """The title as the player reads it: French names where the rules give them, a special card's flagged
        '(?)' where the box has not confirmed it."""
        return f"{self.deal.quest.said} + {self.deal.special.marked}"


class Row(NamedTuple):
    """A row of the score table: a deal, its points once played, and the running totals after it."""

    number: int
    title: str
    points: dict[str, int] | None  # None while the deal is open
    totals: dict[str, int]
    note: str  # in the player's language
    removed: bool = False  # struck out by a 0.1 'remove N'
    said: str = ""  # the title in the player's language (``title`` stays canonical for the exports)
    parts: DealScore | None = None  # the points' parts: the quest's, the special card's, who doubled


class Used(NamedTuple):
    """What the deals standing took out of the box: quest tiles and special cards, each with its deal."""

    tiles: dict[str, DealState]
    specials: dict[str, DealState]


def score_rows(deals: tuple[DealState, ...], players: tuple[str, ...], face_value: int) -> list[Row]:
    """The score table: a row per deal, open and struck-out deals with no points, each with the totals."""
    totals = {p: 0 for p in players}
    rows = []
    for state in deals:
        if state.removed:
            rows.append(Row(state.number, state.title, None, dict(totals), _("removed"), True, state.said))
            continue
        if not state.complete(len(players)):
            rows.append(Row(state.number, state.title, None, dict(totals),
                            ngettext("playing: {done} of {hand} tricks", "playing: {done} of {hand} tricks",
                                     len(state.deal.tricks)).format(done=len(state.deal.tricks),
                                                                    hand=HAND[len(players)]),
                            False, state.said))
            continue
        result = score(state.deal, players, face_value)
        for p in players:
            totals[p] += result.total[p]
        rows.append(Row(state.number, state.title, result.total, dict(totals), breakdown(result, state.deal.special),
                        False, state.said, result))
    return rows


def breakdown(result: DealScore, special: Special) -> str:
    """'quest: Ana +3, Ben +0; Porte-étendard: Ana +3; Ana doubles (Enchanteur)': what a deal's points are made
    of, said when the special card added to the quest's points ('' when the quest gave them all)."""
    bonus = {player: points for player, points in result.special.items() if points}
    if not bonus and not result.doubled:
        return ""
    said = [_("quest: {points}").format(points=", ".join(f"{p} {q:+d}" for p, q in result.quest.items()))]
    if bonus:
        said.append(_("{card}: {points}").format(card=special.shown,
                                                 points=", ".join(f"{p} {q:+d}" for p, q in bonus.items())))
    if result.doubled:
        said.append(_("{player} doubles ({card})").format(player=result.doubled, card=special.shown))
    return both(said, _)


def used_in(deals: tuple[DealState, ...], but: int | None = None) -> Used:
    """The quest tiles and special cards the deals standing (but deal ``but``) took out of the box."""
    kept = [s for s in deals if not s.removed and s.number != but]
    return Used({s.deal.quest.tile: s for s in kept}, {s.deal.special.id: s for s in kept})


def latest_in(deals: tuple[DealState, ...]) -> DealState | None:
    """The latest deal standing, if it is entered trick by trick."""
    states = [s for s in deals if not s.removed]
    return states[-1] if states and states[-1].deal.summary is None and states[-1].deal.tricks else None


def trick_deal_in(deals: tuple[DealState, ...]) -> DealState:
    """The latest deal, if it is entered trick by trick (the one ``trick --replace N`` corrects)."""
    latest = latest_in(deals)
    if latest is None:
        raise InputError(_("trick --replace corrects a trick of the latest deal, which was not entered trick by "
                           "trick: correct a summary with quest deal ... --replace N"))
    return latest


def with_item(items: tuple, number: int, item) -> tuple:
    """``items`` with item ``number`` (from 1) replaced."""
    return items[:number - 1] + (item,) + items[number:]


def open_in(deals: tuple[DealState, ...], players: int) -> DealState | None:
    """The deal whose tricks are still being entered, if any (``players``: how many play)."""
    if deals and not deals[-1].removed and not deals[-1].complete(players):
        return deals[-1]
    return None


def played_in(deals: tuple[DealState, ...], players: int) -> int:
    """How many deals were played to the end (struck-out ones left out)."""
    return sum(1 for s in deals if not s.removed and s.complete(players))
