"""The games that registered: what the store and the faces ask instead of testing a kind by name.

A game is a package under ``assistant/games/`` that registers one ``GameType`` when it is imported
(OpenSpiel's ``register_game``): its kind, its titles, whether it is a score pad or a sheet over a
board, the class of its saved games, the word its commands are typed under, the words a player may
type for it. The class answers the rest itself: its steps (``forms``), its ``outcome()`` (finished,
winners, tie and how it was settled, first player, points), its ``statistics()`` and its BG Stats
``scores()``.

The engine imports no game. The registry learns the shipped games by importing them by name, as a
plugin host finds its plugins: asked for one kind, it imports the package named after it
(``new-york``: ``assistant.games.new_york``), so that loading a game reads its own package and no
other; asked for them all, or for a kind no package is named after, it has ``assistant.games``
import every package it holds. A test can register a game of its own with ``register``. A kind
nobody registered that names a board (a board file the player added) is played by the game
registered for ``BOARD_GAMES``: the deduction sheet.
"""


import os
from collections.abc import Mapping
from importlib import import_module
from types import MappingProxyType
from typing import Any

from assistant.engine.i18n import N_, _, add_translations, drop_translations, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.words import join_names, key, laptop

BOARD_GAMES = "board"  # the kind under which the game that plays any board registers
GAMES_PACKAGE = "assistant.games"  # its packages are the games: each registers itself as it is imported


# -- what a game declares for the faces to draw ---------------------------------------------------------
# A game's package declares, as data on its ``GameType``, its command rows, titles, score table, printed
# page, set-up and which of its acts the whole table sees; the faces read them and name no game. Every text
# a player reads is written in English and marked with ``N_``: the faces translate it where they show it.
# The records are plain classes: the command line reads a game's declarations with its registration.


class Arg:
    """A parameter of a step's command on the command line: its name (one of the step's options, whose
    spellings its form gives, else a positional word), its help (English, marked with N_), whether it must
    be given, whether it takes several words (a positional one) or repeats (an option), and the words that
    stand for it in the usage line ('LEADER CARD...'; marked with N_)."""

    __slots__ = ("name", "help", "required", "repeat", "metavar")

    def __init__(self, name: str, help: str, required: bool = False, repeat: bool = False,
                 metavar: str = "") -> None:
        self.name, self.help, self.required, self.repeat, self.metavar = name, help, required, repeat, metavar

    def __repr__(self) -> str:
        return f"Arg({self.name!r})"


class Command:
    """A command as every face knows it: its words as typed in English ('quest', 'deal'), the area whose
    module declares it in each face that has commands (the command line's ``assistant/faces/cli/<area>.py``),
    its help (the English text the catalogue keys on), and the French words a player may type for its last
    word ('donne'), and the slot of each of its parameters whose name the command table does not know or
    means something else here (``slots``: parameter -> slot, 'name': 'new-name'). A group ('quest') is a row
    of its own, followed by its commands. A command that records a step of the game says its parameters on
    the command line (``args``, in the order its help lists them) and, where the step's verb is another
    word than the command's, that verb (``step``: 'quest remove' records the step 'drop')."""

    __slots__ = ("words", "area", "help", "french", "slots", "args", "step")

    def __init__(self, words: tuple[str, ...], area: str, help: str, french: tuple[str, ...] = (),
                 slots: Mapping[str, str] | None = None, args: tuple[Arg, ...] = (), step: str = "") -> None:
        self.words, self.area, self.help, self.french = words, area, help, french
        self.slots = dict(slots or {})
        self.args, self.step = args, step

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


class Setting:
    """An option a game is started with besides who plays (``tug new --flagstones 16``): its name (the
    keyword its ``new`` hook takes), its spellings (English first, French last), its help (English, marked
    with N_), and whether it is a flag (given or not) rather than a value."""

    __slots__ = ("name", "spellings", "help", "flag")

    def __init__(self, name: str, spellings: tuple[str, ...], help: str, flag: bool = False) -> None:
        self.name, self.spellings, self.help, self.flag = name, spellings, help, flag

    def __repr__(self) -> str:
        return f"Setting({self.name!r}, {self.spellings!r})"


