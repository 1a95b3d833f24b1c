"""Oh ! les Nains: the rope between two sides, its gnomes, pulls and rounds (``rope``)."""

from assistant.engine.registry import GameType, register
from assistant.games.oh_les_nains import declared

KIND = "oh-les-nains"

register(GameType(KIND, "Oh ! les Nains", "Oh ! les Nains", pad=True,
                  game_class_path="assistant.games.oh_les_nains.rope:TugGame", group="tug",
                  words=("rope", "corde", "ohlesnains", "tug"), picture="rope",
                  commands=declared.COMMANDS, titles=declared.TITLES, start=declared.START, acts=declared.ACTS))
