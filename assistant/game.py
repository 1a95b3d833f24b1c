"""A game: a board, who hides what, and the append-only list of what was said.

Events are recorded as the words of a command (``clue area B2 red=no``,
``accuse C4 wrong``, ``retract 3``, ``undo``): the same words a player types
and a scenario holds, read by one parser. Undo and retract are events too, so
the log only grows; the sheet, the history and every figure are derived by
replaying it, never saved.
"""

import re
from typing import NamedTuple, Union

from . import garden
from .board import Board
from .cells import Cell, CellSet
from .clues import Clue, kind_named, read_clue
from .errors import AssistantError, DataError, InputError, events_place
from .sheet import Fact, Sheet
from .words import answer_word, is_answer, join_names, key, parse_answer

ITEM_NAME = re.compile(r"^[^\W_][\w-]{0,31}$")
DEFAULT_OPPONENT = "opponent"
MAX_OPPONENTS = 8
RIGHT_WORDS = ("right", "correct", "juste", "bon", "bonne", "vrai", "yes", "oui", "y")
WRONG_WORDS = ("wrong", "incorrect", "faux", "fausse", "mauvais", "mauvaise", "no", "non", "n")


# -- events --------------------------------------------------------------------------


class ClueEvent(NamedTuple):
    """A question answered, or a card's statement: one clue, one answer per item."""

    clue: Clue
    answers: tuple[tuple[str, bool], ...]
    card: str | None = None

    def facts(self, board: Board, number: int) -> list[Fact]:
        holds = self.clue.accepted(board)
        text = self.clue.text()
        return [Fact(number, item, holds if answer else board.all - holds, text, self.clue.relation(),
                     answer, f"{text}: {item} {answer_word(answer)}") for item, answer in self.answers]


class AccuseEvent(NamedTuple):
    """An accusation heard at the table: the hidden cell is (right) or is not (wrong) ``cell``."""

    cell: str
    right: bool
    item: str

    def facts(self, board: Board, number: int) -> list[Fact]:
        cell = CellSet.of([board.parse_cell(self.cell)])
        verdict = "right" if self.right else "wrong"
        return [Fact(number, self.item, cell if self.right else board.all - cell, f"accuse {self.cell}",
                     "the accused cell", self.right, f"accuse {self.cell} {verdict}")]


class RetractEvent(NamedTuple):
    """Take back clue ``number``; ``None`` (undo) takes back the latest clue still standing."""

    number: int | None


Event = Union[(ClueEvent, AccuseEvent, RetractEvent, *garden.PIECES)]
Recorded = Union[(ClueEvent, AccuseEvent, *garden.PIECES)]  # every numbered entry


class Entry(NamedTuple):
    """A numbered clue or accusation in the history, and whether it was taken back."""

    number: int
    event: Recorded
    retracted: bool = False


# -- the game ------------------------------------------------------------------------


