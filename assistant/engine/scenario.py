"""Scenarios: replayable scripts of what was said at the table, with expectations.

A scenario file names the board and the players, then lists steps: the words
of any game command (``clue area B2 red=no``, ``accuse C4 wrong``, ``undo``),
each optionally with what should hold after it:

    steps:
      - clue area A1 red=yes
      - step: clue at B1 -o red
        expect:
          candidates: {red: [B1]}     # exactly these cells remain
          count: {blue: 15}           # this many cells remain
          found: {red: B1}            # one cell left, this one
          theirs: {red: [C2, D2]}     # red's map of my loot (after asked ... --by red)
          refused: conflicts          # the step is refused (text: part of the message)

A score pad scenario names ``pad: roi-des-nains`` and ``players`` instead of
a board, and expects ``totals``, ``points`` (the last deal's) and ``winner``.

A saved game's log is a scenario without expectations (``export``). Every
problem in a file is reported at once, with its path, before anything runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from assistant.engine.errors import AssistantError, DataError, InputError
from assistant.engine.i18n import DEFAULT, N_, _, language, localized, ngettext, speaking
from assistant.engine.log import Log, steps
from assistant.engine.records import NamedTuple
from assistant.engine.words import key, shown


class Expect(NamedTuple):
    """What should hold after a step; None means 'not checked'."""

    candidates: dict[str, list[str]] | None = None
    # The scenario files' key; it hides tuple.count, which nothing calls on an Expect.
    count: dict[str, int] | None = None  # type: ignore[assignment]
    found: dict[str, str] | None = None
    theirs: dict[str, list[str]] | None = None  # each opponent's map of my loot (mirror)
    refused: str | bool | None = None  # True: any refusal; text: part of the message
    totals: dict[str, int] | None = None  # score pads: running totals
    points: dict[str, int] | None = None  # score pads: the last deal's points
    winner: str | None = None  # score pads: the game's winner


class Step(NamedTuple):
    number: int  # 1-based, as shown in diagnostics
    text: str  # the step as written
    event: object
    expect: Expect | None
    refused: str | None = None  # why the rules refused it when the scenario was read (recorded in turn)


class Scenario(NamedTuple):
    source: str
    title: str
    game: Log[Any]  # the empty game (or score pad) the steps start from
    steps: tuple[Step, ...]
    log: bool = False  # an exported game or a saved game file: imported as a saved game is loaded
    # The game the steps lead to, each recorded through the rules as the file was read (a refused one left
    # out), and the language its refusals were said in; None for a log (restored, not recorded).
    played: Any = None
    said_in: str = ""


class Outcome(NamedTuple):
    """What one step did: the game after it, the refusal if any, the unmet expectations."""

    step: Step
    game: Log[Any]
    refused: str | None
    mismatches: tuple[str, ...]


def read(data: object, source: str, empty_game, name: str = "scenario") -> Scenario:
    """Validate a parsed scenario; DataError lists every problem with its path.

    ``empty_game(header, name, source)`` makes the game the steps start from."""
    if not isinstance(data, dict):
        raise DataError(_("{source}: expected a mapping with board (or pad), steps, and opponents, mine, title")
                        .format(source=source))
    problems: list[str] = []
    known = {"title", "fr", "description", "board", "opponents", "mine", "me", "steps", "pad", "players", "sides",
             "counters", "starter", "flagstones", "assistant", "events", "exported"}  # a saved game file is one too
    for extra in sorted(set(map(str, data)) - known):
        problems.append(f"{source}: {extra}: " + _("unknown key (expected one of {keys})")
                        .format(keys=", ".join(sorted(known))))
    try:
        game = empty_game(data, name, source)
    except DataError as error:
        raise DataError(problems + error.problems) from None
    # Steps are read against the game as it stands (a trick needs its deal). An exported game (export
    # writes exported: true) or a saved game file is a log: its steps are read as the game read them
    # when it saved them (how a clue was asked is the recorder's: DeductionGame.reading_saved), so a board
    # corrected since (a pond where a question was asked from) never stops it importing.
    exported = data.get("exported", False)
    if not isinstance(exported, bool):
        problems.append(f"{source}: exported: "
                        + _("expected true or false (got {value})").format(value=repr(exported)))
    as_saved = exported is True or "assistant" in data
    current = game._replace(reading_saved=True) if as_saved and "reading_saved" in getattr(game, "_fields", ()) \
        else game
    raw_steps = data.get("steps", data.get("events"))
    if not isinstance(raw_steps, list):  # empty is a list: a game exported before its first entry
        raise DataError(problems + [f"{source}: steps: " + _("expected a list of steps")])
    steps = []
    restoring = current.restoring() if as_saved else None  # a log is read back in one pass (log.Restoring)
    for position, raw in enumerate(raw_steps):
        path = f"{source}: steps[{position}]"
        text, expect_data = raw, None
        if isinstance(raw, dict):
            extras = sorted(set(map(str, raw)) - {"step", "expect"})
            if extras:
                problems.append(f"{path}.{extras[0]}: " + _("unknown key (expected one of {keys})")
                                .format(keys="step, expect"))
            text, expect_data = raw.get("step"), raw.get("expect")
        if not isinstance(text, str):
            problems.append(f"{path}: " + _("expected the words of a command, e.g. clue area B2 yes (got {value})")
                            .format(value=repr(text)))
            continue
        try:
            event = restoring.read(text) if restoring is not None else current.read_step(text)
        except InputError as error:
            problems.append(f"{path}: {error}")
            continue
        refused = None
        try:
            if restoring is not None:
                restoring.add(event)
            else:
                current = current.record(event)
        except AssistantError as error:
            if as_saved:  # a log's retract without its entry: the log itself is wrong
                problems.append(f"{path}: {error}")
                continue
            refused = str(error)  # refused when it runs: an expectation may say so
        expect = _expectation(expect_data, game, f"{path}.expect", problems)
        steps.append(Step(position + 1, text, event, expect, refused))
    french = data.get("fr", {})
    if not isinstance(french, dict) or set(map(str, french)) - {"title"} or \
            not isinstance(french.get("title", ""), str):
        problems.append(f"{source}: fr: " + _("expected a mapping with the French title, e.g. fr: {{title: ...}}"))
    if problems:
        raise DataError(problems)
    title = str(data.get("title") or Path(source).stem)
    return Scenario(source, localized({"fr": french.get("title")}, title), game, tuple(steps), as_saved,
                    None if as_saved else current, language())


def _expectation(data: object, game, path: str, problems: list[str]) -> Expect | None:
    """The expectations of one step; the game's kind says which it may hold (``EXPECTS``)."""
    if data is None:
        return None
    allowed = (*game.EXPECTS, "refused")
    if not isinstance(data, dict) or not data:
        problems.append(f"{path}: " + _("expected a mapping with {keys}").format(keys=", ".join(allowed)))
        return None
    for extra in sorted(set(map(str, data)) - set(allowed)):
        problems.append(f"{path}.{extra}: " + _("unknown expectation (expected one of {keys})")
                        .format(keys=", ".join(allowed)))
    values = {}
    for name in game.EXPECTS:
        if data.get(name) is not None:
            try:
                values[name] = EXPECTATIONS[name].read(game, data[name], f"{path}.{name}", problems)
            except (InputError, ValueError) as error:
                problems.append(f"{path}.{name}: {error}")
    refused = data.get("refused")
    if refused is not None and not isinstance(refused, (str, bool)):
        problems.append(f"{path}.refused: " + _("expected true or a part of the message (got {value})")
                        .format(value=shown(refused)))
    return Expect(refused=refused, **values)


