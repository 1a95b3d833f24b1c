"""75 Gnom' Street: the evening ends right (issue 23, the garden's part).

The loot shown at the end agrees with the clues, the sheet, explain and the
tally; every piece sent home says so; the turn is taken into account where the
log can tell it; retracts keep the pieces sound; suggest offers only what the
tool accepts; a repeated clue says so. Each test quotes the rule it enforces,
or the convention the tool chose where the rules are silent (README: "The
garden's conventions").
"""

import json

import pytest
from conftest import game_file, shipped_board
from hypothesis import given, settings
from hypothesis import strategies as st
from test_rules_garden_pieces import play as play_on
from test_rules_garden_pieces import refused

from assistant.engine import advice as advisor
from assistant.engine.errors import AssistantError, Contradiction
from assistant.games.deduction import DeductionGame
from assistant.games.gnom_street import tally as gnom_tally

GARDEN = shipped_board("gnom-street")


def play(*steps, **who):
    return play_on(GARDEN, *steps, **who)


def evening(run, *steps, me="Léa"):
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--me", me).exit_code == 0
    said = []
    for step in steps:
        result = run(*step.split())
        assert result.exit_code == 0, (step, result.stderr)
        said.append(result.stdout)
    return said


# -- the loot shown at the end -----------------------------------------------------------------


def test_a_loot_card_against_the_clues_is_refused_naming_the_fewest_and_how_to_retract():
    """FR: "chaque joueur dévoile sa carte Butin": the card is the truth, so a card the clues rule out
    means a clue was misheard: the refusal names the fewest clues in conflict and the retract to type."""
    game = play("clue area A1 yes -o red", "clue area F3 no -o blue", "clue line-of-sight A1 yes -o red")
    message = refused(game, "loot red D3", Contradiction)
    assert message == ("refused: the loot card D3 shown by red conflicts with clue 1 (area A1: red yes): red "
                       "would have no possible cell left; if one of them was misheard, take it back first "
                       "(retract 1); nothing was recorded")


def test_the_issue_evening_a_card_against_a_pinned_opponent_no_longer_changes_the_winner(run):
    """The evening of issue 23: red pinned to D1, then "butin rouge E1" was accepted and the tally used E1
    while the sheet said D1. Now the card is refused, and once the right one is shown the sheet, explain
    and the tally agree."""
    evening(run, "clue flower D1 red yes -o red", "clue line-of-sight D3 yes -o red",
            "clue line-of-sight C1 yes -o red")
    assert json.loads(run("candidates", "--json").stdout)["red"] == ["D1"]
    wrong = run("--lang", "fr", "butin", "red", "E1")
    assert wrong.exit_code == 1
    assert wrong.stderr.startswith("erreur : refusé : la carte Butin E1 montrée par red contredit l'indice")
    assert "retirer" in wrong.stderr
    assert run("loot", "red", "D1").exit_code == 0
    assert run("loot", "blue", "F3").exit_code == 0
    assert json.loads(run("tally", "--json").stdout)["players"]["Léa"]["total"] == -1  # no miniature in the garden
    explained = run("explain", "E1", "-o", "blue").stdout
    assert "F3" in explained  # blue's card puts blue on F3: E1 is out
    assert json.loads(run("candidates", "--json").stdout) == {"red": ["D1"], "blue": ["F3"]}


def test_a_second_card_for_the_same_player_needs_replace():
    """FR: "Mélangez les cartes Butin et distribuez-en une par personne": one card each. A second one is
    refused unless it says it replaces a misheard first one (--replace, --remplace); the latest stands."""
    game = play("loot red D3")
    assert refused(game, "loot red D1") == ("red's loot card is recorded already (entry 1: D3): one card each; "
                                            "if it was misheard, add --replace to record D1 instead")
    game = game.record(game.read_step("butin red D1 --remplace"))
    assert game.step(game.events[-1]) == "loot red D1 --replace"
    assert game.garden().loot == {"red": "D1"}
    assert GARDEN.name_of(game.sheet().found("red")) == "D1"
    assert "leave out --replace" in refused(play(), "loot red D1 --replace")


