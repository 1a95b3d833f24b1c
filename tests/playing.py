"""Every registered game, and random legal play from its own grammar: what tests/test_conformance.py runs
each game through (OpenSpiel's ``integration_tests/api_test.py``: the games come from the registry, the
moves from the game).

Nothing here names a game. The games are ``registry.kinds()`` and the tests' own game packages (a folder
of tests/ whose ``__init__`` defines ``TYPE``, a ``GameType``, with ``install`` and ``uninstall``). A game
is started by its set-up command: ``new KIND`` for a sheet, the example its group's ``new`` command
declares for a score pad. A step is built a word at a time from what the grammar expects next
(``grammar.expect``: the slot, the values this game offers there, the options still open), and kept when
the game records it.
"""

from __future__ import annotations

import random
import shlex
from collections.abc import Iterator
from importlib import import_module
from itertools import chain, islice
from pathlib import Path
from types import ModuleType

from assistant.engine import commands, grammar, log, registry
from assistant.engine.errors import AssistantError
from assistant.engine.words import join

TESTS = Path(__file__).resolve().parent
TAKE_BACK = {*log.UNDO_WORDS, *log.RETRACT_WORDS}  # the log's own steps, shared by every game
LONGEST_STEP = 16  # words: a bound on a step whose slot repeats
TRIES = 60  # lines built before a state is said to offer no recordable step


def own_games() -> tuple[ModuleType, ...]:
    """The tests' own game packages (tests/tiny_game, ...): each registers its game when installed."""
    found = []
    for folder in sorted(TESTS.iterdir()):
        if (folder / "__init__.py").is_file() and folder.name.isidentifier():
            module = import_module(folder.name)
            if isinstance(getattr(module, "TYPE", None), registry.GameType) and hasattr(module, "install"):
                found.append(module)
    return tuple(found)


OWN_GAMES = {module.TYPE.kind: module for module in own_games()}


def every_kind() -> list[str]:
    """Every registered kind, the tests' own games included: what each conformance test is run on."""
    return sorted({*registry.kinds(), *OWN_GAMES})


def installed(kind: str):
    """A context in which ``kind`` is registered (a test game is installed for it, taken out after)."""
    from contextlib import contextmanager

    @contextmanager
    def installing() -> Iterator[registry.GameType]:
        own = OWN_GAMES.get(kind)
        if own is not None:
            own.install()
        try:
            found = registry.find(kind)
            assert found is not None, kind
            yield found
        finally:
            if own is not None:
                own.uninstall()

    return installing()


def setup_words(kind: str, name: str) -> list[str]:
    """The command line that starts a game of ``kind`` named ``name``: ``new KIND`` for a sheet over a board,
    the example of its group's ``new`` command for a score pad (its help's 'Example: ...' line)."""
    game_type = registry.find(kind)
    assert game_type is not None, kind
    if not game_type.group:
        return ["new", kind, "--name", name]
    help_text = commands.help_of(game_type.group, "new")
    example = help_text.rpartition("Example:")[2].strip()
    words = shlex.split(example)
    assert words[:3] == ["assistant", game_type.group, "new"], (kind, example)
    return [*words[1:], "--name", name]


# -- steps from the grammar ---------------------------------------------------------------------------


def _pick_option(game, words: list[str], slot: grammar.Slot, rnd: random.Random) -> list[str] | None:
    """One open option of the step begun with ``words`` and its value (a flag alone), or None."""
    if not slot.options:
        return None
    spelling = rnd.choice(slot.options)
    form = grammar.resolve(game, words)[0]
    option = next(option for option in form.options if spelling in option.spellings)
    if option.slot is None:
        return [spelling]
    values = grammar.values_here(game, option.slot, [*words, spelling])
    return [spelling, rnd.choice(values)] if values else None