def _mapping(whose: Callable, read_value: Callable, what: str):
    """A reader of ``{name: value}``: each name through ``whose(game)``, each value through ``read_value``.

    ``what`` is marked with ``N_`` and said in the language spoken."""
    def read(game, raw, path: str, problems: list[str]) -> dict:
        if not isinstance(raw, dict):
            raise ValueError(_("expected a mapping of {what}").format(what=_(what)))
        result = {}
        for name, value in raw.items():
            try:
                result[whose(game)(str(name))] = read_value(game, value)
            except (InputError, ValueError) as error:
                problems.append(f"{path}.{name}: {error}")
        return result
    return read


def _cells(game, raw) -> list[str]:
    board = game.board
    if isinstance(raw, str):
        raw = raw.replace(",", " ").split()
    if not isinstance(raw, list):
        raise ValueError(_("expected a list of cells (got {value})").format(value=shown(raw)))
    return board.names(board.parse_cell(str(cell)) for cell in raw)


def _count(game, raw) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
        raise ValueError(_("expected a number of cells (got {value})").format(value=shown(raw)))
    return raw


def _cell(game, raw) -> str:
    return game.cell_name(str(raw))


def _points(game, raw) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise ValueError(_("expected a whole number (got {value})").format(value=shown(raw)))
    return raw


