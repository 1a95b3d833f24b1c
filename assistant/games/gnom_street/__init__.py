"""75 Gnom' Street: the garden's deduction sheets, its pieces (miniatures, cat, Mole and Bait tokens), the
round's fight, the questions put to me (the mirror), my Moles and the end-of-game tally.

The game is ``GardenGame`` (``game``), the deduction core (``assistant.games.deduction``) with the
garden's rules: its steps' words (``words``), their recording (``recording``), the pieces (``garden``),
the fight (``fight``), the questions put to me (``mirror``), my Moles (``moles``) and the tally
(``tally``)."""

from assistant.engine.registry import GameType, register

KIND = "gnom-street"

register(GameType(KIND, "75 Gnom' Street", "75 Gnom' Street", pad=False,
                  game_class_path="assistant.games.gnom_street.game:GardenGame",
                  words=("gnom", "gnome", "garden", "jardin")))
