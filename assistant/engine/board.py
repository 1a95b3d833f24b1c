"""Boards: a grid whose cells carry attributes, loaded from YAML and validated.

A board file declares its attributes (``terrain``: one value per cell;
``flowers``: a set of values per cell) with their values and aliases, then
gives each cell's values. ``Board.from_mapping`` checks all of it and reports
every problem at once, each with its file and path; on success one mask per
attribute value is precomputed, so a clue is a lookup and a bit operation.
"""

from collections.abc import Mapping
from typing import Any

from assistant.engine.cells import Cell, CellSet, Grid
from assistant.engine.errors import DataError, InputError, cut, shown
from assistant.engine.i18n import N_, _, integer, localized, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.words import hint, join_either, join_names, key, parse_answer, plain_name

KINDS = ("one", "set")
MAX_SIDE = 702  # columns A to ZZ
MAX_CELLS = 10_000  # a 100x100 board: every command stays well under a second
NAMED_AT_MOST = 10  # names listed in one message; the rest are counted
HIDDEN_NOUN = N_("hidden item")  # what a board hides when its file does not say


def is_board_name(name: str) -> bool:
    """A board's name: lowercase ASCII letters, digits and hyphens, at most 64, not starting with a hyphen
    (the pattern ``[a-z0-9][a-z0-9-]{0,63}``)."""
    return plain_name(name, 64, "-", ascii_only=True) and name == name.lower()


class Value(NamedTuple):
    """One value of an attribute: 'grass', with its aliases ('herbe'), display colour and French name."""

    name: str
    aliases: tuple[str, ...] = ()
    colour: str | None = None
    symbol: str | None = None
    fr: str | None = None  # its name in French, when the board file gives one ('herbe')
    # how a statement about it reads, by clue kind: (kind, English, French), as the file's
    # said: {near: {en: near a factory, fr: près d'une usine}} (tuples: a board is hashed)
    said: tuple[tuple[str, str, str], ...] = ()

    @property
    def local_name(self) -> str:
        """The value's name in the language spoken ('herbe' in French, else 'grass')."""
        return localized({"fr": self.fr}, self.name)


class Attribute(NamedTuple):
    """A property of cells. kind 'one': exactly one value; 'set': several (``per_cell`` if fixed)."""

    name: str
    kind: str
    values: tuple[Value, ...]
    per_cell: int | None = None  # how many values each cell has, when fixed
    aliases: tuple[str, ...] = ()
    fr: str | None = None  # its name in French, when the board file gives one ('fleurs')

    @property
    def local_name(self) -> str:
        """The attribute's name in the language spoken ('fleurs' in French, else 'flowers')."""
        return localized({"fr": self.fr}, self.name)

    def value(self, text: str) -> Value:
        """The value named ``text`` (any case, accents, aliases), else InputError listing them."""
        wanted = key(text)
        for value in self.values:
            if wanted in (key(value.name), key(value.fr or value.name), *(key(alias) for alias in value.aliases)):
                return value
        names = ", ".join(value.local_name for value in self.values)
        raise InputError(_("unknown {attribute} {value}: expected one of {names}")
                         .format(attribute=self.local_name, value=shown(text), names=names))


class Landmark(NamedTuple):
    """A named place spanning cells, e.g. the JFK airport on D4 and E4."""

    name: str
    cells: CellSet
    aliases: tuple[str, ...] = ()
    said: tuple[tuple[str, str, str], ...] = ()  # as Value.said: (near, near JFK airport, près de l'aéroport JFK)


