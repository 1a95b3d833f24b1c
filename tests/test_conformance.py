"""Every registered game through the same checks (OpenSpiel's ``integration_tests/api_test.py``).

The games come from the registry (``playing.every_kind``: ``registry.kinds()`` and the tests' own game
packages), never from a list typed here; the steps from each game's own grammar (``playing``): the words
it offers at each slot, kept when the game records them. Each check runs on every game:

- every step reads back from its saved words (and from its French words) to the same event;
- a random game saved, reloaded without a cache and replayed from its log equals the original;
- undo goes back to the state before the entry; retract takes back the entry it names;
- a finished game refuses every further step with one line, and every face tells the same outcome;
- ``games``, ``stats``, ``export`` and ``import`` list, count and carry the game;
- the table screen and the phones' page take one of its steps;
- its printed page, where it declares one;
- a French refusal of it holds no English word;
- a Hypothesis walk of legal steps, refused lines, exports and imports keeps every accepted step true.

A check that cannot be made for one game yet is marked ``xfail`` in ``BLOCKED``, with what blocks it.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import zlib
from pathlib import Path

import playing
import pytest
from babel.messages.pofile import read_po
from conftest import one_plain_line

from assistant.engine import grammar, i18n, log, registry
from assistant.engine.errors import AssistantError
from assistant.engine.words import split
from assistant.faces.ending import header_line
from assistant.store import yamlfile
from assistant.store.folder import Store

KINDS = playing.every_kind()
WALK = 40  # steps of the random games saved, reloaded, taken back and shown
TO_THE_END = 200  # steps at most to play a game to its end
NAME = "conformance"

# (check, kind) -> what keeps the check from being made on that game today: the test runs, marked xfail
# (strict: once it passes, its entry goes)
BLOCKED: dict[tuple[str, str], str] = {}


@pytest.fixture
def check(request, kind):
    """Marks the test xfail on ``kind`` when ``BLOCKED`` names what keeps its check from being made."""
    def marking(name: str) -> None:
        reason = BLOCKED.get((name, kind))
        if reason is not None:
            request.node.add_marker(pytest.mark.xfail(reason=reason, strict=True))
    return marking


def seed_of(kind: str) -> int:
    """The same random game of ``kind`` on every run and every machine."""
    return zlib.crc32(kind.encode())


@pytest.fixture(params=KINDS)
def kind(request):
    with playing.installed(request.param):
        yield request.param


@pytest.fixture
def started(kind, run, home) -> Store:
    """A game of ``kind`` named NAME, started by its set-up command, in a fresh data folder."""
    words = playing.setup_words(kind, NAME)
    result = run(*words)
    assert result.exit_code == 0, (words, result.stderr)
    return Store(home)


def record(store: Store, lines: list[str]):
    """Each line recorded through the store, as a face records it; the game after the last."""
    for line in lines:
        store.update(NAME, lambda game, line=line: game.record(game.read_step(line)))
    return store.load(NAME)


def reloaded(store: Store):
    """The game as a new process reads it: no parse kept, no cache."""
    yamlfile.forget_parsed()
    shutil.rmtree(store.cache_dir, ignore_errors=True)
    return Store(store.home).load(NAME)


def steps(game) -> list[str]:
    return [game.step(event) for event in game.events]


def shown(game) -> str:
    """The game as a face draws it: the page's live part (its sheets or its pad, its state, its history)."""
    from assistant.faces.web import serve

    return serve.view_html(game)


def state_shown(game) -> dict:
    """What the page shows of the game's state, its history aside (where an entry taken back stays, struck)."""
    from assistant.faces.web import serve

    shown = {part: value for part, value in serve.view(game).items() if part not in ("history", "undo")}
    if shown["pad"]:  # what the table must hear of the latest step is no state
        shown["pad"] = {part: value for part, value in shown["pad"].items() if part != "report"}
    return shown


def same_game(one, other) -> None:
    assert steps(one) == steps(other)
    assert one.history() == other.history()
    assert one.outcome() == other.outcome()
    assert shown(one) == shown(other)


