"""The games: one package each, every one registering itself as it is imported (OpenSpiel's
``open_spiel/python/games``). The engine's registry imports a game's package when a game of its kind is
asked for (``new-york``: ``new_york``), and every package here (``register_all``) when it is asked for
them all. Adding a game here makes it known to the store, the faces, the statistics and the tests that
walk every registered game.

Registering is cheap: a package's ``__init__`` names its class by a loader, and the game's modules are
imported only when a game of it is loaded. A package that is no game but a core games share (``SHARED``:
``deduction``, the sheet the garden and the city are built on) is never imported to find a game.
"""

from importlib import import_module

from assistant.engine.registry import BOARD_GAMES, GameType, register

# The packages here that are no game: the cores games are built on (the deduction sheet), never imported to
# find a game.
SHARED = ("deduction",)

# A board nobody registered a game for (a board file the player added) is read through the deduction core, which
# hands it to the game whose rules claim it (``DeductionGame.played_by``).
register(GameType(BOARD_GAMES, "Deduction sheet", "Feuille d'enquête", pad=False,
                  game_class_path="assistant.games.deduction:DeductionGame"))


def register_all() -> None:
    """Every game's package imported, each registering its game: every package found here (the way the
    Python packaging guide finds plugins), so that a new game needs no line anywhere else."""
    from pkgutil import iter_modules

    for found in iter_modules(__path__, f"{__name__}."):
        if found.ispkg and found.name.rpartition(".")[2] not in SHARED:
            import_module(found.name)
