"""The one log every game keeps: numbered entries, undo and retract, the saved form.

A deduction game and a score pad are both a header (who plays on what) and an
append-only list of events, each saved as the words a player would type. The
log only grows: taking an entry back is an event too (``Retract``), so the
history shows it struck out and nothing is ever lost. Everything a face shows
is derived from the log by replaying it, once per command.

Every game class follows ``Log`` (below), so callers never ask which kind of
game they hold: they record, undo, list the history and save through it.
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Protocol, Self, TypeVar

from assistant.engine.errors import AssistantError, DataError, InputError, events_place
from assistant.engine.grammar import Form, Speaker, form_for
from assistant.engine.i18n import N_, _
from assistant.engine.records import NamedTuple
from assistant.engine.words import Options, shown, whole_number

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

    entries: tuple[Entry[EventT], ...]
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


def replay(events: Iterable[EventT | Retract]) -> History[EventT]:
    """Number the entries and apply every undo and retract, in one pass over the log."""
    replayer: Replayer[EventT] = Replayer()
    for event in events:
        replayer.add(event)
    return replayer.history()


class Log(Speaker, Protocol[EventT]):
    """What every game offers, whatever it is played on (see ``deduction.Game`` and the games' pads):
    the grammar's ``Speaker`` (its step forms, the values of its slots), and its log."""

    @property
    def name(self) -> str:
        """The game's name in the data folder."""

    @property
    def events(self) -> tuple[EventT | Retract, ...]:
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

    def summary(self) -> str:
        """One line: where the game stands (cells left, totals)."""

    def to_mapping(self) -> dict:
        """The saved form: the header and every event's words."""


GameT = TypeVar("GameT", bound=Log[Any])  # any game: load gives back the kind it was given


def load(empty: GameT, steps: object, source: str, where: Callable[[int], str] = events_place) -> GameT:
    """The one loader of saved logs: every step read and restored; every bad step listed at once.

    A bad step is skipped so that the ones after it are still checked, and the
    error names each with its place in the file ('line 12: events[3]')."""
    if steps is None:
        steps = []
    if not isinstance(steps, list):
        raise DataError(_("{source}: events: expected a list of steps").format(source=source))
    problems: list[str] = []
    game = empty
    for position, step in enumerate(steps):
        try:
            if not isinstance(step, str):
                raise InputError(_("expected the words of a step (got {got})").format(got=shown(step)))
            game = game.restore(game.read_step(step))
        except AssistantError as error:
            problems.append(f"{source}: {where(position)}: {error}")
    if problems:
        raise DataError(problems)
    return game


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
