"""The deduction game: a board, who hides what, and the append-only list of what was said.

Events are recorded as the words of a command (``clue area B2 red=no``, ``retract 3``, ``undo``): the
same words a player types and a scenario holds. Undo and retract are events too, so the log only grows;
the sheet, the history and every figure are derived by replaying it once (``DeductionGame.state``),
never saved.

``DeductionGame`` holds what every deduction sheet shares: the clues, the sheet, the history, the replay,
the reading of steps. A game with rules of its own subclasses it in its package (the garden's
``GardenGame``, the city's ``CityGame`` with its accusations) and adds its steps through the hooks below
(``STEPS``, ``step_forms``, ``claims``, ``_play_start``, ``_play_after``, ``_check_step``,
``_record_checked``, ``outcome``...). Starting a game on a board (``new``, and so ``from_header`` and
``from_mapping``) makes the class registered for that board's name, or the one whose rules claim a board
the player added, whichever class it is asked of: the store reads every board's games through this one
class.
"""

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Self

from assistant.engine import registry
from assistant.engine.board import Board
from assistant.engine.cells import Cell
from assistant.engine.errors import AssistantError, DataError, InputError, events_place
from assistant.engine.grammar import said as grammar_said
from assistant.engine.i18n import N_, _, language, ngettext
from assistant.engine.log import (
    Chain,
    Entry,
    History,
    Replayer,
    Restoring,
    Retract,
    appended,
    latest_taken_back,
    load,
    recorded_from,
    replay,
    steps,
    target,
    went_back,
)
from assistant.engine.records import NamedTuple
from assistant.engine.registry import ME, Outcome, finished_refusal
from assistant.engine.sheet import Fact, Sheet, whose
from assistant.engine.words import check_names, join_clauses, join_names, key, lookup, shown
from assistant.games.deduction.events import ME_WORDS, ClueEvent, repeats, said
from assistant.games.deduction.reading import StepWords

DEFAULT_OPPONENT = "opponent"
MAX_OPPONENTS = 8


class State(NamedTuple):
    """Everything the log leads to, computed once per game value (``DeductionGame.state``)."""

    history: History
    in_set: Sequence[Entry]  # standing entries since the last finished set (a match of sets), else all of them
    mine: Cell | None  # my own hidden item's cell in the current set
    sheet: Sheet
    play: Any = None  # what a game's own rules keep of the log (the garden's pieces, the city's cases)


class _Fields(NamedTuple):
    name: str
    board: Board
    opponents: tuple[str, ...] = ()
    mine: Cell | None = None
    events: Sequence = ()  # a tuple, or a log extended without copies (log.Chain)
    me: str | None = None  # my own name at the table ('Léa'), shown where the log says 'me'
    reading_saved: bool = False  # while a saved log is read: the rules of asking are the recorder's job


