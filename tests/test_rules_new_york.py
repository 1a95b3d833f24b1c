"""Enquêtes à New York: the city board, its clue language and accusations."""

import json
import re

import pytest
from conftest import shipped_board
from hypothesis import given
from hypothesis import strategies as st

from assistant.engine import grammar, i18n
from assistant.engine.errors import AssistantError, Contradiction, InputError
from assistant.games.deduction import DeductionGame

CITY = shipped_board("new-york")


def city():
    return DeductionGame.new("ny", CITY)


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
    game = DeductionGame.new("g", garden, ["red"])
    with pytest.raises(InputError, match="is not a clue of gnom-street: its clues are area, line-of-sight, flower"):
        game.read_clue(words + ["yes"])


def test_a_wrong_accusation_rules_the_cell_out_and_a_right_one_closes_the_case():
    game = city()
    game = game.record(game.read_accusation("c4", "wrong"))
    assert "C4" not in left(game)
    assert game.step(game.events[-1]) == "accuse C4 wrong"
    game = game.record(game.read_accusation("D4", "juste"))
    assert left(game) == ["D4"]
    with pytest.raises(AssistantError, match="the game is finished: you win; to go on, take back the last entry"):
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
    assert run("explain", "C3").stdout == "ruled out by accusation 3 (C3 wrong): the thief is not on C3.\n"
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


# -- issue 23: who accused, lists of districts, kinds of cards ------------------------------------


def accuse(game, cell, verdict, by=None):
    return game.record(game.read_accusation(cell, verdict, by=by))


def test_a_wrong_accuser_is_out_and_may_not_accuse_again():
    """FR: "S'il s'est trompé, il est éliminé et remet ses cartes dans la pioche. La partie continue
    alors avec les autres joueurs." """
    game = accuse(city(), "C2", "wrong", by="Ana")
    assert list(game.out()) == ["Ana"] and game.step(game.events[-1]) == "accuse C2 wrong --by Ana"
    assert game.report() == ["Ana is out: a wrong accusation leaves the game"]
    assert game.summary() == "thief: 24 cells left; out: Ana (accused C2)"
    for verdict in ("wrong", "right"):  # out is out: not even a right guess counts
        with pytest.raises(InputError, match="Ana is out since a wrong accusation on C2: only players still in"):
            accuse(game, "D4", verdict, by="ana")  # the same player, however typed
    game = accuse(game, "D4", "wrong", by="Ben")  # the others play on
    assert list(game.out()) == ["Ana", "Ben"] and game.report() == ["Ben is out: a wrong accusation leaves the game"]
    game = game.record(game.read_retract(1))  # taking the accusation back brings Ana back
    assert list(game.out()) == ["Ben"]
    assert accuse(game, "B2", "wrong", by="Ana").out()["Ana"].event.cell == "B2"


def test_an_accusation_without_by_puts_nobody_out():
    """The convention for logs saved before --by, and for a table that does not say who accused."""
    game = accuse(accuse(city(), "C2", "wrong"), "C3", "wrong")
    assert game.out() == {} and game.summary() == "thief: 23 cells left"


def test_i_am_out_after_my_wrong_accusation_and_keep_following_the_clues():
    game = DeductionGame.new("ny", CITY, me="Léa")
    game = accuse(game, "C2", "faux", by="Léa")
    assert game.step(game.events[-1]) == "accuse C2 wrong --by me"
    assert game.report() == ["you are out: keep following the clues to see who wins"]
    assert game.summary().endswith("out: you (accused C2)")  # said to me, whatever my name
    game = game.record(game.read_clue(["row", "1"], card="informant 2"))  # the clues still narrow my sheet
    assert len(left(game)) == 5 and game.report() == []
    with pytest.raises(InputError, match="you are out since your wrong accusation on C2"):
        accuse(game, "B1", "right", by="moi")


def test_i_am_out_in_french(run):
    run("new", "new-york")
    said = run("--lang", "fr", "accuser", "C2", "faux", "--par", "moi")
    assert said.exit_code == 0, said.stderr
    assert "vous avez quitté la partie\u00a0: continuez à suivre les indices pour voir qui gagne" in said.stdout
    assert "hors jeu\u00a0: vous (accusation en C2)" in said.stdout  # "éliminés" made one player out several men
    assert run("--lang", "fr", "historique").stdout == "  1. accuser C2 faux --par moi (vous êtes hors jeu)\n"
    assert run("history").stdout == "  1. accuse C2 wrong --by me (you are out)\n"
    refused = run("--lang", "fr", "accuser", "C3", "faux", "--par", "moi")
    assert refused.exit_code == 2 and "vous avez quitté la partie après votre fausse accusation en C2" in refused.stderr