class Start:
    """How a game starts: the command that starts it ('quest', 'new'), who plays ('players', 'sides',
    'opponents': the option that names them), how many (``least`` to ``most``, each side counted alone
    where sides play; 0 to 0 where the whole table hunts one hidden item and nobody is named), an example
    of that option's value, and what is secret and whose. A pad may say what its players' option means
    (``help``, marked with N_), what its name is (``name_help``), and the other options it starts with
    (``settings``)."""

    __slots__ = ("command", "who", "least", "most", "example", "secrets", "help", "name_help", "settings")

    def __init__(self, command: tuple[str, ...], who: str, least: int, most: int, example: str = "",
                 secrets: tuple[Secret, ...] = (), help: str = "", name_help: str = "",
                 settings: tuple[Setting, ...] = ()) -> None:
        self.command, self.who, self.least, self.most = command, who, least, most
        self.example, self.secrets = example, secrets
        self.help, self.name_help, self.settings = help, name_help, settings

    def said(self, kind: str = "") -> str:
        """The start as typed: 'assistant quest new --players Ana,Ben,Cleo'; a game started by ``new`` names
        its ``kind`` after it ('assistant new gnom-street --opponents red,blue,yellow')."""
        words = [*self.command, kind] if self.command == ("new",) and kind else list(self.command)
        if not self.most:
            return "assistant " + " ".join(words)
        option = f" --{self.who} {self.example}" if self.example else f" --{self.who} ..."
        return "assistant " + " ".join(words) + option

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


class Copy(NamedTuple):
    """One step an act recorded on one sheet of a table becomes on another sheet of that table
    (``Acts.copied``): its words as that sheet saves them ('asked area B2 no --by Léa'; '' when that
    sheet has nothing to record), and, where the act as recorded disagrees with that sheet's own secret,
    a line for each side: ``differs`` for the phone that recorded it, in the language spoken ("Chloé's sheet
    answers no: check what you heard", never the secret itself), ``told`` for that sheet's own phone, in every
    language the tool speaks (``i18n.in_every_language``: that phone may speak another)."""

    step: str
    differs: str = ""
    told: Mapping[str, str] = MappingProxyType({})


class Acts:
    """Which of a game's acts the whole table sees (``public``: their verbs, 'miniature', 'loot'), and
    who alone learns the others (``private``: verb -> who, e.g. 'asked': ``ASKER_AND_ANSWERER``; an
    option that makes it public, such as an answer given aloud, is named in ``aloud``).

    ``copies``: where the game's function is ('package.module:function', imported on first use) that says
    what one of its acts becomes on each other sheet of the table (``contract.CopiesActs``): the sheets of
    one table are linked through it. A game without it links nothing."""

    __slots__ = ("public", "private", "aloud", "copies")

    def __init__(self, public: tuple[str, ...] = (), private: Mapping[str, str] | None = None,
                 aloud: Mapping[str, str] | None = None, copies: str | None = None) -> None:
        self.public, self.private, self.aloud = public, dict(private or {}), dict(aloud or {})
        self.copies = copies

    def is_public(self, verb: str, options: tuple[str, ...] = ()) -> bool:
        """Whether the act ``verb`` (typed with ``options``) is seen by the whole table."""
        return verb in self.public or (verb in self.aloud and self.aloud[verb] in options)

    @property
    def linked(self) -> bool:
        """Whether the game's sheets at one table are linked (it declares ``copies``)."""
        return self.copies is not None

    def copied(self, origin: Any, event: Any, owner: str, other: Any, other_owner: str) -> tuple[Copy, ...]:
        """What ``event``, an act accepted on sheet ``origin`` (``owner``'s), becomes on ``other``, the sheet
        of ``other_owner`` at the same table: the steps to record there, none when that sheet does not learn
        it. A player that sheet does not know is refused (AssistantError, naming them)."""
        if self.copies is None:
            return ()
        module, function = self.copies.split(":")
        return tuple(getattr(import_module(module), function)(origin, event, owner, other, other_owner))

    def __repr__(self) -> str:
        return f"Acts({self.public!r}, {self.private!r})"


