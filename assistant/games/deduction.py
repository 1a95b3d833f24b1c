"""A game: a board, who hides what, and the append-only list of what was said.

Events are recorded as the words of a command (``clue area B2 red=no``,
``accuse C4 wrong``, ``retract 3``, ``undo``): the same words a player types
and a scenario holds. Each event type owns its words (``FORM``, ``from_words``,
``words``: a parse/format pair); the game reads and writes them through the
step grammar (``assistant.grammar``). Undo and retract are events too, so the
log only grows; the sheet, the history and every figure are derived by
replaying it once (``Game.state``), never saved.
"""

import re
from collections.abc import Sequence
from functools import cache, cached_property
from typing import ClassVar, cast

from assistant.engine.board import Board
from assistant.engine.cells import Cell, CellSet, column_letters
from assistant.engine.clues import Clue, kind_named, kind_slots, read_clue, shown_kinds
from assistant.engine.errors import AssistantError, DataError, InputError, events_place
from assistant.engine.grammar import MORE, Form, Option, accepted, form_for, positional, typed_so_far
from assistant.engine.grammar import said as grammar_said
from assistant.engine.i18n import DEFAULT, N_, _, language, ngettext
from assistant.engine.log import (
    RETRACT_FORM,
    UNDO_FORM,
    Chain,
    Entry,
    History,
    Replayer,
    Restoring,
    Retract,
    appended,
    begun,
    latest_taken_back,
    load,
    recorded_from,
    replay,
    steps,
    target,
    went_back,
)
from assistant.engine.records import NamedTuple
from assistant.engine.registry import Outcome, finished_refusal, result_said
from assistant.engine.sheet import Fact, Sheet, Wording, whose
from assistant.engine.words import (
    Options,
    answer_word,
    check_names,
    free_text,
    is_answer,
    join,
    join_clauses,
    join_names,
    key,
    lookup,
    name_value,
    parse_answer,
    said_answer,
    see_help,
    shown,
    split,
)
from assistant.games.gnom_street import fight, garden, mirror
from assistant.games.gnom_street.garden import Garden, LootEvent, SetEvent  # by name: Game.garden is a method

DEFAULT_OPPONENT = "opponent"
MAX_OPPONENTS = 8
# The French a table reads for the canonical words of these slots (each also read when typed).
FRENCH_STEP_WORDS = {"verdict": {"right": "juste", "wrong": "faux"}, "token": {"mole": "taupe", "bait": "appât"},
                     "found": {"found": "trouvé", "missed": "raté"}}
BOARD_VALUE_SLOTS = ("colour", "district", "place", "assignment")  # the slots holding a value of the board
# The piece steps whose cells completion offers only where recording accepts them (a token on one of the
# player's miniatures, a miniature where the rules let it stand), with the words tried after the cell
# for a slot still to come: my own token says its face.
PLACED = {garden.MiniatureEvent.FORM: ((),), garden.CatEvent.FORM: ((),), garden.LootEvent.FORM: ((),),
          garden.TokenEvent.FORM: ((), ("mole",), ("bait",))}
RIGHT_WORDS = ("right", "correct", "juste", "bon", "bonne", "vrai", "yes", "oui", "y")
WRONG_WORDS = ("wrong", "incorrect", "faux", "fausse", "mauvais", "mauvaise", "no", "non", "n")


# -- events --------------------------------------------------------------------------

OPPONENT = Option("opponent", ("--opponent", "-o", "--opponents", "--adversaire", "--adversaires"), "opponent",
                  french="--adversaire")
COLOUR = mirror.COLOUR  # the same option on a clue and on a question put to me
CARD = Option("card", ("--card", "--carte"), "card", french="--carte")
ASKER = Option("by", ("--by", "--par", "-p"), "player", french="--par")


def _nobody_out(board: Board) -> str:
    """The refusal of an accuser on a garden: its rules have no accusations, nobody is out for one, so there
    is no accuser to keep."""
    return _("on {board} nobody is out for a wrong accusation: leave out --by").format(board=board.name)


def _no_accusation(board: Board) -> str:
    """The refusal of an accusation on a board whose rules have none (the garden: each opponent's loot card,
    shown at the end, says where their loot is)."""
    return _("there is no accusation on {board}: its rules end with each loot card shown ({usage})").format(
        board=board.name, usage=_(garden.LootEvent.FORM.usage))


def _clue_slots(game: "Game", typed: list[str]) -> tuple[str, ...]:
    """A clue's slots: its kind, then the kind's own words, then the answers: one answer (for --opponent or
    the only opponent), or one NAME=yes|no per opponent."""
    slots = kind_slots(game, typed, ("answer", MORE))
    answers = typed[len(slots) - 2:] if slots[-1] == MORE else []
    if any("=" not in word for word in answers) or len(answers) >= len(game.items):
        return (*slots[:-1], *["answer"] * (len(answers) - 1))  # answered: nothing more
    return slots


class _ClueEventFields(NamedTuple):
    clue: Clue
    answers: tuple[tuple[str, bool], ...]
    card: str | None = None
    by: str | None = None
    power: str | None = None  # a gnome's power that changes who may be asked (sky, adam, mick): see fight


class ClueEvent(_ClueEventFields):
    """A question answered, or a card's statement: one clue, one answer per item.

    ``by`` is who asked (None: me, or a card's statement nobody chose)."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("clue", "indice"), _clue_slots, (OPPONENT, COLOUR, CARD, ASKER, fight.POWER),
        N_("clue KIND WORDS... ANSWER [--opponent NAME] [--colour COLOUR] [--card TEXT] [--by NAME]"),
        french="indice")

    @classmethod
    def from_words(cls, game: "Game", found: Options) -> "ClueEvent | mirror.AskedEvent":
        """Read ``area B2 yes`` / ``flower B3 red=yes blue=no`` / ``in staten island no``; in a two-player
        log saved before ``asked`` existed, a clue asked by the opponent is the question put to me."""
        words = list(found.positional)
        if not words:
            raise InputError(_("say which clue, e.g. area B2 yes ({help})").format(help=see_help("clue")))
        kind = game.kind_named(words[0])
        rest = words[1:]
        typed_answers: list[str] = []
        while rest and _looks_like_answer(rest[-1]):
            typed_answers.insert(0, rest.pop())
        colour = found.last("colour")
        if colour is not None:
            rest.append(colour)
        if not typed_answers and len(rest) > len(kind.params) and not kind.params[-1].greedy:
            parse_answer(rest[-1])  # a misspelt answer: say so rather than count words
        clue = read_clue(game.board, kind.name, rest, asking_rules=not game.reading_saved)
        answers = game.answers(typed_answers, found.last("opponent"), kind)
        card = found.last("card")
        if game.reading_saved:  # a saved card keeps its text whatever its length or kind: 0.1 took any
            card = (card or "").strip() or None
        else:
            card = free_text(card, N_("the card's text"))
            card = game.board.card(card) if card is not None else None
        by = found.last("by")
        asker = game.player(by) if by is not None else None
        if asker not in (None, garden.ME) and game.board.per_opponent and game.opponents == (asker,):
            # Two players: the opponent asks nobody but me, so the answer is about my loot, never theirs.
            if game.reading_saved:  # a log saved before `asked` existed: read as the question put to me
                return mirror.AskedEvent(clue, asker, answers[0][1], power=fight.read_power(found.last("power")))
            raise InputError(_("{player} asked you: the answer is about your loot, not {player}'s; record it "
                               "with: asked {clue} --by {player}").format(player=asker, clue=clue.said(game.board)))
        return cls(clue, answers, card, None if asker == garden.ME else asker, fight.read_power(found.last("power")))

    def words(self, game: "Game") -> list[str]:
        words = ["clue", self.clue.kind, *self.clue.args]
        if len(game.items) == 1:
            words.append(answer_word(self.answers[0][1]))
        else:
            words += [f"{item}={answer_word(answer)}" for item, answer in self.answers]
        if self.card:
            words += ["--card", self.card]
        if self.by:
            words += ["--by", self.by]
        if self.power:
            words += ["--power", self.power]
        return words

    def facts(self, board: Board, number: int) -> list[Fact]:
        holds, clue, text = self.clue.accepted(board), self.clue, self.clue.text()
        clue_words: list[tuple[str, str, str]] = []  # said, relation, neither: made once for all its answers

        def wording(item: str, answer: bool) -> Wording:
            def words():  # -> (relation, label, neither); unannotated: an annotation here is made on every call
                if not clue_words:
                    clue_words.append((clue.said(board), clue.relation(board), clue.neither(board)))
                said, relation, neither = clue_words[0]
                return relation, _("{clue}: {item} {answer}").format(
                    clue=said, item=board.local_item(item), answer=said_answer(answer)), neither
            return Wording(words)

        return [Fact(number, item, holds if answer else board.all - holds, text, answer, wording(item, answer))
                for item, answer in self.answers]

    def items(self) -> list[str]:
        return [item for item, unused in self.answers]


class _AccuseEventFields(NamedTuple):
    cell: str
    right: bool
    item: str
    by: str | None = None


class AccuseEvent(_AccuseEventFields):
    """An accusation heard at the table: the hidden cell is (right) or is not (wrong) ``cell``.

    ``by`` is who accused, on a board where everyone hunts the same item (the city): a wrong
    accuser is out of the game. None: not said (as every accusation saved before ``--by``)."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("accuse", "accuser"), ("cell", "verdict"), (OPPONENT, ASKER),  # --opponent: a garden's, saved before
        N_("accuse CELL right|wrong [--by NAME]"), french="accuser")

    @classmethod
    def from_words(cls, game: "Game", found: Options) -> "AccuseEvent":
        """Read ``C4 wrong --by Ana`` (also faux, --par) or ``C4 right`` (also juste)."""
        if not game.accusing and not game.reading_saved:  # a saved one loads, as heard (Game.notes)
            raise InputError(_no_accusation(game.board))
        if len(found.positional) != 2:
            raise InputError(_("write: {usage}").format(usage=_(cls.FORM.usage)))
        cell, verdict = found.positional
        name = game.cell_name(cell)
        if key(verdict) in RIGHT_WORDS:
            right = True
        elif key(verdict) in WRONG_WORDS:
            right = False
        else:
            raise InputError(_("unknown verdict {verdict}: write right or wrong (also juste/faux)")
                             .format(verdict=shown(verdict)))
        by = found.last("by")
        if by is not None and game.board.per_opponent:
            raise InputError(_nobody_out(game.board))
        accuser = game.player(by) if by is not None else None
        if accuser is None and right and not game.board.per_opponent and not game.reading_saved:
            # rules: "S'il a la bonne réponse, il gagne la partie": the right accuser wins, me unless --by says
            # otherwise; a log saved before this default keeps its accusation without an accuser (see outcome)
            accuser = garden.ME
        return cls(name, right, game.one_item(found.last("opponent")), accuser)

    def words(self, game: "Game") -> list[str]:
        words = ["accuse", self.cell, "right" if self.right else "wrong"]
        if len(game.items) > 1:
            words += ["--opponent", self.item]
        if self.by is not None:
            words += ["--by", self.by]
        return words

    def facts(self, board: Board, number: int) -> list[Fact]:
        cell = CellSet.of([board.parse_cell(self.cell)])
        def words():  # -> (relation, label, neither)
            label = _("{cell} right") if self.right else _("{cell} wrong")  # read after "accusation 9"
            return _("on {cell}").format(cell=self.cell), label.format(cell=self.cell), ""

        return [Fact(number, self.item, cell if self.right else board.all - cell, f"accuse {self.cell}",
                     self.right, Wording(words), accusation=True)]

    def items(self) -> list[str]:
        return [self.item]


