"""Oh ! les Nains: every card, a round lost on each side, the counters, a whole match."""

import json

import pytest
from conftest import game_file
from hypothesis import given
from hypothesis import strategies as st

from assistant.engine import grammar, i18n, log
from assistant.engine.errors import DataError, InputError
from assistant.games.oh_les_nains.rope import (
    COLOURS,
    Counter,
    Exchange,
    Gnome,
    Pull,
    Squirrels,
    Starts,
    TugGame,
    letter,
)


def match(*moves, sides=("Ana", "Ben"), counters=False, setup=("red", "blue")):
    game = TugGame.new("t", list(sides), counters)
    for player, colour in zip(game.order, setup, strict=True):
        game = game.record(game.read_step(f"gnome {colour} --by {player}"))
    for move in moves:
        game = game.record(game.read_step(move))
    return game


def test_first_gnomes_stand_farthest_from_the_fence_and_nothing_is_pulled():
    state = match().state()
    assert state.lines == (("red",), ("blue",)) and state.shift == 0
    assert state.front(0) == 8 and state.front(1) == 8


def test_adding_a_gnome_lets_the_other_side_pull_two():
    state = match("gnome yellow").state()  # Ana adds; Ben pulls 2
    assert state.lines[0] == ("red", "yellow") and state.shift == -2
    assert state.front(0) == 8 - 2 - 1  # the new gnome stands one flagstone nearer the fence


def test_a_multicolour_card_names_its_colour_and_a_missing_colour_allows_another():
    state = match("gnome multi green").state()
    assert state.lines[0][-1] == "green"
    with pytest.raises(InputError, match="another colour only when no red gnome is left"):
        game = match()
        game.record(game.read_step("gnome red blue"))


def test_seven_gnomes_of_a_colour_at_most():
    game = match("squirrels 3", "squirrels 3", setup=("red", "red"))  # pull back so the lines have room
    for _ in range(5):  # two red in play: five more are in the box
        game = game.record(game.read_step("gnome red"))
    with pytest.raises(InputError, match="only 0 red gnome"):
        game.record(game.read_step("gnome red"))
    game = game.record(game.read_step("gnome red blue"))  # none left: another colour
    assert game.state().lines[1][-1] == "blue"


def test_a_pull_counts_1_0_and_2_and_the_stronger_side_pulls_the_difference():
    # Ana: red, yellow; Ben: blue. Yellow counts 2, blue 0: Ana 1 + 2 = 3, Ben 0: Ana pulls 3.
    game = match("gnome yellow", "pull --two yellow --zero blue")  # after Ana's gnome: shift -2
    assert game.state().shift == -2 + 3
    assert "pull: Ana 3, Ben 0" in game.state().log


def test_equal_strength_moves_nothing():
    game = match("pull --zero green")
    assert game.state().shift == 0 and game.state().log[-1] == "equal strength: nothing moves"


def test_squirrels_and_exchanges():
    assert match("squirrels 2").state().shift == 2          # Ana pulls 2
    assert match("exchange").state().shift == -1            # Ana exchanged: Ben pulls 1
    with pytest.raises(InputError, match="1, 2 or 3 squirrels"):
        game = match()
        game.read_step("squirrels 4")


def test_turns_alternate_and_the_wrong_player_is_refused():
    game = match("squirrels 1")
    with pytest.raises(InputError, match="it is Ben's turn, not Ana's"):
        game.record(game.read_step("squirrels 1 --by Ana"))


def test_a_round_ends_on_side_0_and_the_loser_starts_the_next():
    # Ana's gnome stands 8 from the fence; Ben pulls 1 (Ana's exchange), 3, 1, 3: 8, it hits.
    game = match("exchange", "squirrels 3", "exchange", "squirrels 3")
    state = game.state()
    assert state.rounds == (0, 1) and state.round == 2
    assert "Ana's front gnome hits the fence: Ben wins round 1" in state.log
    assert state.setup == ("Ana", "Ben") and game.order[state.turn] == "Ana"


def test_a_round_ends_on_side_1():
    game = match("squirrels 3", "exchange", "squirrels 3")
    assert game.state().rounds == (0, 0)  # Ana pulled 3 + 1 + 3 = 7: Ben's gnome is 1 from the fence
    game = game.record(game.read_step("exchange"))  # Ben exchanges: Ana pulls 1 more, 8
    assert game.state().rounds == (1, 0)


