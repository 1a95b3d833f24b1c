"""75 Gnom' Street's end: every victory-point sentence, the pieces during play, the two-player match."""

import json

import pytest

from assistant.errors import AssistantError, InputError
from assistant.game import Game
from assistant.pads.gnom_tally import Settings, Token, tally

from conftest import shipped_board

GARDEN = shipped_board("gnom-street")
PLAYERS = ["Ana", "Ben", "Cleo", "Dan"]


def points(stacks, loot=None, miniatures=None, settings=Settings(), players=PLAYERS):
    loot = loot or {"Ana": "A1", "Ben": "B1", "Cleo": "C1", "Dan": "D1"}
    miniatures = miniatures or {p: 1 for p in players}
    result = tally(players, miniatures, loot, {c: [Token(*t.split()) for t in s] for c, s in stacks.items()},
                   settings)
    return {line.player: (line.loot, line.baits) for line in result.lines}, result


@pytest.mark.parametrize("count,expected", [(3, 3), (2, 2), (1, 1), (0, -1)])
def test_miniatures_score_their_count_or_minus_one_for_none(count, expected):
    # rules: 3, 2 or 1 points for 3, 2 or 1 miniatures; -1 for none.
    result = tally(["Ana"], {"Ana": count}, {}, {})
    assert result.lines[0].miniatures == expected


def test_loot_moles_score_5_4_3_in_stacking_order():
    # A1 is Ana's loot: Ben's mole (bottom) 5, Cleo's 4, Dan's 3.
    scores, _ = points({"A1": ["Ben mole", "Cleo mole", "Dan mole"]})
    assert (scores["Ben"], scores["Cleo"], scores["Dan"]) == ((5, 0), (4, 0), (3, 0))


def test_later_moles_follow_the_setting():
    # Five players: four opponents' moles on Ana's loot. The English rules give 3 to the
    # fourth (5, 4, 3, 3); with later_moles 0 (the French stop at the third) it gets nothing.
    players = PLAYERS + ["Eve"]
    stacks = {"A1": ["Ben mole", "Cleo mole", "Dan mole", "Eve mole"]}
    english, _ = points(stacks, players=players, loot={"Ana": "A1"})
    french, _ = points(stacks, players=players, loot={"Ana": "A1"}, settings=Settings(later_moles=0))
    assert english["Eve"] == (3, 0) and french["Eve"] == (0, 0)


def test_a_bait_in_a_loot_stack_scores_nothing_and_takes_no_place():
    # B1 is Ben's loot: Ana's bait at the bottom scores nothing; Cleo's mole is the first: 5.
    scores, _ = points({"B1": ["Ana bait", "Cleo mole"]})
    assert scores["Ana"] == (0, 0) and scores["Cleo"] == (5, 0)


def test_a_mole_on_its_owners_own_loot_scores_nothing():
    # C1 is Cleo's loot: Cleo's own mole scores nothing (and takes no place); Dan's is first: 5.
    scores, result = points({"C1": ["Cleo mole", "Dan mole"]})
    assert scores["Cleo"] == (0, 0) and scores["Dan"] == (5, 0)
    assert "C1 (Cleo's loot): Cleo's own mole scores nothing" in result.notes


def test_a_second_mole_of_the_same_player_is_removed_before_counting():
    # D1 is Dan's loot: Ana's mole 5; Ana's second mole removed; Ben's mole is then second: 4.
    scores, result = points({"D1": ["Ana mole", "Ana mole", "Ben mole"]})
    assert scores["Ana"] == (5, 0) and scores["Ben"] == (4, 0)
    assert "D1 (Dan's loot): Ana's second mole is removed" in result.notes


def test_a_bait_at_the_bottom_of_another_stack_catches_each_opposing_mole():
    # F3 is nobody's loot: Ana's bait at the bottom, then Ben's, Cleo's and Ana's own moles.
    # French rules (default): opposing moles only: 2. English ("moles stacked on it"): 3.
    stacks = {"F3": ["Ana bait", "Ben mole", "Cleo mole", "Ana mole"]}
    french, _ = points(stacks)
    english, _ = points(stacks, settings=Settings(bait_counts="all"))
    assert french["Ana"] == (0, 2) and english["Ana"] == (0, 3)


