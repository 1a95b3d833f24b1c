"""The deduction core every sheet game is built on, and the game of any board nobody wrote rules for.

- ``events``: the steps every deduction game hears, a clue and an accusation (``ClueEvent``,
  ``AccuseEvent``), each owning its words;
- ``reading``: the words of a game's steps, read and written, and what may be typed in each slot
  (``StepWords``);
- ``case``: the accusations, the cases they close, who they put out, and what the table hears (``Case``);
- ``game``: ``DeductionGame``, the board, the opponents, the log replayed once into the sheet, recording,
  undo and retract, the saved form.

A game with rules of its own subclasses ``DeductionGame`` in its own package: the garden's
``assistant.games.gnom_street.game.GardenGame``, the city's ``assistant.games.new_york.game.CityGame``.
"""

from assistant.games.deduction.events import AccuseEvent, ClueEvent
from assistant.games.deduction.game import MAX_OPPONENTS, DeductionGame, State

__all__ = ["MAX_OPPONENTS", "AccuseEvent", "ClueEvent", "DeductionGame", "State"]