def test_the_counter_chain():
    game = match("gnome green", counters=True)                # Ana adds green; Ben pulls 2
    with pytest.raises(InputError, match="takes a green card or a multicolour one"):
        game.record(game.read_step("contre red"))
    game = game.record(game.read_step("contre green"))        # Ben: Ana's green leaves
    assert game.state().lines[0] == ("red",) and game.state().shift == -2
    game = game.record(game.read_step("sur-contre multi"))    # Ana: two green gnomes, hose still
    assert game.state().lines[0] == ("red", "green", "green") and game.state().shift == -2
    game = game.record(game.read_step("sur-sur-contre green"))  # Ben takes them
    assert game.state().lines == (("red",), ("blue", "green", "green"))


def test_counters_need_the_option_and_answer_only_the_move_right_before():
    with pytest.raises(InputError, match="optional rules"):
        game = match("gnome green")
        game.record(game.read_step("contre green"))
    game = match("gnome green", "squirrels 1", counters=True)
    with pytest.raises(InputError, match="answers the other side's gnome right before it"):
        game.record(game.read_step("contre green"))


def test_four_players_play_in_the_strict_alternating_order():
    game = match(sides=("Ana+Cleo", "Ben+Dan"), setup=("red", "blue", "yellow", "green"))
    assert game.order == ("Ana", "Ben", "Cleo", "Dan")
    assert game.state().lines == (("red", "yellow"), ("blue", "green"))
    game = game.record(game.read_step("squirrels 1"))
    game = game.record(game.read_step("squirrels 1"))
    assert game.order[game.state().turn] == "Cleo"


def test_a_whole_match_of_two_winning_rounds(run):
    assert run("tug", "new", "--sides", "Ana,Ben").exit_code == 0

    def round_won_by_whoever_starts(first: str, second: str):
        run("tug", "gnome", "red", "--by", "Ana")
        run("tug", "gnome", "blue", "--by", "Ben")
        # the starter pulls 3, the other exchanges (1 more), twice: 8, the front gnome hits the fence
        for _ in range(2):
            assert run("tug", "squirrels", "3", "--by", first).exit_code == 0
            assert run("tug", "exchange", "--by", second).exit_code == 0

    round_won_by_whoever_starts("Ana", "Ben")
    assert "round 2: Ana 1 - 0 Ben" in run("tug", "show").stdout
    round_won_by_whoever_starts("Ben", "Ana")  # rules: the loser of a round starts the next
    assert "round 3: Ana 1 - 1 Ben" in run("tug", "show").stdout
    run("tug", "gnome", "red", "--by", "Ana")
    run("tug", "gnome", "blue", "--by", "Ben")
    wrong = run("tug", "squirrels", "3", "--by", "Ben")
    assert wrong.exit_code == 2 and wrong.stderr == "error: it is Ana's turn, not Ben's\n"
    for _ in range(2):
        run("tug", "squirrels", "3")
        run("tug", "exchange")
    assert "match won 2\u20131 by Ana" in run("tug", "show").stdout
    final = run("tug", "squirrels", "1")
    assert final.exit_code == 1
    assert final.stderr == ("error: the game is finished: Ana wins (2 rounds); to go on, take back the last entry "
                            "(undo) or start the next game: tug new --sides Ana,Ben\n")
    assert run("undo").exit_code == 0 and "match won" not in run("tug", "show").stdout
    assert run("history").stdout.splitlines()[0] == "  1. gnome red --by Ana"


# -- the grammar and the log (issue 12) -----------------------------------------------------


PLAYED = match()  # both first gnomes placed: Ana plays
PLAYER = st.sampled_from(PLAYED.order)
COLOUR = st.sampled_from(COLOURS)
SOME_COLOURS = st.lists(COLOUR, unique=True, max_size=2).map(tuple)


def pulls():
    return st.builds(lambda p, zero, two: Pull(p, zero, tuple(c for c in two if c not in zero)),
                     PLAYER, SOME_COLOURS, SOME_COLOURS)


def counters():
    return st.builds(lambda level, p, c, multi: Counter(level, p, "multi" if multi else c, c),
                     st.integers(1, 3), PLAYER, COLOUR, st.booleans())


EVENTS = st.one_of(
    st.builds(lambda p, card, c: Gnome(p, card or c, c), PLAYER, st.sampled_from([None, "multi", *COLOURS]), COLOUR),
    pulls(), st.builds(Squirrels, PLAYER, st.integers(1, 3)), st.builds(Exchange, PLAYER), counters(),
    st.builds(Starts, PLAYER), st.builds(log.Retract, st.none() | st.integers(1, 999_999)))


