"""The step every deduction game hears: a clue (a question answered, a card's statement).

Each event type owns its words (``FORM``, ``from_words``, ``words``: a parse/format pair) and says what
it tells about the hidden cells (``facts``). A game's own steps (the garden's pieces, the city's
accusation) live in its package and follow the same pattern.
"""

from typing import TYPE_CHECKING, ClassVar

from assistant.engine.board import Board
from assistant.engine.cells import CellSet
from assistant.engine.clues import Clue, kind_slots, read_clue
from assistant.engine.errors import InputError
from assistant.engine.grammar import MORE, Form, Option
from assistant.engine.i18n import N_, _, language
from assistant.engine.registry import ME
from assistant.engine.sheet import Fact, Wording
from assistant.engine.words import (
    Options,
    answer_word,
    free_text,
    is_answer,
    key,
    parse_answer,
    said_answer,
    see_help,
    shown,
)

if TYPE_CHECKING:
    from assistant.games.deduction.game import DeductionGame

from assistant.engine.records import NamedTuple

ME_WORDS = ("me", "moi", "i", "je", "mine")  # what a player types for me
# A verdict on a cell (a step saying whether an item is on it), as typed, as saved, as a French table reads it
RIGHT_WORDS = ("right", "correct", "juste", "bon", "bonne", "vrai", "yes", "oui", "y")
WRONG_WORDS = ("wrong", "incorrect", "faux", "fausse", "mauvais", "mauvaise", "no", "non", "n")
VERDICTS = ("right", "wrong")
FRENCH_VERDICTS = {"right": "juste", "wrong": "faux"}

OPPONENT = Option("opponent", ("--opponent", "-o", "--opponents", "--adversaire", "--adversaires"), "opponent",
                  french="--adversaire")
# A flower question's colour given as an option: the kind's colour word is then not typed again.
COLOUR = Option("colour", ("--colour", "--color", "--couleur", "-c"), "colour", french="--couleur", fills=True)
CARD = Option("card", ("--card", "--carte"), "card", french="--carte")
ASKER = Option("by", ("--by", "--par", "-p"), "player", french="--par")


def _clue_slots(game: "DeductionGame", typed: list[str]) -> tuple[str, ...]:
    """A clue's slots: its kind, then the kind's own words, then the answers: one answer (for --opponent or
    the only opponent), or one NAME=yes|no per opponent."""
    slots = kind_slots(game, typed, ("answer", MORE))
    answers = typed[len(slots) - 2:] if slots[-1] == MORE else []
    if any("=" not in word for word in answers) or len(answers) >= len(game.items):
        return (*slots[:-1], *["answer"] * (len(answers) - 1))  # answered: nothing more
    return slots


class Heard(NamedTuple):
    """A clue step's words read: the clue, the answers, the card it came from, who asked (None: not said)."""

    clue: Clue
    answers: tuple[tuple[str, bool], ...]
    card: str | None
    asker: str | None


class _ClueEventFields(NamedTuple):
    clue: Clue
    answers: tuple[tuple[str, bool], ...]
    card: str | None = None
    by: str | None = None
    power: str | None = None  # a power that changes who may be asked, where a game has one (the garden's gnomes)
    aloud: bool = False  # answered aloud, where a game's rules say so (the garden's megaphone): the whole table heard


