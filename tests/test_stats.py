"""Statistics across saved games (assistant stats, games --finished), computed by hand on fixture games.

Each fixture game is played through the commands a table types; the expected figures below are worked
out by hand from the rules, not read back from the tool."""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.engine import registry
from assistant.evenings import stats

# Le Roi des Nains, 3 players seated Ana, Ben, Cleo, every deal won 6-4-3 tricks (Ana, Ben, Cleo).
ROI_DEALS = [
    ("7A", "druid"),         # +1 per trick won: 6, 4, 3
    ("10A", "mummy"),        # +5 for an even number of tricks (0 is not even): 5, 5, 0
    ("8A", "dragon"),        # +5 for exactly 3 tricks: 0, 0, 5
    ("9A", "clone"),         # +5 for exactly 4 tricks: 0, 5, 0
    ("11A", "sorcerer"),     # +5 if no other player won as many: 5, 5, 5
    ("5B", "excalibur"),     # +1 per trick won by your next player (Ana->Ben 4, Ben->Cleo 3, Cleo->Ana 6): 4, 3, 6
    ("20B", "blue-11-pass"),  # +3 more than previous, +3 more than next: Ana 3+3, Ben 0+3, Cleo 0: 6, 3, 0
]
ROI_POINTS = {"7A": (6, 4, 3), "10A": (5, 5, 0), "8A": (0, 0, 5), "9A": (0, 5, 0), "11A": (5, 5, 5),
              "5B": (4, 3, 6), "20B": (6, 3, 0)}
ROI_TOTALS = {"Ana": 26, "Ben": 25, "Cleo": 19}  # the sums of the columns above: Ana wins


PLAYED: dict[str, Path] = {}  # an evening's name: a data folder holding that evening alone, as played
KEPT: list[Path] = []  # where those folders are kept


@pytest.fixture(scope="module", autouse=True)
def played_once(tmp_path_factory):
    """The evening most tests start from is played once for the module, by the first test that plays it in an
    empty data folder; the next ones start from a copy of that folder (what the same commands would make)."""
    KEPT[:] = [tmp_path_factory.mktemp("played")]
    yield
    PLAYED.clear()
    KEPT.clear()  # other modules that play the evening (test_bgstats.py) play it each time


def play_roi(run, name="friday"):
    home = Path(os.environ["ASSISTANT_HOME"])
    if not home.exists() and name in PLAYED:  # nothing played yet in this test: the same evening, copied
        shutil.copytree(PLAYED[name], home, symlinks=True)
        return
    first = not home.exists()
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", name).exit_code == 0
    for quest, special in ROI_DEALS:
        result = run("quest", "deal", quest, "--special", special, "--tricks", "Ana=6,Ben=4,Cleo=3")
        assert result.exit_code == 0, result.output
    if first and KEPT:
        PLAYED[name] = shutil.copytree(home, KEPT[0] / name, symlinks=True)


def play_rope(run):
    """Ana wins rounds 1 and 3 (3 squirrels and an exchange pull 4 her way, twice: Ben's front gnome,
    8 flagstones from the fence, hits it), Ben round 2: Ana wins the match 2-1."""
    assert run("tug", "new", "--sides", "Ana,Ben", "--name", "rope").exit_code == 0
    for first, second in (("Ana", "Ben"), ("Ben", "Ana"), ("Ana", "Ben")):
        for player, colour in (("Ana", "red"), ("Ben", "blue")):
            assert run("tug", "gnome", colour, "--by", player).exit_code == 0
        for unused in range(2):
            assert run("tug", "squirrels", "3", "--by", first).exit_code == 0
            assert run("tug", "exchange", "--by", second).exit_code == 0


