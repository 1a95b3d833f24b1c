"""Domain errors: each carries a message a player can act on.

The core raises them; only ``cli.py`` decides how they look (one line on
stderr) and which exit code they get (``exit_code``).
"""

from assistant.engine.i18n import _, integer, ngettext


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


# Characters that steer a terminal or reorder what it shows, never shown as themselves: C0 but the
# line break and the tab, DEL and C1 (ESC, CSI, OSC... can retitle a terminal or move its cursor),
# the line and paragraph separators (a second line inside one), and the bidi overrides and
# isolates (they reorder the text around them, e.g. to disguise a command).
CONTROLS = ("\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069")
_ESCAPES: dict[int, str] | None = None  # made on first use: most commands print nothing that needs it


def printable(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``, ``\\u2028``): what a file
    or a typed word holds reaches the terminal as letters, never as a control sequence."""
    global _ESCAPES
    if _ESCAPES is None:
        _ESCAPES = _control_escapes()
    return text.translate(_ESCAPES)


def _control_escapes() -> dict[int, str]:
    """Each character of CONTROLS (single characters and ranges, as in a pattern's class) and its escape:
    ``\\u`` for all but C0, the same escape inside a JSON string (json.dumps escapes C0 itself).

    A table for ``str.translate`` rather than a pattern: a pattern's class that reaches U+2069 is slow to
    compile, and every French command would compile it (its no-break spaces are not printable, so each of
    its lines is escaped)."""
    codes: list[int] = []
    at = 0
    while at < len(CONTROLS):
        first = last = ord(CONTROLS[at])
        if CONTROLS[at + 1:at + 2] == "-":
            last, at = ord(CONTROLS[at + 2]), at + 3
        else:
            at += 1
        codes += range(first, last + 1)
    return {code: f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}" for code in codes}


def _length(text: str) -> str:
    """'(5,000 characters)': how long a text cut short was."""
    return ngettext("({count} character)", "({count} characters)", len(text)).format(count=integer(len(text)))