def test_any_other_bait_scores_nothing():
    # E3: Ben's mole at the bottom, then Cleo's bait and Dan's mole: the bait is not first: 0.
    scores, _ = points({"E3": ["Ben mole", "Cleo bait", "Dan mole"]})
    assert scores["Cleo"] == (0, 0) and scores["Ben"] == (0, 0)


def test_a_tie_is_announced_for_a_gnome_throw():
    result = tally(["Ana", "Ben"], {"Ana": 2, "Ben": 2}, {}, {})
    assert result.leaders == ["Ana", "Ben"]
    assert result.verdict() == "tie between Ana and Ben at 2: settle it by a gnome throw (best of three)"


def test_face_down_tokens_must_be_revealed_first():
    with pytest.raises(InputError, match="F3 still has face-down tokens"):
        tally(["Ana"], {}, {}, {"F3": [Token("Ana", None)]})


# -- pieces during play ----------------------------------------------------------------------


def play(*steps, opponents=("red", "blue"), mine="C2"):
    game = Game.new("t", GARDEN, list(opponents), mine)
    for step in steps:
        game = game.record(game.read_step(step))
    return game


def test_tokens_go_on_the_players_own_miniature_or_next_to_one_with_card_7():
    game = play("miniature red A1", "miniature me D1")
    with pytest.raises(InputError, match="a token goes on a cell holding one of red's miniatures"):
        game.record(game.read_step("token red D1"))
    game = game.record(game.read_step("token red A1"))
    with pytest.raises(InputError, match="with card 7 the token goes on a free cell"):
        game.record(game.read_step("token red D1 --alex"))
    game = game.record(game.read_step("token red B1 --alex"))  # free, next to A1
    with pytest.raises(InputError, match="F3 is not next to any of red's miniatures"):
        game.record(game.read_step("token red F3 --alex"))
    with pytest.raises(InputError, match="B2 is a pond"):
        game.record(game.read_step("miniature red B2"))


def test_stock_limits_three_moles_at_three_players_and_two_baits():
    steps = ["miniature me A1", "token me A1 mole", "token me A1 mole", "token me A1 mole"]
    game = play(*steps)
    with pytest.raises(InputError, match="me has only 3 Mole tokens at 3 players"):
        game.record(game.read_step("token me A1 mole"))
    game = play("miniature me A1", "token me A1 bait", "token me A1 bait")
    with pytest.raises(InputError, match="only 2 Bait tokens"):
        game.record(game.read_step("token me A1 bait"))
    four = play("miniature me A1", *["token me A1 mole"] * 4, opponents=("red", "blue", "yellow"))
    with pytest.raises(InputError, match="only 4 Mole tokens at 4 players"):
        four.record(four.read_step("token me A1 mole"))


def test_others_tokens_lie_face_down_until_revealed_and_reveals_respect_the_stock():
    game = play("miniature red A1", *["token red A1"] * 5)  # 3 moles + 2 baits, kinds unknown
    with pytest.raises(InputError, match="red has no token left"):
        game.record(game.read_step("token red A1"))
    game = game.record(game.read_step("reveal A1 1 bait"))
    game = game.record(game.read_step("reveal A1 2 bait"))
    with pytest.raises(InputError, match="only 2 Bait tokens"):
        game.record(game.read_step("reveal A1 3 bait"))
    assert [t.kind for t in game.garden().stacks["A1"]] == ["bait", "bait", None, None, None]


def test_miniatures_kick_each_other_out_and_the_cat_sends_them_home():
    game = play("miniature red A1", "miniature me A1")  # rules: kicking out a miniature
    assert game.garden().miniatures == {"me": ["A1"], "red": [], "blue": []}
    game = game.record(game.read_step("cat A1"))
    assert game.garden().miniatures["me"] == []
    game = play("miniature me A1", "miniature me B1", "miniature me C1")
    with pytest.raises(InputError, match="all 3 miniatures in the garden already"):
        game.record(game.read_step("miniature me D1"))
    game = game.record(game.read_step("miniature me D1 --from A1"))
    assert sorted(game.garden().miniatures["me"]) == ["B1", "C1", "D1"]


