"""Le Roi des Nains score pad: 7 deals, one quest each, one special card each.

Split by concern: ``rules`` (the quests and special cards, read from
``boards/roi-des-nains.yaml``), ``scoring`` (one scorer per primitive),
``events`` (each step's words: a form, a reader, a writer), ``play`` (who wins
a trick, what a player may play: the magic cards, the first trick, cards
changing hands) and ``pad`` (the log of deals, its checks and its score table).
"""

from assistant.games.roi_des_nains.events import (
                     HAND,
                     Deal,
                     DealEvent,
                     DropEvent,
                     PassEvent,
                     RemoveEvent,
                     Summary,
                     SwapEvent,
                     TakeBackEvent,
                     TakeEvent,
                     Trick,
                     TrickEvent,
                     follow_suit_winner,
)
from assistant.games.roi_des_nains.pad import DEALS, RoiGame
from assistant.games.roi_des_nains.rules import Quest, Rules, Special, listing, read_rules
from assistant.games.roi_des_nains.scoring import SCORERS, SEATING, score

PAD = RoiGame

__all__ = ["DEALS", "HAND", "PAD", "SCORERS", "SEATING", "Deal", "DealEvent", "DropEvent", "PassEvent", "Quest",
           "RemoveEvent", "RoiGame", "Rules", "Special", "Summary", "SwapEvent", "TakeBackEvent", "TakeEvent", "Trick",
           "TrickEvent", "follow_suit_winner", "listing", "read_rules", "score"]
