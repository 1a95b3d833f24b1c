"""Domain errors: each carries a message a player can act on.

The core raises them; only ``cli.py`` decides how they look (one line on
stderr) and which exit code they get (``exit_code``).
"""

from .i18n import _, ngettext


class AssistantError(Exception):
    """Something the player can fix; the message says what and how."""

    exit_code = 1


class InputError(AssistantError):
    """A word typed on the command line is not one the tool knows."""

    exit_code = 2


class DataError(AssistantError):
    """A data file (board, game log, scenario) is damaged or malformed.

    ``problems`` lists every problem found, each already prefixed with the
    file and the path inside it, so that one run reports them all.
    """

    def __init__(self, problems: list[str] | str):
        self.problems = [problems] if isinstance(problems, str) else list(problems)
        shown = self.problems[:5]
        more = len(self.problems) - len(shown)
        message = _("; ").join(shown)  # the clauses of one line (French: ' ; ')
        if more:
            message = _("{problems} (and {count} more)").format(problems=message, count=more)
        super().__init__(message)


class Contradiction(AssistantError):
    """A clue that cannot hold together with the clues already recorded."""

    def __init__(self, message: str, conflicting: tuple[int, ...] = ()):
        self.conflicting = conflicting
        super().__init__(message)


def events_place(position: int) -> str:
    """Where event ``position`` of a saved log is, when the file's lines are not known."""
    return f"events[{position}]"


def cut(text: str, limit: int = 60) -> str:
    """``text``, or its first ``limit`` characters and how long it was: a message never carries megabytes."""
    return text if len(text) <= limit else f"{text[:limit]}... {_length(text)}"


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters: a message quotes what was given, never megabytes of it."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... {_length(value)}"
    return cut(repr(value), limit)


def _length(text: str) -> str:
    """'(5,000 characters)': how long a text cut short was."""
    return ngettext("({count} character)", "({count} characters)", len(text)).format(count=f"{len(text):,}")
