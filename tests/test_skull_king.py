"""The tests' own score pad, Skull King, added as the manual's "Adding a game" says: its package and its
translations alone (tests/skull_king). The conformance suite plays it through every face; here, its rules
(each quoted from the pad's own rule text) and its commands as a table types them, in both languages."""

from __future__ import annotations

import pytest
import skull_king
from conftest import folder_snapshot
from skull_king.pad import SkullPad, round_points

from assistant.engine import registry
from assistant.engine.errors import AssistantError, InputError


@pytest.fixture
def skull(home):
    skull_king.install()
    yield
    skull_king.uninstall()


def played(*steps: str) -> SkullPad:
    pad = SkullPad.new("s", ["Ana", "Ben", "Cleo"])
    for step in steps:
        pad = pad.record(pad.read_step(step))
    return pad


@pytest.mark.parametrize(("cards", "bid", "won", "points"), [
    (3, 0, 0, 30), (3, 0, 1, -30),  # "a bid of 0 made scores 10 x N, missed -10 x N"
    (5, 2, 2, 40), (5, 2, 4, -20), (5, 2, 1, -10),  # "made exactly scores 20 a trick bid, missed -10 for each trick"
])
def test_a_round_scores_as_the_rules_say(cards, bid, won, points):
    assert round_points(cards, bid, won) == points


def test_round_n_takes_bids_of_0_to_n_and_its_n_tricks_all_won():
    # "round N deals N cards to each player, so its N tricks are all won by someone"
    with pytest.raises(InputError, match="a bid is 0 to 1"):
        played("bid Ana=2 Ben=0 Cleo=0")
    with pytest.raises(InputError, match="round 1 has 1 trick, and 2 are counted"):
        played("bid Ana=1 Ben=0 Cleo=0", "tricks Ana=1 Ben=1 Cleo=0")
    with pytest.raises(InputError, match="missing Cleo"):
        played("bid Ana=1 Ben=0")


def test_after_round_ten_the_highest_total_wins_and_a_tie_is_shared():
    # "after round 10 the highest total wins; players level at the top share the victory"
    steps = []
    for number in range(1, 11):
        steps += [f"bid Ana=0 Ben=0 Cleo={number}", f"tricks Ana=0 Ben=0 Cleo={number}"]
    pad = played(*steps)
    assert pad.outcome().winners == ("Cleo",) and pad.totals()["Cleo"] == sum(20 * n for n in range(1, 11))
    # Ana and Ben end level: (bid Ana, bid Ben, won Ana, won Ben) in each round
    rounds = [(1, 1, 0, 1), (0, 2, 1, 1), (3, 1, 1, 2), (2, 1, 3, 1), (3, 2, 1, 4), (5, 4, 4, 2), (5, 0, 4, 3),
              (2, 4, 0, 8), (2, 6, 4, 5), (4, 6, 9, 1)]
    level = SkullPad.new("t", ["Ana", "Ben"])
    for bid_a, bid_b, won_a, won_b in rounds:
        for step in (f"bid Ana={bid_a} Ben={bid_b}", f"tricks Ana={won_a} Ben={won_b}"):
            level = level.record(level.read_step(step))
    totals = level.totals()
    assert totals["Ana"] == totals["Ben"] and level.outcome().winners == ("Ana", "Ben")
    with pytest.raises(AssistantError, match="the game is finished"):
        pad.record(pad.read_step("bid Ana=0 Ben=0 Cleo=0"))


def test_its_commands_are_built_from_its_declarations_in_both_languages(skull, run, home):
    assert run("skull", "new", "--players", "Ana,Ben,Cleo").exit_code == 0
    assert run("skull", "bid", "Ana=1", "Ben=0", "Cleo=0").exit_code == 0
    said = run("--lang", "fr", "crâne", "plis", "Ana=1", "Ben=0", "Cleo=0")
    assert said.exit_code == 0 and "manche 2 (2 cartes chacun)" in said.output
    assert "+20 = 20" in run("skull", "show").output


def test_a_refusal_is_one_line_in_the_language_spoken_and_changes_nothing(skull, run, home):
    run("skull", "new", "--players", "Ana,Ben,Cleo")
    before = folder_snapshot(home)
    said = run("--lang", "fr", "crâne", "pari", "Ana=1", "Ben=0")
    assert said.exit_code != 0 and said.output.strip().count("\n") == 0
    assert "il manque Cleo" in said.output
    assert folder_snapshot(home) == before


def test_new_with_its_kind_names_its_own_command(skull, run, home):
    before = folder_snapshot(home)
    said = run("new", "skull-king")
    assert said.exit_code == 2 and "assistant skull new --players" in said.output
    assert folder_snapshot(home) == before


def test_registering_it_brings_its_translations_and_unregistering_takes_them_back(home):
    from assistant.engine.i18n import _, speaking

    skull_king.install()
    try:
        with speaking("fr"):
            assert _("bids and tricks") == "paris et plis"
    finally:
        skull_king.uninstall()
    with speaking("fr"):
        assert _("bids and tricks") == "bids and tricks"
    assert skull_king.KIND not in registry.kinds()


def test_its_translations_hold_every_message_it_says_and_its_mo_is_compiled_from_its_po():
    import gettext
    from pathlib import Path

    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import read_po

    folder = Path(skull_king.__file__).parent
    said = {message[2] if isinstance(message[2], str) else message[2][0]
            for message in extract_from_dir(str(folder), keywords={"_": None, "N_": None, "ngettext": (1, 2)})}
    with open(folder / "locale/fr/LC_MESSAGES/assistant.po", "rb") as po:
        catalogue = read_po(po)
    translated = {message.id if isinstance(message.id, str) else message.id[0]: message.string
                  for message in catalogue if message.id}
    assert said == set(translated) and all(translated.values())
    with open(folder / "locale/fr/LC_MESSAGES/assistant.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    assert {key if isinstance(key, str) else key[0] for key in compiled if key} == set(translated)


def test_a_pad_of_penalty_points_declares_that_the_lowest_total_wins():
    # The pad base: once over, "the single highest total wins", or the lowest where the pad sets LOWEST_WINS
    class PenaltySkull(SkullPad):
        LOWEST_WINS = True

    steps = []
    for number in range(1, 11):  # Ana +10 a card, Ben -10 (a trick bid, none won), Cleo +20 a trick
        steps += [f"bid Ana=0 Ben=1 Cleo={number}", f"tricks Ana=0 Ben=0 Cleo={number}"]
    pads = [SkullPad.new("s", ["Ana", "Ben", "Cleo"]), PenaltySkull.new("p", ["Ana", "Ben", "Cleo"])]
    for step in steps:
        pads = [pad.record(pad.read_step(step)) for pad in pads]
    highest, lowest = pads
    assert highest.totals() == lowest.totals() == {"Ana": 550, "Ben": -100, "Cleo": 1100}
    assert highest.winner() == "Cleo" and lowest.winner() == "Ben"
