"""The language the player reads: English or French, for every message, help and legend.

A message is written in English in the code and marked for translation:
``_("unknown cell {cell}").format(cell=...)`` translates it where it is said,
``N_("...")`` only marks a text kept in a table at import (a legend, a help
line) and translated where it is shown, with ``_(text)``. The English text is the
key; the French catalogue is ``assistant/locale/fr/LC_MESSAGES/assistant.po``,
compiled to the ``.mo`` the package ships (README: Translations, with Babel).

Which language: ``--lang fr|en``, else ``ASSISTANT_LANG``, else the locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set), else English.
The core speaks English until ``use`` is called (the CLI calls it first
thing), so a library caller or a test gets the same words on every machine.

Nothing is imported, and no catalogue read, while the language is English:
start-up is budgeted and most tables would pay for French only when they
speak it.
"""

from __future__ import annotations

import os
import sys
from _thread import _local  # threading's own thread-local store, built in: nothing more is imported
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import re

LANGUAGES = ("en", "fr")
DEFAULT = "en"
DOMAIN = "assistant"
LOCALE_FOLDER = Path(__file__).parent.parent / "locale"

# The language spoken: (its code, a Catalogue while French is spoken, else None). ``use`` sets the process's;
# ``speaking`` sets one thread's for a while, so the phones' server can record one phone's entry in a worker
# thread, in that phone's language, while its event loop answers another phone in another.
_process: tuple[str, Catalogue | None] = (DEFAULT, None)


class _Spoken(_local):
    now: tuple[str, Catalogue | None] | None = None  # this thread's, while ``speaking``; None: the process's


_spoken = _Spoken()


def _now() -> tuple[str, Catalogue | None]:
    return _spoken.now or _process


class UnknownLanguage(ValueError):
    """A language asked for by name (--lang, ASSISTANT_LANG) that the tool does not speak.

    Its message is said when it is read, in the language spoken then: the CLI falls back to the
    locale's language to say it (the language asked for could not be spoken)."""

    def __init__(self, source: str, value: str | None):
        super().__init__(source, value)
        self.source, self.value = source, value

    def __str__(self) -> str:
        if self.value is None:
            return _("{source} needs a language: fr (français) or en (English)").format(source=self.source)
        return _("{source} {value}: the languages are fr (français) and en (English)").format(
            source=self.source, value=repr(self.value)[:40])


def _(message: str) -> str:
    """``message`` in the language spoken now (the English text is its own key)."""
    catalogue = (_spoken.now or _process)[1]
    return message if catalogue is None else _elided(catalogue.gettext(message))


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that fits ``count`` (French says "1 indice", "0 indice", "2 indices")."""
    catalogue = _now()[1]
    if catalogue is None:
        return singular if count == 1 else plural
    return _elided(catalogue.ngettext(singular, plural, count))


# French elides 'de' and 'que' before a vowel: 'le butin d'Ana', 'à côté d'A1'. A translated message
# says 'de {item}' before it knows the name; the name, once given, decides ('de Ben', 'd'Ana').
_ELIDED_BEFORE = "AEIOUÀÂÉÈÊÎÔŒaeiouàâéèêîôœ"  # not h (aspiré or not) nor y (Yann): 'de' stays
_BEFORE_NAME: re.Pattern[str] | None = None  # compiled on first use (_before_name)


class _Elides(str):
    """A French message whose ``format`` elides 'de {name}' to 'd'{name}' when the name begins with a vowel."""

    def format(self, *args, **values) -> str:
        def elide(match) -> str:
            value = str(values.get(match.group(2), ""))
            if value[:1] and value[0] in _ELIDED_BEFORE:
                return f"{match.group(1)[:-1]}'{{{match.group(2)}}}"
            return match.group(0)

        return str.format(_before_name().sub(elide, self), *args, **values)


def _before_name() -> re.Pattern[str]:
    global _BEFORE_NAME
    if _BEFORE_NAME is None:
        import re

        _BEFORE_NAME = re.compile(r"\b([dD]e|[qQ]ue) \{(\w+)\}")
    return _BEFORE_NAME