def _winner(game, raw, path: str, problems: list[str]) -> str:
    return game.player(str(raw))


def _check_candidates(game, expected: dict) -> Iterator[str]:
    return _compare_cells(game, expected, game.sheet().candidates)


def _check_theirs(game, expected: dict) -> Iterator[str]:
    return _compare_cells(game, expected, game.their_cells().__getitem__)


def _compare_cells(game, expected: dict, cells_of: Callable) -> Iterator[str]:
    """A mismatch line for each item whose cells (``cells_of(item)``) are not those expected."""
    for item, cells in expected.items():
        actual = game.board.names(cells_of(item))
        if actual != cells:
            extra = sorted(set(actual) - set(cells), key=actual.index)
            missing = sorted(set(cells) - set(actual), key=cells.index)
            none = _("(none)")
            yield (_("{item}: expected {cells}, got {actual} (extra: {extra}; missing: {missing})")
                   .format(item=item, cells=" ".join(cells) or none, actual=" ".join(actual) or none,
                           extra=" ".join(extra) or "-", missing=" ".join(missing) or "-"))


def _check_count(game, expected: dict) -> Iterator[str]:
    for item, number in expected.items():
        actual = len(game.sheet().candidates(item))
        if actual != number:
            yield (ngettext("{item}: expected {count} cell left, got {actual}",
                            "{item}: expected {count} cells left, got {actual}", number)
                   .format(item=item, count=number, actual=actual))


def _check_found(game, expected: dict) -> Iterator[str]:
    for item, cell in expected.items():
        found = game.sheet().found(item)
        if found is None or game.board.name_of(found) != cell:
            left = len(game.sheet().candidates(item))
            yield (ngettext("{item}: expected found on {cell}, got {count} cell left",
                            "{item}: expected found on {cell}, got {count} cells left", left)
                   .format(item=item, cell=cell, count=left))


def _check_totals(game, expected: dict) -> Iterator[str]:
    try:
        totals = game.totals()
    except AssistantError as error:  # a garden's tally that cannot count yet
        yield _("no totals yet: {reason}").format(reason=error)
        return
    for player, points in expected.items():
        if totals[player] != points:
            yield _("{player}: expected a total of {points}, got {total}").format(
                player=player, points=points, total=totals[player])


def _check_points(game, expected: dict) -> Iterator[str]:
    rows = [row for row in game.rows() if row.points is not None]
    for player, points in expected.items():
        got = rows[-1].points[player] if rows else None
        if got != points:
            yield ngettext("{player}: expected {points} point in the last deal, got {got}",
                           "{player}: expected {points} points in the last deal, got {got}", points).format(
                player=player, points=points, got=got)


def _check_winner(game, expected: str) -> Iterator[str]:
    if game.winner() != expected:
        yield _("expected {player} to win, got {winner}").format(
            player=expected, winner=game.winner() or _("no winner yet"))


class Expectation(NamedTuple):
    """One kind of expectation: how a scenario file states it, and how the game is checked against it."""

    read: Callable  # (game, raw value, path, problems) -> value
    check: Callable[..., Iterator[str]]  # (game, value) -> mismatches


def _item(game):
    return game.item