@given(EVENTS)
def test_every_move_reads_back_from_its_own_words(event):
    """parse(format(e)) == e for every move type, on generated moves."""
    assert PLAYED.read_step(PLAYED.step(event)) == event


@given(EVENTS)
def test_every_move_reads_back_from_its_french_words(event):
    """A French table reads each move said in French (grammar.said: 'tirer --zéro rouge --par Ana'), with no
    English option left (issue 26); typed back, the same move."""
    with i18n.speaking("fr"):
        spoken = grammar.said(PLAYED, PLAYED.step(event))
    assert not set(spoken.split()) & {option.spellings[0] for form in PLAYED.forms() for option in form.options}
    assert PLAYED.read_step(spoken) == event


def test_the_grammar_says_what_comes_next():
    assert grammar.expect(PLAYED, []).values[:2] == ("gnome", "pull")
    slot = grammar.expect(PLAYED, ["gnome"])
    assert slot.name == "card" and slot.values == (*COLOURS, "multi") and slot.options == ("--by",)
    assert grammar.expect(PLAYED, ["pull", "--zero"]) == grammar.Slot("colours", COLOURS)
    assert grammar.expect(PLAYED, ["squirrels", "2", "--by"]).values == ("Ana",)  # whose turn it is
    assert grammar.expect(PLAYED, ["retract"]).values == ("1", "2")
    countered = match("gnome yellow", "contre yellow", counters=True)
    assert grammar.complete(countered, "sur-contre mul") == ("mul", ("multi",))
    assert grammar.complete(PLAYED, "sur-contre ") == ("", ())  # no counters in this match: the hint says so
    assert "--counters" in grammar.expect(PLAYED, ["sur-contre"]).why


def test_french_verbs_and_options_read_the_same_moves():
    game = match()
    assert game.read_step("nain rouge --par Ana") == game.read_step("gnome red --by Ana")
    assert game.read_step("tirer --deux vert") == Pull("Ana", (), ("green",))
    assert game.read_step("ecureuils 2") == Squirrels("Ana", 2)
    assert game.read_step("annuler") == log.Retract(None)


@pytest.mark.parametrize("step,message", [
    ("squirrels ²", "1, 2 or 3 squirrels"), ("squirrels 3.0", "1, 2 or 3 squirrels"),
    ("squirrels ٣", "1, 2 or 3 squirrels"), ("squirrels " + "9" * 5000, "1, 2 or 3 squirrels"),
    ("pull --tow red", "did you mean --two"), ("gnome red --by Zoe", "unknown player 'Zoe'"),
    ("gnome purple", "unknown colour 'purple'"), ("gnome multi", "gnome multi COLOUR"),
    ("jump 3", "unknown step 'jump'"), ("undo 3", "undo takes no words"), ("retract x", "an entry number"),
])
def test_wrong_words_are_one_clear_refusal(step, message):
    with pytest.raises(InputError, match=message):
        match().read_step(step)


def test_undo_and_retract_are_the_one_log_retract():
    game = match("squirrels 2", "squirrels 1")
    undone = game.record(game.read_step("undo"))
    assert undone.events[-1] == log.Retract(None) and undone.state().shift == 2
    assert [entry.retracted for entry in undone.history().entries] == [False, False, False, True]
    retracted = game.record(game.read_step("retract 4"))
    assert retracted.state() == undone.state()


def test_a_retract_that_breaks_the_turns_after_it_is_refused_naming_the_move():
    game = match("squirrels 2", "squirrels 1")  # entries 3 (Ana) and 4 (Ben)
    with pytest.raises(InputError, match=r"would leave entry 4 \(squirrels 1 --by Ben\) against the rules: "
                                         r"it is Ana's turn, not Ben's"):
        game.record(game.read_step("retract 3"))


def test_the_loader_lists_every_bad_step_and_keeps_steps_0_1_accepted(store):
    data = {"assistant": "pad/1", "pad": "oh-les-nains", "sides": ["Ana", "Ben"],
            "events": ["gnome red --by Ana", "gnome blue --by Ben", "jump", "pull --by Ana", "squirrels 9"]}
    with pytest.raises(DataError) as caught:
        TugGame.from_mapping(data, "t", None, "rope.yaml")
    assert [p.split(": ")[1] for p in caught.value.problems] == ["events[2]", "events[4]"]
    # 0.1 accepted a pull card naming no colour: such a saved log still loads (and replays the same)
    del data["events"][2], data["events"][-1]
    loaded = TugGame.from_mapping(data, "t", None, "rope.yaml")
    assert loaded.state().log[-1] == "equal strength: nothing moves"


