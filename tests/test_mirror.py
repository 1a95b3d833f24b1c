"""What they know about me: the questions put to me, and each opponent's map of my loot.

The maps are checked against a brute force over every loot cell: a cell stays
on an opponent's map exactly when it is open, is not that opponent's own loot
(once I know it), and gives every answer that opponent heard.
"""

import json

import pytest
from conftest import game_file, shipped_board
from hypothesis import given
from hypothesis import strategies as st

from assistant.engine import i18n
from assistant.engine.clues import Clue
from assistant.engine.errors import Contradiction, InputError
from assistant.games.deduction import DeductionGame
from assistant.games.gnom_street import mirror
from assistant.games.gnom_street.mirror import AskedEvent

GARDEN = shipped_board("gnom-street")
OPEN = GARDEN.names(GARDEN.open)


def brute_force_maps(game: DeductionGame, opponents_loot: dict) -> dict[str, list[str]]:
    """Each opponent's cells for my loot, cell by cell: every answer they heard must hold there."""
    board = game.board
    heard = {opponent: [] for opponent in game.opponents}
    for entry in game.current_set()[0]:
        event = entry.event
        if isinstance(event, AskedEvent):
            for opponent in (game.opponents if event.aloud else [event.by]):
                heard[opponent].append(event)
    result = {}
    for opponent, answers in heard.items():
        result[opponent] = [cell for cell in OPEN if cell != opponents_loot.get(opponent) and all(
            (board.parse_cell(cell) in event.clue.accepted(board)) == event.answer for event in answers)]
    return result


@st.composite
def questions(draw):
    cell = draw(st.sampled_from(OPEN))
    kind = draw(st.sampled_from(GARDEN.questions))
    if kind == "flower":
        return Clue(kind, (cell, draw(st.sampled_from(GARDEN.values_at(GARDEN.parse_cell(cell), "flowers")))))
    return Clue(kind, (cell,))


@given(mine=st.sampled_from(OPEN), asked=st.lists(st.tuples(questions(), st.sampled_from(["red", "blue", "yellow"]),
                                                            st.booleans()), max_size=8),
       shown=st.dictionaries(st.sampled_from(["red", "blue", "yellow"]), st.sampled_from(OPEN), max_size=3))
def test_each_opponents_map_is_the_brute_force_over_every_loot_cell(mine, asked, shown):
    game = DeductionGame.new("t", GARDEN, ["red", "blue", "yellow"], mine)
    for clue, by, aloud in asked:
        words = [clue.kind, *clue.args]
        game = game.record(game.read("asked", words, {"by": by, "aloud": aloud}))
        assert game.events[-1].answer == (GARDEN.parse_cell(mine) in clue.accepted(GARDEN))  # the truth, told
    known = {}
    for opponent, cell in shown.items():  # loot cards shown at the end
        if cell != mine and cell not in known.values():
            game = game.record(game.read_step(f"loot {opponent} {cell}"))
            known[opponent] = cell
    theirs = {opponent: GARDEN.names(cells) for opponent, cells in mirror.cells(mirror.maps(game)).items()}
    assert theirs == brute_force_maps(game, known)
    for cells in theirs.values():
        assert mine in cells  # a truthful answer never hides my loot from anyone's map


def test_only_the_asker_learns_a_quiet_answer_and_everyone_an_answer_said_aloud():
    # rules: "Lorsque la carte Nain d'un joueur interrogé comporte le symbole Haut-Parleur, il s'agit d'une
    # pipelette. Le joueur doit obligatoirement donner sa réponse à voix haute."
    game = DeductionGame.new("t", GARDEN, ["red", "blue"], "E3")
    game = game.record(game.read_step("asked area D2 --by red"))
    maps = mirror.cells(mirror.maps(game))
    assert len(maps["red"]) == 8 and len(maps["blue"]) == 16
    game = game.record(game.read_step("question fleur D2 bleu --par blue --haut"))
    maps = mirror.cells(mirror.maps(game))
    assert GARDEN.names(maps["red"]) == ["C2", "C3", "D1", "E3"]
    assert len(maps["blue"]) == 8
    assert game.step(game.events[-1]) == "asked flower D2 blue no --by blue --aloud"


