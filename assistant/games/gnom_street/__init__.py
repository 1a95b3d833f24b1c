"""75 Gnom' Street: the garden's deduction sheets, its pieces (miniatures, cat, Mole and Bait tokens), the
round's fight, the questions put to me (the mirror), my Moles and the end-of-game tally.

The game is the deduction game (``assistant.games.deduction``) on the garden's board, whose pieces,
fight and tally the board's own rules switch on."""

from assistant.engine.registry import GameType, register
from assistant.games.gnom_street import declared

KIND = "gnom-street"

register(GameType(KIND, "75 Gnom' Street", "75 Gnom' Street", pad=False,
                  game_class_path="assistant.games.deduction:Game", words=("gnom", "gnome", "garden", "jardin"),
                  commands=declared.COMMANDS, titles=declared.TITLES, start=declared.START, acts=declared.ACTS))