def test_two_players_never_share_a_loot_cell():
    """FACTS: "Loot cards are dealt one per player: two players never hold the same loot cell"."""
    game = play("clue area A1 yes -o red", "clue flower B1 yellow yes -o red")  # red: B1
    assert GARDEN.name_of(game.sheet().found("red")) == "B1"
    message = refused(game, "loot blue B1", Contradiction)
    assert ("conflicts with clue 1 (area A1: red yes); clue 2 (flower B1 yellow: red yes): blue would have no "
            "possible cell left: red must be on B1, and two loots never share a cell") in message
    assert "(retract 1 or retract 2)" in message
    assert refused(play("loot red D3"), "loot blue D3") == "D3 is red's loot: loot cards are distinct"
    assert refused(play(me="Léa"), "loot red C2") == "C2 is your loot: loot cards are distinct"  # said to me


def test_a_loot_card_puts_its_opponent_on_its_cell_in_the_sheet_and_explain():
    """Once a card is shown, the sheet, explain and the tally say the same cell."""
    game = play("loot red D3")
    sheet = game.sheet()
    assert GARDEN.name_of(sheet.found("red")) == "D3"
    assert sheet.explain("red", GARDEN.parse_cell("A1")) == [
        "ruled out by clue 1 (red's loot card D3): A1 is not on D3."]
    assert "D3" not in GARDEN.names(sheet.candidates("blue"))  # two cards never share a cell


@settings(max_examples=60, deadline=None)
@given(st.permutations([c for c in GARDEN.names(GARDEN.open) if c != "C2"]), st.lists(
    st.tuples(st.sampled_from(["area", "line-of-sight"]), st.sampled_from(["A1", "C1", "D2", "F3", "B3"]),
              st.sampled_from(["red", "blue"])), max_size=5), st.sampled_from(GARDEN.names(GARDEN.open)))
def test_a_card_is_accepted_exactly_where_the_sheet_still_allows_it(cells, questions, card):
    """For any truthful clues, ``loot red CELL`` is accepted exactly when CELL is still possible for red, and
    then the sheet holds red on CELL: the tally and the sheet can never disagree."""
    loot = {"red": GARDEN.parse_cell(cells[0]), "blue": GARDEN.parse_cell(cells[1])}
    game = play()
    for kind, cell, who in questions:
        clue = game.read_clue([kind, cell, "yes"], who)
        truth = loot[who] in clue.clue.accepted(GARDEN)
        game = game.record(game.read_clue([kind, cell, "yes" if truth else "no"], who))
    possible = GARDEN.parse_cell(card) in game.sheet().candidates("red")
    try:
        after = game.record(game.read_step(f"loot red {card}"))
    except AssistantError:
        assert not possible
    else:
        assert possible and GARDEN.name_of(after.sheet().found("red")) == card


# -- who asks whom ------------------------------------------------------------------------------


def test_nobody_answers_their_own_question():
    """FR: "Le joueur peut interroger n'importe quel autre joueur se trouvant après lui au classement"."""
    assert refused(play(), "clue area A1 yes -o red --by red") == (
        "red asked the question (--by), so red cannot answer it: a player asks another player, never themselves")
    assert "blue asked the question" in refused(play(), "clue area A1 red=yes blue=no --by blue")
    play("clue area A1 red=yes --by blue")  # blue asking red: fine


def test_a_saved_log_with_a_self_asked_clue_still_loads(home, run):
    """Refused when recorded; a log saved before keeps loading (tests/test_saved_games.py's promise)."""
    folder = home / "games"
    folder.mkdir(parents=True)
    (folder / "old.yaml").write_text("assistant: game/1\nboard: gnom-street\nopponents: [red, blue]\nmine: C2\n"
                                     "events:\n- clue area A1 red=yes --by red\n", encoding="utf-8")
    assert run("use", "old").exit_code == 0
    assert json.loads(run("candidates", "--json").stdout)["red"] == ["A1", "A2", "B1"]


# -- pieces sent home ----------------------------------------------------------------------------