class Game(NamedTuple):
    """One game's identity and log; everything else is derived by ``replay``."""

    name: str
    board: Board
    opponents: tuple[str, ...] = ()
    mine: Cell | None = None
    events: tuple[Event, ...] = ()

    @classmethod
    def new(cls, name: str, board: Board, opponents: list[str] | None = None,
            mine: str | None = None) -> "Game":
        """Start a game; checks the opponents' names and my own loot cell."""
        if board.per_opponent:
            names = [name.strip() for name in (opponents or [DEFAULT_OPPONENT]) if name.strip()]
            _check_opponents(names)
            if len(names) > MAX_OPPONENTS:
                raise InputError(f"at most {MAX_OPPONENTS} opponents (got {len(names)})")
        elif opponents:
            raise InputError(f"on {board.name} everybody hunts the same "
                             f"{join_names(board.hidden_items)}: leave out --opponents")
        else:
            names = []
        mine_cell = None
        if mine is not None:
            if not board.per_opponent:
                raise InputError(f"on {board.name} you hide nothing: leave out --mine")
            mine_cell = board.parse_cell(mine)
            if mine_cell in board.ponds:
                raise InputError(f"{board.name_of(mine_cell)} is a pond: no loot lies on a pond")
        game = cls(name, board, tuple(names), mine_cell)
        room = len(game.sheet().base)
        if board.distinct and len(game.items) > room:
            raise InputError(f"{len(game.items)} opponents cannot hide on {room} cells")
        return game

    @property
    def items(self) -> tuple[str, ...]:
        """What is hidden: one per opponent (the garden) or the board's own (the thief)."""
        return self.board.hidden_items or self.opponents

    def item(self, text: str) -> str:
        """The item (opponent) called ``text``; unknown -> InputError listing them."""
        for item in self.items:
            if key(item) == key(text):
                return item
        what = "opponent" if self.board.per_opponent else "hidden item"
        raise InputError(f"unknown {what} {text!r}: this game has {join_names(self.items)}")

    # -- replay -------------------------------------------------------------------------

    def _replay(self) -> tuple[list[Entry], Entry | None]:
        entries: list[Entry] = []
        taken_back = None
        for event in self.events:
            if isinstance(event, RetractEvent):
                target = _target(entries, event.number)
                taken_back = entries[target.number - 1] = target._replace(retracted=True)
            else:
                entries.append(Entry(len(entries) + 1, event))
        return entries, taken_back

    def entries(self) -> list[Entry]:
        """The numbered clues, each marked if it was retracted or undone."""
        return self._replay()[0]

    def taken_back(self) -> Entry | None:
        """The clue the latest undo or retract took back, if any."""
        return self._replay()[1]

    def active(self) -> list[Entry]:
        return [entry for entry in self.entries() if not entry.retracted]

    def current_set(self) -> tuple[list[Entry], Cell | None]:
        """The standing entries since the last finished set (two-player match), and my loot in it."""
        entries, mine = [], self.mine
        for entry in self.active():
            if isinstance(entry.event, garden.SetEvent):
                entries = []
                next_mine = entry.event.next_mine
                mine = self.board.parse_cell(next_mine) if next_mine else None
            else:
                entries.append(entry)
        return entries, mine

    def sheet(self) -> Sheet:
        """The sheet every standing clue leads to (no contradiction check: the log was accepted)."""
        entries, mine = self.current_set()
        facts = [fact for entry in entries for fact in self.facts_of(entry)]
        return Sheet.start(self.board, self.items, mine).with_facts(facts)

    def facts_of(self, entry: Entry) -> list[Fact]:
        """What an entry says about the hidden cells: clues and accusations do; pieces do not."""
        if isinstance(entry.event, (ClueEvent, AccuseEvent)):
            return entry.event.facts(self.board, entry.number)
        return []

    @property
    def players(self) -> list[str]:
        """Everyone with pieces on the garden: me, then the opponents."""
        return [garden.ME, *self.opponents]

    def player(self, text: str) -> str:
        if key(text) in garden.ME_WORDS:
            return garden.ME
        return self.item(text)

    def garden(self) -> "garden.Garden":
        """Miniatures, cat, token stacks and finished sets, from the standing entries."""
        state = garden.empty(self.players)
        for entry in self.active():
            state = garden.apply(state, entry.event)
        return state

    def current_mine(self) -> Cell | None:
        return self.current_set()[1]

    def closed(self, item: str) -> Cell | None:
        """The cell of a right accusation about ``item`` still standing, if any."""
        for entry in self.active():
            event = entry.event
            if isinstance(event, AccuseEvent) and event.right and event.item == item:
                return self.board.parse_cell(event.cell)
        return None

    # -- recording ----------------------------------------------------------------------

    def record(self, event: Event) -> "Game":
        """A new game with ``event`` appended; refused (nothing changes) if it cannot hold."""
        if isinstance(event, RetractEvent):
            _target(self.entries(), event.number)
        elif isinstance(event, garden.PIECES):
            if not self.board.per_opponent:
                raise InputError(f"pieces and tokens belong to the garden, not to {self.board.name}")
            mine = self.current_mine()
            garden.check(self.garden(), event, self.board, self.players,
                         self.board.name_of(mine) if mine is not None else None)
        else:
            over = garden.match_winner(self.garden()) if self.board.per_opponent else None
            if over is not None:
                raise AssistantError(f"the match is over: {over} won it; start a new game")
            for item in _items_of(event):
                cell = self.closed(item)
                if cell is not None:
                    raise AssistantError(f"the case of {item} is closed ({self.board.name_of(cell)} "
                                         f"was the right cell): undo the accusation to reopen it")
            number = len(self.entries()) + 1
            self.sheet().add(event.facts(self.board, number))
        return self._replace(events=self.events + (event,))

    # -- the words of events --------------------------------------------------------------

    def read_clue(self, words: list[str], opponents: str | None = None,
                  colour: str | None = None, card: str | None = None) -> ClueEvent:
        """Read ``area B2 yes`` / ``flower B3 red=yes blue=no`` / ``in staten island no``."""
        if not words:
            raise InputError("say which clue, e.g. area B2 yes (kinds: see assistant clue --help)")
        kind = kind_named(words[0])
        rest = list(words[1:])
        typed_answers: list[str] = []
        while rest and _looks_like_answer(rest[-1]):
            typed_answers.insert(0, rest.pop())
        if colour is not None:
            rest.append(colour)
        if not typed_answers and len(rest) > len(kind.params) and not kind.params[-1].greedy:
            parse_answer(rest[-1])  # a misspelt answer: say so rather than count words
        clue = read_clue(self.board, kind.name, rest)
        answers = self._answers(typed_answers, opponents, kind.question, kind.usage)
        card = card.strip() if card is not None else None
        return ClueEvent(clue, answers, card or None)

    def read_accusation(self, cell: str, verdict: str, opponent: str | None = None) -> AccuseEvent:
        """Read ``C4 wrong`` (also faux) or ``C4 right`` (also juste)."""
        name = self.board.name_of(self.board.parse_cell(cell))
        if key(verdict) in RIGHT_WORDS:
            right = True
        elif key(verdict) in WRONG_WORDS:
            right = False
        else:
            raise InputError(f"unknown verdict {verdict!r}: write right or wrong (also juste/faux)")
        if opponent is not None:
            item = self.item(opponent)
        elif len(self.items) == 1:
            item = self.items[0]
        else:
            raise InputError(f"whose {self.board.hidden_noun}? add --opponent with one of "
                             f"{join_names(self.items)}")
        return AccuseEvent(name, right, item)

    def read_retract(self, number: str | int | None) -> RetractEvent:
        if number is None:
            return RetractEvent(None)
        text = str(number).strip().lstrip("#")
        if not (text.isdigit() and text.isascii()) or int(text) == 0:
            raise InputError(f"expected a clue number as shown by assistant history (got {number!r})")
        return RetractEvent(int(text))

    def _answers(self, typed: list[str], opponents: str | None, question: bool,
                 usage: str) -> tuple[tuple[str, bool], ...]:
        pairs = [word for word in typed if "=" in word]
        plain = [word for word in typed if "=" not in word]
        if pairs and (plain or opponents):
            raise InputError("give either one answer (with --opponent) or NAME=yes/no pairs, not both")
        if len(plain) > 1:
            raise InputError(f"one answer only (got {' '.join(plain)}); for several players write "
                             f"NAME=yes NAME=no")
        if pairs:
            answers = []
            for pair in pairs:
                name, _, answer = pair.partition("=")
                answers.append((self.item(name), parse_answer(answer)))
            items = [item for item, _ in answers]
            if len(set(items)) != len(items):
                raise InputError("an opponent is answered twice: one answer per player")
            return tuple(answers)
        if not plain and question:
            raise InputError(f"say the answer you heard: {usage} (yes/no, oui/non)")
        answer = parse_answer(plain[0]) if plain else True
        if opponents is not None:
            names = [name for name in opponents.split(",") if name.strip()]
            if not names:
                raise InputError(f"--opponent needs a name: one of {join_names(self.items)}")
            items = [self.item(name) for name in names]
            if len(set(items)) != len(items):
                raise InputError("an opponent is named twice in --opponent")
            return tuple((item, answer) for item in items)
        if len(self.items) == 1:
            return ((self.items[0], answer),)
        raise InputError(f"who answered? add --opponent with one of {join_names(self.items)}, "
                         f"or answer per player: {' '.join(f'{i}=yes' for i in self.items[:2])}")

    def _read_piece(self, verb: str, words: list[str], text: str):
        """The garden's pieces: miniature, cat, token, reveal, loot, mole (None: not a piece step)."""
        flags = {"--from": None, "--by": None, "--next-mine": None}
        alex = "--alex" in words
        words = [w for w in words if w != "--alex"]
        rest = []
        position = 0
        while position < len(words):
            if words[position] in flags and position + 1 < len(words):
                flags[words[position]] = words[position + 1]
                position += 2
            else:
                rest.append(words[position])
                position += 1
        cell = lambda text: self.board.name_of(self.board.parse_cell(text))  # noqa: E731
        if verb in ("miniature", "statuette") and len(rest) == 2:
            origin = cell(flags["--from"]) if flags["--from"] else None
            return garden.MiniatureEvent(self.player(rest[0]), cell(rest[1]), origin)
        if verb in ("cat", "chat") and len(rest) == 1:
            return garden.CatEvent(cell(rest[0]))
        if verb in ("token", "jeton") and len(rest) in (2, 3):
            kind = garden.read_kind(rest[2]) if len(rest) == 3 else None
            who = self.player(rest[0])
            if who == garden.ME and kind is None:
                raise InputError("your own token's kind is known to you: say mole or bait")
            return garden.TokenEvent(who, cell(rest[1]), kind, alex)
        if verb in ("reveal", "reveler", "retourner") and len(rest) == 3:
            number = rest[1]
            if not (number.isdigit() and number.isascii()) or int(number) == 0:
                raise InputError(f"expected the token's place in the stack, 1 for the bottom (got {number!r})")
            return garden.RevealEvent(cell(rest[0]), int(number), garden.read_kind(rest[2]))
        if verb in ("loot", "butin") and len(rest) == 2:
            return garden.LootEvent(self.player(rest[0]), cell(rest[1]))
        if verb in ("mole", "taupe") and len(rest) == 2:
            verdict = key(rest[1])
            if verdict not in ("found", "missed", "trouve", "rate"):
                raise InputError(f"did the mole find the loot? write found or missed (got {rest[1]!r})")
            by = self.player(flags["--by"]) if flags["--by"] else garden.ME
            next_mine = cell(flags["--next-mine"]) if flags["--next-mine"] else None
            return garden.SetEvent(cell(rest[0]), verdict in ("found", "trouve"), by, next_mine)
        if verb in ("miniature", "statuette", "cat", "chat", "token", "jeton", "reveal", "loot", "butin",
                    "mole", "taupe"):
            raise InputError(f"wrong words for {verb} in {text!r}: see assistant {verb} --help")
        return None

    def step(self, event: Event) -> str:
        """The canonical words of an event, as saved in the log and in exported scenarios."""
        if isinstance(event, garden.MiniatureEvent):
            return f"miniature {event.player} {event.cell}" + (f" --from {event.origin}" if event.origin else "")
        if isinstance(event, garden.CatEvent):
            return f"cat {event.cell}"
        if isinstance(event, garden.TokenEvent):
            return " ".join(["token", event.player, event.cell, *([event.kind] if event.kind else []),
                             *(["--alex"] if event.alex else [])])
        if isinstance(event, garden.RevealEvent):
            return f"reveal {event.cell} {event.position} {event.kind}"
        if isinstance(event, garden.LootEvent):
            return f"loot {event.player} {event.cell}"
        if isinstance(event, garden.SetEvent):
            words = ["mole", event.cell, "found" if event.found else "missed"]
            if event.by != garden.ME:
                words += ["--by", event.by]
            if event.next_mine:
                words += ["--next-mine", event.next_mine]
            return " ".join(words)
        if isinstance(event, RetractEvent):
            return "undo" if event.number is None else f"retract {event.number}"
        if isinstance(event, AccuseEvent):
            words = ["accuse", event.cell, "right" if event.right else "wrong"]
            if len(self.items) > 1:
                words += ["--opponent", event.item]
            return " ".join(words)
        words = ["clue", event.clue.kind, *event.clue.args]
        if len(self.items) == 1:
            words.append(answer_word(event.answers[0][1]))
        else:
            words += [f"{item}={answer_word(answer)}" for item, answer in event.answers]
        if event.card:
            words += ["--card", event.card]
        import shlex  # only saving and showing need it: keep it off reading's start-up

        return shlex.join(words)

    def read_step(self, text: str) -> Event:
        """Read one step's words (the log's own, or a scenario's) into an event."""
        words = _split(text)
        if not words:
            raise InputError("empty step")
        verb, rest = key(words[0]), words[1:]
        piece = self._read_piece(verb, rest, text)
        if piece is not None:
            return piece
        options = _options(rest, {"opponent": ("--opponent", "-o", "--opponents"),
                                  "colour": ("--colour", "--color", "--couleur", "-c"),
                                  "card": ("--card", "--carte")})
        if verb in ("clue", "indice"):
            return self.read_clue(rest, options.get("opponent"), options.get("colour"), options.get("card"))
        if verb in ("accuse", "accuser"):
            if len(rest) != 2 or "colour" in options or "card" in options:
                raise InputError("write: accuse CELL right|wrong [--opponent NAME]")
            return self.read_accusation(rest[0], rest[1], options.get("opponent"))
        if verb in ("undo", "annuler") and not rest and not options:
            return self.read_retract(None)
        if verb in ("retract", "retirer") and len(rest) == 1 and not options:
            return self.read_retract(rest[0])
        raise InputError(f"unknown step {text!r}: expected clue ..., accuse CELL right|wrong, "
                         f"undo, or retract N")

    # -- the saved form -------------------------------------------------------------------

    def header(self) -> dict:
        """Who plays on which board: the part that saved games and scenarios share."""
        data: dict = {"board": self.board.name}
        if self.opponents:
            data["opponents"] = list(self.opponents)
        if self.mine is not None:
            data["mine"] = self.board.name_of(self.mine)
        return data

    @classmethod
    def from_header(cls, data: dict, name: str, board_for, source: str) -> "Game":
        """An empty game from a header (board, opponents, mine); DataError names the bad field."""
        board_name = data.get("board")
        if not isinstance(board_name, str):
            raise DataError(f"{source}: board: expected a board name (got {board_name!r})")
        try:
            board = board_for(board_name)
        except InputError as error:
            raise DataError(f"{source}: board: {error}") from None
        opponents = data.get("opponents")
        if isinstance(opponents, str):
            opponents = opponents.split(",")
        if opponents is not None and (not isinstance(opponents, list)
                                      or not all(isinstance(o, str) for o in opponents)):
            raise DataError(f"{source}: opponents: expected a list of names (got {opponents!r})")
        mine = data.get("mine")
        if mine is not None and not isinstance(mine, str):
            raise DataError(f"{source}: mine: expected a cell name (got {mine!r})")
        try:
            return cls.new(name, board, opponents, mine)
        except InputError as error:
            raise DataError(f"{source}: {error}") from None

    def to_mapping(self) -> dict:
        return {"assistant": "game/1", **self.header(), "events": [self.step(event) for event in self.events]}

    @classmethod
    def from_mapping(cls, data: object, name: str, board_for, source: str, where=events_place) -> "Game":
        """Rebuild a game from its saved form, checking every event; DataError lists all problems.

        ``where(i)`` names the place of event i in the file ('line 12: events[3]')."""
        if not isinstance(data, dict) or data.get("assistant") != "game/1":
            raise DataError(f"{source}: not an assistant game file (expected 'assistant: game/1' first)")
        extra = sorted(set(map(str, data)) - {"assistant", "board", "opponents", "mine", "events"})
        if extra:
            raise DataError(f"{source}: {extra[0]}: unknown key")
        game = cls.from_header(data, name, board_for, source)
        steps = data.get("events") or []
        if not isinstance(steps, list):
            raise DataError(f"{source}: events: expected a list of steps")
        problems, events = [], []
        for position, step in enumerate(steps):
            try:
                if not isinstance(step, str):
                    raise InputError(f"expected the words of a step (got {step!r})")
                event = game.read_step(step)
                if isinstance(event, RetractEvent):
                    _target(game._replace(events=tuple(events)).entries(), event.number)
                events.append(event)
            except InputError as error:
                problems.append(f"{source}: {where(position)}: {error}")
        if problems:
            raise DataError(problems)
        return game._replace(events=tuple(events))


