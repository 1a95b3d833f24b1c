"""A fifth game that only the tests register: one package and its data file, nothing else.

Importing this package registers it, as each game under assistant/games does; ``unregister`` takes it
out again, so the other tests never see it."""

from pathlib import Path

from assistant.engine.registry import GameType, register, unregister

KIND = "tiny-grid"
TYPE = GameType(KIND, "Tiny grid", "Petite grille", pad=False,
                game_class_path="assistant.games.new_york.game:CityGame",  # it ends with an accusation
                board_file=str(Path(__file__).with_name("tiny-grid.yaml")))


def install() -> None:
    register(TYPE)


def uninstall() -> None:
    unregister(KIND)
