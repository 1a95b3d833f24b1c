# mypy: disable-error-code="misc"
"""The words of a deduction game's steps: reading them (typed, saved, in a scenario), writing them, and
what may be typed in each slot (the grammar's ``Speaker``: ``forms``, ``values``, ``values_here``,
``why_not``, ``said_value``).

``StepWords`` is a mixin of ``DeductionGame``; a game with steps of its own extends ``step_forms``,
``values``, ``_values_in``, ``said_value`` and ``_why_not_step``.
"""

import re
from typing import TYPE_CHECKING

from assistant.engine.cells import column_letters
from assistant.engine.clues import kind_named, shown_kinds
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import Form, accepted, form_for, positional
from assistant.engine.i18n import DEFAULT, _, language
from assistant.engine.log import RETRACT_FORM, UNDO_FORM, Retract, begun
from assistant.engine.registry import ME
from assistant.engine.words import (
    Options,
    is_answer,
    join,
    join_names,
    key,
    name_value,
    parse_answer,
    said_answer,
    split,
)
from assistant.games.deduction.events import OPPONENT, ClueEvent

if TYPE_CHECKING:
    from assistant.games.deduction.game import DeductionGame

BOARD_VALUE_SLOTS = ("colour", "district", "place", "assignment")  # the slots holding a value of the board


