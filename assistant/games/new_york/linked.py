"""What an act at an Enquêtes à New York table becomes on the other sheets of that table (``Acts.copies``).

Each investigator's phone keeps its own sheet. A clue card is read by the one who drew it alone (rules:
"il tire une carte ... qui lui donne un indice", "Il conserve cette carte"), and so is a card taken from an
opponent's hand by spying (rules: "Il note l'indice inscrit dessus, puis il la lui rend"): a clue stays on
its own sheet. An accusation is said aloud (rules: "il dit : « Je pense que le voleur et le diamant volé
sont ici. »") and its verdict reaches the whole table: a right accuser "montre le résultat aux autres
joueurs", a wrong one "est éliminé", which tells everyone the cell was not it. An accusation entered on one
phone reaches every sheet of the table, its accuser said as each sheet says them.
"""

from typing import TYPE_CHECKING

from assistant.engine.registry import Copy
from assistant.games.deduction.linking import seen_from
from assistant.games.new_york.accusation import AccuseEvent

if TYPE_CHECKING:
    from assistant.games.new_york.game import CityGame


def copies(origin: "CityGame", event, owner: str, other: "CityGame", other_owner: str) -> tuple[Copy, ...]:
    """An accusation as ``other_owner``'s sheet records it; nothing else reaches another sheet."""
    if not isinstance(event, AccuseEvent):
        return ()
    by = seen_from(event.by, owner, other, other_owner) if event.by is not None else None
    return (Copy(other.step(event._replace(by=by))),)


if TYPE_CHECKING:  # mypy checks the function against what the store calls (engine/contract.py)
    from assistant.engine.contract import CopiesActs

    _checked_copies: CopiesActs = copies
