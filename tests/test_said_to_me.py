"""Messages addressed to me say "you" ("vous") when the player is me, whatever name I gave (issue 49).

The sheet's owner is me: the outcome knows the name I go by (``Outcome.me``), and every face that words it
says "you" for it, in both languages: the command line's answers and refusals, `games`, `stats`, the table
screen's header, the phones' page and the printed page. The other players keep their names.
"""

from __future__ import annotations

import json
import re

import pytest
from test_serve import request
from test_table import drive, screen_text, table_app

from assistant.engine import i18n
from assistant.engine.registry import Outcome, result_said
from assistant.faces.ending import header_line
from assistant.faces.web import serve
from assistant.store.folder import Store

NB = "\u00a0"


def french(function, *args):
    i18n.use("fr")
    try:
        return function(*args)
    finally:
        i18n.use("en")


def unwrapped(text: str) -> str:
    """A picture's lines as one line: the breaks Rich made are spaces (a no-break space stays one)."""
    return re.sub(r"[ \n]+", " ", text)


# -- the words of a result --------------------------------------------------------------------------


@pytest.mark.parametrize("end,english,in_french", [
    (Outcome(True, ("Léa", "Ana"), ("Léa",), points={"Léa": 13, "Ana": 9}, me="Léa"),
     "you win (13 points)", f"vous gagnez (13{NB}points)"),
    (Outcome(True, ("Léa", "Ana", "Ben"), ("Léa", "Ana"), me="Léa"), "Ana and you win", "Ana et vous gagnez"),
    (Outcome(False, ("Léa", "Ana", "Ben"), (), ("Léa", "Ana"), points={"Léa": 2, "Ana": 2, "Ben": 1}, me="Léa"),
     "tie between you and Ana (2 points)", f"égalité entre vous et Ana (2{NB}points)"),
    (Outcome(True, ("Léa", "Ana"), ("Ana",), ("Léa", "Ana"), "throw", me="Léa"),
     "Ana wins, tie settled by a gnome throw", "Ana gagne, égalité départagée au lancer de nain"),
    (Outcome(True, ("me", "Ana"), ("me",), me="me"), "you win", "vous gagnez"),  # a sheet saved without --me
    (Outcome(True, ("Léa", "Ana"), ("Léa",)), "Léa wins", "Léa gagne"),  # a score pad: nobody is its owner
])
def test_a_result_says_you_to_me_and_names_the_others(end, english, in_french):
    assert result_said(end) == english
    assert french(result_said, end) == in_french


# -- a garden I win ---------------------------------------------------------------------------------


def won_by_me(run):
    """A garden of three (me Léa) whose tally ties at -1 each, settled by my gnome throw."""
    run("new", "gnom-street", "--opponents", "Ana,Ben", "--mine", "C2", "--me", "Léa", "--name", "g")
    for step in (["loot", "Ana", "A1"], ["loot", "Ben", "F3"], ["tally", "--throw", "Léa"]):
        assert run(*step).exit_code == 0, step


def test_the_command_line_says_you_to_me_once_i_win(run, home):
    won_by_me(run)
    refused = run("clue", "area", "B1", "Ana=yes")
    assert refused.stderr.startswith("error: the game is finished: you win (-1 points), tie settled by a gnome "
                                     "throw;"), refused.stderr
    refused = run("--lang", "fr", "indice", "zone", "B1", "Ana=oui")
    assert refused.stderr.startswith(f"erreur{NB}: la partie est finie{NB}: vous gagnez (-1{NB}point), égalité "
                                     f"départagée au lancer de nain{NB};"), refused.stderr
    assert "tie between you, Ana and Ben at -1: you won the gnome throw and become the boss" in \
        unwrapped(run("tally").stdout)
    said = unwrapped(run("--lang", "fr", "décompte").stdout)
    assert f"égalité entre vous, Ana et Ben à -1{NB}: vous gagnez le lancer de nain et devenez le boss" in said
    assert "Léa" not in refused.stderr and "Léa gagne" not in said


def test_games_and_stats_say_you_won(run, home):
    won_by_me(run)
    assert ": you win (-1 points), tie settled by a gnome throw" in run("games").stdout
    assert f"{NB}: vous gagnez (-1{NB}point), égalité départagée" in run("--lang", "fr", "jeux").stdout
    assert json.loads(run("games", "--json").stdout)[0]["result"].startswith("you win")
    assert "you won" in run("stats").stdout and "Léa won" not in run("stats").stdout
    assert "vous avez gagné" in run("--lang", "fr", "statistiques").stdout
    played = json.loads(run("stats", "--json").stdout)["history"][0]
    assert (played["winners"], played["me"]) == (["Léa"], "Léa")  # the data keeps my name; the words say 'you'


def test_the_table_screen_says_you_win_in_its_header(run, home):
    won_by_me(run)
    i18n.use("fr")
    try:
        app = table_app(home)

        async def script(pilot):
            await pilot.pause()
            text = screen_text(pilot.app)
            assert f"partie finie{NB}: vous gagnez" in text.replace(" :", f"{NB}:"), text
            assert "Léa gagne" not in text

        drive(app, script, size=(140, 30))
    finally:
        i18n.use("en")


