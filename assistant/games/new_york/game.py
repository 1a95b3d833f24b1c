"""The city's game: the deduction core (``DeductionGame``) with the city's accusations.

Enquêtes à New York is a case: everyone hunts the same hidden places, and the statements heard are clue
kinds of the engine (``assistant.engine.clues``). ``CityGame`` adds, on the core's hooks, the accusation
(``accusation.AccuseEvent``): a right one closes its item's case and wins (rules: "S'il a la bonne
réponse, il gagne la partie"); a wrong one puts its accuser out (rules: "S'il s'est trompé, il est
éliminé"). The cases closed and the players out are what its rules keep of the log (``Case``, the state's
``play``). A board the player added where everyone hunts the same items is played by these rules too
(``claims``).
"""

from typing import TYPE_CHECKING, Any, ClassVar, cast

from assistant.engine.board import Board
from assistant.engine.cells import Cell
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import Form
from assistant.engine.i18n import DEFAULT, _, language
from assistant.engine.log import Entry
from assistant.engine.records import NamedTuple
from assistant.engine.registry import ME, Outcome
from assistant.engine.words import join_names
from assistant.games.deduction.events import FRENCH_VERDICTS, VERDICTS, ClueEvent
from assistant.games.deduction.game import DeductionGame
from assistant.games.new_york.accusation import AccuseEvent


class Case(NamedTuple):
    """What the city's rules keep of the log (``State.play``)."""

    closed: dict[str, Cell]  # items whose case a right accusation closed
    out: dict[str, Entry]  # players out of the game, each with the wrong accusation that put them out


MOST_PLAYERS = 6  # rules: "De 2 à 6 joueurs", me included


