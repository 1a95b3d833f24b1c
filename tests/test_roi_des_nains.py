"""Le Roi des Nains: every quest face on a deal worked out by hand, the special cards, a game.

Three players sit Ana, Ben, Cleo (clockwise): Ana's previous player is Cleo,
her next is Ben. A hand at 3 players is 13 tricks.
"""

import json

import pytest

from assistant.engine.errors import AssistantError, InputError
from assistant.games.roi_des_nains import RoiGame, read_rules
from assistant.store import yamlfile
from assistant.store.folder import shipped_folder

RULES = read_rules(yamlfile.load(shipped_folder("boards") / "roi-des-nains.yaml"), "roi-des-nains.yaml")
PLAYERS = ["Ana", "Ben", "Cleo"]


def pad(players=PLAYERS):
    return RoiGame.new("t", players, RULES)


def deal(words: str, game=None):
    """Record one deal given as step words; return that deal's points."""
    game = game or pad()
    game = game.record(game.read_step(f"deal {words}"))
    return game.rows()[-1].points


ORDER_RUNS = "A,A,A,B,C,C,A,B,B,B,B,C,A"  # longest runs won: Ana 3, Ben 4, Cleo 2
ORDER_REACH = "A,B,A,C,A,B,C,B,C,A,A,C,C"  # third tricks reached: Ana (4th trick), Ben (8th), Cleo (9th)


def names(order: str) -> str:
    return ",".join({"A": "Ana", "B": "Ben", "C": "Cleo"}[x] for x in order.split(","))