# -- helpers -----------------------------------------------------------------------------


def _split(text: str) -> list[str]:
    """Split a step into words like a shell; plain steps (the usual case) skip shlex, which is slow."""
    if not any(mark in text for mark in "'\"\\"):
        return text.split()
    import shlex

    try:
        return shlex.split(text)
    except ValueError as error:
        raise InputError(f"cannot split {text!r} into words ({error})") from None


def _check_opponents(names: list[str]) -> None:
    for name in names:
        if not ITEM_NAME.match(name) or is_answer(name):
            raise InputError(f"opponent name {name!r}: use letters, digits and hyphens (not yes/no), "
                             f"e.g. --opponents red,blue")
    folded = [key(name) for name in names]
    if len(set(folded)) != len(folded):
        raise InputError(f"two opponents share a name: {', '.join(names)}")


def _looks_like_answer(word: str) -> bool:
    name, sep, answer = word.partition("=")
    return is_answer(answer) if sep else is_answer(word)


def _items_of(event: Recorded) -> list[str]:
    if isinstance(event, AccuseEvent):
        return [event.item]
    return [item for item, _ in event.answers]


def _target(entries: list[Entry], number: int | None) -> Entry:
    standing = [entry for entry in entries if not entry.retracted]
    if number is None:
        if not standing:
            raise InputError("nothing to undo: no clue is recorded")
        return standing[-1]
    if not 1 <= number <= len(entries):
        last = f"1-{len(entries)}" if entries else "none yet"
        raise InputError(f"no clue {number}: clue numbers are {last} (see assistant history)")
    if entries[number - 1].retracted:
        raise InputError(f"clue {number} was already taken back")
    return entries[number - 1]


def _options(words: list[str], names: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """Pull ``--name value`` / ``--name=value`` options out of ``words`` (in place)."""
    found: dict[str, str] = {}
    flags = {flag: name for name, spellings in names.items() for flag in spellings}
    position = 0
    while position < len(words):
        word = words[position]
        flag, sep, value = word.partition("=")
        if flag in flags:
            if not sep:
                if position + 1 >= len(words):
                    raise InputError(f"{flag} needs a value")
                value = words.pop(position + 1)
            words.pop(position)
            found[flags[flag]] = value
            continue
        if word.startswith("--"):
            raise InputError(f"unknown option {word!r}: expected {', '.join(sorted(flags))}")
        position += 1
    return found