def test_the_state_is_replayed_once_per_game_value():
    game = match("squirrels 2")
    assert game.state() is game.state()
    after = game.record(game.read_step("squirrels 1"))
    assert after.state() == TugGame(*after).state()  # one step on equals a whole replay


def test_tug_commands_refuse_another_kind_of_game(run):
    run("new", "gnom-street", "--opponents", "red,blue")
    result = run("tug", "squirrels", "2")
    assert result.exit_code == 2
    assert result.stderr.startswith("error: game gnom-street-1 is not a Oh ! les Nains match (assistant tug new)")


# -- what the rules forbid (issue 16, "The rope") ----------------------------------------------


def rope(run, *moves):
    """A CLI match, Ana against Ben with the counters, both first gnomes placed, then ``moves``."""
    run("tug", "new", "--sides", "Ana,Ben", "--counters")
    run("tug", "gnome", "red", "--by", "Ana")
    run("tug", "gnome", "blue", "--by", "Ben")
    for move in moves:
        assert run("tug", *move.split()).exit_code == 0, move


def refusal(run, home, *words) -> str:
    before = game_file(home, "oh-les-nains-1")
    result = run("tug", *words)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
    assert game_file(home, "oh-les-nains-1") == before
    return result.stderr


def test_a_pull_card_without_a_colour_is_refused(run, home):
    """FR: "Tout nain d'une couleur présente sur la carte et associée à la valeur « 0 » vaut 0 point": a pull
    card always shows a colour worth 0 or 2."""
    rope(run)
    assert refusal(run, home, "pull") == ("error: a pull card names at least one colour: pull --zero COLOURS "
                                          "and/or --two COLOURS (a multicolour hat: the colour chosen)\n")


def test_a_colour_option_without_colours_is_refused(run, home):
    rope(run)
    assert refusal(run, home, "pull", "--two", ",,,") == ("error: --two needs colours, e.g. --two green,blue "
                                                          "(got ',,,')\n")


def test_a_colour_option_given_twice_keeps_both(run):
    """FR: "les nains JAUNES ET ROUGES valent 2 points": a card may name two colours."""
    rope(run, "gnome yellow")  # Ana: red, yellow; Ben: blue (and pulled 2)
    result = run("tug", "pull", "--zero", "red", "--zero", "blue")  # Ben plays: Ana 0 + 1, Ben 0
    assert result.exit_code == 0 and "pull: Ana 1, Ben 0" in result.stdout
    assert run("history").stdout.splitlines()[-1] == "  4. pull --zero red,blue --by Ben"
    assert match().read_step("pull --two red --two blue,yellow") == Pull("Ana", (), ("red", "blue", "yellow"))


def test_a_sur_contre_of_the_wrong_colour_names_the_colour_it_must_match(run, home):
    """FR: "lorsque votre adversaire vient de vous contrer et que vous possédez une carte permettant de
    rajouter un nain de même couleur (ou un nain multicolore), vous pouvez la jouer"."""
    rope(run, "gnome green", "contre green")  # Ana adds green; Ben counters it
    assert refusal(run, home, "sur-contre", "red") == ("error: sur-contre answers Ben's contre on green: it takes "
                                                       "a green card or a multicolour one (got red)\n")
    assert refusal(run, home, "sur-contre", "multi", "red").endswith("(got multi red)\n")
    assert run("tug", "sur-contre", "multi").exit_code == 0  # the multicolour card takes the countered colour


def test_the_loser_of_a_round_starts_the_next_and_the_status_says_so():
    """FR: "C'est toujours le perdant de la manche précédente qui commence." """
    game = match("squirrels 3", "exchange", "squirrels 3", "exchange")  # Ben's gnome hits the fence
    assert game.status() == ["round 2: Ana 1 - 0 Ben",
                             "Ben lost round 1, so Ben starts round 2 (the loser starts; to choose another: "
                             "starts NAME)",
                             "to place a first gnome: Ana and Ben"]
    teams = match("squirrels 3", "exchange", "squirrels 3",  # two gnomes a side: the front one is 7 away
                  sides=("Ana+Cleo", "Ben+Dan"), setup=("red", "blue", "yellow", "green"))
    assert teams.status()[1].startswith("Ben+Dan lost round 1, so Ben starts round 2")