# (quest, summary words, expected points, how it was worked out)
QUESTS = [
    ("1A", f"--order {names(ORDER_RUNS)}", (6, 8, 4), "runs 3, 4, 2 tricks x +2"),
    ("1B", f"--order {names(ORDER_RUNS)}", (-6, -8, -4), "runs 3, 4, 2 tricks x -2"),
    ("2A", f"--order {names(ORDER_RUNS)}", (2, 4, 2), "last four tricks: Ben, Ben, Cleo, Ana; +2 each"),
    ("2B", f"--order {names(ORDER_RUNS)}", (-2, -4, -2), "last four tricks: Ben, Ben, Cleo, Ana; -2 each"),
    ("3A", "--won Ana=3g,4b,3r --won Ben=4g --won Cleo=Kg", (12, 4, 0), "Ana three 3s/4s x 4; Ben one"),
    ("3B", "--won Ana=6g,7g --won Ben=6b,Kr --won Cleo=2b", (8, 4, 0), "Ana a 6 and a 7; Ben a 6"),
    ("4A", "--won Ana=2b,3b,Kb,5g --won Ben=Ab --won Cleo=7r", (-3, -1, 0), "-1 per blue card"),
    ("4B", "--won Ana=2r --won Ben=3r,4r,5g", (-1, -2, 0), "-1 per red card"),
    ("5A", "--tricks Ana=5,Ben=3,Cleo=5", (5, 5, 3), "Ana's previous is Cleo (5), Ben's Ana (5), Cleo's Ben (3)"),
    ("5B", "--tricks Ana=5,Ben=3,Cleo=5", (3, 5, 5), "Ana's next is Ben (3), Ben's Cleo (5), Cleo's Ana (5)"),
    ("6A", "--won Ben=10b,8b,Kr --won Cleo=Ar,Qr,Jr --won Ana=rest", (5, 0, 0),
     "sums: Ben 18 (K counts 0), Cleo 0, Ana the other 161 - 18 = 143 (the druid is a green 1)"),
    ("6B", "--won Ben=10b,8b,Kr --won Cleo=Ar,Qr,Jr --won Ana=rest", (-5, 0, 0), "Ana has the highest sum"),
    ("7A", "--tricks Ana=6,Ben=4,Cleo=3", (6, 4, 3), "+1 per trick"),
    ("7B", "--tricks Ana=6,Ben=4,Cleo=3", (-6, -4, -3), "-1 per trick"),
    ("8A", "--tricks Ana=3,Ben=3,Cleo=7", (5, 5, 0), "exactly 3 tricks"),
    ("8B", "--tricks Ana=1,Ben=0,Cleo=12", (5, 0, 0), "exactly 1 trick"),
    ("9A", "--tricks Ana=4,Ben=4,Cleo=5", (5, 5, 0), "exactly 4 tricks"),
    ("9B", "--tricks Ana=2,Ben=11,Cleo=0", (5, 0, 0), "exactly 2 tricks"),
    ("10A", "--tricks Ana=0,Ben=4,Cleo=9", (0, 5, 0), "rules: 0 is not an even number"),
    ("10B", "--tricks Ana=0,Ben=4,Cleo=9", (0, 0, 5), "only Cleo's 9 is odd"),
    ("11A", "--tricks Ana=4,Ben=4,Cleo=5", (0, 0, 5), "only Cleo's count is his alone"),
    ("11B", "--tricks Ana=4,Ben=4,Cleo=5", (5, 5, 0), "Ana and Ben won as many"),
    ("12A", "--won Ana=2b,3b,4g --won Ben=5g,6g", (1, -2, 0), "+1 per blue, -1 per green"),
    ("12B", "--won Ana=2b,3b,4g --won Ben=5g,6g", (-1, 2, 0), "+1 per green, -1 per blue"),
    ("13A", "--won Ana=Kg,Kb,Qr --won Ben=Qg,Qb --won Cleo=Kr", (3, -6, 3), "+3 per K, -3 per Q"),
    ("13B", "--won Ana=Kg,Kb,Qr --won Ben=Qg,Qb --won Cleo=Kr", (-3, 6, -3), "+3 per Q, -3 per K"),
    ("14A", f"--order {names(ORDER_REACH)}", (3, 4, 5), "third tricks reached by Ana, then Ben, then Cleo"),
    ("14B", f"--order {names(ORDER_REACH)}", (-3, -4, -5), "rules' Eeny Meeny order, negative"),
    ("15A", "--won Ana=Kg,Kb,Kr,7g,7b,7r --won Ben=Qg,Qb --won Cleo=2b,2r,5g", (3, 0, 0),
     "Ana: three kings +2 and three 7s +1; two of a kind is nothing"),
    ("15B", "--won Ana=Kg,Kb,Kr,7g,7b,7r --won Ben=Qg,Qb", (-3, 0, 0), "likewise, negative"),
    ("16A", f"--order {names('A,A,A,A,B,C,B,C,B,C,A,B,C')}", (5, 0, 0), "Ana won the first four in a row"),
    ("16B", f"--order {names('A,B,A,B,A,B,A,B,A,B,A,B,C')}", (0, 0, 5), "Cleo lost the first twelve in a row"),
    ("17A", "--won Ana=3g,4g,4b,5b,6b,7r --won Ben=Kg,Qg,Jg --won Cleo=rest", (1, 0, 8),
     "Ana: 2 green, 3 blue, 1 red; Ben 0 blue; Cleo 8 green (13 with the druid, less 5), 10 blue, 12 red"),
    ("17B", "--won Ana=3g,4g,4b,5b,6b,7r --won Ben=Kg,Qg,Jg --won Cleo=rest", (3, 3, 12), "most held suit"),
    ("18A", "--won Ana=Kg,7g,9g --won Ben=Qg,Ag --won Cleo=3b", (7, 0, 0), "green faces have no value"),
    ("18B", "--won Ana=5b,3b --won Ben=Jb --won Cleo=8b", (3, 0, 8), "lowest blue value"),
    ("19A", "--won Ana=Kb,2b,Qg --won Ben=Ar --won Cleo=5g", (4, 1, 0), "a blue K counts twice"),
    ("19B", "--won Ana=Kb,2b,Qg --won Ben=Ar --won Cleo=5g", (-4, -1, 0), "likewise, negative"),
    ("20A", "--tricks Ana=3,Ben=6,Cleo=4", (3, 3, 6), "In Line: two independent +3s; Cleo gets both"),
    ("20B", "--tricks Ana=3,Ben=6,Cleo=4", (0, 6, 3), "Sandwich: more than previous, more than next"),
]