class Board(NamedTuple):
    """A validated board. Build it with ``Board.from_mapping``, never directly from YAML."""

    name: str
    title: str
    grid: Grid
    attributes: tuple[Attribute, ...]
    cell_values: tuple[Mapping[str, Any], ...]  # per cell: attribute -> value name or frozenset
    ponds: CellSet
    landmarks: tuple[Landmark, ...] = ()
    verified: bool = False
    note: str = ""
    hidden_items: tuple[str, ...] = ()  # empty: one hidden item per opponent
    hidden_noun: str = HIDDEN_NOUN
    distinct: bool = True
    questions: tuple[str, ...] = ()  # clue kinds players ask each other (the garden's three)
    statements: tuple[str, ...] = ()  # clue kinds cards state (New York's); none declared: every kind
    max_opponents: int | None = None  # the box's limit (the garden: four gangs, so me and three)
    masks: Mapping[tuple[str, str], CellSet] = {}  # (attribute, value) -> cells; never mutated
    french: Mapping[str, Any] = {}  # the board file's fr: its title, note, noun and items in French
    cards: tuple[Value, ...] = ()  # the kinds of cards whose statements are clues (none declared: any card text)

    # -- in the language spoken -------------------------------------------------------

    @property
    def local_title(self) -> str:
        """The board's title in the language spoken."""
        return self._local("title", self.title)

    @property
    def local_note(self) -> str:
        """The board's note (what is confirmed of its layout) in the language spoken."""
        return self._local("note", self.note) if self.note else ""

    @property
    def local_noun(self) -> str:
        """What is hidden ('loot', 'butin') in the language spoken."""
        return self._local("noun", _(HIDDEN_NOUN) if self.hidden_noun == HIDDEN_NOUN else self.hidden_noun)

    def local_item(self, item: str) -> str:
        """A hidden item's name in the language spoken ('thief', 'voleur'); an opponent's name stays as typed."""
        return localized({"fr": self.french.get("items", {}).get(item)}, item) if item in self.hidden_items else item

    def _local(self, field_name: str, english: str) -> str:
        return localized({"fr": self.french.get(field_name)}, english)

    # -- construction -----------------------------------------------------------------

    @classmethod
    def from_mapping(cls, data: object, source: str) -> "Board":
        """Validate a parsed board file; raise DataError listing every problem."""
        return _BoardReader(source).read(data)

    # -- queries ----------------------------------------------------------------------

    @property
    def all(self) -> CellSet:
        return self.grid.all

    @property
    def open(self) -> CellSet:
        """Cells where a hidden item may lie and a question may be asked from."""
        return self.grid.all - self.ponds

    @property
    def per_opponent(self) -> bool:
        return not self.hidden_items

    def clue_kinds(self) -> tuple[str, ...]:
        """The clue kinds heard on this board: its questions and statements (a board declaring neither: all)."""
        declared = self.questions + self.statements
        if declared:
            return declared
        from assistant.engine.clues import KINDS  # clues builds on boards: import at use

        return tuple(kind.name for kind in KINDS)

    def hears(self, kind: str) -> bool:
        return kind in self.clue_kinds()

    def name_of(self, cell: Cell) -> str:
        return self.grid.name(cell)

    def names(self, cells) -> list[str]:
        return self.grid.names(cells)

    def parse_cell(self, text: str) -> Cell:
        return self.grid.parse(text)

    def attribute(self, text: str) -> Attribute:
        """The attribute named ``text``; unknown -> InputError listing what the board has."""
        wanted = key(text)
        for attribute in self.attributes:
            if wanted in (key(attribute.name), key(attribute.fr or attribute.name),
                          *(key(a) for a in attribute.aliases)):
                return attribute
        names = ", ".join(a.local_name for a in self.attributes) or _("none")
        raise InputError(_("board {board} has no attribute {attribute}: it has {names}")
                         .format(board=self.name, attribute=shown(text), names=names))

    def said_word(self, word: str) -> str:
        """``word`` said in the language spoken when it names a value of this board ('wood', in French
        'bois'), or ``attribute=value`` ('kind=park'), or a list of values ('manhattan,bronx'); any other
        word as it is. Each is read back."""
        if "," in word and "=" not in word:
            return ",".join(map(self.said_word, word.split(",")))
        attribute_word, equals, value_word = word.rpartition("=")
        for attribute in self.attributes:
            if equals and key(attribute_word) != key(attribute.name):
                continue
            for value in attribute.values:
                if value.name == value_word:
                    return f"{attribute.local_name}={value.local_name}" if equals else value.local_name
        return word

    def phrase(self, kind: str, word: str) -> str | None:
        """How a statement of ``kind`` about ``word`` reads in the language spoken, when the board file says
        ('near factory' -> 'près d'une usine', 'in manhattan,bronx' -> 'à Manhattan ou dans le Bronx'): a
        place takes its article and its preposition ('dans le Bronx', 'à Brooklyn'), which no rule of
        grammar gives; None when the file says nothing of one of the words."""
        phrases = self.phrases(kind, word)
        return None if phrases is None else join_either(phrases)

    def phrases(self, kind: str, word: str) -> list[str] | None:
        """``phrase`` of each alternative of ``word`` ('manhattan,bronx' -> ['à Manhattan', 'dans le Bronx']),
        for a statement denied ('ni à Manhattan ni dans le Bronx'); None as ``phrase``."""
        phrases = []
        for part_word in word.split(","):
            part_word = part_word.rpartition("=")[2]  # has pictograms=factory: the factory
            sayings = [*(value.said for attribute in self.attributes for value in attribute.values
                         if value.name == part_word), *(mark.said for mark in self.landmarks if mark.name == part_word)]
            said = next((said for saying in sayings for said in saying if said[0] == kind), None)
            if said is None:
                return None
            phrases.append(localized({"fr": said[2]}, said[1]))
        return phrases

    def card(self, text: str) -> str:
        """A card as typed ('Informateur 3'), its kind in canonical words ('informant 3'): the first word
        names one of the board's kinds of cards (any language, any alias), the rest is free (a number,
        a level). A board declaring no kinds of cards takes any text."""
        if not self.cards or not text.split():
            return text
        kind_word = text.split(maxsplit=1)[0]
        rest = text[text.index(kind_word) + len(kind_word):]
        wanted = key(kind_word)
        for card in self.cards:
            if wanted in (key(card.name), key(card.fr or card.name), *map(key, card.aliases)):
                return card.name + rest
        spellings = [spelling for card in self.cards for spelling in (card.local_name, card.name, *card.aliases)]
        raise InputError(_("unknown card {card}: {hint} (a card is {kinds}, then what you like: --card '{example}')")
                         .format(card=shown(kind_word),
                                 hint=hint(kind_word, spellings, N_("see assistant clue --help")),
                                 kinds=join_either(card.local_name for card in self.cards),
                                 example=f"{self.cards[0].local_name} 3"))

    def said_card(self, text: str) -> str:
        """A saved card in the language spoken ('informateur 3'), read back by ``card``."""
        for card in self.cards:
            if text.split(maxsplit=1)[:1] == [card.name]:
                return card.local_name + text[text.index(card.name) + len(card.name):]
        return text

    def has_attribute(self, name: str) -> bool:
        return any(attribute.name == name for attribute in self.attributes)

    def cells_with(self, attribute: str, value: str) -> CellSet:
        """The cells whose ``attribute`` is (or includes) ``value`` (canonical names)."""
        return self.masks.get((attribute, value), CellSet())

    def values_at(self, cell: Cell, attribute: str) -> tuple[str, ...]:
        """The cell's value(s) of ``attribute`` as a tuple, in the attribute's order."""
        found = self.cell_values[cell].get(attribute)
        if found is None:
            return ()
        if isinstance(found, str):
            return (found,)
        order = [value.name for value in self.attribute(attribute).values]
        return tuple(sorted(found, key=order.index))

    def landmark(self, text: str) -> Landmark | None:
        wanted = key(text)
        for landmark in self.landmarks:
            if wanted in (key(landmark.name), *(key(a) for a in landmark.aliases)):
                return landmark
        return None

    def describe(self) -> dict:
        """The board as plain data, as ``board show --json`` prints it."""
        cells = {}
        for cell in range(self.grid.size):
            entry: dict[str, Any] = {}
            for attribute in self.attributes:
                values = self.values_at(cell, attribute.name)
                if cell in self.ponds:
                    entry[attribute.name] = None if attribute.kind == "one" else []
                else:
                    entry[attribute.name] = values[0] if attribute.kind == "one" else list(values)
            entry["pond"] = cell in self.ponds
            cells[self.name_of(cell)] = entry
        return {
            "name": self.name,
            "title": self.title,
            "verified": self.verified,
            "rows": self.grid.rows,
            "columns": self.grid.columns,
            "cells": cells,
        }