def test_who_starts_a_round_can_be_chosen_before_its_first_card(run, home):
    rope(run, "squirrels 3", "exchange", "squirrels 3", "exchange")  # Ana wins round 1: Ben starts
    assert "Ben lost round 1, so Ben starts round 2" in run("tug", "show").stdout
    result = run("tug", "starts", "Ana")
    assert result.exit_code == 0 and "Ana starts round 2 (chosen)" in result.stdout
    run("tug", "gnome", "red", "--by", "Ana")
    run("tug", "gnome", "blue", "--by", "Ben")
    assert run("tug", "show").stdout.splitlines()[-1] == "Ana plays"
    run("tug", "squirrels", "1")
    assert refusal(run, home, "starts", "Ben") == ("error: round 2 has started: who starts is chosen before "
                                                   "its first card\n")


@pytest.mark.parametrize("form", PLAYED.forms(), ids=lambda form: form.verb)
def test_every_form_offers_values_its_reader_accepts(form):
    """For every step: the slot after the verb is the form's first, and the first value offered in each
    slot makes a step that reads, and reads back from its own words."""
    slots = form.positional_slots(PLAYED, [])
    assert grammar.expect(PLAYED, [form.verb]).name == (slots[0] if slots else "end")
    words = [form.verb] + [PLAYED.values(slot)[0] for slot in slots]
    event = PLAYED.read_step(" ".join(words))
    assert PLAYED.read_step(PLAYED.step(event)) == event


def test_the_french_move_words_work_at_the_command_line(run):
    """README: French words work too: nain rouge, tirer --deux vert, ecureuils 2, echange, annuler."""
    run("tug", "new", "--sides", "Ana,Ben")
    for words in (["nain", "rouge", "--by", "Ana"], ["nain", "bleu", "--by", "Ben"], ["tirer", "--deux", "vert"],
                  ["ecureuils", "2"], ["echange"]):
        result = run("tug", *words)
        assert result.exit_code == 0, (words, result.output)
    assert run("annuler").exit_code == 0


# -- issue 23: the colours without colour, the JSON, the path's length ----------------------------


def played(run, *moves, new=("--sides", "Ana,Ben")):
    assert run("tug", "new", *new).exit_code == 0
    for move in ("gnome red --by Ana", "gnome blue --by Ben", *moves):
        assert run("tug", *move.split()).exit_code == 0, move


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_four_colours_have_four_letters_in_each_language(lang):
    """A Tirer card names colours ("les nains JAUNES ET ROUGES valent 2 points"): each side's colours
    must be read from the picture, so each colour has a letter of its own."""
    with i18n.speaking(lang):
        letters = [letter(colour) for colour in COLOURS]
    assert len(set(letters)) == 4 and all(len(x) == 1 and x.isupper() for x in letters)
    assert "·" not in letters and "║" not in letters


def test_each_gnome_shows_its_colour_as_a_letter_without_colour(run, monkeypatch):
    """NO_COLOR or a pipe: the colours each side holds are still read from the letters and the legend."""
    monkeypatch.setenv("NO_COLOR", "1")
    played(run, "gnome yellow", "gnome multi green")
    lines = run("tug", "show").stdout.splitlines()
    assert lines[0] == "Ana  R  Y  ·  ·  ·  ·  ·  · ║ ·  ·  ·  ·  ·  ·  G  B  Ben"
    assert lines[1] == "gnomes: R red, B blue, Y yellow, G green; · a free flagstone; ║ the fence"
    french = run("--lang", "fr", "tug", "show").stdout.splitlines()
    assert french[0] == "Ana  R  J  ·  ·  ·  ·  ·  · ║ ·  ·  ·  ·  ·  ·  V  B  Ben"
    assert french[1] == "nains : R rouge, B bleu, J jaune, V vert ; · une dalle libre ; ║ la barrière"


def test_the_svg_picture_has_the_letters_and_the_legend(run, tmp_path):
    played(run, "gnome yellow")
    picture = tmp_path / "rope.svg"
    assert run("tug", "show", "--svg", str(picture)).exit_code == 0
    svg = picture.read_text(encoding="utf-8")
    for gnome in ("R", "Y", "B"):  # each gnome a text of its own: its letter between two spaces
        assert f">&#160;{gnome}&#160;</text>" in svg
    assert "gnomes:" in svg.replace("&#160;", " ") and "yellow" in svg


