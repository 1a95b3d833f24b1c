"""Game files written by version 0.1 keep loading, with the same candidates, odds, scores and history.

The files in tests/fixtures/saved-0.1 were written by the 0.1 command line
(``make.sh`` there is the exact session); ``expected.json`` holds what 0.1
showed for each. A later version may add to what a game can hold, never
change what an old log means. One change of display only: 0.1 listed a score
pad's undo as an entry of its own, where now (as for the sheets) the entry it
took back is shown retracted, so that history's numbers are retract's; the
pads' expected histories say it that way.
"""

import json
import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures" / "saved-0.1"
EXPECTED = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))


@pytest.fixture
def saved(home):
    games = home / "games"
    games.mkdir(parents=True)
    for path in FIXTURES.glob("*.yaml"):
        shutil.copy(path, games / path.name)
    return home


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_game_saved_by_0_1_loads_with_the_same_history(saved, run, name):
    result = run("history", "-g", name)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == EXPECTED[name]["history"]


@pytest.mark.parametrize("name", sorted(n for n, e in EXPECTED.items() if "candidates" in e))
def test_a_deduction_game_saved_by_0_1_gives_the_same_candidates_and_odds(saved, run, name):
    result = run("candidates", "--json", "--odds", "-g", name)
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["candidates"] == EXPECTED[name]["candidates"]
    odds = {item: {cell: round(p, 6) for cell, p in cells.items()} for item, cells in shown["odds"].items()}
    assert odds == EXPECTED[name]["odds"]


@pytest.mark.parametrize("name", sorted(n for n, e in EXPECTED.items() if "totals" in e))
def test_a_score_pad_saved_by_0_1_gives_the_same_scores(saved, store, name):
    pad = store.load(name)
    assert pad.totals() == EXPECTED[name]["totals"]
    assert pad.status() == EXPECTED[name]["status"]
    if "deals" in EXPECTED[name]:
        assert [[row.title, row.points] for row in pad.rows() if row.points is not None] == EXPECTED[name]["deals"]


def test_loading_leaves_the_saved_files_byte_for_byte_unchanged(saved, run):
    before = {p.name: p.read_bytes() for p in (saved / "games").glob("*.yaml")}
    for name in EXPECTED:
        run("history", "-g", name)
    assert {p.name: p.read_bytes() for p in (saved / "games").glob("*.yaml")} == before


def test_a_board_corrected_after_a_clue_leaves_the_game_readable(run, home):
    """A correction from the box (board set) never makes an evening's log unreadable."""
    run("new", "gnom-street", "--opponents", "red", "--mine", "C2")
    assert run("clue", "flower", "A1", "yes", "--colour", "blue").exit_code == 0
    assert run("clue", "area", "A3", "no").exit_code == 0
    assert run("board", "set", "gnom-street", "A1", "flowers=red,white").exit_code == 0
    assert run("board", "set", "gnom-street", "A3", "pond=yes").exit_code == 0
    for command in (["candidates"], ["history"], ["undo"], ["retract", "1"], ["export"]):
        result = run(*command)
        assert result.exit_code == 0, (command, result.output)
    refused = run("clue", "flower", "A1", "yes", "--colour", "blue")  # asked now, the box's rule applies
    assert refused.exit_code == 2 and "A1 shows red and white flowers, not blue" in refused.stderr


def test_a_city_game_of_0_1_with_a_garden_question_still_loads(run, home):
    """0.1 heard every clue kind on every board: such a log still loads, new such clues are refused."""
    games = home / "games"
    games.mkdir(parents=True)
    (games / "old.yaml").write_text("assistant: game/1\nboard: new-york\nevents:\n- clue area A1 yes\n",
                                    encoding="utf-8")
    assert run("candidates", "-g", "old").stdout == "thief: A1 A2 B1 B2\n"
    assert run("clue", "area", "A1", "yes", "-g", "old").exit_code == 2


def test_a_game_saved_before_games_had_ids_gets_one_when_first_served_and_loads_as_before(saved, run, store):
    """Issue 34: a phone's link is bound to the game's own id; a game of an earlier version has none
    until it is first served, and getting one changes nothing of its file nor of how it loads."""
    from assistant.faces.web import serve

    before = {p.name: p.read_bytes() for p in (saved / "games").glob("*.yaml")}
    names = sorted(EXPECTED)
    links = serve.make_links(store, names)
    ids = {name: store.game_id(name) for name in names}
    assert len(set(ids.values())) == len(names) and {link.game for link in links} == set(ids.values())
    assert serve.make_links(store, names, keep=True)[0].token == links[0].token  # the same id at the next start
    assert {p.name: p.read_bytes() for p in (saved / "games").glob("*.yaml")} == before
    for name in names:
        result = run("history", "-g", name)
        assert result.exit_code == 0 and result.stdout.splitlines() == EXPECTED[name]["history"]


def test_a_pad_saved_with_the_red_11_taken_after_its_trick_loads_as_before(run, home, store):
    """Issue 33: the red 11's take is also taken before the first trick now (with --by, who takes); a pad saved
    with the only form there was, after its own trick and without --by, loads with the same history and scores,
    and its file is not rewritten."""
    games = home / "games"
    games.mkdir(parents=True)
    steps = ["deal 7A --special red-11-swap", "trick Ben: Ar 2r 3r", "trick Ben: Qg 6g 9g", "trick Ben: 10r 6r 11r",
             "take Cleo 8b Jg --back 10g,5b", "trick Ana: Ab 3b 2b"]
    text = "assistant: pad/1\npad: roi-des-nains\nplayers: [Ana, Ben, Cleo]\nevents:\n" + \
        "".join(f"- '{step}'\n" for step in steps)
    (games / "old.yaml").write_text(text, encoding="utf-8")
    assert run("history", "-g", "old").stdout.splitlines()[4] == "  5. take Cleo 8b Jg --back 10g,5b"
    pad = store.load("old")
    assert pad.deals()[-1].deal.moves[0][0] == 3 and pad.deals()[-1].deal.moves[0][1].by is None
    assert pad.status()[-2] == "deal 1: 4 of 13 tricks; Ana leads next"
    assert (games / "old.yaml").read_text(encoding="utf-8") == text


def test_a_garden_saved_with_an_accusation_loads_as_heard(run, home):
    """Issue 34: the garden no longer takes an accusation (its rules have none); a garden saved with one loads as
    it was heard, and history says the step is not the garden's."""
    games = home / "games"
    games.mkdir(parents=True)
    text = ("assistant: game/1\nboard: gnom-street\nopponents: [red, blue]\nmine: C2\n"
            "events:\n- accuse D1 right --opponent red\n")
    (games / "old.yaml").write_text(text, encoding="utf-8")
    assert run("candidates", "--json", "-g", "old").stdout.count('"D1"') == 1
    assert run("history", "-g", "old").stdout == \
        "  1. accuse D1 right --opponent red (an accusation, a step gnom-street's rules do not have: loaded as heard)\n"
    assert (games / "old.yaml").read_text(encoding="utf-8") == text
