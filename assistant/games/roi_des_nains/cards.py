"""Le Roi des Nains cards: 39 basic cards in three suits, and 14 special cards.

A card is written rank then suit letter: ``Kg`` (king of green), ``10b``,
``Qr``; French ranks and suits work too (``Rv`` roi vert, ``Db`` dame bleue,
``Vr`` valet rouge). Special cards go by name (``flag-bearer``,
``porte-etendard``, ``dragon``) and the 1s also by ``1g``, ``1b``, ``1r``.
Ranks run 1 < 2 < ... < 10 < 11 < J < Q < K < A.
"""

from __future__ import annotations

from assistant.engine.i18n import N_, _
from assistant.engine.records import NamedTuple
from assistant.engine.words import key

SUITS = ("green", "blue", "red")
SUIT_WORDS = {
    "g": "green", "green": "green", "v": "green", "vert": "green", "verte": "green",
    "dwarves": "green", "dwarf": "green", "nains": "green", "nain": "green",
    "b": "blue", "blue": "blue", "bleu": "blue", "bleue": "blue", "knights": "blue", "knight": "blue",
    "chevaliers": "blue", "chevalier": "blue",
    "r": "red", "red": "red", "rouge": "red", "goblins": "red", "goblin": "red", "gobelins": "red",
    "gobelin": "red",
}
FACES = {"j": 12, "q": 13, "k": 14, "a": 15, "v": 12, "d": 13, "r": 14,
         "jack": 12, "queen": 13, "king": 14, "ace": 15, "valet": 12, "dame": 13, "roi": 14, "as": 15}
FACE_NAMES = {12: "J", 13: "Q", 14: "K", 15: "A"}


class Card(NamedTuple):
    """One card. ``suit`` is None for a magic card; ``rank`` 1-11, 12-15 for J, Q, K, A."""

    id: str  # 'Kg', '10b', or a special's id: 'flag-bearer'
    suit: str | None
    rank: int
    special: bool = False

    @property
    def face(self) -> bool:
        return self.rank >= 12

    @property
    def value(self) -> int | None:
        """The number printed on it (1-11); faces and magic cards have none."""
        return self.rank if self.suit is not None and self.rank <= 11 else None

    @property
    def magic(self) -> bool:
        return self.suit is None


def basic_id(rank: int, suit: str) -> str:
    return f"{FACE_NAMES.get(rank, rank)}{suit[0]}"


def basic_cards(players: int) -> list[Card]:
    """The 39 basic cards; at 3 players the green 2 stays in the box."""
    ranks = [*range(2, 11), 12, 13, 14, 15]  # 2-10, J, Q, K, A: the 1s and 11s are special cards
    cards = [Card(basic_id(rank, suit), suit, rank) for suit in SUITS for rank in ranks]
    return [card for card in cards if not (players == 3 and card.id == "2g")]


def parse_rank_suit(text: str) -> tuple[int, str] | None:
    """'Kg' / '10b' / 'roi-vert' / 'K of green' -> (rank, suit); None if it is not of that form."""
    cleaned = str(text).strip().lower().replace("_", "-")
    for separator in ("-of-", " of ", " de ", "-de-", "-", " "):
        if separator in cleaned:
            rank_text, unused, suit_text = cleaned.partition(separator)
            break
    else:
        rank_text, suit_text = cleaned[:-1], cleaned[-1:]
    suit = SUIT_WORDS.get(key(suit_text))
    rank_text = rank_text.strip()
    rank = int(rank_text) if rank_text.isdigit() and rank_text.isascii() else FACES.get(key(rank_text))
    if suit is None or rank is None or not 1 <= rank <= 15:
        return None
    return rank, suit


# How the spoken language writes a card's letters: French names the faces valet, dame, roi, as
# (V, D, R, A) and the suits vert, bleu, rouge (v, b, r). Both spellings are read back (FACES, SUIT_WORDS).
RANK_LETTERS = N_("J Q K A")
SUIT_LETTERS = N_("g b r")


def rank_letters(tr=_) -> dict[str, str]:
    """{'J': 'J', ...} in English, {'J': 'V', 'Q': 'D', 'K': 'R', 'A': 'A'} in French."""
    return dict(zip("JQKA", tr(RANK_LETTERS).split(), strict=True))


def said(card: Card) -> str:
    """A card as the player writes it: 'Kg' in English, 'Rv' in French; 11g as '11v'; a magic card by its id.

    Only for what the player reads: the saved words keep the canonical id."""
    if card.suit is None:  # a magic card
        return card.id
    suit = dict(zip("gbr", _(SUIT_LETTERS).split(), strict=True))[card.suit[0]]
    rank = FACE_NAMES.get(card.rank, str(card.rank))
    return rank_letters().get(rank, rank) + suit