def line_from_grammar(game, rnd: random.Random, verbs: tuple[str, ...] | None = None) -> list[str] | None:
    """A step built from what ``game``'s grammar offers, a word at a time (None: a slot it offers no value
    for, or the step cannot be recorded now). ``verbs``: the forms to choose among (default: all)."""
    offered = grammar.expect(game, []).values if verbs is None else verbs
    if not offered:  # no step may come now (a finished game, take-backs left out)
        return None
    words = [rnd.choice(offered)]
    while len(words) < LONGEST_STEP:
        slot = grammar.expect(game, words)
        if slot.why or slot.name == "unknown":
            return None
        if slot.name == "command":
            words.append(rnd.choice(slot.values))
            continue
        if slot.name == "end" or not slot.values:
            option = _pick_option(game, words, slot, rnd) if rnd.random() < 0.3 else None
            more = option or list(grammar.forced(game, words))  # else what Tab types: the words called for
            if not more:
                return words if slot.name == "end" else None
            words += more
            continue
        words.append(rnd.choice(slot.values))
    return words


def steps_of(game, rnd: random.Random, verbs: tuple[str, ...] | None = None) -> Iterator[str]:
    """Lines built from the grammar (at most TRIES), each as the player would type it."""
    for unused in range(TRIES):
        words = line_from_grammar(game, rnd, verbs)
        if words:
            yield join(words)


def recordable(game, rnd: random.Random, take_back: bool = False, again: str | None = None, end: bool = False):
    """A step ``game`` records now, built from its grammar, with the game after it: (line, event, after);
    None when none was found in TRIES lines. ``take_back``: undo and retract among the steps. ``again``: the
    verb of the step before, tried first most of the time (trick after trick). ``end``: a game played to its
    end: only the steps the grammar says may be recorded now are built, one line of each kind is tried first,
    and one that ends the game is taken; a step that takes out what was played (``takes_out``) is taken only
    when no other is found. Else a step that ends the game is taken only when no other is found (a random
    game plays on)."""
    verbs = tuple(verb for verb in grammar.expect(game, []).values if (take_back or verb not in TAKE_BACK)
                  and not (end and grammar.expect(game, [verb]).why))
    first = None
    for verb in verbs if end else ():
        for line in islice(steps_of(game, rnd, (verb,)), 1):
            found = _recorded(game, line)
            if found is not None and found[2].outcome().finished:
                return found
            first = first or found
    lines = steps_of(game, rnd, verbs)
    if again in verbs and rnd.random() < 0.9:
        lines = chain(islice(steps_of(game, rnd, (again,)), TRIES // 4), lines)
    for line in lines:
        found = _recorded(game, line)
        if found is not None and (not takes_out(game, found[2]) if end else not found[2].outcome().finished):
            return found
        first = first or found
    return first


def takes_out(before, after) -> bool:
    """Whether ``after`` lost what ``before`` had played: a row of its score table struck out or gone, or
    the points of a row changed (a deal removed or dropped, corrected with other points). A sheet has no
    rows: none of its steps takes one out."""
    if not registry.is_pad(before):
        return False
    rows = [row for row in before.rows() if not row.removed]
    kept = [row for row in after.rows() if not row.removed]
    return len(kept) < len(rows) or any(
        row.points is not None and row.points != other.points for row, other in zip(rows, kept, strict=False))


def _recorded(game, line: str):
    """(line, event, the game after it) when ``game`` records ``line``; None when it refuses it."""
    try:
        event = game.read_step(line)
        return line, event, game.record(event)
    except AssistantError:
        return None


def random_game(game, seed: int, length: int, take_back: bool = True, end: bool = False) -> tuple[object, list[str]]:
    """``game`` after up to ``length`` random legal steps (fewer once it is finished, or when none is found),
    and the lines recorded. ``end``: a step that ends the game is taken whenever one is found."""
    rnd = random.Random(seed)
    lines: list[str] = []
    for unused in range(length):
        if game.outcome().finished:
            break
        found = recordable(game, rnd, take_back=take_back and rnd.random() < 0.1,
                           again=lines[-1].split()[0] if lines else None, end=end)
        if found is None:
            break
        line, unused_event, game = found
        lines.append(line)
    return game, lines


def played_to_the_end(game, seed: int, length: int):
    """``game`` played with random legal steps until it is finished (at most ``length`` steps), no step
    taken back; the game reached, finished or not."""
    return random_game(game, seed, length, take_back=False, end=True)