# every entry's type
STEPS = (ClueEvent, AccuseEvent, mirror.AskedEvent, fight.FightEvent, fight.ThrowEvent, *garden.PIECES)
# an entry's event: one of STEPS
Step = (ClueEvent | AccuseEvent | mirror.AskedEvent | fight.FightEvent | fight.ThrowEvent | garden.MiniatureEvent
        | garden.CatEvent | garden.TokenEvent | garden.RevealEvent | LootEvent | SetEvent)
Event = Step | Retract
STEP_OF_FORM = {id(step.FORM): step for step in STEPS}  # by identity: comparing forms word by word is slow


FACT_STEPS = (ClueEvent, AccuseEvent, garden.LootEvent)  # the steps that say where the hidden items are


def _said(event: Step) -> tuple:
    """What a step says about the hidden cells, whoever said it and from whatever card: a clue is its clue
    and answers (its kind first: events of two kinds may hold equal values)."""
    return (type(event), event.clue, event.answers) if isinstance(event, ClueEvent) else (type(event), event)


class State(NamedTuple):
    """Everything the log leads to, computed once per game value (``Game.state``)."""

    history: History[Step]
    in_set: Sequence[Entry[Step]]  # standing entries since the last finished set (two-player match)
    mine: Cell | None  # my loot in the current set
    sheet: Sheet
    garden: "garden.Garden"
    closed: dict[str, Cell]  # items whose case a right accusation closed
    out: dict[str, Entry[Step]]  # players out of the game, each with the wrong accusation that put them out
    fought: Entry[Step] | None = None  # the latest fight standing in this set (its ranking rules who asks whom)
    first_fight: Entry[Step] | None = None  # the first fight standing in the log (its winner played first)


# -- the game ------------------------------------------------------------------------


class _Fields(NamedTuple):
    name: str
    board: Board
    opponents: tuple[str, ...] = ()
    mine: Cell | None = None
    events: Sequence[Event] = ()  # a tuple, or a log extended without copies (log.Chain)
    me: str | None = None  # my own name at the table ('Léa'), shown where the log says 'me'
    reading_saved: bool = False  # while a saved log is read: the rules of asking are the recorder's job