def test_an_opponents_own_loot_leaves_their_map_once_i_know_it():
    # rules: loot cards are distinct, so red knows my loot is not on red's own
    game = DeductionGame.new("t", GARDEN, ["red", "blue"], "C2")
    game = game.record(game.read_step("clue at A1 -o red"))  # I found red's loot
    maps = mirror.cells(mirror.maps(game))
    assert "A1" not in GARDEN.names(maps["red"]) and "A1" in GARDEN.names(maps["blue"])


def test_my_answers_never_move_my_sheet():
    game = DeductionGame.new("t", GARDEN, ["red", "blue"], "C2")
    before = game.sheet().candidate_names()
    game = game.record(game.read_step("asked area C1 --by red --aloud"))
    assert game.sheet().candidate_names() == before


def test_a_wrong_answer_is_refused_and_without_my_loot_the_answer_is_typed():
    game = DeductionGame.new("t", GARDEN, ["red", "blue"], "C2")
    with pytest.raises(InputError, match="your loot is on C2: to area F3 the answer is no"):
        game.record(game.read_step("asked area F3 yes --by red"))
    with pytest.raises(InputError, match="you do not ask yourself"):
        game.read_step("asked area F3 --by me")
    with pytest.raises(InputError, match="who asked you"):
        game.read_step("asked area F3")
    with pytest.raises(InputError, match="at is not a question"):
        game.read_step("asked at F3 --by red")
    unknown = DeductionGame.new("t", GARDEN, ["red", "blue"])
    with pytest.raises(InputError, match="type the answer you gave .* or start the game with --mine CELL"):
        unknown.read_step("asked area F3 --by red")
    unknown = unknown.record(unknown.read_step("asked area F3 yes --by red"))
    unknown = unknown.record(unknown.read_step("asked area A1 no --by red"))
    with pytest.raises(Contradiction, match="no possible cell left"):  # answers red heard that cannot all hold
        unknown.record(unknown.read_step("asked area E3 no --by red"))


def test_two_players_a_clue_by_the_opponent_is_refused_pointing_to_asked(run, home):
    run("new", "gnom-street", "--opponents", "Matt", "--mine", "F1")
    saved = game_file(home, "gnom-street-1")
    result = run("clue", "area", "F1", "yes", "--by", "Matt")
    assert result.exit_code == 2
    assert "Matt asked you: the answer is about your loot, not Matt's; record it with: asked area F1 --by Matt" \
        in result.stderr
    assert game_file(home, "gnom-street-1") == saved
    result = run("asked", "area", "F1", "--by", "Matt")
    assert result.stdout.splitlines()[:2] == ["answer: yes", "1. asked area F1 yes --by Matt -> Matt: 3 cells for "
                                              "your loot"]
    assert "warning: Matt can place your loot on only 3 cells: E1, F1 and F2" in result.stdout
    assert json.loads(run("candidates", "--json").stdout) == {"Matt": [c for c in OPEN if c != "F1"]}


def test_an_old_two_player_log_with_a_clue_by_the_opponent_loads_as_the_question_put_to_me(run, home):
    folder = home / "games"
    folder.mkdir(parents=True)
    old = ("assistant: game/1\nboard: gnom-street\nopponents:\n- Matt\nmine: F1\nevents:\n"
           "- clue area F1 yes --by Matt\n- clue area A1 no\n")
    (folder / "old.yaml").write_text(old)
    run("use", "old")
    assert json.loads(run("candidates", "--json").stdout)["Matt"] == \
        ["A3", "B3", "C1", "C2", "C3", "D1", "D2", "D3", "E1", "E3", "F2", "F3"]  # not "E1 F2"
    assert json.loads(run("candidates", "--theirs", "--json").stdout) == {"Matt": ["E1", "F1", "F2"]}
    assert (folder / "old.yaml").read_text() == old  # loading rewrites nothing
    run("clue", "area", "B1", "no")
    assert "- asked area F1 yes --by Matt\n" in (folder / "old.yaml").read_text()  # saved in today's words


