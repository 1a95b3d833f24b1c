"""Starting a deduction sheet: the one check that ``assistant new`` and the phones' join page share.

Whatever the face, a sheet starts from the same words: a board (a game's kind), the opponents' names as
typed (``red,blue``), my own name, and what the game declares secret at its start (``Start.secrets``: the
garden's loot cell, given as ``--mine``). The names and the secret are checked by the game's own ``new``,
so a phone refuses exactly what the command line refuses, in the same words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from assistant.engine import registry
from assistant.engine.errors import InputError, shown
from assistant.engine.i18n import _

if TYPE_CHECKING:
    from assistant.engine.contract import GameContract
    from assistant.store.folder import Store

# The secrets ``new`` takes, by the option a game declares for each (``Secret.option``) -> its keyword
SECRET_OPTIONS = {"--mine": "mine"}


def refuse_a_pad(word: str) -> None:
    """A score pad's kind (or one of its words) given to ``new``: one line naming the pad's own command."""
    found = registry.find(word)  # the kind itself: its own package read, not every game's
    if found is None:
        found = next((each for each in registry.registered() if each.named_by(word)), None)
    if found is not None and found.pad:
        start = found.start.said(found.kind) if found.start is not None else "assistant --help"
        raise InputError(_("{kind} is a score pad: start it with {command}").format(kind=found.kind, command=start))


def sheet(store: Store, board: str, opponents: str | None = None, me: str | None = None,
          secrets: dict[str, str] | None = None, name: str | None = None) -> GameContract:
    """A new sheet on ``board``, checked and not saved yet: ``opponents`` as typed after --opponents
    ('red,blue'), my own name, and the secrets the game declares by their option ({'--mine': 'C2'}).
    ``name``: the game's name (default: the board's, which ``Store.create`` numbers). A refusal is an
    InputError in the command line's words."""
    from assistant.games.deduction import DeductionGame

    refuse_a_pad(board)
    chosen = store.board(board)
    given = {}
    for option, value in (secrets or {}).items():
        if option not in SECRET_OPTIONS:
            raise InputError(_("{option}: not a secret a sheet starts with (expected {options})").format(
                option=shown(option), options=", ".join(SECRET_OPTIONS)))
        given[SECRET_OPTIONS[option]] = value
    names = opponents.split(",") if opponents is not None else None
    return DeductionGame.new(name or chosen.name, chosen, names, me=me, **given)