def _elided(text: str) -> str:
    if "e {" not in text:
        return text
    return _Elides(text)


def N_(message: str) -> str:
    """Marks a text for translation without translating it: it is kept now and shown later with ``_``."""
    return message


def language() -> str:
    """The language spoken now: ``en`` or ``fr``."""
    return _now()[0]


def in_every_language(say: Callable[[], str]) -> dict[str, str]:
    """What ``say()`` says in each language the tool speaks, by its code: a line made where one player's
    language is spoken and read where another's may be (``said_in``), such as an entry from one phone that
    another phone's sheet disagrees with."""
    lines = {}
    for code in LANGUAGES:
        with speaking(code):
            lines[code] = say()
    return lines


def said_in(lines: Mapping[str, str], spoken: str) -> str:
    """The line of ``lines`` (``in_every_language``) in language ``spoken``, else in the default language."""
    return lines.get(spoken) or lines.get(DEFAULT, "")


def from_locale(value: str) -> str | None:
    """The language of a locale name (``fr_FR.UTF-8`` is French), or None when the tool does not speak it."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def locale_language(environ=None) -> str:
    """The language of the locale alone (LC_ALL, LC_MESSAGES, LANG), else English."""
    environ = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):  # POSIX order: the first one set decides
        value = environ.get(variable)
        if value:
            return from_locale(value) or DEFAULT
    return DEFAULT


def choose(given: str | None = None, environ=None) -> str:
    """The language to speak: ``given`` (``--lang``), else ASSISTANT_LANG, else the locale, else English.

    A language asked for by name and not spoken is refused (``UnknownLanguage``);
    a locale the tool does not speak (``de_DE``, ``C``) means English."""
    environ = os.environ if environ is None else environ
    for source, value in (("--lang", given), ("ASSISTANT_LANG", environ.get("ASSISTANT_LANG"))):
        if value is None or (source != "--lang" and not value.strip()):
            continue
        spoken = value.strip().lower()
        if spoken not in LANGUAGES:
            raise UnknownLanguage(source, value)
        return spoken
    return locale_language(environ)


def use(spoken: str) -> None:
    """Speak ``spoken`` (``en`` or ``fr``) from now on, in this process (in this thread too, while ``speaking``)."""
    global _process
    _process = _state(spoken)
    if _spoken.now is not None:
        _spoken.now = _process


def _state(spoken: str) -> tuple[str, Catalogue | None]:
    if spoken not in LANGUAGES:
        raise UnknownLanguage("language", spoken)
    return spoken, None if spoken == DEFAULT else _compiled(spoken)


# language -> its catalogue, read once per process (``speaking`` switches back and forth)
_read: dict[str, Catalogue] = {}
# owner (a game's kind) -> the folder of the translations it brings (LANG/LC_MESSAGES/assistant.mo)
_brought: dict[str, Path] = {}


def _compiled(spoken: str) -> Catalogue:
    if spoken not in _read:
        path = LOCALE_FOLDER / spoken / "LC_MESSAGES" / f"{DOMAIN}.mo"
        _read[spoken] = Catalogue(path.read_bytes(), _games_catalogues(spoken))
    return _read[spoken]


def _games_catalogues(spoken: str) -> tuple[Catalogue, ...]:
    """The catalogues of ``spoken`` the registered games bring, each read now."""
    paths = (folder / spoken / "LC_MESSAGES" / f"{DOMAIN}.mo" for folder in _brought.values())
    return tuple(Catalogue(path.read_bytes()) for path in paths if path.is_file())


def add_translations(owner: str, folder: str | Path) -> None:
    """The translations a game brings in its own package (``folder``/LANG/LC_MESSAGES/assistant.mo): said
    wherever the shipped catalogue holds no such message. A game is its package and its translations."""
    _brought[owner] = Path(folder)
    _read.clear()  # read again, with them, when next spoken
    _refresh()


def drop_translations(owner: str) -> None:
    """The translations ``owner`` brought taken out again (a game unregistered)."""
    if _brought.pop(owner, None) is not None:
        _read.clear()
        _refresh()


def _refresh() -> None:
    """The language spoken now, its catalogue read again (with the games' translations as they are now)."""
    global _process
    if _process[1] is not None:
        _process = _state(_process[0])


class Catalogue:
    """A compiled catalogue (``.mo``) that finds each message when it is said.

    The standard reader (``gettext.GNUTranslations``) decodes every message before the first one is
    said, on every French command, and start-up is budgeted. A ``.mo`` lists its English
    messages sorted (Babel sorts them; the format says so), so one is found by binary search and only
    the messages a command says are decoded. It answers as ``GNUTranslations`` does: a message
    without French, or asked with the wrong number of forms, stays English (tests/test_i18n.py)."""

    MAGIC = 0x950412DE  # little-endian, as Babel writes it

    def __init__(self, data: bytes, more: tuple[Catalogue, ...] = ()):
        # Its numbers are read with int.from_bytes, not struct, and its messages found by a loop of our
        # own, not bisect: each of those is a compiled extension, a shared library loaded on import.
        self._data = data
        magic, _revision, self._count, self._originals, self._translations = map(self._number, range(0, 20, 4))
        if magic != self.MAGIC:
            raise ValueError("not a little-endian .mo catalogue")
        self._places = self._table(self._originals)  # each English message's length and offset, in turn
        self._found: dict[str, tuple[bool, tuple[str, ...]] | None] = {}  # (plural?, the French forms)
        self._plural: Callable[[int], int] | None = None
        self._more = more  # the games' own catalogues, asked for a message this one lacks

    def _table(self, start: int) -> Sequence[int]:
        """The numbers of a table of the catalogue, read in place where the machine reads them as the file
        writes them: a search then reads no number through a call (half of each message's lookup)."""
        end = start + 8 * self._count
        if sys.byteorder == "little" and memoryview(b"").cast("I").itemsize == 4:
            return memoryview(self._data)[start:end].cast("I")
        return [self._number(at) for at in range(start, end, 4)]

    def _number(self, at: int) -> int:
        return int.from_bytes(self._data[at:at + 4], "little")

    def _text(self, table: int, index: int) -> bytes:
        length, offset = self._number(table + 8 * index), self._number(table + 8 * index + 4)
        return self._data[offset:offset + length]

    def _original(self, index: int) -> bytes:
        """English message ``index``, read from its place in the table (``_places``); a plural one holds its
        plural after a NUL ('one clue\0{count} clues')."""
        offset = self._places[2 * index + 1]
        return self._data[offset:offset + self._places[2 * index]]

    def _singular(self, index: int) -> bytes:
        return self._original(index).partition(b"\0")[0]

    def _forms(self, message: str) -> tuple[bool, tuple[str, ...]] | None:
        """Whether ``message`` is plural, and its French (one form, or one per plural form); None when it has
        none."""
        if message not in self._found:
            wanted = message.encode()
            data, places = self._data, self._places
            at, end = 0, self._count  # the first message not before ``wanted``
            while at < end:
                middle = (at + end) // 2
                offset = places[2 * middle + 1]  # ``_singular(middle)``, written out: the search's one loop
                if data[offset:offset + places[2 * middle]].partition(b"\0")[0] < wanted:
                    at = middle + 1
                else:
                    end = middle
            found = None
            if at < self._count and self._singular(at) == wanted:
                plural = b"\0" in self._original(at)
                found = (plural, tuple(self._text(self._translations, at).decode().split("\0")))
            for more in self._more:
                found = found or more._forms(message)
            self._found[message] = found
        return self._found[message]

    def gettext(self, message: str) -> str:
        found = self._forms(message)
        if found is None:
            return message
        plural, forms = found
        return forms[self.plural(1)] if plural else forms[0]  # a plural message asked once: its form for 1

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        found = self._forms(singular)
        if found is None or not found[0]:
            return singular if count == 1 else plural
        forms = found[1]
        index = self.plural(count)
        return forms[index] if index < len(forms) else (singular if count == 1 else plural)

    def plural(self, count: int) -> int:
        """Which plural form ``count`` takes, by the catalogue's own rule (French: 0 and 1 alike)."""
        if self._plural is None:
            import gettext

            header = self._text(self._translations, 0).decode() if self._count and not self._singular(0) else ""
            rule = next((line.partition("plural=")[2] for line in header.splitlines()
                         if line.lower().startswith("plural-forms:")), "") or "n != 1"
            self._plural = gettext.c2py(rule.rstrip(";"))
        return self._plural(count)


class speaking:
    """``with speaking("en"): ...`` speaks a language for a while in this thread, then the one spoken before.

    Other threads go on speaking theirs. Within one thread the blocks nest: a block must not be left
    open across an ``await`` (another request's block would then end inside it)."""

    def __init__(self, spoken: str):
        self.spoken = spoken
        self.before: tuple[str, Catalogue | None] | None = None

    def __enter__(self) -> None:
        self.before = _spoken.now
        _spoken.now = _state(self.spoken)

    def __exit__(self, *exc) -> None:
        _spoken.now = self.before


def decimal(value: float, digits: int = 2, *, signed: bool = False, whole: bool = False) -> str:
    """A number with ``digits`` decimals as the language writes it: '1.50' in English, '1,50' in French.

    The one place a shown number takes its decimal mark: every face says a figure through it.
    ``signed`` writes the sign of a gain or a loss ('+2,5', '-1,0'); ``whole`` drops decimals that are
    all zero ('2 cases', not '2,0 cases')."""
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    if whole and digits and text.endswith("." + "0" * digits):
        text = text[:-digits - 1]
    if text.lstrip("+-").strip("0.") == "":
        text = text.lstrip("+-") if not signed else "+" + text.lstrip("+-")  # no '-0.0'
    return text.replace(".", ",") if _now()[0] == "fr" else text


def percent(value: float) -> str:
    """A chance or a rate as the language writes it: '45%' in English, '45 %' in French (a narrow
    no-break space, which a line never breaks at)."""
    return f"{value:.0%}".replace("%", "\u202f%") if _now()[0] == "fr" else f"{value:.0%}"


def count_of(figure: str) -> int:
    """The whole number ``ngettext`` takes for a figure as ``decimal`` wrote it.

    French agrees by the whole part ('1,5 case', '2,3 cases'); English takes the singular for a bare
    one alone ('1 cell', '1.5 cells', '0.5 cells'), so a figure with decimals counts as several."""
    whole, __, fraction = figure.lstrip("+-").replace(",", ".").partition(".")
    if _now()[0] == "fr" or not fraction:
        return int(whole or 0)
    return 2


def localized(names: dict, fallback: str) -> str:
    """The name of a thing in data (a board value, a quest) in the language spoken: ``names`` maps
    ``fr`` to its French name when the data gives one, else the English ``fallback`` stands."""
    return names.get(_now()[0]) or fallback


def integer(value: int) -> str:
    """A whole number with its thousands grouped as the language writes them: '10,000' in English, '10 000'
    in French (a narrow no-break space, which a line never breaks at)."""
    return f"{value:,}".replace(",", "\u202f") if _now()[0] == "fr" else f"{value:,}"


class _Plurals:
    """``ngettext`` for a translator (``plurals(tr).ngettext(...)``, which Babel extracts as ngettext)."""

    def __init__(self, english_only: bool):
        self.english_only = english_only

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        if self.english_only:
            return singular if count == 1 else plural
        return ngettext(singular, plural, count)


def plurals(tr: Callable[[str], str]) -> _Plurals:
    """The plural forms ``tr`` speaks: ``english`` (for what machines read) keeps the English ones, ``_`` those
    of the language spoken."""
    return _Plurals(tr is english)


def english(text: str) -> str:
    """The canonical English of a marked text: the translator (``tr``) for what machines read
    (quest list --json, the exports, tally --json), which stays English whatever the player speaks;
    ``_`` is the translator for what the player reads."""
    return text