def test_a_kick_out_says_whose_miniature_went_home_in_the_players_language(run):
    """FR: "le joueur peut l'expulser, elle retourne alors à son propriétaire"."""
    said = evening(run, "miniature me A3", "miniature blue F3", "miniature me A1", "miniature red A3")
    # said to me (Léa): 'your', 'votre'
    assert said[-1] == "4. miniature red A3\nyour miniature on A3 is kicked out: it goes back to your supply\n"
    assert run("--lang", "fr", "statuette", "blue", "A1").stderr.startswith(
        "erreur : votre statuette sur A1 a été posée ce tour-ci")  # Léa's second: this turn
    french = run("--lang", "fr", "statuette", "Léa", "A3")  # Léa's third miniature: turn 3; red's A3 was turn 2
    assert french.stdout == ("5. statuette Léa A3\n"
                             "la statuette de red sur A3 est expulsée : elle retourne dans la réserve de red\n")


def test_the_cat_says_whose_miniature_it_sends_home(run):
    """FR: "Quand le chat est placé ou déplacé sur une case comportant une statuette, elle sort du jardin et
    retourne chez son propriétaire"."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    run("miniature", "red", "C3")
    run("miniature", "me", "D3")
    assert run("cat", "C3").stdout == (
        "3. cat C3\nthe cat sends red's miniature on C3 home: it goes back to red's supply\n")
    run("miniature", "blue", "A1", "--new-turn")  # one cat move a turn: the next comes in the next turn
    assert run("--lang", "fr", "chat", "D3").stdout == (
        "5. chat D3\nle chat expulse votre statuette de D3 : elle retourne dans votre réserve\n")


# -- the turn --------------------------------------------------------------------------------------


def test_a_miniature_placed_this_turn_cannot_be_kicked_out():
    """FR: "Si une de ces cases est déjà occupée par une statuette posée lors d'un tour précédent, le joueur
    peut l'expulser"; EN: "A player cannot kick out a Miniature that was placed earlier in the same turn"."""
    game = play("miniature me A1")
    message = refused(game, "miniature red A1")
    assert message.startswith("your miniature on A1 was placed this turn: only one placed in an earlier turn "
                              "may be kicked out")
    assert "a turn ends when a player places a second miniature" in message  # the assumption, said
    # red has not placed yet, blue has: still turn 1; then my second miniature starts turn 2
    game = play("miniature me A1", "miniature blue E3", "miniature me A3")  # grass, earth: one Terrain token each
    assert game.garden().turn == 2
    game.record(game.read_step("miniature red A1"))  # placed in turn 1: out it goes
    game.record(game.read_step("miniature red E3"))
    assert "placed this turn" in refused(game, "miniature red A3")


def test_a_turn_the_log_cannot_see_is_said_with_new_turn():
    """The tool's assumption (every player places one miniature a turn) fails when a miniature went
    unrecorded: --new-turn (--nouveau-tour) says a turn began."""
    game = play("miniature me A1", "miniature red A1 --new-turn")
    assert game.garden().miniatures["me"] == [] and game.garden().miniatures["red"] == ["A1"]
    assert game.step(game.events[-1]) == "miniature red A1 --new-turn"
    assert play("statuette moi A1", "statuette red A1 --nouveau-tour").garden().turn == 2


# -- retracts keep the pieces sound --------------------------------------------------------------


def test_retracting_a_miniature_moved_since_is_refused_not_an_internal_error(run, home):
    """EN: "If a player has no Miniatures left in their supply, they must move a Miniature already on the
    board": the move of entry 4 needs the miniature of entry 1."""
    evening(run, "miniature me A1", "miniature me A2", "miniature me A3", "miniature me C1 --from A1")
    before = game_file(home, "gnom-street-1")
    result = run("retract", "1")
    assert result.exit_code == 2
    assert result.stderr == ("error: refused: taking back entry 1 (miniature me A1) leaves entry 4 (miniature me C1 "
                             "--from A1) impossible (you have no miniature on A1 to move); take it back first; "
                             "nothing was recorded\n")
    assert game_file(home, "gnom-street-1") == before
    assert run("retract", "4").exit_code == 0 and run("retract", "1").exit_code == 0