def test_the_data_holds_the_40_quest_faces():
    assert len(RULES.quests) == 40
    assert {q.id for q in RULES.quests} == {f"{n}{f}" for n in range(1, 21) for f in "AB"}
    assert len(RULES.specials) == 14


@pytest.mark.parametrize("quest,words,expected,why", QUESTS, ids=[q[0] for q in QUESTS])
def test_every_quest_face_on_a_deal_worked_by_hand(quest, words, expected, why):
    points = deal(f"{quest} --special druid {words}")
    assert tuple(points[p] for p in PLAYERS) == expected, why


def test_every_face_has_its_hand_worked_test():
    assert sorted(q[0] for q in QUESTS) == sorted(q.id for q in RULES.quests)


def test_the_rules_example_capture_the_kings_with_the_flag_bearer():
    # rules: quest "+3 per K, -3 per Q"; 2 K, 1 Q and the Porte-étendard: 2x3 - 3 + 3 = 6.
    points = deal("13A --special porte-etendard --won Ana=Kg,Kb,Qr,flag-bearer --special-winner Ana")
    assert points["Ana"] == 6


def test_quests_by_name_in_english_or_french():
    assert RULES.quest("capture the kings").id == "13A"
    assert RULES.quest("De trois quarts").id == "3A"
    assert RULES.quest("sacrifiez l'arriere-garde").id == "2B"
    with pytest.raises(InputError, match="unknown quest 'zz'"):
        RULES.quest("zz")


def test_good_numbers_tie_gives_every_highest_total_the_bonus():
    # Ana 10+10+10+9+9+9+3 = 60, Ben 3x8 + 3x7 + 6+6+3 = 60, Cleo the other 161 - 120 = 41
    points = deal("6A --special druid --won Ana=10g,10b,10r,9g,9b,9r,3g,Jg,Qg "
                  "--won Ben=8g,8b,8r,7g,7b,7r,6g,6b,3b --won Cleo=rest")
    assert points == {"Ana": 5, "Ben": 5, "Cleo": 0}


def test_eeny_meeny_gives_nothing_to_who_never_reaches_three():
    points = deal(f"14A --special druid --order {names('A,A,A,A,A,A,A,A,A,A,B,B,C')}")
    assert points == {"Ana": 3, "Ben": 0, "Cleo": 0}


def test_in_line_checks_each_neighbour_independently():
    # Ana 2, Ben 5, Cleo 6: Ana fewer than Cleo (+3), not more than Ben; Cleo more than Ana (+3).
    points = deal("20A --special druid --tricks Ana=2,Ben=5,Cleo=6")
    assert points == {"Ana": 3, "Ben": 0, "Cleo": 3}


def test_a_magic_card_won_has_no_suit_and_no_value():
    points = deal("4A --special dragon --won Ana=dragon,2b")
    assert points["Ana"] == -1


# -- special cards -------------------------------------------------------------------------


def test_flag_bearer_and_shaman_go_to_the_trick_winner():
    assert deal("7A --special flag-bearer --tricks Ana=6,Ben=4,Cleo=3 --special-winner Ben")["Ben"] == 4 + 3
    assert deal("7A --special shaman --tricks Ana=6,Ben=4,Cleo=3 --special-winner Cleo")["Cleo"] == 3 - 3


def test_the_enchanter_doubles_a_negative_deal_too():
    # Fewest Victories: Ana won 4 tricks: -4, doubled by the Enchanter: -8.
    points = deal("7B --special enchanter --tricks Ana=4,Ben=4,Cleo=5 --special-winner Ana")
    assert points == {"Ana": -8, "Ben": -4, "Cleo": -5}


def test_tinkerer_joker_and_scout_in_summary_form():
    assert deal("7A --special tinkerer --tricks Ana=6,Ben=4,Cleo=3 --special-winner Cleo")["Cleo"] == 6
    assert deal("7A --special tinkerer --tricks Ana=6,Ben=4,Cleo=3 --special-winner none")["Cleo"] == 3
    assert deal("7A --special joker --tricks Ana=6,Ben=4,Cleo=3 --special-winner Ben")["Ben"] == 7
    assert deal("7A --special scout --tricks Ana=6,Ben=4,Cleo=3 --scout Ana=2")["Ana"] == 8


