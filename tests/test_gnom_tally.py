"""75 Gnom' Street's end: every victory-point sentence, the pieces during play, the two-player match."""

import json

import pytest
from conftest import shipped_board
from hypothesis import given
from hypothesis import strategies as st

from assistant.engine.errors import AssistantError, DataError, InputError
from assistant.games.deduction import DeductionGame
from assistant.games.gnom_street.tally import MOLE_POINTS, RULES, Settings, Token, score_file, tally

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


def test_later_moles_follow_the_rule_book_french_by_default():
    """FR: "Le premier joueur ... gagne 5 points, le deuxième 4 points et le troisième 3 points."
    EN: "the second gets 4 points, and any other players get 3 points"."""
    # Five players (a game the box cannot hold, hence the setting matters nowhere else):
    # four opponents' moles on Ana's loot. English: 5, 4, 3, 3; French (default): the fourth gets nothing.
    players = PLAYERS + ["Eve"]
    stacks = {"A1": ["Ben mole", "Cleo mole", "Dan mole", "Eve mole"]}
    english, _ = points(stacks, players=players, loot={"Ana": "A1"}, settings=RULES["en"])
    french, _ = points(stacks, players=players, loot={"Ana": "A1"})
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


def test_face_down_tokens_are_all_listed_with_the_reveal_commands_to_type():
    """FR: "Les jetons placés sur une case attribuée à un butin sont dévoilés en respectant l'ordre
    d'empilement." / "retournez case par case l'ensemble des autres jetons présents dans le jardin"."""
    stacks = {"F3": [Token("Ana", "bait"), Token("Ben", None)], "A1": [Token("Ben", None)]}
    with pytest.raises(InputError) as caught:
        tally(["Ana", "Ben"], {}, {}, stacks)
    assert str(caught.value) == ("2 tokens still face down: reveal A1 1 mole|bait (Ben's); "
                                 "reveal F3 2 mole|bait (Ben's)")


# -- pieces during play ----------------------------------------------------------------------


def play(*steps, opponents=("red", "blue"), mine="C2"):
    game = DeductionGame.new("t", GARDEN, list(opponents), mine)
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


def turns(player: str, token: str, count: int) -> list[str]:
    """``count`` tokens on A1, two a turn (rules: "poser un ou deux jetons"), each turn's miniature placed first
    (A1, then B1, C1): the stock, not the turn, is what these tests reach."""
    steps = []
    for number in range(count):
        if number % 2 == 0:
            steps.append(f"miniature {player} {'ABC'[number // 2]}1")
        steps.append(f"token {player} A1 {token}".rstrip())
    return steps


def test_stock_limits_three_moles_at_three_players_and_two_baits():
    game = play(*turns("me", "mole", 3))
    with pytest.raises(InputError, match="you have only 3 Mole tokens at 3 players"):  # said to me
        game.record(game.read_step("token me A1 mole"))
    game = play(*turns("me", "bait", 2), "miniature me B1")
    with pytest.raises(InputError, match="only 2 Bait tokens"):
        game.record(game.read_step("token me A1 bait"))
    four = play(*turns("me", "mole", 4), "miniature me C1", opponents=("red", "blue", "yellow"))
    with pytest.raises(InputError, match="only 4 Mole tokens at 4 players"):
        four.record(four.read_step("token me A1 mole"))


def test_others_tokens_lie_face_down_until_revealed_and_reveals_respect_the_stock():
    game = play(*turns("red", "", 5), "miniature red D1 --from C1")  # 3 moles + 2 baits, kinds unknown
    with pytest.raises(InputError, match="red has no token left"):
        game.record(game.read_step("token red A1"))
    game = game.record(game.read_step("reveal A1 1 bait"))
    game = game.record(game.read_step("reveal A1 2 bait"))
    with pytest.raises(InputError, match="only 2 Bait tokens"):
        game.record(game.read_step("reveal A1 3 bait"))
    assert [t.face for t in game.garden().stacks["A1"]] == ["bait", "bait", None, None, None]


