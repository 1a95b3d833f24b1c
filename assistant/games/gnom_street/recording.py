# mypy: disable-error-code="misc"
"""Recording the garden's steps: the checks its rules make (where a piece goes, whom a question is asked
from and by, the loot cards, the gnome throw, a turn's limits) and the state each step leads to
(``GardenRecording``, a mixin of ``GardenGame`` over the deduction core's recording).
"""

from typing import TYPE_CHECKING, cast

from assistant.engine.clues import Clue
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import said as grammar_said
from assistant.engine.i18n import _, ngettext
from assistant.engine.log import Chain, Entry, appended
from assistant.engine.registry import result_said
from assistant.engine.sheet import Sheet
from assistant.engine.words import join_names
from assistant.games.deduction.events import ClueEvent
from assistant.games.deduction.game import State
from assistant.games.gnom_street import fight, garden, mirror, turns
from assistant.games.gnom_street.saved import SavedAccusation

if TYPE_CHECKING:
    from assistant.games.gnom_street.game import GardenGame


class GardenRecording:
    """The garden's steps recorded (a mixin of ``GardenGame``)."""

    def record(self: "GardenGame", event) -> "GardenGame":
        """A new game with ``event`` appended; refused (nothing changes) if it cannot hold. A piece and a gnome
        throw say nothing of the hidden cells: recorded with their own checks. The round's limits (``turns``: the
        cards, the turn's Terrain and Action tokens, the miniature first) come after the piece's own checks, and
        before a question's sheet."""
        if isinstance(event, garden.PIECES):
            self._check_open(event)
            return self._record_piece(event)
        if isinstance(event, fight.ThrowEvent):
            self._check_open(event)
            self._check_throw(event)
            return self._appended(event, self._state_after_piece(Entry(len(self.history().entries) + 1, event)))
        return super().record(event)

    def _record_piece(self: "GardenGame", event) -> "GardenGame":
        mine = self.current_mine()
        garden.check(self.garden(), event, self.board, self.players,
                     self.board.name_of(mine) if mine is not None else None, self.display)
        # then the round's limits: the Terrain token a miniature takes, the Action token of a cat move
        turns.check(self.state.play.round, self.garden(), event, self.players, self.display, self.board)
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

    def _check_step(self: "GardenGame", event) -> None:
        """The core's checks, no accusation (a saved one is loaded, never recorded), and where a question is
        asked from: never the cat's cell, and the cell where its asker just placed their miniature."""
        if isinstance(event, SavedAccusation):
            raise InputError(self.no_accusation())
        super()._check_step(event)
        turns.check(self.state.play.round, self.garden(), event, self.players, self.display, self.board)
        if isinstance(event, (ClueEvent, mirror.AskedEvent)) and event.clue.spec.question:
            if event.clue.args[0] == self.garden().cat:
                # rules: no miniature stands on the cat's cell, and a question is asked from one's miniature
                raise InputError(_("the cat is on {cell}: no miniature stands there, so no question is asked "
                                   "from it").format(cell=self.garden().cat))
            self._check_asked_from(event)

    def _record_checked(self: "GardenGame", event) -> "GardenGame":
        """A fight starts a round; a question put to me moves the opponents' maps, never my sheet; a question
        I or another player asked is checked against the fight's order."""
        entry = Entry(len(self.history().entries) + 1, event)
        if isinstance(event, fight.FightEvent):
            event.ranking(self.display)  # a throw that does not fit the ties is refused
            return self._appended(event, self._state_after(entry, self.sheet()))
        if isinstance(event, mirror.AskedEvent):
            fight.check(self, event.by, [garden.ME], event.power)
            mirror.check(self, event)
            return self._appended(event, self._state_after(entry, self.sheet()))
        if isinstance(event, ClueEvent) and event.clue.spec.question:
            fight.check(self, event.by or garden.ME, event.items(), event.power)
        return super()._record_checked(event)

    def _closed_because(self: "GardenGame", step: type | None = None) -> str | None:
        """Why no entry (of type ``step``) may be recorded now: the game finished, or its tally tied (only the
        gnome throw that settles it then)."""
        end = self.outcome()
        if end.finished or not end.tied or step is fight.ThrowEvent:
            return super()._closed_because(step)
        return _("the tally is tied: {result}; record the gnome throw that settles it ({step}), or take back the "
                 "last entry (undo)").format(result=result_said(end), step=fight.throw_step())

    def _check_asked_from(self: "GardenGame", event) -> None:
        """A question is asked from the cell where its asker just placed their miniature, when the log knows
        that cell (rules: "depuis la case où il vient de placer sa statuette")."""
        asker = event.by or garden.ME
        cells = garden.asked_from(self.garden(), asker)
        if not self._may_ask_from(asker, event.clue.args[0]):
            said = _("you placed a miniature on {cells} this turn: the question is asked from there (rules: \"depuis "
                     "la case où il vient de placer sa statuette\"), not from {cell}") \
                if asker == garden.ME else \
                _("{player} placed a miniature on {cells} this turn: the question is asked from there (rules: "
                  "\"depuis la case où il vient de placer sa statuette\"), not from {cell}")
            raise InputError(said.format(player=self.display(asker), cells=", ".join(cells), cell=event.clue.args[0]))

    def _may_ask_from(self: "GardenGame", asker: str, cell: str) -> bool:
        """Whether ``asker`` may ask a question from ``cell`` now: from the miniature they placed this turn,
        when the log knows it (rules: "depuis la case où il vient de placer sa statuette"); else anywhere."""
        placed = garden.asked_from(self.garden(), asker)
        return not placed or cell in placed

    def _check_throw(self: "GardenGame", event: fight.ThrowEvent) -> None:
        """A gnome throw settles a tied tally, won by one of the tied players."""
        end = self.outcome()
        if not end.tied:
            raise InputError(_("no tie to settle: a gnome throw is recorded once the tally is tied"))
        tied = [self.player(name) for name in end.tied]
        if event.player not in tied:
            said = _("you are not tied: the throw is won by one of {players}") if event.player == garden.ME else \
                _("{player} is not tied: the throw is won by one of {players}")
            raise InputError(said.format(player=self.display(event.player),
                                         players=join_names(self.addressed(p) for p in tied)))

    def _check_taken_back(self: "GardenGame", taken: Entry) -> None:
        """Every piece recorded after the entry taken back still allowed without it, and every step the round
        allowed with it (a question after the miniature taken back, a miniature on a terrain it freed); else the
        refusal names the entries that depend on it (a token on the miniature taken back, a miniature moved from
        its cell, the question asked from it): those are taken back first, never silently with it."""
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
        known = {entry.number for entry, unused in broken}
        broken = sorted([*broken, *(found for found in self._round_broken(taken) if found[0].number not in known)],
                        key=lambda found: found[0].number)
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

    def _round_broken(self: "GardenGame", taken: Entry) -> list[tuple[Entry, str]]:
        """The entries after ``taken`` that the round allows while it stands and refuses once it is taken back,
        each with the refusal (one the log held already, loaded as heard, is not laid at its door). This game is
        the one without ``taken``."""
        standing = self.standing()
        if not standing or standing[-1].number < taken.number:
            return []  # the last entry (an undo): nothing after it
        with_it = without = self._play_start()
        broken = []
        for entry in sorted([*standing, taken], key=lambda entry: entry.number):
            if entry.number > taken.number:
                event = entry.event
                reason = turns.refusal(without.round, without.garden, event, self.players, self.display, self.board)
                if reason is not None and turns.refusal(with_it.round, with_it.garden, event, self.players,
                                                        self.display, self.board) is None:
                    broken.append((entry, reason))
            with_it = self._play_after(with_it, entry)
            if entry.number != taken.number:
                without = self._play_after(without, entry)
        return broken

    def _check_loot(self: "GardenGame", event: garden.LootEvent) -> None:
        """A loot card agrees with the log: one card per player (unless it replaces a misheard one), and
        never against the clues: the refusal names the fewest clues it conflicts with."""
        in_set = self.state.in_set
        shown = [entry for entry in in_set if isinstance(entry.event, garden.LootEvent)
                 and entry.event.player == event.player]
        who = self.display(event.player)
        if shown and not event.replace:
            earlier = shown[-1]
            raise InputError(_("{player}'s loot card is recorded already (entry {number}: {cell}): one card each; "
                               "if it was misheard, add --replace to record {new} instead").format(
                player=who, number=earlier.number, cell=cast(garden.LootEvent, earlier.event).cell, new=event.cell))
        if event.replace and not shown:
            raise InputError(_("no loot card of {player} is recorded yet: leave out --replace").format(player=who))
        sheet = self.sheet()
        if shown:  # the sheet without the card it replaces
            sheet = Sheet.start(self.board, self.items, self.current_mine(),
                                self._facts([entry for entry in in_set if entry not in shown]))
        number = len(self.history().entries) + 1
        sheet.add(event.facts(self.board, number), _("the loot card {cell} shown by {player}").format(
            player=who, cell=event.cell))

    def _check_next_loot(self: "GardenGame", event: garden.SetEvent) -> None:
        """The next set's loot: not on a pond, and given when my loot is tracked and the match goes on."""
        if event.next_mine is not None and self.board.parse_cell(event.next_mine) in self.board.ponds:
            raise InputError(_("{cell} is a pond: no loot lies on a pond").format(cell=event.next_mine))
        after = garden.apply(self.garden(), event)
        if event.next_mine is None and self.current_mine() is not None and garden.match_winner(after) is None:
            raise InputError(_("the match goes on: add --next-mine CELL, your loot card for the next set"))

    def _state_after_piece(self: "GardenGame", entry: Entry) -> State:
        """The state once a piece, a token, a loot card, the end of a set or a gnome throw is recorded, nothing
        replayed."""
        state, event = self.state, entry.event
        history = appended(state.history, event)
        play = self._play_after(state.play, entry)
        if isinstance(event, garden.SetEvent):  # a new set: a blank sheet, my new loot
            mine = self._next_mine(event)
            return state._replace(history=history, in_set=(), mine=mine, play=play,
                                  sheet=Sheet.start(self.board, self.items, mine))
        in_set = Chain.of(state.in_set) + (entry,)
        if isinstance(event, garden.LootEvent):  # only the latest card of a player counts (GardenGame._facts)
            sheet = Sheet.start(self.board, self.items, state.mine, self._facts(in_set)) if event.replace or any(
                isinstance(e.event, garden.LootEvent) and e.event.player == event.player for e in state.in_set) \
                else state.sheet.with_facts(event.facts(self.board, entry.number))
        else:
            sheet = state.sheet
        return state._replace(history=history, in_set=in_set, play=play, sheet=sheet)
