"""The other half of 75 Gnom' Street: the questions put to me, and each opponent's map of my loot.

My sheet holds what I know of the others' loot. The mirror holds what each
opponent can know of mine: the questions they asked me (``asked area B3 --by
red``: the answer goes to the asker alone, on an Interrogation card) and the
ones answered aloud (``--aloud``: a gnome card with the megaphone, a
"pipelette", makes every player hear the answer). Each opponent's map is a
``Sheet`` with one item, my loot, built with the same narrowing primitive as
mine: every open cell (no loot lies on a pond), less their own loot once I
know it (theirs is not mine: loot cards are distinct), narrowed by each answer
they heard.

The answer to give is the truth about my loot (``--mine`` at ``new``); the
step keeps it in its words (``asked area B3 no --by red``), so a saved log
says what was answered.
"""


from typing import ClassVar

from assistant.engine.board import Board
from assistant.engine.cells import Cell, CellSet
from assistant.engine.clues import Clue, kind_slots, read_clue
from assistant.engine.errors import InputError
from assistant.engine.grammar import Form, Option
from assistant.engine.grammar import said as said_step
from assistant.engine.i18n import N_, _, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.sheet import Fact, Sheet, Wording
from assistant.engine.words import Options, answer_word, is_answer, join_clauses, join_names, parse_answer, said_answer
from assistant.games.deduction.events import COLOUR  # the same option on a clue and on a question put to me
from assistant.games.gnom_street import garden
from assistant.games.gnom_street.fight import POWER, read_power

CLOSE = 3  # an opponent down to this many cells (or fewer) for my loot is warned about
BY = Option("by", ("--by", "--par", "-p"), "player", french="--par")
ALOUD = Option("aloud", ("--aloud", "--haut", "--pipelette", "--megaphone", "--haut-parleur"), french="--haut")


def _asked_slots(game, typed: list[str]) -> tuple[str, ...]:
    """An asked question's slots: its kind, the kind's own words, then (optionally) the answer."""
    return kind_slots(game, typed, ("answer",))


class _AskedEventFields(NamedTuple):
    clue: Clue
    by: str
    answer: bool
    aloud: bool = False
    power: str | None = None  # the asker's gnome power, when it lets them ask me (see fight)


class AskedEvent(_AskedEventFields):
    """A question put to me: ``by`` asked it, I gave ``answer`` about my own loot.

    ``aloud``: the megaphone (a "pipelette") made every player hear the answer;
    otherwise only the asker learns it."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("asked", "question"), _asked_slots, (BY, ALOUD, COLOUR, POWER),
        N_("asked KIND WORDS... [ANSWER] --by NAME [--aloud] [--power NAME]"), french="question")

    @classmethod
    def from_words(cls, game, found: Options) -> "AskedEvent":
        """Read ``area B3 --by red`` (the answer from my loot) or ``area B3 no --by red --aloud``."""
        words = list(found.positional)
        if not words:
            raise InputError(_("say which question you were asked, e.g. asked area B3 --by red"))
        kind = game.kind_named(words[0])
        if not game.reading_saved and (not kind.question or kind.name not in game.board.questions):
            raise InputError(_("{kind} is not a question players ask: asked takes {kinds}").format(
                kind=kind.shown, kinds=", ".join(game.kind_named(name).shown for name in game.board.questions)))
        rest = words[1:]
        typed = parse_answer(rest.pop()) if rest and is_answer(rest[-1]) else None
        colour = found.last("colour")
        if colour is not None:
            rest.append(colour)
        clue = read_clue(game.board, kind.name, rest, asking_rules=not game.reading_saved)
        by = found.last("by")
        if by is None:
            raise InputError(_("who asked you? add --by NAME, one of {names}").format(
                names=join_names(game.opponents)))
        asker = game.player(by)
        if asker == garden.ME:
            raise InputError(_("you do not ask yourself: --by names the opponent who asked you ({names})").format(
                names=join_names(game.opponents)))
        if typed is None:
            if game.reading_saved:  # a saved step always holds its answer
                raise InputError(_("a saved question put to you holds its answer: {usage}").format(
                    usage=_(cls.FORM.usage)))
            typed = truth(game, clue)
        return cls(clue, asker, typed, found.flag("aloud"), read_power(found.last("power")))

    def words(self, game) -> list[str]:
        return ["asked", self.clue.kind, *self.clue.args, answer_word(self.answer), "--by", self.by,
                *(["--aloud"] if self.aloud else []), *(["--power", self.power] if self.power else [])]

    def items(self) -> list[str]:
        """The opponents' loot it tells me about: none (it is about mine)."""
        return []

    def listeners(self, opponents: tuple[str, ...]) -> tuple[str, ...]:
        """Who heard the answer: the asker, or every opponent when it was said aloud."""
        return opponents if self.aloud else (self.by,)

    def fact(self, board: Board, number: int, item: str) -> Fact:
        """What the answer tells its listeners about my loot (``item``: how the map names it)."""
        holds = self.clue.accepted(board)

        def words():  # -> (relation, label, neither); unannotated: an annotation here is made on every call
            label = (_("{clue}: you answered {answer} aloud to {player}") if self.aloud else
                     _("{clue}: you answered {player} {answer}")).format(clue=self.clue.said(board), player=self.by,
                                                                         answer=said_answer(self.answer))
            return self.clue.relation(board), label, self.clue.neither(board)

        return Fact(number, item, holds if self.answer else board.all - holds, self.clue.text(), self.answer,
                    Wording(words))