def unverified_notice(board: Board) -> str:
    """The line that warns a board's layout is not checked against the box yet, and how to check it."""
    if board.local_note:
        return _("notice: board {board} is unverified ({note}); fix cells with 'assistant board set {board} "
                 "CELL ...', then 'assistant board verify {board}'").format(board=board.name, note=board.local_note)
    return _("notice: board {board} is unverified; fix cells with 'assistant board set {board} CELL ...', "
             "then 'assistant board verify {board}'").format(board=board.name)


def cell_line(board: Board, cell: Cell) -> str:
    """A cell as ``board set`` confirms it: 'gnom-street C2: terrain=gravel, flowers=blue,yellow', or a pond.

    The values are named in the language spoken, each a word ``board set`` accepts back."""
    if cell in board.ponds:
        values = _("pond")
    else:
        pairs = []
        for attribute in board.attributes:
            names = [attribute.value(name).local_name for name in board.values_at(cell, attribute.name)]
            if names:
                pairs.append(f"{attribute.local_name}={','.join(names)}")
        values = ", ".join(pairs)
    return _("{board} {cell}: {values}").format(board=board.name, cell=board.name_of(cell), values=values)


def few(names: list[str]) -> str:
    """'A1, A2 and B1', or 'A1, ..., J1 and 490 more': a message names a few things, never thousands."""
    names = [part(name) for name in names]
    if len(names) <= NAMED_AT_MOST:
        return join_names(names)
    more = len(names) - NAMED_AT_MOST
    return (ngettext("{names} and {count} more", "{names} and {count} more", more)
            .format(names=", ".join(names[:NAMED_AT_MOST]), count=integer(more)))


