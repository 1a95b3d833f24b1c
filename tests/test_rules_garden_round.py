"""The garden's round as its rules play it: the gnome cards, the nine turns, one Action token a turn."""

from conftest import shipped_board
from test_fight import refused

from assistant.engine import grammar
from assistant.engine.board import Board
from assistant.games.deduction import DeductionGame
from assistant.games.gnom_street import turns
from assistant.store import yamlfile
from assistant.store.folder import shipped_folder

GARDEN = shipped_board("gnom-street")


def play(*steps, opponents=("red", "blue", "yellow"), mine="C2"):
    game = DeductionGame.new("t", GARDEN, list(opponents), mine)
    for step in steps:
        game = game.record(game.read_step(step))
    return game


def test_a_gnome_card_is_played_once_until_the_cards_come_back():
    # FR: "les cartes engagées sont défaussées"; "tous les joueurs récupèrent leurs cartes dès lors que l'un
    # d'eux, à la fin d'un tour, n'a plus de carte en main"
    game = play("fight me=8 red=1 blue=2 yellow=3")
    message = refused(game, "fight me=8 red=3 blue=4 yellow=5")
    # said to me: 'you', never "me played their"
    assert message.startswith("you played your 8 already: a gnome card is played once until the cards come back")
    assert "add --cards-back" in message  # what to type when the cards came back off the log
    play("fight me=8 red=1 blue=2 yellow=3", "fight me=7 red=3 blue=4 yellow=5")


def test_the_cards_come_back_for_the_last_turn_and_no_fight_follows_it():
    # EN: "At the beginning of a new turn, if one player has no Gnome Cards in hand, all players take back
    # their discarded cards and the last turn can begin! [...] Once this turn is over, the game ends"
    rounds = [f"fight me={v} red={v % 8 + 1} blue={(v + 1) % 8 + 1} yellow={(v + 2) % 8 + 1}" for v in range(1, 9)]
    game = play(*rounds)
    assert turns.empty_hand(game.state.play.round, game.players) == "me"
    game = game.record(game.read_step("fight me=8 red=1 blue=2 yellow=3"))  # the cards came back: the ultime tour
    assert game.state.play.round.last
    assert "the last turn is played" in refused(game, "fight me=1 red=2 blue=3 yellow=4")


def test_a_game_lasts_nine_turns_at_most():
    # FR: "Une partie se joue en neuf tours maximum"
    game = play("fight me=8 red=1 blue=2 yellow=3", "fight me=7 red=2 blue=3 yellow=4 --cards-back")
    assert "the last turn is played" in refused(game, "fight me=6 red=3 blue=4 yellow=5")
    assert "--cards-back" in turns.__doc__


def test_a_card_given_up_for_tokens_empties_the_hand_sooner():
    # EN: "To place one or two tokens, the player has to discard one Gnome card of his choice from his hand."
    game = play("fight me=8 red=1 blue=2 yellow=3", "miniature red A1", "token red A1")
    assert turns.in_hand(game.state.play.round, "red") == 6


def test_one_action_token_a_turn_one_question_after_the_miniature():
    # FR: "Le joueur choisit un jeton Terrain et un jeton Action"; "Après avoir posé sa statuette, le joueur
    # questionne un adversaire s'il a pris un jeton Action Interrogatoire"
    game = play("miniature me B1", "clue area B1 red=no")
    assert refused(game, "clue line-of-sight B1 blue=no").startswith(
        "you used the Area Action token this turn already: one Action token a turn")
    assert "--new-turn" in refused(game, "clue flower B1 yellow=no --colour yellow")
    play("miniature me B1", "clue area B1 red=no", "clue area B1 red=no")  # typed twice: the same question
    # a new turn, said explicitly, allows the next question
    play("miniature me B1", "clue area B1 red=no", "miniature me A1 --new-turn", "clue line-of-sight A1 blue=no")


def test_an_opponent_asks_me_once_a_turn():
    game = play("miniature blue A1", "asked area A1 no --by blue")
    assert "blue used the Area Action token this turn already" in refused(game, "asked line-of-sight A1 no --by blue")


