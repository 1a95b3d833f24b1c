"""The linked sheets of a table in the store (``store.spreading``): an entry spread to each sheet that learns it,
each in its own log under its own lock, with ids that make a retry record once, an intent that makes a crash
complete at the next start, undo taking back every copy, a refusal that blocks nobody."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest
from conftest import folder_snapshot
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule
from tabled import GARDEN, Killed, killed_writing, recording, sheet_name, sit, steps

from assistant.engine.errors import AssistantError
from assistant.store import files, spreading
from assistant.store.folder import Repeated, Store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def table(store):
    sit(store)
    return store


def intents(home: Path) -> list[Path]:
    return sorted((home / "tables").glob(".spreading-*.json"))


def test_an_entry_reaches_each_sheet_in_its_own_log_and_a_doubled_entry_records_once(table, home):
    spread = spreading.spread(table, "lea", recording("clue area C3 Chloé=yes --aloud"), "tap-00000001")
    assert [(each.player, each.step) for each in spread.reached] == [
        ("Chloé", "asked area C3 yes --by Léa --aloud"), ("Ben", "clue area C3 Chloé=yes --by Léa --aloud")]
    assert spread.lines() == []
    before = folder_snapshot(home)
    with pytest.raises(Repeated):  # the same tap again (a retry): nothing anywhere changes
        spreading.spread(Store(home), "lea", recording("clue area C3 Chloé=yes --aloud"), "tap-00000001")
    assert {path: data for path, data in folder_snapshot(home).items() if ".lock" not in path.name} == \
        {path: data for path, data in before.items() if ".lock" not in path.name}
    for player, step in (("Léa", "clue area C3 Chloé=yes --aloud"), ("Chloé", "asked area C3 yes --by Léa --aloud"),
                         ("Ben", "clue area C3 Chloé=yes --by Léa --aloud")):
        assert steps(Store(home), player) == [(step, False)]
    assert intents(home) == []


def test_an_entry_of_a_sheet_at_no_table_is_recorded_as_ever(store, run):
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2", "--name", "alone").exit_code == 0
    spread = spreading.spread(store, "alone", recording("clue area F3 red=no"))
    assert spread.reached == () and [store.load("alone").step(e) for e in spread.game.events] == ["clue area F3 no"]


def test_a_misheard_answer_is_told_to_both_sides_and_the_sheet_asked_holds_the_truth(table):
    spread = spreading.spread(table, "lea", recording("clue area A2 Chloé=yes"), "tap-00000002")
    assert spread.lines() == ["Chloé's sheet answers no: check what you heard"]
    (chloe,) = spread.reached
    assert chloe.told["en"] == "Léa recorded yes to area A2, and your loot answers no: check what was heard"
    assert steps(table, "Chloé") == [("asked area A2 no --by Léa", False)]


def test_undo_of_an_entry_that_reached_other_sheets_takes_back_each_copy_once(table, home):
    spreading.spread(table, "lea", recording("clue area C3 Chloé=yes --aloud"), "tap-00000003")
    spreading.spread(table, "chloe", recording("miniature me F1"), "tap-00000004")  # another entry, on another phone
    undone = spreading.spread(table, "lea", recording("retract 1"), "undo-of-1")
    assert [(each.player, each.step) for each in undone.reached] == [("Chloé", "retract 1"), ("Ben", "retract 1")]
    with pytest.raises(Repeated):  # the same Undo again (a double tap)
        spreading.spread(Store(home), "lea", recording("retract 1"), "undo-of-1")
    assert steps(table, "Chloé") == [("asked area C3 yes --by Léa --aloud", True), ("miniature me F1", False)]
    assert steps(table, "Ben") == [("clue area C3 Chloé=yes --by Léa --aloud", True), ("miniature Chloé F1", False)]
    # an Undo of a copy on its own sheet takes back that copy alone
    again = spreading.spread(table, "ben", recording("undo"))
    assert again.reached == () or all(each.step.startswith("retract") for each in again.reached)
    assert steps(table, "Chloé")[-1] == ("miniature me F1", True) or steps(table, "Ben")[-1] == \
        ("miniature Chloé F1", True)


def test_a_sheet_that_refuses_its_copy_never_blocks_the_others_and_says_why(table):
    table.update("ben", recording("cat F1"))  # on Ben's sheet alone: the cat stands on F1 there
    spread = spreading.spread(table, "lea", recording("miniature me F1"), "tap-00000005")
    chloe, ben = spread.reached
    assert chloe.refused == "" and ben.refused.startswith("the cat is on F1")
    assert spread.lines() == ["Ben's sheet refused it: " + ben.refused]
    # and Ben's own phone is told, in its own language, whichever the entering phone speaks
    assert ben.told["en"] == "Léa's entry was not recorded on your sheet: " + ben.refused
    assert ben.told["fr"].startswith("l'entrée de Léa n'a pas été notée sur votre feuille\u00a0: le chat est")
    assert chloe.told == {}
    assert steps(table, "Léa") == [("miniature me F1", False)]
    assert steps(table, "Chloé") == [("miniature Léa F1", False)]
    assert steps(table, "Ben") == [("cat F1", False)]


def test_an_entry_reaches_each_players_latest_sheet_of_its_game(table, home):
    from assistant.games.deduction import DeductionGame
    from assistant.store import tables

    # Chloé starts the evening's next garden: her first sheet is done with
    game = DeductionGame.new("chloe-2", table.board("gnom-street"), ["Léa", "Ben"], mine="F3", me="Chloé")
    table.create(game, phone_owner="Chloé")
    table_id = tables.latest_table(table).id
    tables.add_game(table, table_id, tables.TableGame(table.game_id("chloe-2"), "chloe-2", "gnom-street", "Chloé",
                                                      True))
    spread = spreading.spread(table, "lea", recording("miniature me F1"), "tap-00000009")
    assert [(each.player, each.name) for each in spread.reached] == [("Chloé", "chloe-2"), ("Ben", "ben")]
    assert steps(table, "Chloé") == []


def test_an_entry_its_own_sheet_refuses_is_written_nowhere(table, home):
    before = folder_snapshot(home)
    with pytest.raises(AssistantError):
        spreading.spread(table, "lea", recording("miniature me B2"), "tap-00000006")  # a pond
    assert {path for path in folder_snapshot(home) if ".lock" not in path.name} == \
        {path for path in before if ".lock" not in path.name}


def test_a_crash_between_two_sheets_is_completed_at_the_next_start(table, home):
    killed_writing(table, "Léa", "clue area C3 Chloé=yes --aloud", "tap-00000007")
    assert [len(steps(Store(home), player)) for player, unused in GARDEN] == [1, 1, 0]  # whole on each, or absent
    assert len(intents(home)) == 1
    files.notices()
    reached = spreading.finish(Store(home))  # the next start
    assert [(each.player, each.repeat) for each in reached] == [("Chloé", True), ("Ben", False)]
    assert steps(Store(home), "Ben") == [("clue area C3 Chloé=yes --by Léa --aloud", False)]
    assert steps(Store(home), "Chloé") == [("asked area C3 yes --by Léa --aloud", False)]  # once
    assert intents(home) == [] and len(files.notices()) == 1


def test_a_crash_before_the_entry_was_written_leaves_it_nowhere(table, home, monkeypatch):
    monkeypatch.setattr(Store, "_save", lambda *args, **kwargs: (_ for _ in ()).throw(Killed()))
    with pytest.raises(Killed):
        spreading.spread(table, "lea", recording("clue area C3 Chloé=yes --aloud"), "tap-00000008")
    monkeypatch.undo()
    # the intent is removed on the way out; one left by a real kill is dropped at the next start
    spreading._write_intent(table, table.game_id("lea"), "lea", "tap-00000008", [
        {"game": table.game_id("chloe"), "name": "chloe", "player": "Chloé", "entry": "copy-0000000001",
         "step": "asked area C3 yes --by Léa --aloud"}])
    assert spreading.finish(Store(home)) == []
    assert [steps(Store(home), player) for player, unused in GARDEN] == [[], [], []] and intents(home) == []


def test_an_intent_keeps_the_line_for_the_sheet_asked_in_every_language_and_one_in_a_single_string_is_read(
        table, home):
    import json

    # Ben's loot is A1: to "area F3" he answers no, whatever Léa heard
    killed_writing(table, "Léa", "clue area F3 Ben=yes", "tap-00000009")
    (path,) = intents(home)
    kept = json.loads(path.read_text())
    (copy,) = kept["copies"]
    assert copy["told"]["fr"].startswith("Léa a noté oui à zone F3") and copy["differs"].startswith("Ben's sheet")
    copy["told"] = "Léa recorded yes to area F3, and your loot answers no: check what was heard"  # one language
    path.write_text(json.dumps(kept))
    (ben,) = spreading.finish(Store(home))
    assert dict(ben.told) == {"en": copy["told"], "fr": copy["told"]}
    assert steps(Store(home), "Ben") == [("asked area F3 no --by Léa", False)] and intents(home) == []


def test_a_damaged_intent_is_dropped_and_touches_no_sheet(table, home):
    (home / "tables" / ".spreading-AAAAAAAAAAAAAAAAAAAAAA.json").write_text('{"assistant": "spreading/1", "copies": 3}')
    assert spreading.finish(Store(home)) == [] and intents(home) == []


SPREADER = """
import sys
from pathlib import Path
from assistant.store import spreading
from assistant.store.folder import Store
store = Store(Path(sys.argv[1]))  # a new start: it completes what a kill left half spread
while True:
    game = store.load("lea")
    standing = game.history().standing
    line = "undo" if standing else "clue area C3 Chloé=yes --aloud"
    spreading.spread(store, "lea", lambda g: g.record(g.read_step(line)), f"tap-{len(game.events):08d}")
    print("spread", flush=True)