# The titles a game may declare (``GameType.titles``), each a text marked with N_:
TITLE_NAMES = {
    "a-game": "the game with its article, and how to start it, in a refusal: 'a ... score pad (assistant "
              "quest new)'",
    "table": "its score table's caption, {name} the game's name",
    "tally": "its end-of-game tally's caption",
    "stats-sets": "the caption of the statistics' sets won and turns to find a loot",
    "stats-rounds": "the caption of the statistics' rounds won",
    "stats-quests": "the caption of the statistics' mean points by quest face",
}


class Outcome(NamedTuple):
    """The end of one game, as every face tells it.

    ``winners`` is empty while the game goes on, and when it ended with nobody winning (a case that was
    never solved). ``tied`` names the players level at the top when a tie had to be settled or still
    has to be; ``settled_by`` says how it was settled ('throw': a gnome throw, 'extra-deal': deals
    played until one player leads), None when there was no tie to settle. ``first_player`` is who
    began, when the log knows it. ``points`` holds each player's score where the game counts one.
    ``note`` is a plain remark the faces show beside the result (a winner that was not recorded). ``me`` is the
    name the sheet's owner goes by in ``players`` (their ``--me`` name, else 'me'), None where the game has no
    owner (a score pad): the faces say 'you' to them."""

    finished: bool
    players: tuple[str, ...]
    winners: tuple[str, ...] = ()
    tied: tuple[str, ...] = ()
    settled_by: str | None = None
    first_player: str | None = None
    points: dict[str, int] | None = None
    note: str | None = None
    unit: str = "points"  # what ``points`` count: 'points', 'sets' (a two-player garden), 'rounds' (the rope)
    me: str | None = None  # the owner's name among ``players``: said 'you'


ME = "me"  # the owner of a sheet saved without --me: said 'you' to them


def spoken(player: str) -> str:
    """A player as the table reads them: me is 'moi' at a French table; the others by their names."""
    return _("me") if player == ME else player

SETTLED = {"throw": N_("tie settled by a gnome throw"), "extra-deal": N_("tie settled by extra deals")}


def _score(end: Outcome, player: str) -> str | None:
    """'13 points', '2 sets': what ``player`` scored, in the outcome's unit; None where nothing is counted."""
    if not end.points or player not in end.points:
        return None
    count = end.points[player]
    if end.unit == "sets":
        return ngettext("{count} set", "{count} sets", count).format(count=count)
    if end.unit == "rounds":
        return ngettext("{count} round", "{count} rounds", count).format(count=count)
    return ngettext("{count} point", "{count} points", count).format(count=count)


def result_said(end: Outcome) -> str:
    """The result in a few words, in the player's language: 'Léa wins (13 points)', 'you win (2 sets)',
    'Ana and you win', 'tie between you and Ana (13 points)', or the outcome's note (a case closed with no
    recorded winner). The sheet's owner (``end.me``) is said 'you'. The faces' headers and the games' refusals
    once finished both say it."""
    if end.winners:
        others = [name for name in end.winners if not is_me(end, name)]
        if not others:
            said = _("you win")
        elif len(others) < len(end.winners):  # I am among them: 'Ana and you win' ('Ana et vous gagnez')
            said = _("{players} and you win").format(players=join_names(others))
        else:
            said = ngettext("{players} wins", "{players} win", len(others)).format(players=join_names(others))
        score = _score(end, end.winners[0]) if len(end.winners) == 1 or end.unit == "rounds" else None
        if score:
            said = _("{result} ({score})").format(result=said, score=score)
        if end.settled_by in SETTLED:
            said = _("{result}, {how}").format(result=said, how=_(SETTLED[end.settled_by]))
        return said
    if end.tied:
        score = _score(end, end.tied[0])
        said = _("tie between {players}").format(players=join_names(you_or(end, name) for name in end.tied))
        return _("{result} ({score})").format(result=said, score=score) if score else said
    return end.note or _("nobody wins")


