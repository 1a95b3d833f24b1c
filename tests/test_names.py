"""Names are checked with string methods, not compiled patterns (start-up speed: see
``assistant.engine.words.plain_name``). Each check must say exactly what its pattern says, for any text:
the patterns below are the rules, as they were written before."""

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine.board import is_board_name
from assistant.engine.words import good_name, is_answer
from assistant.store.folder import is_game_name, is_reserved_name
from assistant.store.games import game_name

PLAYER = r"[^\W_][\w-]{0,31}"  # a player's or an opponent's name
GAME = r"[^\W_][\w-]{0,63}"  # a game's file name, once NFC, its letters' marks read as letters
EARLIER_GAME = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}"  # a game's file name in earlier versions: still one
BOARD = r"[a-z0-9][a-z0-9-]{0,63}"  # a board's name

# Text near the edges: ASCII and accented letters, digits of other scripts, the joiners, blanks, a
# final newline (which '$' would let in), marks that are no letters, lengths around each limit.
NEAR = st.text(st.sampled_from("aZé9٣²ǅ_- \n\t.Ⅻ\u0301ß"), max_size=70)
ANY = st.one_of(st.text(max_size=70), NEAR, st.from_regex(PLAYER, fullmatch=True),
                st.from_regex(GAME, fullmatch=True), st.from_regex(BOARD, fullmatch=True))


def game_rule(text: str) -> bool:
    """Letters of any script (their marks too, after the first), digits, - and _, once NFC; at most 200 bytes."""
    text = unicodedata.normalize("NFC", text)
    read = text[:1] + "".join("a" if unicodedata.category(ch).startswith("M") else ch for ch in text[1:])
    return bool(re.fullmatch(GAME, read)) and len(text.encode()) <= 200 and not is_reserved_name(text)


def same_as_patterns(text: str) -> None:
    assert good_name(text) == (bool(re.fullmatch(PLAYER, text)) and not is_answer(text))
    assert is_game_name(text) == game_rule(text)
    if re.fullmatch(EARLIER_GAME, text) and not is_reserved_name(text):
        assert is_game_name(text) and game_name(text) == text  # saved games of earlier versions keep their name
    assert is_board_name(text) == bool(re.fullmatch(BOARD, text))


@pytest.mark.parametrize("text", ["a" * 32, "a" * 33, "a" * 64, "a" * 65, "a\n", "-a", "_a", "a_", "a-", "²", "Ⅻ",
                                  "é", "ǅ", "", "Léa", "red-2", "CON", "yes", "oui", "tour_2", "ab\u0301",
                                  "soirée-chez-Léa", "soire\u0301e", "東京の夜", "हिन्दी", "Москва-2", "a/b",
                                  "a\\b", "a:b", "a.b", "\u0301a", "é" * 64, "é" * 65, "𝒜" * 51, "𝒜" * 50])
def test_each_name_check_says_what_its_pattern_says_at_the_edges(text: str) -> None:
    same_as_patterns(text)


@settings(max_examples=400)
@given(ANY)
def test_each_name_check_says_what_its_pattern_says(text: str) -> None:
    same_as_patterns(text)


def test_a_game_is_named_as_a_french_table_names_it(run, home):
    """Letters of any script: a name typed decomposed (e + U+0301) finds the game typed with é."""
    result = run("new", "gnom-street", "--opponents", "Chloé,Paul", "--name", "soirée-chez-Léa")
    assert result.exit_code == 0, result.output
    assert (home / "games" / "soirée-chez-Léa.yaml").is_file()
    decomposed = unicodedata.normalize("NFD", "soirée-chez-Léa")
    assert run("use", decomposed).exit_code == 0
    assert run("clue", "area", "B1", "Chloé=yes", "--game", decomposed).exit_code == 0
    assert run("new", "gnom-street", "--opponents", "Chloé,Paul", "--name", decomposed).exit_code == 2  # taken
    assert run("new", "new-york", "--me", "Léa", "--name", "東京").exit_code == 0, "any script"
    assert "soirée-chez-Léa" in run("games").output


@pytest.mark.parametrize("bad", ["a/b", "soirée chez Léa", "CON", "é" * 65, "-léa", "..", "a.b"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_bad_game_name_is_refused_with_what_is_allowed(run, home, bad, lang):
    from conftest import folder_snapshot, one_plain_line

    before = folder_snapshot(home)
    result = run("--lang", lang, "new", "gnom-street", "--opponents", "Chloé,Paul", "--name", bad)
    if lang == "en":
        line = one_plain_line(result, 2)
        assert "use letters (of any script), digits, - and _, the first a letter or a digit, at most 64" in line
    else:
        line = result.stderr
        assert result.exit_code == 2 and line.count("\n") == 1 and line.startswith("erreur\u00a0: ")
        assert "des lettres (de toute écriture), des chiffres, - et _, la première une lettre ou un chiffre" in line
    assert folder_snapshot(home) == before
