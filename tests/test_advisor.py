"""Odds and advice: exact against brute force, and the commands around them."""

import functools
import json
import math
import re
from itertools import combinations, pairwise, product

import pytest
from conftest import folder_snapshot, one_plain_line, shipped_board
from hypothesis import given
from hypothesis import strategies as st

from assistant.engine import advice as advisor
from assistant.engine.cells import CellSet
from assistant.engine.clues import Clue
from assistant.engine.errors import Contradiction, InputError
from assistant.faces.panels import suggestion_lines
from assistant.games.deduction import DeductionGame
from assistant.games.gnom_street import advice as garden_advice

GARDEN = shipped_board("gnom-street")
CITY = shipped_board("new-york")


def brute_force(masks):
    """Every placement with distinct cells, counted one by one."""
    cells = [list(CellSet(mask)) for mask in masks]
    placements = [p for p in product(*cells) if len(set(p)) == len(p)]
    marginals = []
    for position in range(len(masks)):
        counts = {}
        for placement in placements:
            counts[placement[position]] = counts.get(placement[position], 0) + 1
        marginals.append(counts)
    return len(placements), marginals


def test_partitions_are_counted_by_the_bell_numbers():
    assert [len(advisor.partitions(n)) for n in range(1, 9)] == [1, 2, 5, 15, 52, 203, 877, 4140]


@given(st.lists(st.integers(1, (1 << 10) - 1), min_size=1, max_size=4))
def test_inclusion_exclusion_counts_exactly_what_enumeration_counts(masks):
    total, marginals = brute_force(masks)
    assert advisor.count_assignments(masks) == total
    if total:
        for position, counts in enumerate(marginals):
            weights = advisor._marginal_weights(masks, position)
            per_cell = {}
            for mask, weight in weights.items():
                for cell in CellSet(mask):
                    per_cell[cell] = per_cell.get(cell, 0) + weight
            assert {c: n for c, n in per_cell.items() if n} == counts


def game(opponents=None, mine=None, *clues):
    played = DeductionGame.new("t", GARDEN, opponents, mine)
    for words, who in clues:
        played = played.record(played.read_clue(words.split(), who))
    return played


def test_odds_follow_the_joint_model():
    # red is on A1, B1 or A2; blue anywhere else but C2 (mine): 3 x 14 placements for blue
    # sharing none of red's cell; blue on A1 happens when red is on B1 or A2: 2 of 42.
    played = game(["red", "blue"], "C2", ("area A1 yes", "red"))
    the_odds = advisor.odds(played.sheet())
    assert the_odds.assignments == 3 * 14
    assert the_odds.items["red"] == {GARDEN.parse_cell(c): pytest.approx(1 / 3) for c in ("A1", "B1", "A2")}
    assert the_odds.items["blue"][GARDEN.parse_cell("A1")] == pytest.approx(2 / 42)
    assert the_odds.items["blue"][GARDEN.parse_cell("F3")] == pytest.approx(3 / 42)
    assert sum(the_odds.items["blue"].values()) == pytest.approx(1)
    assert "exact" in the_odds.method


def test_the_best_question_has_the_most_balanced_split():
    played = game(None, None, ("area A1 yes", None))  # A1, B1, A2 equally likely
    ranked = advisor.questions(played.sheet())
    # no question splits three cells better than one against two
    assert ranked[0].bits == pytest.approx(-(1 / 3 * math.log2(1 / 3) + 2 / 3 * math.log2(2 / 3)))
    assert ranked[0].worst_left == 2
    assert ranked[-1].bits == 0
    assert all(a.bits >= b.bits - 1e-9 for a, b in pairwise(ranked))
    brute = []
    for question in ranked:
        yes = len(played.sheet().candidates("opponent") & question.clue.accepted(GARDEN))
        p = yes / 3
        brute.append(0 if p in (0, 1) else -(p * math.log2(p) + (1 - p) * math.log2(1 - p)))
    assert [q.bits for q in ranked] == pytest.approx(brute)


