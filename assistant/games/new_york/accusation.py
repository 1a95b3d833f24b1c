"""The city's accusation: a step that says the hidden cell is (right) or is not (wrong) a cell.

``AccuseEvent`` owns its words (``FORM``, ``from_words``, ``words``) and what it tells about the hidden
cells (``facts``), as every step does (``assistant.games.deduction.events``). Where everyone hunts the same
items, ``--by`` names the accuser: a right accuser wins, a wrong one is out (``CityGame``).
"""

from typing import TYPE_CHECKING, ClassVar

from assistant.engine.board import Board
from assistant.engine.errors import InputError
from assistant.engine.grammar import Form
from assistant.engine.i18n import N_, _
from assistant.engine.records import NamedTuple
from assistant.engine.registry import ME
from assistant.engine.sheet import Fact
from assistant.engine.words import Options
from assistant.games.deduction.events import ASKER, OPPONENT, read_verdict, verdict_facts

if TYPE_CHECKING:
    from assistant.games.deduction.game import DeductionGame


class _AccuseEventFields(NamedTuple):
    cell: str
    right: bool
    item: str
    by: str | None = None


class AccuseEvent(_AccuseEventFields):
    """An accusation heard at the table: the hidden cell is (right) or is not (wrong) ``cell``.

    ``by`` is who accused: a wrong accuser is out of the game. None: not said (as every accusation saved
    before ``--by``). ``item``: which hidden item, where a board hides several (``--opponent``)."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("accuse", "accuser"), ("cell", "verdict"), (OPPONENT, ASKER),
        N_("accuse CELL right|wrong [--by NAME]"), french="accuser")

    @classmethod
    def from_words(cls, game: "DeductionGame", found: Options) -> "AccuseEvent":
        """Read ``C4 wrong --by Ana`` (also faux, --par) or ``C4 right`` (also juste)."""
        if len(found.positional) != 2:
            raise InputError(_("write: {usage}").format(usage=_(cls.FORM.usage)))
        cell, verdict = found.positional
        name = game.cell_name(cell)
        right = read_verdict(verdict)
        by = found.last("by")
        accuser = game.player(by) if by is not None else None
        if accuser is None and right and not game.reading_saved:
            # rules: "S'il a la bonne réponse, il gagne la partie": the right accuser wins, me unless --by says
            # otherwise; a log saved before this default keeps its accusation without an accuser (see outcome)
            accuser = ME
        return cls(name, right, game.one_item(found.last("opponent")), accuser)

    def words(self, game: "DeductionGame") -> list[str]:
        words = ["accuse", self.cell, "right" if self.right else "wrong"]
        if len(game.items) > 1:
            words += ["--opponent", self.item]
        if self.by is not None:
            words += ["--by", self.by]
        return words

    def facts(self, board: Board, number: int) -> list[Fact]:
        return verdict_facts(board, number, self.item, self.cell, self.right)

    def items(self) -> list[str]:
        return [self.item]