def play_duel(run):
    """Lea against Matt: Lea's sheet pins Matt's loot on B3 after her 3rd question (the question Matt put to
    her, asked --by Matt, is not one of hers); she wins set 1 with her Mole; set 2 her Mole misses, so Matt
    wins it; set 3 Matt's Mole finds her loot (A3): Matt wins the match 2-1."""
    steps = [("new", "gnom-street", "--opponents", "Matt", "--mine", "F1", "--me", "Lea", "--name", "duel"),
             ("clue", "line-of-sight", "A1", "no"),     # Lea's question 1: 8 cells left
             ("clue", "area", "D3", "no"),              # question 2: B3, F2, F3 left
             ("asked", "area", "F3", "--by", "Matt"),   # Matt's question to Lea: not hers
             ("clue", "area", "F3", "no"),              # question 3: B3 left, found after 3 of hers
             ("miniature", "me", "B3"),                 # a Mole goes where one of its owner's miniatures is
             ("mole", "B3", "found", "--next-mine", "A2"),
             ("clue", "area", "A1", "no"),              # set 2: one question, nothing found
             ("miniature", "me", "C3"),
             ("mole", "C3", "missed", "--next-mine", "A3"),
             ("miniature", "Matt", "A3"),
             ("mole", "A3", "found", "--by", "Matt")]  # on Lea's loot
    for step in steps:
        result = run(*step)
        assert result.exit_code == 0, (step, result.output)


def play_three(run):
    """Lea, red, blue: Lea has 2 miniatures in the garden (2 points), red 1 (1 point), blue none (-1);
    no token, so the tally is made once both loot cards are shown: Lea wins."""
    for step in (("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--me", "Lea", "--name", "three"),
                 ("miniature", "me", "A1"), ("miniature", "red", "C3"), ("miniature", "me", "B1"),
                 ("loot", "red", "D3"), ("loot", "blue", "F1")):
        assert run(*step).exit_code == 0


def summary(run, *options):
    result = run("stats", "--json", *options)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def row(data, name):
    return next(each for each in data["players"] if each["name"] == name)


def test_roi_averages_per_quest_face_and_special_card(run):
    play_roi(run)
    data = summary(run)
    assert data["games"] == 1 and data["finished"] == 1
    assert data["history"][0]["winners"] == ["Ana"]
    for at, name in enumerate(("Ana", "Ben", "Cleo")):
        player = row(data, name)
        assert (player["played"], player["finished"], player["won"]) == (1, 1, name == "Ana")
        assert {face: mean["mean"] for face, mean in player["quests"].items()} == \
            {face: points[at] for face, points in ROI_POINTS.items()}
        assert sum(mean["mean"] for mean in player["quests"].values()) == ROI_TOTALS[name]
        # one special card per deal: its mean is that deal's points
        assert player["specials"]["druid"] == {"deals": 1, "mean": ROI_POINTS["7A"][at]}
        assert player["specials"]["blue-11-pass"] == {"deals": 1, "mean": ROI_POINTS["20B"][at]}
    # every player's points in the deals under 11A: 5, 5, 5
    assert data["quests"]["11A"] == {"deals": 1, "mean": 5.0}
    assert data["quests"]["7A"] == {"deals": 1, "mean": round(13 / 3, 2)}
    assert list(data["quests"]) == ["5B", "7A", "8A", "9A", "10A", "11A", "20B"]  # the rules' order


def test_a_second_evening_averages_with_the_first(run):
    play_roi(run, "friday")
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "saturday").exit_code == 0
    assert run("quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=1,Ben=2,Cleo=10").exit_code == 0
    data = summary(run)
    ana = row(data, "Ana")
    assert (ana["played"], ana["finished"], ana["won"], ana["win_rate"]) == (2, 1, 1, 1.0)
    assert ana["quests"]["7A"] == {"deals": 2, "mean": 3.5}  # (6 + 1) / 2
    assert ana["specials"]["druid"] == {"deals": 2, "mean": 3.5}