def test_a_limited_list_is_the_head_of_the_full_ranking():
    played = game(["red", "blue", "yellow"], "C2", ("area B1 yes", "red"), ("line-of-sight F3 no", "blue"))
    sheet = played.sheet()
    full = advisor.questions(sheet)
    assert advisor.questions(sheet, limit=7) == full[:7]
    assert len(full) == 3 * (16 * 2 + 32)  # 3 opponents x (area + line of sight + two flowers) from 16 cells


def test_turn_limits_narrow_the_questions():
    played = game(["red", "blue"], None)
    turn = garden_advice.read_turn(GARDEN, played.items, played.item, "herbe", "zone,cat", "blue")
    ranked = advisor.questions(played.sheet(), turn)
    grass = set(GARDEN.names(GARDEN.cells_with("terrain", "grass")))
    assert ranked and all(q.clue.kind == "area" and q.clue.args[0] in grass and q.asked == ("blue",) for q in ranked)
    with pytest.raises(InputError, match="unknown terrain 'sand'"):
        garden_advice.read_turn(GARDEN, played.items, played.item, "sand")
    with pytest.raises(InputError, match="the cat token asks no question"):
        garden_advice.read_turn(GARDEN, played.items, played.item, None, "cat")
    with pytest.raises(InputError, match="north-of is not a question on gnom-street"):
        garden_advice.read_turn(GARDEN, played.items, played.item, None, "north-of")


def test_mick_asks_everyone_and_the_answers_together_carry_more():
    played = game(["red", "blue"], None)
    single = advisor.questions(played.sheet(), limit=1)[0]
    together = advisor.questions(played.sheet(), garden_advice.Turn(everyone=True), limit=1)[0]
    assert together.asked == ("red", "blue") and together.bits > single.bits


def test_suggest_from_the_command_line(run):
    run("new", "gnom-street", "--opponents", "red,blue")
    run("clue", "area", "A1", "yes", "-o", "red")
    result = run("suggest", "--top", "3")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].startswith("best questions now")
    assert [line.split(".")[0].strip() for line in lines if not line.startswith("      ")][1:] == ["1", "2", "3"]
    data = json.loads(run("suggest", "--json", "--ask", "red", "--top", "2").stdout)
    assert len(data["questions"]) == 2 and data["questions"][0]["opponents"] == ["red"]
    assert set(data["questions"][0]) >= {"ask", "kind", "args", "opponents", "bits", "expected_left", "worst_left"}
    bad = run("suggest", "--ask", "green")
    assert bad.exit_code == 2 and bad.stderr.startswith("error: unknown opponent 'green'")


def test_odds_from_the_command_line(run):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    run("clue", "area", "A1", "yes", "-o", "red")
    data = json.loads(run("candidates", "--json", "--odds").stdout)
    assert data["candidates"]["red"] == ["A1", "A2", "B1"]
    assert data["odds"]["red"] == {"A1": pytest.approx(1 / 3), "A2": pytest.approx(1 / 3), "B1": pytest.approx(1 / 3)}
    assert sum(data["odds"]["blue"].values()) == pytest.approx(1)
    drawn = run("sheet", "--odds").stdout
    assert "33%" in drawn and "odds: exact" in drawn


def test_new_york_suggests_the_likeliest_cells_and_the_risk(run):
    run("new", "new-york")
    run("clue", "near", "airport")
    result = run("suggest")
    assert result.exit_code == 0
    assert "thief on D4: 50% (accusing there: 50% risk of elimination)" in result.stdout
    data = json.loads(run("suggest", "--json").stdout)
    assert data["accusations"]["thief"][0] == {"cell": "D4", "probability": 0.5, "risk": 0.5}