def test_a_summary_says_what_is_missing():
    game = pad()
    for words, message in [
        ("13A --special druid --tricks Ana=4,Ben=4,Cleo=5", "needs the cards each player won"),
        ("1A --special druid --tricks Ana=4,Ben=4,Cleo=5", "depends on the order of the tricks"),
        ("7A --special druid --won Ana=Kg", "needs each player's number of tricks"),
        ("7A --special flag-bearer --tricks Ana=4,Ben=4,Cleo=5", "needs who won its trick"),
        ("7A --special scout --tricks Ana=4,Ben=4,Cleo=5", "--scout NAME=N"),
        ("7A --tricks Ana=4,Ben=4,Cleo=5", "add --special NAME"),
    ]:
        with pytest.raises(InputError, match=message):
            game.record(game.read_step(f"deal {words}"))


def test_impossible_records_are_refused_with_the_reason():
    game = pad()
    for words, message in [
        ("7A --special druid --tricks Ana=4,Ben=4,Cleo=4", "add up to 12, but a hand of 3 players has 13"),
        ("7A --special druid --tricks Ana=4,Ben=9", "missing Cleo"),
        ("13A --special druid --won Ana=Kg --won Ben=Kg", "Kg is listed twice"),
        ("3B --special druid --won Ana=2g", "the green 2 stays in the box at 3 players"),
        ("13A --special druid --won Ana=flag-bearer", "flag-bearer is not in this deal"),
        ("7A --special druid --tricks Ana=1,Ben=0,Cleo=12 --won Ana=2b,3b,4b,5b", "at most 3 cards"),
        ("1A --special druid --order Ana,Ben", "lists 2 tricks"),
        ("13A --special druid --won Ana=Zq", "unknown card 'Zq'"),
        ("13A --special 11g --won Ana=Kg", "one of two cards"),
    ]:
        with pytest.raises(InputError, match=message):
            game.record(game.read_step(f"deal {words}"))


def test_four_and_five_players_play_with_the_green_2():
    four = RoiGame.new("t", ["A", "B", "C", "D"], RULES)
    assert deal("3B --special druid --won A=2g,6g --tricks A=4,B=2,C=2,D=2", four)["A"] == 4
    with pytest.raises(InputError, match="a hand of 5 players has 8"):
        five = RoiGame.new("t", ["A", "B", "C", "D", "E"], RULES)
        five.record(five.read_step("deal 7A --special druid --tricks A=2,B=2,C=2,D=2,E=2"))


# -- trick by trick ------------------------------------------------------------------------


def full_deal(special_id: str) -> list[str]:
    """Thirteen legal tricks at 3 players, suit by suit; each trick's leader is the last winner."""
    from assistant.games.roi_des_nains import follow_suit_winner
    from assistant.games.roi_des_nains.cards import basic_cards

    special = RULES.special(special_id).card
    cards = basic_cards(3) + [special]
    by_suit = {s: sorted((c for c in cards if c.suit == s), key=lambda c: -c.rank) for s in ("green", "blue", "red")}
    groups = [cards_of_suit[i:i + 3] for cards_of_suit in by_suit.values() for i in range(0, 12, 3)]
    groups.append([c for cards_of_suit in by_suit.values() for c in cards_of_suit[12:]])  # the lowest cards
    red_five = next(g for g in groups if any(c.id == "5r" for c in g))  # its holder leads the first trick
    at = next(i for i, c in enumerate(red_five) if c.id == "5r")
    groups = [red_five[at:] + red_five[:at], *(g for g in groups if g is not red_five)]
    steps, leader = [], "Ana"
    for group in groups:
        start = PLAYERS.index(leader)
        seats = [PLAYERS[(start + i) % 3] for i in range(3)]
        steps.append(f"trick {leader}: {' '.join(c.id for c in group)}")
        leader = follow_suit_winner(tuple(zip(seats, group, strict=True)))
    return steps


def play(quest: str, special: str, steps: list[str], players=PLAYERS):
    game = RoiGame.new("t", players, RULES)
    game = game.record(game.read_step(f"deal {quest} --special {special}"))
    for step in steps:
        game = game.record(game.read_step(step))
    return game


