"""Score pads: games whose log records deals, not clues; totals are always derived.

Each pad is a module with a class that follows the same shape as ``Game``:
``name``, ``events``, ``read_step(words)``, ``record(event)``, ``step(event)``,
``to_mapping()`` and ``from_mapping(...)``, so the store saves, locks, undoes
and replays them like any game.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import AssistantError, DataError, InputError, events_place


class Undo(NamedTuple):
    """Take back the latest entry not yet taken back."""


def standing(events) -> list:
    """The events still in force: each undo cancels the latest event not yet cancelled."""
    kept: list = []
    for event in events:
        if isinstance(event, Undo):
            if kept:
                kept.pop()
        else:
            kept.append(event)
    return kept


def from_saved(pad_class, data: dict, name: str, rules, source: str, header_keys: tuple[str, ...],
               where=events_place):
    """Rebuild a score pad from its saved form: the header, then every step recorded again.

    Each step is checked as it was when it was first recorded, so a damaged
    log is reported at the first bad step, with its place in the file."""
    extra = sorted(set(map(str, data)) - {"assistant", "pad", "events", *header_keys})
    if extra:
        raise DataError(f"{source}: {extra[0]}: unknown key")
    pad = pad_class.from_header(data, name, rules, source)
    steps = data.get("events") or []
    if not isinstance(steps, list):
        raise DataError(f"{source}: events: expected a list of steps")
    for position, step in enumerate(steps):
        try:
            if not isinstance(step, str):
                raise InputError(f"expected the words of a step (got {step!r})")
            pad = pad.record(pad.read_step(step))
        except AssistantError as error:
            raise DataError(f"{source}: {where(position)}: {error}") from None
    return pad