def test_each_action_token_goes_to_one_player_and_the_cat_is_one_of_them():
    # EN: "The player takes 1 Terrain token and 1 Action token from those available"; "If the player took
    # the Cat Action token, they place the Cat token"
    game = play("miniature me B1", "clue area B1 red=no", "miniature red A1")
    assert "the Area Action token is taken already, by you" in refused(game, "clue area A1 yes -o blue --by red")
    game = play("miniature me B1", "cat D2", "miniature blue A3")
    assert "the Cat Action token is taken already" in refused(game, "cat D3")
    play("miniature me B1", "cat D2", "miniature blue A3", "cat D3 --three")  # a gnome card's power: no token


def test_at_two_players_the_tokens_come_back_once_all_are_used():
    # FR: "les joueurs ne remettent les jetons Terrain et Action qu'une fois la totalité des jetons utilisée"
    game = play("miniature me B1", "clue area B1 no", "miniature Matt A1", "miniature me A2",
                opponents=("Matt",))
    assert "at two players the tokens come back once all are used" in refused(game, "clue area A2 no")
    play("miniature me B1", "clue area B1 no", "miniature Matt A1", "miniature me A2", "clue line-of-sight A2 no",
         opponents=("Matt",))


def test_the_two_player_mole_needs_a_miniature_like_the_token():
    # FR: a Mole goes "uniquement sur une case occupée par une de ses statuettes"
    game = play(opponents=("Matt",))
    message = refused(game, "mole D1 found --next-mine A2")
    assert "none of yours is in the garden: record the miniature first (miniature me D1" in message
    play("miniature me D1", "mole D1 missed --next-mine A2", opponents=("Matt",))


def test_a_saved_log_that_breaks_the_round_loads_as_heard_with_a_note():
    game = DeductionGame.new("t", GARDEN, ["red", "blue", "yellow"], "C2")
    for step in ["fight me=8 red=1 blue=2 yellow=3", "fight me=8 red=3 blue=4 yellow=5"]:
        game = game.restore(game.read_step(step))
    assert game.notes()[2].startswith("refused today (you played your 8 already")


def test_the_refusal_is_said_in_french(run):
    run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2")
    run("--lang", "fr", "combat", "moi=8", "red=1", "blue=2", "yellow=3")
    result = run("--lang", "fr", "combat", "moi=8", "red=3", "blue=4", "yellow=5")
    assert result.exit_code == 2 and "vous avez déjà joué votre 8" in result.stderr and "--reprise" in result.stderr
    result = run("--lang", "fr", "combat", "moi=7", "red=1", "blue=4", "yellow=5")
    assert result.exit_code == 2 and "red a déjà joué son 1" in result.stderr


# -- the Terrain tokens ---------------------------------------------------------------------------------------
# On the shipped (unverified) garden: A1, C2, E1, F3 grass; B1, D2, C3, F1 wood; C1, F2, A3, D3 gravel;
# D1, A2, B3, E3 earth.


def test_a_miniature_goes_on_the_terrain_of_a_token_still_free_this_turn():
    # FR: "Le joueur choisit un jeton Terrain et un jeton Action parmi les jetons disponibles"; "Le joueur place
    # une statuette de sa réserve sur une case correspondant au jeton Terrain qu'il vient de prendre"
    game = play("miniature me A1", "miniature red B1")
    message = refused(game, "miniature blue F3")
    assert message.startswith("F3 is grass, and the grass Terrain token is taken already, by you: a miniature goes "
                              "on the terrain of the token its player took")
    assert "free now: gravel and earth" in message
    assert "if a new turn began that the log did not see, add --new-turn" in message
    assert message.endswith("correct the board: board set gnom-street F3 terrain=TERRAIN")
    play("miniature me A1", "miniature red B1", "miniature blue F3 --new-turn")  # said: the tokens are back
    assert game.tokens_free() == (("area", "line-of-sight", "flower", "cat"), ("gravel", "earth"))