def test_a_game_with_no_turn_rules_for_its_boards_questions_says_which_games_suggest(run, home, store):
    """A board the player added where everyone hunts one key and players ask questions is played by the
    city's rules, which rank no questions: suggest says so in one line and which games it serves."""
    own = home / "boards" / "asked.yaml"
    own.parent.mkdir(parents=True)
    own.write_text("name: asked\nrows: 1\ncolumns: 3\nverified: true\nquestions: [area]\n"
                   "hidden: {items: [key], noun: key}\n"
                   "attributes: {terrain: {kind: one, values: {grass: {}}}}\n"
                   "cells: {A1: {terrain: grass}, B1: {terrain: grass}, C1: {terrain: grass}}\n")
    assert run("new", "asked").exit_code == 0
    before = folder_snapshot(home)
    refused = "error: on asked the game ranks neither questions nor accusations: suggest is for 75 Gnom' Street " \
              "and Enquêtes à New York\n"
    assert one_plain_line(run("suggest"), 2) == refused
    assert folder_snapshot(home) == before
    assert suggestion_lines(store.load(None)) == ([refused.removeprefix("error: ").rstrip()], False)


def test_review_compares_each_question_with_the_best_then(run):
    run("new", "gnom-street")
    run("clue", "area", "A1", "no")      # 16 -> 13: worth H(3/16)
    run("clue", "line-of-sight", "F3", "yes")
    data = json.loads(run("review", "--json").stdout)
    assert [r["clue"] for r in data] == [1, 2]
    p = 3 / 16
    assert data[0]["asked"]["bits"] == pytest.approx(-(p * math.log2(p) + (1 - p) * math.log2(1 - p)), abs=1e-6)
    assert data[0]["gained"] == pytest.approx(math.log2(16 / 13))
    assert data[0]["best"]["bits"] == pytest.approx(1.0)
    text = run("review").stdout
    assert text.splitlines()[-1].startswith("in all: ")


# -- the turn you actually have (issue 18) ------------------------------------------------


def limited_benchmark(rank):
    """The exact optimum under turn limits, from benchmarks/questions.py (the reference)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    import questions
    return questions.Limited(questions.Bench(GARDEN), rank)


def test_the_look_ahead_weighs_what_the_next_turn_will_likely_offer():
    """Rules: "The lower rank a player gets, the fewer choices they'll have." Last of four with
    the wood and line-of-sight tokens, the most informative question (F1: 6 cells or 7) is not
    the best: D2 (5 or 8) leaves parts that later, scarce tokens split better (exact optimum)."""
    played = game(None, None, ("area A1 no", None))
    sheet = played.sheet()
    turn = garden_advice.Turn(("wood",), ("line-of-sight",), terrain_tokens=1, action_tokens=1)
    ranked = advisor.questions(sheet, turn)
    most_bits = max(ranked, key=lambda q: q.bits)
    assert ranked[0].clue.args == ("D2",) and most_bits.clue.args == ("F1",)
    exact = limited_benchmark(4)
    candidates = sheet.candidates("opponent").mask

    def turns_after(question):
        mask = question.clue.accepted(GARDEN).mask
        parts = [candidates & mask, candidates & ~mask]
        return sum(part.bit_count() * exact.optimal(part)[0] for part in parts) / candidates.bit_count()
    assert turns_after(ranked[0]) == pytest.approx(min(turns_after(question) for question in ranked))
    assert turns_after(ranked[0]) < turns_after(most_bits)


def exact_turns(cells: int, rank: int = 4) -> float:
    """Brute force: the least expected turns to single out the loot among ``cells`` (equally
    likely), ranked ``rank`` of four (5 - rank tokens of each kind left, drawn at random; the
    cat asks nothing), every question of every draw tried, every set it leads to counted."""
    terrains = [value.name for value in GARDEN.attribute("terrain").values]
    actions = [*GARDEN.questions, "cat"]

    def masks(terrain, action):
        found = set()
        for cell in GARDEN.open & GARDEN.cells_with("terrain", terrain):
            name = GARDEN.name_of(cell)
            colours = GARDEN.values_at(cell, "flowers") if action == "flower" else [None]
            for colour in colours:
                found.add(Clue(action, (name,) if colour is None else (name, colour)).accepted(GARDEN).mask)
        return found
    offered = {(t, a): masks(t, a) for t in terrains for a in GARDEN.questions}
    draws = [[(t, a) for t in drawn_terrains for a in drawn_actions if a != "cat"]
             for drawn_terrains in combinations(terrains, 5 - rank)
             for drawn_actions in combinations(actions, 5 - rank)]

    @functools.cache
    def turns(cells: int) -> float:
        if cells.bit_count() <= 1:
            return 0.0
        lost, total = 0, 0.0
        for pairs in draws:
            after = [sum(part.bit_count() * turns(part) for part in (cells & mask, cells & ~mask)) / cells.bit_count()
                     for pair in pairs for mask in offered[pair] if 0 < (cells & mask).bit_count() < cells.bit_count()]
            if after:
                total += min(after) / len(draws)
            else:
                lost += 1
        return (1 + total) / (1 - lost / len(draws))  # a lost turn leaves the cells as they were
    return turns(cells)


def test_last_of_four_the_advice_is_the_exact_optimum():
    """Last of four, gravel and line of sight left, the loot on C2, D2, B3 or D3. One turn of
    look-ahead asked from C1 (1 cell or 3); counted to the end, A3 (2 or 2) saves a third of a
    turn more: only three draws of sixteen tell B3 from D3 or C2 from D2, so a turn is best
    spent on the split that leaves the easier pairs. The advice is now the brute force's best."""
    played = game(None, None, ("area C3 yes", None), ("flower B1 white no", None))
    sheet = played.sheet()
    candidates = sheet.candidates("opponent").mask
    assert sorted(GARDEN.name_of(cell) for cell in CellSet(candidates)) == ["B3", "C2", "D2", "D3"]
    ranked = advisor.questions(sheet, garden_advice.Turn(("gravel",), ("line-of-sight",), terrain_tokens=1,
                                                   action_tokens=1))

    def turns_after(clue):
        mask = clue.accepted(GARDEN).mask
        parts = [candidates & mask, candidates & ~mask]
        return sum(part.bit_count() * exact_turns(part) for part in parts) / candidates.bit_count()
    best = min(turns_after(question.clue) for question in ranked)
    assert turns_after(ranked[0].clue) == pytest.approx(best)
    assert turns_after(Clue("line-of-sight", ("C1",))) > best + 0.3  # the one-turn look-ahead's choice
    assert ranked[0].turns_saved == pytest.approx(exact_turns(candidates) - best)


