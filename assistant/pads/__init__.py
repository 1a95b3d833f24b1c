"""Score pads: games whose log records deals, not clues; totals are always derived.

Each pad is a module with a class that follows the same shape as ``Game``:
``name``, ``events``, ``read_step(words)``, ``record(event)``, ``step(event)``,
``to_mapping()`` and ``from_mapping(...)``, so the store saves, locks, undoes
and replays them like any game.
"""
