"""Score pads: games whose log records deals, not clues; totals are always derived.

Each pad is a module with a class that follows the same shape as ``Game``:
``name``, ``events``, ``read_step(words)``, ``record(event)``, ``step(event)``,
``to_mapping()`` and ``from_mapping(...)``, so the store saves, locks, undoes
and replays them like any game.
"""


def english(text: str) -> str:
    """The canonical English of a marked text: the translator (``tr``) for what machines read
    (quest list --json, the exports, tally --json), which stays English whatever the player speaks;
    ``i18n._`` is the translator for what the player reads."""
    return text