class CityGame(DeductionGame):
    """A game of Enquêtes à New York: clues, the statements of its cards, accusations."""

    STEPS: ClassVar[tuple[Any, ...]] = (ClueEvent, AccuseEvent)
    STEP_OF_FORM: ClassVar[dict[int, Any]] = {id(step.FORM): step for step in STEPS}  # by identity: fast
    FACT_STEPS: ClassVar[tuple[Any, ...]] = (ClueEvent, AccuseEvent)

    @classmethod
    def claims(cls, board: Board) -> bool:
        """A board the player added where everyone hunts the same items is played by the city's rules."""
        return not board.per_opponent

    @classmethod
    def step_forms(cls, saved: bool) -> tuple[Form, ...]:
        """The core's steps with the accusation after the clue."""
        clue, *rest = super().step_forms(saved)
        return (clue, AccuseEvent.FORM, *rest)

    def values(self, slot: str) -> tuple[str, ...]:
        """The values of this game that fit ``slot`` (for completion): the core's, and an accusation's verdict."""
        return VERDICTS if slot == "verdict" else super().values(slot)

    def said_value(self, slot: str, word: str) -> str:
        """A word of a saved step said in the language spoken: the core's, and an accusation's verdict."""
        if slot == "verdict" and language() != DEFAULT:
            return FRENCH_VERDICTS.get(word, word)
        return super().said_value(slot, word)

    def player(self, text: str) -> str:
        """A player named at the table (``DeductionGame.player``): a new name only while the table is not
        full; a saved log loads as heard."""
        found = super().player(text)
        named = self.named()
        if found not in named and found != ME and not self.reading_saved and len(named) + 1 >= MOST_PLAYERS:
            # rules: "De 2 à 6 joueurs"
            raise InputError(_("{player} would be a seventh investigator: the game is played by 2 to 6 players "
                               "(rules: \"De 2 à 6 joueurs\"), you and {players}; name one of them").format(
                player=text, players=join_names(named)))
        return found

    # -- the case, replayed ---------------------------------------------------------------

    def _play_start(self) -> Case:
        return Case({}, {})

    def _play_after(self, play: Case, entry: Entry) -> Case:
        """The closed cases and the players out once ``entry`` stands: a right accusation closes its item's
        case; a wrong one puts its accuser out (rules: "S'il s'est trompé, il est éliminé")."""
        event = entry.event
        if not isinstance(event, AccuseEvent):
            return play
        if event.right:
            return play._replace(closed={event.item: self.board.parse_cell(event.cell), **play.closed})
        if event.by is not None:
            return play._replace(out={**play.out, event.by: play.out.get(event.by, entry)})
        return play

    def closed(self, item: str) -> Cell | None:
        """The cell of a right accusation about ``item`` still standing, if any."""
        return self.state.play.closed.get(item)

    def out(self) -> dict[str, Entry]:
        """The players out of the game, each with the standing wrong accusation that put them out."""
        return self.state.play.out

    def out_line(self) -> str | None:
        """'out: Ana (accused C2), you (accused B3)', or None while everybody is in."""
        if not self.out():
            return None
        return _("out: {players}").format(players=join_names(
            _("{player} (accused {cell})").format(player=self.addressed(player), cell=_accused_cell(entry))
            for player, entry in self.out().items()))

    # -- recording ------------------------------------------------------------------------

    def _check_step(self, event) -> None:
        """The core's checks; an accusation by a player out, and any step about a case already closed, are
        refused."""
        super()._check_step(event)
        out = self.out()
        if isinstance(event, AccuseEvent) and event.by in out:
            # rules: a wrong accuser "est éliminé ... La partie continue alors avec les autres joueurs."
            message = (_("you are out since your wrong accusation on {cell}: only players still in the game accuse")
                       if event.by == ME else
                       _("{player} is out since a wrong accusation on {cell}: only players still in the game accuse"))
            raise InputError(message.format(player=event.by, cell=_accused_cell(out[event.by])))
        for item in event.items():
            cell = self.closed(item)
            if cell is not None:
                raise AssistantError(_("the case of {item} is closed ({cell} was the right cell): undo the "
                                       "accusation to reopen it").format(item=self.board.local_item(item),
                                                                        cell=self.board.name_of(cell)))

    # -- the end of the game and what the table hears ---------------------------------------

    def outcome(self) -> Outcome:
        """Closed once every hidden place is; the right accuser wins (rules: "S'il a la bonne réponse, il gagne
        la partie"); a right accusation saved before --by was asked for has no recorded winner. Everyone
        named in the log plays (those a wrong accusation put out among them)."""
        players = (self.known_as(ME), *self.named())
        if not all(self.closed(item) is not None for item in self.items):
            return Outcome(False, players, me=self.known_as(ME))
        accusers = [entry.event.by for entry in self.state.in_set
                    if isinstance(entry.event, AccuseEvent) and entry.event.right]
        winners = tuple(dict.fromkeys(self.known_as(by) for by in accusers if by is not None))
        note = None if winners else _("case closed; its winner was not recorded (the right accusation has no --by)")
        return Outcome(True, players, winners, note=note, me=self.known_as(ME))

    def notes(self) -> dict[int, str]:
        """What a saved log holds that recording refuses now, entry by entry: loaded as it was heard, each said
        in ``history`` (a right accusation saved without its accuser)."""
        return {entry.number: _("saved without --by: its winner was not recorded") for entry in self.standing()
                if isinstance(entry.event, AccuseEvent) and entry.event.right and entry.event.by is None}

    def _repeats(self, event, earlier) -> bool:
        """Whether ``event`` says nothing ``earlier`` did not: a clue already heard, or the same accusation."""
        if isinstance(event, AccuseEvent):
            return event == earlier
        return super()._repeats(event, earlier)

    def _latest_news(self) -> list[str]:
        """Who the latest entry put out, and who it made win."""
        standing = self.standing()
        if not standing:
            return []
        latest = standing[-1]
        lines = [_("you are out: keep following the clues to see who wins") if player == ME else
                 _("{player} is out: a wrong accusation leaves the game").format(player=player)
                 for player, entry in self.out().items() if entry.number == latest.number]
        if isinstance(latest.event, AccuseEvent) and latest.event.right and latest.event.by:
            # rules: "S'il a la bonne réponse, il gagne la partie"
            lines.append(_("you win the game") if latest.event.by == ME else
                         _("{player} wins the game").format(player=latest.event.by))
        return lines


def _accused_cell(entry: Entry) -> str:
    """The cell of the wrong accusation that put a player out (``Case.out`` holds those entries only)."""
    return cast(AccuseEvent, entry.event).cell


if TYPE_CHECKING:  # mypy checks the class against the game contract (engine/contract.py)
    from assistant.engine.contract import SheetGame

    _checked: type[SheetGame] = CityGame