def test_tug_show_json(run):
    played(run, "gnome yellow")
    shown = json.loads(run("tug", "show", "--json").stdout)
    assert shown["lines"] == {"Ana": ["red", "yellow"], "Ben": ["blue"]}
    assert shown["hose"] == {"moved": 2, "towards": "Ben"} and shown["front"] == {"Ana": 5, "Ben": 10}
    assert (shown["flagstones"], shown["flagstones_verified"]) == (16, False)
    assert (shown["round"], shown["rounds"], shown["plays"], shown["winner"]) == (1, {"Ana": 0, "Ben": 0}, "Ben", None)
    assert run("--lang", "fr", "tug", "show", "--json").stdout.count('"red"') == 1  # the data stays English


def test_the_inferred_path_is_flagged_at_tug_new(run):
    """FACTS.md: "The path is 16 flagstones long, 8 on each side" (16: one source; 8 a side: inferred)."""
    told = run("tug", "new", "--sides", "Ana,Ben")
    assert told.stderr == ("notice: the path of 16 flagstones (8 a side) is unverified: from public sources, check "
                           "your box; if yours differs: assistant tug new --flagstones N\n")
    counted = run("tug", "new", "--sides", "Ana,Ben", "--dalles", "12", "--name", "counted")
    assert counted.exit_code == 0 and counted.stderr == ""


def test_a_path_of_another_length(run, home):
    played(run, new=("--sides", "Ana,Ben", "--flagstones", "10"))
    assert "flagstones: 10\n" in game_file(home, "oh-les-nains-1").decode()
    assert json.loads(run("tug", "show", "--json").stdout)["front"] == {"Ana": 5, "Ben": 5}
    for move in ("squirrels 3", "exchange", "squirrels 3"):  # Ana pulls 3 + 1 + 3: past Ben's 5 flagstones
        assert run("tug", *move.split()).exit_code == 0, move
    assert json.loads(run("tug", "show", "--json").stdout)["rounds"] == {"Ana": 1, "Ben": 0}  # on 16: 8 - 7 = 1


@pytest.mark.parametrize("count,message", [
    ("15", "the fence stands in the middle of the path: an even number of flagstones (got 15)"),
    ("2", "expected the number of flagstones of the path, an even number, 4 to 60 (got 2)"),
    ("many", "expected the number of flagstones of the path, an even number (got 'many')")])
def test_a_path_the_tool_cannot_lay_is_refused(run, count, message):
    refused = run("tug", "new", "--sides", "Ana,Ben", "--flagstones", count)
    assert refused.exit_code == 2 and refused.stderr == f"error: {message}\n"


def test_older_matches_load_with_16_flagstones(store):
    """A match saved before --flagstones has no count: it was played on 16, and still is."""
    data = {"assistant": "pad/1", "pad": "oh-les-nains", "sides": ["Ana", "Ben"],
            "events": ["gnome red --by Ana", "gnome blue --by Ben", "squirrels 3 --by Ana"]}
    old = TugGame.from_mapping(data, "old", None, "old.yaml")
    assert old.path == 16 and old.flagstones is None and "flagstones" not in old.to_mapping()
    assert old.state().front(1) == 8 - 3
    with pytest.raises(DataError, match="flagstones: expected an even number"):
        TugGame.from_mapping({**data, "flagstones": "ten"}, "bad", None, "bad.yaml")


def test_a_match_won_two_nil_keeps_its_final_rope_and_says_no_next_round(run):
    """FR: "Le camp dont le premier nain est fauché par la clôture perd la manche. Le jeu se déroule en deux
    manches gagnantes.": once a side has won two rounds no round follows; the rope stays as it ended."""
    run("tug", "new", "--sides", "Ana,Ben")
    for round_ in (1, 2):
        run("tug", "gnome", "red", "--by", "Ana" if round_ == 1 else "Ben")
        run("tug", "gnome", "blue", "--by", "Ben" if round_ == 1 else "Ana")
        while True:
            shown = json.loads(run("tug", "show", "--json").stdout)
            if shown["rounds"]["Ana"] == round_:
                break
            if shown["plays"] == "Ana":
                run("tug", "squirrels", "3")
            else:
                run("tug", "exchange")
    shown = json.loads(run("tug", "show", "--json").stdout)
    assert shown["rounds"] == {"Ana": 2, "Ben": 0} and shown["winner"] == "Ana"
    assert shown["finished"] and shown["next_round"] is None and shown["round"] == 2
    assert shown["to_place"] == [] and shown["plays"] is None
    assert shown["lines"]["Ana"] and shown["lines"]["Ben"]  # the final rope, not an empty one
    text = run("tug", "show").stdout
    assert "match won 2\u20130 by Ana" in text and "final: Ana 2 - 0 Ben" in text