def test_a_deal_trick_by_trick_derives_winners_and_matches_its_summary():
    steps = full_deal("shaman")
    game = play("1A", "shaman", steps)
    assert game.open_deal() is None and len(steps) == 13
    facts_order = [t.winner for t in game.deals()[-1].deal.tricks]
    shaman_winner = [t.winner for t in game.deals()[-1].deal.tricks
                     if any(c.id == "shaman" for unused, c in t.plays)][0]
    summary = deal(f"1A --special shaman --order {','.join(facts_order)} --special-winner {shaman_winner}")
    assert game.rows()[-1].points == summary


def test_trick_by_trick_knows_the_next_dealer_and_the_special_cards_beneficiaries():
    game = play("7A", "tinkerer", full_deal("tinkerer"))
    tricks = game.deals()[-1].deal.tricks
    with_tinkerer = next(i for i, t in enumerate(tricks) if any(c.id == "tinkerer" for _, c in t.plays))
    beneficiary = tricks[with_tinkerer + 1].winner
    counts = {p: sum(t.winner == p for t in tricks) for p in PLAYERS}
    assert game.rows()[-1].points[beneficiary] == counts[beneficiary] + 3
    green_five = next(t.winner for t in tricks if any(c.id == "5g" for _, c in t.plays))
    assert f"next dealer: {green_five} (won the green 5)" in game.status()


def test_the_scout_counts_the_faces_of_its_own_trick():
    steps = full_deal("scout")
    game = play("7A", "scout", steps)
    tricks = game.deals()[-1].deal.tricks
    trick = next(t for t in tricks if any(c.id == "scout" for _, c in t.plays))
    player = next(p for p, c in trick.plays if c.id == "scout")
    faces = sum(1 for _, c in trick.plays if c.face)
    counts = {p: sum(t.winner == p for t in tricks) for p in PLAYERS}
    assert game.rows()[-1].points[player] == counts[player] + faces


def test_the_joker_scores_only_in_the_last_trick():
    steps = full_deal("joker")  # the joker (blue 1), a lowest card, sits in the last trick here
    game = play("7A", "joker", steps)
    last = game.deals()[-1].deal.tricks[-1]
    player = next(p for p, c in last.plays if c.id == "joker")
    counts = {p: sum(t.winner == p for t in game.deals()[-1].deal.tricks) for p in PLAYERS}
    assert game.rows()[-1].points[player] == counts[player] + 3


def test_the_winner_of_a_trick_with_a_magic_card_is_the_rules_to_say():
    """FACTS.md (MED): the Dragon wins its trick unless an Ace is played."""
    game = play("7A", "dragon", [])
    assert game.record(game.read_step("trick Ana: dragon 3g 4g")).deals()[-1].deal.tricks[0].winner == "Ana"
    with pytest.raises(AssistantError, match="^Ana wins this trick, not Cleo: dragon wins unless an Ace is played"):
        game.record(game.read_step("trick Ana: dragon 3g 4g --winner Cleo"))
    agreed = game.record(game.read_step("trick Ana: dragon 3g 4g --winner Ana"))
    assert agreed.events[-1].winner is None  # the log keeps only what the rules need


def test_trick_mistakes_are_refused():
    game = play("7A", "druid", ["trick Ana: 3g 4g 5g"])  # Cleo wins with the 5
    for step, message in [
        ("trick Ana: 6g 7g 8g", "Cleo won the last trick and leads this one, not Ana"),
        ("trick Cleo: 3g 9g 10g", "3g was already played in this deal"),
        ("trick Cleo: 2g 9g 10g", "the green 2 stays in the box"),
        ("trick Cleo: 9g 10g", "one card per player"),
        ("trick Cleo: 9g 10g Jg --winner Ana", "by follow-suit Ben wins this trick, not Ana"),
    ]:
        with pytest.raises(InputError, match=message):
            game.record(game.read_step(step))


# -- a whole game ----------------------------------------------------------------------------