def test_with_every_token_offered_the_most_informative_question_comes_first():
    played = game(None, None, ("area A1 no", None))
    every = garden_advice.Turn(("grass", "wood", "gravel", "earth"), ("area", "line-of-sight", "flower"),
                         terrain_tokens=4, action_tokens=4)
    assert advisor.questions(played.sheet(), every) == advisor.questions(played.sheet())


@given(st.lists(st.tuples(st.sampled_from(["area", "line-of-sight"]),
                          st.sampled_from(sorted(GARDEN.names(GARDEN.open))), st.booleans()), max_size=3),
       st.integers(1, 3), st.integers(1, 4))
def test_an_answer_never_costs_turns(clues, terrains, actions):
    """Whatever is left, asking is never estimated worse than not asking."""
    played = DeductionGame.new("t", GARDEN)
    for kind, cell, answer in clues:
        try:
            played = played.record(played.read_clue([kind, cell, "yes" if answer else "no"]))
        except Contradiction:  # that answer cannot be given with the others
            pass
    turn = garden_advice.Turn(("grass", "wood", "gravel")[:terrains], None, terrain_tokens=terrains,
                              action_tokens=actions)
    assert all(question.turns_saved >= 0 for question in advisor.questions(played.sheet(), turn))


def test_the_tokens_left_are_counted_the_cat_among_them():
    played = game(["red", "blue"], None)
    turn = garden_advice.read_turn(GARDEN, played.items, played.item, "herbe,bois", "zone,chat")
    assert (turn.terrains, turn.actions, turn.terrain_tokens, turn.action_tokens) == \
        (("grass", "wood"), ("area",), 2, 2)