def test_the_tokens_on_a_retracted_miniatures_cell_are_named_and_stay():
    """FR: "un joueur doit toujours poser un jeton ... uniquement sur une case occupée par une de ses
    statuettes" and "Lorsqu'un jeton est posé, il ne peut être retiré": the miniature under a token is not
    taken back while the token stands (README: the rule chosen)."""
    game = play("miniature me A1", "token me A1 mole", "token me A1 bait")
    message = refused(game, "retract 1")
    assert message.startswith("refused: taking back entry 1 (miniature me A1) leaves entry 2 (token me A1 mole) "
                              "and entry 3 (token me A1 bait) impossible (first: a token goes on a cell holding "
                              "one of your miniatures")
    play("miniature me A1", "token me A1 mole", "retract 2", "retract 1")  # the token first, then the miniature


def test_an_old_log_with_an_unsound_retract_loads():
    """A log saved before retracts were checked replays as far as its pieces allow: never an internal error."""
    data = {"assistant": "game/1", "board": "gnom-street", "opponents": ["red", "blue"], "mine": "C2",
            "events": ["miniature me A1", "miniature me A2", "miniature me A3", "miniature me C1 --from A1",
                       "token me A2 mole", "retract 1", "retract 2", "reveal A2 1 mole"]}
    game = DeductionGame.from_mapping(data, "old", lambda name: GARDEN, "old.yaml")
    assert sorted(game.garden().miniatures["me"]) == ["A3", "C1"]


# -- suggest -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("steps", [
    ("cat A2",),
    ("miniature me A1", "miniature red A3", "miniature blue E3"),  # where I stand; the others kicked out
    ("miniature me A1", "miniature me B1", "miniature me C1", "cat D1"),  # all three placed: one moves
    ("miniature me A1", "miniature blue E3", "miniature me A3", "miniature red B1"),  # red's B1: this turn
])
def test_suggest_proposes_only_placements_the_tool_accepts(steps):
    """suggest's "miniature on CELL" is always one `miniature me CELL` (with --from once the supply is
    empty) records."""
    game = play(*steps)
    own = game.garden().miniatures["me"]
    ranked = advisor.questions(game.sheet(), advisor.Turn(barred=game.barred()), limit=None)
    cells = {question.clue.args[0] for question in ranked}
    assert cells
    for cell in cells:
        origin = next((c for c in own if c != cell), None) if len(own) == 3 else None
        game.record(game.read_step(f"miniature me {cell}" + (f" --from {origin}" if origin else "")))
    barred = set(GARDEN.names(game.barred()))
    assert not cells & barred


def test_suggest_says_when_my_miniature_must_move(run):
    evening(run, "miniature me A1", "miniature me B1", "miniature me C1")
    said = run("suggest").stdout
    assert "your 3 miniatures are in the garden: the one you place is moved" in said
    assert "miniature on A1" not in said and "miniature on C1" not in said


# -- a clue heard twice ------------------------------------------------------------------------------


def test_a_repeated_clue_is_recorded_and_said_to_add_nothing(run):
    """Another player may ask the same question: it is recorded, and the reply says which entry it repeats."""
    said = evening(run, "clue area A1 yes -o red", "clue area A1 red=yes blue=no",
                   "clue area A1 yes -o red --by blue")
    assert "repeats" not in said[1]  # blue's answer is new
    assert said[2].endswith("it repeats entry 2 (clue area A1 red=yes blue=no): it adds nothing to the sheet\n")
    assert len(json.loads(run("history", "--json").stdout)) == 3
    french = run("--lang", "fr", "indice", "zone", "A1", "oui", "-o", "red")
    assert "c'est la répétition de l'entrée 3 (indice zone A1 red=oui --par blue) : rien de nouveau" in french.stdout


# -- the conventions, stated where the rules are silent --------------------------------------------------


def test_the_cats_one_cell_includes_diagonals_and_three_means_up_to_three():
    """FR: "le joueur le déplace d'une case" (convention: diagonals count, as in the area question);
    card: "move the cat by 3 cells" (convention: up to 3 steps, so 1 or 2 as well)."""
    play("cat C3", "cat D2")
    play("cat C3", "cat D3 --three")
    play("cat C3", "cat F1 --three")
    assert "up to 3 cells (diagonals count)" in refused(play("cat A1"), "cat E1 --three")


