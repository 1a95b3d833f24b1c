"""Enquêtes à New York: the city board, its clue language and accusations."""

import json

import pytest

from assistant.errors import AssistantError, Contradiction, InputError
from assistant.game import Game

from conftest import shipped_board

CITY = shipped_board("new-york")


def city():
    return Game.new("ny", CITY)


def left(game):
    return CITY.names(game.sheet().candidates("thief"))


def state(words, *more):
    game = city()
    for clue in (words, *more):
        game = game.record(game.read_clue(clue.split()))
    return left(game)


def cells(*rows_of_names):
    return sorted(name for row in rows_of_names for name in row.split())


def test_the_city_frame():
    assert (CITY.grid.rows, CITY.grid.columns) == (5, 5)
    assert [v.name for v in CITY.attribute("district").values] == [
        "manhattan", "bronx", "brooklyn", "queens", "staten-island", "new-jersey", "brentwood"]
    assert CITY.verified is False
    assert CITY.hidden_items == ("thief",)


def test_rules_example_north_of_line_4_means_rows_1_to_3():
    assert state("north-of 4") == cells("A1 B1 C1 D1 E1", "A2 B2 C2 D2 E2", "A3 B3 C3 D3 E3")


def test_rules_example_near_jfk_means_d4_and_e4():
    assert state("near airport") == ["D4", "E4"]
    assert state("near JFK") == ["D4", "E4"]
    assert state("près-de aéroport") == ["D4", "E4"]


def test_rules_example_near_a_factory_means_any_factory_cell():
    assert state("pres-de usine") == CITY.names(CITY.cells_with("pictograms", "factory"))


@pytest.mark.parametrize("clue,expected", [
    ("north-of 1", []),
    ("north-of 2", cells("A1 B1 C1 D1 E1")),
    ("south-of 4", cells("A5 B5 C5 D5 E5")),
    ("sud-de 5", []),
    ("west-of B", cells("A1 A2 A3 A4 A5")),
    ("ouest-de a", []),
    ("east-of D", cells("E1 E2 E3 E4 E5")),
    ("est-de E", []),
    ("row 5", cells("A5 B5 C5 D5 E5")),
    ("ligne 1", cells("A1 B1 C1 D1 E1")),
    ("column A", cells("A1 A2 A3 A4 A5")),
    ("colonne e", cells("E1 E2 E3 E4 E5")),
    ("at A1", ["A1"]),
    ("at E5", ["E5"]),
    ("next-to A1", cells("B1 A2 B2")),
    ("next-to C5", cells("B4 C4 D4 B5 D5")),
    ("within 1 A1", cells("A1 B1 A2 B2")),
    ("within 2 E5", cells("C3 D3 E3 C4 D4 E4 C5 D5 E5")),
    ("within 0 C1", ["C1"]),
    ("in new-jersey", cells("A1 A2 A3")),
    ("has kind=exchange", ["C2", "E4"]),
], ids=lambda value: value if isinstance(value, str) else None)
def test_every_clue_kind_on_a_corner_and_an_edge(clue, expected):
    game = city()
    if not expected:
        with pytest.raises(Contradiction, match="on its own"):
            game.record(game.read_clue(clue.split()))
        return
    assert state(clue) == expected


@pytest.mark.parametrize("clue", ["north-of 4", "west-of C", "row 2", "column D", "at C3", "in queens",
                                  "near airport", "next-to B2", "within 1 D4", "has kind=expert"])
def test_a_negation_keeps_exactly_the_other_cells(clue):
    holds = set(state(clue))
    negated = set(state(f"{clue} no"))
    assert holds.isdisjoint(negated)
    assert holds | negated == set(CITY.names(CITY.all))


@pytest.mark.parametrize("typed", [["Staten", "Island"], ["staten-island"], ["STATEN", "ISLAND"],
                                   ["staten_island"], ["Staten Island"], ["statenisland"]])
def test_a_district_typed_many_ways(typed):
    game = city()
    event = game.read_clue(["dans", *typed])
    assert event.clue.args == ("staten-island",)
    assert left(game.record(event)) == cells("A4 B4 A5 B5")


def test_an_attribute_the_board_lacks_is_named_with_what_exists():
    with pytest.raises(InputError, match="flower is not a clue of new-york: its clues are north-of"):
        city().read_clue(["flower", "B2", "blue", "yes"])
    with pytest.raises(InputError, match="unknown district 'harlem': expected one of manhattan"):
        city().read_clue(["in", "harlem"])
    with pytest.raises(InputError, match="unknown pictogram or landmark 'zoo'"):
        city().read_clue(["near", "zoo"])


@pytest.mark.parametrize("words", [["area", "A1", "yes"], ["line-of-sight", "B3", "no"], ["zone", "A1", "oui"]])
def test_the_gardens_questions_are_refused_on_the_city(words):
    """Issue 16: clue kinds of one game are refused on the other's board unless the board declares them."""
    with pytest.raises(InputError, match="is not a clue of new-york"):
        city().read_clue(words)