def test_miniatures_kick_each_other_out_and_the_cat_sends_them_home():
    game = play("miniature red A1", "miniature me A1 --new-turn")  # rules: kicking out a miniature
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
    for words in [("miniature", "me", "D1"), ("token", "me", "D1", "mole"), ("miniature", "red", "D1", "--new-turn"),
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
    assert run("tally").stdout.splitlines()[-1] == "you win with 4 points and become the boss of 75 Gnom' Street"


def test_a_tally_from_a_file(run, tmp_path):
    path = tmp_path / "end.yaml"
    path.write_text("players: [Ana, Ben, Cleo]\nminiatures: {Ana: 3, Ben: 0}\nloot: {Ana: a1, Ben: F3, Cleo: E1}\n"
                    "stacks:\n  F3: [Ana mole]\n  C1: [Ben appât, Ana taupe]\n")
    data = json.loads(run("tally", str(path), "--json").stdout)
    assert data["players"]["Ana"]["total"] == 3 + 5 and data["players"]["Ben"]["total"] == -1 + 1
    path.write_text("players: [Ana, Ben, Cleo]\nloot: {Ana: A1, Ben: D1, Cleo: E1, Zoe: A1}\n"
                    "stacks: {C1: [Ana frog]}\n")
    result = run("tally", str(path))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "loot.Zoe: unknown player 'Zoe'" in result.stderr and "stacks.C1[0]" in result.stderr


# -- the two-player match ----------------------------------------------------------------------


def test_a_two_player_match_is_won_in_two_sets_each_with_a_new_sheet():
    game = DeductionGame.new("t", GARDEN, ["Matt"], "F1")
    game = game.record(game.read_step("clue area A1 yes"))
    assert len(game.sheet().candidates("Matt")) == 3
    game = game.record(game.read_step("miniature me B1"))
    game = game.record(game.read_step("mole B1 found --next-mine A2"))  # I found Matt's loot: set 1 mine
    assert game.garden().sets == ["me"]
    assert len(game.sheet().candidates("Matt")) == 15  # a new set: a new sheet, my loot now A2
    assert game.current_mine() == GARDEN.parse_cell("A2")
    game = game.record(game.read_step("miniature Matt C3"))
    game = game.record(game.read_step("mole C3 missed --by Matt"))  # Matt missed: set 2 mine too
    assert game.garden().sets == ["me", "me"]
    with pytest.raises(AssistantError,
                       match=r"the game is finished: you win \(2 sets\); to go on, take back the last entry \(undo\)"):
        game.record(game.read_step("clue area A1 yes"))
    game = game.record(game.read_step("undo"))  # a misheard set end can be taken back
    assert game.garden().sets == ["me"]


def test_sets_belong_to_the_two_player_game(run):
    run("new", "gnom-street", "--opponents", "red,blue")
    result = run("mole", "B1", "found")
    assert result.exit_code == 2 and "sets are for the two-player game" in result.stderr
    run("new", "gnom-street", "--mine", "F1")
    run("miniature", "me", "B1")
    said = run("mole", "B1", "missed", "--next-mine", "A1").stdout
    assert said.splitlines()[-1] == "match: you 0 - 1 opponent; set 2 starts"


# -- tally files: every problem one line naming the file, the place and the rule ---------------


GOOD = {"players": ["Ana", "Ben", "Cleo"], "miniatures": {"Ana": 3, "Ben": 1, "Cleo": 0},
        "loot": {"Ana": "A1", "Ben": "D3", "Cleo": "F2"},
        "stacks": {"D3": ["Ana mole", "Cleo mole"], "C1": ["Ben bait", "Ana mole"]}}


def refused(text: str, run, tmp_path) -> str:
    """The one error line for a tally file holding ``text`` (the file stays as it was)."""
    path = tmp_path / "end.yaml"
    path.write_text(text, encoding="utf-8")
    result = run("tally", str(path))
    assert result.exit_code == 1 and result.stdout == "", result.output
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"error: {path}: ")
    assert path.read_text(encoding="utf-8") == text
    return result.stderr.removeprefix(f"error: {path}: ").strip()


