"""The one log: numbering, undo and retract in one linear pass, and the state computed once per command."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.engine import log, sheet
from assistant.engine.errors import InputError
from assistant.engine.log import Entry, Retract, replay


def test_undo_takes_back_the_latest_entry_still_standing():
    history = replay(["a", "b", Retract(None), "c", Retract(1), Retract(None)])
    assert [(e.event, e.retracted) for e in history.entries] == [("a", True), ("b", True), ("c", True)]
    assert history.taken_back == Entry(3, "c", True)


def test_a_retract_without_its_entry_is_refused():
    with pytest.raises(InputError, match="nothing to undo"):
        replay([Retract(None)])
    with pytest.raises(InputError, match="no entry 2: entry numbers are 1-1"):
        replay(["a", Retract(2)])
    with pytest.raises(InputError, match="entry 1 was already taken back"):
        replay(["a", Retract(1), Retract(1)])


@given(st.lists(st.one_of(st.just("clue"), st.just(Retract(None)), st.builds(Retract, st.integers(1, 30))),
                max_size=60))
def test_replay_agrees_with_taking_entries_back_one_by_one(events):
    """The linear replay equals the plain definition: undo takes the latest standing entry back."""
    entries: list[list] = []
    expected_ok = True
    for event in events:
        if isinstance(event, Retract):
            standing = [e for e in entries if not e[1]]
            if event.number is None:
                if not standing:
                    expected_ok = False
                    break
                standing[-1][1] = True
            elif not 1 <= event.number <= len(entries) or entries[event.number - 1][1]:
                expected_ok = False
                break
            else:
                entries[event.number - 1][1] = True
        else:
            entries.append([event, False])
    if not expected_ok:
        with pytest.raises(InputError):
            replay(events)
        return
    assert [e.retracted for e in replay(events).entries] == [r for _, r in entries]


def test_a_clue_solves_the_sheet_a_fixed_number_of_times_whatever_the_log(run, monkeypatch):
    """The state after the log is computed once per command: one clue on a 3-opponent game."""
    run("new", "gnom-street", "--opponents", "red,blue,yellow")
    for cell in ("A1", "C1", "F1", "A3", "C3", "F3"):
        run("clue", "area", cell, "no", "-o", "red")
    calls = []
    original = sheet.solve
    monkeypatch.setattr(sheet, "solve", lambda *args: calls.append(1) or original(*args))
    assert run("clue", "line-of-sight", "D3", "yes", "-o", "blue").exit_code == 0
    assert len(calls) == 2  # the sheet of the log, then with the new clue


def test_the_one_loader_lists_every_bad_step(garden):
    from assistant.engine.errors import DataError
    from assistant.games.deduction import DeductionGame

    data = {"assistant": "game/1", "board": "gnom-street", "opponents": ["red"],
            "events": ["clue area A1 yes", "retract 7", "clue zonee B3 no", 12, "undo"]}
    with pytest.raises(DataError) as error:
        DeductionGame.from_mapping(data, "g", lambda name: garden, "games/g.yaml")
    assert error.value.problems == [
        "games/g.yaml: events[1]: no entry 7: entry numbers are 1-1 (see the history)",
        "games/g.yaml: events[2]: unknown clue kind 'zonee': expected one of area, line-of-sight, flower, north-of, "
        "south-of, east-of, west-of, row, column, at, in, near, next-to, within, has",
        "games/g.yaml: events[3]: expected the words of a step (got 12)",
    ]


def test_loading_a_log_of_undos_is_linear_in_its_length(store, monkeypatch):
    """Issue 17: 2,000 clue/undo pairs load replaying each step once (0.1 replayed the log at every undo)."""
    games = store.home / "games"
    games.mkdir(parents=True)
    steps = ["- clue area A1 yes" if i % 2 == 0 else "- undo" for i in range(4000)]
    (games / "big.yaml").write_text("assistant: game/1\nboard: gnom-street\nopponents: [red]\nevents:\n"
                                    + "\n".join(steps) + "\n", encoding="utf-8")
    added = []
    original = log.Restoring.add
    monkeypatch.setattr(log.Restoring, "add", lambda self, event: added.append(1) or original(self, event))
    game = store.load("big")
    assert len(game.history().entries) == 2000 and all(e.retracted for e in game.history().entries)
    assert len(added) == 4000
