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
          refused: conflicts          # the step is refused (text: part of the message)

A score pad scenario names ``pad: roi-des-nains`` and ``players`` instead of
a board, and expects ``totals``, ``points`` (the last deal's) and ``winner``.

A saved game's log is a scenario without expectations (``export``). Every
problem in a file is reported at once, with its path, before anything runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, NamedTuple

from .errors import AssistantError, DataError, InputError
from .game import Event, Game
from .words import key

SHEET_EXPECTATIONS = ("candidates", "count", "found", "refused")
PAD_EXPECTATIONS = ("totals", "points", "winner", "refused")


class Expect(NamedTuple):
    """What should hold after a step; None means 'not checked'."""

    candidates: dict[str, list[str]] | None = None
    count: dict[str, int] | None = None
    found: dict[str, str] | None = None
    refused: str | bool | None = None  # True: any refusal; text: part of the message
    totals: dict[str, int] | None = None  # score pads: running totals
    points: dict[str, int] | None = None  # score pads: the last deal's points
    winner: str | None = None  # score pads: the game's winner


class Step(NamedTuple):
    number: int  # 1-based, as shown in diagnostics
    text: str  # the step as written
    event: Event
    expect: Expect | None


class Scenario(NamedTuple):
    source: str
    title: str
    game: object  # the empty game (or score pad) the steps start from
    steps: tuple[Step, ...]


class Outcome(NamedTuple):
    """What one step did: the game after it, the refusal if any, the unmet expectations."""

    step: Step
    game: Game
    refused: str | None
    mismatches: tuple[str, ...]


def read(data: object, source: str, empty_game, name: str = "scenario") -> Scenario:
    """Validate a parsed scenario; DataError lists every problem with its path.

    ``empty_game(header, name, source)`` makes the game the steps start from."""
    if not isinstance(data, dict):
        raise DataError(f"{source}: expected a mapping with board (or pad), steps, and opponents, mine, title")
    problems: list[str] = []
    known = {"title", "description", "board", "opponents", "mine", "me", "steps", "pad", "players", "sides",
             "counters", "starter", "assistant", "events"}  # a saved game file is a scenario too
    for extra in sorted(set(map(str, data)) - known):
        problems.append(f"{source}: {extra}: unknown key (expected one of {', '.join(sorted(known))})")
    try:
        game = empty_game(data, name, source)
    except DataError as error:
        raise DataError(problems + error.problems) from None
    is_pad = not isinstance(game, Game)
    # A score pad's steps read against the pad as it stands (a trick needs its deal).
    current = game
    raw_steps = data.get("steps", data.get("events"))
    if not isinstance(raw_steps, list) or not raw_steps:
        raise DataError(problems + [f"{source}: steps: expected a list of steps"])
    steps = []
    for position, raw in enumerate(raw_steps):
        path = f"{source}: steps[{position}]"
        text, expect_data = raw, None
        if isinstance(raw, dict):
            extra = sorted(set(map(str, raw)) - {"step", "expect"})
            if extra:
                problems.append(f"{path}.{extra[0]}: unknown key (expected step, expect)")
            text, expect_data = raw.get("step"), raw.get("expect")
        if not isinstance(text, str):
            problems.append(f"{path}: expected the words of a command, e.g. clue area B2 yes (got {text!r})")
            continue
        try:
            event = current.read_step(text)
        except InputError as error:
            problems.append(f"{path}: {error}")
            continue
        if is_pad:
            try:
                current = current.record(event)
            except AssistantError:
                pass  # refused when it runs: an expectation may say so
        expect = _expectation(expect_data, game, f"{path}.expect", problems)
        steps.append(Step(position + 1, text, event, expect))
    if problems:
        raise DataError(problems)
    title = data.get("title")
    return Scenario(source, str(title) if title else Path(source).stem, game, tuple(steps))


def _expectation(data: object, game: Game, path: str, problems: list[str]) -> Expect | None:
    if data is None:
        return None
    allowed = SHEET_EXPECTATIONS if isinstance(game, Game) else PAD_EXPECTATIONS
    if not isinstance(data, dict) or not data:
        problems.append(f"{path}: expected a mapping with {', '.join(allowed)}")
        return None
    for extra in sorted(set(map(str, data)) - set(allowed)):
        problems.append(f"{path}.{extra}: unknown expectation (expected one of {', '.join(allowed)})")
    if not isinstance(game, Game):
        return _pad_expectation(data, game, path, problems)
    board = game.board

    def per_item(field: str, read_value):
        value = data.get(field)
        if value is None:
            return None
        if not isinstance(value, dict):
            problems.append(f"{path}.{field}: expected a mapping of {'/'.join(game.items)} -> value")
            return None
        result = {}
        for item_text, raw in value.items():
            try:
                result[game.item(str(item_text))] = read_value(raw)
            except (InputError, ValueError) as error:
                problems.append(f"{path}.{field}.{item_text}: {error}")
        return result

    def cell_list(raw) -> list[str]:
        if isinstance(raw, str):
            raw = raw.replace(",", " ").split()
        if not isinstance(raw, list):
            raise ValueError(f"expected a list of cells (got {raw!r})")
        return board.names(board.parse_cell(str(cell)) for cell in raw)

    def count(raw) -> int:
        if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
            raise ValueError(f"expected a number of cells (got {raw!r})")
        return raw

    def cell(raw) -> str:
        return board.name_of(board.parse_cell(str(raw)))

    refused = data.get("refused")
    if refused is not None and not isinstance(refused, (str, bool)):
        problems.append(f"{path}.refused: expected true or a part of the message (got {refused!r})")
    return Expect(per_item("candidates", cell_list), per_item("count", count), per_item("found", cell), refused)


def _pad_expectation(data: dict, pad, path: str, problems: list[str]) -> Expect:
    def scores(field: str):
        value = data.get(field)
        if value is None:
            return None
        if not isinstance(value, dict):
            problems.append(f"{path}.{field}: expected a mapping of player -> points")
            return None
        result = {}
        for name, points in value.items():
            try:
                player = pad.player(str(name))
            except InputError as error:
                problems.append(f"{path}.{field}.{name}: {error}")
                continue
            if isinstance(points, bool) or not isinstance(points, int):
                problems.append(f"{path}.{field}.{name}: expected a whole number (got {points!r})")
                continue
            result[player] = points
        return result

    if "points" in data and not hasattr(pad, "rows"):
        problems.append(f"{path}.points: a {pad.kind} match has no deals: expect totals or winner")
    winner = data.get("winner")
    if winner is not None:
        try:
            winner = pad.player(str(winner))
        except InputError as error:
            problems.append(f"{path}.winner: {error}")
    refused = data.get("refused")
    if refused is not None and not isinstance(refused, (str, bool)):
        problems.append(f"{path}.refused: expected true or a part of the message (got {refused!r})")
    return Expect(refused=refused, totals=scores("totals"), points=scores("points"), winner=winner)


def run(scenario: Scenario) -> Iterator[Outcome]:
    """Play the steps in order; a refused step leaves the game as it was, as at the table."""
    game = scenario.game
    for step in scenario.steps:
        refused = None
        try:
            game = game.record(step.event)
        except AssistantError as error:
            refused = str(error)
        yield Outcome(step, game, refused, tuple(check(step, game, refused)))


def check(step: Step, game: Game, refused: str | None) -> Iterator[str]:
    """Each way the game after ``step`` differs from the step's expectations."""
    expect = step.expect
    if refused is not None and (expect is None or not expect.refused):
        yield f"refused unexpectedly: {refused}"
        return
    if expect is None:
        return
    if expect.refused and refused is None:
        yield "expected the step to be refused, but it was recorded"
    elif isinstance(expect.refused, str) and refused is not None and key(expect.refused) not in key(refused):
        yield f"refused for another reason: expected {expect.refused!r} in {refused!r}"
    if not isinstance(game, Game):
        yield from _check_pad(expect, game)
        return
    sheet = game.sheet()
    board = game.board
    for item, cells in (expect.candidates or {}).items():
        actual = board.names(sheet.candidates(item))
        if actual != cells:
            extra = sorted(set(actual) - set(cells), key=actual.index)
            missing = sorted(set(cells) - set(actual), key=cells.index)
            yield (f"{item}: expected {' '.join(cells) or '(none)'}, got {' '.join(actual) or '(none)'}"
                   f" (extra: {' '.join(extra) or '-'}; missing: {' '.join(missing) or '-'})")
    for item, number in (expect.count or {}).items():
        actual = len(sheet.candidates(item))
        if actual != number:
            yield f"{item}: expected {number} cells left, got {actual}"
    for item, cell in (expect.found or {}).items():
        found = sheet.found(item)
        if found is None or board.name_of(found) != cell:
            yield f"{item}: expected found on {cell}, got {len(sheet.candidates(item))} cells left"


def _check_pad(expect: Expect, pad) -> Iterator[str]:
    totals = pad.totals()
    for player, points in (expect.totals or {}).items():
        if totals[player] != points:
            yield f"{player}: expected a total of {points}, got {totals[player]}"
    rows = [row for row in pad.rows() if row.points is not None] if expect.points else []
    for player, points in (expect.points or {}).items():
        got = rows[-1].points[player] if rows else None
        if got != points:
            yield f"{player}: expected {points} points in the last deal, got {got}"
    if expect.winner is not None and pad.winner() != expect.winner:
        yield f"expected {expect.winner} to win, got {pad.winner() or 'no winner yet'}"


def export(game) -> dict:
    """A saved game as a scenario without expectations."""
    return {"title": f"game {game.name}", **game.header(), "steps": [game.step(e) for e in game.events]}


def to_game(scenario: Scenario):
    """The game a scenario leads to; a refused step not expected to be refused stops the import."""
    game = scenario.game
    for outcome in run(scenario):
        expected_refusal = outcome.step.expect is not None and outcome.step.expect.refused
        if outcome.refused is not None and not expected_refusal:
            raise AssistantError(f"{scenario.source}: step {outcome.step.number} ({outcome.step.text}) "
                                 f"is refused: {outcome.refused}")
        game = outcome.game
    return game
