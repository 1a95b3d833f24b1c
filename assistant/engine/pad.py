"""The base every score pad is built on: players, a log of entries, and the state and totals it leads to.

A score pad is a header (who plays, with which options) and the log every game keeps (``log``): the
steps the table typed, each saved as its words, undo and retract included. Everything else is derived
by folding the standing entries into a state, once per pad value: the score table, the totals, the
winner. ``ScorePad`` holds what every pad does alike, so that a pad writes only its own rules.

A pad is an immutable record (``NamedTuple``) whose fields hold at least ``name``, ``events`` and what
its header saves, built on ``ScorePad`` as well::

    class _Fields(NamedTuple):
        name: str
        players: tuple[str, ...]
        rules: Rules
        events: Sequence = ()  # a tuple, or a log extended without copies (log.Chain)

    class SkullPad(_Fields, ScorePad[tuple[Round, ...]]):
        kind = "skull-king"
        READERS = {Bid.FORM: Bid.from_words, Tricks.FORM: Tricks.from_words}
        ...
"""

from __future__ import annotations

from abc import ABCMeta, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from assistant.engine import log
from assistant.engine.errors import AssistantError, DataError, InputError, events_place
from assistant.engine.grammar import Form, accepted, form_for, spoken_verb
from assistant.engine.grammar import said as said_words
from assistant.engine.i18n import _
from assistant.engine.registry import Outcome, finished_refusal
from assistant.engine.words import Options, join, lookup, split

if TYPE_CHECKING:
    from typing import Self

    from assistant.engine.contract import PadRow  # a row of the score table, as the faces draw it

StateT = TypeVar("StateT")  # what a pad's standing entries fold into: its deals, its rope
Reader = Callable[[Any, Options], Any]  # a step's words, read by its form, into an event of the pad given
SAVED_FORMAT = "pad/1"  # the 'assistant:' line of every saved pad


