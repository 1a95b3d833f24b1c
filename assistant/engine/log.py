"""The one log every game keeps: numbered entries, undo and retract, the saved form.

A deduction game and a score pad are both a header (who plays on what) and an
append-only list of events, each saved as the words a player would type. The
log only grows: taking an entry back is an event too (``Retract``), so the
history shows it struck out and nothing is ever lost. Everything a face shows
is derived from the log by replaying it, once per command.

Every game class follows ``Log`` (below), so callers never ask which kind of
game they hold: they record, undo, list the history and save through it. ``Log`` is the
log's part of the game contract (``engine/contract.py``'s ``GameContract`` extends it).
"""

import threading
import weakref
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, Generic, Protocol, Self, TypeVar

from assistant.engine.errors import AssistantError, DataError, InputError, events_place
from assistant.engine.grammar import Form, Speaker, form_for
from assistant.engine.i18n import N_, _
from assistant.engine.records import NamedTuple
from assistant.engine.words import Options, shown, too_long, whole_number


class _Shared:
    """The list that chains of one family see a part of, and who sees how much of it."""

    __slots__ = ("items", "views", "index")

    def __init__(self, items: list) -> None:
        self.items = items
        self.views: list[tuple[int, weakref.ref]] = []  # (length seen, the chain), in the order they were made
        self.index: dict | None = None  # item -> its first position, once someone asks whether an item is there

    def register(self, chain: "Chain") -> None:
        self.views.append((chain._length, weakref.ref(chain)))
        if len(self.views) >= 1024 and not len(self.views) & (len(self.views) - 1):  # now and then: forget the dead
            self.views[:] = [(length, view) for length, view in self.views if view() is not None]

    def cut(self, length: int) -> None:
        """Forget the items past ``length``: no chain that sees them is left."""
        if self.index is not None:
            for item in self.items[length:]:
                if self.index.get(item, -1) >= length:
                    del self.index[item]
        del self.items[length:]
        while self.views and self.views[-1][0] > length:
            self.views.pop()

    def extend(self, more: list) -> None:
        if self.index is not None:
            for at, item in enumerate(more, len(self.items)):
                self.index.setdefault(item, at)
        self.items.extend(more)


