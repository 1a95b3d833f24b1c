"""The sheets of one table, seen from each other: a player as another sheet names them.

Each sheet of a table names its own owner ``me`` and every other player by the name they joined the table
under. An act recorded on one sheet reaches another (``registry.Acts.copied``) once its players are said
as that sheet says them: the recorder's ``me`` becomes the recorder's name, and the other sheet's owner
becomes that sheet's ``me``. The games' own ``linked`` modules say what each act becomes; this is what
they share.
"""

from assistant.engine.registry import ME
from assistant.engine.words import key


def seen_from(name: str, owner: str, other, other_owner: str) -> str:
    """Player ``name`` of a sheet owned by ``owner`` (``me`` for that owner) as sheet ``other``, owned by
    ``other_owner``, names them: ``me`` for its own owner, else one of its players (case and accents
    aside). A player ``other`` does not know is refused by ``other.player``, naming its players."""
    who = owner if name == ME else name
    if key(who) == key(other_owner):
        return ME
    return other.player(who)