# A deal entered trick by trick (seating Ana, Ben, Cleo; cards in seating order, each trick following suit;
# Ana holds the red 5, so she leads the first trick):
# Ana plays the blue 5 in trick 6, so she chose the quest; Cleo wins every trick but the 9th, which the
# Shaman (red 11, highest of 11r 2r 3r) wins for Ana: 7A gives Ana 1 - 3 = -2, Ben 0, Cleo 12.
TRICKS = ["Ana 3g 4g 5g", "Cleo 6g 7g 8g", "Cleo 9g 10g Jg", "Cleo Qg Kg Ag", "Cleo 2b 3b 4b", "Cleo 5b 6b 7b",
          "Cleo 8b 9b 10b", "Cleo Jb Qb Kb", "Cleo 11r 2r 3r", "Ana 5r 4r 6r", "Cleo 7r 8r 9r", "Cleo 10r Jr Qr",
          "Cleo Kr Ar Ab"]


def test_who_chose_which_face_from_the_blue_five(run):
    assert run("quest", "new", "--players", "Ana,Ben,Cleo").exit_code == 0
    assert run("quest", "deal", "7A", "--special", "shaman").exit_code == 0
    for trick in TRICKS:
        assert run("quest", "trick", *trick.split(), "--seating").exit_code == 0
    data = summary(run)
    assert {row["name"]: row["chose"] for row in data["players"]} == {"Ana": {"7A": 1}, "Ben": {}, "Cleo": {}}
    assert {row["name"]: row["quests"]["7A"]["mean"] for row in data["players"]} == \
        {"Ana": -2.0, "Ben": 0.0, "Cleo": 12.0}
    assert {row["name"]: row["specials"]["shaman"]["mean"] for row in data["players"]} == \
        {"Ana": -2.0, "Ben": 0.0, "Cleo": 12.0}
    assert "Ana chose 7A x1" in run("stats").stdout
    # issue 35: "+2.5" in the Le Roi des Nains part; a French table reads the decimal comma
    english, french = run("stats").stdout, run("--lang", "fr", "stats").stdout
    assert "+12.0" in english and "-2.0" in english
    assert "+12,0" in french and "-2,0" in french and "+12.0" not in french


def test_rope_rounds_and_wins(run):
    play_rope(run)
    data = summary(run)
    ana, ben = row(data, "Ana"), row(data, "Ben")
    assert (ana["rounds"], ana["rounds_won"], ana["won"]) == (3, 2, 1)
    assert (ben["rounds"], ben["rounds_won"], ben["won"]) == (3, 1, 0)
    assert ben["win_rate"] == 0.0


def test_duel_sets_and_turns_to_find_a_loot(run):
    play_duel(run)
    data = summary(run)
    lea, matt = row(data, "Lea"), row(data, "Matt")
    assert (lea["sets_won"], matt["sets_won"]) == (1, 2)
    assert (lea["won"], matt["won"]) == (0, 1)
    assert data["history"][0]["winners"] == ["Matt"]
    # one loot pinned down, after Lea's 2nd question; Matt keeps no sheet in Lea's log
    assert (lea["finds"], lea["mean_turns_to_find"]) == (1, 3.0)
    assert (matt["finds"], matt["mean_turns_to_find"]) == (0, None)


def test_three_players_finished_once_the_tally_can_be_made(run):
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--name", "open").exit_code == 0
    play_three(run)
    data = summary(run)
    assert {each["name"]: each["winners"] for each in data["history"]} == {"three": ["Lea"], "open": []}
    assert {each["name"]: each["finished"] for each in data["history"]} == {"three": True, "open": False}
    assert row(data, "me")["played"] == 1  # 'open' was started without --me
    assert row(data, "Lea")["won"] == 1


def test_filters_kind_player_since(run, home):
    play_roi(run)
    play_rope(run)
    play_duel(run)
    assert summary(run)["games"] == 3
    assert summary(run, "--game-kind", "roi")["games"] == 1
    assert summary(run, "--game-kind", "oh-les-nains")["history"][0]["name"] == "rope"
    only = summary(run, "--player", "ana")
    assert [each["name"] for each in only["players"]] == ["Ana"]
    assert only["games"] == 2 and row(only, "Ana")["played"] == 2
    # the duel's owner is Lea (--me): her name, and also 'me'
    assert summary(run, "--player", "lea")["games"] == 1
    old = time.time() - 40 * 86400
    os.utime(home / "games" / "rope.yaml", (old, old))
    today = time.strftime("%Y-%m-%d")
    assert sorted(each["name"] for each in summary(run, "--since", today)["history"]) == ["duel", "friday"]


