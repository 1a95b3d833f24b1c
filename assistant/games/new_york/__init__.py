"""Enquêtes à New York: the 5x5 city's statements, each opponent's hidden place, the accusations.

The game is ``CityGame`` (``game``), the deduction core (``assistant.games.deduction``) on the city's
board: its statements are clue kinds of the engine; its accusations (``accusation``) close the case or put
their accuser out."""

from assistant.engine.registry import GameType, register

KIND = "new-york"

register(GameType(KIND, "Enquêtes à New York", "Enquêtes à New York", pad=False,
                  game_class_path="assistant.games.new_york.game:CityGame", words=("ny", "newyork", "enquetes")))