def test_the_terrain_tokens_come_back_when_every_player_has_acted():
    # FR: "Lorsque tous les joueurs ont fini leurs actions, les jetons Terrain et Action retournent sur leur
    # emplacement et un nouveau tour de jeu commence."
    game = play("miniature me A1", "miniature red B1", "miniature blue C1", "miniature yellow D1",
                "miniature me F3")  # my second miniature: a new turn, every token back
    assert game.tokens_free()[1] == ("wood", "gravel", "earth")
    play("miniature me A1", "fight me=8 red=1 blue=2 yellow=3", "miniature red C2")  # a fight starts the next turn


def test_a_moved_miniature_takes_a_terrain_token_too():
    # EN: "If a player has no Miniatures left in their supply, they must move a Miniature already on the board";
    # FR: "sur une case correspondant au jeton Terrain qu'il vient de prendre"
    three = ("miniature red A1", "miniature red B1", "miniature red C1", "miniature me D1", "miniature me E1")
    game = play(*three)  # turn 4: my E1 took grass; red, all three out, moves one
    assert "the grass Terrain token is taken already, by you" in refused(game, "miniature red F3 --from A1")
    play(*three, "miniature red B3 --from A1")


def test_at_two_players_the_terrain_tokens_come_back_once_all_four_are_used():
    # FR: "les joueurs ne replaceront les jetons Terrain et Action qu'une fois la totalité des jetons utilisée";
    # "Au tour 2, c'est Matthieu qui remporte le duel, il prend le jeton Terrain « Gravier » [...] Nicolas prend les
    # jetons restants, un terrain « Terre »"
    turn_one = ("miniature me A1", "miniature Matt B1")  # grass, wood
    game = play(*turn_one, "miniature Matt C1", opponents=("Matt",))  # turn 2: gravel
    message = refused(game, "miniature me C2")  # grass: mine still, from turn 1
    assert "the grass Terrain token is taken already, by you" in message and "free now: earth" in message
    assert "at two players the tokens come back once all are used" in message
    assert "if the tokens came back off the log, add --tokens-back" in message
    game = play(*turn_one, "miniature Matt C1", "miniature me D1", "miniature me C2", opponents=("Matt",))
    assert game.tokens_free()[1] == ("wood", "gravel", "earth")  # turn 3: all four were used, all came back
    game = play(*turn_one, "miniature Matt C1", "miniature me C2 --tokens-back", opponents=("Matt",))
    assert game.step(game.events[-1]) == "miniature me C2 --tokens-back"
    assert game.tokens_free() == (("area", "line-of-sight", "flower", "cat"), ("wood", "gravel", "earth"))


def test_a_board_that_gives_a_cell_no_terrain_refuses_no_miniature_for_it():
    """A board the player added with no terrains: nothing is said of the Terrain tokens."""
    data = yamlfile.load(shipped_folder("boards") / "gnom-street.yaml")
    data = {**data, "name": "plain-garden",
            "attributes": {"flowers": data["attributes"]["flowers"]},
            "cells": {cell: {key: value for key, value in spec.items() if key != "terrain"}
                      for cell, spec in data["cells"].items()}}
    board = Board.from_mapping(data, "plain-garden.yaml")
    game = DeductionGame.new("t", board, ["red", "blue"], "C2")
    for step in ("miniature me A1", "miniature red F3", "miniature blue E1"):
        game = game.record(game.read_step(step))
    assert game.tokens_free()[1] == ()


