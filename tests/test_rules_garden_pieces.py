"""75 Gnom' Street: the rules of the garden's pieces and of the two-player match (issue 15).

Each test quotes the rule line it enforces; where the French and English texts
differ, the French one is the original.
"""

import pytest
from conftest import game_file

from assistant.engine.errors import AssistantError, Contradiction, InputError
from assistant.games.deduction import DeductionGame


def play(garden, *steps, opponents=("red", "blue"), mine="C2", me=None):
    game = DeductionGame.new("t", garden, list(opponents), mine, me)
    for step in steps:
        game = game.record(game.read_step(step))
    return game


def refused(game, step, error=InputError):
    with pytest.raises(error) as raised:
        game.record(game.read_step(step))
    return str(raised.value)


# -- the cat --------------------------------------------------------------------------------


def test_no_miniature_may_be_placed_on_the_cats_cell(garden):
    """FR: "Aucune statuette ne peut être posée sur la case où se trouve le chat"."""
    game = play(garden, "cat C3")
    assert "no miniature may be placed on the cat's cell" in refused(game, "miniature red C3")
    assert "no miniature may be placed" in refused(game, "miniature me C3")


def test_no_question_is_asked_from_the_cats_cell(garden):
    """FR: "Le joueur pose toujours sa question depuis la case où il vient de placer sa statuette"."""
    game = play(garden, "cat C3")
    assert "no question is asked from it" in refused(game, "clue area C3 yes -o red")
    assert "no question is asked from it" in refused(game, "clue flower C3 yes -o red --colour white")
    play(garden, "cat C3", "clue area C1 yes -o red")  # from elsewhere: fine


def test_the_cat_moves_one_cell_once_in_the_garden(garden):
    """FR: "Si le jeton est déjà dans le jardin, le joueur le déplace d'une case"."""
    game = play(garden, "cat C3")
    assert "it moves one cell" in refused(game, "cat A1")
    assert "it moves one cell" in refused(game, "cat C3")  # moving means moving
    play(garden, "cat C3", "cat D2")  # diagonals count
    play(garden, "cat C3", "cat C2")


def test_a_gnome_card_moves_the_cat_up_to_three_cells(garden):
    """Card text: "At the beginning of your turn, move the cat by 3 cells"."""
    game = play(garden, "cat C3")
    assert "add --three" in refused(game, "cat F3")
    game = play(garden, "cat C3", "cat F3 --three")
    assert game.garden().cat == "F3"
    assert game.step(game.events[-1]) == "cat F3 --three"
    assert "up to 3 cells" in refused(game, "cat B1 --three")


# -- miniatures ------------------------------------------------------------------------------


def test_a_miniature_on_the_board_moves_only_when_the_supply_is_empty(garden):
    """EN: "If a player has no Miniatures left in their supply, they must move a Miniature already on the board"."""
    game = play(garden, "miniature red A1")
    assert "still has 2 miniatures in the supply" in refused(game, "miniature red C3 --from A1")
    game = play(garden, "miniature red A1", "miniature red A3", "miniature red F1")
    assert play(garden, "miniature red A1", "miniature red A3", "miniature red F1",
                "miniature red C3 --from A1").garden().miniatures["red"] == ["A3", "F1", "C3"]


def test_a_kicked_out_miniature_returns_to_the_supply(garden):
    """FR: "elle retourne alors à son propriétaire qui la remettra en jeu lors de son tour"."""
    game = play(garden, "miniature red A1", "miniature red A3", "miniature red F1", "miniature blue A1")
    assert "still has 1 miniature in the supply" in refused(game, "miniature red C3 --from A3")


# -- gangs -----------------------------------------------------------------------------------


def test_five_gangs_are_refused_the_box_has_four(garden, run):
    """The box holds four gangs: me and three opponents at most."""
    result = run("new", "gnom-street", "--opponents", "a,b,c,d,e")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: at most 3 opponents (got 5)")
    assert run("new", "gnom-street", "--opponents", "a,b,c,d").exit_code == 2
    assert run("new", "gnom-street", "--opponents", "a,b,c").exit_code == 0


# -- two players -----------------------------------------------------------------------------


def test_the_match_ends_at_two_sets_won(garden):
    """FR: "Le premier joueur à remporter deux manches remporte la partie !"."""
    game = play(garden, "miniature Matt D3", "mole D3 missed --by Matt --next-mine A2", "miniature Matt C3",
                "mole C3 missed --by Matt --next-mine A1", opponents=("Matt",), mine="C2")
    assert game.garden().sets == ["me", "me"]
    assert refused(game, "mole A3 found --by Matt", AssistantError) == (
        "the game is finished: you win (2 sets); to go on, take back the last entry (undo) or start the next "
        "game: new gnom-street --opponents Matt")  # the next step named