def test_suggest_advises_the_whole_turn_from_what_is_left(run):
    """Rules: the player "takes 1 Terrain token and 1 Action token from those available", places a
    miniature "in a space that matches the Terrain token" and "always asks their question from the
    space where they put their Miniature"."""
    run("new", "gnom-street", "--opponents", "red,blue,yellow")
    result = run("suggest", "--left", "grass,wood", "--actions", "area,flower,cat", "--ask", "red,blue")
    assert result.exit_code == 0
    lines = [line for line in result.stdout.splitlines() if "take " in line]
    assert lines
    for line in lines:
        terrain, action, cell, whom = re.search(r"take (\S+) \+ (\S+), miniature on (\S+), ask (\S+):", line).groups()
        assert terrain in ("grass", "wood") and action in ("area", "flower") and whom in ("red", "blue")
        assert GARDEN.values_at(GARDEN.parse_cell(cell), "terrain") == (terrain,)
        assert f": {action} {cell}" in line
    assert run("suggest", "--terrain", "grass,wood", "--actions", "area,flower,cat",
               "--ask", "red,blue").stdout == result.stdout  # --terrain is the README's older name


def test_no_miniature_is_suggested_on_the_cat(run):
    """Rules (FR): "Aucune statuette ne peut être posée sur la case où se trouve le chat"."""
    run("new", "gnom-street")
    grass = GARDEN.names(GARDEN.cells_with("terrain", "grass"))
    free = run("suggest", "--left", "grass", "--json", "--top", "100")
    assert {q["args"][0] for q in json.loads(free.stdout)["questions"]} == set(grass)
    run("cat", grass[0])
    data = json.loads(run("suggest", "--left", "grass", "--json", "--top", "100").stdout)
    assert {q["args"][0] for q in data["questions"]} == set(grass) - {grass[0]}
    assert all(f"miniature on {grass[0]}" not in line for line in run("suggest", "--left", "grass").stdout.splitlines())


def test_questions_of_equal_value_come_together_with_what_the_answer_splits(run):
    """Issue 16: "any of these 10: 0.92 bits"; each line says "4 cells if yes, 5 if no"."""
    run("new", "gnom-street")
    run("clue", "area", "A1", "no")  # 13 cells left
    sheet = game(None, None, ("area A1 no", None)).sheet()
    groups = advisor.question_groups(sheet, limit=3, shown=100)
    assert len(groups) == 3 and all(len({advisor._value(q) for q in group.questions}) == 1 for group in groups)
    assert all(len(group.questions) == group.total for group in groups)
    assert advisor._value(groups[0].questions[0]) != advisor._value(groups[1].questions[0])
    flat = advisor.questions(sheet)
    assert [q for group in groups for q in group.questions] == flat[:sum(group.total for group in groups)]
    assert [len(group.questions) for group in advisor.question_groups(sheet, limit=3, shown=1)] == [1, 1, 1]
    text = run("suggest", "--top", "3").stdout
    first = groups[0].questions[0]
    # issue 35: plain words, not bits: each cell equally likely, the answer leaves yes or no cells, so it
    # rules out 2 * yes * no / 13 cells on average
    yes, no = first.yes_left, first.no_left
    assert yes + no == 13 and first.ruled_out == pytest.approx(2 * yes * no / 13)
    header = f"  1. any of these {groups[0].total}: rules out {2 * yes * no / 13:.1f} cells on average; " \
             f"{yes} cells if yes, {no} if no"
    assert header in text.splitlines()
    french = run("--lang", "fr", "suggérer", "--top", "1").stdout
    assert f"élimine en moyenne {2 * yes * no / 13:.1f} cases".replace(".", ",") in french


