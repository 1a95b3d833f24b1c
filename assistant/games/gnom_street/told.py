"""What the command line prints after one of the garden's steps, declared as its hook (``GameType.hooks``):
data only, the faces print it."""

from __future__ import annotations

from assistant.engine.grammar import said


def recorded(game) -> tuple[list[str], bool]:
    """After a step: a fight's ranking and whom I may ask; a piece's entry ('4. miniature red C3'), what it
    changed, and the match's score in a two-player game. Nothing is drawn after them."""
    from assistant.games.gnom_street import fight

    entry = game.entries()[-1]
    if isinstance(entry.event, fight.FightEvent):
        return fight.read_back(game, entry), False
    lines = [f"{entry.number}. {said(game, game.step(entry.event))}", *game.told(entry)]
    match = game.match_score()
    return [*lines, *([match] if match else [])], False