class ScorePad(Generic[StateT], metaclass=ABCMeta):
    """A score pad: players, the log of their entries, the state it folds into, totals and an outcome.

    What a pad writes (its own rules):

    * ``kind`` (as saved and typed), ``HEADER_KEYS`` (its header's keys besides ``pad``), ``EXPECTS``
      (what a scenario may expect after a step), ``data_file`` and ``read_rules`` (where its rules are
      read, if it has any);
    * ``READERS``: each step form its events are typed with -> the reader that makes the event
      (``Event.from_words(pad, found)``). Each event says its own words: ``event.words(pad)``, read back
      equal. ``forms()`` is the readers' forms, then undo and retract;
    * ``new(...)`` (its players and options checked), ``header_fields()`` (what its header saves besides
      ``pad``) and ``from_header(data, name, rules, source)`` (the same, read back and checked);
    * the state fold: ``initial_state()``, the state before any entry, and ``apply(state, event, strict)``,
      the state after one event, refused with an ``AssistantError`` when the event cannot be recorded
      there. ``strict`` makes every check the rules make (``record``); otherwise only those that keep a
      saved log sound (``restore``, loading): a rule added since never stops an old game from loading;
    * its scoring: ``rows_in(state)`` (its score table, each row with its running ``totals``), or
      ``totals_in(state)`` directly for a pad without rows; ``over(state)``, whether the game has reached
      its end (the highest total then wins; a tie plays on); ``first_player()``; ``next_game()`` (the
      command that starts the next game: the refusal once finished names it); ``status()`` (what the
      table needs to hear now).

    Hooks with a default, to override where a pad differs:

    * ``replayed(state, event)``: a standing entry folded again after a retract and when the log is
      replayed (default: ``apply`` not strict; a pad whose saved retracts were never checked against the
      entries after them folds without checks);
    * ``as_logged(event, state)``: the event as the log keeps it once applied (default: as typed);
    * ``cannot_take_back(taken, later, error)``: the refusal of a retract the later entries need;
    * ``empty_step()``: the refusal of a step with no words;
    * ``pad_values(slot)``, ``narrowed(slot, words, values)``, ``said_value(slot, word)`` and
      ``why_not_now(form, words)``: the grammar's completion and hints for its own slots and steps;
    * ``winners()``, ``tied()``, ``points()``, ``tie_note(tied)``, ``UNIT`` and ``SETTLED_BY``: the parts
      of the outcome (default: the single highest total wins, with the totals as points);
    * ``summary()`` (default: 'totals: Ana 12, Ben 9') and ``statistics()`` (what the statistics keep
      besides the outcome; default: nothing).

    What it gets: the log replayed (``history``, ``standing``, ``state``), reading and writing steps
    (``forms``, ``read_step``, ``step``, ``said_step``, ``player``, ``values``, ``values_here``,
    ``why_not``), recording with undo and retract (``record``, ``restore``, a retract refused when a later
    entry needs what it takes back), loading in one linear pass (``restoring``, ``restored``), the saved
    form (``header``, ``to_mapping``, ``from_mapping``), the table (``rows``, ``totals``), the end
    (``winner``, ``winner_in``, ``outcome``, ``game_over``) and ``report``. A new entry carries its state
    forward in one step, and taking the latest entry back again is the pad before it, nothing replayed."""

    kind: ClassVar[str]
    HEADER_KEYS: ClassVar[tuple[str, ...]] = ("players",)
    EXPECTS: ClassVar[tuple[str, ...]] = ("totals", "winner")
    data_file: ClassVar[str | None] = None  # its rules' file under boards/, None: rules of its own code
    READERS: ClassVar[Mapping[Form, Reader]]
    FORMS: ClassVar[tuple[Form, ...]]  # READERS' forms, then undo and retract (set for each pad)
    UNIT: ClassVar[str] = "points"  # what the outcome's points count (Outcome.unit)
    LOWEST_WINS: ClassVar[bool] = False  # the lowest total wins (a game of penalty points), not the highest
    SETTLED_BY: ClassVar[str | None] = None  # how a tie at the end is settled, when a winner follows it

    if TYPE_CHECKING:  # the pad's record holds them (its NamedTuple's fields)
        @property
        def name(self) -> str:
            """The pad's name in the data folder."""

        @property
        def events(self) -> Sequence[Any]:
            """Every entry recorded, undo and retract included, oldest first."""

        @property
        def players(self) -> tuple[str, ...]:
            """The players in seating order."""

        def _replace(self, *, events: Sequence[Any] = ...) -> Self:
            """This pad with another log (its record's ``_replace``)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "READERS" in cls.__dict__:
            cls.FORMS = (*cls.READERS, log.UNDO_FORM, log.RETRACT_FORM)

    @classmethod
    def step_forms(cls, saved: bool) -> tuple[Form, ...]:
        """The pad's steps (``FORMS``): a saved log holds the steps it is typed with."""
        return cls.FORMS

    # -- what a pad writes -------------------------------------------------------------------

    @abstractmethod
    def initial_state(self) -> StateT:
        """The state before any entry."""

    @abstractmethod
    def apply(self, state: StateT, event: Any, strict: bool) -> StateT:
        """The state after ``event``; an AssistantError when it cannot be recorded there. ``strict``: every
        check the rules make (record); else the checks that keep a saved log sound (restore)."""

    @abstractmethod
    def over(self, state: StateT) -> bool:
        """Whether ``state`` reached the game's end (the highest total then wins; a tie plays on)."""

    @abstractmethod
    def next_game(self) -> str:
        """The command that starts the next game with the same players."""

    def first_player(self) -> str | None:
        """Who began, when the log says."""
        return None

    def header_fields(self) -> dict[str, Any]:
        """What the header saves besides ``pad``: the players, the options."""
        return {"players": list(self.players)}

    @classmethod
    @abstractmethod
    def from_header(cls, data: dict, name: str, rules: Any, source: str) -> Self:
        """The empty pad a saved header describes, checked; DataError naming ``source`` otherwise."""

    @abstractmethod
    def status(self) -> list[str]:
        """What the table needs to hear now."""

    def statistics(self) -> dict:
        """What the statistics keep of a game besides its outcome: nothing more by default."""
        return {}

    # -- the log replayed once -----------------------------------------------------------------

    @cached_property
    def _history(self) -> log.History:
        return log.replay(self.events)

    def history(self) -> log.History:
        """The numbered entries, each marked if it was taken back."""
        return self._history

    def standing(self) -> list:
        """The events still in force (each undo or retract takes one back)."""
        return [entry.event for entry in self._history.standing]

    @cached_property
    def _state(self) -> StateT:
        state = self.initial_state()
        for entry in self._history.standing:
            state = self.replayed(state, entry.event)
        return state

    def state(self) -> StateT:
        """What the standing entries lead to, folded once per pad value."""
        return self._state

    def replayed(self, state: StateT, event: Any) -> StateT:
        """A standing entry folded again: the log replayed, the entries after one taken back."""
        return self.apply(state, event, strict=False)

    # -- words in, words out -------------------------------------------------------------------

    def forms(self) -> tuple[Form, ...]:
        """The forms of this pad's steps: its events', then undo and retract."""
        return self.FORMS

    def read_step(self, text: str) -> Any:
        """The event a step's words say (parse); ``undo`` and ``retract N`` as ``log.Retract``."""
        words = split(text)
        if not words:
            raise InputError(self.empty_step())
        form = form_for(self, words[0])
        found = form.read(words[1:])
        if form in (log.UNDO_FORM, log.RETRACT_FORM):
            return log.Retract.from_words(form, found)
        return self.READERS[form](self, found)

    def empty_step(self) -> str:
        """The refusal of a step with no words."""
        return _("empty step: expected one of {verbs}").format(verbs=", ".join(map(spoken_verb, self.forms())))

    def step(self, event: Any) -> str:
        """The canonical words of an event (format): ``read_step(step(e)) == e``."""
        return join(event.words() if isinstance(event, log.Retract) else event.words(self))

    def said_step(self, event: Any) -> str:
        """An event's step as the player reads it (in French, the French words), e.g. in a refusal."""
        return said_words(self, self.step(event))

    def player(self, text: str) -> str:
        """The player ``text`` names (case, accents and hyphens aside); refused naming the players."""
        return lookup(text, self.players, "player")

    def said_value(self, slot: str, word: str) -> str:
        """A word of ``slot`` in a saved step as the player reads it (see grammar.said): as saved."""
        return word

    def values(self, slot: str) -> tuple[str, ...]:
        """The values of this pad that fit ``slot`` (for completion): the players, the entries standing,
        then the pad's own (``pad_values``)."""
        if slot == "player":
            return self.players
        if slot == "entry":
            return tuple(str(entry.number) for entry in self._history.standing)
        return self.pad_values(slot)

    def pad_values(self, slot: str) -> tuple[str, ...]:
        """The values of the pad's own slots; none for free words."""
        return ()

    def values_here(self, slot: str, words: list[str]) -> tuple[str, ...]:
        """The values of ``slot`` the step begun with ``words`` would take (the grammar's narrowing): the
        entries that may be taken back, then what the pad narrows (``narrowed``)."""
        values = self.values(slot)
        if slot == "entry":
            return accepted(self, words, values)
        return self.narrowed(slot, words, values)

    def narrowed(self, slot: str, words: list[str], values: tuple[str, ...]) -> tuple[str, ...]:
        """The pad's own narrowing of ``values`` for ``slot`` after ``words``: none by default."""
        return values

    def why_not(self, words: list[str]) -> str | None:
        """Why the step begun with ``words`` cannot be recorded now whatever comes next (the grammar's hint,
        before more is typed): nothing to take back, the game finished, or the pad's reason (``why_not_now``)."""
        form, why = log.begun(self, words, self._history)
        if form is None or why is not None or form in (log.UNDO_FORM, log.RETRACT_FORM):
            return why
        if self.winners():  # as record refuses it: who won, and how to go on
            return str(self.game_over())
        try:
            return self.why_not_now(form, words)
        except AssistantError as error:
            return str(error)

    def why_not_now(self, form: Form, words: list[str]) -> str | None:
        """Why a step of ``form`` begun with ``words`` cannot be recorded now (None: it may be); it may
        also raise the AssistantError recording would."""
        return None

    # -- recording -----------------------------------------------------------------------------

    def record(self, event: Any) -> Self:
        """A new pad with ``event`` appended, after every check the rules make; else refused with the reason."""
        if isinstance(event, log.Retract):
            return self._take_back(event, self._checked)
        if self.winners():  # every entry but undo and retract is refused once the winner is known
            raise self.game_over()
        state = self.apply(self.state(), event, strict=True)
        return self._appended(self.as_logged(event, state), state)

    def restore(self, event: Any) -> Self:
        """A new pad with a saved event appended: only the checks that keep replay sound."""
        if isinstance(event, log.Retract):
            return self._take_back(event, self.replayed)
        return self._appended(event, self.apply(self.state(), event, strict=False))

    def as_logged(self, event: Any, state: StateT) -> Any:
        """``event`` as the log keeps it once applied, leading to ``state``: as typed."""
        return event

    def _checked(self, state: StateT, event: Any) -> StateT:
        return self.apply(state, event, strict=False)

    def restoring(self) -> log.Restoring:
        """This empty pad's saved log read back in one pass (``log.load``): each entry applied once, with
        the checks of ``restore``; a retract folds again only the standing entries after the one it
        takes back (``replayed``)."""
        return log.Restoring(self, self.initial_state(), self._checked, refold=self.replayed,
                             refusal=self.cannot_take_back)

    def restored(self, events: Sequence, history: log.History | None, state: StateT) -> Self:
        """This pad with the log ``events`` (``log.Restoring``), the state it leads to known already."""
        game = self._replace(events=events)
        if history is not None:
            game.__dict__["_history"] = history
        game.__dict__["_state"] = state
        return game

    def _extended(self, event: Any) -> Self:
        return self._replace(events=log.Chain.of(self.events) + (event,))

    def _appended(self, event: Any, state: StateT) -> Self:
        game = self._extended(event)
        # applied once here: the new pad need not replay its log again, and taking the entry back again
        # is this pad as it is (log.recorded_from)
        game.__dict__.update(_state=state, _history=log.appended(self._history, event))
        log.recorded_from(game, self)
        return game

    def _take_back(self, retract: log.Retract, refold: Callable[[StateT, Any], StateT]) -> Self:
        """Undo or retract N: the latest entry is the pad before it, nothing replayed; another one folds the
        standing entries again without it (``refold``), refused when a later one needs it."""
        before = self.__dict__.get("_before")
        latest = log.latest_taken_back(self._history, retract) if before is not None else None
        if before is not None and latest is not None:
            game = self._extended(retract)
            game.__dict__.update(_state=before.state(), _history=latest)
            log.went_back(self, game)
            return game
        taken = log.target(self._history.entries, retract)
        state = self.initial_state()
        for entry in self._history.standing:
            if entry.number == taken.number:
                continue
            try:
                state = refold(state, entry.event)
            except AssistantError as error:
                raise self.cannot_take_back(taken, entry, error) from None
        game = self._extended(retract)
        game.__dict__["_state"] = state
        return game

    def cannot_take_back(self, taken: log.Entry, later: log.Entry, error: AssistantError) -> AssistantError:
        """The refusal of taking back ``taken`` when the later entry ``later`` needs it (``error``)."""
        return InputError(_("taking back entry {number} ({step}) would leave entry {later} ({later_step}) "
                            "against the rules: {error}; take back the later entries first").format(
            number=taken.number, step=self.said_step(taken.event), later=later.number,
            later_step=self.said_step(later.event), error=error))

    # -- the saved form ------------------------------------------------------------------------

    def header(self) -> dict:
        """Who plays with which options, as saved."""
        return {"pad": self.kind, **self.header_fields()}

    def to_mapping(self) -> dict:
        """The saved form: the header and every event's words."""
        return {"assistant": SAVED_FORMAT, **self.header(), "events": log.steps(self)}

    @classmethod
    def from_mapping(cls, data: dict, name: str, rules: Any, source: str,
                     where: Callable[[int], str] = events_place) -> Self:
        """A saved pad read back: its header checked, then its log (``log.load``, every bad step listed)."""
        extra = sorted(set(map(str, data)) - {"assistant", "pad", "events", *cls.HEADER_KEYS})
        if extra:
            raise DataError(_("{source}: {key}: unknown key").format(source=source, key=extra[0]))
        return log.load(cls.from_header(data, name, rules, source), data.get("events"), source, where)

    # -- the table and the end -------------------------------------------------------------------

    def rows_in(self, state: StateT) -> Sequence[PadRow]:
        """The score table ``state`` leads to, a row each with its running totals: none by default."""
        return ()

    def totals_in(self, state: StateT) -> dict[str, int]:
        """Each player's total in ``state``: its table's last totals (all 0 before any row)."""
        rows = self.rows_in(state)
        return rows[-1].totals if rows else {player: 0 for player in self.players}

    @cached_property
    def _table(self) -> tuple[PadRow, ...]:
        return tuple(self.rows_in(self.state()))

    def rows(self) -> list[PadRow]:
        """The score table: one row per scored part of the game, with the running totals."""
        return list(self._table)

    def totals(self) -> dict[str, int]:
        """Each player's total so far."""
        rows = self._table
        return rows[-1].totals if rows else self.totals_in(self.state())

    def winner_in(self, state: StateT) -> str | None:
        """Who wins in ``state``: once it is ``over``, the single best total (the highest, or the lowest where
        ``LOWEST_WINS``); a tie plays on."""
        if not self.over(state):
            return None
        totals = self.totals_in(state)
        best = (min if self.LOWEST_WINS else max)(totals.values())
        leaders = [who for who, total in totals.items() if total == best]
        return leaders[0] if len(leaders) == 1 else None

    def winner(self) -> str | None:
        """Who won, once the game is over."""
        return self.winner_in(self.state())

    def winners(self) -> tuple[str, ...]:
        """The players who won (none while the game goes on)."""
        winner = self.winner()
        return (winner,) if winner else ()

    def tied(self) -> tuple[str, ...]:
        """The players level at the top when a tie had to be settled or still has to be: none by default."""
        return ()

    def points(self) -> dict[str, int]:
        """Each player's score in the outcome: the totals."""
        return dict(self.totals())

    def tie_note(self, tied: tuple[str, ...]) -> str | None:
        """What the faces say beside a result with no winner yet while ``tied`` are level: nothing."""
        return None

    def outcome(self) -> Outcome:
        """The end of the pad: finished once someone wins; who, the tie settled on the way, who began, the
        points."""
        winners, tied = self.winners(), self.tied()
        return Outcome(bool(winners), tuple(self.players), winners, tied,
                       self.SETTLED_BY if winners and tied else None, self.first_player(), self.points(),
                       None if winners else self.tie_note(tied), self.UNIT)

    def game_over(self, end: Outcome | None = None) -> AssistantError:
        """The refusal of an entry once the game is finished: who won, and how to go on."""
        return AssistantError(finished_refusal(end or self.outcome(), self.next_game()))

    def summary(self) -> str:
        """One line: where the game stands."""
        return _("totals: {totals}").format(totals=", ".join(f"{p} {t}" for p, t in self.totals().items()))

    def report(self) -> list[str]:
        """What a face prints after each step: the status."""
        return self.status()
