"""The city's game: the deduction core (``DeductionGame``) on the city's board.

Enquêtes à New York is a case: everyone hunts the same hidden places, the statements heard are clue
kinds of the engine (``assistant.engine.clues``) and the accusation is the core's (``Case``): a right one
closes its case and wins, a wrong one puts its accuser out. The city hears no step of the garden's.
"""

from assistant.games.deduction.game import DeductionGame


class CityGame(DeductionGame):
    """A game of Enquêtes à New York: clues, the statements of its cards, accusations."""