def truth(game, clue: Clue) -> bool:
    """The answer to give, from my loot; without it (``--mine`` at ``new``) the answer must be typed."""
    mine = game.current_mine()
    if mine is None:
        raise InputError(_("your loot is not known, so the answer cannot be worked out: type the answer you "
                           "gave ({example}), or start the game with --mine CELL").format(
            example=f"asked {clue.said(game.board)} {said_answer(True)} --by NAME"))
    return mine in clue.accepted(game.board)


# -- the maps ----------------------------------------------------------------------------------


def me_item() -> str:
    """How a map names its one item, in the player's language: 'your loot would have no possible cell left'."""
    return _("your loot")


def their_loot(game, opponent: str, sheet: Sheet | None = None) -> Cell | None:
    """``opponent``'s loot, if I know it: shown at the end (``loot``), or found on my sheet."""
    shown = game.garden().loot.get(opponent)
    if shown is not None:
        return game.board.parse_cell(shown)
    return (sheet or game.sheet()).found(opponent)


def maps(game, extra: AskedEvent | None = None) -> dict[str, Sheet]:
    """Each opponent's map of my loot: the answers they heard this set (plus ``extra``, not yet recorded).

    A map is a one-item ``Sheet``: its base is every open cell less the
    opponent's own loot (when I know it), and each answer heard is a fact."""
    board, item = game.board, me_item()
    heard: dict[str, list[Fact]] = {opponent: [] for opponent in game.opponents}
    entries = [(entry.number, entry.event) for entry in game.current_set()[0]]
    if extra is not None:
        entries.append((len(game.history().entries) + 1, extra))
    for number, event in entries:
        if isinstance(event, AskedEvent):
            for listener in event.listeners(game.opponents):
                heard[listener].append(event.fact(board, number, item))
    sheet = game.sheet()
    return {opponent: Sheet.start(board, (item,), their_loot(game, opponent, sheet), facts)
            for opponent, facts in heard.items()}


def asked_this_set(game) -> bool:
    """Whether a question put to me stands in this set (then pictures show the maps unasked)."""
    return any(isinstance(entry.event, AskedEvent) for entry in game.current_set()[0])


def cells(maps_: dict[str, Sheet]) -> dict[str, CellSet]:
    """Each opponent's cells for my loot."""
    return {opponent: sheet.candidates(sheet.items[0]) for opponent, sheet in maps_.items()}


def check(game, event: AskedEvent) -> None:
    """Refuse an answer that is not the truth about my loot, or (my loot unknown) one its listeners
    could not hold with the answers they heard before."""
    mine = game.current_mine()
    if mine is not None and event.answer != truth(game, event.clue):
        raise InputError(_("your loot is on {mine}: to {clue} the answer is {answer}").format(
            mine=game.board.name_of(mine), clue=event.clue.said(game.board), answer=said_answer(not event.answer)))
    before = maps(game)
    number = len(game.history().entries) + 1
    item = me_item()
    for listener in event.listeners(game.opponents):
        before[listener].add([event.fact(game.board, number, item)])


def close_lines(board: Board, theirs: dict[str, CellSet], before: dict[str, CellSet] | None = None) -> list[str]:
    """A warning for each opponent down to ``CLOSE`` cells or fewer for my loot (with ``before``: only
    those whose map just shrank), in the player's language."""
    lines = []
    for opponent, left in theirs.items():
        if len(left) > CLOSE or not left or (before is not None and before[opponent] == left):
            continue
        cell = left.only()
        if cell is not None:
            lines.append(_("warning: {player} knows where your loot is: {cell}").format(
                player=opponent, cell=board.name_of(cell)))
        else:
            lines.append(ngettext("warning: {player} can place your loot on only {count} cell: {cells}",
                                  "warning: {player} can place your loot on only {count} cells: {cells}",
                                  len(left)).format(player=opponent, count=len(left),
                                                    cells=join_names(board.names(left))))
    return lines


class Answered(NamedTuple):
    """What ``asked`` tells me: the answer to give, and the warnings it brings."""

    answer: bool
    warnings: list[str]


def answered(game, event: AskedEvent, before: dict[str, Sheet]) -> Answered:
    """The answer just recorded in ``game`` and the opponents it brings close to my loot."""
    return Answered(event.answer, close_lines(game.board, cells(maps(game)), cells(before)))


def theirs_summary(game) -> str:
    """One line: how many cells each opponent has left for my loot."""
    return join_clauses(ngettext("{player}: {count} cell for your loot", "{player}: {count} cells for your loot",
                                 len(left)).format(player=player, count=len(left))
                        for player, left in cells(maps(game)).items())


def read_back(game, entry, before: dict[str, Sheet]) -> list[str]:
    """What the table hears once a question put to me is recorded (``entry``, the latest of ``game``), as the
    command line and the table screen both say it: the answer to give first, then the step and each
    opponent's map of my loot, then a warning for each opponent it brings close (``before``: the maps
    before it)."""
    told = answered(game, entry.event, before)
    return [_("answer: {answer}").format(answer=said_answer(told.answer)),
            f"{entry.number}. {said_step(game, game.step(entry.event))} -> {theirs_summary(game)}", *told.warnings]


def summary(game, event) -> str:
    """Where the game stands after ``event`` was recorded or taken back: for a question put to me, the
    opponents' maps of my loot (my own sheets did not change); else the game's summary."""
    return theirs_summary(game) if isinstance(event, AskedEvent) else game.summary()