def test_alexs_adjacent_includes_diagonals_and_free_means_no_miniature():
    """FR: "poser un jeton sur une case libre (ou avec le chat) adjacente à une de ses statuettes"
    (convention: adjacent includes diagonals; free means no miniature, so tokens or the cat may be there)."""
    game = play("miniature red C3", "miniature me A1", "token me A1 mole", "cat B3")
    game = game.record(game.read_step("token red D2 --alex"))  # diagonal
    game = game.record(game.read_step("token red B3 --alex"))  # the cat's cell
    game = game.record(game.read_step("miniature me D3"))
    assert "holds a miniature" in refused(game, "token red D3 --alex")


def test_your_own_mole_on_your_loot_takes_no_place():
    """FR: "si un de vos jetons Taupe est présent sur votre propre case Butin, il ne vous rapportera rien"
    (convention: it takes no place either: the next Mole is first, 5 points)."""
    result = gnom_tally.tally(["Ana", "Ben", "Cleo"], {}, {"Ana": "A1", "Ben": "B1", "Cleo": "C1"},
                              {"A1": [gnom_tally.Token("Ana", "mole"), gnom_tally.Token("Ben", "mole")]})
    assert {line.player: line.loot for line in result.lines} == {"Ana": 0, "Ben": 5, "Cleo": 0}


@pytest.mark.parametrize("command,words", [
    ("cat", ["diagonals included", "up to 3 steps"]),
    ("token", ["next to includes diagonals", "free means no miniature"]),
    ("tally", ["takes no place in the order"]),
    ("miniature", ["placing a second one to start the next turn", "--new-turn"]),
    ("loot", ["--replace", "conflicts with"]),
])
def test_each_convention_is_stated_in_the_help_of_its_command(run, command, words):
    shown = " ".join(run(command, "--help").stdout.split())
    for word in words:
        assert word in shown, (command, word)


# -- the whole French evening ----------------------------------------------------------------------


def test_the_french_evening_ends_with_the_tally_the_sheet_and_explain_agreeing(run):
    result = run("import", "scenarios/gnom-french-evening.yaml", "--name", "soir")
    assert result.exit_code == 0, result.stderr
    tally = json.loads(run("tally", "--json").stdout)
    assert tally["leaders"] == ["Léa"] and tally["players"]["Léa"]["total"] == 8
    assert "D1 (rouge's loot): your mole, number 1: 5" in tally["notes"]  # said to me (Léa)
    assert json.loads(run("candidates", "--json").stdout) == {"rouge": ["D1"], "bleu": ["F2"]}
    assert run("--lang", "fr", "expliquer", "D1", "-o", "rouge").stdout == \
        "D1 est le butin de rouge : la seule case restante.\n"
    verdict = run("--lang", "fr", "tally").stdout
    assert "vous gagnez avec 8 points" in verdict and "Léa gagne" not in verdict


def test_the_table_screen_says_what_an_entry_sent_home_and_what_it_repeats():
    """The table screen's answer line carries the same words as the commands."""
    from assistant.faces.table import screen as table

    # the question first: once my miniature of the turn stands on A3, I ask from A3 ("depuis la case où il
    # vient de placer sa statuette"), and blue asks the same again
    before = play("clue area B1 yes -o red", "miniature me A1", "miniature me A3")
    after = before.record(before.read_step("miniature red A1"))
    assert table.said(before, after).endswith(
        "; your miniature on A1 is kicked out: it goes back to your supply")
    after = after.record(after.read_step("miniature blue B1"))  # blue's question comes after blue's miniature
    again = after.record(after.read_step("clue area B1 yes -o red --by blue"))
    assert "; it repeats entry 1 (clue area B1 red=yes)" in table.said(after, again)


def test_a_clue_of_an_earlier_set_is_not_repeated_by_the_next_set():
    """EN (2 players): "A new set will play just like the previous one, distribute a new loot card": the
    new set's sheet starts blank, so the same question there is new."""
    game = play("clue area A1 no", "miniature Matt D3", "mole D3 missed --by Matt --next-mine F3", "clue area A1 no",
                opponents=("Matt",))
    assert game.told(game.entries()[-1]) == []
    again = game.record(game.read_step("clue area A1 no"))
    assert again.told(again.entries()[-1]) == ["it repeats entry 4 (clue area A1 no): it adds nothing to the sheet"]


