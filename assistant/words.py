"""The words players type: normalising names and reading answers.

Players type names the way they say them: ``Staten Island``, ``staten-island``,
``STATEN_ISLAND``, ``près-de``. ``key`` folds all of those to one comparison
key, so that every lookup in the tool tolerates case, accents, spaces,
hyphens and apostrophes.
"""

import unicodedata
from functools import lru_cache
from typing import Iterable

from .errors import InputError


YES_WORDS = ("yes", "y", "oui", "true")
NO_WORDS = ("no", "n", "non", "false")


@lru_cache(maxsize=4096)  # the same few names are folded again and again
def key(text: str) -> str:
    """Fold a name to its comparison key: 'Près-de' -> 'presde'."""
    decomposed = unicodedata.normalize("NFKD", str(text))
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
    raise InputError(f"unknown answer {text!r}: write yes or no (also y/n, oui/non)")


def answer_word(answer: bool) -> str:
    return "yes" if answer else "no"


def join_names(names: Iterable[str]) -> str:
    """['a'] -> 'a'; ['a', 'b', 'c'] -> 'a, b and c'."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