def test_what_a_question_gains_is_said_in_plain_words_in_both_languages():
    """Issue 35: "élimine en moyenne 2,3 cases" / "rules out 2.3 cells on average"; one cell is singular
    (French up to 1,9, English only a bare 1), and the turns a look-ahead saves follow."""
    from assistant.engine import i18n
    from assistant.engine.clues import Clue

    def question(before, left, saved=0.0):
        return advisor.Question(Clue("area", ("B2",)), ("red",), 1.0, left, 0, saved, None, None, before)

    assert advisor.gain_words(question(13, 10.7)) == "rules out 2.3 cells on average"
    assert advisor.gain_words(question(13, 12)) == "rules out 1 cell on average"
    assert advisor.gain_words(question(13, 11.5, 0.5)) == "rules out 1.5 cells on average, saves 0.5 turns"
    assert advisor.gain_words(question(13, 13)) == "rules out 0 cells on average"
    with i18n.speaking("fr"):
        assert advisor.gain_words(question(13, 10.7)) == "élimine en moyenne 2,3 cases"
        assert advisor.gain_words(question(13, 11.5, 1)) == "élimine en moyenne 1,5 case, fait gagner 1 tour"
        assert advisor.gain_words(question(13, 13)) == "élimine en moyenne 0 case"


def test_found_opponents_are_left_out_and_no_value_reads_minus_zero(run):
    run("new", "gnom-street", "--opponents", "red,blue")
    run("clue", "area", "A1", "yes", "-o", "red")
    run("clue", "line-of-sight", "B1", "no", "-o", "red")  # A1, B1 or A2 (B2 is a pond), not in row 1: A2
    data = json.loads(run("suggest", "--json", "--top", "500").stdout)
    assert data["questions"] and all(q["opponents"] == ["blue"] for q in data["questions"])
    assert run("suggest", "--ask", "red").stdout == "nobody left to ask: every opponent asked is found\n"
    for command in (("suggest", "--top", "500"), ("suggest", "--all", "--top", "500"), ("review",)):
        assert "-0.00" not in run(*command).stdout


def test_review_of_a_question_to_an_opponent_already_found(run):
    run("new", "gnom-street", "--opponents", "red,blue")
    run("clue", "area", "A1", "yes", "-o", "red")
    run("clue", "line-of-sight", "B1", "no", "-o", "red")  # red: A2
    run("clue", "area", "F3", "no", "-o", "red")  # worth nothing: red is found
    data = json.loads(run("review", "--json").stdout)
    assert data[2]["asked"]["bits"] == 0 and data[2]["best"]["bits"] == 0 and data[2]["gained"] == 0


def test_review_counts_only_my_questions(run):
    """Issue 16: `review` counts only my questions; a question another player asked, answered
    aloud (rules: "the player has to answer out loud, so all players will hear"), narrows my
    sheet all the same."""
    run("new", "gnom-street", "--opponents", "red,blue")
    run("clue", "area", "A1", "no", "-o", "red", "--by", "blue")
    run("clue", "line-of-sight", "F3", "yes", "-o", "red")
    run("clue", "area", "C1", "no", "-o", "blue", "--by", "me")
    data = json.loads(run("review", "--json").stdout)
    assert [r["clue"] for r in data] == [2, 3]
    p = 8 / 13  # red: 13 cells after blue's question, 8 of them in line of sight of F3 (row 3, column F)
    assert data[0]["asked"]["bits"] == pytest.approx(-(p * math.log2(p) + (1 - p) * math.log2(1 - p)), abs=1e-6)


def brute_force_everyone(masks, accepted, asked):
    """Every placement with distinct cells, grouped by the answers of the players asked."""
    cells = [list(CellSet(mask)) for mask in masks]
    patterns = {}
    for placement in product(*cells):
        if len(set(placement)) == len(placement):
            answers = tuple(placement[i] in CellSet(accepted) for i in asked)
            patterns[answers] = patterns.get(answers, 0) + 1
    total = sum(patterns.values())
    return -sum(n / total * math.log2(n / total) for n in patterns.values())


@given(st.lists(st.integers(1, (1 << 8) - 1), min_size=2, max_size=4), st.integers(0, (1 << 8) - 1),
       st.integers(1, 15))