def test_the_board_as_corrected_says_the_terrain(run):
    """The layout is a guess: the refusal says how to correct it, and the corrected cell is read."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    assert run("miniature", "me", "A1").exit_code == 0
    refusal = run("miniature", "red", "F3")
    assert refusal.exit_code == 2 and "board set gnom-street F3 terrain=TERRAIN" in refusal.stderr
    assert run("board", "set", "gnom-street", "F3", "terrain=wood").exit_code == 0
    assert run("miniature", "red", "F3").exit_code == 0


def test_suggest_leaves_out_the_cells_whose_terrain_token_is_taken():
    game = play("miniature red A1")
    barred = set(GARDEN.names(game.barred()))
    assert {"A1", "C2", "E1", "F3"} <= barred and not {"B1", "C1", "D1"} & barred


# -- the miniature first ---------------------------------------------------------------------------------------


def test_a_question_comes_after_its_askers_miniature_of_the_turn():
    # FR: "Après avoir posé sa statuette, le joueur questionne un adversaire s'il a pris un jeton Action
    # Interrogatoire"; "Le joueur pose toujours sa question depuis la case où il vient de placer sa statuette"
    game = play("miniature red A1")
    message = refused(game, "clue area B1 red=no")
    assert message.startswith("you have placed no miniature this turn: a question comes after it")
    assert "record it first: miniature me B1; a question another player asked: add --by NAME" in message
    assert refused(game, "asked area C1 --by blue").endswith("record it first: miniature blue C1")
    assert "blue has placed no miniature" in refused(game, "clue area C1 red=no --by blue")
    play("miniature red A1", "clue area A1 blue=no --by red")  # red's own miniature: red asks
    play("miniature red A1", "miniature me B1", "clue area B1 red=no")
    game = play("miniature me A1", "miniature me B1", "miniature me C1", "miniature red D1", "miniature red E3")
    assert "record it first: miniature me F3 --from CELL" in refused(game, "clue area F3 red=no")  # all 3 out


def test_a_log_with_no_miniature_is_a_deduction_sheet_and_follows_no_turn():
    """Nothing requires recording the pieces: without a miniature the questions are the sheet's alone."""
    play("clue area B1 red=no", "clue line-of-sight C1 blue=no", "asked area D1 --by yellow", "cat D2")
    # two players: each set follows its own turns (its Mole needed one miniature; the next set none yet)
    play("clue area A1 no", "miniature me D3", "mole D3 missed --next-mine F3", "clue area A1 no",
         opponents=("Matt",))


def test_the_cat_moves_after_a_miniature_of_its_turn():
    # FR (aide de jeu): "placer une de ses statuettes sur le terrain choisi ; interroger un joueur adverse [...] ou
    # jouer l'action Chat"; a gnome card moves it "at the beginning of your turn"
    game = play("miniature red A1", "fight me=8 red=1 blue=2 yellow=3")
    message = refused(game, "cat D2")
    assert message.startswith("no miniature is placed this turn: the Cat Action token moves the cat after")
    assert message.endswith("record the miniature first (miniature PLAYER CELL), or, for the gnome card that moves "
                            "it at the beginning of a turn, add --three")
    play("miniature red A1", "cat D2", "fight me=8 red=1 blue=2 yellow=3", "cat D3 --three")
    play("miniature red A1", "fight me=8 red=1 blue=2 yellow=3", "miniature me B1", "cat D2")


def test_the_hint_says_the_miniature_first_before_the_question_is_typed():
    """Completion offers only what recording takes: the round's refusal is said once the kind is typed."""
    game = play("miniature red A1")
    assert grammar.expect(game, ["clue", "area"]).why.startswith("you have placed no miniature this turn")
    assert "miniature me B1" in grammar.expect(game, ["clue", "area", "B1"]).why
    assert grammar.expect(game, ["clue", "--by", "red", "area"]).why == ""  # red placed: red asks
    game = play("miniature red A1", "fight me=8 red=1 blue=2 yellow=3")
    assert grammar.complete(game, "cat ")[1] == ()
    assert grammar.expect(game, ["cat"]).why.startswith("no miniature is placed this turn")
    assert "F3" not in grammar.complete(play("miniature red A1"), "miniature blue ")[1]  # grass: red's token


def test_a_taken_token_the_log_missed_coming_back_names_the_miniature_to_record_again():
    """The question is refused once its asker's miniature stands: that miniature is recorded again, as the first of
    a new turn (3 or 4 players) or with the tokens back (2), and the question is then taken."""
    game = play("miniature me B1", "clue area B1 red=no", "miniature red A1")
    message = refused(game, "clue area A1 blue=no --by red")
    assert message.endswith("take red's miniature back (retract 3) and record it again with --new-turn "
                            "(miniature red A1 --new-turn)")
    play("miniature me B1", "clue area B1 red=no", "miniature red A1", "retract 3", "miniature red A1 --new-turn",
         "clue area A1 blue=no --by red")
    game = play("miniature me B1", "clue area B1 no", "miniature Matt A1", "miniature me C1", opponents=("Matt",))
    assert refused(game, "clue area C1 no").endswith(
        "take your miniature back (retract 4) and record it again with --tokens-back (miniature me C1 --tokens-back)")
    play("miniature me B1", "clue area B1 no", "miniature Matt A1", "miniature me C1", "retract 4",
         "miniature me C1 --tokens-back", "clue area C1 no", opponents=("Matt",))


