"""The fight that orders each round: its ranking, ties and the gnome throw, and who may then ask whom."""

import json

import pytest
from conftest import game_file, shipped_board

from assistant.engine.errors import InputError
from assistant.games.deduction import DeductionGame
from assistant.games.gnom_street import fight

GARDEN = shipped_board("gnom-street")


def play(*steps, opponents=("red", "blue", "yellow"), mine="C2"):
    game = DeductionGame.new("t", GARDEN, list(opponents), mine, me="Léa")
    for step in steps:
        game = game.record(game.read_step(step))
    return game


def refused(game, step) -> str:
    with pytest.raises(InputError) as error:
        game.record(game.read_step(step))
    return str(error.value)


def test_the_highest_gnome_ranks_first_down_to_the_loser():
    game = play("fight Léa=5 red=3 blue=8 yellow=2")
    assert fight.latest(game) == ("blue", "me", "red", "yellow")


def test_tied_gnomes_drop_to_zero_below_the_lower_cards_and_the_throw_orders_them():
    # rules: "Here, two players both played value 8 gnomes. The first in the ranking is the one who played
    # the 3, followed by the 2. The players who played the 8's have to make a Gnome Throw."
    game = play("fight Léa=8 red=3 blue=8 yellow=2 --throw blue,Léa")
    assert fight.latest(game) == ("red", "yellow", "blue", "me")
    said = refused(play(), "fight Léa=8 red=3 blue=8 yellow=2")  # said to me: 'you and blue'
    assert said.startswith("you and blue tied: your values drop to zero") and "e.g. --throw Léa,blue" in said
    assert "you and blue tied" in refused(play(), "fight Léa=8 red=3 blue=8 yellow=2 --throw blue,red")
    assert refused(play(), "fight Léa=1 red=3 blue=8 yellow=3").startswith("red and yellow tied: their values")
    assert "no tie, so no gnome throw" in refused(play(), "fight Léa=8 red=3 blue=7 yellow=2 --throw blue,Léa")


def test_two_ties_at_once_send_every_player_to_the_throw():
    # rules: "Si les deux autres joueurs avaient posé un 3, il y aurait eu double égalité et l'ensemble des
    # joueurs se seraient départagés au lancer de nain sans exception !"
    game = play("fight Léa=8 red=3 blue=8 yellow=3 --throw yellow,Léa,red,blue")
    assert fight.latest(game) == ("yellow", "me", "red", "blue")


def test_a_fight_names_every_player_once_with_a_gnome_value():
    assert "names every player once" in refused(play(), "fight Léa=5 red=3 blue=8")
    assert "names every player once" in refused(play(), "fight Léa=5 red=3 blue=8 yellow=2 red=4")
    assert "1 to 8" in refused(play(), "fight Léa=9 red=3 blue=8 yellow=2")


def test_a_player_asks_only_those_ranked_after_them_unless_a_power_lets_them():
    # rules: "Le joueur peut interroger n'importe quel autre joueur se trouvant après lui au classement mais
    # jamais un joueur se trouvant avant lui (sauf pouvoir)."
    game = play("fight Léa=5 red=6 blue=3 yellow=2")  # red, Léa, blue, yellow
    # said to me: "you" (Léa is me)
    assert "you may ask only those ranked after you, and red ranks before" in refused(game, "clue area A1 yes -o red")
    play("fight Léa=5 red=6 blue=3 yellow=2", "clue area A1 yes -o red --power sky")
    play("fight Léa=5 red=6 blue=3 yellow=2", "clue area A1 yes -o blue")
    assert "blue may ask only those ranked after them, and red ranks before" in \
        refused(game, "clue area A1 no -o red --by blue")
    assert "and you rank before" in refused(game, "asked area A1 --by blue")  # blue may not ask me: said "you"
    play("fight Léa=5 red=6 blue=3 yellow=2", "asked area A1 --by red")
    play("fight Léa=5 red=6 blue=3 yellow=2", "asked area A1 --by blue --power adam")


def test_the_loser_asks_nobody_and_mick_asks_everyone_unless_last():
    # rules: "Le joueur en dernière position ne peut interroger personne (sauf pouvoir) !"; Mick: "Si vous
    # n'êtes pas dernier, posez votre question à tous les joueurs."
    game = play("fight Léa=1 red=6 blue=3 yellow=2")
    assert "you are the loser" in refused(game, "clue area A1 yes -o yellow")  # said to me (Léa): "you"
    assert "you are the loser" in refused(game, "clue area A1 red=yes blue=no --power mick")
    play("fight Léa=1 red=6 blue=3 yellow=2", "clue area A1 yes -o red --power sky")
    game = play("fight Léa=5 red=6 blue=3 yellow=2")
    assert "Mick's power" in refused(game, "clue area A1 red=yes blue=no yellow=no")
    play("fight Léa=5 red=6 blue=3 yellow=2", "clue area A1 red=yes blue=no yellow=no --power mick")


def test_without_a_fight_nothing_is_checked_and_a_fight_taken_back_checks_nothing():
    play("clue area A1 yes -o red", "clue area A1 red=yes blue=no", "asked area A1 --by blue")
    game = play("fight Léa=1 red=6 blue=3 yellow=2", "undo", "clue area A1 yes -o yellow")
    assert fight.latest(game) is None
    # the latest fight standing is the round's
    play("fight Léa=1 red=6 blue=3 yellow=2", "fight Léa=8 red=5 blue=4 yellow=1", "clue area A1 yes -o yellow")


def test_an_unknown_power_is_refused_naming_them():
    assert "unknown power 'alex': expected one of sky, adam and mick" in \
        refused(play(), "clue area A1 yes -o red --power alex")


def test_the_fight_tells_whom_i_ask_and_suggest_follows_it(run, home):
    run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2", "--me", "Léa")
    result = run("fight", "Léa=5", "red=3", "blue=5", "yellow=2")
    assert result.exit_code == 2 and "--throw" in result.stderr
    result = run("combat", "Léa=5", "red=3", "blue=5", "yellow=2", "--lancer", "Léa,blue")
    assert result.stdout.splitlines() == ["1. fight me=5 red=3 blue=5 yellow=2 --throw me,blue",
                                          "this round: red, yellow, you, blue", "you ask: blue"]
    questions = json.loads(run("suggest", "--json", "--top", "50").stdout)["questions"]
    assert {tuple(q["opponents"]) for q in questions} == {("blue",)}
    assert any(q["turns_saved"] for q in questions)  # two tokens of each kind left: the look-ahead weighs them
    asked = json.loads(run("suggest", "--json", "--ask", "red").stdout)["questions"]
    assert {tuple(q["opponents"]) for q in asked} == {("red",)}  # a power: --ask says whom
    run("fight", "Léa=1", "red=4", "blue=6", "yellow=3")
    saved = game_file(home, "gnom-street-1")
    result = run("suggest")
    assert result.exit_code == 2 and "you are the loser this round" in result.stderr
    result = run("clue", "area", "A1", "yes", "-o", "red")
    assert result.exit_code == 2 and "the loser asks nobody" in result.stderr
    assert game_file(home, "gnom-street-1") == saved
    french = run("--lang", "fr", "historique")
    assert "combat Léa=1 red=4 blue=6 yellow=3" in french.stdout
