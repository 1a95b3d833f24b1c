"""Names are checked with string methods, not compiled patterns (start-up speed: see
``assistant.engine.words.plain_name``). Each check must say exactly what its pattern says, for any text:
the patterns below are the rules, as they were written before."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine.board import is_board_name
from assistant.engine.words import good_name, is_answer
from assistant.store.folder import is_game_name, is_reserved_name

PLAYER = r"[^\W_][\w-]{0,31}"  # a player's or an opponent's name
GAME = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}"  # a game's file name
BOARD = r"[a-z0-9][a-z0-9-]{0,63}"  # a board's name

# Text near the edges: ASCII and accented letters, digits of other scripts, the joiners, blanks, a
# final newline (which '$' would let in), marks that are no letters, lengths around each limit.
NEAR = st.text(st.sampled_from("aZé9٣²ǅ_- \n\t.Ⅻ\u0301ß"), max_size=70)
ANY = st.one_of(st.text(max_size=70), NEAR, st.from_regex(PLAYER, fullmatch=True),
                st.from_regex(GAME, fullmatch=True), st.from_regex(BOARD, fullmatch=True))


def same_as_patterns(text: str) -> None:
    assert good_name(text) == (bool(re.fullmatch(PLAYER, text)) and not is_answer(text))
    assert is_game_name(text) == (bool(re.fullmatch(GAME, text)) and not is_reserved_name(text))
    assert is_board_name(text) == bool(re.fullmatch(BOARD, text))


@pytest.mark.parametrize("text", ["a" * 32, "a" * 33, "a" * 64, "a" * 65, "a\n", "-a", "_a", "a_", "a-", "²", "Ⅻ",
                                  "é", "ǅ", "", "Léa", "red-2", "CON", "yes", "oui", "tour_2", "ab\u0301"])
def test_each_name_check_says_what_its_pattern_says_at_the_edges(text: str) -> None:
    same_as_patterns(text)


@settings(max_examples=400)
@given(ANY)
def test_each_name_check_says_what_its_pattern_says(text: str) -> None:
    same_as_patterns(text)