def _expected(names: list[str], got: object) -> str:
    """A board file's cell value that is none of its attribute's values (said only when one is wrong: a
    board is read at every command)."""
    return _("expected one of {names} (got {value})").format(names=", ".join(names), value=shown(got))


def part(name: object) -> str:
    """A key of the file as a step of a path in a message (cells.B2), cut if it is long."""
    return cut(str(name), 40)


def parse_assignments(board: Board, words: list[str]) -> dict[str, Any]:
    """Turn ``terrain=gravel flowers=blue,yellow pond=no`` into canonical cell data.

    Used by ``board set`` so that a correction is validated against the board's
    own attributes before anything is written.
    """
    result: dict[str, Any] = {}
    if not words:
        names = ", ".join(a.local_name for a in board.attributes)
        raise InputError(_("say what to set, e.g. {attribute}=... (attributes: {names}, pond)")
                         .format(attribute=board.attributes[0].local_name, names=names))
    for word in words:
        name, sep, raw = word.partition("=")
        if not sep or not name.strip():
            raise InputError(_("expected ATTRIBUTE=VALUE, got {word} (e.g. pond=no)").format(word=shown(word)))
        if key(name) in ("pond", "mare"):
            result["pond"] = parse_answer(raw)
            continue
        attribute = board.attribute(name)
        parts = [part for part in raw.split(",") if part.strip()]
        if attribute.kind == "one":
            if len(parts) != 1:
                raise InputError(_("{attribute} takes one value, e.g. {attribute}={value}")
                                 .format(attribute=attribute.local_name, value=attribute.values[0].local_name))
            result[attribute.name] = attribute.value(parts[0]).name
        else:
            result[attribute.name] = [attribute.value(part).name for part in parts]
    return result