class DeductionGame(StepWords, _Fields):
    """One game's identity and log; everything else is derived by replaying it, once (``state``).

    Follows the log protocol of ``assistant.engine.log`` and the grammar's ``Speaker``:
    ``read_step``/``step`` are the parse/format pair of its events, ``forms`` and
    ``values`` say what may be typed."""

    STEPS: ClassVar[tuple[Any, ...]] = (ClueEvent,)  # every entry's type
    STEP_OF_FORM: ClassVar[dict[int, Any]] = {id(step.FORM): step for step in STEPS}  # by identity: fast
    FACT_STEPS: ClassVar[tuple[Any, ...]] = (ClueEvent,)  # the steps that say where items are
    CLUE: ClassVar[type[ClueEvent]] = ClueEvent  # the clue step, as this game reads it

    @property
    def EXPECTS(self) -> tuple[str, ...]:  # noqa: N802 (the name every game and pad shares)
        """What a scenario may expect after a step: the sheet's cells."""
        return ("candidates", "count", "found")

    @classmethod
    def new(cls, name: str, board: Board, opponents: list[str] | None = None,
            mine: str | None = None, me: str | None = None) -> "DeductionGame":
        """Start a game on ``board``, of the class registered for it (``played_by``); checks the opponents'
        names, my own name and my own cell."""
        return cls.played_by(board)._started(name, board, opponents, mine, me)

    @classmethod
    def played_by(cls, board: Board) -> "type[DeductionGame]":
        """The class that plays ``board``: the one registered under its name, where it is a deduction game of
        this class; for a board the player added, the registered game whose rules claim its shape
        (``claims``), else this class."""
        found = registry.find(board.name)
        if found is not None and not found.pad:
            played = found.game_class()
        else:
            sheets = (each.game_class() for each in registry.registered() if not each.pad)
            played = next((each for each in sheets if _is_class_of(each, cls) and each.claims(board)), cls)
        return played if _is_class_of(played, cls) else cls

    @classmethod
    def claims(cls, board: Board) -> bool:
        """Whether this game's rules play ``board``, a board the player added that no game registered: the
        core plays any board itself, and claims none."""
        return False

    @classmethod
    def _started(cls, name: str, board: Board, opponents: list[str] | None, mine: str | None,
                 me: str | None) -> "DeductionGame":
        names = cls._opponents_named(board, opponents)
        mine_cell = None
        if mine is not None:
            if not board.per_opponent:
                raise InputError(_("on {board} you hide nothing: leave out --mine").format(board=board.name))
            mine_cell = board.parse_cell(mine)
            if mine_cell in board.ponds:
                raise InputError(_("{cell} is a pond: nothing is hidden on a pond").format(
                    cell=board.name_of(mine_cell)))
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

    @staticmethod
    def _opponents_named(board: Board, opponents: list[str] | None) -> list[str]:
        """The opponents of a new game: each hides an item where the board says so, else there are none."""
        if not board.per_opponent:
            if opponents:
                raise InputError(_("on {board} everybody hunts the same {items}: leave out --opponents").format(
                    board=board.name, items=join_names(map(board.local_item, board.hidden_items))))
            return []
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
            raise InputError(message.format(limit=limit, count=len(names), board=board.local_title, gangs=limit + 1))
        check_names(names, N_("opponent"), "--opponents red,blue")
        return names

    @property
    def kind(self) -> str:
        """What the game is played on: its board's name."""
        return self.board.name

    def as_saved(self) -> Self:
        """This game as its saved log is read (the grammar's Speaker): every step a saved log may hold, so that
        such a step is said in the language spoken. Made once, sharing this game's replay."""
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
        """Everyone who hides an item: me, then the opponents."""
        return [ME, *self.opponents]

    def player(self, text: str) -> str:
        """A player named at the table: me (my words or my ``--me`` name), else an opponent where each hides
        an item.

        Where everyone hunts the same item (the city) the game lists no players: any name is one,
        spelt as it was first written in the log ('ana' is the Ana named before)."""
        if key(text) in ME_WORDS or (self.me is not None and key(text) == key(self.me)):
            return ME
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
                name for name in names if name is not None and name != ME))
        return known

    def display(self, player: str) -> str:
        """A player as the table calls them: my own name (``--me``) for 'me' ('moi' in French without one)."""
        if player == ME:
            return self.me or _("me")
        return player

    def addressed(self, player: str) -> str:
        """A player as a message to me names them among others ('out: you, Ana'): 'you' for me, whatever my
        ``--me`` name, the others by their names."""
        return _("you") if player == ME else player

    def known_as(self, player: str) -> str:
        """A player as the statistics and the exports name them: me by my ``--me`` name, else 'me'."""
        return (self.me or ME) if player == ME else player

    # -- replay, once ---------------------------------------------------------------------

    @cached_property
    def _history(self) -> History:
        replayer = self.__dict__.pop("_replayer", None)  # left by restore: the log replayed so far
        return replayer.history() if replayer is not None else replay(self.events)

    @cached_property
    def state(self) -> State:
        """The history, the sheet, what the game's own rules keep: the whole log replayed in one pass."""
        history = self._history
        in_set: list[Entry] = []
        mine = self.mine
        play = self._play_start()
        for entry in history.standing:
            play = self._play_after(play, entry)
            if self._ends_set(entry.event):
                in_set, mine = [], self._next_mine(entry.event)
                continue
            in_set.append(entry)
        sheet = Sheet.start(self.board, self.items, mine, self._facts(in_set))
        return State(history, tuple(in_set), mine, sheet, play)

    def _play_start(self) -> Any:
        """What the game's own rules keep of an empty log (``State.play``): nothing here."""
        return None

    def _play_after(self, play: Any, entry: Entry) -> Any:
        """What the game's own rules keep once ``entry`` stands: nothing changes here."""
        return play

    def _ends_set(self, event) -> bool:
        """Whether ``event`` ends a set (a match of sets starts each with a blank sheet): never here."""
        return False

    def _next_mine(self, event) -> Cell | None:
        """My own cell in the set ``event`` starts."""
        return self.mine

    def history(self) -> History:
        """The numbered entries, each marked if it was taken back."""
        return self._history

    def entries(self) -> list[Entry]:
        """The numbered clues, each marked if it was retracted or undone."""
        return list(self._history.entries)

    def standing(self) -> list[Entry]:
        """The entries not taken back."""
        return self._history.standing

    def current_set(self) -> tuple[list[Entry], Cell | None]:
        """The standing entries since the last finished set (a match of sets), and my own cell in it."""
        return list(self.state.in_set), self.state.mine

    def current_mine(self) -> Cell | None:
        """My own hidden item's cell now, if I said it."""
        return self.state.mine

    def sheet(self) -> Sheet:
        """The sheet every standing clue leads to."""
        return self.state.sheet

    def my_question(self, entry: Entry) -> tuple[str, ...]:
        """The opponents a question I asked put to the test (entry ``entry``), or () when the entry is not a
        question of mine: a clue asked by someone else, a card's statement, any other step."""
        event = entry.event
        if isinstance(event, ClueEvent) and event.clue.kind in self.board.questions and event.by in (None, ME):
            return tuple(item for item, unused in event.answers)
        return ()

    def facts_of(self, entry: Entry, known: dict | None = None) -> list[Fact]:
        """What an entry says about the hidden cells: clues do (and a game's own steps among ``FACT_STEPS``).

        ``known`` keeps the facts made for each clue and its answers (whatever card said it): a long log
        asks the same questions again, and each is worked out once."""
        event = entry.event
        if not isinstance(event, self.FACT_STEPS):
            return []
        if known is None:
            return event.facts(self.board, entry.number)
        what = said(event)
        made = known.get(what)
        if made is None:
            made = known[what] = event.facts(self.board, entry.number)
        number = entry.number  # the same facts under this entry's number (tuple.__new__: _replace is slow)
        return [fact if fact.number == number else tuple.__new__(Fact, (number, *fact[1:])) for fact in made]

    def _facts(self, entries) -> list[Fact]:
        """What standing entries say about the hidden cells."""
        known: dict = {}
        return [fact for entry in entries for fact in self.facts_of(entry, known)]

    def statistics(self) -> dict:
        """What the statistics keep of a game besides its outcome: nothing here."""
        return {}

    def match_score(self) -> str | None:
        """The score of a match of sets once a set is over, where the game plays one: None here."""
        return None

    # -- recording ----------------------------------------------------------------------

    def record(self, event) -> Self:
        """A new game with ``event`` appended; refused (nothing changes) if it cannot hold."""
        if isinstance(event, Retract):
            return self._take_back(event)
        self._check_open(event)
        self._check_step(event)
        return self._record_checked(event)

    def _take_back(self, event: Retract) -> Self:
        latest = self._latest_taken_back(event)
        if latest is not None:
            return latest
        taken = target(self.history().entries, event)
        after = self._appended(event)
        after.sheet().check(_("taking it back would leave clues that cannot all hold"))
        after._check_taken_back(taken)
        return after

    def _check_taken_back(self, taken: Entry) -> None:
        """Refuse taking ``taken`` back when a later entry depends on it (this game is the one without it):
        nothing here but the sheet, checked already."""

    def _check_step(self, event) -> None:
        """Refuse a step the rules do not allow now: a step of another game, a question its asker answers (a
        game adds its own rules' checks)."""
        if not isinstance(event, self.STEPS):
            raise InputError(_("this step is none of {board}'s").format(board=self.board.name))
        if isinstance(event, ClueEvent) and event.by in dict(event.answers):
            # rules: the player questions "un adversaire", "n'importe quel autre joueur" ranked after them
            raise InputError(_("{player} asked the question (--by), so {player} cannot answer it: a player asks "
                               "another player, never themselves").format(player=event.by))

    def _record_checked(self, event) -> Self:
        """A step already checked, recorded: the sheet must hold with what it says."""
        entry = Entry(len(self.history().entries) + 1, event)
        sheet = self.sheet().add(self.facts_of(entry, self._facts_known()))
        return self._appended(event, self._state_after(entry, sheet))

    def _facts_known(self) -> dict:
        """The facts made for each clue and its answers (``facts_of``), kept from game to game as entries are
        recorded (a long evening repeats its questions), in the language they were said in."""
        known = self.__dict__.setdefault("_facts_made", {}).setdefault(language(), {})
        if len(known) > 4096:  # ever new clues: keep the memory small
            known.clear()
        return known

    def _check_open(self, event) -> None:
        """Refuse any entry but undo and retract once the game is finished."""
        why = self._closed_because(type(event))
        if why is not None:
            raise AssistantError(why)

    def _closed_because(self, step: type | None = None) -> str | None:
        """Why no entry (of type ``step``) may be recorded now, or None."""
        end = self.outcome()
        if end.finished:
            return finished_refusal(end, self.next_game())
        return None

    def restore(self, event) -> Self:
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

    def restored(self, events: Sequence, history: History | None, state: None = None) -> Self:
        """This game with the log ``events`` (``Restoring.game``), its ``history`` known already."""
        game = self._replace(events=events)
        if history is not None:
            game.__dict__["_history"] = history
        return game

    def _appended(self, event, state: State | None = None) -> Self:
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
            game.__dict__["_named"] = (*named, by) if by is not None and by != ME and by not in named else named
        if state is not None:
            game.__dict__.update(state=state, _history=state.history)
            if not isinstance(event, Retract):
                recorded_from(game, self)
        return game

    def _latest_taken_back(self, retract: Retract) -> Self | None:
        """``retract`` recorded at once when it takes back the latest entry, and this game was recorded from
        the game before that entry (``_before``): the state is that game's, with the entry struck out in
        the history; nothing comes after the entry, so nothing depends on it. None: replay instead."""
        before = self.__dict__.get("_before")
        history = latest_taken_back(self.history(), retract) if before is not None else None
        if before is None or history is None:
            return None
        after = self._appended(retract, before.state._replace(history=history))
        after.sheet().check(_("taking it back would leave clues that cannot all hold"))
        went_back(self, after)  # an undo after it: the entry before, at once too
        return after

    def _state_after(self, entry: Entry, sheet: Sheet) -> State:
        """The state once a step is recorded: the sheet just checked, nothing replayed."""
        state = self.state
        return state._replace(history=appended(state.history, event=entry.event),
                              in_set=Chain.of(state.in_set) + (entry,), sheet=sheet,
                              play=self._play_after(state.play, entry))

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
    def from_header(cls, data: dict, name: str, board_for, source: str) -> "DeductionGame":
        """An empty game from a header (board, opponents, mine), of the class registered for its board;
        DataError names the bad field."""
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
    def from_mapping(cls, data: object, name: str, board_for, source: str,
                     where=events_place) -> "DeductionGame":
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

    def outcome(self) -> Outcome:
        """The end of the game: a sheet alone never ends (a game with an end says when: the city's case, the
        garden's loot cards). Everyone named in the log plays."""
        return Outcome(False, tuple(dict.fromkeys((*map(self.known_as, self.players), *self.named()))),
                       me=self.known_as(ME))

    # -- what the table hears ---------------------------------------------------------------

    def closed(self, item: str) -> Cell | None:
        """The cell a closed case put ``item`` on, if any: none here (the city's accusations close cases)."""
        return None

    def out_line(self) -> str | None:
        """Who is out of the game, in one line; None here, where nobody is (the city's wrong accusers are)."""
        return None

    def next_game(self) -> str:
        """The command that starts the next game with the same table."""
        if self.board.per_opponent:
            return _("new {board} --opponents {names}").format(board=self.board.name, names=",".join(self.opponents))
        return _("new {board}").format(board=self.board.name)

    def notes(self) -> dict[int, str]:
        """What a saved log holds that recording refuses now, entry by entry (loaded as it was heard, each said
        in ``history``): nothing here."""
        return {}

    def told(self, entry: Entry) -> list[str]:
        """What the table hears about ``entry`` beyond its step: the earlier entry it repeats (it adds
        nothing, though another player may well ask the same)."""
        if not isinstance(entry.event, self.FACT_STEPS):
            return []
        this_set = [e for e in self.state.in_set if e.number < entry.number]  # a new set's sheet starts blank
        repeated = next((e for e in reversed(this_set) if self._repeats(entry.event, e.event)), None)
        if repeated is None:
            return []
        return [_("it repeats entry {number} ({step}): it adds nothing to the sheet").format(
            number=repeated.number, step=grammar_said(self, self.step(repeated.event)))]

    def _repeats(self, event, earlier) -> bool:
        """Whether the step ``event`` says nothing the step ``earlier`` did not: a clue already heard here."""
        return repeats(event, earlier)

    def summary(self) -> str:
        """One line: the cells left per hidden item, and who is out (``out_line``)."""
        sheet = self.sheet()
        out = self.out_line()
        return join_clauses([*(ngettext("{item}: {count} cell left", "{item}: {count} cells left", count)
                               .format(item=self.board.local_item(item), count=count)
                               for item in self.items for count in [len(sheet.candidates(item))]),
                             *([out] if out else [])])

    def report(self) -> list[str]:
        """What the table needs to hear now: each hidden item found, what the latest entry leads to
        (``_latest_news``), the match score."""
        sheet, lines = self.sheet(), []
        for item in self.items:
            cell = sheet.found(item)
            if cell is not None:
                lines.append(_(">>> found: {what} is on {cell}").format(what=whose(self.board, item),
                                                                        cell=self.board.name_of(cell)))
        match = self.match_score()
        return lines + self._latest_news() + ([match] if match else [])

    def _latest_news(self) -> list[str]:
        """What the latest entry leads to beyond the sheet: nothing here (the city says who is out, who wins)."""
        return []


def _is_class_of(found: Any, game_class: type) -> bool:
    """Whether ``found`` (a registered game's class) is ``game_class`` or one of its subclasses."""
    return isinstance(found, type) and issubclass(found, game_class)


if TYPE_CHECKING:  # mypy checks the class against the game contract (engine/contract.py)
    from assistant.engine.contract import SheetGame

    _checked: type[SheetGame] = DeductionGame
