"""What a game declares for the faces to draw: its commands, titles, score table, printed page, set-up, and
which of its acts the whole table sees.

A game's package declares these as data on its ``GameType`` (``assistant.engine.registry``); the faces
read them and name no game. Every text a player reads is written in English and marked with ``N_``: the
faces translate it where they show it. The records are plain classes: the command line reads the games'
declarations when a command of a game is typed, and start-up is budgeted (benchmarks/startup.py).
"""

from __future__ import annotations

from collections.abc import Mapping


class Command:
    """A command as every face knows it: its words as typed in English ('quest', 'deal'), the area whose
    module declares it in each face that has commands (the command line's ``assistant/faces/cli/<area>.py``),
    its help (the English text the catalogue keys on), and the French words a player may type for its last
    word ('donne'), and the slot of each of its parameters whose name the command table does not know or
    means something else here (``slots``: parameter -> slot, 'name': 'new-name'). A group ('quest') is a row
    of its own, followed by its commands."""

    __slots__ = ("words", "area", "help", "french", "slots")

    def __init__(self, words: tuple[str, ...], area: str, help: str, french: tuple[str, ...] = (),
                 slots: Mapping[str, str] | None = None) -> None:
        self.words, self.area, self.help, self.french = words, area, help, french
        self.slots = dict(slots or {})

    def __repr__(self) -> str:
        return f"Command({self.words!r}, {self.area!r}, {self.help[:30]!r}...)"


class Secret:
    """Something hidden at the start, and whose it is: the garden's loot cell, given with ``--mine`` and
    known to its owner alone."""

    __slots__ = ("option", "slot", "owner")

    def __init__(self, option: str, slot: str, owner: str = "me") -> None:
        self.option, self.slot, self.owner = option, slot, owner

    def __repr__(self) -> str:
        return f"Secret({self.option!r}, {self.slot!r}, {self.owner!r})"


class Start:
    """How a game starts: the command that starts it ('quest', 'new'), who plays ('players', 'sides',
    'opponents': the option that names them), how many (``least`` to ``most``, each side counted alone
    where sides play), an example of that option's value, and what is secret and whose."""

    __slots__ = ("command", "who", "least", "most", "example", "secrets")

    def __init__(self, command: tuple[str, ...], who: str, least: int, most: int, example: str = "",
                 secrets: tuple[Secret, ...] = ()) -> None:
        self.command, self.who, self.least, self.most = command, who, least, most
        self.example, self.secrets = example, secrets

    def said(self) -> str:
        """The start as typed: 'assistant quest new --players Ana,Ben,Cleo'."""
        option = f" --{self.who} {self.example}" if self.example else f" --{self.who} ..."
        return "assistant " + " ".join(self.command) + option

    def __repr__(self) -> str:
        return f"Start({self.command!r}, {self.who!r}, {self.least}, {self.most})"


class Page:
    """A score pad's printed page (``print pad``): its title (``{game}``: the pad printed as it stands), the
    rounds it holds, spare rows for a tie, the note under it, how many players a blank page takes
    (``least`` to ``most``, ``default`` when none is given), and whether the rules the pad plays by (its
    data file: quest faces, special cards) are printed under it."""

    __slots__ = ("title", "title_of", "rounds", "spare", "note", "least", "most", "default", "rules")

    def __init__(self, title: str, title_of: str, rounds: int, note: str = "", spare: int = 2, least: int = 2,
                 most: int = 6, default: int = 4, rules: bool = False) -> None:
        self.title, self.title_of, self.rounds, self.spare, self.note = title, title_of, rounds, spare, note
        self.least, self.most, self.default, self.rules = least, most, default, rules

    def __repr__(self) -> str:
        return f"Page({self.title!r}, {self.rounds})"


# Who learns an act that is not public: the one who asked and the one who answered.
ASKER_AND_ANSWERER = "asker-answerer"


class Acts:
    """Which of a game's acts the whole table sees (``public``: their verbs, 'miniature', 'loot'), and
    who alone learns the others (``private``: verb -> who, e.g. 'asked': ``ASKER_AND_ANSWERER``; an
    option that makes it public, such as an answer given aloud, is named in ``aloud``)."""

    __slots__ = ("public", "private", "aloud")

    def __init__(self, public: tuple[str, ...] = (), private: Mapping[str, str] | None = None,
                 aloud: Mapping[str, str] | None = None) -> None:
        self.public, self.private, self.aloud = public, dict(private or {}), dict(aloud or {})

    def is_public(self, verb: str, options: tuple[str, ...] = ()) -> bool:
        """Whether the act ``verb`` (typed with ``options``) is seen by the whole table."""
        return verb in self.public or (verb in self.aloud and self.aloud[verb] in options)

    def __repr__(self) -> str:
        return f"Acts({self.public!r}, {self.private!r})"


# The titles a game may declare (``GameType.titles``), each a text marked with N_:
TITLE_NAMES = {
    "a-game": "the game with its article, and how to start it, in a refusal: 'a ... score pad (assistant "
              "quest new)'",
    "table": "its score table's caption, {name} the game's name",
    "tally": "its end-of-game tally's caption",
}