class _BoardReader:
    """Reads a board mapping, collecting every problem with its path."""

    def __init__(self, source: str):
        self.source = source
        self.problems: list[str] = []

    def problem(self, path: str, message: str) -> None:
        self.problems.append(f"{self.source}: {path}: {message}")

    def read(self, data: object) -> Board:
        if not isinstance(data, dict):
            raise DataError(_("{source}: expected a mapping with name, rows, columns, attributes, cells")
                            .format(source=self.source))
        known = {"name", "title", "verified", "note", "rows", "columns", "hidden", "attributes",
                 "landmarks", "cells", "questions", "statements", "max_opponents", "fr", "cards"}
        for extra in sorted(set(map(str, data)) - known):
            self.problem(part(extra), _("unknown key (expected one of {keys})").format(keys=", ".join(sorted(known))))
        name = self.text(data, "name")
        if name is not None and not is_board_name(name):
            self.problem("name", _("expected lowercase letters, digits and hyphens (got {name})").format(
                name=shown(name)))
        rows = self.size(data, "rows")
        columns = self.size(data, "columns")
        verified = data.get("verified", False)
        if not isinstance(verified, bool):
            self.problem("verified", _("expected true or false (got {value})").format(value=shown(verified)))
        attributes = self.attributes(data.get("attributes", {}))
        hidden_items, noun, distinct = self.hidden(data.get("hidden", {}))
        questions = self.clue_names(data.get("questions"), "questions", question=True)
        statements = self.clue_names(data.get("statements"), "statements", question=False)
        max_opponents = data.get("max_opponents")
        if max_opponents is not None and (isinstance(max_opponents, bool) or not isinstance(max_opponents, int)
                                          or not 1 <= max_opponents <= 99):
            self.problem("max_opponents", _("expected a whole number from {low} to {high} (got {value})")
                         .format(low=1, high=99, value=shown(max_opponents)))
        french = self.french(data.get("fr", {}))
        cards = tuple(self.values(data["cards"], "cards")) if "cards" in data else ()
        if rows is not None and columns is not None and rows * columns > MAX_CELLS:
            self.problem("rows", ngettext("a board has at most {most} cell (got {rows}x{columns} = {cells})",
                                          "a board has at most {most} cells (got {rows}x{columns} = {cells})",
                                          MAX_CELLS).format(most=integer(MAX_CELLS), rows=rows, columns=columns,
                                                            cells=integer(rows * columns)))
        if self.problems or rows is None or columns is None:
            raise DataError(self.problems or _("{source}: rows and columns are required").format(source=self.source))
        grid = Grid(rows, columns)
        cell_values, ponds = self.cells(data.get("cells"), grid, attributes)
        landmarks = self.landmarks(data.get("landmarks", {}), grid)
        if self.problems:
            raise DataError(self.problems)
        masks: dict[tuple[str, str], int] = {}
        for cell, values in enumerate(cell_values):
            for attribute, found in values.items():
                for value in ([found] if isinstance(found, str) else found):
                    masks[(attribute, value)] = masks.get((attribute, value), 0) | (1 << cell)
        return Board(
            name=name or "",
            title=str(data.get("title") or name),
            grid=grid,
            attributes=attributes,
            cell_values=tuple(cell_values),
            ponds=ponds,
            landmarks=landmarks,
            verified=bool(verified),
            note=str(data.get("note") or ""),
            hidden_items=hidden_items,
            hidden_noun=noun,
            distinct=distinct,
            questions=questions,
            statements=statements,
            max_opponents=max_opponents,
            masks={pair: CellSet(mask) for pair, mask in masks.items()},
            french=french,
            cards=cards,
        )

    # -- pieces -----------------------------------------------------------------------

    def text(self, data: dict, field_name: str, path: str | None = None) -> str | None:
        value = data.get(field_name)
        if not isinstance(value, str) or not value.strip():
            self.problem(path or field_name, _("expected a non-empty text (got {value})").format(value=shown(value)))
            return None
        return value

    def optional_text(self, data: dict, field_name: str, path: str) -> str | None:
        """A text the file may leave out (a French name); given, it is a non-empty text."""
        if data.get(field_name) is None:
            return None
        return self.text(data, field_name, path)

    def french(self, data: object) -> dict[str, Any]:
        """The board's texts in French: ``fr: {title, note, noun, items: {thief: voleur}}``."""
        known = ("title", "note", "noun", "items")
        if not isinstance(data, dict):
            self.problem("fr", _("expected a mapping with {keys}").format(keys=", ".join(known)))
            return {}
        for extra in sorted(set(map(str, data)) - set(known)):
            self.problem(f"fr.{part(extra)}", _("unknown key (expected one of {keys})").format(keys=", ".join(known)))
        result: dict[str, Any] = {name: self.optional_text(data, name, f"fr.{name}") for name in known[:3]}
        items = data.get("items") or {}
        if not isinstance(items, dict):
            self.problem("fr.items", _("expected a mapping of hidden item -> its French name"))
            items = {}
        result["items"] = {str(item): self.text(items, item, f"fr.items.{part(item)}") for item in items}
        return result

    def size(self, data: dict, field_name: str) -> int | None:
        value = data.get(field_name)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
            self.problem(field_name, _("expected a whole number from {low} to {high} (got {value})")
                         .format(low=1, high=MAX_SIDE, value=shown(value)))
            return None
        return value

    def names(self, value: object, path: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.problem(path, _("expected a list of names (got {value})").format(value=shown(value)))
            return ()
        return tuple(value)

    def clue_names(self, data: object, path: str, question: bool) -> tuple[str, ...]:
        """The clue kinds a board declares: questions players ask, or statements cards make."""
        from assistant.engine.clues import kind_named  # clues builds on boards: import at use

        result = []
        for name in self.names(data, path):
            try:
                kind = kind_named(name)
            except InputError as error:
                self.problem(path, str(error))
                continue
            if question and not kind.question:
                self.problem(path, _("{kind} is a card statement, not a question players ask").format(kind=kind.name))
            if not question and kind.question:
                self.problem(path, _("{kind} is a question players ask: list it under questions").format(
                    kind=kind.name))
            result.append(kind.name)
        return tuple(result)

    def attributes(self, data: object) -> tuple[Attribute, ...]:
        if not isinstance(data, dict):
            self.problem("attributes", _("expected a mapping of attribute name -> {{kind, values}}"))
            return ()
        result = []
        for name, spec in data.items():
            path = f"attributes.{part(name)}"
            if not isinstance(name, str) or key(name) in ("pond", "mare"):
                self.problem(path, _("expected an attribute name other than 'pond'"))
                continue
            if not isinstance(spec, dict):
                self.problem(path, _("expected a mapping with kind and values"))
                continue
            kind = spec.get("kind", "one")
            if kind not in KINDS:
                self.problem(f"{path}.kind", _("expected one of {names} (got {value})")
                             .format(names=", ".join(KINDS), value=shown(kind)))
            count = spec.get("count")
            if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
                self.problem(f"{path}.count", _("expected a whole number (got {value})").format(value=shown(count)))
                count = None
            values = self.values(spec.get("values"), f"{path}.values")
            result.append(Attribute(name, kind, tuple(values), count,
                                    self.names(spec.get("aliases"), f"{path}.aliases"),
                                    self.optional_text(spec, "fr", f"{path}.fr")))
        return tuple(result)

    def values(self, raw_values: object, path: str) -> list[Value]:
        """Named values, each with its aliases, colour, symbol and French name (an attribute's, the cards')."""
        values: list[Value] = []
        if not isinstance(raw_values, dict) or not raw_values:
            self.problem(path, _("expected a mapping of value name -> {{aliases, colour}}"))
            raw_values = {}
        for value_name, value_spec in raw_values.items():
            value_path = f"{path}.{part(value_name)}"
            if not isinstance(value_name, str):
                self.problem(value_path, _("expected a text name (got {value}; quote it)").format(
                    value=shown(value_name)))
                continue
            value_spec = value_spec or {}
            if not isinstance(value_spec, dict):
                self.problem(value_path, _("expected a mapping with aliases, colour, symbol"))
                continue
            values.append(Value(
                name=value_name,
                aliases=self.names(value_spec.get("aliases"), f"{value_path}.aliases"),
                colour=self.optional_text(value_spec, "colour", f"{value_path}.colour"),
                symbol=self.optional_text(value_spec, "symbol", f"{value_path}.symbol"),
                fr=self.optional_text(value_spec, "fr", f"{value_path}.fr"),
                said=self.phrases(value_spec.get("said"), f"{value_path}.said"),
            ))
        return values

    def phrases(self, data: object, path: str) -> tuple[tuple[str, str, str], ...]:
        """``said: {near: {en: near a factory, fr: près d'une usine}}``: by clue kind, the statement in
        English and in French (both required: the French is what the file adds)."""
        if data is None:
            return ()
        if not isinstance(data, dict):
            self.problem(path, _("expected a mapping of clue kind -> {{en, fr}}"))
            return ()
        result = []
        for kind, texts in data.items():
            kind_path = f"{path}.{part(kind)}"
            if not isinstance(texts, dict) or set(map(str, texts)) != {"en", "fr"}:
                self.problem(kind_path, _("expected a mapping with en and fr"))
                continue
            english, french = (self.text(texts, language, f"{kind_path}.{language}") or "" for language in ("en", "fr"))
            result.append((str(kind), english, french))
        return tuple(result)

    def hidden(self, data: object) -> tuple[tuple[str, ...], str, bool]:
        if not isinstance(data, dict):
            self.problem("hidden", _("expected a mapping with items or per_opponent, and noun"))
            return (), HIDDEN_NOUN, True
        items = self.names(data.get("items"), "hidden.items")
        noun = data.get("noun", HIDDEN_NOUN)
        distinct = data.get("distinct", True)
        if not isinstance(distinct, bool):
            self.problem("hidden.distinct", _("expected true or false (got {value})").format(value=shown(distinct)))
        return items, str(noun), bool(distinct)

    def cells(self, data: object, grid: Grid, attributes: tuple[Attribute, ...]):
        cell_values: list[dict[str, Any]] = [{} for unused in range(grid.size)]
        ponds = 0
        seen: set[int] = set()
        if not isinstance(data, dict):
            self.problem("cells", _("expected a mapping of cell name -> attributes"))
            return cell_values, CellSet()
        for name, spec in data.items():
            path = f"cells.{part(name)}"
            try:
                cell = grid.parse(str(name))
            except InputError:
                self.problem(path, _("no such cell on a {rows}x{columns} board").format(
                    rows=grid.rows, columns=grid.columns))
                continue
            if cell in seen:
                self.problem(path, _("cell given twice (also as {cell})").format(cell=grid.name(cell)))
                continue
            seen.add(cell)
            if not isinstance(spec, dict):
                self.problem(path, _("expected a mapping of attribute -> value"))
                continue
            pond = spec.get("pond", False)
            if not isinstance(pond, bool):
                self.problem(f"{path}.pond", _("expected true or false (got {value})").format(value=shown(pond)))
            if pond is True:
                ponds |= 1 << cell
                extras = sorted(set(spec) - {"pond"})
                if extras:
                    self.problem(path, _("a pond carries nothing else (remove {names})").format(names=few(extras)))
                continue
            for extra in sorted(set(map(str, spec)) - {a.name for a in attributes} - {"pond"}):
                names = ", ".join(a.name for a in attributes)
                self.problem(f"{path}.{part(extra)}",
                             _("unknown attribute (expected one of {names}, pond)").format(names=names))
            for attribute in attributes:
                found = self.cell_value(spec.get(attribute.name), attribute, f"{path}.{attribute.name}")
                if found is not None:
                    cell_values[cell][attribute.name] = found
        missing = [grid.name(cell) for cell in range(grid.size) if cell not in seen]
        if missing:
            self.problem("cells", _("missing {cells} (every cell must be listed)").format(cells=few(missing)))
        return cell_values, CellSet(ponds)

    def cell_value(self, raw: object, attribute: Attribute, path: str):
        names = [value.name for value in attribute.values]
        if attribute.kind == "one":
            if not isinstance(raw, str) or raw not in names:
                self.problem(path, _expected(names, raw))
                return None
            return raw
        raw = [] if raw is None else raw
        if not isinstance(raw, list):
            self.problem(path, _("expected a list of values from {names} (got {value})")
                         .format(names=", ".join(names), value=shown(raw)))
            return None
        bad = [item for item in raw if not isinstance(item, str) or item not in names]
        if bad:
            self.problem(path, _expected(names, bad[0]))
            return None
        if len(set(raw)) != len(raw):
            self.problem(path, _("a value is listed twice (got {value})").format(value=shown(raw)))
            return None
        if attribute.per_cell is not None and len(raw) != attribute.per_cell:
            self.problem(path, ngettext("expected exactly {count} value (got {got})",
                                        "expected exactly {count} values (got {got})", attribute.per_cell)
                         .format(count=attribute.per_cell, got=len(raw)))
            return None
        return frozenset(raw)

    def landmarks(self, data: object, grid: Grid) -> tuple[Landmark, ...]:
        if not isinstance(data, dict):
            self.problem("landmarks", _("expected a mapping of landmark name -> {{cells, aliases}}"))
            return ()
        result = []
        for name, spec in data.items():
            path = f"landmarks.{part(name)}"
            if not isinstance(spec, dict):
                self.problem(path, _("expected a mapping with cells and aliases"))
                continue
            cells = []
            for cell_name in self.names(spec.get("cells"), f"{path}.cells"):
                try:
                    cells.append(grid.parse(cell_name))
                except InputError:
                    self.problem(f"{path}.cells", _("no such cell {cell}").format(cell=shown(cell_name)))
            if not cells:
                self.problem(f"{path}.cells", _("expected at least one cell"))
            result.append(Landmark(str(name), CellSet.of(cells), self.names(spec.get("aliases"), f"{path}.aliases"),
                                   self.phrases(spec.get("said"), f"{path}.said")))
        return tuple(result)