"""


@pytest.mark.parametrize("kills", [pytest.param(12, id="quick"), pytest.param(200, id="full", marks=pytest.mark.full)])
def test_killing_a_spreading_at_any_moment_leaves_each_sheet_whole_and_the_next_start_completes_it(kills, table,
                                                                                                     home):
    """A spreader killed at a random moment: each sheet then holds an entry whole or not at all, and after the
    next start every sheet holds exactly what the asker's sheet holds, each copy once."""
    chooser = Random(50)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    asked = {"clue area C3 Chloé=yes --aloud": "asked area C3 yes --by Léa --aloud"}
    heard = {"clue area C3 Chloé=yes --aloud": "clue area C3 Chloé=yes --by Léa --aloud"}
    for _ in range(kills):
        spreader = subprocess.Popen([sys.executable, "-c", SPREADER, str(home)], stdout=subprocess.PIPE, env=env)
        assert spreader.stdout.readline() == b"spread\n"  # started for real, however slow the machine
        try:
            spreader.wait(timeout=chooser.uniform(0.0, 0.05))
        except subprocess.TimeoutExpired:
            pass
        os.kill(spreader.pid, signal.SIGKILL)
        spreader.wait()
        spreader.stdout.close()
        after = Store(home)
        spreading.finish(after)  # the next start
        files.notices()
        lea = steps(after, "Léa")
        assert steps(after, "Chloé") == [(asked.get(step, step), back) for step, back in lea]
        assert steps(after, "Ben") == [(heard.get(step, step), back) for step, back in lea]
        assert intents(home) == []