def test_bad_filters_are_one_line(run):
    result = run("stats", "--since", "yesterday")
    assert result.exit_code == 2
    assert result.stderr == "error: --since 'yesterday': expected a day as YYYY-MM-DD, e.g. 2026-11-01\n"
    result = run("stats", "--game-kind", "chess")
    assert result.exit_code == 2
    assert f"expected one of {', '.join(registry.kinds())}" in result.stderr


def test_games_finished_says_winner_and_date(run):
    play_roi(run)
    play_duel(run)
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "unfinished").exit_code == 0
    today = time.strftime("%Y-%m-%d")
    result = run("games")
    lines = {line[2:].split()[0]: line for line in result.stdout.splitlines()}
    assert lines["friday"].endswith(f"finished {today}: Ana wins (26 points)")
    assert lines["duel"].endswith(f"finished {today}: Matt wins (2 sets)")
    assert lines["unfinished"].endswith(")")
    finished = run("games", "--finished")
    assert [line[2:].split()[0] for line in finished.stdout.splitlines()] == ["duel", "friday"]
    listed = json.loads(run("games", "--json", "--finished").stdout)
    assert [(each["name"], each["finished"], each["winners"]) for each in listed] == \
        [("duel", True, ["Matt"]), ("friday", True, ["Ana"])]
    french = run("--lang", "fr", "jeux", "--finies")
    assert f"finie le {today}\u00a0: Ana gagne (26\u00a0points)" in french.stdout


def test_damaged_game_is_left_out_and_said(run, home):
    play_roi(run)
    (home / "games" / "broken.yaml").write_text("assistant: pad/1\npad: roi-des-nains\nplayers: 3\n")
    result = run("stats")
    assert result.exit_code == 0
    assert "1 game, 1 finished" in result.stdout
    assert result.stderr.startswith("left out broken: ")


def test_outcomes_are_cached_by_digest(run, home, store):
    play_roi(run)
    first, unused = stats.outcomes(store)
    cache = json.loads((home / "cache" / stats.CACHE_NAME).read_text())
    assert set(cache["games"]) == {"friday"}
    # a changed file is read anew, whatever the cache says
    assert run("undo").exit_code == 0
    again, unused = stats.outcomes(store)
    assert first[0]["finished"] and not again[0]["finished"]
    # a planted cache entry for the file's exact digest is believed only in its own shape: garbage is ignored
    (home / "cache" / stats.CACHE_NAME).write_text("{not json")
    assert not stats.outcomes(store)[0][0]["finished"]


def test_picture_tells_nothing_by_colour_alone(run):
    play_roi(run)
    play_rope(run)
    result = run("stats")
    assert "\x1b" not in result.stdout  # a pipe: no colour at all, and still every figure
    assert "100%" in result.stdout and " 0%" in result.stdout  # Ana won both, Ben neither
    assert "████" in result.stdout  # the bars are drawn in characters
    assert "+5.0" in result.stdout and "11A" in result.stdout
    # the latest plays, newest first, each with its result
    plays = result.stdout[result.stdout.index("the latest plays (2 in all"):].splitlines()
    assert [line.split()[1:2] + line.split()[-2:] for line in plays[5:7]] == [["rope", "Ana", "won"],
                                                                              ["friday", "Ana", "won"]]


def test_stats_saves_svg_and_html(run, tmp_path):
    play_roi(run)
    svg, html = tmp_path / "stats.svg", tmp_path / "stats.html"
    result = run("stats", "--svg", str(svg), "--html", str(html))
    assert result.exit_code == 0
    assert svg.read_text().startswith("<svg") and "Ana" in html.read_text()


