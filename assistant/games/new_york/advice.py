"""The city's advice: no questions to choose, only the odds of each accusation and its risk."""

from __future__ import annotations

from assistant.engine.advice import Odds, odds
from assistant.engine.cells import Cell
from assistant.engine.records import NamedTuple
from assistant.engine.sheet import Sheet


class Accusation(NamedTuple):
    cell: Cell
    probability: float  # that the accusation is right; 1 - p is the risk of elimination


def accusations(sheet: Sheet, item: str, the_odds: Odds | None = None) -> list[Accusation]:
    """The cells most likely to hold ``item``, most likely first."""
    the_odds = the_odds or odds(sheet)
    ranked = sorted(the_odds.items[item].items(), key=lambda pair: (-pair[1], pair[0]))
    return [Accusation(cell, p) for cell, p in ranked]