FILE = "players: [Ana, Ben, Cleo]\nloot: {Ana: A1, Ben: D3, Cleo: F2}\n"


@pytest.mark.parametrize("text,message", [
    (FILE + "miniatures: [1, 2]\n", "miniatures: expected a mapping like {Ana: 3, Ben: 0} (got a list)"),
    ("players: [Ana, Ben, Cleo]\nloot: [A1]\n", "loot: expected a mapping like {Ana: A1, Ben: D3} (got a list)"),
    (FILE + "miniatures: {Ana: 2.0}\n", "miniatures.Ana: expected 0 to 3 miniatures in the garden (got 2.0)"),
    (FILE + "settings: [1]\n", "settings: expected a mapping like {rules: en} or "
                               "{later_moles: 3, bait_counts: all} (got a list)"),
    (FILE + "stacks: {F1: [Ana mole], 2.0: [Ana bait]}\n", "stacks.2.0: expected a cell like A1 (got 2.0)"),
    (FILE + "miniatures: {Ana: '٣'}\n", "miniatures.Ana: expected 0 to 3 miniatures in the garden (got '٣')"),
    (FILE + "miniatures: {Ana: " + "9" * 400 + "}\n", "miniatures.Ana: expected 0 to 3 miniatures in the garden "
                                                      "(got " + "9" * 60 + "... (400 characters))"),
    (FILE + "settings: {later_moles: 3.5}\n", "settings.later_moles: expected the points of a Mole after the "
                                              "third, 0 to 5 (got 3.5)"),
    (FILE + "stacks: [D3, Ana mole]\n", "stacks: expected a mapping like {F3: [Ana mole, Ben bait]}, bottom first "
                                        "(got a list)"),
    (FILE + "stacks: {D3: {Ana: mole}}\n", "stacks.D3: expected a list like [Ana mole, Ben bait], bottom first "
                                           "(got a mapping)"),
])
def test_the_crashes_of_issue_12_are_one_line_each(text, message, run, tmp_path):
    assert refused(text, run, tmp_path) == message


def test_a_cell_written_as_a_float_names_its_place(run, tmp_path):
    assert refused("players: [Ana, Ben, Cleo]\nloot: {Ana: 2.0, Ben: D3, Cleo: F2}\n", run, tmp_path) == \
        "loot.Ana: expected a cell like A1 (got 2.0)"


HOSTILE_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=True)
    | st.sampled_from(["٣", "²", "3.0", "A1", "a1", "B2", "Ana", "Ana mole", "Ben bait", "", "C1 ", "9" * 5000]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(["Ana", "ana", "A1", "c1", "C1",
                                                                                "later_moles", "rules", "x"]),
                                                                inner, max_size=3),
    max_leaves=8)


@given(st.dictionaries(st.sampled_from(["players", "miniatures", "loot", "stacks", "settings", "extra"]),
                       HOSTILE_VALUES, max_size=3))
def test_any_hostile_tally_file_is_read_or_refused_as_data(garden, changes):
    """Non-ASCII digits, lists where mappings are expected, floats, huge numbers: a DataError, never a crash."""
    data = {**GOOD, **changes}
    try:
        result = score_file(data, "end.yaml", garden)
    except DataError as error:
        assert all(problem.startswith("end.yaml: ") for problem in error.problems)
        assert "\n" not in str(error)
    else:
        assert {line.player for line in result.lines} <= {"Ana", "Ben", "Cleo", "Dan"}


# -- tally files get the checks the live commands have (issue 15) --------------------------------

FOUR = "players: [Ana, Ben, Cleo, Dan]\nloot: {Ana: A1, Ben: D3, Cleo: F2, Dan: F3}\n"


def test_a_fifth_mole_for_one_player_is_refused(run, tmp_path):
    """FR: "3 jetons Taupe pour une partie à 3 joueurs OU 4 jetons Taupe pour une partie à 4 joueurs"."""
    text = FOUR + "stacks: {D3: [Ana mole, Ana mole], F2: [Ana mole, Ana mole], C1: [Ben bait, Ana mole]}\n"
    assert refused(text, run, tmp_path) == "stacks.C1[1]: Ana's 5th Mole: each player has 4 Mole tokens at 4 players"
    three = FILE + "stacks: {D3: [Ana mole, Ana mole], F2: [Ana mole, Ana mole]}\n"
    assert refused(three, run, tmp_path) == "stacks.F2[1]: Ana's 4th Mole: each player has 3 Mole tokens at 3 players"


