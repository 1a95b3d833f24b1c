# mypy: disable-error-code="misc"
"""The garden's words: its clue (asked with a gnome's power, or put to me in a two-player game), its own
steps, and what may be typed in their slots (``GardenWords``, a mixin of ``GardenGame`` extending the
deduction core's ``StepWords``).
"""

from typing import TYPE_CHECKING, ClassVar

from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import Form, accepted, form_for, positional, typed_so_far
from assistant.engine.i18n import DEFAULT, _, language
from assistant.engine.words import Options, key
from assistant.games.deduction.events import ASKER, FRENCH_VERDICTS, ClueEvent
from assistant.games.gnom_street import fight, garden, mirror, turns
from assistant.games.gnom_street.saved import SavedAccusation

if TYPE_CHECKING:
    from assistant.games.gnom_street.game import GardenGame

# The French a table reads for the canonical words of these slots (each also read when typed).
FRENCH_STEP_WORDS = {"token": {"mole": "taupe", "bait": "appât"}, "found": {"found": "trouvé", "missed": "raté"},
                     "verdict": FRENCH_VERDICTS}  # an accusation a log saved before the garden had none holds
# The piece steps whose cells completion offers only where recording accepts them (a token on one of the
# player's miniatures, a miniature where the rules let it stand), with the words tried after the cell
# for a slot still to come: my own token says its face.
PLACED = {garden.MiniatureEvent.FORM: ((),), garden.CatEvent.FORM: ((),), garden.LootEvent.FORM: ((),),
          garden.TokenEvent.FORM: ((), ("mole",), ("bait",))}


class GardenClue(ClueEvent):
    """A clue on the garden: asked with a gnome's power (``--power``, see fight) too, and answered aloud
    (``--aloud``: the one asked plays a "pipelette", whose megaphone makes every player hear the answer)."""

    __slots__ = ()
    FORM: ClassVar[Form] = ClueEvent.FORM._replace(options=(*ClueEvent.FORM.options, fight.POWER, mirror.ALOUD))

    @classmethod
    def from_words(cls, game, found: Options) -> "ClueEvent | mirror.AskedEvent":  # type: ignore[override]
        """Read a clue as the core does; in a two-player log saved before ``asked`` existed, a clue asked by
        the opponent is the question put to me."""
        heard = cls.heard(game, found)
        asker = heard.asker
        if asker not in (None, garden.ME) and game.opponents == (asker,):
            # Two players: the opponent asks nobody but me, so the answer is about my loot, never theirs.
            if game.reading_saved:  # a log saved before `asked` existed: read as the question put to me
                return mirror.AskedEvent(heard.clue, asker, heard.answers[0][1], found.flag("aloud"),
                                         fight.read_power(found.last("power")))
            raise InputError(_("{player} asked you: the answer is about your loot, not {player}'s; record it "
                               "with: asked {clue} --by {player}").format(player=asker,
                                                                         clue=heard.clue.said(game.board)))
        return cls(heard.clue, heard.answers, heard.card, None if asker == garden.ME else asker,
                   fight.read_power(found.last("power")), found.flag("aloud"))


