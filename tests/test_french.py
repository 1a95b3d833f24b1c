"""French a French table would sign (issue 35): counts through ngettext, no English word in a French line,
no-break spaces that Rich and Textual keep when they wrap a line.

The catalogue is walked message by message; the pictures are drawn in French and read back.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from rich.console import Console
from rich.text import Text

from assistant.engine import commands, i18n

CATALOGUE = Path(__file__).parent.parent / "assistant/locale/fr/LC_MESSAGES/assistant.po"
NO_BREAK = "\u00a0\u202f"
# A French word after a number that says "several": "{points} points" must come from ngettext ("1 point").
PLURAL_AFTER_NUMBER = re.compile(rf"\{{(\w+)\}}[ {NO_BREAK}]([a-zéèêàû'-]+[sx])\b")
NOT_A_NOUN = {"dans", "puis", "des", "vous", "les", "après", "sous", "sans", "plus", "pas", "mais", "ses", "leurs",
              "vos", "nos", "mes", "ces", "aux", "alors", "donc", "parmi", "depuis", "tous", "trois", "deux"}
# Messages whose number is not yet said through ngettext. Most are never 1 (a limit, a hand of 7 or more
# cards, a pile of several); the others are still to convert. The list may only shrink: a new message with
# a count goes through ngettext.
NOT_YET_NGETTEXT = {
    '--order lists {listed} tricks, but a hand of {count} players has {hand}',
    'a board has at most {most} cells (got {rows}x{columns} = {cells})',
    'a number of {count} digits (at most {most})',
    'a trick has one card per player: {count} cards (got {got})',
    "a trick holds {count} cards, so each player's pile is a multiple of {count} (got {piles})",
    "whoever holds it takes {count} cards from a player's hand and gives {count} back; the rule text leaves the "
    "timing open: after its trick, by whoever played it, or before the first trick, as the online version plays it "
    "(take NAME CARD... --back CARD,... [--by NAME])",
    'at most {limit} opponents (got {count})',
    'at most {limit} opponents (got {count}) ({board} is played by at most {gangs} gangs)',
    'clue {number}: {asked}: worth {bits} bits, gave {gained}; best then: {best} ({best_bits} bits)',
    'exact: each hidden cell uniform over its sheet ({total} placements fit)',
    'game {name} is full ({events} entries): nothing was written; start another game (assistant new ...) to go on',
    'in all: {asked} bits expected from your questions, {best} from the best',
    'in all: {asked} bits expected from your questions, {best} from the best ({share} of the best)',
    'new {board} --opponents {names}',
    'notice: the path of {count} flagstones ({half} a side) is unverified: from public sources, check your box; '
    'if yours differs: assistant tug new --flagstones N',
    'the tricks add up to {sum}, but a hand of {count} players has {hand} tricks',
    'your {count} miniatures are in the garden: the one you place is moved (assistant miniature me CELL --from CELL)',
    '{bits} bits',
    '{bits} bits, saves {turns} turns',
    '{count} opponents cannot hide on {cells} cells',
    '{expected} cells expected on their sheets, {worst} at worst',
    '{first} to the first player to win {tricks} tricks, {second} to the second, and so on',
    '{path}.effect: expected some of {names}',
    '{path}.{key}: unknown key (expected some of {keys})',
    '{path}: file too large (over {limit} bytes)',
    '{path}: file too large ({size} bytes; the limit is {limit})',
    '{path}: line {line}: more than {most} values (no data file of ours needs as many)',
    '{path}: line {line}: nested more than {most} deep (no data file of ours needs more than a few levels)',
    '{players}; hands of {hand} cards',
    '{players}; hands of {hand} cards (the green 2 stays in the box)',
    '{player} has all {count} miniatures in the garden already: move one with --from CELL',
    '{player} has only {baits} Bait tokens',
    '{player} has only {moles} Mole tokens at {players} players',
    "{player}'s {nth} {token}: each player has {limit} {token} tokens at {count} players",
    '{player}: expected {points} points in the last deal, got {got}',
    '{points} if you lost {length} tricks in a row',
    '{points} if you won {length} tricks in a row',
    '{points} per trick won among the first {count}',
    '{points} per trick won among the last {count}',
    '{what} is too long: at most {most} characters (got {count})',
}


def french_messages():
    with CATALOGUE.open("rb") as file:
        catalogue = read_po(file)
    return [message for message in catalogue if message.id]


def strings(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_every_french_message_with_a_count_goes_through_ngettext():
    singular_with_count = set()
    for message in french_messages():
        if isinstance(message.id, tuple):
            continue
        if any(hit.group(2) not in NOT_A_NOUN for hit in PLURAL_AFTER_NUMBER.finditer(message.string)):
            singular_with_count.add(message.id)
    assert singular_with_count - NOT_YET_NGETTEXT == set(), "use ngettext for these"
    assert NOT_YET_NGETTEXT - singular_with_count == set(), "converted: take them out of NOT_YET_NGETTEXT"


def test_the_winner_s_points_agree_with_their_number():
    """Issue 35: "Léa gagne avec 1 points"."""
    i18n.use("fr")
    said = i18n.ngettext("{player} wins with {points} point and becomes the boss of 75 Gnom' Street",
                         "{player} wins with {points} points and becomes the boss of 75 Gnom' Street", 1)
    assert said.format(player="Léa", points=1).startswith("Léa gagne avec 1 point et")
    said = i18n.ngettext("{player} wins with {points} point and becomes the boss of 75 Gnom' Street",
                         "{player} wins with {points} points and becomes the boss of 75 Gnom' Street", 2)
    assert said.format(player="Léa", points=2).startswith("Léa gagne avec 2 points et")


def test_french_punctuation_has_its_no_break_space():
    """A no-break space before : ; ! ? and inside « » (U+00A0, or the narrow U+202F)."""
    wrong = []
    for message in french_messages():
        for text in strings(message):
            text = re.sub(r"\{[^}]*\}", "X", text)
            if re.search(r" [:;!?](\s|$)", text) or "« " in text or " »" in text:
                wrong.append(text)
    assert wrong == []


@pytest.mark.parametrize("width", [18, 23, 31, 44, 57])
def test_rich_keeps_the_no_break_spaces_when_it_wraps(width):
    """Rich (and Textual, which wraps with Rich) breaks at any Unicode space: pictures.py teaches it not to."""
    from assistant.faces import pictures  # noqa: F401  (its import makes the wrap keep the no-break spaces)

    console = Console(width=width, file=io.StringIO(), color_system=None)
    for message in french_messages():
        for text in strings(message):
            if any(space in text for space in NO_BREAK) and text[:1] not in NO_BREAK:  # not a piece glued on
                console.print(Text(text.replace("{", "").replace("}", "")))
    for line in console.file.getvalue().splitlines():
        assert not re.match(r"\s*([:;?»]|!(?!!))", line), line  # '!!! ' opens a warning: it starts a line
        assert not line.rstrip().endswith("«"), line


def test_no_slot_name_is_left_in_english():
    """Issue 35: Tab after --lancer said "rien à compléter ici (players)"."""
    i18n.use("fr")
    same_in_both = {"direction", "position", "verdict"}  # French words too
    for slot in ("card", "cell", "colour", "deal", "entry", "fighter", "opponent", "player", "players", "power",
                 "quest", "scout", "special", "token", "trick", "tricks", "won"):
        assert commands.slot_said(slot) != slot, slot
    assert all(commands.slot_said(slot) == slot for slot in same_in_both)


def test_no_french_line_names_a_card_or_a_slot_in_english():
    """Walk the catalogue: outside placeholders, options and quoted data keys, no French line holds an English
    card id of Le Roi des Nains or a slot name of the grammar."""
    import yaml

    board = yaml.safe_load((Path(__file__).parent.parent / "boards/roi-des-nains.yaml").read_text(encoding="utf-8"))
    cards = {card["id"] for card in board.get("specials", []) if card.get("fr", "").lower() != card["id"]}
    english = cards | {"opponent", "fighter", "token", "entry", "shaman"}  # 'opponents' and 'colour' are data keys
    found = []
    for message in french_messages():
        for text in strings(message):
            words = re.sub(r"\{[^}]*\}|--[\w-]+|'[^']*'|\w+\s*:|\w+\.\w+", " ", text)  # data keys: 'players:'
            found += [(word, text) for word in re.findall(r"[\w-]+", words) if word in english]
    assert found == []
