"""The step grammar: what a player may type, and what may come next.

Each event type declares its words once, as a ``Form``: the verbs it answers
to (English and French), the slots of its positional words, and its options.
The same form reads a step (``read``) and answers "what may come next here?"
(``expect``): given the words typed so far in a game, the slot expected and the
values of this game that fit it. Shell completion and the table screen's input
line are built on ``expect``; nothing keeps a second list of words.

A slot is named by what goes there ('cell', 'opponent', 'answer', 'colour',
'kind', 'quest', 'card', 'player', 'number', ...); the game says which values
fit each slot (``values``), so completion offers the cells of this board and
the opponents of this game, never a fixed list.
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar, cast

from assistant.engine.errors import AssistantError, InputError, printable
from assistant.engine.i18n import DEFAULT, _, language
from assistant.engine.records import NamedTuple
from assistant.engine.words import Options, hint, join, key, options, shown, split

MORE = "..."  # in a form's slots: the slot before it repeats
OPTIONAL = "?"  # in a form's slots: the slots after it may be left out (``check``)


class Option(NamedTuple):
    """An option of a step: its name, every spelling, and the slot of its value (None: a flag)."""

    name: str
    spellings: tuple[str, ...]
    slot: str | None = None
    repeat: bool = False
    french: str = ""  # the spelling a French table reads back (one of ``spellings``); "": the first serves both
    fills: bool = False  # given, its value is that of the positional slot named ``slot`` (--colour): not typed again

    def spoken(self) -> str:
        """The spelling the player reads: the French one while French is spoken."""
        return self.french or self.spellings[0] if language() != DEFAULT else self.spellings[0]


class Form(NamedTuple):
    """The words of one kind of step.

    ``slots`` is the positional slots in order (``MORE`` after a slot repeats it),
    or a function of the game and the positional words typed so far, for steps
    whose later words depend on earlier ones (a clue's kind decides its words).
    The function is only ever given a game of the kind that declares the form, so
    it takes that game's own class (``Any`` here: a form does not name its game)."""

    verbs: tuple[str, ...]
    slots: tuple[str, ...] | Callable[[Any, list[str]], tuple[str, ...]]
    options: tuple[Option, ...] = ()
    usage: str = ""  # marked with N_ where the form is declared; shown with _(form.usage)
    french: str = ""  # the verb a French table reads (one of ``verbs``); "" when ``verbs[0]`` serves both
    commands: tuple["Form", ...] = ()  # a group ('board'): the word after the verb names one of these forms

    @property
    def verb(self) -> str:
        return self.verbs[0]

    def positional_slots(self, game: "Speaker", typed: list[str]) -> tuple[str, ...]:
        return self.slots(game, typed) if callable(self.slots) else self.slots

    def read(self, words: list[str]) -> Options:
        """The words after the verb, split into positional words and option values."""
        spellings, flags, by_spelling = _spellings(self)
        found = options(words, spellings, flags, by_spelling)
        for option in self.options:
            if not option.repeat and len(found.values.get(option.name, ())) > 1:
                raise InputError(_("{option} is given twice: give it once").format(option=option.spoken()))
        return found


# What is worked out once for each form or list of forms a game hears: they are the same few
# objects for the life of the process, and a saved log reads tens of thousands of steps with them.
# Each is kept with what it was made for, so that an id is never taken for another object's.
_MADE: dict[int, tuple[object, object]] = {}
_Thing = TypeVar("_Thing")
_Made = TypeVar("_Made")


def _once(thing: _Thing, make: Callable[[_Thing], _Made]) -> _Made:
    """``make(thing)``, made once for each ``thing`` (kept alive beside it, so its id is never reused)."""
    known = _MADE.get(id(thing))
    if known is not None and known[0] is thing:
        return cast(_Made, known[1])
    if len(_MADE) > 1024:  # a caller that makes new lists of forms each time: start afresh
        _MADE.clear()
    made = make(thing)
    _MADE[id(thing)] = (thing, made)
    return made


def _spellings(form: "Form") -> tuple[dict[str, tuple[str, ...]], tuple[str, ...], dict[str, str]]:
    """A form's options: each name's spellings, the names of those that take no value, each spelling's name."""
    return _once(form, _spelled)


def _spelled(form) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...], dict[str, str]]:
    spellings = {option.name: option.spellings for option in form.options}
    return (spellings, tuple(option.name for option in form.options if option.slot is None),
            {spelling: name for name, typed in spellings.items() for spelling in typed})


def _by_verb(forms: Sequence["Form"]) -> dict[str, "Form"]:
    """Each verb's form, by its folded spelling (the first form of a verb wins)."""
    return {key(verb): form for form in reversed(forms) for verb in form.verbs}