class _AsTuple(Sequence):
    """A sequence that compares, hashes and prints as the tuple of its items (a game holding one equals the
    same game holding a tuple)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (_AsTuple, tuple, list)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


class Chain(_AsTuple):
    """An immutable sequence that a longer one extends without copying: a game's events, a sheet's facts.

    ``chain + (item,)`` (or ``plus``) shares the list this chain sees and sees one more of it: a log of
    50,000 entries recorded or read one by one costs 50,000 appends, not a copy of every entry so far
    at each one (the square of the log's length). A chain extends the list in place when no longer
    chain of it is left (the game an undo went back from is gone); one made from a shorter one while
    a longer one lives (a look-ahead trying several moves from one game) copies the part it sees
    first. It compares equal to a tuple of the same items."""

    __slots__ = ("_shared", "_length", "__weakref__")
    _lock = threading.Lock()  # two threads extending the same chain (the phones' server) never interleave

    def __init__(self, items: Iterable = ()) -> None:
        self._shared = _Shared(list(items))
        self._length = len(self._shared.items)
        self._shared.register(self)

    @classmethod
    def of(cls, items: Iterable) -> "Chain":
        return items if isinstance(items, Chain) else cls(items)

    def plus(self, more: Iterable) -> "Chain":
        """These items and ``more`` after them."""
        more = list(more)
        if not more:
            return self
        with Chain._lock:
            shared = self._shared
            if len(shared.items) != self._length and not self._outlived():
                shared.cut(self._length)
            if len(shared.items) == self._length:  # the longest: extend the list it shares
                shared.extend(more)
                extended = Chain.__new__(Chain)
                extended._shared, extended._length = shared, self._length + len(more)
                shared.register(extended)
                return extended
        return Chain([*self, *more])

    def _outlived(self) -> bool:
        """Whether a longer chain of this list is still in use (the views are made longest last)."""
        for length, view in reversed(self._shared.views):
            if length <= self._length:
                return False
            if view() is not None:
                return True
        return False

    def holds(self, item: object) -> bool:
        """Whether ``item`` is among the items this chain sees (at once, however long it is)."""
        shared = self._shared
        with Chain._lock:
            if shared.index is None:
                shared.index = {}
                for at, each in enumerate(shared.items):
                    shared.index.setdefault(each, at)
            return shared.index.get(item, self._length) < self._length

    def __add__(self, other: Iterable) -> "Chain":
        return self.plus(other)

    def __radd__(self, other: Iterable) -> "Chain":
        return Chain([*other, *self])

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator:
        return islice(self._shared.items, self._length)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self)[index]
        if not -self._length <= index < self._length:
            raise IndexError(index)
        return self._shared.items[index % self._length]


class Marked(_AsTuple):
    """A history's entries as recorded, and the numbers of those taken back since: an undo adds a number,
    it never copies the entries to strike one out. Reads as the entries, each marked if taken back."""

    __slots__ = ("recorded", "taken")

    def __init__(self, recorded: Iterable, taken: Iterable[int] = ()) -> None:
        self.recorded, self.taken = Chain.of(recorded), Chain.of(taken)

    def __len__(self) -> int:
        return len(self.recorded)

    def _marked(self, entry: "Entry") -> "Entry":
        return entry._replace(retracted=True) if not entry.retracted and self.taken.holds(entry.number) else entry

    def __iter__(self) -> Iterator:
        return map(self._marked, self.recorded)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(self)[index]
        return self._marked(self.recorded[index])


UNDO_WORDS = ("undo", "annuler", "defaire")
RETRACT_WORDS = ("retract", "retirer")


UNDO_FORM = Form(UNDO_WORDS, (), usage=N_("undo"), french="annuler")
RETRACT_FORM = Form(RETRACT_WORDS, ("entry",), usage=N_("retract N"), french="retirer")
ENTRY_NUMBER = N_("an entry number as shown in the history")
EventT = TypeVar("EventT")  # the events of one game: each game reads and records its own kinds


class Retract(NamedTuple):
    """Take back entry ``number``; ``None`` (undo) takes back the latest entry still standing."""

    number: int | None = None

    @classmethod
    def from_words(cls, form: Form, found: Options) -> "Retract":
        """``undo`` or ``retract N`` (also annuler, retirer), read by ``form``."""
        if form is UNDO_FORM:
            if found.positional:
                raise InputError(_("undo takes no words (got {got}); to take back one entry write retract N")
                                 .format(got=shown(" ".join(found.positional))))
            return cls(None)
        if len(found.positional) != 1:
            raise InputError(_("write: retract N, N an entry number as shown in the history"))
        return cls(whole_number(found.positional[0], ENTRY_NUMBER, low=1))

    @classmethod
    def numbered(cls, text: str) -> "Retract":
        """``retract N`` from the number as typed."""
        return cls.from_words(RETRACT_FORM, Options([text], {}))

    def words(self) -> list[str]:
        return ["undo"] if self.number is None else ["retract", str(self.number)]


def retract_steps(numbers: Iterable[int]) -> str:
    """The steps that take back entries ``numbers``, as the player types them: 'retract 1 or retract 3'
    (French: 'retirer 1 ou retirer 3'): a refusal names the step to type, on every face."""
    from assistant.engine.grammar import spoken_verb

    return _(" or ").join(f"{spoken_verb(RETRACT_FORM)} {number}" for number in numbers)


class Entry(NamedTuple, Generic[EventT]):
    """A numbered entry of the history, and whether it was taken back."""

    number: int
    event: EventT
    retracted: bool = False


class History(NamedTuple, Generic[EventT]):
    """The log replayed: every entry, and the one the latest undo or retract took back."""

    entries: Sequence[Entry[EventT]]  # a tuple, or the entries of a log extended without copies (Marked)
    taken_back: Entry[EventT] | None

    @property
    def standing(self) -> list[Entry[EventT]]:
        return [entry for entry in self.entries if not entry.retracted]


def target(entries: Sequence[Entry[EventT]], retract: Retract, standing: list[int] | None = None) -> Entry[EventT]:
    """The entry ``retract`` takes back; refused when there is none.

    ``standing`` (entry numbers not taken back, oldest first) spares a scan
    when the caller keeps it, which keeps a replay linear."""
    if retract.number is None:
        if standing is None:
            standing = [entry.number for entry in entries if not entry.retracted]
        while standing and entries[standing[-1] - 1].retracted:
            standing.pop()  # taken back by a retract N since: drop it now
        if not standing:
            raise InputError(_("nothing to undo: no entry is recorded"))
        return entries[standing[-1] - 1]
    if not 1 <= retract.number <= len(entries):
        if entries:
            message = _("no entry {number}: entry numbers are 1-{last} (see the history)")
        else:
            message = _("no entry {number}: nothing is recorded yet")
        raise InputError(message.format(number=retract.number, last=len(entries)))
    if entries[retract.number - 1].retracted:
        raise InputError(_("entry {number} was already taken back").format(number=retract.number))
    return entries[retract.number - 1]


class Replayer(Generic[EventT]):
    """A replay in progress: add events one by one, each undo or retract checked as it comes.

    Replaying a whole log through one Replayer is linear in its length, however
    many undos it holds; ``history()`` freezes what it has so far."""

    def __init__(self) -> None:
        self.entries: list[Entry[EventT]] = []
        self.standing: list[int] = []  # entry numbers, oldest first; may hold some taken back since
        self.taken_back: Entry[EventT] | None = None

    def add(self, event: EventT | Retract) -> None:
        """Append ``event``; a retract without a target raises InputError and changes nothing."""
        if isinstance(event, Retract):
            entry = target(self.entries, event, self.standing)
            self.taken_back = self.entries[entry.number - 1] = entry._replace(retracted=True)
            if event.number is None:
                self.standing.pop()
        else:
            self.entries.append(Entry(len(self.entries) + 1, event))
            self.standing.append(len(self.entries))

    def history(self) -> History[EventT]:
        return History(tuple(self.entries), self.taken_back)


class Restoring:
    """A saved log read back in one pass, in time linear in its length (``load``, an imported log).

    A score pad folds its standing entries into its state: ``start`` is the state before any
    entry, ``apply(state, event)`` the state after a saved event (restore's checks only; an
    AssistantError when it cannot apply). Each standing entry keeps the state it led to, so an
    undo costs nothing and a retract N folds again only the standing entries after N with
    ``refold`` (``apply`` unless the game checks less there), checking that they still apply
    (``refusal(taken, later, error)`` says it when one does not). A game
    without ``apply`` (a deduction game, whose sheet is worked out once, when it is asked for)
    only checks that each undo or retract has its entry. The events are kept in a list: a game
    is made of them once, by ``game()``, never one copy per entry."""

    def __init__(self, empty, start: object = None, apply: Callable | None = None, refold: Callable | None = None,
                 refusal: Callable | None = None) -> None:
        assert not empty.events, "a log is restored into an empty game"
        self.empty = empty
        self.apply: Callable[[Any, Any], Any] | None = apply
        self.refold: Callable[[Any, Any], Any] | None = refold or apply
        self.refusal: Callable[[Any, Any, AssistantError], Exception] | None = refusal
        self.events: list = []
        self.entries: list[Entry] = []
        self.standing: list[int] = []  # entry numbers, oldest first (with apply: exactly those standing)
        self.states: list = [start]  # with apply: states[i] is the state after the first i standing entries
        self.taken_back: Entry | None = None
        self._read: dict[tuple[str, int], tuple[object, object]] = {}  # (step, id(state)) -> (state, event)
        self._takes_back: dict[str, Retract] = {}  # undo, retract N: read alike in every state
        self._applied: dict[tuple, tuple[object, object]] = {}  # (id(state), kind, event) -> (state, after)

    @property
    def state(self) -> object:
        """The state the standing entries lead to (with ``apply``)."""
        return self.states[-1]

    def add(self, event: object) -> None:
        """Append a saved event; an AssistantError (nothing changed) when it cannot stand."""
        if isinstance(event, Retract):
            self._take_back(event)
        else:
            if self.apply is not None:
                self.states.append(self._apply(self.states[-1], event))
            self.entries.append(Entry(len(self.entries) + 1, event))
            self.standing.append(len(self.entries))
        self.events.append(event)

    def _apply(self, state: object, event: object) -> object:
        """``apply``, once for each state and event: an entry taken back and made again (a trick, undone,
        then played as it was) leads from the same state to the same state."""
        applied = (id(state), type(event), event)  # events of two kinds may hold equal values
        assert self.apply is not None, "only a game that folds its entries applies them"
        try:
            known = self._applied.get(applied)
        except TypeError:  # an event that cannot be hashed: applied each time
            return self.apply(state, event)
        if known is not None and known[0] is state:
            return known[1]
        after = self.apply(state, event)
        self._applied[applied] = (state, after)
        return after

    def _take_back(self, retract: Retract) -> None:
        entry = target(self.entries, retract, self.standing)
        if self.apply is not None and self.refold is not None:
            from bisect import bisect_left  # here: a compiled extension, loaded only when a log takes one back

            at = bisect_left(self.standing, entry.number)
            state, refolded = self.states[at], []
            for number in self.standing[at + 1:]:  # none for an undo
                later = self.entries[number - 1]
                try:
                    state = self.refold(state, later.event)
                except AssistantError as error:
                    raise (self.refusal(entry, later, error) if self.refusal else error) from None
                refolded.append(state)
            del self.states[at + 1:]
            self.states.extend(refolded)
            del self.standing[at]
        elif retract.number is None:
            self.standing.pop()
        self.taken_back = self.entries[entry.number - 1] = entry._replace(retracted=True)

    def history(self) -> History:
        return History(tuple(self.entries), self.taken_back)

    def read(self, step: str) -> object:
        """The event of a saved step, read against the game so far (``reader``). A long log repeats itself
        (the same clue again, a trick and its undo): a step already read against the same state is read
        once. The state is kept beside its event, so that its id is never another state's."""
        if step in self._takes_back:
            return self._takes_back[step]
        state = self.states[-1]
        known = self._read.get((step, id(state)))
        if known is not None and known[0] is state:
            return known[1]
        event = self.reader().read_step(step)
        if isinstance(event, Retract):
            self._takes_back[step] = event
        else:
            self._read[step, id(state)] = (state, event)
        return event

    def reader(self):
        """The game that reads the next step: a score pad reads a trick against the deal it is in (its state
        so far; the log itself is not copied for it), a deduction game against its header alone."""
        return self.empty if self.apply is None else self.empty.restored((), None, self.state)

    def game(self):
        """The game the log read so far makes (``empty.restored``)."""
        return self.empty.restored(Chain(self.events), self.history(), self.state)


def appended(history: History, event: object) -> History:
    """``history`` with ``event`` as its next entry (not an undo or a retract), nothing replayed or copied."""
    entries = history.entries if isinstance(history.entries, Marked) else Marked(history.entries)
    return History(Marked(entries.recorded + (Entry(len(entries) + 1, event),), entries.taken), history.taken_back)


KEPT_BEFORE = 64  # games a chain of records keeps behind it: so many undos in a row cost nothing, more replay


def recorded_from(game, before) -> None:
    """``game`` was recorded from ``before``: it keeps it, so that taking its new entry back is ``before`` as
    it is (``went_back``). Only the last KEPT_BEFORE games of a chain are kept (their memory): now and then
    the link that far back is cut."""
    depth = before.__dict__.get("_depth", 0) + 1
    game.__dict__.update(_before=before, _depth=depth)
    if depth % KEPT_BEFORE == 0:
        old = game
        for _ in range(KEPT_BEFORE):
            old = old.__dict__.get("_before")
            if old is None:
                return
        old.__dict__.pop("_before", None)


def went_back(game, after) -> None:
    """``after`` took back ``game``'s latest standing entry at once: the game to go back to for the one
    before it is the one ``game`` kept for its own (``recorded_from``)."""
    before = game.__dict__["_before"]
    if "_before" in before.__dict__:
        after.__dict__.update(_before=before.__dict__["_before"], _depth=before.__dict__.get("_depth", 0))


def latest_taken_back(history: History, retract: Retract) -> History | None:
    """``history`` once ``retract`` took back its latest entry, or None when it takes back another one (or none
    is standing there): the caller replays then. Nothing is replayed or copied: its number is added to
    those taken back."""
    entries = history.entries
    at = len(entries) - 1
    while at >= 0 and entries[at].retracted:  # the entries an undo took back just before: a few at most
        at -= 1
    if at < 0 or retract.number not in (None, at + 1):
        return None
    marked = entries if isinstance(entries, Marked) else Marked(entries)
    taken = entries[at]._replace(retracted=True)
    return History(Marked(marked.recorded, marked.taken + (taken.number,)), taken)


def steps(game, events: Iterable[object] | None = None) -> list[str]:
    """The words of ``events`` (default: the game's log), as saved: each distinct event is put into words
    once (a long log repeats its clues, its tricks and their undos)."""
    said: dict = {}
    words = []
    for event in game.events if events is None else events:
        known = (type(event), event)  # events of two kinds may hold equal values: each kind has its words
        try:
            step = said.get(known)
        except TypeError:  # an event that cannot be hashed: put into words each time
            step = None
        if step is None:
            step = game.step(event)
            try:
                said[known] = step
            except TypeError:
                pass
        words.append(step)
    return words


def standing_count(steps: Iterable[object]) -> int:
    """How many entries of a saved log still stand, read from its steps' words without reading the steps
    themselves: each undo takes back the latest standing entry, each retract N entry N (what ``games``
    says of a game without replaying it)."""
    replayer: Replayer[object] = Replayer()
    for step in steps:
        words = step.split() if isinstance(step, str) else []
        verb = words[0].lower() if words else ""
        try:
            if verb in UNDO_WORDS and len(words) == 1:
                replayer.add(Retract(None))
            elif verb in RETRACT_WORDS and len(words) == 2 and words[1].isdigit():
                replayer.add(Retract(int(words[1])))
            else:
                replayer.add(step)
        except InputError:  # a take-back with nothing to take back: the game's own replay says so
            continue
    return len(replayer.history().standing)


def replay(events: Iterable[EventT | Retract]) -> History[EventT]:
    """Number the entries and apply every undo and retract, in one pass over the log."""
    replayer: Replayer[EventT] = Replayer()
    for event in events:
        replayer.add(event)
    return replayer.history()


class Log(Speaker, Protocol[EventT]):
    """What every game offers, whatever it is played on (see ``deduction.DeductionGame`` and the games' pads):
    the grammar's ``Speaker`` (its step forms, the values of its slots), and its log."""

    @property
    def name(self) -> str:
        """The game's name in the data folder."""

    @property
    def events(self) -> Sequence[EventT | Retract]:
        """Every event recorded, undo and retract included, oldest first."""

    @property
    def kind(self) -> str:
        """What it is played on: a board's name, or a score pad's kind."""

    def read_step(self, text: str) -> EventT | Retract:
        """The event a step's words say (parse)."""

    def step(self, event: EventT | Retract) -> str:
        """The canonical words of an event (format): ``read_step(step(e)) == e``."""

    def record(self, event: EventT | Retract) -> Self:
        """A new game with ``event`` appended, after every check the rules make."""

    def restore(self, event: EventT | Retract) -> Self:
        """A new game with a saved event appended: only the checks that keep replay sound."""

    def history(self) -> History[EventT]:
        """The numbered entries, each marked if it was taken back."""

    def restoring(self) -> "Restoring":
        """This empty game's saved log read back in one pass, in time linear in its length (``load``)."""

    def summary(self) -> str:
        """One line: where the game stands (cells left, totals)."""

    def to_mapping(self) -> dict:
        """The saved form: the header and every event's words."""


GameT = TypeVar("GameT", bound=Log[Any])  # any game: load gives back the kind it was given


def load(empty: GameT, steps: object, source: str, where: Callable[[int], str] = events_place) -> GameT:
    """The one loader of saved logs: every step read and restored; every bad step listed at once.

    A bad step is skipped so that the ones after it are still checked, and the
    error names each with its place in the file ('line 12: events[3]'). A step
    longer than any a table types stops the reading there: what follows a
    damaged megabyte is not worth the time it takes to read."""
    if steps is None:
        steps = []
    if not isinstance(steps, list):
        raise DataError(_("{source}: events: expected a list of steps").format(source=source))
    problems: list[str] = []
    restoring = empty.restoring()
    for position, step in enumerate(steps):
        if isinstance(step, str) and too_long(step):
            raise DataError(problems + [f"{source}: {where(position)}: {too_long(step)}"])
        try:
            if not isinstance(step, str):
                raise InputError(_("expected the words of a step (got {got})").format(got=shown(step)))
            restoring.add(restoring.read(step))
        except AssistantError as error:
            problems.append(f"{source}: {where(position)}: {error}")
    if problems:
        raise DataError(problems)
    return restoring.game()


def begun(game, words: list[str], history: History[Any]) -> tuple[Form | None, str | None]:
    """The form of the step ``words`` begin with (None: no step of ``game``), and for undo and retract why
    nothing can be taken back now (nothing recorded): the first part of every game's ``why_not``."""

    try:
        form = form_for(game, words[0])
    except (InputError, IndexError):
        return None, None
    if form not in (UNDO_FORM, RETRACT_FORM):
        return form, None
    try:
        target(history.entries, Retract(None))
    except InputError as error:
        return form, str(error)
    return form, None
