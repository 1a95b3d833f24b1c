"""French a French table would sign (issue 35): counts through ngettext, no English word in a French line,
no-break spaces that Rich and Textual keep when they wrap a line.

The catalogue is walked message by message; the pictures are drawn in French and read back.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
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


# -- Le Roi des Nains' special cards: every one has a French name (issue 35) -------------------------------


def _english_card_ids(rules) -> set[str]:
    """The ids and aliases of the special cards that are English words, not the card's French name
    ('dragon', 'clone' and 'excalibur' are spelt the same in both languages)."""
    from assistant.engine.words import key

    return {word for special in rules.specials for word in (special.id, *special.aliases)
            if key(word) != key(special.fr)}


def _english_ids_in(text: str, english: set[str]) -> list[str]:
    return [word for word in re.findall(r"[\w-]+", text) if word.lower() in english]


def _counts_quests(rules) -> list[str]:
    """Quest faces a deal scores from the tricks' counts alone, one face per tile."""
    faces: dict[str, str] = {}
    for quest in rules.quests:
        if quest.needs == "counts":
            faces.setdefault(quest.tile, quest.id)
    return list(faces.values())


def _deal_words(special, quest: str) -> list[str]:
    """``quest deal`` for ``special``: each card's effect asks for what it needs (who won it, the Scout's faces)."""
    words = ["quest", "deal", quest, "--special", special.id, "--tricks", "Ana=5,Ben=4,Cleo=4"]
    if "per_face_in_trick" in special.effect:
        return [*words, "--scout", "Ana=1"]
    return [*words, "--special-winner", "Ana"] if special.effect else words


def test_no_french_output_names_a_special_card_by_its_english_id(run, store):
    """Issue 35: "l'une de Druide, Porte-étendard, tinkerer, joker, blue-11-pass, … attendue". Every card is
    played in a deal; then each French output that can name one is read: quête liste, the pads' pictures and
    reports, the history, what Tab offers, the refusals naming the cards expected, and the catalogue's
    messages formatted with every card."""
    from test_render import picture

    from assistant.engine import grammar
    from assistant.faces import pictures as render
    from assistant.games.roi_des_nains import read_rules
    from assistant.store import yamlfile
    from assistant.store.folder import shipped_folder

    rules = read_rules(yamlfile.load(shipped_folder("boards") / "roi-des-nains.yaml"), "roi-des-nains.yaml")
    english = _english_card_ids(rules)
    assert {"druid", "tinkerer", "joker", "blue-11-pass", "scout", "red-11-swap", "puppeteer"} <= english
    quests = _counts_quests(rules)
    said: list[str] = run("--lang", "fr", "quête", "liste").stdout.splitlines()
    for pad, specials in enumerate((rules.specials[:7], rules.specials[7:]), start=1):
        assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", f"pad{pad}").exit_code == 0
        for special, quest in zip(specials, quests, strict=False):
            result = run(*_deal_words(special, quest), "--game", f"pad{pad}")
            assert result.exit_code == 0, (special.id, result.stderr)
        said += run("--lang", "fr", "quête", "montrer", "--partie", f"pad{pad}").stdout.splitlines()
        said += run("--lang", "fr", "historique", "--partie", f"pad{pad}").stdout.splitlines()
        i18n.use("fr")
        game = store.load(f"pad{pad}")
        said += picture(render.pad(game), 60).splitlines() + list(game.report())
        said += [" ".join(grammar.complete(game, "donne 1A --spéciale ")[1])]
        i18n.use("en")
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "refusals").exit_code == 0
    for words in (("--spéciale", "x"), ("--spéciale", "11r"), ("--spéciale", "11b"), ("--spéciale", "11v")):
        said.append(run("--lang", "fr", "quête", "donne", "7A", *words, "--partie", "refusals").stderr)
    run("quest", "deal", "7A", "--special", "druid", "--game", "refusals")
    said.append(run("--lang", "fr", "quête", "donne", "1A", "--spéciale", "druide", "--partie", "refusals").stderr)
    said.append(run("--lang", "fr", "quête", "pli", "Ana", "5r", "tinkerer", "9r", "--partie", "refusals").stderr)
    said.append(run("--lang", "fr", "quête", "pli", "Ana", "5r", "x", "9r", "--partie", "refusals").stderr)
    i18n.use("fr")
    for message in french_messages():
        for text in strings(message):
            if "{card}" in text or "{special}" in text:
                said += [text.format_map(_Every(card)) for special in rules.specials
                         for card in (special.said, special.shown, special.marked, special.typed)]
    found = [(word, line) for line in said for word in _english_ids_in(line, english)]
    assert found == []
    assert any("Bricoleur" in line for line in said) and any("11 rouge qui prend deux cartes" in line for line in said)