class Game(_Fields):
    """One game's identity and log; everything else is derived by replaying it, once (``state``).

    Follows the log protocol of ``assistant.log`` and the grammar's ``Speaker``:
    ``read_step``/``step`` are the parse/format pair of its events, ``forms`` and
    ``values`` say what may be typed."""

    @property
    def EXPECTS(self) -> tuple[str, ...]:  # noqa: N802 (the name every game and pad shares)
        """What a scenario may expect after a step: the sheet's cells; on the garden, what the opponents
        know of my loot and the tally too."""
        sheet = ("candidates", "count", "found")
        return (*sheet, "theirs", "totals", "winner") if self.board.per_opponent else sheet

    @classmethod
    def new(cls, name: str, board: Board, opponents: list[str] | None = None,
            mine: str | None = None, me: str | None = None) -> "Game":
        """Start a game; checks the opponents' names, my own name and my own loot cell."""
        if board.per_opponent:
            names = [name.strip() for name in (opponents or [DEFAULT_OPPONENT]) if name.strip()]
            if not names:
                raise InputError(_("--opponents needs at least one name, e.g. --opponents red,blue"))
            limit = board.max_opponents or MAX_OPPONENTS
            if len(names) > limit:
                if board.max_opponents:
                    message = ngettext("at most {limit} opponent (got {count}) ({board} is played by at most {gangs} "
                                       "gangs)", "at most {limit} opponents (got {count}) ({board} is played by at "
                                       "most {gangs} gangs)", limit)
                else:
                    message = ngettext("at most {limit} opponent (got {count})",
                                       "at most {limit} opponents (got {count})", limit)
                raise InputError(message.format(limit=limit, count=len(names), board=board.local_title,
                                                gangs=limit + 1))
            check_names(names, N_("opponent"), "--opponents red,blue")
        elif opponents:
            raise InputError(_("on {board} everybody hunts the same {items}: leave out --opponents").format(
                board=board.name, items=join_names(map(board.local_item, board.hidden_items))))
        else:
            names = []
        mine_cell = None
        if mine is not None:
            if not board.per_opponent:
                raise InputError(_("on {board} you hide nothing: leave out --mine").format(board=board.name))
            mine_cell = board.parse_cell(mine)
            if mine_cell in board.ponds:
                raise InputError(_("{cell} is a pond: no loot lies on a pond").format(cell=board.name_of(mine_cell)))
        if me is not None:
            check_names([*names, me], N_("player"), "--me Lea")
        game = cls(name, board, tuple(names), mine_cell, me=me)
        room = len(board.open) - (mine_cell is not None)
        if board.distinct and len(game.items) > room:
            cells = ngettext("{count} cell", "{count} cells", room).format(count=room)
            raise InputError(ngettext("{count} opponent cannot hide on {cells}",
                                      "{count} opponents cannot hide on {cells}", len(game.items)).format(
                count=len(game.items), cells=cells))
        return game

    @property
    def kind(self) -> str:
        """What the game is played on: its board's name."""
        return self.board.name

    def as_saved(self) -> "Game":
        """This game as its saved log is read (the grammar's Speaker): every step a saved log may hold, an
        accusation on a garden among them, so that such a step is said in the language spoken. Made once,
        sharing this game's replay."""
        if self.reading_saved:
            return self
        saved = self.__dict__.get("_as_saved")
        if saved is None:
            saved = self._replace(reading_saved=True)
            replayed = ("state", "_history")
            saved.__dict__.update({name: self.__dict__[name] for name in replayed if name in self.__dict__})
            self.__dict__["_as_saved"] = saved
        return saved

    @property
    def accusing(self) -> bool:
        """Whether an accusation is a step of this game: where everybody hunts the same item (the city's
        rules: "S'il a la bonne réponse, il gagne la partie"). Where each opponent hides their own loot (the
        garden) the rules have none: each loot card, shown at the end, says where that loot is."""
        return not self.board.per_opponent

    @property
    def items(self) -> tuple[str, ...]:
        """What is hidden: one per opponent (the garden) or the board's own (the thief)."""
        return self.board.hidden_items or self.opponents

    def item(self, text: str) -> str:
        """The item (opponent) called ``text``; unknown -> InputError listing them."""
        return lookup(text, self.items, N_("opponent") if self.board.per_opponent else N_("hidden item"))

    def one_item(self, opponent: str | None) -> str:
        """The item named by ``--opponent``, or the only one; else ask whose."""
        if opponent is not None:
            return self.item(opponent)
        if len(self.items) == 1:
            return self.items[0]
        raise InputError(_("whose {noun}? add --opponent with one of {names}").format(
            noun=self.board.local_noun, names=join_names(self.items)))

    @property
    def players(self) -> list[str]:
        """Everyone with pieces on the garden: me, then the opponents."""
        return [garden.ME, *self.opponents]

    def player(self, text: str) -> str:
        """A player named at the table: me (my words or my ``--me`` name), else an opponent on the garden.

        Where everyone hunts the same item (the city) the game lists no players: any name is one,
        spelt as it was first written in the log ('ana' is the Ana named before)."""
        if key(text) in garden.ME_WORDS or (self.me is not None and key(text) == key(self.me)):
            return garden.ME
        if self.board.per_opponent:
            return self.item(text)
        check_names([text], N_("player"), "--by Ana")
        return next((name for name in self.named() if key(name) == key(text)), text)

    def named(self) -> tuple[str, ...]:
        """The players the log names (who asked, who accused) other than me, in the order first named.

        Worked out once for a game; a game recorded from it adds its new entry's name (``_appended``): each
        entry recorded asks whether the case is over, which names the players."""
        known = self.__dict__.get("_named")
        if known is None:
            names = (getattr(event, "by", None) for event in self.events)
            known = self.__dict__["_named"] = tuple(dict.fromkeys(
                name for name in names if name is not None and name != garden.ME))
        return known

    def display(self, player: str) -> str:
        """A player as the table calls them: my own name (``--me``) for 'me' ('moi' in French without one)."""
        if player == garden.ME:
            return self.me or _("me")
        return player

    def cell_name(self, text: str) -> str:
        """A cell as typed ('b3') in its canonical name ('B3')."""
        return self.board.name_of(self.board.parse_cell(text))

    def kind_named(self, text: str):
        """The clue kind called ``text``, if this board hears it (board.clues)."""
        if self.reading_saved:  # 0.1 heard every kind everywhere
            return kind_named(text)
        kind = kind_named(text, self.board.clue_kinds())
        if not self.board.hears(kind.name):
            raise InputError(_("{kind} is not a clue of {board}: its clues are {kinds}").format(
                kind=kind.shown, board=self.board.name, kinds=shown_kinds(self.board.clue_kinds())))
        return kind

    # -- replay, once ---------------------------------------------------------------------

    @cached_property
    def _history(self) -> History[Step]:
        replayer = self.__dict__.pop("_replayer", None)  # left by restore: the log replayed so far
        return replayer.history() if replayer is not None else replay(self.events)

    @cached_property
    def state(self) -> State:
        """The history, the sheet, the pieces: the whole log replayed in one pass."""
        history = self._history
        in_set: list[Entry[Step]] = []
        mine = self.mine
        pieces = garden.empty(self.players)
        closed: dict[str, Cell] = {}
        out: dict[str, Entry[Step]] = {}
        fought: Entry[Step] | None = None
        first_fight: Entry[Step] | None = None
        for entry in history.standing:
            event = entry.event
            pieces = garden.new_round(pieces) if isinstance(event, fight.FightEvent) else garden.apply(pieces, event)
            if isinstance(event, garden.SetEvent):
                in_set = []
                closed = {}
                fought = None
                mine = self.board.parse_cell(event.next_mine) if event.next_mine else None
                continue
            in_set.append(entry)
            closed, out = self._accused(closed, out, entry)
            if isinstance(event, fight.FightEvent):
                fought = entry
                first_fight = first_fight or entry
        sheet = Sheet.start(self.board, self.items, mine, self._facts(in_set))
        return State(history, tuple(in_set), mine, sheet, pieces, closed, out, fought, first_fight)

    def _accused(self, closed: dict[str, Cell], out: dict[str, Entry[Step]],
                 entry: Entry[Step]) -> tuple[dict[str, Cell], dict[str, Entry[Step]]]:
        """The closed cases and the players out once ``entry`` stands: a right accusation closes its
        item's case; a wrong one puts its accuser out (rules: "S'il s'est trompé, il est éliminé")."""
        event = entry.event
        if not isinstance(event, AccuseEvent):
            return closed, out
        if event.right:
            return {event.item: self.board.parse_cell(event.cell), **closed}, out
        if event.by is not None:
            return closed, {**out, event.by: out.get(event.by, entry)}
        return closed, out

    def history(self) -> History[Step]:
        """The numbered entries, each marked if it was taken back."""
        return self._history

    def entries(self) -> list[Entry[Step]]:
        """The numbered clues, each marked if it was retracted or undone."""
        return list(self._history.entries)

    def standing(self) -> list[Entry[Step]]:
        """The entries not taken back."""
        return self._history.standing

    def fought(self) -> Entry[Step] | None:
        """The latest fight standing in the current set, if any."""
        return self.state.fought

    def current_set(self) -> tuple[list[Entry[Step]], Cell | None]:
        """The standing entries since the last finished set (two-player match), and my loot in it."""
        return list(self.state.in_set), self.state.mine

    def sheet(self) -> Sheet:
        """The sheet every standing clue leads to."""
        return self.state.sheet

    def my_question(self, entry: Entry[Step]) -> tuple[str, ...]:
        """The opponents a question I asked put to the test (entry ``entry``), or () when the entry is not a
        question of mine: a clue asked by someone else, a card's statement, any other step."""
        event = entry.event
        if isinstance(event, ClueEvent) and event.clue.kind in self.board.questions and event.by in (None, garden.ME):
            return tuple(item for item, unused in event.answers)
        return ()

    def their_cells(self) -> dict[str, CellSet]:
        """Each opponent's map of my loot: the cells they can still believe it is on (the mirror)."""
        return mirror.cells(mirror.maps(self))

    def facts_of(self, entry: Entry[Step], known: dict | None = None) -> list[Fact]:
        """What an entry says about the hidden cells: clues, accusations and loot cards do; pieces do not.

        ``known`` keeps the facts made for each clue and its answers (whatever card said it): a long log
        asks the same questions again, and each is worked out once."""
        event = entry.event
        if not isinstance(event, FACT_STEPS):
            return []
        if known is None:
            return event.facts(self.board, entry.number)
        said = _said(event)
        made = known.get(said)
        if made is None:
            made = known[said] = event.facts(self.board, entry.number)
        number = entry.number  # the same facts under this entry's number (tuple.__new__: _replace is slow)
        return [fact if fact.number == number else tuple.__new__(Fact, (number, *fact[1:])) for fact in made]

    def _facts(self, entries) -> list[Fact]:
        """What standing entries say about the hidden cells. Of several loot cards shown for one player
        only the latest counts: the earlier ones were misheard (``loot ... --replace``; a log saved
        before --replace existed let a second card silently replace the first)."""
        latest = {entry.event.player: entry.number for entry in entries if isinstance(entry.event, garden.LootEvent)}
        known: dict = {}
        return [fact for entry in entries
                if not isinstance(entry.event, garden.LootEvent) or latest[entry.event.player] == entry.number
                for fact in self.facts_of(entry, known)]

    def garden(self) -> "garden.Garden":
        """Miniatures, cat, token stacks and finished sets, from the standing entries."""
        return self.state.garden

    def current_mine(self) -> Cell | None:
        return self.state.mine

    def closed(self, item: str) -> Cell | None:
        """The cell of a right accusation about ``item`` still standing, if any."""
        return self.state.closed.get(item)

    def out(self) -> dict[str, Entry[Step]]:
        """The players out of the game, each with the standing wrong accusation that put them out."""
        return self.state.out

    def out_line(self) -> str | None:
        """'out: Ana (accused C2), me (accused B3)', or None while everybody is in."""
        if not self.state.out:
            return None
        return _("out: {players}").format(players=join_names(
            _("{player} (accused {cell})").format(player=self.display(player), cell=_accused_cell(entry))
            for player, entry in self.state.out.items()))

    def barred(self) -> CellSet:
        """The cells where my miniature may not go now (``miniature me CELL``, with ``--from`` once my supply
        is empty, would be refused): the cat's cell, where I stand, a miniature placed this turn."""
        if not self.board.per_opponent:
            return CellSet()
        pieces = self.garden()
        mine = self.current_mine()
        own = pieces.miniatures[garden.ME]
        barred = []
        for cell in self.board.open:
            name = self.board.name_of(cell)
            origin = next((c for c in own if c != name), None) if len(own) >= garden.MINIATURES else None
            try:
                garden.check(pieces, garden.MiniatureEvent(garden.ME, name, origin), self.board, self.players,
                             self.board.name_of(mine) if mine is not None else None, self.display)
            except AssistantError:
                barred.append(cell)
        return CellSet.of(barred)

    def totals(self) -> dict[str, int]:
        """The end-of-game tally (75 Gnom' Street, 3 or 4 players), each player's total by their canonical
        name (``me``); refused, saying what is missing, while the loot or a token's face is not known."""
        from assistant.games.gnom_street import tally as gnom_tally

        return {self.player(line.player): line.total for line in gnom_tally.score_game(self).lines}

    def winner(self) -> str | None:
        """Who the tally makes the winner (``me`` or an opponent); None on a tie or before the tally can count."""
        from assistant.games.gnom_street import tally as gnom_tally

        try:
            leaders = gnom_tally.score_game(self).leaders
        except AssistantError:
            return None
        return self.player(leaders[0]) if len(leaders) == 1 else None

    def known_as(self, player: str) -> str:
        """A player as the statistics and the exports name them: me by my ``--me`` name, else 'me'."""
        return (self.me or garden.ME) if player == garden.ME else player

    def outcome(self) -> Outcome:
        """The end of the game. A two-player garden: finished once a player has won two sets. A garden of 3 or
        4: once every opponent's loot card is recorded and the tally can count; a tie stands, unfinished, until
        the gnome throw that settles it is recorded (``throw NAME``). A case (a board without per-opponent
        loot): once every hidden place is closed; the right accuser wins, and everyone named in the log plays
        (those a wrong accusation put out among them)."""
        players = tuple(self.known_as(p) for p in self.players)
        first = self._first_player()
        if not self.board.per_opponent:
            return self._case_outcome()
        pieces = self.garden()
        if len(self.players) == 2:
            winner = garden.match_winner(pieces)
            sets = {self.known_as(p): pieces.sets.count(p) for p in self.players}
            return Outcome(winner is not None, players, (self.known_as(winner),) if winner else (),
                           first_player=first, points=sets, unit="sets")
        if not all(opponent in pieces.loot for opponent in self.opponents):
            return Outcome(False, players, first_player=first)
        from assistant.games.gnom_street.tally import score_game

        try:
            tally = score_game(self)
        except AssistantError:  # a token still face down: the tally cannot be made yet
            return Outcome(False, players, first_player=first)
        points = {self.known_as(self.player(line.player)): line.total for line in tally.lines}
        leaders = tuple(self.known_as(self.player(leader)) for leader in tally.leaders)
        if len(leaders) == 1:
            return Outcome(True, players, leaders, first_player=first, points=points)
        thrower = self.throw_winner(tally.leaders)
        if thrower is not None:
            # rules: "En cas d'égalité, les joueurs se départageront au lancer de nain en deux manches gagnantes !"
            return Outcome(True, players, (self.known_as(thrower),), leaders, "throw", first, points)
        return Outcome(False, players, (), leaders, None, first, points,
                       _("tie: record the gnome throw that settles it: throw NAME"))

    def _case_outcome(self) -> Outcome:
        """The city: closed once every hidden place is; the right accuser wins (rules: "S'il a la bonne réponse,
        il gagne la partie"); a right accusation saved before --by was asked for has no recorded winner."""
        players = (self.known_as(garden.ME), *self.named())
        closed = all(self.closed(item) is not None for item in self.items)
        if not closed:
            return Outcome(False, players)
        accusers = [entry.event.by for entry in self.state.in_set
                    if isinstance(entry.event, AccuseEvent) and entry.event.right]
        winners = tuple(dict.fromkeys(self.known_as(by) for by in accusers if by is not None))
        note = None if winners else _("case closed; its winner was not recorded (the right accusation has no --by)")
        return Outcome(True, players, winners, note=note)

    def throw_winner(self, leaders) -> str | None:
        """The winner of the latest gnome throw recorded for the tally's tie, if they are among its leaders."""
        tied = {self.player(leader) for leader in leaders}
        throws = [entry.event.player for entry in self.state.in_set if isinstance(entry.event, fight.ThrowEvent)]
        return throws[-1] if throws and throws[-1] in tied else None

    def _first_player(self) -> str | None:
        """Who played first, when the log knows it: the winner of the first fight recorded (the fight orders
        the round, and its first player acts first). The state keeps that fight: looking for it in the log
        at every entry recorded (each asks whether the game is over) cost the log's length each time."""
        entry = self.state.first_fight
        if entry is None:
            return None
        try:
            return self.known_as(cast(fight.FightEvent, entry.event).ranking(self.display)[0])
        except AssistantError:
            return None

    def next_game(self) -> str:
        """The command that starts the next game with the same table."""
        if self.board.per_opponent:
            return _("new {board} --opponents {names}").format(board=self.board.name, names=",".join(self.opponents))
        return _("new {board}").format(board=self.board.name)

    def statistics(self) -> dict:
        """What the statistics keep of a garden besides its outcome: the turns I took to find each loot (my
        questions in the set until my sheet pinned it down), and each player's sets in a two-player game."""
        if not self.board.per_opponent:
            return {}
        finds: list[list] = []
        sheet = Sheet.start(self.board, self.items, self.mine)
        asked = 0
        found: set[str] = set()
        known: dict = {}  # the facts of each clue and its answers, made once (facts_of)
        # What this set's sheet has heard already (said -> whether it says anything): the same answers heard
        # again narrow nothing (a sheet is the intersection of its facts), so the sheet is not worked out anew
        # for them. A long log asks the same questions again and again: its sheet is worked out once a clue.
        heard: dict[tuple, bool] = {}
        for entry in self.standing():
            event = entry.event
            if isinstance(event, garden.SetEvent):
                mine = self.board.parse_cell(event.next_mine) if event.next_mine else None
                sheet, asked, found, heard = Sheet.start(self.board, self.items, mine), 0, set(), {}
                continue
            if len(found) == len(self.items):  # every loot of this set found: nothing more to count till the next
                continue
            if not isinstance(event, FACT_STEPS):
                continue
            said = _said(event)
            again = said in heard
            facts = [] if again else self.facts_of(entry, known)
            if not heard.setdefault(said, bool(facts)):
                continue
            if isinstance(event, ClueEvent) and event.by is None and event.clue.spec.question:
                asked += 1
            if again:
                continue
            sheet = sheet.with_facts(facts)
            for item in self.items:
                if item not in found and sheet.consistent and sheet.found(item) is not None:
                    found.add(item)
                    finds.append([item, asked])
        result: dict = {"finds": finds}
        if len(self.players) == 2:
            result["sets"] = {self.known_as(p): self.garden().sets.count(p) for p in self.players}
        return result

    def notes(self) -> dict[int, str]:
        """What a saved log holds that recording refuses now, entry by entry: loaded as it was heard, each said
        in ``history`` (a right accusation saved without its accuser, a garden's turn limit broken, an
        accusation on a garden)."""
        notes: dict[int, str] = {}
        pieces = garden.empty(self.players)
        for entry in self.standing():
            event = entry.event
            note = self._note(pieces, event)
            if note is not None:
                notes[entry.number] = note
            pieces = garden.new_round(pieces) if isinstance(event, fight.FightEvent) else garden.apply(pieces, event)
        return notes

    def _note(self, pieces: Garden, event) -> str | None:
        if isinstance(event, AccuseEvent) and event.right and event.by is None and not self.board.per_opponent:
            return _("saved without --by: its winner was not recorded")
        if not self.board.per_opponent:
            return None
        if isinstance(event, AccuseEvent):  # recorded before the garden stopped hearing accusations (issue 34)
            return _("an accusation, a step {board}'s rules do not have: loaded as heard").format(
                board=self.board.name)
        if isinstance(event, garden.TokenEvent) and not event.alex \
                and pieces.laid.get(event.player, 0) >= garden.TOKENS_A_TURN:
            return _("a third token in one turn (the rules lay one or two): loaded as heard")
        if isinstance(event, (ClueEvent, mirror.AskedEvent)) and event.clue.spec.question:
            cells = garden.asked_from(pieces, event.by or garden.ME)
            if cells and event.clue.args[0] not in cells:
                return _("asked away from the miniature placed this turn: loaded as heard")
        if isinstance(event, garden.SetEvent) and len(self.players) == 2:
            own = pieces.miniatures.get(event.by, [])
            if (own or any(pieces.miniatures.values())) and event.cell not in own:
                return _("a Mole on no miniature of its owner: loaded as heard")
        return None

    def told(self, entry: Entry[Step]) -> list[str]:
        """What the table hears about ``entry`` beyond its step: the earlier entry it repeats (it adds
        nothing, though another player may well ask the same), each miniature it sends home."""
        earlier = [e for e in self.standing() if e.number < entry.number]
        if isinstance(entry.event, (ClueEvent, AccuseEvent)):
            this_set = [e for e in self.state.in_set if e.number < entry.number]  # a new set's sheet starts blank
            repeated = next((e for e in reversed(this_set) if _repeats(entry.event, e.event)), None)
            if repeated is None:
                return []
            return [_("it repeats entry {number} ({step}): it adds nothing to the sheet").format(
                number=repeated.number, step=grammar_said(self, self.step(repeated.event)))]
        if isinstance(entry.event, (garden.MiniatureEvent, garden.CatEvent)):
            pieces = garden.empty(self.players)
            for e in earlier:
                pieces = garden.apply(pieces, e.event)
            return garden.told_home(pieces, entry.event, self.display)
        return []

    def summary(self) -> str:
        """One line: the cells left per opponent, and who is out."""
        sheet = self.sheet()
        out = self.out_line()
        return join_clauses([*(ngettext("{item}: {count} cell left", "{item}: {count} cells left", count)
                               .format(item=self.board.local_item(item), count=count)
                               for item in self.items for count in [len(sheet.candidates(item))]),
                             *([out] if out else [])])

    def report(self) -> list[str]:
        """What the table needs to hear now: each hidden item found, who the latest entry put out,
        the match score."""
        sheet, lines = self.sheet(), []
        for item in self.items:
            cell = sheet.found(item)
            if cell is not None:
                lines.append(_(">>> found: {what} is on {cell}").format(what=whose(self.board, item),
                                                                        cell=self.board.name_of(cell)))
        standing = self.standing()
        latest = standing[-1] if standing else None
        for player, entry in self.state.out.items():
            if latest is not None and entry.number == latest.number:
                lines.append(_("you are out: keep following the clues to see who wins") if player == garden.ME else
                             _("{player} is out: a wrong accusation leaves the game").format(player=player))
        if latest is not None and isinstance(latest.event, AccuseEvent) and latest.event.right and latest.event.by:
            # rules: "S'il a la bonne réponse, il gagne la partie"
            lines.append(_("you win the game") if latest.event.by == garden.ME else
                         _("{player} wins the game").format(player=latest.event.by))
        match = self.match_score()
        return lines + ([match] if match else [])

    def match_score(self) -> str | None:
        """The two-player match once a set is over: 'match: me 1 - 0 Matt; set 2 starts'."""
        sets = self.garden().sets
        if not sets:
            return None
        me, other = self.players
        winner = garden.match_winner(self.garden())
        if winner:
            message = _("match: {me} {mine} - {theirs} {other}: {winner} wins the match")
        else:
            message = _("match: {me} {mine} - {theirs} {other}; set {number} starts")
        return message.format(me=self.display(me), mine=sets.count(me), theirs=sets.count(other), other=other,
                              winner=self.display(winner) if winner else "", number=len(sets) + 1)

    # -- recording ----------------------------------------------------------------------

    def record(self, event: Event) -> "Game":
        """A new game with ``event`` appended; refused (nothing changes) if it cannot hold."""
        if isinstance(event, Retract):
            latest = self._latest_taken_back(event)
            if latest is not None:
                return latest
            taken = target(self.history().entries, event)
            after = self._appended(event)
            after.sheet().check(_("taking it back would leave clues that cannot all hold"))
            if self.board.per_opponent:
                after._check_pieces_after(taken)
            return after
        self._check_open(event)
        if isinstance(event, AccuseEvent) and not self.accusing:
            raise InputError(_no_accusation(self.board))
        if isinstance(event, garden.PIECES):
            if not self.board.per_opponent:
                raise InputError(_("pieces and tokens belong to the garden, not to {board}").format(
                    board=self.board.name))
            mine = self.current_mine()
            garden.check(self.garden(), event, self.board, self.players,
                         self.board.name_of(mine) if mine is not None else None, self.display)
            if isinstance(event, garden.SetEvent):
                self._check_next_loot(event)
            if isinstance(event, garden.LootEvent):
                self._check_loot(event)
            if isinstance(event, garden.SetEvent) and event.by == garden.ME:
                # my Mole finds the loot exactly when it is on it: the sheet must allow what I say
                number = len(self.history().entries) + 1
                at = ClueEvent(Clue("at", (event.cell,)), ((self.opponents[0], event.found),))
                self.sheet().add(at.facts(self.board, number))
            return self._appended(event, self._state_after_piece(Entry(len(self.history().entries) + 1, event)))
        if isinstance(event, fight.ThrowEvent):
            self._check_throw(event)
            return self._appended(event, self._state_after_piece(Entry(len(self.history().entries) + 1, event)))
        if isinstance(event, ClueEvent) and event.by in dict(event.answers):
            # rules: the player questions "un adversaire", "n'importe quel autre joueur" ranked after them
            raise InputError(_("{player} asked the question (--by), so {player} cannot answer it: a player asks "
                               "another player, never themselves").format(player=event.by))
        cat = self.garden().cat
        if isinstance(event, (ClueEvent, mirror.AskedEvent)) and event.clue.spec.question and event.clue.args[0] == cat:
            # rules: no miniature stands on the cat's cell, and a question is asked from one's miniature
            raise InputError(_("the cat is on {cell}: no miniature stands there, so no question is asked from it")
                             .format(cell=cat))
        if isinstance(event, (ClueEvent, mirror.AskedEvent)) and event.clue.spec.question and self.board.per_opponent:
            self._check_asked_from(event)
        if isinstance(event, AccuseEvent) and event.by in self.state.out:
            # rules: a wrong accuser "est éliminé ... La partie continue alors avec les autres joueurs."
            message = (_("you are out since your wrong accusation on {cell}: only players still in the game accuse")
                       if event.by == garden.ME else
                       _("{player} is out since a wrong accusation on {cell}: only players still in the game accuse"))
            raise InputError(message.format(player=event.by, cell=_accused_cell(self.state.out[event.by])))
        for item in event.items():
            cell = self.closed(item)
            if cell is not None:
                raise AssistantError(_("the case of {item} is closed ({cell} was the right cell): undo the "
                                       "accusation to reopen it").format(item=self.board.local_item(item),
                                                                        cell=self.board.name_of(cell)))
        number = len(self.history().entries) + 1
        if isinstance(event, fight.FightEvent):
            event.ranking(self.display)  # a throw that does not fit the ties is refused
            return self._appended(event, self._state_after(Entry(number, event), self.sheet()))
        if isinstance(event, mirror.AskedEvent):  # my answer: the opponents' maps move, never my sheet
            fight.check(self, event.by, [garden.ME], event.power)
            mirror.check(self, event)
            return self._appended(event, self._state_after(Entry(number, event), self.sheet()))
        if isinstance(event, ClueEvent) and event.clue.spec.question and self.board.per_opponent:
            fight.check(self, event.by or garden.ME, event.items(), event.power)
        sheet = self.sheet().add(self.facts_of(Entry(number, event), self._facts_known()))
        return self._appended(event, self._state_after(Entry(number, event), sheet))

    def _facts_known(self) -> dict:
        """The facts made for each clue and its answers (``facts_of``), kept from game to game as entries are
        recorded (a long evening repeats its questions), in the language they were said in."""
        known = self.__dict__.setdefault("_facts_made", {}).setdefault(language(), {})
        if len(known) > 4096:  # ever new clues: keep the memory small
            known.clear()
        return known

    def _check_open(self, event) -> None:
        """Refuse any entry but undo and retract once the game is finished, and any but the gnome throw while
        its tally is tied."""
        why = self._closed_because(isinstance(event, fight.ThrowEvent))
        if why is not None:
            raise AssistantError(why)

    def _closed_because(self, throw: bool = False) -> str | None:
        """Why no entry (``throw``: no gnome throw) may be recorded now, or None."""
        end = self.outcome()
        if end.finished:
            return finished_refusal(end, self.next_game())
        if end.tied and not throw:
            return _("the tally is tied: {result}; record the gnome throw that settles it (throw NAME), or take "
                     "back the last entry (undo)").format(result=result_said(end))
        return None

    def _check_asked_from(self, event) -> None:
        """A question is asked from the cell where its asker just placed their miniature, when the log knows
        that cell (rules: "depuis la case où il vient de placer sa statuette")."""
        asker = event.by or garden.ME
        cells = garden.asked_from(self.garden(), asker)
        if not self._may_ask_from(asker, event.clue.args[0]):
            said = _("you placed a miniature on {cells} this turn: the question is asked from there (rules: \"depuis "
                     "la case où il vient de placer sa statuette\"), not from {cell}") \
                if asker == garden.ME and self.me is None else \
                _("{player} placed a miniature on {cells} this turn: the question is asked from there (rules: "
                  "\"depuis la case où il vient de placer sa statuette\"), not from {cell}")
            raise InputError(said.format(player=self.display(asker), cells=", ".join(cells), cell=event.clue.args[0]))

    def _check_throw(self, event: "fight.ThrowEvent") -> None:
        """A gnome throw settles a tied tally, won by one of the tied players."""
        end = self.outcome()
        if not end.tied:
            raise InputError(_("no tie to settle: a gnome throw is recorded once the tally is tied"))
        tied = [self.player(name) for name in end.tied]
        if event.player not in tied:
            raise InputError(_("{player} is not tied: the throw is won by one of {players}").format(
                player=self.display(event.player), players=join_names(self.display(p) for p in tied)))

    def _check_pieces_after(self, taken: Entry[Step]) -> None:
        """Every piece recorded after the entry taken back still allowed without it; else the refusal names
        the entries that depend on it (a token on the miniature taken back, a miniature moved from its cell):
        those are taken back first, never silently with it."""
        pieces, mine, broken = garden.empty(self.players), self.mine, []
        for entry in self.standing():
            event = entry.event
            if entry.number > taken.number and isinstance(event, garden.PIECES):
                try:
                    garden.check(pieces, event, self.board, self.players,
                                 self.board.name_of(mine) if mine is not None else None, self.display)
                except AssistantError as error:
                    broken.append((entry, str(error)))
                    continue
            pieces = garden.apply(pieces, event)
            if isinstance(event, garden.SetEvent):
                mine = self.board.parse_cell(event.next_mine) if event.next_mine else None
        if broken:
            named = join_names(_("entry {number} ({step})").format(number=entry.number,
                                                                  step=grammar_said(self, self.step(entry.event)))
                               for entry, unused in broken)
            raise InputError(ngettext(
                "refused: taking back entry {taken} ({step}) leaves {entries} impossible ({reason}); take it back "
                "first; nothing was recorded",
                "refused: taking back entry {taken} ({step}) leaves {entries} impossible (first: {reason}); take "
                "them back first; nothing was recorded", len(broken)).format(
                taken=taken.number, step=grammar_said(self, self.step(taken.event)), entries=named,
                reason=broken[0][1]))

    def _check_loot(self, event: LootEvent) -> None:
        """A loot card agrees with the log: one card per player (unless it replaces a misheard one), and
        never against the clues: the refusal names the fewest clues it conflicts with."""
        in_set = self.state.in_set
        shown = [entry for entry in in_set if isinstance(entry.event, LootEvent)
                 and entry.event.player == event.player]
        who = self.display(event.player)
        if shown and not event.replace:
            earlier = shown[-1]
            raise InputError(_("{player}'s loot card is recorded already (entry {number}: {cell}): one card each; "
                               "if it was misheard, add --replace to record {new} instead").format(
                player=who, number=earlier.number, cell=cast(LootEvent, earlier.event).cell, new=event.cell))
        if event.replace and not shown:
            raise InputError(_("no loot card of {player} is recorded yet: leave out --replace").format(player=who))
        sheet = self.sheet()
        if shown:  # the sheet without the card it replaces
            sheet = Sheet.start(self.board, self.items, self.current_mine(),
                                self._facts([entry for entry in in_set if entry not in shown]))
        number = len(self.history().entries) + 1
        sheet.add(event.facts(self.board, number), _("the loot card {cell} shown by {player}").format(
            player=who, cell=event.cell))

    def _check_next_loot(self, event: SetEvent) -> None:
        """The next set's loot: not on a pond, and given when my loot is tracked and the match goes on."""
        if event.next_mine is not None and self.board.parse_cell(event.next_mine) in self.board.ponds:
            raise InputError(_("{cell} is a pond: no loot lies on a pond").format(cell=event.next_mine))
        after = garden.apply(self.garden(), event)
        if event.next_mine is None and self.current_mine() is not None and garden.match_winner(after) is None:
            raise InputError(_("the match goes on: add --next-mine CELL, your loot card for the next set"))

    def restore(self, event: Event) -> "Game":
        """A saved event appended: its words were read against this game; retracts need their entry.

        The replay so far passes from game to game (a log of undos loads in
        linear time); each undo or retract is checked against it."""
        replayer = self.__dict__.pop("_replayer", None)
        if replayer is None:
            replayer = Replayer()
            for earlier in self.events:
                replayer.add(earlier)
        try:
            replayer.add(event)
        except InputError:
            self.__dict__["_replayer"] = replayer  # unchanged: this game keeps it
            raise
        restored = self._appended(event)
        restored.__dict__["_replayer"] = replayer
        return restored

    def restoring(self) -> Restoring:
        """This empty game's saved log read back in one pass (``log.load``): each undo or retract checked
        to have its entry; the sheet is worked out once, when it is first asked for."""
        return Restoring(self)

    def restored(self, events: Sequence, history: History | None, state: None = None) -> "Game":
        """This game with the log ``events`` (``Restoring.game``), its ``history`` known already."""
        game = self._replace(events=events)
        if history is not None:
            game.__dict__["_history"] = history
        return game

    def _appended(self, event: Event, state: State | None = None) -> "Game":
        """This game with ``event`` at the end of its log; ``state``: what it leads to, if known already.

        A game recorded from this one keeps it (``_before``): taking the new entry back again is this
        game's state, nothing replayed (``_latest_taken_back``)."""
        game = self._replace(events=Chain.of(self.events) + (event,))
        for made in ("_facts_made", "_answers_read"):  # what was worked out for the header: the same for the next
            if made in self.__dict__:
                game.__dict__[made] = self.__dict__[made]
        named = self.__dict__.get("_named")
        if named is not None:  # the players named so far, and whoever this entry names
            by = getattr(event, "by", None)
            game.__dict__["_named"] = (*named, by) if by is not None and by != garden.ME and by not in named \
                else named
        if state is not None:
            game.__dict__.update(state=state, _history=state.history)
            if not isinstance(event, Retract):
                recorded_from(game, self)
        return game

    def _latest_taken_back(self, retract: Retract) -> "Game | None":
        """``retract`` recorded at once when it takes back the latest entry, and this game was recorded from
        the game before that entry (``_before``): the state is that game's, with the entry struck out in
        the history; nothing comes after the entry, so no piece depends on it. None: replay instead."""
        before = self.__dict__.get("_before")
        history = latest_taken_back(self.history(), retract) if before is not None else None
        if before is None or history is None:
            return None
        after = self._appended(retract, before.state._replace(history=history))
        after.sheet().check(_("taking it back would leave clues that cannot all hold"))
        went_back(self, after)  # an undo after it: the entry before, at once too
        return after

    def _state_after_piece(self, entry: Entry[Step]) -> State:
        """The state once a piece, a token, a loot card or the end of a set is recorded, nothing replayed."""
        state, event = self.state, entry.event
        history = appended(state.history, event)
        pieces = garden.apply(state.garden, event)
        if isinstance(event, garden.SetEvent):  # a new set: a blank sheet, my new loot
            mine = self.board.parse_cell(event.next_mine) if event.next_mine else None
            return state._replace(history=history, in_set=(), mine=mine, garden=pieces, closed={}, fought=None,
                                  sheet=Sheet.start(self.board, self.items, mine))
        in_set = Chain.of(state.in_set) + (entry,)
        if isinstance(event, garden.LootEvent):  # only the latest card of a player counts (Game._facts)
            sheet = Sheet.start(self.board, self.items, state.mine, self._facts(in_set)) if event.replace or any(
                isinstance(e.event, garden.LootEvent) and e.event.player == event.player for e in state.in_set) \
                else state.sheet.with_facts(event.facts(self.board, entry.number))
        else:
            sheet = state.sheet
        return state._replace(history=history, in_set=in_set, garden=pieces, sheet=sheet)

    def _state_after(self, entry: Entry[Step], sheet: Sheet) -> State:
        """The state once a clue or accusation is recorded: the sheet just checked, nothing replayed."""
        state = self.state
        closed, out = self._accused(state.closed, state.out, entry)
        history = appended(state.history, event=entry.event)
        fights = isinstance(entry.event, fight.FightEvent)
        pieces = garden.new_round(state.garden) if fights else state.garden  # a fight starts a new round
        return state._replace(history=history, in_set=Chain.of(state.in_set) + (entry,), sheet=sheet, closed=closed,
                              out=out, garden=pieces, fought=entry if fights else state.fought,
                              first_fight=state.first_fight or (entry if fights else None))

    # -- the words of events --------------------------------------------------------------

    def forms(self) -> tuple[Form, ...]:
        """Every step this game hears (the grammar's Speaker): the same tuple for every game of its kind. A saved
        log is read with every step it may hold: an accusation saved on a garden loads (Game.notes)."""
        return _forms(self.board.per_opponent, self.accusing or self.reading_saved)

    def values(self, slot: str) -> tuple[str, ...]:
        """The values of this game that fit ``slot`` (for completion)."""
        board = self.board
        if slot == "kind":
            return board.clue_kinds()
        if slot == "cell":
            return tuple(board.names(board.all))
        if slot == "asking-cell":
            return tuple(board.names(board.open))
        if slot == "row":
            return tuple(str(row + 1) for row in range(board.grid.rows))
        if slot == "column":
            return tuple(column_letters(column) for column in range(board.grid.columns))
        if slot == "distance":
            return tuple(str(n) for n in range(1, max(board.grid.rows, board.grid.columns)))
        if slot in ("colour", "district"):
            attribute = "flowers" if slot == "colour" else "district"
            return tuple(v.name for v in board.attribute(attribute).values) if board.has_attribute(attribute) else ()
        if slot == "place":
            pictograms = board.attribute("pictograms").values if board.has_attribute("pictograms") else ()
            return tuple(v.name for v in pictograms) + tuple(landmark.name for landmark in board.landmarks)
        if slot == "assignment":
            return tuple(f"{a.name}={v.name}" for a in board.attributes for v in a.values)
        if slot == "answer":
            plain = ("yes", "no")
            if len(self.items) == 1:
                return plain
            return plain + tuple(f"{item}={answer}" for item in self.items for answer in plain)
        if slot == "opponent":
            return self.items
        if slot == "player":  # in French 'moi' too: a player types it for me (ME_WORDS)
            me = (garden.ME, "moi") if language() != DEFAULT else (garden.ME,)
            return (*me, *self.opponents) if board.per_opponent else (*me, *self.named())
        if slot == "verdict":
            return ("right", "wrong")
        if slot == "found":
            return ("found", "missed")
        if slot == "token":
            return ("mole", "bait")
        if slot == "fighter":
            low, high = fight.GNOME_VALUES
            return tuple(f"{player}={value}" for player in self.players for value in range(low, high + 1))
        if slot == "power":
            return fight.POWERS
        if slot == "entry":
            return tuple(str(entry.number) for entry in self.standing())
        return ()

    def values_here(self, slot: str, words: list[str]) -> tuple[str, ...]:
        """The values of ``slot`` the step begun with ``words`` would accept there (the grammar's
        optional narrowing, for completion): a flower clue's colours are those of its cell, a piece
        goes on a cell that is not a pond, a token is revealed from a stack, one of its places."""
        values = self.values(slot)
        if slot == "entry":
            return accepted(self, words, values)  # not one the later entries need
        try:
            form = form_for(self, words[0])
        except (InputError, IndexError):
            return values
        if slot == "asking-cell" and self.board.per_opponent and self.garden().cat is not None:
            values = tuple(cell for cell in values if cell != self.garden().cat)  # nobody stands on the cat's cell
        typed = positional(form, words[1:])
        cells = [name for name in map(self._cell_or_none, typed) if name is not None]
        asking = form in (ClueEvent.FORM, mirror.AskedEvent.FORM)
        if slot == "asking-cell" and asking and self.board.per_opponent:
            # rules: "depuis la case où il vient de placer sa statuette": where its asker may ask from now (me,
            # unless --by said who; a question put to me: any opponent, --by narrows them)
            by = self._player_or_none(typed_so_far(form, words).last("by"))
            who = [by] if by is not None else [garden.ME] if form is ClueEvent.FORM else list(self.opponents)
            values = tuple(cell for cell in values if any(self._may_ask_from(asker, cell) for asker in who))
        if slot == "kind" and form is mirror.AskedEvent.FORM:
            return tuple(kind for kind in values if kind in self.board.questions)
        if slot == "answer" and form is mirror.AskedEvent.FORM:  # my own answer: the truth about my loot
            askers = ((), *(("--by", opponent) for opponent in self.opponents))  # --by may come after it
            return accepted(self, words, ("yes", "no"), askers)
        if slot == "answer" and form is ClueEvent.FORM:
            pairs = [word.partition("=")[0] for word in typed if "=" in word and is_answer(word.partition("=")[2])]
            if pairs or set(OPPONENT.spellings) & {word.partition("=")[0] for word in words}:
                return tuple(value for value in values if "=" in value and value.partition("=")[0] not in pairs) \
                    if pairs else ("yes", "no")  # per opponent, each once; or one answer for --opponent
        if slot == "player" and words[-1] in ASKER.spellings:  # --by: who asked
            if asking and self.board.per_opponent and cells and self._question(typed):  # from where they may ask
                values = tuple(value for value in values if self._player_or_none(value) is None
                               or self._may_ask_from(self._player_or_none(value) or garden.ME, cells[0]))
            if form is mirror.AskedEvent.FORM:
                return tuple(value for value in values if self._player_or_none(value) != garden.ME)  # not me
        if slot == "fighter":
            named = {word.partition("=")[0] for word in typed}
            return tuple(value for value in values if value.partition("=")[0] not in named)  # each player once
        if slot == "players" and form is fight.FightEvent.FORM:  # --throw: the tied players, in any order
            return fight.throw_orders(typed)
        if slot == "colour" and asking and cells and self.board.has_attribute("flowers"):
            at = self.board.values_at(self.board.parse_cell(cells[0]), "flowers")
            return tuple(value for value in values if value in at)
        pieces = {piece.FORM for piece in garden.PIECES}
        if form in pieces and slot == "cell":
            if form is garden.RevealEvent.FORM:
                return tuple(cell for cell in values if cell in self.garden().stacks)
            open_cells = tuple(self.board.names(self.board.open))
            return accepted(self, words, open_cells, PLACED[form]) if form in PLACED else open_cells
        if form is garden.SetEvent.FORM and slot == "found" and cells and self.current_mine() is not None:
            asker = self._player_or_none(typed_so_far(form, words).last("by"))
            if asker not in (None, garden.ME):  # an opponent's Mole finds my loot exactly when it is on it
                return ("found",) if self.board.parse_cell(cells[0]) == self.current_mine() else ("missed",)
        if form is garden.RevealEvent.FORM and slot == "position" and cells:
            return tuple(str(n) for n in range(1, len(self.garden().stacks.get(cells[0], ())) + 1))
        return values

    def called_for(self, words: list[str]) -> tuple[str, ...]:
        """The words the rules call for next in the step begun with ``words``, though it could be recorded
        without them (the grammar's optional hint, for completion): one question answered by several
        players is Mick's power, said even before a fight is recorded to check it."""
        try:
            form = form_for(self, words[0])
        except (InputError, IndexError):
            return ()
        if form is not ClueEvent.FORM or not self.board.per_opponent:
            return ()
        answered = [word for word in positional(form, words[1:]) if "=" in word]
        given = {word.partition("=")[0] for word in words}
        return fight.called_for(len(answered), bool(given & set(fight.POWER.spellings)))

    def why_not(self, words: list[str]) -> str | None:
        """Why the step begun with ``words`` cannot be recorded now whatever comes next (the grammar's hint):
        nothing to take back, the match won, a piece step this number of players never takes."""
        form, why = begun(self, words, self.history())
        if form is None or why is not None or form in (UNDO_FORM, RETRACT_FORM):
            return why
        closed = self._closed_because(form is fight.ThrowEvent.FORM)
        if closed is not None:
            return closed
        if form is fight.ThrowEvent.FORM and not self.outcome().tied:
            return _("no tie to settle: a gnome throw is recorded once the tally is tied")
        try:
            for piece in garden.PIECES:
                if piece.FORM is form:
                    garden.closed(piece, len(self.players))
        except AssistantError as error:
            return str(error)
        return None

    def _may_ask_from(self, asker: str, cell: str) -> bool:
        """Whether ``asker`` may ask a question from ``cell`` now: from the miniature they placed this turn,
        when the log knows it (rules: "depuis la case où il vient de placer sa statuette"); else anywhere."""
        placed = garden.asked_from(self.garden(), asker)
        return not placed or cell in placed

    def _question(self, typed: list[str]) -> bool:
        """Whether the clue begun with the positional words ``typed`` is a question (asked from a cell)."""
        try:
            return bool(typed) and self.kind_named(typed[0]).question
        except AssistantError:
            return False

    def _player_or_none(self, text: str | None) -> str | None:
        try:
            return self.player(text) if text is not None else None
        except AssistantError:
            return None

    def _cell_or_none(self, text: str) -> str | None:
        try:
            return self.cell_name(text)
        except AssistantError:
            return None

    def said_value(self, slot: str, word: str) -> str:
        """A word of a saved step said in the language spoken, one this game reads back (see grammar.said)."""
        if language() == DEFAULT:
            return word
        if slot == "kind" and key(word) in map(key, self.board.clue_kinds()):
            return self.kind_named(word).shown
        if slot == "answer" and is_answer(word.rpartition("=")[2]):
            name, equals, answer = word.rpartition("=")
            return f"{name}{equals}{said_answer(parse_answer(answer))}"
        if slot in FRENCH_STEP_WORDS:
            return FRENCH_STEP_WORDS[slot].get(word, word)
        if slot in BOARD_VALUE_SLOTS:  # not a name: an opponent may be called red
            return self.board.said_word(word)
        if slot == "card":
            return self.board.said_card(word)
        if slot == "player" and word == garden.ME:
            return self.display(word)  # my name (--me), else 'moi': both read back as me
        if slot == "fighter" and word.startswith(f"{garden.ME}="):
            return self.display(garden.ME) + word[len(garden.ME):]
        if slot == "players":  # the gnome throw's order: me by my name
            return ",".join(self.display(name) if name == garden.ME else name for name in word.split(","))
        return word

    def read_step(self, text: str) -> Event:
        """Read one step's words (as typed, in the log, or in a scenario) into an event.

        A saved clue heard from a card is its clue without the card, heard from that card: read once for
        every card (a log's clues are few; the cards they were read from, free text, may all differ)."""
        if self.reading_saved:
            heard = _card_aside(text)
            if heard is not None:
                event = self._read_once(heard[0])
                if type(event) is ClueEvent and event.card is None:
                    return event._replace(card=heard[1])
        return self._read_text(text)

    def _read_once(self, text: str) -> Event | None:
        """``_read_text(text)``, read once for this game (None: refused; the step is then read whole, to
        say why in its own words)."""
        read = self.__dict__.setdefault("_clues_read", {})
        if text not in read:
            if len(read) > 4096:  # a log of ever new clues: keep the memory small
                read.clear()
            try:
                read[text] = self._read_text(text)
            except AssistantError:
                read[text] = None
        return read[text]

    def _read_text(self, text: str) -> Event:
        words = split(text)
        if not words:
            raise InputError(_("empty step"))
        form = self._form(words[0])
        return self._read(form, form.read(words[1:]))

    def _form(self, verb: str) -> Form:
        """The form of step ``verb``; an accusation where the rules have none says so (not 'unknown step')."""
        if not self.accusing and not self.reading_saved and key(verb) in map(key, AccuseEvent.FORM.verbs):
            raise InputError(_no_accusation(self.board))
        return form_for(self, verb)

    def read(self, verb: str, positional: list[str], options: dict | None = None) -> Event:
        """The event of step ``verb`` from words already split (the CLI's typed arguments).

        ``options`` maps an option's name to its value: a word, a list of words,
        True for a flag, or None (or False) when it was not given."""
        return self._read(self._form(verb), Options(list(positional), _option_values(options or {})))

    def _read(self, form: Form, found: Options) -> Event:
        if form is UNDO_FORM or form is RETRACT_FORM:
            return Retract.from_words(form, found)
        return STEP_OF_FORM[id(form)].from_words(self, found)

    def step(self, event: Event) -> str:
        """The canonical words of an event, as saved in the log and in exported scenarios."""
        return join(event.words() if isinstance(event, Retract) else event.words(self))

    def read_clue(self, words: list[str], opponents: str | None = None, colour: str | None = None,
                  card: str | None = None, by: str | None = None,
                  power: str | None = None) -> ClueEvent | mirror.AskedEvent:
        """A clue from typed arguments: the same reader as the step ``clue ...``."""
        return ClueEvent.from_words(self, Options(list(words), _option_values(
            {"opponent": opponents, "colour": colour, "card": card, "by": by, "power": power})))

    def read_accusation(self, cell: str, verdict: str, opponent: str | None = None,
                        by: str | None = None) -> AccuseEvent:
        """An accusation from typed arguments."""
        return AccuseEvent.from_words(self, Options([cell, verdict], _option_values({"opponent": opponent, "by": by})))

    def read_retract(self, number: str | int | None) -> Retract:
        return Retract(None) if number is None else Retract.numbered(str(number))

    def answers(self, typed: list[str], opponents: str | None, kind) -> tuple[tuple[str, bool], ...]:
        """Who answered what: ``red=yes blue=no``, or one answer for ``--opponent`` (or the only one), to a
        clue of ``kind``. The same words are read once for a game (a long log repeats its answers)."""
        read = self.__dict__.setdefault("_answers_read", {})
        said = (tuple(typed), opponents, kind.question)
        if said not in read:
            if len(read) > 4096:  # a log of ever new answers: keep the memory small
                read.clear()
            read[said] = self._answers(typed, opponents, kind.question, kind)
        return read[said]

    def _answers(self, typed: list[str], opponents: str | None, question: bool, kind) -> tuple[tuple[str, bool], ...]:
        pairs = [word for word in typed if "=" in word]
        plain = [word for word in typed if "=" not in word]
        if pairs and (plain or opponents):
            raise InputError(_("give either one answer (with --opponent) or NAME=yes/no pairs, not both"))
        if len(plain) > 1:
            raise InputError(_("one answer only (got {got}); for several players write NAME=yes NAME=no")
                             .format(got=" ".join(plain)))
        if pairs:
            answers: list[tuple[str, bool]] = []
            for pair in pairs:
                name, said = name_value(pair, "red=yes")
                answers.append((self.item(name), parse_answer(said)))
            items = [item for item, unused in answers]
            if len(set(items)) != len(items):
                raise InputError(_("an opponent is answered twice: one answer per player"))
            return tuple(answers)
        if not plain and question:
            raise InputError(_("say the answer you heard: {usage} (yes/no, oui/non)").format(usage=kind.usage))
        answer = parse_answer(plain[0]) if plain else True
        if opponents is not None:
            names = [name for name in opponents.split(",") if name.strip()]
            if not names:
                raise InputError(_("--opponent needs a name: one of {names}").format(names=join_names(self.items)))
            items = [self.item(name) for name in names]
            if len(set(items)) != len(items):
                raise InputError(_("an opponent is named twice in --opponent"))
            return tuple((item, answer) for item in items)
        if len(self.items) == 1:
            return ((self.items[0], answer),)
        raise InputError(_("who answered? add --opponent with one of {names}, or answer per player: {example}")
                         .format(names=join_names(self.items),
                                 example=" ".join(f"{i}={said_answer(True)}" for i in self.items[:2])))

    # -- the saved form -------------------------------------------------------------------

    def header(self) -> dict:
        """Who plays on which board: the part that saved games and scenarios share."""
        data: dict = {"board": self.board.name}
        if self.opponents:
            data["opponents"] = list(self.opponents)
        if self.mine is not None:
            data["mine"] = self.board.name_of(self.mine)
        if self.me is not None:
            data["me"] = self.me
        return data

    @classmethod
    def from_header(cls, data: dict, name: str, board_for, source: str) -> "Game":
        """An empty game from a header (board, opponents, mine); DataError names the bad field."""
        board_name = data.get("board")
        if not isinstance(board_name, str):
            raise DataError(_("{source}: board: expected a board name (got {got})").format(source=source,
                                                                                          got=shown(board_name)))
        try:
            board = board_for(board_name)
        except InputError as error:
            raise DataError(f"{source}: board: {error}") from None
        opponents = data.get("opponents")
        if isinstance(opponents, str):
            opponents = opponents.split(",")
        if opponents is not None and (not isinstance(opponents, list)
                                      or not all(isinstance(o, str) for o in opponents)):
            raise DataError(_("{source}: opponents: expected a list of names (got {got})").format(
                source=source, got=shown(opponents)))
        mine = data.get("mine")
        if mine is not None and not isinstance(mine, str):
            raise DataError(_("{source}: mine: expected a cell name (got {got})").format(
                source=source, got=shown(mine)))
        me = data.get("me")
        if me is not None and not isinstance(me, str):
            raise DataError(_("{source}: me: expected your name (got {got})").format(source=source, got=shown(me)))
        try:
            return cls.new(name, board, opponents, mine, me)
        except InputError as error:
            raise DataError(f"{source}: {error}") from None

    def to_mapping(self) -> dict:
        return {"assistant": "game/1", **self.header(), "events": steps(self)}

    @classmethod
    def from_mapping(cls, data: object, name: str, board_for, source: str, where=events_place) -> "Game":
        """Rebuild a game from its saved form, checking every event; DataError lists all problems.

        ``where(i)`` names the place of event i in the file ('line 12: events[3]')."""
        if not isinstance(data, dict) or data.get("assistant") != "game/1":
            raise DataError(_("{source}: not an assistant game file (expected 'assistant: game/1' first)")
                            .format(source=source))
        extra = sorted(set(map(str, data)) - {"assistant", "board", "opponents", "mine", "me", "events"})
        if extra:
            raise DataError(_("{source}: {key}: unknown key").format(source=source, key=extra[0]))
        empty = cls.from_header(data, name, board_for, source)._replace(reading_saved=True)
        loaded = load(empty, data.get("events"), source, where)
        game = loaded._replace(reading_saved=False)
        game.__dict__.update(loaded.__dict__)  # the replay done while loading serves the game as it is
        return game