def test_history_sheet_and_json_show_who_is_out(run):
    run("new", "new-york")
    assert run("accuse", "C2", "wrong", "--by", "Ana").exit_code == 0
    assert run("accuse", "C3", "wrong").exit_code == 0
    assert run("history").stdout.splitlines() == ["  1. accuse C2 wrong --by Ana (Ana out)", "  2. accuse C3 wrong"]
    assert json.loads(run("history", "--json").stdout) == [
        {"number": 1, "step": "accuse C2 wrong --by Ana", "retracted": False, "out": "Ana"},
        {"number": 2, "step": "accuse C3 wrong", "retracted": False}]
    assert run("sheet").stdout.splitlines()[-1] == "out: Ana (accused C2)"


def test_the_garden_has_no_accusation():
    """The garden's rules have no accusation (its loot cards end it): neither --by nor the step itself."""
    game = DeductionGame.new("g", shipped_board("gnom-street"), ["red"])
    with pytest.raises(InputError, match="^there is no accusation on gnom-street: its rules end with each loot card"):
        game.read_accusation("B3", "wrong", by="red")


def test_accuse_help_offers_only_what_is_accepted(run):
    shown = " ".join(run("accuse", "--help").stdout.split())
    assert "Who answered" not in shown and "several: red,blue" not in shown
    assert "--by, --par <str> Who accused, on the city (me for you): a wrong accuser is out." in shown
    assert "--opponent" not in shown and "garden" not in shown  # the garden has no accusation: nothing of its
    assert "75 Gnom' Street has none" in shown
    assert run("accuse", "C2", "wrong", "--par", "Ana").exit_code == 2  # no game yet: the option itself is known
    run("new", "new-york")
    assert run("accuse", "C2", "wrong", "--par", "Ana").exit_code == 0


def test_older_city_logs_keep_loading_with_any_card_and_no_accuser(run, home):
    """Rules checked when recording (the kind of card, who accused) are never checked on reading."""
    games = home / "games"
    games.mkdir(parents=True)
    (games / "old.yaml").write_text("assistant: game/1\nboard: new-york\nevents:\n"
                                    "- clue north-of 4 yes --card banana\n- accuse C2 wrong\n", encoding="utf-8")
    assert run("history", "-g", "old").stdout.splitlines() == [
        "  1. clue north-of 4 yes --card banana", "  2. accuse C2 wrong"]
    refused = run("clue", "row", "1", "--card", "banana", "-g", "old")
    assert refused.exit_code == 2 and "unknown card 'banana'" in refused.stderr


def test_a_list_of_districts_is_one_statement():
    """A card may name several districts: the thief is in one of them, or (no) in none of them."""
    both = set(state("in manhattan")) | set(state("in bronx"))
    assert set(state("in manhattan,bronx")) == both
    assert set(state("in manhattan,bronx no")) == set(CITY.names(CITY.all)) - both
    game = city()
    event = game.read_clue(["dans", "Staten", "Island,", "le-Queens"])
    assert event.clue.args == ("staten-island,queens",)
    assert game.step(event) == "clue in staten-island,queens yes"
    assert game.read_step(game.step(event)) == event
    assert event.clue.relation(CITY) == "in Staten Island or in Queens"  # the board file's phrases (said:)
    assert event.clue.relation() == "in staten-island or in queens"  # no board: the words as saved
    assert event.clue.neither(CITY) == "neither in Staten Island nor in Queens"  # what 'no' rules out
    assert game.read_clue(["in", "manhattan"]).clue.neither(CITY) == ""  # one place: 'is not in Manhattan'


def test_a_list_of_districts_reads_back_in_french():
    game = city()
    event = game.read_clue(["in", "manhattan,bronx", "no"])
    with i18n.speaking("fr"):
        spoken = grammar.said(game, game.step(event))
        assert spoken == "indice dans Manhattan,Bronx non"
        assert event.clue.relation(CITY) == "à Manhattan ou dans le Bronx"
    assert game.read_step(spoken) == event


def test_the_city_s_statements_take_their_articles_in_french():
    """Issue 35: "B3 n'est pas près d'usine". Each place says its article and preposition (boards/new-york.yaml,
    said:); the explanation reads as a French editor writes it."""
    game = city()
    with i18n.speaking("fr"):
        said = {words: game.read_clue(words.split()).clue.relation(CITY) for words in (
            "près-de usine", "près-de aéroport", "près-de jfk", "dans bronx", "dans queens", "dans brooklyn",
            "dans new-jersey", "avec type=expert", "avec pictogrammes=parc")}
    assert said == {"près-de usine": "près d'une usine", "près-de aéroport": "près d'un aéroport",
                    "près-de jfk": "près de l'aéroport JFK", "dans bronx": "dans le Bronx",
                    "dans queens": "dans le Queens", "dans brooklyn": "à Brooklyn",
                    "dans new-jersey": "dans le New Jersey", "avec type=expert": "sur une case d'expert",
                    "avec pictogrammes=parc": "sur une case avec un parc"}
    with i18n.speaking("fr"):
        played = game.record(game.read_clue(["near", "factory", "no"]))
        factory = next(cell for cell in CITY.cells_with("pictograms", "factory"))
        assert played.sheet().explain("thief", factory) == [
            "exclue par l'indice 1 (près-de usine\u00a0: voleur non)\u00a0: le voleur n'est pas près d'une usine."]