class _Every(dict):
    """A catalogue message's placeholders: every card placeholder names ``card``, the others are left blank."""

    def __init__(self, card: str):
        super().__init__()
        self.card = card

    def __missing__(self, name: str) -> str:
        return self.card if name in ("card", "special") else ""


def test_every_french_card_name_is_typed_with_or_without_its_accents():
    from assistant.engine.words import key
    from assistant.games.roi_des_nains import read_rules
    from assistant.games.roi_des_nains.rules import slug, word_of
    from assistant.store import yamlfile
    from assistant.store.folder import shipped_folder

    rules = read_rules(yamlfile.load(shipped_folder("boards") / "roi-des-nains.yaml"), "roi-des-nains.yaml")
    for special in rules.specials:
        for typed in (special.fr, word_of(special.fr), slug(special.fr), special.fr.upper(), special.id):
            assert rules.special(typed) == special, typed
        assert key(special.fr) != key(special.name) or special.fr == special.name  # a French name, not the English
    names = [key(special.fr) for special in rules.specials]
    assert len(set(names)) == len(names)  # no two cards share a name
    assert [s.id for s in rules.specials if s.fr_verified] == ["flag-bearer", "clone"]  # the rule book's two


# -- percentages inside the cells, and the city's alternatives denied (issue 35) ---------------------------


@pytest.mark.parametrize("clues", [(), (("clue", "at", "C3"),)],
                         ids=["spread", "one-cell-certain"])
def test_the_cells_percentages_read_the_french_way_and_keep_the_grid(run, store, clues):
    """'45%' is '45 %' in French (the engine's percent: a narrow no-break space). The space takes a column, so
    every cell is as wide as '100 %' and no cell wraps: each row of the grid is one line, all of one width."""
    from test_render import picture

    from assistant.engine import advice as advisor
    from assistant.faces import pictures as render
    from assistant.faces.web import serve

    run("new", "new-york")
    for words in clues:
        assert run(*words).exit_code == 0
    for width in (80, 60):
        i18n.use("fr")
        game = store.load("new-york-1")
        drawn = picture(render.sheet(game.sheet(), odds=advisor.odds(game.sheet())), width)
        i18n.use("en")
        rows = [line for line in drawn.splitlines() if re.match(r"^│[1-5]│", line)]
        assert len(rows) == 5, drawn  # one line a row: no cell wrapped
        assert len({len(line) for line in rows}) == 1, drawn
        cells = [cell for line in rows for cell in line.strip("│").split("│")[1:]]
        shown = [cell for cell in cells if "%" in cell]
        assert shown and all(re.fullmatch(r"[A-E][1-5] +\d{1,3}\u202f%", cell) for cell in shown), drawn
    assert "100\u202f%" in drawn if clues else "100" not in drawn
    i18n.use("fr")
    page = serve.view_html(store.load("new-york-1"), odds=True)
    i18n.use("en")
    assert re.search(r"\d\u202f%", page) and not re.search(r"\d%", page)
    english = serve.view_html(store.load("new-york-1"), odds=True)
    assert re.search(r"\d%", english) and "\u202f%" not in english