class Speaker(Protocol):
    """A game as the grammar sees it: the forms of its steps, the values that fit each slot, and
    how a value of a slot is said in the language spoken (a word the game reads back)."""

    def forms(self) -> tuple[Form, ...]:
        ...

    def values(self, slot: str) -> tuple[str, ...]:
        ...

    def said_value(self, slot: str, word: str) -> str:
        ...

    # Optional: ``values_here(slot, words)``, the values of ``slot`` the step begun with ``words``
    # (its verb first) would accept at this place (a flower clue's colours at its cell, the stacks
    # to reveal); without it, every value of the slot (``values``). When no value is accepted there it
    # raises AssistantError saying why (none of the cells holds the player's miniature): nothing is
    # offered, and that is the hint (``Slot.why``).
    # Optional: ``called_for(words)``, the words the rules call for next in the step begun with ``words``
    # though it could be recorded without them ('--power mick' on a clue several players answer): Tab types
    # them (``forced``).
    # Optional: ``why_not(words)``, why the step begun with ``words`` cannot be recorded now whatever
    # comes next (a trick with no deal being played, undo with nothing recorded), saying what to do
    # first; None when it may be. Nothing is offered for it, its reason is the hint.
    # Optional: ``as_saved()``, the game as its saved log is read: every step a saved log may hold, one
    # its rules no longer take among them (an accusation on a garden). ``said`` reads a saved step with it.


class Slot(NamedTuple):
    """What is expected next: the slot's name and the values of this game that fit it.

    ``values`` is empty for free words (a number, a card's text); ``options``
    lists the options still open at this point; ``why``, when the step cannot be recorded now whatever
    comes next, says why and what to do first (then nothing is offered)."""

    name: str
    values: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    why: str = ""


def spoken_verb(form: Form) -> str:
    """The verb the player reads for ``form``: its French one while French is spoken."""
    return form.french or form.verb if language() != DEFAULT else form.verb


def form_for(game: Speaker, verb: str) -> Form:
    """The form whose verbs include ``verb`` (folded); unknown -> InputError naming them all."""
    return _form_among(game.forms(), verb)


def _form_among(forms: Sequence[Form], verb: str) -> Form:
    found = _once(forms, _by_verb).get(key(verb))
    if found is not None:
        return found
    known = [spoken_verb(form) for form in forms]
    every = list(dict.fromkeys([*known, *(v for form in forms for v in form.verbs)]))  # 'clu' is clue's
    raise InputError(_("unknown step {step}: {hint} (expected one of {steps})").format(
        step=shown(verb), hint=hint(verb, every), steps=", ".join(known)))


def resolve(game: Speaker, words: Sequence[str]) -> tuple[Form, list[str], list[str]]:
    """The form ``words`` begin with, a group's command followed ('board set'): the form, the words
    naming it, and the words after them. A group with nothing after it is the group's own form."""
    form, named, rest = form_for(game, words[0]), [words[0]], list(words[1:])
    while form.commands and rest:
        form, named, rest = _form_among(form.commands, rest[0]), [*named, rest[0]], rest[1:]
    return form, named, rest


def expect(game: Speaker, words: Sequence[str]) -> Slot:
    """The slot for the next word after ``words`` (whole words already typed)."""
    forms = game.forms()
    if not words:
        return Slot("step", tuple(form.verb for form in forms))
    try:
        form, unused, rest = resolve(game, words)
    except InputError:
        return Slot("unknown")
    if form.commands:
        return Slot("command", tuple(command.verb for command in form.commands))
    by_spelling = {spelling: option for option in form.options for spelling in option.spellings}
    closed = _why_not(game, words)
    waiting = by_spelling[rest[-1]].slot if rest and rest[-1] in by_spelling else None  # an option's value
    if waiting is not None:
        values, why = ((), closed) if closed else _values_why(game, waiting, words)
        return Slot(waiting, values, why=why)
    positional = _positional(rest, by_spelling)
    filled = {by_spelling[word.partition("=")[0]].slot for word in rest
              if word.partition("=")[0] in by_spelling and by_spelling[word.partition("=")[0]].fills}
    slots = tuple(slot for slot in form.positional_slots(game, positional) if slot not in filled)
    still = set(slots[len(positional):]) if MORE not in slots else set(slots)  # the slots still to be typed
    open_options = tuple(spelling for spelling in _open_options(form, rest)
                         if not by_spelling[spelling].fills or by_spelling[spelling].slot in still)
    name = _slot_at(slots, len(positional))
    if name is None:
        return Slot("end", (), open_options, closed)
    values, why = ((), closed) if closed else _values_why(game, name, words)
    return Slot(name, values, open_options, why)


def _why_not(game: Speaker, words: Sequence[str]) -> str:
    """Why the step begun with ``words`` cannot be recorded now whatever comes next ('' when it may be)."""
    why_not = getattr(game, "why_not", None)
    return (why_not(list(words)) or "") if why_not is not None else ""