@pytest.mark.parametrize("words", [["north-of", "2"], ["within", "1", "A1"], ["in", "queens"]])
def test_the_citys_statements_are_refused_in_the_garden(garden, words):
    """Issue 16: ``north-of`` on the garden is refused: the garden's board hears area, line of sight, flower."""
    game = Game.new("g", garden, ["red"])
    with pytest.raises(InputError, match="is not a clue of gnom-street: its clues are area, line-of-sight, flower"):
        game.read_clue(words + ["yes"])


def test_a_wrong_accusation_rules_the_cell_out_and_a_right_one_closes_the_case():
    game = city()
    game = game.record(game.read_accusation("c4", "wrong"))
    assert "C4" not in left(game)
    assert game.step(game.events[-1]) == "accuse C4 wrong"
    game = game.record(game.read_accusation("D4", "juste"))
    assert left(game) == ["D4"]
    with pytest.raises(AssistantError, match="the case of thief is closed"):
        game.record(game.read_clue(["row", "4"]))
    game = game.record(game.read_retract(None))
    assert len(left(game)) == 24


def test_contradicting_statements_are_refused_naming_the_clues():
    game = city()
    game = game.record(game.read_clue(["north-of", "4"], card="informant 2"))
    game = game.record(game.read_clue(["in", "queens"]))
    with pytest.raises(Contradiction) as caught:
        game.record(game.read_clue(["west-of", "D"]))
    assert caught.value.conflicting == (2,)
    assert "clue 2 (in queens: thief yes)" in str(caught.value)


def test_the_city_from_the_command_line(run):
    result = run("new", "new-york")
    assert result.exit_code == 0 and "unverified" in result.stderr
    assert run("clue", "north-of", "4", "--card", "informant 3").exit_code == 0
    assert run("clue", "in", "Staten", "Island", "no").exit_code == 0
    assert run("accuse", "C3", "faux").exit_code == 0
    assert run("history").stdout.splitlines() == [
        "  1. clue north-of 4 yes --card 'informant 3'",
        "  2. clue in staten-island no",
        "  3. accuse C3 wrong",
    ]
    remaining = json.loads(run("candidates", "--json").stdout)
    assert list(remaining) == ["thief"] and len(remaining["thief"]) == 14
    drawn = run("sheet").stdout
    assert "thief: 14 cells left" in drawn and "✈ airport" in drawn and "staten-island" in drawn
    assert run("explain", "C3").stdout == "ruled out by clue 3 (accuse C3 wrong): the thief is not on C3.\n"
    bad = run("accuse", "C3", "maybe")
    assert bad.exit_code == 2 and bad.stderr.startswith("error: unknown verdict 'maybe'")


def test_the_city_can_be_corrected_like_the_garden(run):
    result = run("board", "set", "new-york", "C3", "district=manhattan", "pictograms=factory", "kind=expert")
    assert result.exit_code == 0, result.stderr
    described = json.loads(run("board", "show", "new-york", "--json").stdout)
    assert described["cells"]["C3"] == {"district": "manhattan", "pictograms": ["factory"],
                                        "kind": "expert", "pond": False}


def test_within_counts_diagonal_steps_and_includes_the_cell():
    """Issue 16: within N means at most N king steps; the French alias means the same."""
    assert state("within 1 A1") == cells("A1 B1 A2 B2")
    assert state("dans-un-rayon-de 1 A1") == state("within 1 A1")


def test_a_moins_de_is_refused_with_the_words_that_mean_within():
    """'Less than 1 cell from A1' would be A1 alone: the tool never reads it as within 1."""
    with pytest.raises(InputError, match="would mean strictly less than N steps; write within N"):
        city().read_clue(["à-moins-de", "1", "A1"])


def test_line_reads_as_a_row():
    """FR: the grid has "5 lignes de 1 à 5": ``line 3`` (ligne 3) is row 3."""
    assert state("line 3") == state("row 3") == state("ligne 3") == cells("A3 B3 C3 D3 E3")


def test_explain_after_at_no_says_where_the_thief_is_not(run):
    """Issue 16: ``explain A3`` after ``clue at A3 no`` does not say "A3 is on A3"."""
    run("new", "new-york")
    run("clue", "at", "A3", "no")
    shown = run("explain", "A3").stdout
    assert shown == "ruled out by clue 1 (at A3: thief no): the thief is not on A3.\n"
    assert "A3 is on A3" not in shown


def test_help_states_the_distance_of_next_to_and_within(run):
    shown = " ".join(run("clue", "--help").stdout.split())
    assert "next-to C3 is the 8 cells around C3 (diagonals count, C3 itself not)" in shown
    assert "within N C3 is every cell at most N steps from C3, C3 included" in shown