def test_french_command_word_and_headings(run):
    play_roi(run)
    result = run("--lang", "fr", "statistiques")
    assert result.exit_code == 0
    assert "1 partie (finies : 1)" in result.stdout


@pytest.mark.parametrize("face, order", [("2A", (2, "2A")), ("13B", (13, "13B"))])
def test_face_order(face, order):
    assert stats._face_order(face) == order


def test_a_cache_entry_of_the_wrong_shape_is_read_anew(run, home, store):
    play_roi(run)
    stats.outcomes(store)
    path = home / "cache" / stats.CACHE_NAME
    cache = json.loads(path.read_text())
    cache["games"]["friday"]["outcome"] = {"name": 3, "players": "Ana"}  # the file's digest, a wrong outcome
    path.write_text(json.dumps(cache))
    found, unused = stats.outcomes(store)
    assert found[0]["winners"] == ["Ana"] and found[0]["players"] == ["Ana", "Ben", "Cleo"]
    assert summary(run)["finished"] == 1


OUTCOMES = st.lists(st.fixed_dictionaries({
    "name": st.text("abc", min_size=1, max_size=3), "kind": st.sampled_from(sorted(registry.kinds())),
    "players": st.lists(st.sampled_from(["Ana", "ana", "Ben", "me", "Léa", "Lea"]), min_size=1, max_size=4,
                        unique=True),
    "finished": st.booleans(), "date": st.sampled_from(["2026-11-01", "2026-11-20"]),
    "changed": st.sampled_from(["2026-11-01T20:00:00+00:00", "2026-11-20T21:00:00+00:00"]),
}), max_size=8).map(lambda games: [{**game, "winners": game["players"][:1] if game["finished"] else []}
                                   for game in games])


@given(OUTCOMES, st.randoms(use_true_random=False))
def test_laws_of_the_statistics(found, rng):
    """Whatever the games: the order they are read in changes nothing; each player won no more games than
    finished, finished no more than played; every game counts once per player in it."""
    summary = stats.summarise(found)
    shuffled = list(found)
    rng.shuffle(shuffled)
    assert stats.summarise(shuffled)["players"] == summary["players"]
    for row in summary["players"]:
        assert 0 <= row["won"] <= row["finished"] <= row["played"]
        assert row["win_rate"] is None or 0 <= row["win_rate"] <= 1
    assert sum(row["played"] for row in summary["players"]) == \
        sum(len({stats.key(name) for name in game["players"]}) for game in found)
    assert summary["games"] == len(found) and summary["finished"] == sum(game["finished"] for game in found)


def test_an_archived_game_leaves_games_and_stays_in_the_statistics(run, home):
    """Issue 28: 'A finished game ... stays in the statistics when archived'."""
    play_roi(run, "friday")
    before = summary(run)
    archived = run("archive", "friday")
    assert archived.exit_code == 0 and "still count" in archived.stdout
    assert "friday" not in run("games").stdout
    listed = json.loads(run("games", "--archived", "--json").stdout)
    assert [(each["name"], each["archived"], each["finished"]) for each in listed] == [("friday", True, True)]
    assert summary(run) == before  # counted as before
    assert run("history", "--game", "friday").exit_code == 0  # still saved, still reached
    again = run("archive", "friday")
    assert again.exit_code == 2 and "--undo" in again.stderr
    assert run("rename", "friday", "vendredi").exit_code == 0  # the archive follows the name
    assert [each["name"] for each in json.loads(run("games", "--archived", "--json").stdout)] == ["vendredi"]
    assert run("archive", "vendredi", "--undo").exit_code == 0
    assert "vendredi" in run("games").stdout and run("games", "--archived").stdout == "no archived game\n"


def test_a_deleted_archived_game_does_not_archive_a_new_one_of_its_name(run, home):
    run("new", "new-york", "--name", "city")
    run("archive", "city")
    run("delete", "city", "--yes")
    run("new", "new-york", "--name", "city")
    assert "city" in run("games").stdout
