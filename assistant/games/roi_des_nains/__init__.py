"""Le Roi des Nains score pad: 7 deals, one quest each, one special card each.

Split by concern: ``rules`` (the quests and special cards, read from
``boards/roi-des-nains.yaml``), ``scoring`` (one scorer per primitive),
``events`` (each step's words: a form, a reader, a writer), ``play`` (who wins
a trick, what a player may play: the magic cards, the first trick, cards
changing hands) and ``pad`` (the log of deals, its checks and its score table).
"""

from importlib import import_module

from assistant.engine.registry import GameType, register
from assistant.games.roi_des_nains import declared

KIND = "roi-des-nains"

# The package's public names, each from the module that defines it: imported when first used, so that
# registering the game costs nothing at start-up (PEP 562's module __getattr__).
_HOMES = {
    "events": ("HAND", "Deal", "DealEvent", "DropEvent", "PassEvent", "RemoveEvent", "Summary", "SwapEvent",
               "TakeBackEvent", "TakeEvent", "Trick", "TrickEvent", "follow_suit_winner"),
    "pad": ("DEALS", "RoiGame"),
    "rules": ("Quest", "Rules", "Special", "listing", "read_rules"),
    "scoring": ("SCORERS", "SEATING", "score"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str):
    if name == "PAD":
        return import_module(f"{__name__}.pad").RoiGame
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)

register(GameType(KIND, "Le Roi des Nains", "Le Roi des Nains", pad=True,
                  game_class_path="assistant.games.roi_des_nains.pad:RoiGame", group="quest",
                  words=("roi", "roidesnains"), picture="deals",
                  commands=declared.COMMANDS, titles=declared.TITLES, columns=declared.COLUMNS, page=declared.PAGE,
                  start=declared.START, acts=declared.ACTS, hooks=declared.HOOKS))

__all__ = ["PAD", *_HOME_OF]