# -- issue 34: the garden has no accusation --------------------------------------------------------


def test_the_garden_neither_offers_nor_takes_an_accusation_and_the_city_does(run):
    """FR: "À l'issue de celui-ci, la partie prend fin, les joueurs révèlent leur carte Butin et comptent leurs
    points de victoire": a garden ends with the loot cards shown, never an accusation (the city's step:
    "S'il a la bonne réponse, il gagne la partie")."""
    from assistant.engine import grammar
    from assistant.faces.table.screen import help_text

    game = play()
    assert "accuse" not in grammar.complete(game, "")[1]  # Tab
    assert "accuse" not in grammar.complete(game, "acc")[1]
    assert "accuse" not in help_text(game).plain  # F1
    assert refused(game, "accuse C3 wrong -o red") == \
        "there is no accusation on gnom-street: its rules end with each loot card shown (loot PLAYER CELL [--replace])"
    city = DeductionGame.new("t", shipped_board("new-york"))
    assert "accuse" in grammar.complete(city, "")[1] and "accuse" in help_text(city).plain
    evening(run)
    for words in (["accuse", "C3", "wrong"], ["accuse", "C3", "right", "--by", "blue"]):
        result = run(*words)
        assert result.exit_code == 2 and result.stderr == (
            "error: there is no accusation on gnom-street: its rules end with each loot card shown "
            "(loot PLAYER CELL [--replace])\n")
    assert run("--lang", "fr", "accuser", "C3", "faux").stderr == (
        "erreur : il n'y a pas d'accusation sur gnom-street : ses règles finissent par les cartes Butin "
        "dévoilées (butin JOUEUR CASE [--remplace])\n")
    assert run("history").stdout == "no clues yet\n"  # nothing recorded


def test_a_saved_garden_holding_an_accusation_loads_and_history_says_it_is_no_garden_step(home, run):
    """A log saved while the garden still heard accusations loads as it was heard (tests/test_saved_games.py's
    promise), and history says the step is not the garden's."""
    folder = home / "games"
    folder.mkdir(parents=True)
    (folder / "old.yaml").write_text("assistant: game/1\nboard: gnom-street\nopponents: [red, blue]\nmine: C2\n"
                                     "events:\n- clue area B3 yes --opponent red\n- accuse C3 wrong --opponent red\n",
                                     encoding="utf-8")
    assert run("use", "old").exit_code == 0
    assert "C3" not in json.loads(run("candidates", "--json").stdout)["red"]  # as heard: C3 ruled out
    assert run("history").stdout.splitlines()[1] == \
        "  2. accuse C3 wrong --opponent red (an accusation, a step gnom-street's rules do not have: loaded as heard)"
    assert run("--lang", "fr", "history").stdout.splitlines()[1] == (
        "  2. accuser C3 faux --adversaire red (une accusation, étape que les règles de gnom-street n'ont pas : "
        "chargée telle qu'entendue)")
    assert run("clue", "area", "A1", "no", "-o", "blue").exit_code == 0  # the game goes on, with its history
    assert "accuse C3 wrong --opponent red" in game_file(home, "old").decode()


def test_completion_offers_only_the_cells_a_question_may_be_asked_from_this_turn():
    """FR: a player asks "depuis la case où il vient de placer sa statuette": once the log knows where the
    asker's miniature went this turn, Tab offers that cell, and after --by only who may ask from the cell."""
    from assistant.engine import grammar

    game = play("miniature red A1", "miniature me F1")
    assert grammar.expect(game, ["clue", "area"]).values == ("F1",)  # mine (no --by): from F1
    assert grammar.expect(game, ["clue", "--by", "red", "area"]).values == ("A1",)
    assert "A1" in grammar.expect(game, ["clue", "--by", "blue", "area"]).values  # blue placed nothing yet
    offered = grammar.expect(game, ["clue", "area", "A1", "blue=no", "--by"]).values
    assert "red" in offered and "me" not in offered  # I placed mine on F1 this turn
