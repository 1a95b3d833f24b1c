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

A saved game's log is a scenario without expectations (``export``). Every
problem in a file is reported at once, with its path, before anything runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, NamedTuple

from .errors import AssistantError, DataError, InputError
from .game import Event, Game
from .words import key

EXPECTATIONS = ("candidates", "count", "found", "refused")


class Expect(NamedTuple):
    """What should hold after a step; None means 'not checked'."""

    candidates: dict[str, list[str]] | None = None
    count: dict[str, int] | None = None
    found: dict[str, str] | None = None
    refused: str | bool | None = None  # True: any refusal; text: part of the message


class Step(NamedTuple):
    number: int  # 1-based, as shown in diagnostics
    text: str  # the step as written
    event: Event
    expect: Expect | None


class Scenario(NamedTuple):
    source: str
    title: str
    game: Game  # the empty game the steps start from
    steps: tuple[Step, ...]


class Outcome(NamedTuple):
    """What one step did: the game after it, the refusal if any, the unmet expectations."""

    step: Step
    game: Game
    refused: str | None
    mismatches: tuple[str, ...]


def read(data: object, source: str, board_for, name: str = "scenario") -> Scenario:
    """Validate a parsed scenario; DataError lists every problem with its path."""
    if not isinstance(data, dict):
        raise DataError(f"{source}: expected a mapping with board, steps (and opponents, mine, title)")
    problems: list[str] = []
    known = {"title", "description", "board", "opponents", "mine", "steps"}
    for extra in sorted(set(map(str, data)) - known):
        problems.append(f"{source}: {extra}: unknown key (expected one of {', '.join(sorted(known))})")
    try:
        game = Game.from_header(data, name, board_for, source)
    except DataError as error:
        raise DataError(problems + error.problems) from None
    raw_steps = data.get("steps")
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
            event = game.read_step(text)
        except InputError as error:
            problems.append(f"{path}: {error}")
            continue
        expect = _expectation(expect_data, game, f"{path}.expect", problems)
        steps.append(Step(position + 1, text, event, expect))
    if problems:
        raise DataError(problems)
    title = data.get("title")
    return Scenario(source, str(title) if title else Path(source).stem, game, tuple(steps))


def _expectation(data: object, game: Game, path: str, problems: list[str]) -> Expect | None:
    if data is None:
        return None
    if not isinstance(data, dict) or not data:
        problems.append(f"{path}: expected a mapping with {', '.join(EXPECTATIONS)}")
        return None
    for extra in sorted(set(map(str, data)) - set(EXPECTATIONS)):
        problems.append(f"{path}.{extra}: unknown expectation (expected one of {', '.join(EXPECTATIONS)})")
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


def export(game: Game) -> dict:
    """A saved game as a scenario without expectations."""
    return {"title": f"game {game.name}", **game.header(), "steps": [game.step(e) for e in game.events]}


def to_game(scenario: Scenario) -> Game:
    """The game a scenario leads to; a refused step not expected to be refused stops the import."""
    game = scenario.game
    for outcome in run(scenario):
        expected_refusal = outcome.step.expect is not None and outcome.step.expect.refused
        if outcome.refused is not None and not expected_refusal:
            raise AssistantError(f"{scenario.source}: step {outcome.step.number} ({outcome.step.text}) "
                                 f"is refused: {outcome.refused}")
        game = outcome.game
    return game