def is_me(end: Outcome, name: str) -> bool:
    """Whether ``name``, one of the outcome's players, is the sheet's owner (said 'you')."""
    return name == (end.me or ME)


def you_or(end: Outcome, name: str) -> str:
    """A player of the outcome as a list says them to the sheet's owner: 'you' for the owner, else the name."""
    return _("you") if is_me(end, name) else name


def finished_refusal(end: Outcome, next_step: str) -> str:
    """The one line that refuses an entry once the game is finished: that it is, who won, how to go on (the next
    game's command, on the phones' page said as the laptop's)."""
    return _("the game is finished: {result}; to go on, take back the last entry (undo) or start the next game: "
             "{step}").format(result=result_said(end), step=laptop(next_step))


class GameType(NamedTuple):
    """What a game is, registered once by its package, and what it declares for the faces to draw."""

    kind: str  # as saved and typed: its package's name with hyphens; BOARD_GAMES for the game that plays any board
    title: str  # the name printed on the box, the same in every language
    title_fr: str  # its French title where the box has one
    pad: bool  # a score pad (players and deals), not a sheet over a board
    game_class_path: str  # where the class of its saved games is: 'package.module:Class', imported on first use
    group: str | None = None  # the command line's word for its commands ('quest'), None: top-level steps
    words: tuple[str, ...] = ()  # other words a player may type for the kind: ('roi', 'roidesnains')
    picture: str = "sheet"  # what the faces draw of it: 'sheet' (the deduction sheets), 'deals', 'rope'
    board_file: str | None = None  # its board's YAML, where a game brings its own (else boards/KIND.yaml)
    # What the faces draw of it, declared by the game (the records above): its own rows of the command
    # table (its group and its steps, with their help and French words); its titles by name ('a-game',
    # 'table', 'tally', 'stats-...', each marked with N_); its score table's column headings; its printed
    # page; how it starts; which of its acts are public; and the functions a face may call for what is its
    # own alone (name -> 'package.module:function', imported on first use).
    commands: tuple[Command, ...] = ()
    titles: dict[str, str] | None = None
    columns: tuple[str, ...] = ()
    page: Page | None = None
    start: Start | None = None
    acts: Acts | None = None
    hooks: dict[str, str] | None = None
    locale: str | None = None  # a folder of its own translations (LANG/LC_MESSAGES/assistant.mo), where it brings them

    def game_class(self) -> Any:
        """The class of this game's saved games (its module imported now, if it was not yet)."""
        module, name = self.game_class_path.split(":")
        return getattr(import_module(module), name)

    def title_of(self, name: str) -> str | None:
        """Its title ``name`` ('table', 'a-game'), in English as declared (translate it where shown), or None."""
        return (self.titles or {}).get(name)

    def hook(self, name: str) -> Any:
        """The function it declared as hook ``name`` (its module imported now), or None."""
        path = (self.hooks or {}).get(name)
        if path is None:
            return None
        module, function = path.split(":")
        return getattr(import_module(module), function)

    def named_by(self, word: str) -> bool:
        """Whether a player typing ``word`` means this game: its kind or one of its words, in any case and
        with or without hyphens and accents ('Roi-des-Nains', 'roi')."""
        return key(word) in {key(self.kind), *map(key, self.words)}


_REGISTERED: dict[str, GameType] = {}
_discovered = False
_changes = [0]  # how many times a game was registered or taken out: what is gathered from them is made again


def generation() -> int:
    """A number that changes whenever a game is registered or taken out (the command table gathers the games'
    rows again when it does)."""
    return _changes[0]


def register(game_type: GameType) -> GameType:
    """Add a game; registering the same kind again replaces it (a test may re-register its own)."""
    _REGISTERED[game_type.kind] = game_type
    _changes[0] += 1
    if game_type.locale is not None:
        add_translations(game_type.kind, game_type.locale)
    return game_type