# -- helpers -----------------------------------------------------------------------------


def _accused_cell(entry: Entry[Step]) -> str:
    """The cell of the wrong accusation that put a player out (``State.out`` holds those entries only)."""
    return cast(AccuseEvent, entry.event).cell


# ' --card TEXT' (or --carte, or =TEXT) in a step, TEXT one plain word: what a saved clue's card says
_CARD_TEXT = r" (?:--card|--carte)[ =]([^\s'\"\\-][^\s'\"\\]*)(?= |$)"  # compiled by re on first use


def _card_aside(text: str) -> tuple[str, str] | None:
    """A step with one card, as (the step without it, the card's text); None for any other step (no card,
    two, a card in quotes, '--card' as another option's value): read whole."""
    if "--car" not in text:  # most steps: no card, and no pattern compiled at start-up
        return None
    found = re.search(_CARD_TEXT, text)
    if found is None or text[:found.start()].rpartition(" ")[2].startswith("-"):  # '--by --card': by's value
        return None
    rest = text[:found.start()] + text[found.end():]
    if "--car" in rest:  # another card: the step's own reading says it is given twice
        return None
    return rest, found.group(1)


@cache
def _forms(per_opponent: bool, accusing: bool) -> tuple[Form, ...]:
    """The steps of a deduction game: a garden (items per opponent) hears its pieces too; a game whose rules
    have an accusation (the city) hears it."""
    pieces = (mirror.AskedEvent.FORM, fight.FightEvent.FORM, fight.ThrowEvent.FORM,
              *(piece.FORM for piece in garden.PIECES)) if per_opponent else ()
    accuse = (AccuseEvent.FORM,) if accusing else ()
    return (ClueEvent.FORM, *accuse, UNDO_FORM, RETRACT_FORM, *pieces)


def _option_values(options: dict) -> dict[str, list[str]]:
    """Typed options as the grammar holds them (``Options.values``): each given option's words."""
    values = {}
    for name, value in options.items():
        if value is None or value is False:
            continue
        values[name] = [""] if value is True else [value] if isinstance(value, str) else list(value)
    return values


def _repeats(event: Event, earlier: Event) -> bool:
    """Whether ``event`` says nothing ``earlier`` did not: the same clue with answers it already holds, or
    the same accusation (whoever asked, whatever card it came from)."""
    if isinstance(event, ClueEvent) and isinstance(earlier, ClueEvent):
        return event.clue == earlier.clue and set(event.answers) <= set(earlier.answers)
    if isinstance(event, AccuseEvent) and isinstance(earlier, AccuseEvent):
        return event == earlier
    return False


def _looks_like_answer(word: str) -> bool:
    name, sep, answer = word.partition("=")
    return is_answer(answer) if sep else is_answer(word)