def _player(game):
    return game.player


EXPECTATIONS = {
    "candidates": Expectation(_mapping(_item, _cells, N_("opponent -> cells")), _check_candidates),
    "count": Expectation(_mapping(_item, _count, N_("opponent -> number of cells")), _check_count),
    "found": Expectation(_mapping(_item, _cell, N_("opponent -> cell")), _check_found),
    "theirs": Expectation(_mapping(_item, _cells, N_("opponent -> cells of your loot")), _check_theirs),
    "totals": Expectation(_mapping(_player, _points, N_("player -> points")), _check_totals),
    "points": Expectation(_mapping(_player, _points, N_("player -> points")), _check_points),
    "winner": Expectation(_winner, _check_winner),
}


def run(scenario: Scenario) -> Iterator[Outcome]:
    """Play the steps in order; a refused step leaves the game as it was, as at the table."""
    game = scenario.game
    for step in scenario.steps:
        refused = refused_in_english = None
        try:
            game = game.record(step.event)
        except AssistantError as error:
            refused = refused_in_english = str(error)
            if language() != DEFAULT and step.expect is not None and isinstance(step.expect.refused, str):
                refused_in_english = _refusal_in_english(game, step)
        yield Outcome(step, game, refused, tuple(check(step, game, refused, refused_in_english)))


def _refusal_in_english(game, step: Step) -> str | None:
    """The refusal of ``step`` said in English, the language of a scenario's expected refusals.

    A fresh copy of the game: the one played holds clue texts said in the player's language."""
    with speaking(DEFAULT):
        try:
            game._replace().record(step.event)
        except AssistantError as error:
            return str(error)
    return None


def check(step: Step, game, refused: str | None, refused_in_english: str | None = None) -> Iterator[str]:
    """Each way the game after ``step`` differs from the step's expectations (an expected refusal is
    part of the English message: ``refused_in_english``, when the player reads another language)."""
    expect = step.expect
    if refused is not None and (expect is None or not expect.refused):
        yield _("refused unexpectedly: {reason}").format(reason=refused)
        return
    if expect is None:
        return
    if expect.refused and refused is None:
        yield _("expected the step to be refused, but it was recorded")
    elif (isinstance(expect.refused, str) and refused is not None
          and key(expect.refused) not in key(refused_in_english or refused)):
        yield _("refused for another reason: expected {expected} in {reason}").format(
            expected=repr(expect.refused), reason=repr(refused))
    for name, expectation in EXPECTATIONS.items():
        value = getattr(expect, name)
        if value is not None:
            yield from expectation.check(game, value)


def export(game) -> dict:
    """A saved game as a scenario without expectations."""
    # The title is the file's, like the steps: in English whatever the language spoken.
    return {"title": f"game {game.name}", "exported": True, **game.header(),
            "steps": steps(game)}


def to_game(scenario: Scenario):
    """The game a scenario leads to; a refused step not expected to be refused stops the import.

    An exported game (a log) is imported as a saved game is loaded: each step restored, none judged
    again, so the game imported is the game exported, whatever was taken back in it or corrected on
    its board since (a retracted clue that a pond made since would now refuse)."""
    game = scenario.game
    if scenario.log:
        restoring = game.restoring()
        for step in scenario.steps:
            restoring.add(step.event)
        return restoring.game()
    if scenario.played is not None and scenario.said_in == language():  # recorded once, as it was read
        for step in scenario.steps:
            if step.refused is not None and not (step.expect is not None and step.expect.refused):
                raise AssistantError(_("{source}: step {number} ({step}) is refused: {reason}").format(
                    source=scenario.source, number=step.number, step=step.text, reason=step.refused))
        return scenario.played
    for outcome in run(scenario):
        expected_refusal = outcome.step.expect is not None and outcome.step.expect.refused
        if outcome.refused is not None and not expected_refusal:
            raise AssistantError(_("{source}: step {number} ({step}) is refused: {reason}").format(
                source=scenario.source, number=outcome.step.number, step=outcome.step.text, reason=outcome.refused))
        game = outcome.game
    return game