def unregister(kind: str) -> None:
    """Take a game out (the tests' own games, once their test is over)."""
    if _REGISTERED.pop(kind, None) is not None:
        _changes[0] += 1
        drop_translations(kind)


def _discover() -> None:
    """Every game's package imported (``assistant.games.register_all``): each registers itself. Marked done once
    they all have: a thread asking meanwhile (the phones' page serves from several) imports them too, and
    Python's import lock has it wait for each, rather than finding the registry half filled."""
    global _discovered
    if not _discovered:
        import_module(GAMES_PACKAGE).register_all()
        _discovered = True


def _import_own_package(kind: str) -> None:
    """The package named after ``kind`` imported, if the games hold one: the game it registers is the
    only one a command on a game of that kind needs (a start-up imports one game, not four). A kind read
    from a file may be anything: only a folder of the games with an ``__init__.py`` is imported."""
    package = kind.replace("-", "_")
    if not (package.isidentifier() and package.isascii() and package.islower()) or package.startswith("_"):
        return
    games = import_module(GAMES_PACKAGE)
    if package in getattr(games, "SHARED", ()):  # a core the games share (the deduction sheet): no game
        return
    if any(os.path.isfile(os.path.join(folder, package, "__init__.py")) for folder in games.__path__):
        import_module(f"{GAMES_PACKAGE}.{package}")


def registered() -> tuple[GameType, ...]:
    """Every registered game, the board-playing one included, in the order of their kinds (the same
    whichever game was asked for first)."""
    _discover()
    return tuple(sorted(_REGISTERED.values(), key=lambda each: each.kind))


def kinds(pad: bool | None = None) -> tuple[str, ...]:
    """The registered kinds (``pad``: only score pads, or only sheets), the board-playing one left out."""
    return tuple(each.kind for each in registered() if each.kind != BOARD_GAMES and (pad is None or each.pad == pad))


def find(kind: object) -> GameType | None:
    """The game registered under ``kind``, or None. A kind not known yet is looked for in the package named
    after it first, then among every game."""
    if not isinstance(kind, str):
        return None
    if kind not in _REGISTERED and not _discovered:
        _import_own_package(kind)
        if kind not in _REGISTERED:
            _discover()
    return _REGISTERED.get(kind)


def of_game(game) -> GameType:
    """The registered type of a loaded game: its own kind's, else the game that plays any board."""
    found = find(game.kind)
    if found is None:
        found = _REGISTERED[BOARD_GAMES]
    return found


def pad_groups() -> dict[str, str]:
    """Each score pad's command word (its kind -> the word of its group): its steps are typed under it on the command
    line, and without it on the table screen and the phones' page."""
    return {each.kind: each.group for each in registered() if each.group}


def printed_pads() -> tuple[GameType, ...]:
    """The score pads a page is printed for (``print pad``): those that declare one."""
    return tuple(each for each in registered() if each.pad and each.page is not None)


def of_group(word: str) -> GameType | None:
    """The score pad whose commands are typed under ``word`` ('quest'), or None."""
    return next((each for each in registered() if each.group == word), None)


def declaring(*words: str) -> GameType | None:
    """The game that declares command ``words`` ('tally'), or None for a command of every game."""
    return next((each for each in registered() if any(row.words == words for row in each.commands)), None)


def titles_offering(*capabilities: type) -> str:
    """The titles of the registered games whose class offers one of ``capabilities`` (protocols of the
    contract), in the language spoken: 'this is for {titles}'."""
    return join_names(each.title for each in registered()
                      if not each.pad and any(issubclass(each.game_class(), one) for one in capabilities))


def titled(name: str) -> str | None:
    """Title ``name`` ('stats-rounds') of the game that declares it (English, as declared), or None."""
    return next((each.title_of(name) for each in registered() if each.title_of(name)), None)


def board_files() -> dict[str, str]:
    """The boards that registered games bring with them: board name (the kind) -> its YAML file."""
    return {each.kind: each.board_file for each in registered() if each.board_file}


def is_pad(game) -> bool:
    """Whether a loaded game is a score pad (players and deals) rather than a sheet over a board."""
    return of_game(game).pad
