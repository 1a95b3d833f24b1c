"""The end of a game as the faces' headers say it: one line, read from the game's ``outcome()``.

The table screen's header and the phones' page both call ``header_line``; neither decides anything: the
game does (its ``outcome()``), and the engine words the result (``registry.result_said``), as the game's
own refusals once it is finished do.
"""

from __future__ import annotations

from assistant.engine.i18n import _
from assistant.engine.registry import result_said


def header_line(game) -> str | None:
    """'game over: Léa wins (13 points)' once the game is finished; 'tie between Léa and Ana (13 points):
    play one more deal...' while a tie waits to be settled; None while the game goes on."""
    end = game.outcome()
    if end.finished:
        line = _("game over: {result}").format(result=result_said(end))
        return _("{line} ({note})").format(line=line, note=end.note) if end.note and end.winners else line
    if end.tied:
        result = result_said(end)
        return _("{result}: {note}").format(result=result, note=end.note) if end.note else result
    return None


def no_tally(game) -> str:
    """The refusal of ``tally`` for a game that ends otherwise (a city, a score pad, a two-player garden is
    counted by ``outcome``): which games it counts."""
    from assistant.engine import registry
    from assistant.engine.contract import Tallies

    return _("{name} is not counted by a tally: tally counts the end of {games}").format(
        name=game.name, games=registry.titles_offering(Tallies))