class GardenWords:
    """The garden's steps read and completed (a mixin of ``GardenGame``)."""

    @classmethod
    def step_forms(cls, saved: bool) -> tuple[Form, ...]:
        """The core's steps, then the question put to me, the fight, the gnome throw and the pieces. A saved log
        is read with the accusation too: one saved before the garden stopped hearing it loads (``notes``)."""
        pieces = (mirror.AskedEvent.FORM, fight.FightEvent.FORM, fight.ThrowEvent.FORM,
                  *(piece.FORM for piece in garden.PIECES))
        clue, *rest = super().step_forms(saved)
        return (clue, *((SavedAccusation.FORM,) if saved else ()), *rest, *pieces)

    def _form(self: "GardenGame", verb: str) -> Form:
        """The form of step ``verb``; an accusation, typed, says the garden has none (not 'unknown step')."""
        if not self.reading_saved and key(verb) in map(key, SavedAccusation.FORM.verbs):
            raise InputError(self.no_accusation())
        return super()._form(verb)

    def values(self: "GardenGame", slot: str) -> tuple[str, ...]:
        """The values of this game that fit ``slot`` (for completion): the core's, and the garden's own."""
        if slot == "found":
            return ("found", "missed")
        if slot == "token":
            return ("mole", "bait")
        if slot == "fighter":
            low, high = fight.GNOME_VALUES
            return tuple(f"{player}={value}" for player in self.players for value in range(low, high + 1))
        if slot == "power":
            return fight.POWERS
        return super().values(slot)

    def _asking_forms(self: "GardenGame") -> tuple[Form, ...]:
        return (self.CLUE.FORM, mirror.AskedEvent.FORM)

    def _values_in(self: "GardenGame", form: Form, slot: str, words: list[str],
                   values: tuple[str, ...]) -> tuple[str, ...]:
        """The core's narrowing, and the garden's: a question is asked from where its asker stands (never the
        cat's cell), a piece goes where the rules let it, a token is revealed from a stack."""
        typed = positional(form, words[1:])
        cells = [name for name in map(self._cell_or_none, typed) if name is not None]
        asking = form in self._asking_forms()
        if slot == "asking-cell":
            return self._asking_cells(form, words, values)
        if slot == "kind" and form is mirror.AskedEvent.FORM:
            return tuple(kind for kind in values if kind in self.board.questions)
        if slot == "answer" and form is mirror.AskedEvent.FORM:  # my own answer: the truth about my loot
            askers = ((), *(("--by", opponent) for opponent in self.opponents))  # --by may come after it
            return accepted(self, words, ("yes", "no"), askers)
        if slot == "player" and words[-1] in ASKER.spellings:  # --by: who asked
            if asking and cells and self._question(typed):  # from where they may ask
                values = tuple(value for value in values if self._player_or_none(value) is None
                               or self._may_ask_from(self._player_or_none(value) or garden.ME, cells[0]))
            if form is mirror.AskedEvent.FORM:
                return tuple(value for value in values if self._player_or_none(value) != garden.ME)  # not me
            return values
        if slot == "fighter":
            named = {word.partition("=")[0] for word in typed}
            return tuple(value for value in values if value.partition("=")[0] not in named)  # each player once
        if slot == "players" and form is fight.FightEvent.FORM:  # --throw: the tied players, in any order
            return fight.throw_orders(typed)
        return self._piece_values(form, slot, words, cells, values) or super()._values_in(
            form, slot, words, values)

    def _asking_cells(self: "GardenGame", form: Form, words: list[str], values: tuple[str, ...]) -> tuple[str, ...]:
        """Where a question may be asked from now: not the cat's cell (nobody stands there); for a question,
        where its asker may ask from (rules: "depuis la case où il vient de placer sa statuette"): me, unless
        --by said who; a question put to me: any opponent, --by narrows them."""
        cat = self.garden().cat
        if cat is not None:
            values = tuple(cell for cell in values if cell != cat)
        if form not in self._asking_forms():
            return values
        by = self._player_or_none(typed_so_far(form, words).last("by"))
        who = [by] if by is not None else [garden.ME] if form is self.CLUE.FORM else list(self.opponents)
        return tuple(cell for cell in values if any(self._may_ask_from(asker, cell) for asker in who))

    def _piece_values(self: "GardenGame", form: Form, slot: str, words: list[str], cells: list[str],
                      values: tuple[str, ...]) -> tuple[str, ...] | None:
        """The values of a piece step's slot: None where the piece steps do not narrow it."""
        if form is garden.SetEvent.FORM and slot == "cell":  # a Mole goes where one of its owner's miniatures is
            standing = {cell for own in self.garden().miniatures.values() for cell in own}
            return tuple(cell for cell in values if cell in standing)
        if form is garden.SetEvent.FORM and slot == "player" and words[-1] in garden.BY.spellings and cells:
            owner = self.garden().standing_on(cells[0])
            return tuple(value for value in values if self._player_or_none(value) == owner)
        if form in {piece.FORM for piece in garden.PIECES} and slot == "cell":
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
        return None

    def _question(self: "GardenGame", typed: list[str]) -> bool:
        """Whether the clue begun with the positional words ``typed`` is a question (asked from a cell)."""
        try:
            return bool(typed) and self.kind_named(typed[0]).question
        except AssistantError:
            return False

    def called_for(self: "GardenGame", words: list[str]) -> tuple[str, ...]:
        """The words the rules call for next in the step begun with ``words``, though it could be recorded
        without them (the grammar's optional hint, for completion): one question answered by several
        players is Mick's power, said even before a fight is recorded to check it."""
        try:
            form = form_for(self, words[0])
        except (InputError, IndexError):
            return ()
        if form is not self.CLUE.FORM:
            return ()
        answered = [word for word in positional(form, words[1:]) if "=" in word]
        given = {word.partition("=")[0] for word in words}
        return fight.called_for(len(answered), bool(given & set(fight.POWER.spellings)))

    def why_not(self: "GardenGame", words: list[str]) -> str | None:
        """The core's hint, then the round's: a question its asker may not ask now (before their miniature of the
        turn, or with an Action token they may not take), my Mole with none of my miniatures in the garden. A
        miniature on a terrain whose token is taken, the cat moved before any miniature: their cells are
        offered only where recording takes them (``PLACED``), and none offered says why."""
        return super().why_not(words) or self._token_refused(words) or self._mole_refused(words)

    def _mole_refused(self: "GardenGame", words: list[str]) -> str | None:
        """Why my Mole, its cell and verdict typed, is refused whatever comes next: none of my miniatures stands
        in the garden (as the three-player token, a Mole goes on one of its owner's miniatures)."""
        try:
            form = form_for(self, words[0])
        except (InputError, IndexError):
            return None
        by = {spelling for option in form.options if option.name == "by" for spelling in option.spellings}
        typed = positional(form, words[1:])
        if form is not garden.SetEvent.FORM or len(typed) < 2 or by & set(words) or self.garden().miniatures[garden.ME]:
            return None
        cell = self._cell_or_none(typed[0])
        return None if cell is None else garden.no_miniature_for_mole(garden.ME, cell, self.display)

    def _token_refused(self: "GardenGame", words: list[str]) -> str | None:
        """Why the question begun with ``words`` (its kind typed) is refused by the round, whatever comes next."""
        try:
            form = form_for(self, words[0])
            kind = self.kind_named(words[1]) if len(words) > 1 else None
        except (AssistantError, IndexError):
            return None
        if kind is None or not kind.question or form not in (self.CLUE.FORM, mirror.AskedEvent.FORM):
            return None
        named = [words[at + 1] for at, word in enumerate(words[:-1]) if word in ASKER.spellings]
        asker = self._player_or_none(named[-1]) if named else (garden.ME if form is self.CLUE.FORM else None)
        if asker is None:
            return None
        typed = positional(form, words[1:])
        cell = self._cell_or_none(typed[1]) if len(typed) > 1 else None  # where it is asked from, once typed
        try:
            turns.check_question(self.state.play.round, self.garden(), asker, kind.name, self.players, self.display,
                                 cell)
        except AssistantError as error:
            return str(error)
        return None

    def _why_not_step(self: "GardenGame", step: type | None) -> str | None:
        """Why a garden's step cannot be recorded now: a gnome throw with no tie to settle, a piece step this
        number of players never takes."""
        if step is fight.ThrowEvent and not self.outcome().tied:
            return _("no tie to settle: a gnome throw is recorded once the tally is tied")
        try:
            if step in garden.PIECES:
                garden.closed(step, len(self.players))
        except AssistantError as error:
            return str(error)
        return None

    def said_value(self: "GardenGame", slot: str, word: str) -> str:
        """A word of a saved step said in the language spoken: the core's, and the garden's own slots."""
        if language() == DEFAULT:
            return word
        if slot in FRENCH_STEP_WORDS:
            return FRENCH_STEP_WORDS[slot].get(word, word)
        if slot == "fighter" and word.startswith(f"{garden.ME}="):
            return self.display(garden.ME) + word[len(garden.ME):]
        if slot == "players":  # the gnome throw's order: me by my name
            return ",".join(self.display(name) if name == garden.ME else name for name in word.split(","))
        return super().said_value(slot, word)