class StepWords:
    """Reading and writing a deduction game's steps (a mixin of ``DeductionGame``)."""

    @classmethod
    def step_forms(cls, saved: bool) -> tuple[Form, ...]:
        """The steps of this class of games: a clue, undo, retract (a game's own steps added by its class).
        ``saved``: the steps as a saved log is read, every step it may hold."""
        return (cls.CLUE.FORM, UNDO_FORM, RETRACT_FORM)  # type: ignore[attr-defined]

    def forms(self: "DeductionGame") -> tuple[Form, ...]:
        """Every step this game hears (the grammar's Speaker): the same tuple for every game of its class. A saved
        log is read with every step it may hold (``step_forms``)."""
        return _forms(type(self), self.reading_saved)

    def cell_name(self: "DeductionGame", text: str) -> str:
        """A cell as typed ('b3') in its canonical name ('B3')."""
        return self.board.name_of(self.board.parse_cell(text))

    def kind_named(self: "DeductionGame", text: str):
        """The clue kind called ``text``, if this board hears it (board.clues)."""
        if self.reading_saved:  # 0.1 heard every kind everywhere
            return kind_named(text)
        kind = kind_named(text, self.board.clue_kinds())
        if not self.board.hears(kind.name):
            raise InputError(_("{kind} is not a clue of {board}: its clues are {kinds}").format(
                kind=kind.shown, board=self.board.name, kinds=shown_kinds(self.board.clue_kinds())))
        return kind

    def values(self: "DeductionGame", slot: str) -> tuple[str, ...]:
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
            me = (ME, "moi") if language() != DEFAULT else (ME,)
            return (*me, *self.opponents) if board.per_opponent else (*me, *self.named())
        if slot == "entry":
            return tuple(str(entry.number) for entry in self.standing())
        return ()

    def values_here(self: "DeductionGame", slot: str, words: list[str]) -> tuple[str, ...]:
        """The values of ``slot`` the step begun with ``words`` would accept there (the grammar's
        optional narrowing, for completion): a flower clue's colours are those of its cell, each
        opponent answers once."""
        values = self.values(slot)
        if slot == "entry":
            return accepted(self, words, values)  # not one the later entries need
        try:
            form = form_for(self, words[0])
        except (InputError, IndexError):
            return values
        return self._values_in(form, slot, words, values)

    def _values_in(self: "DeductionGame", form: Form, slot: str, words: list[str],
                   values: tuple[str, ...]) -> tuple[str, ...]:
        """``values`` of ``slot`` narrowed to those the step ``form`` begun with ``words`` accepts there."""
        typed = positional(form, words[1:])
        if slot == "answer" and form is self.CLUE.FORM:
            pairs = [word.partition("=")[0] for word in typed if "=" in word and is_answer(word.partition("=")[2])]
            if pairs or set(OPPONENT.spellings) & {word.partition("=")[0] for word in words}:
                return tuple(value for value in values if "=" in value and value.partition("=")[0] not in pairs) \
                    if pairs else ("yes", "no")  # per opponent, each once; or one answer for --opponent
        if slot == "colour" and form in self._asking_forms() and self.board.has_attribute("flowers"):
            cells = [name for name in map(self._cell_or_none, typed) if name is not None]
            if cells:
                at = self.board.values_at(self.board.parse_cell(cells[0]), "flowers")
                return tuple(value for value in values if value in at)
        return values

    def _asking_forms(self: "DeductionGame") -> tuple[Form, ...]:
        """The steps that ask a question from a cell."""
        return (self.CLUE.FORM,)

    def called_for(self: "DeductionGame", words: list[str]) -> tuple[str, ...]:
        """The words the rules call for next in the step begun with ``words``, though it could be recorded
        without them (the grammar's optional hint, for completion): none here."""
        return ()

    def why_not(self: "DeductionGame", words: list[str]) -> str | None:
        """Why the step begun with ``words`` cannot be recorded now whatever comes next (the grammar's hint):
        nothing to take back, the game finished, a step its rules do not take now."""
        form, why = begun(self, words, self.history())
        if form is None or why is not None or form in (UNDO_FORM, RETRACT_FORM):
            return why
        step = self.STEP_OF_FORM.get(id(form))
        return self._closed_because(step) or self._why_not_step(step)

    def _why_not_step(self: "DeductionGame", step: type | None) -> str | None:
        """Why a step of type ``step`` cannot be recorded now, the game being open: nothing here."""
        return None

    def _player_or_none(self: "DeductionGame", text: str | None) -> str | None:
        try:
            return self.player(text) if text is not None else None
        except AssistantError:
            return None

    def _cell_or_none(self: "DeductionGame", text: str) -> str | None:
        try:
            return self.cell_name(text)
        except AssistantError:
            return None

    def said_value(self: "DeductionGame", slot: str, word: str) -> str:
        """A word of a saved step said in the language spoken, one this game reads back (see grammar.said)."""
        if language() == DEFAULT:
            return word
        if slot == "kind" and key(word) in map(key, self.board.clue_kinds()):
            return self.kind_named(word).shown
        if slot == "answer" and is_answer(word.rpartition("=")[2]):
            name, equals, answer = word.rpartition("=")
            return f"{name}{equals}{said_answer(parse_answer(answer))}"
        if slot in BOARD_VALUE_SLOTS:  # not a name: an opponent may be called red
            return self.board.said_word(word)
        if slot == "card":
            return self.board.said_card(word)
        if slot == "player" and word == ME:
            return self.display(word)  # my name (--me), else 'moi': both read back as me
        return word

    def read_step(self: "DeductionGame", text: str):
        """Read one step's words (as typed, in the log, or in a scenario) into an event.

        A saved clue heard from a card is its clue without the card, heard from that card: read once for
        every card (a log's clues are few; the cards they were read from, free text, may all differ)."""
        if self.reading_saved:
            heard = _card_aside(text)
            if heard is not None:
                event = self._read_once(heard[0])
                if isinstance(event, ClueEvent) and event.card is None:
                    return event._replace(card=heard[1])
        return self._read_text(text)

    def _read_once(self: "DeductionGame", text: str):
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

    def _read_text(self: "DeductionGame", text: str):
        words = split(text)
        if not words:
            raise InputError(_("empty step"))
        form = self._form(words[0])
        return self._read(form, form.read(words[1:]))

    def _form(self: "DeductionGame", verb: str) -> Form:
        """The form of step ``verb`` (a game refusing a step of another game's in its own words says so here)."""
        return form_for(self, verb)

    def read(self: "DeductionGame", verb: str, positional: list[str], options: dict | None = None):
        """The event of step ``verb`` from words already split (the CLI's typed arguments).

        ``options`` maps an option's name to its value: a word, a list of words,
        True for a flag, or None (or False) when it was not given."""
        return self._read(self._form(verb), Options(list(positional), option_values(options or {})))

    def _read(self: "DeductionGame", form: Form, found: Options):
        if form is UNDO_FORM or form is RETRACT_FORM:
            return Retract.from_words(form, found)
        return self.STEP_OF_FORM[id(form)].from_words(self, found)

    def step(self: "DeductionGame", event) -> str:
        """The canonical words of an event, as saved in the log and in exported scenarios."""
        return join(event.words() if isinstance(event, Retract) else event.words(self))

    def read_clue(self: "DeductionGame", words: list[str], opponents: str | None = None, colour: str | None = None,
                  card: str | None = None, by: str | None = None, power: str | None = None, aloud: bool = False):
        """A clue from typed arguments: the same reader as the step ``clue ...`` (``power`` and ``aloud``: where
        the game has them, the garden's); ``aloud`` where the game's clue does not take it is refused."""
        typed = {"opponent": opponents, "colour": colour, "card": card, "by": by, "power": power, "aloud": aloud}
        if aloud and "aloud" not in {option.name for option in self.CLUE.FORM.options}:
            raise InputError(_("--aloud: a clue on {board} is never answered aloud (its rules have no megaphone)")
                             .format(board=self.board.name))
        return self.CLUE.from_words(self, Options(list(words), option_values(typed)))

    def read_accusation(self: "DeductionGame", cell: str, verdict: str, opponent: str | None = None,
                        by: str | None = None):
        """The step ``accuse`` from typed arguments (the command line's): a game whose rules have it reads it
        (the city's), another says why not."""
        return self.read("accuse", [cell, verdict], {"opponent": opponent, "by": by})

    def read_retract(self: "DeductionGame", number: str | int | None) -> Retract:
        return Retract(None) if number is None else Retract.numbered(str(number))

    def answers(self: "DeductionGame", typed: list[str], opponents: str | None,
                kind) -> tuple[tuple[str, bool], ...]:
        """Who answered what: ``red=yes blue=no``, or one answer for ``--opponent`` (or the only one), to a
        clue of ``kind``. The same words are read once for a game (a long log repeats its answers)."""
        read = self.__dict__.setdefault("_answers_read", {})
        said = (tuple(typed), opponents, kind.question)
        if said not in read:
            if len(read) > 4096:  # a log of ever new answers: keep the memory small
                read.clear()
            read[said] = self._answers(typed, opponents, kind.question, kind)
        return read[said]

    def _answers(self: "DeductionGame", typed: list[str], opponents: str | None, question: bool,
                 kind) -> tuple[tuple[str, bool], ...]:
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


_FORMS: dict[tuple[type, bool], tuple[Form, ...]] = {}


def _forms(game_class: type, saved: bool) -> tuple[Form, ...]:
    """The steps of a class of games, made once (``StepWords.step_forms``): the same tuple for every game."""
    made = _FORMS.get((game_class, saved))
    if made is None:
        made = _FORMS[game_class, saved] = game_class.step_forms(saved)  # type: ignore[attr-defined]
    return made


def option_values(options: dict) -> dict[str, list[str]]:
    """Typed options as the grammar holds them (``Options.values``): each given option's words."""
    values = {}
    for name, value in options.items():
        if value is None or value is False:
            continue
        values[name] = [""] if value is True else [value] if isinstance(value, str) else list(value)
    return values


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
