"""The words players type: normalising names and reading answers.

Players type names the way they say them: ``Staten Island``, ``staten-island``,
``STATEN_ISLAND``, ``près-de``. ``key`` folds all of those to one comparison
key, so that every lookup in the tool tolerates case, accents, spaces,
hyphens and apostrophes.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from assistant.engine.errors import InputError, shown  # noqa: F401  (shown: the grammar's readers quote through it)
from assistant.engine.i18n import N_, _, ngettext
from assistant.engine.records import NamedTuple

YES_WORDS = ("yes", "y", "oui", "true")
NO_WORDS = ("no", "n", "non", "false")


@lru_cache(maxsize=4096)  # the same few names are folded again and again
def key(text: str) -> str:
    """Fold a name to its comparison key: 'Près-de' -> 'presde'."""
    text = str(text)
    if text.isascii():  # NFKD leaves ASCII as it is, and no ASCII character combines
        return "".join(ch for ch in text if ch.isalnum()).lower()
    import unicodedata  # a compiled module of its own: loaded only for the words with accents

    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch)).lower()


def is_answer(text: str) -> bool:
    return key(text) in YES_WORDS + NO_WORDS


def parse_answer(text: str) -> bool:
    """'yes'/'y'/'oui' -> True, 'no'/'n'/'non' -> False."""
    folded = key(text)
    if folded in YES_WORDS:
        return True
    if folded in NO_WORDS:
        return False
    raise InputError(_("unknown answer {answer}: write yes or no (also y/n, oui/non)").format(answer=shown(text)))


def answer_word(answer: bool) -> str:
    """The canonical word of an answer, as saved in a step: 'yes' or 'no' whatever the language."""
    return "yes" if answer else "no"


def said_answer(answer: bool) -> str:
    """An answer as the player reads it: 'yes', or 'oui' in French."""
    return _("yes") if answer else _("no")


def join_names(names: Iterable[str]) -> str:
    """['a'] -> 'a'; ['a', 'b', 'c'] -> 'a, b and c'."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def join_either(names: Iterable[str]) -> str:
    """['a'] -> 'a'; ['a', 'b', 'c'] -> 'a, b or c' (one of them)."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return _("{names} or {last}").format(names=", ".join(names[:-1]), last=names[-1])


def join_neither(phrases: Iterable[str]) -> str:
    """['in A', 'in B'] -> 'neither in A nor in B', French 'ni à A ni dans B': alternatives denied together,
    as '{cell} is {neither}' says them ('A1 n'est ni à Manhattan ni dans le Bronx', never 'n'est pas à
    Manhattan ou dans le Bronx')."""
    phrases = list(phrases)
    return " ".join([_("neither {phrase}").format(phrase=phrases[0]),
                     *(_("nor {phrase}").format(phrase=phrase) for phrase in phrases[1:])])


def join_clauses(clauses: Iterable[str]) -> str:
    """Clauses of one line: 'red: 3 cells left; blue: 12 cells left' (French puts a space before ';')."""
    return _(CLAUSES).join(clauses)


CLAUSES = N_("; ")  # what separates the clauses of one line


# -- the step grammar's shared pieces ------------------------------------------------------
#
# Every event type reads its words with these few helpers, so that a number, a
# NAME=VALUE pair, an option or a name is read one way everywhere, and a wrong
# word gets the same kind of one-line message wherever it is typed.

NAME_LENGTH = 32  # a player's or an opponent's name: at most so many letters, digits and hyphens (plain_name)
MAX_DIGITS = 6  # no count at a table has more; longer numbers are refused before int() reads them
# What separates the words of a step: the shell's blanks, exactly the ones ``shlex`` splits on.
# Not str.split()'s wider whitespace: a no-break space typed in a card text ('Mick\u00a0blue')
# stays inside its word, so the saved step reads back to the same words (a card text holding
# U+00A0 is saved quoted, never read back as two words).
BLANKS = " \t\r\n"
_BLANK_AS_SPACE = str.maketrans("\t\r\n", "   ")
_NEEDS_QUOTES = frozenset(BLANKS + "'\"\\#")  # '#': a step pasted into a shell reads the same


# Characters of one step. The longest a table types (a deal with every option, 13 names in --order)
# is under 1,500; a saved 0.1 card text could be longer than today's 200, and a number of 5,000
# digits is still read far enough to say what a count should be. Beyond this a step is refused
# before it is split: shlex's cost grows with the square of a line's length (1.5 MB: minutes;
# 10,000 characters: a few milliseconds).
MAX_STEP = 10_000


def too_long(text: str) -> str | None:
    """Why ``text`` is too long to be a step ('a step of 1,500,000 characters: ...'), or None."""
    if len(text) <= MAX_STEP:
        return None
    return ngettext("a step of {count} character: a step is at most {most}",
                    "a step of {count} characters: a step is at most {most}", len(text)).format(
        count=f"{len(text):,}", most=f"{MAX_STEP:,}")


def split(text: str) -> list[str]:
    """Split a step into words like a shell; plain steps (the usual case) skip shlex, which is slow.

    A step over ``MAX_STEP`` characters is refused before anything reads it."""
    problem = too_long(text)
    if problem:
        raise InputError(problem)
    if not any(mark in text for mark in "'\"\\"):
        return [word for word in text.translate(_BLANK_AS_SPACE).split(" ") if word]
    import shlex

    try:
        return shlex.split(text)
    except ValueError as error:
        raise InputError(_("cannot split {text} into words ({error})").format(text=shown(text), error=error)) from None


def join(words: list[str]) -> str:
    """The inverse of ``split`` for every list of words: ``split(join(words)) == words``.

    Only the words that need it are quoted: an empty word, or one holding a blank, a quote or '#'."""
    if all(word and _NEEDS_QUOTES.isdisjoint(word) for word in words):
        return " ".join(words)
    import shlex

    # each word on its own: 'près-de' stays bare beside a quoted 'informateur 1'
    return " ".join(word if word and _NEEDS_QUOTES.isdisjoint(word) else shlex.quote(word) for word in words)


MAX_TEXT = 200  # characters of a free text (a card's words): a card says a few words, never a page


def free_text(text: str | None, what: str) -> str | None:
    """A free text as saved (``--card``): stripped, None when empty; refused when too long to be a
    card's words or when it holds what no file can store (undecodable bytes given on the command line)."""
    text = (text or "").strip()
    if len(text) > MAX_TEXT:
        raise InputError(ngettext("{what} is too long: at most {most} character (got {count})",
                                  "{what} is too long: at most {most} characters (got {count})", MAX_TEXT)
                         .format(what=_(what), most=MAX_TEXT, count=len(text)))
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise InputError(_("{what} holds bytes that are not text (UTF-8): retype it").format(what=_(what)))
    return text or None


def whole_number(text: object, what: str, low: int = 0, high: int | None = None) -> int:
    """Read a count typed as ASCII digits ('#3' allowed): '²', '3.0', '٣' and 5,000 digits are refused.

    ``what`` names the number in the message: 'a clue number as shown by assistant history'
    (marked with ``N_`` by the caller, or already translated: it is said in the player's language)."""
    word = str(text).strip().removeprefix("#")
    if not (word.isascii() and word.isdigit()) or len(word) > MAX_DIGITS:
        raise InputError(_("expected {what} (got {got})").format(what=_(what), got=shown(text)))
    number = int(word)
    if number < low or (high is not None and number > high):
        if high is not None:
            message = _("expected {what}, {low} to {high} (got {got})")
        else:
            message = _("expected {what}, {low} or more (got {got})")
        raise InputError(message.format(what=_(what), low=low, high=high, got=number))
    return number


def pairs(values: str | Iterable[str]) -> list[str]:
    """'A=1,B=2' or several such values -> ['A=1', 'B=2'] (commas or semicolons separate)."""
    if isinstance(values, str):
        values = [values]
    return [part.strip() for value in values for part in value.replace(";", ",").split(",") if part.strip()]


def name_value(pair: str, usage: str) -> tuple[str, str]:
    """'Ana=5' -> ('Ana', '5'); a word without '=' or without a side is refused with ``usage``."""
    name, sep, value = pair.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise InputError(_("expected NAME=VALUE, as in {usage} (got {got})").format(usage=usage, got=shown(pair)))
    return name.strip(), value.strip()


def lookup(text: str, names: Iterable[str], what: str) -> str:
    """The one of ``names`` that ``text`` folds to (case, accents, hyphens ignored).

    ``what`` ('player', 'opponent') is said in the player's language (``N_``-marked, or translated)."""
    names = tuple(names)
    for name in names:
        if key(name) == key(text):
            return name
    raise InputError(_("unknown {what} {name}: this game has {names}").format(
        what=_(what), name=shown(text), names=join_names(names)))


def good_name(name: str) -> bool:
    """A name a player may have: letters, digits and hyphens, at most ``NAME_LENGTH`` (``plain_name``), and not
    a yes or a no."""
    return plain_name(name, NAME_LENGTH, "-_") and not is_answer(name)


def plain_name(name: str, longest: int, joiners: str, ascii_only: bool = False) -> bool:
    """Whether ``name`` is 1 to ``longest`` characters, each a letter or a digit (``str.isalnum``, the
    letters and digits ``\\w`` reads) or one of ``joiners``, and the first a letter or a digit: what the
    patterns ``[^\\W_][\\w-]{0,31}`` (a player) and ``[A-Za-z0-9][A-Za-z0-9_-]{0,63}`` (a game) say. Tested
    with string methods, so that no command compiles such a pattern at start-up (tests/test_names.py
    proves each test equal to its pattern)."""
    if not 0 < len(name) <= longest or (ascii_only and not name.isascii()) or not name[0].isalnum():
        return False
    for joiner in joiners:
        name = name.replace(joiner, "a")
    return name.isalnum()


def check_names(names: list[str], what: str, example: str) -> tuple[str, ...]:
    """Names typed for a new game: letters, digits and hyphens, not yes/no, no two alike.

    ``what`` ('player', 'opponent') is said in the player's language (``N_``-marked, or translated)."""
    for name in names:
        if not good_name(name):
            raise InputError(_("{what} name {name}: use letters, digits and hyphens (not yes/no), e.g. {example}")
                             .format(what=_(what), name=shown(name), example=example))
    folded = [key(name) for name in names]
    if len(set(folded)) != len(folded):
        raise InputError(_("two {what}s share a name: {names}").format(what=_(what), names=", ".join(names)))
    return tuple(names)


class Options(NamedTuple):
    """A step's words split into positional words and options (each option's values, in order)."""

    positional: list[str]
    values: dict[str, list[str]]  # option name -> every value given (a flag: ['']

    def last(self, name: str) -> str | None:
        found = self.values.get(name)
        return found[-1] if found else None

    def flag(self, name: str) -> bool:
        return name in self.values


def options(words: list[str], spellings: dict[str, tuple[str, ...]], flags: tuple[str, ...] = (),
            by_spelling: dict[str, str] | None = None) -> Options:
    """Split ``--name value``, ``--name=value`` and ``-n value`` options from positional words.

    ``spellings`` maps each option's name to every way it may be typed
    (``{"opponent": ("--opponent", "-o", "--adversaire")}``); the names in
    ``flags`` take no value. An unknown ``--word`` is refused, naming the
    closest known option. ``by_spelling`` (each spelling's name) spares working it out again."""
    if by_spelling is None:
        by_spelling = {spelling: name for name, typed in spellings.items() for spelling in typed}
    positional: list[str] = []
    values: dict[str, list[str]] = {}
    position = 0
    while position < len(words):
        word = words[position]
        spelling, sep, value = word.partition("=") if word.startswith("--") else (word, "", "")
        name = by_spelling.get(spelling)
        if name is None:
            if word.startswith("--") or (word.startswith("-") and len(word) == 2 and word[1].isalpha()):
                raise InputError(_("unknown option {option}: {hint}").format(
                    option=shown(spelling), hint=hint(spelling, by_spelling)))
            positional.append(word)
        elif name in flags:
            if sep:
                raise InputError(_("{option} takes no value (got {got})").format(option=spelling, got=shown(word)))
            values.setdefault(name, []).append("")
        else:
            if not sep:
                if position + 1 >= len(words):
                    raise InputError(_("{option} needs a value").format(option=spelling))
                position += 1
                value = words[position]
            values.setdefault(name, []).append(value)
        position += 1
    return Options(positional, values)


def closest(word: str, known: Iterable[str]) -> str | None:
    """The one of ``known`` closest to ``word`` (a typo of it), if any is close enough."""
    import difflib

    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return close[0] if close else None


# Which face the player reads: the command line, or the table screen (set by the screen when it opens).
# A refusal points at the help of that face: --help means nothing on the screen, F1 does.
face = "cli"  # or "screen"
# The phones' page, while one of its requests is answered (``facing``): it records the game's steps only, so a
# refusal names a step there, and a command of the command line as the laptop's.
PAGE = "page"
_facing: ContextVar[str | None] = ContextVar("face", default=None)


def use_face(name: str) -> None:
    global face
    face = name


@contextmanager
def facing(name: str) -> Iterator[None]:
    """Within: the face the player reads is ``name`` (this request, and the worker threads it starts)."""
    token = _facing.set(name)
    try:
        yield
    finally:
        _facing.reset(token)


def face_now() -> str:
    """The face the player reads now: ``cli``, ``screen`` or ``page``."""
    return _facing.get() or face


def on_screen() -> bool:
    return face_now() == "screen"


def steps_typed() -> bool:
    """Whether the player types the game's steps alone, without the command line's command around them:
    on the table screen (which runs the command line's commands too) and on the phones' page."""
    return face_now() in ("screen", PAGE)


def laptop(command: str) -> str:
    """A command of the command line named in a message (``new gnom-street --opponents Matt``): as it is on the
    command line and on the table screen, which runs every such command; on the phones' page, which records
    the game's steps alone, said as the laptop's."""
    return _("{command} (on the laptop)").format(command=command) if face_now() == PAGE else command


def see_help(command: str = "") -> str:
    """Where the words are listed, on the face the player reads: 'see assistant clue --help' on the
    command line, 'F1 lists the words' on the table screen."""
    if on_screen():
        return _("F1 lists the words")
    return _("see assistant {command} --help").format(command=command) if command else _("see --help")


def hint(word: str, known: Iterable[str], otherwise: str | None = None) -> str:
    """'did you mean --opponent?' when one known word is close to ``word``, else ``otherwise``
    (already in the player's language; default ``see_help()``): the clause ending a message that
    refuses ``word``."""
    close = closest(word, known)
    return _("did you mean {word}?").format(word=close) if close else (otherwise or see_help())


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """': did you mean --opponent?' (or ': see --help'), to end a message that refuses ``word``."""
    return _(": {hint}").format(hint=hint(word, known))


def french_word(name: str, aliases: dict[str, str]) -> str:
    """The French word of command ``name`` among ``aliases`` (French word -> English command): its accented
    alias if it has one ('décompte'), else its first ('jeux'); '' when it has none."""
    said = [alias for alias, english in aliases.items() if english == name]
    return next((alias for alias in said if not alias.isascii()), said[0] if said else "")