def finished(kind: str, store: Store):
    """A game of ``kind`` played to its end from the store's fresh game, saved under NAME."""
    game, lines = playing.played_to_the_end(store.load(NAME), seed_of(kind), TO_THE_END)
    assert game.outcome().finished, f"not finished after {len(lines)} steps: {lines[-5:]}"
    return record(store, lines)


# -- steps read back -------------------------------------------------------------------------------------


def test_every_step_reads_back_to_its_event_in_both_languages(kind, started):
    """At each state of a random game, one line of every kind of step the game reads: its saved words read
    back to the same event, and so do its words as a French table reads them (``grammar.said``)."""
    game, lines = playing.random_game(started.load(NAME), seed_of(kind), WALK)
    assert lines, "no step recorded"
    rnd = playing.random.Random(seed_of(kind))
    game = started.load(NAME)
    read_forms: set[str] = set()
    for line in [*lines, None]:
        for verb in grammar.expect(game, []).values:
            for tried in playing.steps_of(game, rnd, (verb,)):
                try:
                    event = game.read_step(tried)
                except AssistantError:
                    continue
                read_back(game, event)
                read_forms.add(verb)
                break
        if line is not None:
            game = game.record(game.read_step(line))
    verbs = set(grammar.expect(game, []).values)
    assert {line.split()[0] for line in lines} <= read_forms <= verbs


def read_back(game, event) -> None:
    saved = game.step(event)
    assert game.read_step(saved) == event, saved
    assert game.step(game.read_step(saved)) == saved
    with i18n.speaking("fr"):
        said = grammar.said(game, saved)
        assert game.read_step(said) == event, (saved, said)


# -- saved, reloaded, replayed ---------------------------------------------------------------------------


def test_a_random_game_saved_reloaded_and_replayed_equals_the_original(kind, started):
    game, lines = playing.random_game(started.load(NAME), seed_of(kind), WALK)
    saved = record(started, lines)
    same_game(saved, game)
    again = reloaded(started)
    same_game(again, game)
    data = yamlfile.load(started.game_path(NAME))
    empty = started.empty_game(data, NAME, "conformance")
    replayed = log.load(empty, data["events"], "conformance")
    same_game(replayed, game)


# -- undo and retract ------------------------------------------------------------------------------------