class ClueEvent(_ClueEventFields):
    """A question answered, or a card's statement: one clue, one answer per item.

    ``by`` is who asked (None: me, or a card's statement nobody chose)."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("clue", "indice"), _clue_slots, (OPPONENT, COLOUR, CARD, ASKER),
        N_("clue KIND WORDS... ANSWER [--opponent NAME] [--colour COLOUR] [--card TEXT] [--by NAME]"),
        french="indice")

    @classmethod
    def from_words(cls, game: "DeductionGame", found: Options) -> "ClueEvent":
        """Read ``area B2 yes`` / ``flower B3 red=yes blue=no`` / ``in staten island no``."""
        heard = cls.heard(game, found)
        return cls(heard.clue, heard.answers, heard.card, None if heard.asker == ME else heard.asker)

    @classmethod
    def heard(cls, game: "DeductionGame", found: Options) -> Heard:
        """The words of a clue step read against ``game``: its clue, its answers, its card and its asker."""
        words = list(found.positional)
        if not words:
            raise InputError(_("say which clue, e.g. area B2 yes ({help})").format(help=see_help("clue")))
        kind = game.kind_named(words[0])
        rest = words[1:]
        typed_answers: list[str] = []
        while rest and looks_like_answer(rest[-1]):
            typed_answers.insert(0, rest.pop())
        colour = found.last("colour")
        if colour is not None:
            rest.append(colour)
        if not typed_answers and len(rest) > len(kind.params) and not kind.params[-1].greedy:
            parse_answer(rest[-1])  # a misspelt answer: say so rather than count words
        clue = read_clue(game.board, kind.name, rest, asking_rules=not game.reading_saved)
        answers = game.answers(typed_answers, found.last("opponent"), kind)
        card = found.last("card")
        if game.reading_saved:  # a saved card keeps its text whatever its length or kind: 0.1 took any
            card = (card or "").strip() or None
        else:
            card = free_text(card, N_("the card's text"))
            card = game.board.card(card) if card is not None else None
        by = found.last("by")
        return Heard(clue, answers, card, game.player(by) if by is not None else None)

    def words(self, game: "DeductionGame") -> list[str]:
        words = ["clue", self.clue.kind, *self.clue.args]
        if len(game.items) == 1:
            words.append(answer_word(self.answers[0][1]))
        else:
            words += [f"{item}={answer_word(answer)}" for item, answer in self.answers]
        if self.card:
            words += ["--card", self.card]
        if self.by:
            words += ["--by", self.by]
        if self.power:
            words += ["--power", self.power]
        if self.aloud:
            words.append("--aloud")
        return words

    def facts(self, board: Board, number: int) -> list[Fact]:
        holds, clue, text = self.clue.accepted(board), self.clue, self.clue.text()
        # language -> (said, relation, neither): made once for all its answers, in each language read
        clue_words: dict[str, tuple[str, str, str]] = {}

        def wording(item: str, answer: bool) -> Wording:
            def words():  # -> (relation, label, neither); unannotated: an annotation here is made on every call
                spoken = language()
                if spoken not in clue_words:
                    clue_words[spoken] = (clue.said(board), clue.relation(board), clue.neither(board))
                said, relation, neither = clue_words[spoken]
                return relation, _("{clue}: {item} {answer}").format(
                    clue=said, item=board.local_item(item), answer=said_answer(answer)), neither
            return Wording(words)

        return [Fact(number, item, holds if answer else board.all - holds, text, answer, wording(item, answer))
                for item, answer in self.answers]

    def items(self) -> list[str]:
        return [item for item, unused in self.answers]


def read_verdict(word: str) -> bool:
    """A verdict on a cell as typed: right (also juste, ...) is True, wrong (also faux, ...) False."""
    if key(word) in RIGHT_WORDS:
        return True
    if key(word) in WRONG_WORDS:
        return False
    raise InputError(_("unknown verdict {verdict}: write right or wrong (also juste/faux)").format(verdict=shown(word)))


def verdict_facts(board: Board, number: int, item: str, cell: str, right: bool) -> list[Fact]:
    """What a verdict on ``cell`` says of ``item``: it is there (right), or anywhere else (wrong)."""
    on = CellSet.of([board.parse_cell(cell)])
    def words():  # -> (relation, label, neither)
        label = _("{cell} right") if right else _("{cell} wrong")  # read after "accusation 9"
        return _("on {cell}").format(cell=cell), label.format(cell=cell), ""

    return [Fact(number, item, on if right else board.all - on, f"accuse {cell}", right, Wording(words),
                 accusation=True)]


def said(event) -> tuple:
    """What a step says about the hidden cells, whoever said it and from whatever card: a clue is its clue
    and answers (its kind first: events of two kinds may hold equal values)."""
    return (ClueEvent, event.clue, event.answers) if isinstance(event, ClueEvent) else (type(event), event)


def repeats(event, earlier) -> bool:
    """Whether the clue ``event`` says nothing the clue ``earlier`` did not: the same clue with answers it
    already holds (whoever asked, whatever card it came from)."""
    if isinstance(event, ClueEvent) and isinstance(earlier, ClueEvent):
        return event.clue == earlier.clue and set(event.answers) <= set(earlier.answers)
    return False


def looks_like_answer(word: str) -> bool:
    """Whether a clue's word is an answer: 'yes', 'non', 'red=yes'."""
    name, sep, answer = word.partition("=")
    return is_answer(answer) if sep else is_answer(word)
