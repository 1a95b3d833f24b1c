"""A finished play exported as BG Stats imports it, checked against the fields of its createPlay format."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

from test_stats import ROI_TOTALS, play_duel, play_roi, play_rope, play_three

# BG Stats' createPlay fields (assistant/bgstats.py says where they come from): what each may hold.
REQUIRED = {"sourceName": str, "sourcePlayId": str, "playDate": str}
OPTIONAL = {"game": dict, "players": list, "comments": str, "location": str, "durationMin": int, "board": str}
GAME = {"name": str, "sourceGameId": str, "bggId": int, "highestWins": bool, "noPoints": bool}
PLAYER = {"name": str, "sourcePlayerId": str, "score": int, "winner": bool, "startPlayer": bool, "rank": int,
          "role": str, "team": str}
PLAY_DATE = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")  # UTC, yyyy-MM-dd HH:mm:ss


def check_format(play: dict) -> None:
    """Every field is one of the format's, of its type; the required ones and the booleans are there."""
    for field, kind in REQUIRED.items():
        assert isinstance(play[field], kind), field
    assert set(play) <= set(REQUIRED) | set(OPTIONAL)
    assert PLAY_DATE.fullmatch(play["playDate"])
    assert set(play["game"]) <= set(GAME) and {"name", "sourceGameId", "highestWins", "noPoints"} <= set(play["game"])
    for field, value in play["game"].items():
        assert isinstance(value, GAME[field]), field
    for player in play["players"]:
        assert set(player) <= set(PLAYER)
        assert {"name", "sourcePlayerId", "winner", "startPlayer"} <= set(player)  # booleans always given
        for field, value in player.items():
            assert isinstance(value, PLAYER[field]) and not (PLAYER[field] is int and isinstance(value, bool)), field


def exported(run, name):
    result = run("export", name, "--bgstats")
    assert result.exit_code == 0, result.output
    play = json.loads(result.stdout)
    check_format(play)
    return play


def test_roi_play_carries_totals_and_winner(run):
    play_roi(run)
    play = exported(run, "friday")
    assert play["game"]["name"] == "Le Roi des Nains" and play["game"]["noPoints"] is False
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == \
        [("Ana", ROI_TOTALS["Ana"], True), ("Ben", ROI_TOTALS["Ben"], False), ("Cleo", ROI_TOTALS["Cleo"], False)]
    assert play["sourceName"] == "assistant" and play["sourcePlayId"].startswith("friday@")


def test_rope_duel_and_tally_scores(run):
    play_rope(run)
    play_duel(run)
    play_three(run)
    rope = exported(run, "rope")
    assert [(p["name"], p["score"], p["winner"]) for p in rope["players"]] == [("Ana", 2, True), ("Ben", 1, False)]
    duel = exported(run, "duel")
    assert [(p["name"], p["score"], p["winner"]) for p in duel["players"]] == [("Lea", 1, False), ("Matt", 2, True)]
    three = exported(run, "three")
    # the tally: Lea 2 miniatures (2), red 1 (1), blue none (-1); no loot stack, no bait
    assert [(p["name"], p["score"], p["winner"]) for p in three["players"]] == \
        [("Lea", 2, True), ("red", 1, False), ("blue", -1, False)]


def test_the_link_carries_the_same_json(run):
    play_roi(run)
    link = run("export", "friday", "--bgstats-link").stdout.strip()
    parsed = urlparse(link)
    assert (parsed.scheme, parsed.netloc, parsed.path) == ("https", "app.bgstatsapp.com", "/createPlay.html")
    assert json.loads(parse_qs(parsed.query)["data"][0]) == exported(run, "friday")


def test_an_unfinished_game_is_refused(run, home):
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "open").exit_code == 0
    before = (home / "games" / "open.yaml").read_bytes()
    result = run("export", "open", "--bgstats")
    assert result.exit_code == 2
    assert result.stderr == ("error: game open is not finished: BG Stats records finished plays (see assistant "
                             "games --finished)\n")
    assert (home / "games" / "open.yaml").read_bytes() == before


def test_a_closed_case_has_no_points(run):
    for step in (("new", "new-york", "--name", "case"), ("accuse", "C2", "right")):
        assert run(*step).exit_code == 0
    play = exported(run, "case")
    assert play["game"]["noPoints"] is True
    # rules: "S'il a la bonne réponse, il gagne la partie": a right accusation without --by is mine
    assert [(p["name"], p["winner"]) for p in play["players"]] == [("me", True)]
    assert "score" not in play["players"][0]
