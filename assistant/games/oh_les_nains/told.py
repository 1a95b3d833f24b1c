"""What the rope's commands print that is the rope's own, declared as its hooks (``GameType.hooks``): a match
started with its settings, the lines it starts with, the match as data. Data only: the faces print it."""

from __future__ import annotations

from assistant.engine.i18n import _, ngettext
from assistant.games.oh_les_nains.rope import TugGame


def new(name: str, sides: list[str], counters: bool = False, starts: str | None = None,
        flagstones: str | None = None) -> TugGame:
    """A match of ``sides``, with the counters or not, who starts, and the flagstones of the player's box."""
    return TugGame.new(name, sides, counters, starts, flagstones)


def started(match: TugGame) -> dict[str, list[str]]:
    """A new match's lines: the notice of an unverified path (told apart, on the error stream), the sides and
    the order of play, then where the match stands."""
    notices = []
    if match.flagstones is None:
        notices.append(ngettext(
            "notice: the path of {count} flagstone ({half} a side) is unverified: from public sources, check your "
            "box; if yours differs: assistant tug new --flagstones N",
            "notice: the path of {count} flagstones ({half} a side) is unverified: from public sources, check your "
            "box; if yours differs: assistant tug new --flagstones N", match.path).format(
            count=match.path, half=match.path // 2))
    lines = [_("new match {name}: {first} against {second}; order {order}").format(
        name=match.name, first=match.side_name(0), second=match.side_name(1), order=", ".join(match.order))]
    return {"notices": notices, "lines": [*lines, *match.status()]}


def described(match: TugGame) -> dict:
    """``tug show --json``: the match as data."""
    return match.describe()