def test_a_whole_tally_from_the_recorded_pieces(run):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    for words in [("miniature", "me", "D1"), ("token", "me", "D1", "mole"), ("miniature", "red", "D1"),
                  ("token", "red", "D1"), ("miniature", "blue", "F3"), ("token", "blue", "F3"),
                  ("miniature", "red", "F3"), ("token", "red", "F3"),
                  ("reveal", "D1", "2", "mole"), ("reveal", "F3", "1", "bait"), ("reveal", "F3", "2", "mole")]:
        result = run(*words)
        assert result.exit_code == 0, (words, result.stderr)
    assert "record the loot shown by red, blue" in run("tally").stderr
    run("loot", "red", "D1")
    run("loot", "blue", "A1")
    data = json.loads(run("tally", "--json").stdout)
    # me: 0 miniatures (red kicked mine out of D1): -1; my mole first on red's loot D1: 5.
    # red: D1 and F3 (kicked blue out): 2; red's own mole on D1: 0; red's mole on F3 caught by blue.
    # blue: no miniature: -1; bait at the bottom of F3 with red's mole on it: 1.
    assert data["players"] == {
        "me": {"miniatures": -1, "loot": 5, "baits": 0, "total": 4},
        "red": {"miniatures": 2, "loot": 0, "baits": 0, "total": 2},
        "blue": {"miniatures": -1, "loot": 0, "baits": 1, "total": 0},
    }
    assert run("tally").stdout.splitlines()[-1] == "me wins with 4 points and becomes the boss of 75 Gnom' Street"


def test_a_tally_from_a_file(run, tmp_path):
    path = tmp_path / "end.yaml"
    path.write_text("players: [Ana, Ben]\nminiatures: {Ana: 3, Ben: 0}\nloot: {Ana: a1, Ben: F3}\n"
                    "stacks:\n  F3: [Ana mole]\n  C1: [Ben appât, Ana taupe]\n")
    data = json.loads(run("tally", str(path), "--json").stdout)
    assert data["players"]["Ana"]["total"] == 3 + 5 and data["players"]["Ben"]["total"] == -1 + 1
    path.write_text("players: [Ana]\nloot: {Ana: B2, Zoe: A1}\nstacks: {C1: [Ana frog]}\n")
    result = run("tally", str(path))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "loot.Zoe: unknown player 'Zoe'" in result.stderr and "stacks.C1[0]" in result.stderr


# -- the two-player match ----------------------------------------------------------------------


def test_a_two_player_match_is_won_in_two_sets_each_with_a_new_sheet():
    game = Game.new("t", GARDEN, ["Matt"], "F1")
    game = game.record(game.read_step("clue area A1 yes"))
    assert len(game.sheet().candidates("Matt")) == 3
    game = game.record(game.read_step("mole B1 found --next-mine A2"))  # I found Matt's loot: set 1 mine
    assert game.garden().sets == ["me"]
    assert len(game.sheet().candidates("Matt")) == 15  # a new set: a new sheet, my loot now A2
    assert game.current_mine() == GARDEN.parse_cell("A2")
    game = game.record(game.read_step("mole C3 missed --by Matt"))  # Matt missed: set 2 mine too
    assert game.garden().sets == ["me", "me"]
    with pytest.raises(AssistantError, match="the match is over: me won it"):
        game.record(game.read_step("clue area A1 yes"))
    game = game.record(game.read_step("undo"))  # a misheard set end can be taken back
    assert game.garden().sets == ["me"]


def test_sets_belong_to_the_two_player_game(run):
    run("new", "gnom-street", "--opponents", "red,blue")
    result = run("mole", "B1", "found")
    assert result.exit_code == 2 and "sets are for the two-player game" in result.stderr
    run("new", "gnom-street", "--mine", "F1")
    assert run("mole", "B1", "missed").stdout.splitlines()[-1] == "match: me 0 - 1 opponent; set 2 starts"