def test_the_page_says_you_win(run, home):
    won_by_me(run)
    store = Store(home)
    assert serve.view(store.load("g"))["ended"] == "game over: you win (-1 points), tie settled by a gnome throw"
    links = serve.make_links(store, ["g"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = request(base, "GET", f"/g/{links[0].token}/", headers={"Accept-Language": "fr"})[2].decode()
    assert "vous gagnez (-1" in page and "Léa gagne" not in page


def test_the_printed_page_says_you_win(run, home, tmp_path):
    won_by_me(run)
    target = tmp_path / "sheets.html"
    assert run("--lang", "fr", "print", "sheet", "--game", "g", "--html", str(target)).exit_code == 0
    page = target.read_text(encoding="utf-8")
    assert f"partie finie{NB}: vous gagnez (-1{NB}point)" in page and "Léa gagne" not in page


def test_an_opponent_who_wins_keeps_their_name(run, home):
    run("new", "gnom-street", "--opponents", "Ana,Ben", "--mine", "C2", "--me", "Léa", "--name", "g")
    for step in (["loot", "Ana", "A1"], ["loot", "Ben", "F3"], ["tally", "--throw", "Ana"]):
        assert run(*step).exit_code == 0, step
    assert header_line(Store(home).load("g")) == "game over: Ana wins (-1 points), tie settled by a gnome throw"
    assert "Ana won" in run("stats").stdout
    assert "Ana a gagné" in run("--lang", "fr", "statistiques").stdout


# -- the city ---------------------------------------------------------------------------------------


def test_the_city_says_you_win_and_you_are_out(run, home):
    """FR: "S'il a la bonne réponse, il gagne la partie"; "S'il s'est trompé, il est éliminé"."""
    run("new", "new-york", "--me", "Léa", "--name", "case")
    said = run("--lang", "fr", "accuser", "C2", "faux", "--par", "Léa")
    assert f"hors jeu{NB}: vous (accusation en C2)" in said.stdout
    assert run("accuse", "C3", "right", "--by", "Ana").exit_code == 0
    game = Store(home).load("case")
    assert header_line(game) == "game over: Ana wins"
    assert run("--lang", "fr", "historique").stdout.splitlines()[0].endswith("(vous êtes hors jeu)")
    run("new", "new-york", "--me", "Léa", "--name", "won")
    assert "you win the game" in run("accuse", "C3", "right").stdout
    assert header_line(Store(home).load("won")) == "game over: you win"
    assert french(header_line, Store(home).load("won")) == f"partie finie{NB}: vous gagnez"


# -- the garden's refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize("steps,refused,english,in_french", [
    ([], "miniature Léa A1 --from B1", "you have no miniature on B1 to move",
     "vous n'avez pas de statuette sur B1 à déplacer"),
    (["miniature Léa A1"], "miniature moi A1", "you already stand on A1", "vous êtes déjà sur A1"),
    (["miniature Léa A1", "miniature Léa A3"], "miniature Léa C1 --from A1",
     "you still have 1 miniature in your supply", "vous avez encore 1 statuette en réserve"),
    ([], "loot red C2", "C2 is your loot: loot cards are distinct",
     f"C2 est votre butin{NB}: les cartes Butin sont toutes différentes"),
    (["miniature Léa A1", "token Léa A1 bait", "miniature Léa A3", "token Léa A3 bait", "miniature Léa C1"],
     "token Léa C1 bait", "you have only 2 Bait tokens", "vous n'avez que 2 jetons Appât"),
    (["fight Léa=8 red=1 blue=2"], "fight Léa=8 red=3 blue=4", "you played your 8 already",
     "vous avez déjà joué votre 8"),
    ([], "fight Léa=8 red=8 blue=2", "you and red tied: your values drop to zero",
     "égalité entre vous et red"),
    (["fight Léa=8 red=1 blue=2"], "asked area D1 --by blue",
     "blue may ask only those ranked after them, and you rank before (this round: you, blue, red)",
     "blue n'interroge que les joueurs classés ensuite, et vous venez avant"),
])
def test_a_refusal_about_me_says_you(garden, steps, refused, english, in_french):
    from assistant.engine.errors import AssistantError
    from assistant.games.deduction import DeductionGame

    game = DeductionGame.new("t", garden, ["red", "blue"], "C2", me="Léa")
    for step in steps:
        game = game.record(game.read_step(step))

    def said() -> str:
        with pytest.raises(AssistantError) as error:
            game.record(game.read_step(refused))
        return str(error.value)

    assert said().startswith(english), said()
    assert french(said).startswith(in_french), french(said)
    assert "Léa" not in english and "Léa a" not in french(said)


def test_a_miniature_of_mine_sent_home_is_yours(run):
    """FR: "Quand le chat est placé ou déplacé sur une case comportant une statuette, elle sort du jardin et
    retourne chez son propriétaire"."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--me", "Léa")
    run("miniature", "Léa", "D3")
    assert run("--lang", "fr", "chat", "D3").stdout.splitlines()[-1] == \
        f"le chat expulse votre statuette de D3{NB}: elle retourne dans votre réserve"
