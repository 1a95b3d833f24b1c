"""The deduction core every sheet game is built on.

- ``events``: the step every deduction game hears, a clue (``ClueEvent``), owning its words;
- ``reading``: the words of a game's steps, read and written, and what may be typed in each slot
  (``StepWords``);
- ``game``: ``DeductionGame``, the board, the opponents, the log replayed once into the sheet, recording,
  undo and retract, the saved form, what the table hears.

A game with rules of its own subclasses ``DeductionGame`` in its own package, adding its steps and its end
through the core's hooks: the garden's ``assistant.games.gnom_street.game.GardenGame``, the city's
``assistant.games.new_york.game.CityGame`` (its accusations and who they put out).
"""

from assistant.games.deduction.events import ClueEvent
from assistant.games.deduction.game import MAX_OPPONENTS, DeductionGame, State

__all__ = ["MAX_OPPONENTS", "ClueEvent", "DeductionGame", "State"]