# -- every sheet reloads to the same state, whatever is entered where -----------------------------------------

CELLS = ("A1", "A2", "A3", "B1", "B3", "C1", "C2", "C3", "D1", "D2", "D3", "E1", "E3", "F1", "F2", "F3")
PLAYERS = [name for name, unused in GARDEN]


class Table(RuleBasedStateMachine):
    """Three phones entering questions, answers and undos at random: after each, every sheet read again by a new
    start is the sheet as spread, no intent is left, and each copy stands on its sheet exactly while the entry
    it copies stands on its own."""

    def __init__(self) -> None:
        super().__init__()
        import tempfile

        self.folder = Path(tempfile.mkdtemp())
        self.store = Store(self.folder)
        sit(self.store)
        self.ids = {player: self.store.game_id(sheet_name(player)) for player in PLAYERS}
        self.spread: list[tuple[str, str]] = []  # (player, entry id) of every entry spread
        self.count = 0

    def enter(self, player: str, line: str) -> None:
        self.count += 1
        entry = f"tap-{self.count:08d}"
        try:
            spreading.spread(self.store, sheet_name(player), recording(line), entry)
        except AssistantError:
            return
        self.spread.append((player, entry))

    @rule(player=st.sampled_from(PLAYERS), other=st.sampled_from(PLAYERS), cell=st.sampled_from(CELLS),
          answer=st.booleans(), aloud=st.booleans())
    def question(self, player, other, cell, answer, aloud):
        if other != player:
            self.enter(player, f"clue area {cell} {other}={'yes' if answer else 'no'}{' --aloud' if aloud else ''}")

    @rule(player=st.sampled_from(PLAYERS), other=st.sampled_from(PLAYERS), cell=st.sampled_from(CELLS),
          aloud=st.booleans())
    def question_put_to_me(self, player, other, cell, aloud):
        if other != player:
            self.enter(player, f"asked line-of-sight {cell} --by {other}{' --aloud' if aloud else ''}")

    @rule(player=st.sampled_from(PLAYERS))
    def undo(self, player):
        self.enter(player, "undo")

    @invariant()
    def every_sheet_reloads_to_the_same_state(self):
        fresh = Store(self.folder)
        for player in PLAYERS:
            name = sheet_name(player)
            assert fresh.load(name).to_mapping() == self.store.load(name).to_mapping()
        assert intents(self.folder) == []

    @invariant()
    def each_copy_stands_while_its_entry_stands(self):
        standing = {}
        for player in PLAYERS:
            game, ids = self.store.load(sheet_name(player)), self.store.entry_ids(sheet_name(player))
            numbers = {spreading._number_at(game.events, at): each for each, at in ids.items()}
            standing[player] = {numbers[entry.number] for entry in game.history().standing if entry.number in numbers}
            standing[player, "held"] = set(ids)
        for player, entry in self.spread:
            if entry not in standing[player, "held"]:
                continue  # an undo: its own id names no entry of the history
            for other in PLAYERS:
                copy = spreading.copy_id(entry, self.ids[other])
                if copy in standing[other, "held"]:
                    assert copy not in standing[other] or entry in standing[player], (player, entry, other)


TestTable = Table.TestCase
TestTable.settings = settings(max_examples=15, stateful_step_count=12, deadline=None,
                              suppress_health_check=[HealthCheck.too_slow])