@given(st.lists(st.sampled_from([v.name for v in CITY.attribute("district").values]), min_size=1, unique=True),
       st.booleans())
def test_any_list_of_districts_is_saved_and_read_back_exactly(districts, holds):
    game = city()
    event = game.read_clue(["in", ",".join(districts), "yes" if holds else "no"])
    assert event.clue.args == (",".join(districts),)
    assert game.read_step(game.step(event)) == event
    union = set().union(*(state(f"in {district}") for district in districts))
    if union and (holds or len(union) < 25):
        assert set(left(game.record(event))) == (union if holds else set(CITY.names(CITY.all)) - union)


@pytest.mark.parametrize("typed,saved", [("informant 3", "informant 3"), ("Informateur 3", "informant 3"),
                                          ("expert level 2, card 5", "expert level 2, card 5"),
                                          ("experts", "expert")])
def test_a_card_starts_with_a_kind_of_card_the_box_holds(typed, saved):
    """FR: "216 cartes : 120 cartes Informateurs (60 de niveau 1 ; 60 de niveau 2) et 96 cartes Experts"."""
    game = city()
    event = game.read_clue(["row", "1"], card=typed)
    assert event.card == saved
    assert game.read_step(game.step(event)) == event


@pytest.mark.parametrize("typed,message", [
    ("banana", "unknown card 'banana': see assistant clue --help (a card is informant or expert"),
    ("informnt 3", "unknown card 'informnt': did you mean informant?"),
    ("3 informant", "unknown card '3'")])
def test_a_card_of_no_kind_is_refused(typed, message):
    with pytest.raises(InputError, match=re.escape(message)):
        city().read_clue(["row", "1"], card=typed)


def test_a_card_in_french(run):
    run("new", "new-york")
    typo = run("--lang", "fr", "indice", "ligne", "1", "--carte", "informatuer 2")
    assert typo.exit_code == 2 and "vouliez-vous dire informateur ?" in typo.stderr
    assert run("--lang", "fr", "indice", "ligne", "1", "--carte", "informateur 2").exit_code == 0
    assert run("history").stdout == "  1. clue row 1 yes --card 'informant 2'\n"
    assert run("--lang", "fr", "historique").stdout == "  1. indice ligne 1 oui --carte 'informateur 2'\n"


def test_completion_offers_the_players_already_named_on_the_city():
    """The city lists no players: --by completes me and every name the log holds, each once."""
    game = accuse(city(), "C2", "wrong", by="Ana")
    game = game.record(game.read_clue(["row", "1"], by="Ben"))
    assert grammar.expect(game, ["accuse", "C3", "wrong", "--by"]).values == ("me", "Ana", "Ben")
    assert game.player("BEN") == "Ben" and game.player("moi") == "me"
    with pytest.raises(InputError, match="player name 'yes': use letters, digits and hyphens"):
        game.player("yes")


def test_a_right_accuser_wins():
    """FR: "S'il a la bonne réponse, il gagne la partie et montre le résultat aux autres joueurs." """
    game = accuse(city(), "C2", "wrong", by="Ana")
    won = accuse(game, "B2", "right", by="Ben")
    assert won.report() == [">>> found: the thief is on B2", "Ben wins the game"]
    assert accuse(game, "B2", "juste", by="me").report()[-1] == "you win the game"
    # --by left out: the accuser is me (the rules' "il" is whoever accused; the table types its own)
    assert accuse(game, "B2", "right").report() == [">>> found: the thief is on B2", "you win the game"]


def test_two_to_six_investigators_me_included_the_seventh_name_is_refused(run):
    """FR: "De 2 à 6 joueurs": me and five others accuse; a seventh name is refused, saying the rule."""
    game = DeductionGame.new("c", CITY)
    for name in ("Ana", "Ben", "Cleo", "Dan", "Eve"):
        game = game.record(game.read_step(f"accuse A1 wrong --by {name}"))
    with pytest.raises(InputError, match=r"^Fay would be a seventh investigator: the game is played by 2 to 6 "
                                         r"players \(rules: \"De 2 à 6 joueurs\"\), you and Ana, Ben"):
        game.read_step("accuse B1 wrong --by Fay")
    game.record(game.read_step("clue in manhattan no --by ana"))  # a name already at the table
    run("new", "new-york")
    for name in ("Ana", "Ben", "Cleo", "Dan", "Eve"):
        assert run("accuse", "A1", "wrong", "--by", name).exit_code == 0
    refused = run("--lang", "fr", "accuser", "B1", "faux", "--par", "Fay")
    assert refused.exit_code == 2 and "septième enquêteur" in refused.stderr
    assert len(json.loads(run("games", "--json").stdout)[0]["players"]) <= 6