def test_the_opponents_mole_finds_exactly_my_loot(garden):
    """EN: "If they found their opponent's Loot, they win the set. If not, their opponent wins it"."""
    game = play(garden, "miniature Matt B1", "miniature Matt C2", opponents=("Matt",), mine="C2")  # wood, grass
    assert "your loot is on C2: a Mole on B1 misses it, so write missed" in refused(game, "mole B1 found --by Matt")
    assert "so write found" in refused(game, "mole C2 missed --by Matt")
    play(garden, "miniature Matt C2", "mole C2 found --by Matt --next-mine A1", opponents=("Matt",), mine="C2")


def test_my_mole_must_agree_with_my_sheet(garden):
    """My Mole finds the loot exactly when it is on it: the sheet's deductions hold."""
    game = play(garden, "clue area A1 yes", "miniature me F3", opponents=("Matt",), mine="C2")
    with pytest.raises(Contradiction):
        game.record(game.read_step("mole F3 found --next-mine A1"))
    play(garden, "clue area A1 yes", "miniature me A1", "mole A1 found --next-mine F3", opponents=("Matt",),
         mine="C2")


def test_a_sets_mole_stands_on_a_miniature_of_its_placer(garden):
    """FR: a Mole is placed "uniquement sur une case occupée par une de ses statuettes"."""
    game = play(garden, "miniature me A1", "miniature Matt E3", opponents=("Matt",), mine="C2")  # grass, earth
    assert "a Mole goes on a cell holding one of your miniatures (A1)" in refused(game, "mole D3 found")
    assert "one of Matt's miniatures (E3)" in refused(game, "mole C2 found --by Matt")
    play(garden, "miniature me A1", "mole A1 missed --next-mine F3", opponents=("Matt",), mine="C2")


# -- retracting a set's end (no undo or retract may leave the log contradictory) ---------------


def test_retracting_a_sets_end_that_would_join_two_contradicting_sets_is_refused(run, home):
    assert run("new", "gnom-street", "--mine", "C2").exit_code == 0
    assert run("clue", "area", "A1", "yes").exit_code == 0
    assert run("miniature", "me", "B1").exit_code == 0
    assert run("mole", "B1", "found", "--next-mine", "F1").exit_code == 0
    assert run("clue", "area", "F3", "yes").exit_code == 0
    before = game_file(home, "gnom-street-1")
    result = run("retract", "3")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: refused: taking it back would leave clues that cannot all hold: "
                                    "with clue 1 (area A1: opponent yes); clue 4 (area F3: opponent yes)")
    assert result.stderr.count("\n") == 1
    assert game_file(home, "gnom-street-1") == before
    assert run("suggest").exit_code == 0


def test_a_contradictory_log_takes_no_new_clue(home, run):
    """A damaged or hand-edited log: every new clue is checked against it, never waved through."""
    games = home / "games"
    games.mkdir(parents=True)
    (games / "edited.yaml").write_text("assistant: game/1\nboard: gnom-street\nopponents: [red]\nevents:\n"
                                       "- clue area A1 yes\n- clue area F3 yes\n", encoding="utf-8")
    result = run("clue", "area", "C1", "yes", "-g", "edited")
    assert result.exit_code == 1
    assert ("the recorded clues already cannot all hold: with clue 1 (area A1: red yes); clue 2 (area F3: red yes)"
            in result.stderr)
    assert run("retract", "2", "-g", "edited").exit_code == 0
    assert run("clue", "area", "C1", "yes", "-g", "edited").exit_code == 0


def test_undoing_a_clue_that_keeps_the_log_sound_is_always_accepted(run):
    run("new", "gnom-street", "--opponents", "red,blue")
    run("clue", "area", "A1", "yes", "-o", "red")
    assert run("undo").exit_code == 0


def test_refusals_say_you_to_me_whatever_my_name(garden):
    """Issue 14: never "me"; issue 49: a refusal is said to me, so "your", never "Léa's" to Léa."""
    game = DeductionGame.new("t", garden, ["Matt"], "C2", me="Léa")
    game = game.record(game.read_step("miniature Léa A1"))
    said = refused(game, "mole D3 found")
    assert "one of your miniatures (A1)" in said and "Léa" not in said and "me's" not in said


def test_the_next_sets_loot_is_no_pond_and_is_given_while_the_match_goes_on(garden):
    """EN: "A new set will play just like the previous one, distribute a new loot card to both players"."""
    game = play(garden, "miniature Matt D3", opponents=("Matt",), mine="C2")
    assert "B2 is a pond: no loot lies on a pond" in refused(game, "mole D3 missed --by Matt --next-mine B2")
    assert "add --next-mine CELL" in refused(game, "mole D3 missed --by Matt")
    game = play(garden, "miniature Matt D3", "mole D3 missed --by Matt --next-mine A1", opponents=("Matt",),
                mine="C2")
    play(garden, "miniature Matt D3", "mole D3 missed --by Matt --next-mine A1", "miniature Matt A3",
         "mole A3 missed --by Matt",
         opponents=("Matt",), mine="C2")  # the match is won: no next set, no next loot


def test_an_empty_list_of_opponents_is_refused(garden, run):
    result = run("new", "gnom-street", "--opponents", "", "--mine", "C2")
    assert result.exit_code == 2 and "--opponents needs at least one name" in result.stderr