def test_a_negative_city_statement_over_alternatives_reads_ni_ni(run):
    """'A1 n'est pas à Manhattan ou dans le Bronx' is not French: 'A1 n'est ni à Manhattan ni dans le Bronx'.
    Both ways a statement over alternatives rules cells out: a yes (the cells outside all of them) and a no
    (the thief in none of them)."""
    run("new", "new-york")
    run("clue", "in", "manhattan,bronx")
    said = run("--lang", "fr", "explain", "E5").stdout
    assert "E5 n'est ni à Manhattan ni dans le Bronx" in said, said
    assert "the thief" not in said and " ou " not in said
    run("undo")
    run("clue", "in", "manhattan,bronx,brooklyn", "no")
    said = run("--lang", "fr", "explain", "C3").stdout  # a cell of Brooklyn
    assert "le voleur n'est ni à Manhattan ni dans le Bronx ni à Brooklyn." in said, said
    assert "the thief is neither in Manhattan nor in the Bronx nor in Brooklyn." in run("explain", "C3").stdout
    run("undo")
    run("clue", "in", "manhattan", "no")  # one place: 'n'est pas', as before
    assert "le voleur n'est pas à Manhattan." in run("--lang", "fr", "explain", "B1").stdout


@pytest.mark.parametrize(("typed", "answer"), [
    (["--lang", "fr", "indic"], "vouliez-vous dire indice\u00a0?"),
    (["--lang", "fr", "suggerr"], "vouliez-vous dire suggérer\u00a0?"),
    (["--lang", "fr", "clu"], "vouliez-vous dire indice\u00a0?"),  # an English word, answered in French
    (["indic"], "did you mean clue?"),
    (["clu"], "did you mean clue?"),
])
def test_a_typo_is_answered_in_the_language_spoken_from_its_words(run, typed, answer):
    result = run(*typed)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.rstrip().endswith(answer), result.stderr


@pytest.mark.parametrize(("typed", "answer"), [
    (["--lang", "fr", "quête", "annuler"], "quête n'a pas de commande 'annuler'\u00a0: "
                                           "utilisez assistant annuler"),
    (["--lang", "fr", "quête", "historique"], "utilisez assistant historique"),
    (["quest", "history"], "error: quest has no command 'history': use assistant history"),
    (["tug", "clue"], "use assistant clue"),
])
def test_a_command_under_the_wrong_group_is_answered_with_the_command_that_does_it(run, home, typed, answer):
    from conftest import folder_snapshot

    before = folder_snapshot(home)
    result = run(*typed)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.rstrip().endswith(answer), result.stderr
    assert folder_snapshot(home) == before


def test_a_refusal_said_to_me_says_vous_not_my_name(run):
    """rules: "jamais un joueur se trouvant avant lui (sauf pouvoir)": said to me, in the second person."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--me", "Léa")
    assert run("fight", "Léa=5", "red=6", "blue=3").exit_code == 0
    french = run("--lang", "fr", "indice", "zone", "A1", "red=oui").stderr
    assert "vous n'interrogez que les joueurs classés après vous, et red vient avant" in french, french
    assert "Léa n'interroge" not in french
    english = run("clue", "area", "A1", "red=yes").stderr
    assert "you may ask only those ranked after you, and red ranks before" in english, english


def test_games_counts_the_entries_standing_and_says_so(run):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--me", "Léa")
    for _ in range(25):
        assert run("clue", "area", "A1", "red=yes", "blue=no").exit_code == 0
    assert run("undo").exit_code == 0
    assert "(24 entries standing, changed " in run("games").stdout
    assert "(24 entrées en vigueur, dernière modification le " in run("--lang", "fr", "jeux").stdout
    assert run("retract", "3").exit_code == 0
    assert "(23 entries standing, " in run("games").stdout


def test_the_garden_says_vous_to_me_when_i_have_a_name(run):
    """rules: "depuis la case où il vient de placer sa statuette": said to me (Léa), in the second person."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--me", "Léa")
    for cell in ("A1", "A3", "C1"):
        assert run("miniature", "me", cell).exit_code == 0
    french = run("--lang", "fr", "statuette", "moi", "D1").stderr
    assert "vous avez déjà vos 3 statuettes dans le jardin" in french and "Léa a" not in french, french
    french = run("--lang", "fr", "indice", "zone", "B1", "red=oui").stderr
    assert "vous avez placé une statuette sur C1 ce tour-ci" in french and "Léa a" not in french, french


# -- every command word, mistyped or typed under the wrong group (issue 49) ----------------------------


def _top_level() -> list[tuple[str, str]]:
    """Each command of the top level: (its English word, its French word, the English one where French has
    no other)."""
    from assistant.engine import commands as table
    from assistant.engine.words import french_word

    return [(words[0], french_word(words[0], table.aliases()) or words[0])
            for words in table.DECLARED if len(words) == 1]


