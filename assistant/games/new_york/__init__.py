"""Enquêtes à New York: the 5x5 city's statements, each opponent's hidden place, the accusations.

The game is the deduction game (``assistant.games.deduction``) on the city's board: its statements are
clue kinds of the engine, its accusations a step of the deduction game."""

from assistant.engine.registry import GameType, register
from assistant.games.new_york import declared

KIND = "new-york"

register(GameType(KIND, "Enquêtes à New York", "Enquêtes à New York", pad=False,
                  game_class_path="assistant.games.deduction:Game", words=("ny", "newyork", "enquetes"),
                  commands=declared.COMMANDS, start=declared.START, acts=declared.ACTS))