def test_asked_prints_the_answer_and_warns_when_an_opponent_is_close(run, home):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--me", "Léa")
    result = run("asked", "area", "B3", "--by", "red")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "answer: yes", "1. asked area B3 yes --by red -> red: 5 cells for your loot; blue: 16 cells for your loot"]
    result = run("asked", "area", "C1", "--by", "blue", "--aloud")
    assert result.stdout.splitlines()[-1] == "warning: red knows where your loot is: C2"
    french = run("--lang", "fr", "question", "ligne-de-vue", "F2", "--par", "blue")
    assert french.stdout.splitlines()[0] == "réponse : oui"
    assert json.loads(run("candidates", "--theirs", "--json").stdout) == {"red": ["C2"], "blue": ["C2", "D2"]}
    sheet = run("sheet", "--theirs").stdout
    assert "red's map of your loot: 1 cell" in sheet and "blue's map of your loot: 2 cells" in sheet
    assert "warning: blue can place your loot on only 2 cells: C2 and D2" in sheet
    run("undo")
    assert json.loads(run("candidates", "--theirs", "--json").stdout)["blue"] == ["B1", "C1", "C2", "D1", "D2"]


def test_a_refused_question_leaves_the_saved_game_unchanged(run, home):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    saved = game_file(home, "gnom-street-1")
    for words in (["area", "F3", "yes", "--by", "red"], ["area", "F3", "--by", "me"], ["area", "B2", "--by", "red"],
                  ["flower", "C2", "blue", "--by", "red"], ["area", "F3", "--by", "green"],
                  ["at", "C2", "--by", "red"]):
        result = run("asked", *words)
        assert result.exit_code != 0 and len(result.stderr.splitlines()) == 1, (words, result.stderr)
        assert game_file(home, "gnom-street-1") == saved


def test_the_maps_start_again_with_each_set_of_a_match():
    game = DeductionGame.new("t", GARDEN, ["Matt"], "F1")
    game = game.record(game.read_step("asked area F1 --by Matt"))
    assert len(mirror.cells(mirror.maps(game))["Matt"]) == 3
    game = game.record(game.read_step("miniature Matt D3"))
    game = game.record(game.read_step("mole D3 missed --by Matt --next-mine A2"))
    assert len(mirror.cells(mirror.maps(game))["Matt"]) == 16


def test_theirs_is_refused_where_i_hide_nothing(run):
    run("new", "new-york")
    result = run("candidates", "--theirs")
    assert result.exit_code == 2 and "you hide nothing" in result.stderr
    assert "nobody asks you anything" in run("asked", "area", "B3", "--by", "x").stderr
    assert "nobody asks you anything" in run("sheet", "--theirs").stderr


def test_a_french_table_reads_the_step_in_french():
    game = DeductionGame.new("t", GARDEN, ["red", "blue"], "C2")
    game = game.record(game.read_step("asked area C1 --by red --aloud"))
    from assistant.engine import grammar

    with i18n.speaking("fr"):
        assert grammar.said(game, game.step(game.events[-1])) == "question zone C1 oui --par red --haut"


def test_the_table_screen_says_what_they_know_of_my_loot(run, home):
    from test_table import drive, enter, table_app

    run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2")
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "asked area B3 --by red", typed=False)
        assert "1. asked area B3 yes --by red" in text  # the answer to give is in the step
        assert "their maps of your loot: red 5 cells; blue 16 cells; yellow 16 cells" in text
        text = await enter(pilot, "question zone C1 --par blue --haut", typed=False)
        assert "their maps of your loot: red C2; blue 5 cells; yellow 5 cells" in text
        assert "warning: red knows where your loot is: C2" in text

    # wide enough for the three full sheets two across and the pieces panel whole (at 120x40 it scrolls)
    drive(app, script, size=(160, 50))


def test_an_old_two_player_statement_by_the_opponent_loads_and_saves_back(run, home):
    folder = home / "games"
    folder.mkdir(parents=True)
    (folder / "old.yaml").write_text("assistant: game/1\nboard: gnom-street\nopponents:\n- Matt\nmine: F1\nevents:\n"
                                     "- clue at F1 --by Matt\n")
    run("use", "old")
    assert run("clue", "area", "A1", "no").exit_code == 0  # saved again in today's words
    assert "- asked at F1 yes --by Matt\n" in (folder / "old.yaml").read_text()
    assert json.loads(run("candidates", "--theirs", "--json").stdout) == {"Matt": ["F1"]}