TOP_LEVEL = _top_level()
GROUPS = {"quest": "quête", "tug": "corde"}  # the pads' groups, each with its own commands


@pytest.mark.parametrize(("english", "french"), TOP_LEVEL, ids=[english for english, unused in TOP_LEVEL])
def test_every_command_mistyped_is_answered_with_itself_in_the_language_spoken(run, english, french):
    """A French table that drops a letter of a word is asked about that word, in French ('indce':
    'vouliez-vous dire indice ?'), never about an English one; an English table gets the English word."""
    for spoken, word, answer in (("fr", french, "vouliez-vous dire {word}\u00a0?"),
                                 ("en", english, "did you mean {word}?")):
        middle = len(word) // 2
        result = run("--lang", spoken, word[:middle] + word[middle + 1:])
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
        assert result.stderr.rstrip().endswith(answer.format(word=word)), (spoken, word, result.stderr)


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_every_top_level_command_under_a_pads_group_is_answered_with_itself(run, home, group):
    """'quête annuler' is answered 'utilisez assistant annuler', in the language spoken; nothing is written."""
    from conftest import folder_snapshot

    from assistant.engine import commands as table

    own = {words[1] for words in table.DECLARED if len(words) == 2 and words[0] == group}
    before = folder_snapshot(home)
    for english, french in TOP_LEVEL:
        if english in own or english in GROUPS:
            continue
        result = run("--lang", "fr", GROUPS[group], french)
        assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
        assert result.stderr.rstrip().endswith(f"utilisez assistant {french}"), (french, result.stderr)
        result = run(group, english)
        assert result.stderr.rstrip().endswith(f"use assistant {english}"), (english, result.stderr)
    assert folder_snapshot(home) == before


# -- the spelling, as hunspell-fr reads it (issue 49) -------------------------------------------------

HUNSPELL_FR = Path("/usr/share/hunspell/fr_FR.dic")
ACCEPTED = ROOT / "tests/fixtures/french-words.txt"
CODE_IN_PAGE = re.compile(r"(^[ \t]*```.*?^[ \t]*```[^\n]*$|^    [^\n]*$|`[^`]+`|\]\([^)]*\)|<[^>]+>)", re.M | re.S)


def french_words(text: str) -> set[str]:
    """The words of a French text a speller reads: code, placeholders, options, typed pairs (red=yes), paths,
    figures and upper-case placeholders (CASE) left out."""
    text = CODE_IN_PAGE.sub(" ", text)
    text = re.sub(r"\{[^}]*\}|https?://\S+|--[\w-]+|\S+=\S*|\S*[/\\]\S*", " ", text)
    return {word.strip("-'’") for word in re.findall(r"[\w’'-]+", text)
            if not re.search(r"\d|_", word) and not word.isupper()} - {""}


@pytest.mark.skipif(not (shutil.which("hunspell") and HUNSPELL_FR.exists()),
                    reason="hunspell and hunspell-fr are not installed (apt install hunspell hunspell-fr)")
def test_the_french_is_spelt_right():
    """Every word of the catalogue's French and of docs/fr is one hunspell-fr knows, or one of the game's and
    the tools' words kept in tests/fixtures/french-words.txt."""
    texts = [text for message in french_messages() for text in strings(message)]
    texts += [page.read_text(encoding="utf-8") for page in sorted(ROOT.glob("docs/fr/*.md"))]
    accepted = {line.strip() for line in ACCEPTED.read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")}
    unknown = misspelt(set().union(*map(french_words, texts)))
    assert unknown <= accepted, sorted(unknown - accepted)
    # the check itself: a misspelt word is found, a game's word is accepted, code is not read
    assert misspelt({"statuete", "statuette", "taupe"}) == {"statuete"} and "loot" in accepted
    assert french_words("la `statuete` de {owner}, --depuis A1 red=oui") == {"la", "de"}


def misspelt(words: set[str]) -> set[str]:
    """The words hunspell-fr does not know."""
    return set(subprocess.run(["hunspell", "-d", "fr_FR", "-l"], input="\n".join(sorted(words)),
                              capture_output=True, text=True, check=True).stdout.split())
