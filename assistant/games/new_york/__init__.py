"""Enquêtes à New York: the 5x5 city's statements, each opponent's hidden place, the accusations.

The game is ``CityGame`` (``game``), the deduction core (``assistant.games.deduction``) on the city's
board: its statements are clue kinds of the engine; its accusations (``accusation``) close the case or put
their accuser out."""

from assistant.engine.i18n import N_
from assistant.engine.registry import Acts, Command, GameType, Start, register

KIND = "new-york"

# What Enquêtes à New York declares for the faces: its accusation, how it starts, and which of its acts the
# whole table sees (read from the rules: an accusation is said aloud; a clue card is read by its player alone;
# the answer under the wheel's cover is shown only by a right accuser). The sheets of one table are linked
# through ``linked``: an accusation entered on one phone reaches every sheet.
COMMANDS = (
    Command(("accuse",), "deduction", N_(
        "Record an accusation heard at the table: a wrong one rules the cell out, a right "
        "one closes the case (later clues about it are refused; undo reopens it). It is "
        "Enquêtes à New York's step: 75 Gnom' Street has none (its loot cards, shown at "
        "the end, say where the loot is: loot).\n\n"
        "Enquêtes à New York: --by NAME says who accused (me for you; any name, the same "
        "name later is the same player). A wrong accuser is out of the game (the rules: "
        "\"il est éliminé\") and may not accuse again; the others play on. Without --by "
        "nobody is put out.\n\n"
        "Example: assistant accuse C4 wrong --by Ana"),
        french=("accuser",)),
)

START = Start(("new",), "opponents", 1, 5, "red,blue")

ACTS = Acts(public=("accuse",), private={"clue": "player"}, copies="assistant.games.new_york.linked:copies")

register(GameType(KIND, "Enquêtes à New York", "Enquêtes à New York", pad=False,
                  game_class_path="assistant.games.new_york.game:CityGame", words=("ny", "newyork", "enquetes"),
                  commands=COMMANDS, start=START, acts=ACTS))
