"""The game contract: every member the store, the faces, the evenings and the scenarios may call on a game.

A game is whatever class its ``GameType`` names (``registry.GameType.game_class``): a deduction sheet
over a board (``games/deduction``'s ``DeductionGame`` and the games built on it) or a score pad (built on
``engine/pad.py``'s ``ScorePad``). ``GameContract`` is what every one of them offers; it extends the
log's ``log.Log`` (recording, undo and retract, the saved form) and the grammar's ``grammar.Speaker``
(step forms, slot values), so this is the one written contract. What only some games offer is a
capability of its own, a smaller protocol named here: a face asks ``isinstance(game, Told)`` (or reads
the class's declarations in the registry) instead of guessing a member's name.

mypy checks each game class against it: every game's module ends with ::

    if TYPE_CHECKING:  # mypy checks the class against the game contract (engine/contract.py)
        _checked: type[GameContract] = GardenGame

which fails when a member is missing, its signature no longer fits, or the class is left abstract (a
pad that forgets one of ``ScorePad``'s abstract methods).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, Self, runtime_checkable

from assistant.engine.log import Log
from assistant.engine.records import NamedTuple

if TYPE_CHECKING:
    from assistant.engine.board import Board
    from assistant.engine.cells import Cell, CellSet
    from assistant.engine.grammar import Form
    from assistant.engine.log import Entry, History
    from assistant.engine.registry import Copy, Outcome
    from assistant.engine.sheet import Sheet


class GameContract(Log[Any], Protocol):
    """What every game offers, a deduction sheet or a score pad: its log (``log.Log``: ``name``, ``kind``,
    ``events``, ``read_step``, ``step``, ``record``, ``restore``, ``history``, ``restoring``, ``summary``,
    ``to_mapping``), its grammar (``forms``, ``values``, ``said_value``) and what follows."""

    # -- its grammar (``grammar.Speaker``) ------------------------------------------------------

    def forms(self) -> tuple[Form, ...]:
        """The forms of the steps it reads, undo and retract included (the grammar's verbs and slots)."""

    def values(self, slot: str) -> tuple[str, ...]:
        """The values of this game that fit ``slot`` (for completion); none for free words."""

    def said_value(self, slot: str, word: str) -> str:
        """A word of ``slot`` in a saved step as the player reads it (French names while French is spoken)."""

    def values_here(self, slot: str, words: list[str]) -> tuple[str, ...]:
        """The values of ``slot`` the step begun with ``words`` would take at this place (the grammar's
        narrowing); AssistantError saying why when none would."""

    def why_not(self, words: list[str]) -> str | None:
        """Why the step begun with ``words`` cannot be recorded now whatever comes next; None when it may be."""

    # -- who plays ----------------------------------------------------------------------------

    @property
    def players(self) -> Sequence[str]:
        """The players in seating order, as the faces list them."""

    def player(self, text: str) -> str:
        """The player ``text`` names (case and accents aside); refused naming the players."""

    # -- loading and saving -------------------------------------------------------------------

    def restored(self, events: Sequence[Any], history: History[Any] | None, state: Any, /) -> Self:
        """This empty game with the log ``events`` read back (``log.Restoring``), its history and state
        known already (None: derived when asked)."""

    def header(self) -> dict:
        """Who plays on what with which options, as saved (the saved form without its events)."""

    def _replace(self, *, name: str = ...) -> Self:
        """This game under another name (its record's ``_replace``): the store numbers a new game's name."""

    @classmethod
    def from_header(cls, data: dict, name: str, rules: Any, source: str, /) -> GameContract:
        """The empty game a saved header describes, read against ``rules`` (the boards, or the pad's rules
        file), checked; DataError naming ``source`` otherwise. A board's game is the class its board is
        played by, whichever deduction class is asked."""

    @classmethod
    def from_mapping(cls, data: dict, name: str, rules: Any, source: str,
                     where: Callable[[int], str] = ..., /) -> GameContract:
        """A saved game read back: its header checked, then its log (``log.load``, every bad step listed,
        each placed by ``where``)."""

    # -- where it stands and how it ends ------------------------------------------------------

    @property
    def EXPECTS(self) -> tuple[str, ...]:  # noqa: N802 (every game and pad declares it under this name)
        """What a scenario may expect after a step ('totals', 'winner', a sheet's 'cells'...)."""

    def report(self) -> list[str]:
        """What a face prints after each step: the news, or what the table needs to hear now."""

    def outcome(self) -> Outcome:
        """The end of the game as every face and the statistics tell it: finished or not, who won, the points."""

    def statistics(self) -> dict:
        """What the statistics keep of a game besides its outcome."""

    def next_game(self) -> str:
        """The command that starts the next game with the same players (a finished game's refusal names it)."""


# -- a deduction sheet over a board ------------------------------------------------------------


class OnBoard(Protocol):
    """A game played on a board (the store reads it against the board's file and the owner's corrections)."""

    @property
    def board(self) -> Board:
        """The board it is played on."""


class SheetGame(GameContract, OnBoard, Protocol):
    """A deduction sheet: who hides what on a board, worked out from the clues."""

    @property
    def items(self) -> tuple[str, ...]:
        """What is hidden: the items the players look for."""

    def item(self, text: str) -> str:
        """The item ``text`` names; refused naming them."""

    def cell_name(self, text: str) -> str:
        """The board's cell ``text`` names; refused naming the nearest."""

    def display(self, player: str) -> str:
        """How a player is shown (``me`` in the player's language)."""

    def sheet(self) -> Sheet:
        """The sheet the standing clues lead to: each cell's possibilities."""

    def entries(self) -> list[Entry[Any]]:
        """The numbered entries, each marked if it was taken back."""

    def current_mine(self) -> Cell | None:
        """My own cell in the set being played, when I have one."""

    def closed(self, item: str) -> Cell | None:
        """The cell ``item`` is known to be in once the game settled it (an accusation found it)."""

    def out_line(self) -> str | None:
        """One line naming who is out of the game, when someone is."""

    def notes(self) -> dict[int, str]:
        """A note per entry number, for the entries a saved log holds that the rules refuse today."""

    def match_score(self) -> str | None:
        """The sets won so far in a match of several sets; None for a single game."""

    def called_for(self, words: list[str]) -> tuple[str, ...]:
        """The words the rules call for next in the step begun with ``words`` (Tab types them)."""

    def as_saved(self) -> Self:
        """The game as its saved log is read: every step a saved log may hold among its forms."""


@runtime_checkable
class Told(Protocol):
    """A game that tells more of an entry than its step (a garden's repeated clue, the miniatures sent home)."""

    def told(self, entry: Entry[Any]) -> list[str]:
        """What ``entry`` told besides its step, a line each."""


@runtime_checkable
class PutsOut(Protocol):
    """A game that puts players out (a city's wrong accusers)."""

    def out(self) -> dict[str, Entry[Any]]:
        """Each player out, with the entry that put them out."""

    def display(self, player: str) -> str:
        """How a player is shown (``me`` in the player's language)."""


class TheirMaps(NamedTuple):
    """What each opponent can know of my loot, from the questions put to me (a garden's mirror)."""

    cells: dict[str, CellSet]  # each opponent's cells for my loot
    close: int  # a map down to this many cells (or fewer) is a danger, drawn loud
    warnings: list[str]  # a line for each opponent that close, in the player's language


@runtime_checkable
class AskedOfMe(Protocol):
    """A game where opponents ask me questions about my own hidden item (a garden): its mirror."""

    def their_maps(self, before: Self | None = None) -> TheirMaps:
        """Each opponent's map of my loot; with ``before`` (the game before the latest entry), warnings only
        for the maps that entry narrowed."""

    def asked_this_set(self) -> bool:
        """Whether a question put to me stands in the set being played (pictures then draw the maps unasked)."""


@runtime_checkable
class ReadsBack(Protocol):
    """A game that says some entries in more than one line (a question put to me: the answer to give and each
    opponent's map; a fight: the ranking and whom I ask)."""

    def read_back(self, entry: Entry[Any], before: Any) -> list[str] | None:
        """What the table hears once ``entry`` (the latest) is recorded, ``before`` the game without it; None:
        the step and the summary."""

    def summary_after(self, event: Any) -> str:
        """Where the game stands once ``event`` was recorded or taken back, in a few words."""


@runtime_checkable
class AdvisesMoles(Protocol):
    """A game whose players lay Mole and Bait tokens: where mine are worth most."""

    def moles_advice(self) -> Any:
        """The cells for my next Mole and Bait, best first, and how many are left (``moles.Advice``)."""


@runtime_checkable
class Tallies(Protocol):
    """A game ended by a tally of points counted from the pieces (a garden of 3 or 4 players)."""

    def tally(self, rules: str = "fr") -> Any:
        """The end-of-game tally by the rule book ``rules`` ('fr' or 'en'): a line per player, the notes on
        how stacks counted, the verdict (``verdict()``) and its ``to_mapping()``."""


# -- the sheets of one table -------------------------------------------------------------------


class CopiesActs(Protocol):
    """What an act becomes on another sheet of the table: the function a game declares as ``Acts.copies``
    (the store's ``spreading`` calls it through ``Acts.copied``). A game module that declares one checks it
    with a line mypy reads::

        if TYPE_CHECKING:
            _checked_copies: CopiesActs = copies

    ``origin`` and ``other`` are sheets of the game's own class at one table, ``owner`` and ``other_owner``
    the names their owners joined the table under."""

    def __call__(self, origin: Any, event: Any, owner: str, other: Any, other_owner: str, /) -> Sequence[Copy]:
        """The steps ``event``, an act accepted on ``origin``, becomes on ``other``, in the words ``other``
        saves (each a ``registry.Copy``, with what disagrees with ``other``'s own secret); none when
        ``other``'s owner does not learn it. Refused (AssistantError) when ``other`` cannot say it: a player
        it does not know."""


# -- a score pad -----------------------------------------------------------------------------------


class PadRow(Protocol):
    """A row of a pad's score table (``ScoreTable.rows``), as the faces draw it (``pictures.pad_table``)."""

    @property
    def number(self) -> int:
        """The row's number (a deal's, a round's)."""

    @property
    def title(self) -> str:
        """What was played, in canonical words (the exports keep them)."""

    @property
    def said(self) -> str:
        """The title in the player's language; empty: the title as it is."""

    @property
    def points(self) -> dict[str, int] | None:
        """Each player's points in this row; None while it is open or struck out."""

    @property
    def totals(self) -> dict[str, int]:
        """Each player's total once this row is counted."""

    @property
    def removed(self) -> bool:
        """Whether the row was struck out."""

    @property
    def note(self) -> str:
        """A note beside the row, in the player's language; empty: none."""


class ScoreTable(GameContract, Protocol):
    """A score pad: players, totals, a score table and what the table needs to hear."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players in seating order."""

    def rows(self) -> list[PadRow]:
        """The score table: one row per scored part of the game, with the running totals; none for a pad
        without rows."""

    def totals(self) -> dict[str, int]:
        """Each player's total so far."""

    def winner(self) -> str | None:
        """Who won, once the game is over."""

    def status(self) -> list[str]:
        """What the table needs to hear now."""


@runtime_checkable
class OwnScoreSheet(Protocol):
    """A pad whose totals table has columns of its own (the parts of each deal's points)."""

    def score_sheet(self) -> dict:
        """The score table as data (``pad --json``)."""

    def score_lines(self) -> list[list]:
        """The score table as lines of cells, a header first."""
