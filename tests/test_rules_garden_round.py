"""The garden's round as its rules play it: the gnome cards, the nine turns, one Action token a turn."""

from conftest import shipped_board
from test_fight import refused

from assistant.games.deduction import DeductionGame
from assistant.games.gnom_street import turns

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