def values_here(game: Speaker, slot: str, words: Sequence[str]) -> tuple[str, ...]:
    """The values of ``slot`` that fit after ``words``: the game's narrower answer when it has one
    (none when the step cannot be recorded now)."""
    return _values_why(game, slot, words)[0]


def _values_why(game: Speaker, slot: str, words: Sequence[str]) -> tuple[tuple[str, ...], str]:
    """The values of ``slot`` that fit after ``words``, and why there are none when none is accepted there
    (the game's refusal, said before anything more is typed)."""
    here = getattr(game, "values_here", None)
    if here is None:
        return game.values(slot), ""
    try:
        return here(slot, list(words)), ""
    except AssistantError as error:
        return (), str(error)


def accepted(game, words: Sequence[str], values: Sequence[str],
             endings: Sequence[Sequence[str]] = ((),)) -> tuple[str, ...]:
    """The ``values`` that, typed after ``words``, make a step ``game`` records (each with one of
    ``endings`` after it, the words of a slot still to come, say a token's face): the game's own checks
    decide, so completion offers what recording accepts. None accepted: AssistantError with the first
    value's refusal (of its last ending: the fullest step), said as the hint."""
    found, refusal = [], None
    for value in values:
        for ending in endings:
            try:
                game.record(game.read_step(join([*words, value, *ending])))
            except AssistantError as error:
                refusal = str(error) if value == values[0] else refusal
                continue
            found.append(value)
            break
    if not found and refusal is not None:
        raise AssistantError(refusal)
    return tuple(found)


def said(game: Speaker, step: str) -> str:
    """A saved step as the player reads it. In French each word the grammar knows is said the French
    way, and is one the game reads back ('clue area B3 red=no' reads 'indice zone B3 red=non');
    in English the step as saved. Names, cells, numbers and options stay as typed; a control
    character a card text holds is shown escaped (``errors.printable``), on every face."""
    return printable(_said(game, step))


def said_steps(game: Speaker, steps: Iterable[str]) -> list[str]:
    """``said`` of each step; a step met again is said again without being read again (a long history
    repeats its clues)."""
    known: dict[str, str] = {}
    return [known[step] if step in known else known.setdefault(step, said(game, step)) for step in steps]


def _said(game: Speaker, step: str) -> str:
    if language() == DEFAULT:
        return step
    as_saved = getattr(game, "as_saved", None)
    game = as_saved() if as_saved is not None else game  # a step saved before its rules changed is said too
    words = split(step)
    try:
        form = form_for(game, words[0]) if words else None
    except InputError:
        form = None
    if form is None:
        return step
    spoken = [spoken_verb(form)]
    by_spelling = {spelling: option for option in form.options for spelling in option.spellings}
    for at in range(1, len(words)):
        option = by_spelling.get(words[at])
        spoken.append(option.spoken() if option is not None else
                      game.said_value(expect(game, words[:at]).name, words[at]))
    return join(spoken)


def said_values(game: Speaker, slot: Slot) -> tuple[str, ...]:
    """The values of ``slot`` as the player reads them (French: zone, ligne-de-vue, oui), each read back."""
    if language() == DEFAULT:
        return slot.values
    if slot.name == "step":
        return tuple(map(spoken_verb, game.forms()))
    return tuple(dict.fromkeys(game.said_value(slot.name, value) for value in slot.values))


