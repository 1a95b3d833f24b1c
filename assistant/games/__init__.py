"""The games: one package each, every one registering itself as it is imported (OpenSpiel's
``open_spiel/python/games``). Importing this package registers them all; the engine's registry does it
the first time it is asked. Adding a game here makes it known to the store, the faces, the statistics
and the tests that walk every registered game.

Registering is cheap: a package's ``__init__`` names its class by a loader, and the game's modules are
imported only when a game of it is loaded.
"""

from assistant.engine.registry import BOARD_GAMES, GameType, register

# A board nobody registered a game for (a board file the player added) is played as a plain sheet.
register(GameType(BOARD_GAMES, "Deduction sheet", "Feuille d'enquête", pad=False,
                  game_class_path="assistant.games.deduction:Game"))

from assistant.games import gnom_street, new_york, oh_les_nains, roi_des_nains  # noqa: E402,F401  (they register)
