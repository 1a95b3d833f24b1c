"""An accusation a garden's log saved while the garden still heard one: read as heard, never typed.

The garden's rules have no accusation (each loot card, shown at the end, says where that loot is); a log
saved with one loads, says what it said of the opponent's loot, and ``history`` notes the step is none of
the garden's (``GardenGame.notes``)."""

from typing import ClassVar

from assistant.engine.errors import InputError
from assistant.engine.grammar import Form
from assistant.engine.i18n import N_, _
from assistant.engine.records import NamedTuple
from assistant.engine.sheet import Fact
from assistant.engine.words import Options
from assistant.games.deduction.events import OPPONENT, read_verdict, verdict_facts


class _SavedAccusationFields(NamedTuple):
    cell: str
    right: bool
    item: str


class SavedAccusation(_SavedAccusationFields):
    """An accusation saved in a garden's log: the opponent's loot is (right) or is not (wrong) on ``cell``."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(("accuse", "accuser"), ("cell", "verdict"), (OPPONENT,),
                                N_("accuse CELL right|wrong [--opponent NAME]"), french="accuser")

    @classmethod
    def from_words(cls, game, found: Options) -> "SavedAccusation":
        """Read ``C4 wrong --opponent red`` (also faux, --adversaire)."""
        if len(found.positional) != 2:
            raise InputError(_("write: {usage}").format(usage=_(cls.FORM.usage)))
        cell, verdict = found.positional
        return cls(game.cell_name(cell), read_verdict(verdict), game.one_item(found.last("opponent")))

    def words(self, game) -> list[str]:
        words = ["accuse", self.cell, "right" if self.right else "wrong"]
        return words + (["--opponent", self.item] if len(game.items) > 1 else [])

    def facts(self, board, number: int) -> list[Fact]:
        return verdict_facts(board, number, self.item, self.cell, self.right)

    def items(self) -> list[str]:
        return [self.item]