SEVEN_DEALS = [  # Ana and Ben score alike in each: (6, 6, 1), 0, 0, (5, 5, 0), (5, 5, 0), (4, 4, 0), (-1, -1, 0)
    "7A --special druid --tricks Ana=6,Ben=6,Cleo=1",
    "8A --special blue-11-pass --tricks Ana=6,Ben=6,Cleo=1",
    "9A --special red-11-swap --tricks Ana=6,Ben=6,Cleo=1",
    "10A --special dragon --tricks Ana=6,Ben=6,Cleo=1",
    "11B --special mummy --tricks Ana=6,Ben=6,Cleo=1",
    "3A --special clone --won Ana=3g --won Ben=3b",
    "4A --special sorcerer --won Ana=2b --won Ben=3b",
]


def test_seven_deals_a_tie_and_the_deal_that_breaks_it():
    game = pad()
    for words in SEVEN_DEALS:
        game = game.record(game.read_step(f"deal {words}"))
    assert game.totals() == {"Ana": 19, "Ben": 19, "Cleo": 1}
    assert game.winner() is None and "tie between Ana and Ben at 19: play another deal" in game.status()
    game = game.record(game.read_step("deal 13A --special excalibur --won Ana=Kg"))
    assert game.winner() == "Ana"
    with pytest.raises(AssistantError,
                       match=r"the game is finished: Ana wins \(22 points\), tie settled by extra deals; "
                             r"to go on, take back the last "
                       r"entry \(undo\) or start the next game: quest new --players Ana,Ben,Cleo"):
        game.record(game.read_step("deal 12A --special shaman --won Ana=Kg --special-winner Ana"))


def test_deals_can_be_corrected_removed_and_undone_with_totals_recomputed():
    game = pad()
    game = game.record(game.read_step("deal 7A --special druid --tricks Ana=5,Ben=5,Cleo=3"))
    game = game.record(game.read_step("deal 10B --special mummy --tricks Ana=5,Ben=5,Cleo=3"))
    game = game.record(game.read_step("deal 7A --special druid --tricks Ana=13,Ben=0,Cleo=0 --replace 1"))
    assert game.totals() == {"Ana": 18, "Ben": 5, "Cleo": 5}
    game = game.record(game.read_step("drop 2"))
    assert game.totals() == {"Ana": 13, "Ben": 0, "Cleo": 0}
    game = game.record(game.read_step("undo"))
    assert game.totals() == {"Ana": 18, "Ben": 5, "Cleo": 5}


def test_a_whole_game_from_the_command_line(run, home):
    assert run("quest", "new", "--players", "Ana,Ben,Cleo").exit_code == 0
    result = run("quest", "deal", "13A", "--special", "porte-etendard", "--won", "Ana=Kg,Kb,Qr,flag-bearer",
                 "--special-winner", "Ana")
    assert result.exit_code == 0, result.stderr
    assert "+6 = 6" in result.stdout
    bad = run("quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=4,Ben=4,Cleo=4")
    assert bad.exit_code == 2 and bad.stderr.count("\n") == 1
    run("quest", "deal", "7A", "--special", "druid")
    said = run("quest", "trick", "Ana", "3g", "4g", "5g").stdout
    assert said == "trick 1: Ana 3g, Ben 4g, Cleo 5g; Cleo wins and leads next\n"
    assert run("undo").exit_code == 0
    assert run("undo").exit_code == 0
    exported = json.loads(run("quest", "export", "--json").stdout)
    assert exported["totals"] == {"Ana": 6, "Ben": 0, "Cleo": 0}
    csv = run("quest", "export", "--csv").stdout.splitlines()
    assert csv[0] == ("deal,quest,Ana,Ben,Cleo,Ana total,Ben total,Cleo total,Ana quest,Ben quest,Cleo quest,"
                      "Ana special,Ben special,Cleo special,doubled")
    assert csv[1] == "1,13A Capture the Kings + Flag Bearer,6,0,0,6,0,0,3,0,0,3,0,0,"
    listed = json.loads(run("quest", "list", "--json").stdout)
    assert len(listed) == 40 and {"id", "name"} <= set(listed[0])
    assert run("sheet").stderr.startswith("error: game roi-des-nains-1 is a roi-des-nains score pad")
