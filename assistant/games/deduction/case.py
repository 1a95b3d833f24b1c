# mypy: disable-error-code="misc"
"""The case a deduction game makes: accusations, the cases they close, who they put out, the end of it.

Where everyone hunts the same items (the city, a board the player added), an accusation is a step: a
right one closes its item's case and wins (rules: "S'il a la bonne réponse, il gagne la partie"); a wrong
one puts its accuser out (rules: "S'il s'est trompé, il est éliminé"). ``Case`` holds those rules for
``DeductionGame``, along with what the table hears of the case: the summary, the report, the notes on
a saved log, the entry a clue repeats.
"""

from typing import TYPE_CHECKING, cast

from assistant.engine.cells import Cell
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import said as grammar_said
from assistant.engine.i18n import _, ngettext
from assistant.engine.log import Entry
from assistant.engine.registry import ME, Outcome
from assistant.engine.sheet import whose
from assistant.engine.words import join_clauses, join_names
from assistant.games.deduction.events import AccuseEvent, ClueEvent, repeats

if TYPE_CHECKING:
    from assistant.games.deduction.game import DeductionGame


class Case:
    """The accusations of a deduction game and what they lead to (a mixin of ``DeductionGame``)."""

    @property
    def accusing(self: "DeductionGame") -> bool:
        """Whether an accusation is a step of this game: here, on every board (a game whose rules have none
        says so)."""
        return True

    def no_accusation(self: "DeductionGame") -> str:
        """The refusal of an accusation where the rules have none: a game whose ``accusing`` is False says it."""
        raise NotImplementedError

    def _accused(self: "DeductionGame", closed: dict[str, Cell], out: dict[str, Entry],
                 entry: Entry) -> tuple[dict[str, Cell], dict[str, Entry]]:
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

    def closed(self: "DeductionGame", item: str) -> Cell | None:
        """The cell of a right accusation about ``item`` still standing, if any."""
        return self.state.closed.get(item)

    def out(self: "DeductionGame") -> dict[str, Entry]:
        """The players out of the game, each with the standing wrong accusation that put them out."""
        return self.state.out

    def out_line(self: "DeductionGame") -> str | None:
        """'out: Ana (accused C2), me (accused B3)', or None while everybody is in."""
        if not self.state.out:
            return None
        return _("out: {players}").format(players=join_names(
            _("{player} (accused {cell})").format(player=self.display(player), cell=_accused_cell(entry))
            for player, entry in self.state.out.items()))

    def _check_case(self: "DeductionGame", event) -> None:
        """Refuse an accusation by a player out, and any step about a case already closed."""
        if isinstance(event, AccuseEvent) and event.by in self.state.out:
            # rules: a wrong accuser "est éliminé ... La partie continue alors avec les autres joueurs."
            message = (_("you are out since your wrong accusation on {cell}: only players still in the game accuse")
                       if event.by == ME else
                       _("{player} is out since a wrong accusation on {cell}: only players still in the game accuse"))
            raise InputError(message.format(player=event.by, cell=_accused_cell(self.state.out[event.by])))
        for item in event.items():
            cell = self.closed(item)
            if cell is not None:
                raise AssistantError(_("the case of {item} is closed ({cell} was the right cell): undo the "
                                       "accusation to reopen it").format(item=self.board.local_item(item),
                                                                        cell=self.board.name_of(cell)))

    def case_outcome(self: "DeductionGame") -> Outcome:
        """Closed once every hidden place is; the right accuser wins (rules: "S'il a la bonne réponse, il gagne
        la partie"); a right accusation saved before --by was asked for has no recorded winner. Everyone
        named in the log plays (those a wrong accusation put out among them)."""
        players = (self.known_as(ME), *self.named())
        if not all(self.closed(item) is not None for item in self.items):
            return Outcome(False, players)
        accusers = [entry.event.by for entry in self.state.in_set
                    if isinstance(entry.event, AccuseEvent) and entry.event.right]
        winners = tuple(dict.fromkeys(self.known_as(by) for by in accusers if by is not None))
        note = None if winners else _("case closed; its winner was not recorded (the right accusation has no --by)")
        return Outcome(True, players, winners, note=note)

    def next_game(self: "DeductionGame") -> str:
        """The command that starts the next game with the same table."""
        if self.board.per_opponent:
            return _("new {board} --opponents {names}").format(board=self.board.name, names=",".join(self.opponents))
        return _("new {board}").format(board=self.board.name)

    def notes(self: "DeductionGame") -> dict[int, str]:
        """What a saved log holds that recording refuses now, entry by entry: loaded as it was heard, each said
        in ``history`` (a right accusation saved without its accuser)."""
        notes = ((entry.number, self._note(entry.event)) for entry in self.standing())
        return {number: note for number, note in notes if note is not None}

    def _note(self: "DeductionGame", event) -> str | None:
        if isinstance(event, AccuseEvent) and event.right and event.by is None and not self.board.per_opponent:
            return _("saved without --by: its winner was not recorded")
        return None

    def told(self: "DeductionGame", entry: Entry) -> list[str]:
        """What the table hears about ``entry`` beyond its step: the earlier entry it repeats (it adds
        nothing, though another player may well ask the same)."""
        if not isinstance(entry.event, (ClueEvent, AccuseEvent)):
            return []
        this_set = [e for e in self.state.in_set if e.number < entry.number]  # a new set's sheet starts blank
        repeated = next((e for e in reversed(this_set) if repeats(entry.event, e.event)), None)
        if repeated is None:
            return []
        return [_("it repeats entry {number} ({step}): it adds nothing to the sheet").format(
            number=repeated.number, step=grammar_said(self, self.step(repeated.event)))]

    def summary(self: "DeductionGame") -> str:
        """One line: the cells left per opponent, and who is out."""
        sheet = self.sheet()
        out = self.out_line()
        return join_clauses([*(ngettext("{item}: {count} cell left", "{item}: {count} cells left", count)
                               .format(item=self.board.local_item(item), count=count)
                               for item in self.items for count in [len(sheet.candidates(item))]),
                             *([out] if out else [])])

    def report(self: "DeductionGame") -> list[str]:
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
                lines.append(_("you are out: keep following the clues to see who wins") if player == ME else
                             _("{player} is out: a wrong accusation leaves the game").format(player=player))
        if latest is not None and isinstance(latest.event, AccuseEvent) and latest.event.right and latest.event.by:
            # rules: "S'il a la bonne réponse, il gagne la partie"
            lines.append(_("you win the game") if latest.event.by == ME else
                         _("{player} wins the game").format(player=latest.event.by))
        match = self.match_score()
        return lines + ([match] if match else [])


def _accused_cell(entry: Entry) -> str:
    """The cell of the wrong accusation that put a player out (``State.out`` holds those entries only)."""
    return cast(AccuseEvent, entry.event).cell