def test_a_third_bait_is_refused(run, tmp_path):
    """FR: "2 jetons Appât" for each gang."""
    text = FILE + "stacks: {C1: [Ben bait, Ana mole], A3: [Ben bait], F1: [Ben bait]}\n"
    assert refused(text, run, tmp_path) == "stacks.F1[0]: Ben's 3rd Bait: each player has 2 Bait tokens at 3 players"


def test_a_stack_or_a_loot_on_a_pond_is_refused(run, tmp_path):
    """FR: "Aucune statuette (et aucun pion) ne peut être posée sur une case représentant une mare."
    (and a Loot card names a cell that is not a pond: FACTS.md, 16 cards for 16 cells)"""
    assert refused(FILE + "stacks: {B2: [Ana mole]}\n", run, tmp_path) == \
        "stacks.B2: B2 is a pond: no token goes on a pond"
    assert refused("players: [Ana, Ben, Cleo]\nloot: {Ana: A1, Ben: e2, Cleo: F2}\n", run, tmp_path) == \
        "loot.Ben: E2 is a pond: no loot goes on a pond"


def test_a_player_named_twice_is_refused(run, tmp_path):
    """FR: "Chaque joueur choisit un gang": one gang, one line of the tally, per player."""
    assert refused("players: [Ana, Ben, Cleo, ana]\nloot: {Ana: A1, Ben: D3, Cleo: F2}\n", run, tmp_path) == \
        "players[3]: ana is named twice: each player once"
    assert refused(FILE + "miniatures: {Ana: 1, ana: 2}\n", run, tmp_path) == \
        "miniatures.ana: Ana is given twice (also as miniatures.Ana): once per player"


def test_a_player_without_loot_is_refused(run, tmp_path):
    """FR: "LES BUTINS : chaque joueur dévoile sa carte Butin." """
    assert refused("players: [Ana, Ben, Cleo]\nloot: {Ana: A1, Ben: D3}\n", run, tmp_path) == \
        "loot: Cleo has no loot: every player shows their Loot card (add Cleo: CELL)"


def test_a_negative_setting_is_refused(run, tmp_path):
    assert refused(FILE + "settings: {later_moles: -1}\n", run, tmp_path) == \
        "settings.later_moles: expected the points of a Mole after the third, 0 to 5 (got -1)"


def test_one_cell_written_twice_is_refused_not_silently_merged(run, tmp_path):
    """FR: "Si sa statuette est sur une case comportant déjà un jeton ... il peut en déposer un nouveau en
    l'empilant": a cell holds one stack."""
    assert refused(FILE + "stacks: {C1: [Ana mole], c1: [Ben mole]}\n", run, tmp_path) == \
        "stacks.c1: the same cell as stacks.C1: one stack per cell, bottom first"


def test_two_or_five_players_are_refused(run, tmp_path):
    """FR: "Une partie à deux joueurs se joue en deux manches gagnantes" (no victory points); the box
    holds four gangs."""
    assert refused("players: [Ana, Ben]\nloot: {Ana: A1, Ben: D3}\n", run, tmp_path) == \
        "players: a two-player game has no victory points: the match is won in two sets " \
        "(mole CELL found|missed); the tally is for 3 or 4 players"
    assert refused("players: [Ana, Ben, Cleo, Dan, Eve]\n", run, tmp_path) == \
        "players: the box holds 4 gangs: the tally is for 3 or 4 players (got 5)"


def test_every_problem_of_a_file_is_listed_at_once(run, tmp_path):
    text = FILE + "miniatures: {Ana: 4}\nstacks: {B2: [Ana mole], C1: [Zoe bait]}\nsettings: {bait_counts: some}\n"
    problems = refused(text, run, tmp_path).split(f"; {tmp_path / 'end.yaml'}: ")
    assert [problem.split(": ")[0] for problem in problems] == [
        "miniatures.Ana", "stacks.B2", "stacks.C1[0]", "settings.bait_counts"]