def complete(game: Speaker, line: str) -> tuple[str, tuple[str, ...]]:
    """For an input line: the word being typed and every value that fits it (options included), in the
    player's language; a word begun in the other language is finished in that one."""
    words = line.split()
    typing = "" if not words or line[-1:].isspace() else words.pop()
    slot = expect(game, words)

    def fitting(candidates: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(value for value in candidates if fits(value, typing))

    if slot.why and not typing.startswith("-"):
        return typing, ()  # the step cannot be recorded now: nothing to offer, the slot says why
    options = fitting(_spoken_options(game, words, slot)) or fitting(slot.options)
    if typing.startswith("-") or not slot.values:
        return typing, options
    values = fitting(said_values(game, slot)) or fitting(slot.values)
    if not typing and _recordable(game, words):  # after a clue's answers: its options may come next too
        return typing, (*values, *(option for option in options if option not in values))
    return typing, values


def _recordable(game: Speaker, words: Sequence[str]) -> bool:
    """Whether the step ``words`` would be recorded as it is (a game that cannot record says no)."""
    record, read_step = getattr(game, "record", None), getattr(game, "read_step", None)
    if record is None or read_step is None or len(words) < 2:
        return False
    try:
        record(read_step(join(list(words))))
    except AssistantError:
        return False
    return True


class Recorder(Speaker, Protocol):
    """A game that reads and records a step, as ``forced`` tries each ending of one (never saved)."""

    def read_step(self, line: str) -> Any:
        ...

    def record(self, event: Any) -> Any:
        ...


def forced(game: Recorder, words: Sequence[str]) -> tuple[str, ...]:
    """The words every recordable ending of the step begun with ``words`` starts with, when the step as
    typed is refused: what Tab types when nothing is being typed ('--by' on a question put to me, whoever
    asked; '--power mick' on a clue several players answer; '--from' for a miniature that moves).
    Endings tried: one value of the slot expected next, or one open option with one of its values (a
    flag alone); the game's own checks decide, as recording would. () when the step may be recorded as
    it is, or when no ending (or no common first word) is found."""
    called_for = getattr(game, "called_for", None)
    called = called_for(list(words)) if called_for is not None else ()
    if called:  # what the rules call for, though the step could be recorded without it
        by_spelling = {spelling: option for option in resolve(game, words)[0].options
                       for spelling in option.spellings}
        return tuple(by_spelling[word].spoken() if word in by_spelling else word for word in called)
    try:
        game.record(game.read_step(join(list(words))))
        return ()  # recordable already: Enter is the next key
    except AssistantError:
        pass
    try:
        form = resolve(game, words)[0]
    except (InputError, IndexError):
        return ()
    slot = expect(game, words)
    if slot.why or slot.name in ("unknown", "step", "command"):
        return ()
    endings: list[tuple[str, ...]] = [(value,) for value in slot.values]
    for option in form.options:
        if option.spellings[0] not in slot.options:
            continue
        if option.slot is None:
            endings.append((option.spellings[0],))
        else:
            values = _values_why(game, option.slot, [*words, option.spellings[0]])[0]
            endings.extend((option.spellings[0], value) for value in values)
    found = []
    for ending in endings:
        try:
            game.record(game.read_step(join([*words, *ending])))
        except AssistantError:
            continue
        found.append(ending)
    common: list[str] = []
    for at in range(min(map(len, found), default=0)):
        column = {ending[at] for ending in found}
        if len(column) != 1:
            break
        common.append(column.pop())
    by_spelling = {option.spellings[0]: option for option in form.options}
    return tuple(by_spelling[word].spoken() if word in by_spelling else game.said_value(slot.name, word)
                 if at == 0 and word in slot.values else word for at, word in enumerate(common))


def fits(value: str, typing: str) -> bool:
    """Whether ``value`` begins with the word being typed: case aside, and accents aside when none is typed
    ('sugg' and 'suggere' fit suggérer); an accent typed is meant ('quê' is quête, not question)."""
    folded = key(typing)
    return value.lower().startswith(typing.lower()) or bool(folded and typing.isascii()
                                                           and key(value).startswith(folded))


def typed_so_far(form: Form, words: Sequence[str]) -> Options:
    """The words of a step being typed (its verb first) read by ``form``: an option still waiting for its
    value at the end is left out. InputError as ``Form.read`` (an option given twice)."""
    rest = list(words[1:])
    if rest and any(rest[-1] in option.spellings for option in form.options if option.slot is not None):
        rest.pop()
    return form.read(rest)


def positional(form: Form, rest: Sequence[str]) -> list[str]:
    """The positional words among the words after ``form``'s verb (options and their values left out)."""
    return _positional(list(rest), {spelling: option for option in form.options for spelling in option.spellings})


def _positional(rest: list[str], by_spelling: dict[str, Option]) -> list[str]:
    """The positional words among ``rest``: option spellings and their values left out."""
    positional, skip = [], False
    for word in rest:
        if skip:
            skip = False
            continue
        option = by_spelling.get(word.partition("=")[0])
        if option is not None:
            skip = option.slot is not None and "=" not in word
            continue
        positional.append(word)
    return positional


def _spoken_options(game: Speaker, words: list[str], slot: Slot) -> tuple[str, ...]:
    """The options still open, as the player reads them (French: --adversaire, --couleur)."""
    if language() == DEFAULT or not words or not slot.options:
        return slot.options
    try:
        form = resolve(game, words)[0]
    except InputError:
        return slot.options
    return tuple(option.spoken() for option in form.options if option.spellings[0] in slot.options)


def _open_options(form: Form, rest: list[str]) -> tuple[str, ...]:
    given = {word.partition("=")[0] for word in rest}
    return tuple(option.spellings[0] for option in form.options
                 if option.repeat or not given & set(option.spellings))


def _slot_at(slots: tuple[str, ...], position: int) -> str | None:
    """The slot of positional word ``position``; a slot followed by MORE repeats."""
    plain = [slot for slot in slots if slot not in (MORE, OPTIONAL)]
    if position < len(plain):
        return plain[position]
    if slots and slots[-1] == MORE and plain:
        return plain[-1]
    return None