def test_a_question_to_everyone_is_worth_what_enumeration_says(masks, accepted, chosen):
    """The answers of several players together, counted atom by atom (and inside/outside the
    question's cells), carry exactly the entropy that counting placements one by one gives."""
    from assistant.engine.clues import Clue
    from assistant.engine.sheet import Fact, Sheet, Wording
    asked = [i for i in range(len(masks)) if chosen >> i & 1]
    asked = asked if len(asked) > 1 else list(range(len(masks)))  # several players asked at once
    if advisor.count_assignments(masks) == 0:
        return
    board = GARDEN._replace(ponds=CellSet(), masks={**GARDEN.masks, ("flowers", "blue"): CellSet(accepted)})
    items = tuple(f"o{i}" for i in range(len(masks)))
    sheet = Sheet.start(board, items).with_facts(
        [Fact(0, item, CellSet(mask), "t", True, Wording(lambda: ("t", "t", "")))
         for item, mask in zip(items, masks, strict=True)])
    if [sheet.candidates(item).mask for item in items] != masks:
        return  # the sheet's own reasoning (Hall sets) narrowed them: a different question
    question = advisor.evaluate(sheet, Clue("flower", ("A1", "blue")), tuple(items[i] for i in asked))
    assert question.bits == pytest.approx(brute_force_everyone(masks, accepted, asked), abs=1e-9)


def test_every_question_on_a_larger_board_is_worth_what_it_says():
    """Scored from the candidates' side or from every asking cell (whichever is cheaper: on a
    12x12 board at the start, line of sight from the asking cells, area from the candidates),
    each question's bits and split are those of the question asked on its own."""
    import random

    from assistant.engine.board import Board
    chooser = random.Random(5)
    terrains, colours = ["grass", "wood", "gravel", "earth"], ["blue", "red", "yellow", "white"]
    cells = {f"{column}{row}": {"terrain": chooser.choice(terrains), "flowers": chooser.sample(colours, 2)}
             for row in range(1, 13) for column in "ABCDEFGHIJKL"}
    cells["C3"] = {"pond": True}
    board = Board.from_mapping({
        "name": "big", "rows": 12, "columns": 12, "questions": ["area", "line-of-sight", "flower"],
        "hidden": {"noun": "loot"},
        "attributes": {"terrain": {"kind": "one", "values": {t: {} for t in terrains}},
                       "flowers": {"kind": "set", "count": 2, "values": {c: {} for c in colours}}},
        "cells": cells}, "generated")
    played = DeductionGame.new("t", board, ["red", "blue"], "A1")
    played = played.record(played.read_clue(["area", "F6", "no"], "red"))
    sheet = played.sheet()
    the_odds = advisor.odds(sheet)
    ranked = advisor.questions(sheet, the_odds=the_odds)
    assert len(ranked) == 2 * len(board.open) * 4
    for question in ranked:
        alone = advisor.evaluate(sheet, question.clue, question.asked, the_odds)
        assert (question.bits, question.yes_left, question.no_left) == \
            (pytest.approx(alone.bits, abs=1e-9), alone.yes_left, alone.no_left)
    assert all(a.bits >= b.bits - 1e-9 for a, b in pairwise(ranked))


def test_review_judges_a_question_repeated_on_the_same_sheet_as_it_judged_it_first(run):
    """review works each judgement out once per state of the sheet (linear at the save limit): a question
    asked again where the sheet has not moved is judged exactly as the first time, and one asked after
    the sheet moved is judged afresh."""
    run("new", "gnom-street", "--opponents", "red,blue")
    for cell in ("A1", "A1", "A1", "F3", "F3"):
        assert run("clue", "area", cell, "no", "-o", "red").exit_code == 0
    data = json.loads(run("review", "--json").stdout)
    assert [r["clue"] for r in data] == [1, 2, 3, 4, 5]
    assert data[1] | {"clue": 0} == data[2] | {"clue": 0}  # A1 again on the same sheet: the same judgement
    assert data[1]["gained"] == 0 and data[4]["gained"] == 0  # asked again, it rules nothing more out
    assert data[0]["asked"] != data[1]["asked"] and data[3]["gained"] > 0  # the sheet moved: judged afresh