# -- the live tally (issue 15) ----------------------------------------------------------------------


def garden_game(run, *words):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    for step in words:
        result = run(*step.split())
        assert result.exit_code == 0, (step, result.stderr)


def test_the_live_tally_follows_the_french_rules_or_the_english_on_request(run):
    """FR: "autant de points de victoire que de jetons Taupe adverses présents dans la pile";
    EN: "points equal to the number of Mole tokens stacked on top of it"."""
    garden_game(run, "miniature blue F3", "token blue F3", "token blue F3", "reveal F3 1 bait", "reveal F3 2 mole",
                "loot red D1", "loot blue A1")
    french = json.loads(run("tally", "--json").stdout)["players"]["blue"]["baits"]
    english = json.loads(run("tally", "--json", "--rules", "en").stdout)["players"]["blue"]["baits"]
    assert (french, english) == (0, 1)  # blue's own mole on blue's bait counts only in English
    wrong = run("tally", "--rules", "de")
    assert wrong.exit_code == 2 and wrong.stderr == "error: unknown rules 'de': expected fr (the original) or en\n"


def test_face_down_stacks_are_listed_at_once_with_the_reveal_commands(run):
    garden_game(run, "miniature red D1", "token red D1", "miniature blue F3", "token blue F3", "token blue F3",
                "loot red D1", "loot blue A1")
    result = run("tally")
    assert result.exit_code == 2
    assert result.stderr == ("error: 3 tokens still face down: reveal D1 1 mole|bait (red's); "
                             "reveal F3 1 mole|bait (blue's); reveal F3 2 mole|bait (blue's)\n")


def test_a_loot_the_sheet_has_found_needs_no_loot_command(run):
    garden_game(run, "clue at D1 yes -o red", "loot blue A1")  # the sheet has found red's loot: D1
    result = run("tally", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["players"]["red"]["total"] == -1
    run("undo")
    run("undo")  # blue's loot not shown, red's no longer found
    assert run("tally").stderr == "error: record the loot shown by red, blue: loot NAME CELL\n"


def test_a_two_player_game_has_no_victory_points(run):
    """FR: "Une partie à deux joueurs se joue en deux manches gagnantes." (EN: "The first player to win
    2 sets wins the game!"): no victory points to count."""
    run("new", "gnom-street", "--mine", "F1")
    result = run("tally")
    assert result.exit_code == 1
    assert result.stderr == ("error: a two-player game has no victory points: the match is won in two sets "
                             "(mole CELL found|missed); the tally is for 3 or 4 players\n")


def test_a_player_name_a_token_cannot_name_is_refused(run, tmp_path):
    assert refused("players: [Ana Maria, Ben, Cleo]\n", run, tmp_path).startswith(
        "players[0]: player name 'Ana Maria': use letters, digits and hyphens")


CELLS = ["A1", "B1", "C1", "D1", "F3", "A3"]
TOKENS = st.lists(st.builds(Token, st.sampled_from(PLAYERS), st.sampled_from(["mole", "bait"])), max_size=6)


@given(st.dictionaries(st.sampled_from(CELLS), TOKENS, max_size=6), st.permutations(CELLS))
def test_at_four_players_the_rule_books_differ_only_on_baits(stacks, cells):
    """At four players a loot holds at most three opposing Moles, so the French and English scores of
    loot cells agree; a bottom Bait catches at least as many Moles by the English rules."""
    loot = dict(zip(PLAYERS, cells, strict=False))
    french = tally(PLAYERS, {}, loot, stacks, RULES["fr"])
    english = tally(PLAYERS, {}, loot, stacks, RULES["en"])
    for fr, en in zip(french.lines, english.lines, strict=True):
        assert fr.loot == en.loot and fr.baits <= en.baits
    assert sum(line.loot for line in french.lines) <= len(loot) * sum(MOLE_POINTS)
