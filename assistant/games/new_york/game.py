"""The city's game: the deduction core (``DeductionGame``) on the city's board.

Enquêtes à New York is a case: everyone hunts the same hidden places, the statements heard are clue
kinds of the engine (``assistant.engine.clues``) and the accusation is the core's (``Case``): a right one
closes its case and wins, a wrong one puts its accuser out. The city hears no step of the garden's.
"""

from assistant.engine.errors import InputError
from assistant.engine.i18n import _
from assistant.engine.words import join_names
from assistant.games.deduction.game import DeductionGame

MOST_PLAYERS = 6  # rules: "De 2 à 6 joueurs", me included


class CityGame(DeductionGame):
    """A game of Enquêtes à New York: clues, the statements of its cards, accusations."""

    def player(self, text: str) -> str:
        """A player named at the table (``DeductionGame.player``): a new name only while the table is not
        full; a saved log loads as heard."""
        found = super().player(text)
        named = self.named()
        if found not in named and found != "me" and not self.reading_saved and len(named) + 1 >= MOST_PLAYERS:
            # rules: "De 2 à 6 joueurs"
            raise InputError(_("{player} would be a seventh investigator: the game is played by 2 to 6 players "
                               "(rules: \"De 2 à 6 joueurs\"), you and {players}; name one of them").format(
                player=text, players=join_names(named)))
        return found