def test_undo_goes_back_to_the_state_before_the_entry(kind, started):
    rnd = playing.random.Random(seed_of(kind))
    game = started.load(NAME)
    undone = 0
    for unused in range(WALK // 2):
        found = playing.recordable(game, rnd)
        if found is None:
            break
        line, event, after = found
        if after.outcome().finished:
            break
        back = after.record(after.read_step("undo"))
        assert back.history().standing == game.history().standing, line
        assert back.outcome() == game.outcome() and state_shown(back) == state_shown(game), line
        undone += 1
        game = after
    assert undone


def test_retract_takes_back_the_entry_it_names(kind, started):
    """Retract N strikes entry N out and leaves the others standing; an entry that later ones stand on (a
    deal its tricks belong to) is refused with one line naming it."""
    game, lines = playing.random_game(started.load(NAME), seed_of(kind), WALK, take_back=False)
    standing = [entry.number for entry in game.history().standing]
    rnd = playing.random.Random(seed_of(kind))
    taken = 0
    for number in rnd.sample(standing, len(standing)):
        try:
            after = game.record(game.read_step(f"retract {number}"))
        except AssistantError as error:
            assert "\n" not in str(error) and str(number) in str(error), str(error)
            continue
        numbers = [entry.number for entry in after.history().standing]
        assert numbers == [each for each in standing if each != number]
        assert [entry for entry in after.history().entries if entry.number == number][0].retracted
        taken += 1
    assert taken


# -- the end of the game ---------------------------------------------------------------------------------


def test_a_finished_game_refuses_every_further_step_with_one_line(kind, started, run, check):
    check("end")
    game = finished(kind, started)
    said = registry.result_said(game.outcome())
    for verb in grammar.expect(game, []).values:
        if verb in playing.TAKE_BACK:
            continue
        why = grammar.expect(game, [verb]).why
        assert why and "\n" not in why and said in why, (verb, why)
    refused = run(*started_words(kind, game, game.step(game.events[-1])))
    assert said in one_plain_line(refused, 1)
    assert reloaded(started).events == game.events


def test_a_finished_game_reloads_exports_and_imports_back(kind, started, run, tmp_path, monkeypatch, check):
    """A game played to its end and saved is the same game read back by a new process, and once exported
    and imported into another data folder."""
    check("end")
    game = finished(kind, started)
    same_game(reloaded(started), game)
    same_game(exported_and_imported(run, tmp_path, monkeypatch), game)


def started_words(kind: str, game, step: str) -> list[str]:
    """A step as the command line takes it: under the game's command word where it has one."""
    group = registry.find(kind).group
    return [*([group] if group else []), *split(step), "--game", NAME]


def test_the_outcome_is_the_same_from_every_face(kind, started, run, check):
    check("end")
    from test_table import drive, table_app

    from assistant.faces.web import serve

    game = finished(kind, started)
    end = game.outcome()
    listed = {each["name"]: each for each in json.loads(run("games", "--json").stdout)}[NAME]
    assert listed["finished"] and listed["winners"] == list(end.winners)
    assert listed["result"] == registry.result_said(end)
    header = header_line(game)
    assert header and registry.result_said(end) in header
    assert registry.result_said(end) in run("games").stdout
    assert html.escape(header, quote=False) in serve.view_html(game)

    async def script(pilot):
        from test_table import screen_text

        assert header in screen_text(pilot.app)

    drive(table_app(started.home), script, size=(160, 40))


# -- the commands about saved games ----------------------------------------------------------------------


def test_games_stats_export_and_import_carry_the_game(kind, started, run, tmp_path, monkeypatch):
    game, lines = playing.random_game(started.load(NAME), seed_of(kind), WALK // 4, take_back=False)
    game = record(started, lines)
    listed = {each["name"]: each for each in json.loads(run("games", "--json").stdout)}[NAME]
    assert listed["kind"] == kind and listed["entries"] == len(game.history().entries)
    stats = json.loads(run("stats", "--json").stdout)
    assert [each["kind"] for each in stats["history"] if each["name"] == NAME] == [kind]
    same_game(exported_and_imported(run, tmp_path, monkeypatch), game)


def exported_and_imported(run, tmp_path, monkeypatch):
    """The game NAME exported, then imported into another data folder: the game read back there."""
    exported = run("export", NAME)
    assert exported.exit_code == 0, exported.stderr
    file = tmp_path / "exported.yaml"
    file.write_text(exported.stdout, encoding="utf-8")
    monkeypatch.setenv("ASSISTANT_HOME", str(tmp_path / "elsewhere"))
    imported = run("import", str(file), "--name", NAME)
    assert imported.exit_code == 0, imported.stderr
    return Store(tmp_path / "elsewhere").load(NAME)


def test_a_game_with_no_entries_exports_a_scenario_that_imports(started, run, tmp_path):
    exported = run("export")
    assert exported.exit_code == 0 and "steps: []\n" in exported.stdout
    scenario = tmp_path / "empty.yaml"
    scenario.write_text(exported.stdout)
    result = run("import", str(scenario), "--name", "again")
    assert result.exit_code == 0, result.stderr
    assert "as game again: 0 events; " in result.stdout
    assert run("export", "again").stdout.splitlines()[1:] == exported.stdout.splitlines()[1:]  # all but the title


# -- the table screen and the phones' page ---------------------------------------------------------------


def one_step(kind: str, store: Store) -> str:
    """A step the fresh game records, as saved."""
    game = store.load(NAME)
    found = playing.recordable(game, playing.random.Random(seed_of(kind)))
    assert found is not None
    return game.step(found[1])


def test_the_table_screen_takes_a_step_and_shows_it_in_the_history(kind, started):
    from test_table import drive, enter, table_app

    step = one_step(kind, started)

    async def script(pilot):
        text = await enter(pilot, step, typed=False)
        assert re.search(rf"\b1\. {re.escape(step.split()[0])}\b", text), text

    drive(table_app(started.home), script, size=(160, 40))
    assert steps(reloaded(started)) == [step]


def test_the_phones_page_shows_the_game_and_takes_a_step(kind, started):
    from test_serve import post, request

    from assistant.faces.web import serve

    step = one_step(kind, started)
    links = serve.make_links(started, [NAME])
    with serve.serving(started, links, watch_seconds=3600) as base:
        status, __, body = request(base, "GET", f"/g/{links[0].token}/")
        assert status == 200 and NAME in body.decode()
        status, __, body = request(base, "GET", f"/g/{links[0].token}/view")
        assert status == 200 and json.loads(body)["html"]
        status, answer = post(base, f"/g/{links[0].token}/step", {"line": step})
        assert status == 200 and f"1. {step.split()[0]}" in answer["said"], answer
    assert steps(reloaded(started)) == [step]


# -- printing --------------------------------------------------------------------------------------------


def test_the_printed_page_it_declares(kind, started, run, tmp_path):
    game_type = registry.find(kind)
    printed = tmp_path / "page.html"
    if not game_type.pad:
        words = ["print", "sheet", "--game", NAME, "--html", str(printed)]
    elif game_type in registry.printed_pads():
        words = ["print", "pad", kind, "--html", str(printed)]
    else:
        pytest.skip("no printed page declared")
    result = run(*words)
    assert result.exit_code == 0, result.stderr
    assert printed.read_text(encoding="utf-8").lstrip().lower().startswith("<!doctype html")


# -- the French catalogue --------------------------------------------------------------------------------


CATALOGUE = Path(__file__).parent.parent / "assistant/locale/fr/LC_MESSAGES/assistant.po"
WORD = re.compile(r"[^\W\d_][\w'-]*")


def english_words() -> set[str]:
    """The words of the catalogue's English messages that none of its French ones holds: a French line
    holding one left something untranslated. Placeholders and options are no words."""
    with CATALOGUE.open("rb") as file:
        catalogue = read_po(file)
    english: set[str] = set()
    french: set[str] = set()
    for message in catalogue:
        if not message.id:
            continue
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            english |= set(WORD.findall(_plain(text).lower()))
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            french |= set(WORD.findall(_plain(text).lower()))
    return english - french


def _plain(text: str) -> str:
    return re.sub(r"\{[^}]*\}|--[\w-]+", " ", text)


def french_refusals(game, rnd) -> list[tuple[str, str]]:
    """(line, refusal) for lines built from the grammar that the game refuses, and the hints of steps it
    cannot take now, in French."""
    found = []
    with i18n.speaking("fr"):
        for verb in grammar.expect(game, []).values:
            why = grammar.expect(game, [verb]).why
            if why:
                found.append((verb, why))
            for line in playing.steps_of(game, rnd, (verb,)):
                try:
                    game.record(game.read_step(line))
                except AssistantError as error:
                    found.append((line, str(error)))
                    break
    return found


def test_a_french_refusal_holds_no_english_word(kind, started, check):
    check("french")
    english = english_words()
    rnd = playing.random.Random(seed_of(kind))
    game, lines = playing.random_game(started.load(NAME), seed_of(kind), WALK // 2, take_back=False)
    refusals = french_refusals(started.load(NAME), rnd) + french_refusals(game, rnd)
    assert refusals
    wrong = []
    for line, refusal in refusals:
        typed = {word.lower() for word in WORD.findall(line)}  # what the player typed may be quoted back
        words = set(WORD.findall(_plain(refusal).lower())) - typed - values_of(game)
        wrong += [(word, refusal) for word in sorted(words & english)]
    assert wrong == []


def values_of(game) -> set[str]:
    """Every value the game offers at a slot of its steps (names, cells, cards): data, not English words."""
    found: set[str] = set()
    for form in game.forms():
        slots = form.slots if not callable(form.slots) else ()
        for slot in (*slots, *(option.slot for option in form.options if option.slot)):
            found |= {value.lower() for value in game.values(slot)}
    return found


# -- a stateful walk of every registered game ------------------------------------------------------------


def walk_of(kind: str, home: Path, run, length: int, examples: int, derandomize: bool) -> None:
    """A Hypothesis walk through a game of ``kind``: legal steps its grammar offers (undo and retract
    among them), lines it refuses, exports and imports. After every accepted step the game reloads to the
    same state, its history is numbered 1, 2, ... with no gap, and it leaves the data folder only through
    the store; a refused line leaves the data folder byte for byte unchanged."""
    from conftest import folder_snapshot
    from hypothesis import HealthCheck, settings
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

    accepted = []  # the steps recorded in every example: the walk plays the game, not only its refusals

    class Walk(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            shutil.rmtree(home, ignore_errors=True)
            result = run(*playing.setup_words(kind, NAME))
            assert result.exit_code == 0, result.stderr
            self.store = Store(home)
            self.game = self.store.load(NAME)

        @rule(seed=st.integers(0, 2**32 - 1), take_back=st.booleans())
        def a_legal_step(self, seed: int, take_back: bool) -> None:
            found = playing.recordable(self.game, playing.random.Random(seed), take_back=take_back, end=True)
            if found is None:  # a finished game, or nothing its grammar offers is recorded now
                return
            line, unused, expected = found
            self.game = self.store.update(NAME, lambda game: game.record(game.read_step(line)))
            assert steps(self.game) == steps(expected)
            accepted.append(line)

        @rule(seed=st.integers(0, 2**32 - 1))
        def a_refused_line(self, seed: int) -> None:
            rnd = playing.random.Random(seed)
            for line in playing.steps_of(self.game, rnd):
                try:
                    self.game.record(self.game.read_step(line))
                except AssistantError:
                    before = folder_snapshot(home)
                    with pytest.raises(AssistantError):
                        self.store.update(NAME, lambda game, line=line: game.record(game.read_step(line)))
                    assert folder_snapshot(home) == before
                    return

        @rule()
        def exported_and_imported(self) -> None:
            exported = run("export", NAME)
            assert exported.exit_code == 0, exported.stderr
            file = home.parent / "walked.yaml"
            file.write_text(exported.stdout, encoding="utf-8")
            elsewhere = home.parent / "elsewhere"  # imported under the same name into another data folder
            shutil.rmtree(elsewhere, ignore_errors=True)
            kept, os.environ["ASSISTANT_HOME"] = os.environ["ASSISTANT_HOME"], str(elsewhere)
            try:
                imported = run("import", str(file), "--name", NAME)
            finally:
                os.environ["ASSISTANT_HOME"] = kept
            assert imported.exit_code == 0, imported.stderr
            same_game(Store(elsewhere).load(NAME), self.game)

        @invariant()
        def reloads_to_the_same_state(self) -> None:
            same_game(reloaded(self.store), self.game)
            numbers = [entry.number for entry in self.game.history().entries]
            assert numbers == list(range(1, len(numbers) + 1))

    run_state_machine_as_test(Walk, settings=settings(
        max_examples=examples, stateful_step_count=length, deadline=None, derandomize=derandomize,
        suppress_health_check=list(HealthCheck), database=None))
    assert len(accepted) >= examples, accepted


def test_a_stateful_walk_keeps_every_accepted_step_true(kind, home, run):
    walk_of(kind, home, run, length=8, examples=3, derandomize=True)


@pytest.mark.full
def test_a_long_stateful_walk_keeps_every_accepted_step_true(kind, home, run):
    walk_of(kind, home, run, length=30, examples=25, derandomize=True)  # the same walks on every run
