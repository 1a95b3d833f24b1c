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

ROOT = Path(__file__).parent.parent
CATALOGUE = ROOT / "assistant/locale/fr/LC_MESSAGES/assistant.po"
NO_BREAK = "\u00a0\u202f"
# A French word after a number that says "several": "{points} points" must come from ngettext ("1 point").
# An option ('{names} --adversaires') is not a noun.
PLURAL_AFTER_NUMBER = re.compile(rf"\{{(\w+)\}}[ {NO_BREAK}](?!-)([a-zéèêàû'-]+[sx])\b")
NOT_A_NOUN = {"dans", "puis", "des", "vous", "les", "après", "sous", "sans", "plus", "pas", "mais", "ses", "leurs",
              "vos", "nos", "mes", "ces", "aux", "alors", "donc", "parmi", "depuis", "tous", "trois", "deux",
              "hors"}


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
    assert singular_with_count == set(), "use ngettext for these"


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


def _french_data_strings(node, under_french=False):
    """Every text under an ``fr`` key of a data file: what the tool shows a French table from the data."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _french_data_strings(value, under_french or key == "fr")
    elif isinstance(node, list):
        for value in node:
            yield from _french_data_strings(value, under_french)
    elif isinstance(node, str) and under_french:
        yield node


@pytest.mark.parametrize("path", sorted((ROOT / "scenarios").glob("*.yaml")) + sorted((ROOT / "boards").glob("*.yaml")),
                         ids=lambda path: f"{path.parent.name}/{path.name}")
def test_the_data_s_french_has_its_no_break_spaces(path):
    """Issue 35: the scenarios' French titles (shown by replay and the docs) had plain spaces before : ; ! ?"""
    import yaml

    wrong = [text for text in _french_data_strings(yaml.safe_load(path.read_text(encoding="utf-8")))
             if re.search(r" [:;!?](\s|$)", text) or "« " in text or " »" in text]
    assert wrong == []
