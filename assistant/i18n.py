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
from pathlib import Path

LANGUAGES = ("en", "fr")
DEFAULT = "en"
DOMAIN = "assistant"
LOCALE_FOLDER = Path(__file__).parent / "locale"

_catalogue = None  # a gettext.GNUTranslations while French is spoken, else None
_language = DEFAULT


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
    return message if _catalogue is None else _elided(_catalogue.gettext(message))


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that fits ``count`` (French says "1 indice", "0 indice", "2 indices")."""
    if _catalogue is None:
        return singular if count == 1 else plural
    return _elided(_catalogue.ngettext(singular, plural, count))


# French elides 'de' and 'que' before a vowel: 'le butin d'Ana', 'à côté d'A1'. A translated message
# says 'de {item}' before it knows the name; the name, once given, decides ('de Ben', 'd'Ana').
_ELIDED_BEFORE = "AEIOUÀÂÉÈÊÎÔŒaeiouàâéèêîôœ"  # not h (aspiré or not) nor y (Yann): 'de' stays
_BEFORE_NAME = None  # compiled on first use


class _Elides(str):
    """A French message whose ``format`` elides 'de {name}' to 'd'{name}' when the name begins with a vowel."""

    def format(self, *args, **values) -> str:
        def elide(match) -> str:
            value = str(values.get(match.group(2), ""))
            if value[:1] and value[0] in _ELIDED_BEFORE:
                return f"{match.group(1)[:-1]}'{{{match.group(2)}}}"
            return match.group(0)

        return str.format(_BEFORE_NAME.sub(elide, self), *args, **values)


def _elided(text: str) -> str:
    global _BEFORE_NAME
    if "e {" not in text:
        return text
    if _BEFORE_NAME is None:
        import re

        _BEFORE_NAME = re.compile(r"\b([dD]e|[qQ]ue) \{(\w+)\}")
    return _Elides(text)


def N_(message: str) -> str:
    """Marks a text for translation without translating it: it is kept now and shown later with ``_``."""
    return message


def language() -> str:
    """The language spoken now: ``en`` or ``fr``."""
    return _language


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
    """Speak ``spoken`` (``en`` or ``fr``) from now on, in this process."""
    global _catalogue, _language
    if spoken not in LANGUAGES:
        raise UnknownLanguage("language", spoken)
    _catalogue = None if spoken == DEFAULT else _compiled(spoken)
    _language = spoken


_read: dict = {}  # language -> its catalogue, read once per process (``speaking`` switches back and forth)


def _compiled(spoken: str):
    if spoken not in _read:
        import gettext

        path = LOCALE_FOLDER / spoken / "LC_MESSAGES" / f"{DOMAIN}.mo"
        with open(path, "rb") as compiled:
            _read[spoken] = gettext.GNUTranslations(compiled)
    return _read[spoken]


class speaking:
    """``with speaking("en"): ...`` speaks a language for a while, then the one spoken before."""

    def __init__(self, spoken: str):
        self.spoken, self.before = spoken, _language

    def __enter__(self) -> None:
        self.before = _language
        use(self.spoken)

    def __exit__(self, *exc) -> None:
        use(self.before)


def decimal(value: float, digits: int = 2) -> str:
    """A number with ``digits`` decimals as the language writes it: '1.50' in English, '1,50' in French."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if _language == "fr" else text


def localized(names: dict, fallback: str) -> str:
    """The name of a thing in data (a board value, a quest) in the language spoken: ``names`` maps
    ``fr`` to its French name when the data gives one, else the English ``fallback`` stands."""
    return names.get(_language) or fallback