def test_a_saved_log_that_breaks_the_terrain_or_the_miniature_first_loads_as_heard_with_a_note():
    game = DeductionGame.new("t", GARDEN, ["red", "blue", "yellow"], "C2")
    for step in ["miniature me A1", "miniature red F3", "clue area B1 blue=no --by yellow", "cat D2"]:
        game = game.restore(game.read_step(step))
    notes = game.notes()
    assert notes[2].startswith("refused today (F3 is grass, and the grass Terrain token is taken already, by you")
    assert notes[3].startswith("refused today (yellow has placed no miniature this turn")
    assert 4 not in notes  # red placed last: red's Cat token
    assert game.garden().miniatures["red"] == ["F3"]  # loaded as heard


def test_the_terrain_refusal_is_said_in_french(run):
    run("new", "gnom-street", "--opponents", "rouge,bleu", "--mine", "C2")
    assert run("--lang", "fr", "statuette", "moi", "A1").exit_code == 0
    result = run("--lang", "fr", "statuette", "rouge", "F3")
    assert result.exit_code == 2
    assert "F3 est en herbe, et le jeton Terrain herbe est déjà pris, par vous" in result.stderr
    assert "libres\u00a0: bois, gravier et terre" in result.stderr or "libres : bois, gravier et terre" in result.stderr
    assert "--nouveau-tour" in result.stderr and "plateau corriger gnom-street F3 terrain=TERRAIN" in result.stderr
    assert run("--lang", "fr", "statuette", "rouge", "F3", "--nouveau-tour").exit_code == 0


def test_history_notes_what_a_saved_log_did_that_the_round_refuses_now(run, home):
    """A log saved before the Terrain tokens and the miniature first were checked loads as it was heard, and
    history says, entry by entry, what recording refuses today."""
    import json

    games = home / "games"
    games.mkdir(parents=True)
    (games / "old.yaml").write_text("assistant: game/1\nboard: gnom-street\nopponents: [red, blue]\nmine: C2\n"
                                    "events:\n- miniature me A1\n- miniature red F3\n- clue area B1 red=no --by blue\n"
                                    "- cat D2\n", encoding="utf-8")
    listed = json.loads(run("history", "--json", "--game", "old").stdout)
    assert [entry.get("note", "")[:40] for entry in listed] == [
        "", "refused today (F3 is grass, and the gras", "refused today (blue has placed no miniat", ""]
    assert run("candidates", "--game", "old", "--json").exit_code == 0  # loaded as heard
    assert run("miniature", "blue", "D2", "--game", "old").exit_code != 0  # the cat's cell: the log goes on


def test_taking_back_the_miniature_a_later_question_was_asked_after_is_refused():
    """Taking an entry back never leaves a later step the round refuses: the question asked after the miniature
    taken back is taken back first, as a token standing on it is."""
    game = play("miniature red A1", "miniature me B1", "clue area B1 red=no")
    message = refused(game, "retract 2")
    assert message.startswith("refused: taking back entry 2 (miniature me B1) leaves entry 3 (clue area B1 red=no) "
                              "impossible (you have placed no miniature this turn")
    play("miniature red A1", "miniature me B1", "clue area B1 red=no", "retract 3", "retract 2")
    play("miniature red A1", "miniature me B1", "clue area B1 red=no", "retract 1")  # my miniature stays first
    # a step the log held already against the round (loaded as heard) is not laid at a retract's door
    game = DeductionGame.new("t", GARDEN, ["red", "blue"], "C2")
    for step in ["miniature me A1", "miniature red F3", "clue area C1 red=no", "clue area B1 red=no --by blue"]:
        game = game.restore(game.read_step(step))
    game.record(game.read_step("retract 3"))
