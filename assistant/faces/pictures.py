"""Pictures for the terminal: the only core-side module that imports rich.

Every function returns a Rich renderable built from ``Text`` objects, never
from markup strings, so a name typed by a player (``[b3]``) prints as typed.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rich import _wrap, box
from rich.color import Color
from rich.columns import Columns
from rich.console import Group, JustifyMethod, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.terminal_theme import DEFAULT_TERMINAL_THEME
from rich.text import Text

from assistant.engine import registry
from assistant.engine.board import Attribute, Board
from assistant.engine.cells import Cell, CellSet, column_letters
from assistant.engine.i18n import N_, _, decimal, language, ngettext, percent
from assistant.engine.registry import spoken
from assistant.engine.sheet import Sheet

# French typography puts a no-break space before : ; ! ? and inside « » (the catalogue uses U+00A0; U+202F is
# the narrow one). Rich, and Textual which wraps with Rich's divide_line, break a line at any Unicode space
# (a word is r"\s*\S+\s*"), so "indice 1 : zone" could leave the colon alone at the start of a line. A word
# here holds its no-break spaces; only the other spaces break (tests/test_french.py checks the wrap).
NO_BREAK = "\u00a0\u202f"
_wrap.re_word = re.compile(rf"[^\S{NO_BREAK}]*(?:[^\s]|[{NO_BREAK}])+[^\S{NO_BREAK}]*")

POND = "≈≈≈"
CROSS = "╳"
MINE = "★"

# What a 16-colour terminal shows for the shipped boards' colours, chosen so that
# every pair stays apart: left to Rich, wood and earth both become yellow, and
# white flowers sit on the same white as gravel. Any other colour is Rich's nearest.
SIXTEEN = {
    "green4": "green",  # grass
    "dark_orange3": "yellow",  # wood
    "orange4": "red",  # earth
    "grey50": "bright_black",  # gravel
    "dodger_blue1": "bright_blue",
    "red1": "bright_red",
    "yellow1": "bright_yellow",
    "grey93": "bright_white",  # white flowers, far from the gravel's grey
}


def _style(colour: str | None, bgcolor: str | None = None, **extra) -> Style:
    try:
        return Style(color=colour or None, bgcolor=bgcolor or None, **extra)
    except Exception:  # a colour name rich does not know (a user's board): draw it plain
        return Style(**extra)


def _ink(background: Color | None) -> str | None:
    """Black or white text, whichever reads on ``background`` (None: the terminal's own)."""
    if background is None:
        return None
    return "black" if _light(*background.get_truecolor(DEFAULT_TERMINAL_THEME)) else "bright_white"


def _light(red: int, green: int, blue: int) -> bool:
    """Whether black ink reads on this colour (else white)."""
    return 0.299 * red + 0.587 * green + 0.114 * blue > 110


def _on(colour: str | None, **extra) -> Style:
    """Text on a coloured ground: the ground as background, with ink that reads on it."""
    style = _style(None, colour, **extra)
    return style + _style(_ink(style.bgcolor)) if style.bgcolor else style


class Palette:
    """Draws a picture with colours the console tells apart.

    On a 16-colour console each colour of ``SIXTEEN`` becomes its chosen
    fallback, and text laid on a ground gets the ink that reads on the new
    ground; on other consoles the picture is drawn as it is."""

    def __init__(self, renderable: RenderableType):
        self.renderable = renderable

    def __rich_console__(self, console, options):
        if console.color_system not in ("standard", "windows"):
            yield self.renderable
            return
        for segment in console.render(self.renderable, options):
            style = segment.style
            yield segment if style is None or segment.control else Segment(segment.text, sixteen(style))

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        return Measurement.get(console, options, self.renderable)


@lru_cache(maxsize=256)
def sixteen(style: Style) -> Style:
    """``style`` for a 16-colour console: the fallbacks of ``SIXTEEN``, and ink that reads on the ground."""
    colour, ground = (_fallback(style.color), _fallback(style.bgcolor))
    if ground is not None and style.color is not None and style.color.name in ("black", "bright_white"):
        colour = Color.parse(_ink(ground))  # our ink: chosen again for the new ground
    return style + Style.from_color(colour, ground)


def _fallback(colour: Color | None) -> Color | None:
    return Color.parse(SIXTEEN[colour.name]) if colour is not None and colour.name in SIXTEEN else colour


def _ground(board: Board) -> Attribute | None:
    """The attribute that colours a cell's ground: the first one-value attribute (terrain, district)."""
    return next((attribute for attribute in board.attributes if attribute.kind == "one"), None)


ground = _ground  # for the printed sheets (assistant.printing), which draw the same marks in HTML


def css_colour(name: str | None) -> str | None:
    """A board value's colour as CSS ('#008700' for green4), for the printed sheets; None if unknown."""
    if not name:
        return None
    try:
        red, green, blue = Color.parse(name).get_truecolor(DEFAULT_TERMINAL_THEME)
    except Exception:  # a colour name rich does not know (a user's board): no colour, the marks still say it
        return None
    return f"#{red:02x}{green:02x}{blue:02x}"


def codes(attribute: Attribute) -> dict[str, str]:
    """Each value's mark in the drawings, so that no cell is told by colour alone, from its name in
    the language spoken ('Y' yellow, 'J' jaune): see ``_codes``."""
    return _codes(attribute, language())


@lru_cache(maxsize=64)
def _codes(attribute: Attribute, spoken: str) -> dict[str, str]:
    """The value's symbol from the board file, else its initial ('B' blue), or the initials of its
    words ('SI' staten-island), made longer when two collide. Where a cell holds several values
    side by side (flowers), a one-word name whose initial an earlier value took gets another letter
    of its own instead (French: 'B' bleu, then 'L' blanc): the chips stay one letter each."""
    result = {value.name: value.symbol for value in attribute.values if value.symbol}
    names = {value.name: value.local_name.lower().replace(" ", "-") for value in attribute.values}
    initials = [names[value.name][:1].upper() for value in attribute.values if not value.symbol]
    for value in attribute.values:
        if value.symbol:
            continue
        name = names[value.name]
        words = [word for word in name.split("-") if word] or [name]
        initial = words[0][:1].upper()
        taken = set(result.values())
        shared = initials.count(initial) > 1
        if len(words) == 1 and attribute.kind != "one":
            candidates = [initial] + [letter.upper() for letter in name[1:] if letter.isascii() and letter.isalpha()]
        elif len(words) == 1:
            candidates = [] if shared else [initial]
        else:
            candidates = ([] if shared else [initial]) + ["".join(w[:1] for w in words).upper()]
        candidates += [initial + letter for letter in name[1:] if letter.isalnum()]
        result[value.name] = next((code for code in candidates if code not in taken), name)
    return {value.name: result[value.name] for value in attribute.values}


def _marks(board: Board, cell: Cell) -> Text:
    """A cell's values as marks: its ground's code on the ground's colour, then each other value.

    A value with a symbol (a pictogram) is drawn in its colour; one without (a
    flower) is a chip, its letter on its colour. Read without colour, the marks
    alone tell every value (see ``legend``). Past two attributes, a space
    between each attribute's marks keeps them apart ('B3 Mn =♜ e')."""
    text = Text()
    spaced = len(board.attributes) > 2
    ground = _ground(board)
    for attribute in board.attributes:
        names = board.values_at(cell, attribute.name)
        if spaced and names:
            text.append(" ")
        for name in names:
            text.append_text(_mark(attribute, attribute.value(name), attribute == ground))
    return text


_last_marks: tuple = (None, "", {})  # (board, language, cell -> marks): those of the board drawn last


def board_marks(board: Board) -> dict[Cell, Text]:
    """Every open cell's marks (``_marks``), worked out once per board and language: the table screen draws
    the same board's sheets again at each entry. The texts are shared: copy one before changing it."""
    global _last_marks
    known, spoken, marks = _last_marks
    if known is not board or spoken != language():
        marks = {cell: _marks(board, cell) for cell in board.open}
        _last_marks = (board, language(), marks)
    return marks


def _mark(attribute: Attribute, value, ground: bool) -> Text:
    """One value's mark: on its colour (the ground's code, a chip), or a symbol in its colour."""
    mark = codes(attribute)[value.name]
    return Text().append(mark, _on(value.colour, bold=ground) if ground or not value.symbol else _style(value.colour))


def _named(board: Board, cell: Cell, found: bool = False) -> Text:
    """'A1' then the cell's marks: the name on its ground's colour (reversed when found)."""
    ground = _ground(board)
    values = board.values_at(cell, ground.name) if ground else ()
    colour = ground.value(values[0]).colour if ground is not None and values else None
    text = Text(board.name_of(cell), style=_on(colour, bold=True, reverse=found))
    text.append_text(_marks(board, cell))
    return text


def _grid_table(board: Board, title: Text | None, draw) -> Table:
    table = Table(title=title, show_lines=True, box=None if board.grid.columns > 26 else box.SQUARE,
                  padding=(0, 0), title_justify="left")
    table.add_column("", justify="right", style="dim")
    for column in range(board.grid.columns):
        table.add_column(column_letters(column), justify="center", min_width=5)
    for row in range(board.grid.rows):
        table.add_row(Text(str(row + 1)), *(draw(board.grid.cell(row, column))
                                            for column in range(board.grid.columns)))
    return table


COMPACT_ABOVE = 400  # cells: past this a board is drawn one character per cell


def cells_grid(board: Board, title: Text, remaining: CellSet, mine: Cell | None = None,
               odds: dict[Cell, float] | None = None, link=None) -> RenderableType:
    """A grid of the board with ``remaining`` cells shown and the others crossed.

    With ``odds``, each remaining cell shows its probability on a heat colour; ``link`` (a cell's
    name -> a Style) is laid over each cell (the table screen: a click explains the cell)."""
    if board.grid.size > COMPACT_ABOVE:
        return _compact_grid(board, title, remaining, mine)
    found = remaining.only()

    def draw(cell: Cell) -> Text:
        text = _drawn(cell)
        if link is not None:
            text.stylize(link(board.name_of(cell)))
        return text

    def _drawn(cell: Cell) -> Text:
        if cell in board.ponds:
            return Text(POND, style="bold blue")
        if cell == mine:
            return Text(MINE + _("mine"), style="bold magenta")
        if cell not in remaining:
            return Text(f" {CROSS} ", style="dim")
        if odds is not None:
            return _heat(board.name_of(cell), odds.get(cell, 0.0))
        return _named(board, cell, cell == found)

    return _grid_table(board, title, draw)


HEAT = ("grey30", "dark_orange3", "orange1", "red1", "bright_red")


def _heat(name: str, probability: float) -> Text:
    """'B3 25%' (French 'B3 25 %') on a colour from cold to hot. Every cell of a grid is as wide as its
    widest figure ('100%', '100 %': the narrow no-break space takes a column), so no cell wraps."""
    level = min(len(HEAT) - 1, int(probability * len(HEAT) * 1.5))
    # the ink that reads on each heat (black on the oranges, bright white on the grey and the reds)
    return Text(f"{name} {percent(probability):>{len(percent(1.0))}}", style=_on(HEAT[level], bold=probability >= 0.5))


def _compact_grid(board: Board, title: Text, remaining: CellSet, mine: Cell | None) -> Text:
    """One character per cell (● possible, · ruled out, ≈ pond, ★ mine): for boards too big for a table."""
    grid = board.grid
    marks = ["·"] * grid.size
    for cell in board.ponds:
        marks[cell] = "≈"
    for cell in remaining:
        marks[cell] = "●"
    if mine is not None:
        marks[mine] = "★"
    text = Text()
    text.append_text(title)
    width = len(str(grid.rows))
    for row in range(grid.rows):
        text.append(f"\n{row + 1:>{width}} ", style="dim")
        start = row * grid.columns
        text.append("".join(marks[start:start + grid.columns]))
    for cell in remaining:  # colour only the few cells that matter
        line_start = len(title) + (grid.row_of(cell) + 1) * (width + 2) + grid.row_of(cell) * grid.columns
        offset = line_start + grid.column_of(cell)
        text.stylize("bold green", offset, offset + 1)
    return text


def item_grid(sheet: Sheet, item: str, odds: dict[Cell, float] | None = None, link=None) -> RenderableType:
    """One item's sheet: crossed cells, ponds, my loot, remaining cells with their marks (or odds)."""
    board = sheet.board
    words, loud = item_title(sheet, item)
    title = Text(words, style={"none": "bold red", "found": "bold green"}.get(loud, ""))
    return Palette(cells_grid(board, title, sheet.candidates(item), sheet.mine, odds, link))


def item_title(sheet: Sheet, item: str) -> tuple[str, str]:
    """The heading of an item's grid ('red: 7 cells left', 'red: FOUND at D3'), and what it tells:
    'none' (no cell fits), 'found', or '' (still searching)."""
    board = sheet.board
    remaining = sheet.candidates(item)
    found = remaining.only()
    shown = board.local_item(item)
    if not sheet.consistent and not remaining:
        return _("{item}: no cell fits the clues!").format(item=shown), "none"
    if found is not None:
        return _("{item}: FOUND at {cell}").format(item=shown, cell=board.name_of(found)), "found"
    return ngettext("{item}: {count} cell left", "{item}: {count} cells left", len(remaining)).format(
        item=shown, count=len(remaining)), ""


def sheet(sheet: Sheet, closed: dict[str, Cell | None] | None = None, odds=None, theirs=None,
          link=None) -> RenderableType:
    """Every item's grid side by side, loud lines for found items, and the legend.

    ``odds`` (advisor.Odds) turns each grid into a heat map of probabilities;
    ``theirs`` (``contract.TheirMaps``, the game's mirror) adds beside them each
    opponent's map of my loot, and a warning under them for those close to it; ``link``: see cells_grid."""
    grids = [item_grid(sheet, item, odds.items[item] if odds else None, link) for item in sheet.items]
    if theirs is not None:
        grids += [their_grid(sheet.board, player, cells, sheet.mine, len(cells) <= theirs.close)
                  for player, cells in theirs.cells.items()]
    compact = sheet.board.grid.size > COMPACT_ABOVE
    parts: list[RenderableType] = grids if compact else [Columns(grids, padding=(0, 2))]
    for item in sheet.items:
        cell = sheet.found(item)
        if cell is not None:
            parts.append(Text(found_line(sheet.board, item, cell, bool(closed and closed.get(item) == cell)),
                              style="bold green"))
    if not sheet.consistent:
        parts.append(Text(_("!!! the clues contradict each other: retract the misheard one"), style="bold red"))
    for line in theirs.warnings if theirs is not None else ():
        parts.append(Text(line, style="bold yellow"))
    if odds is not None:
        parts.append(Text(_("odds: {method}").format(method=odds.method), style="dim"))
    parts.append(legend(sheet.board))
    return Palette(Group(*parts))


def their_grid(board: Board, player: str, cells: CellSet, mine: Cell | None, close: bool = False) -> RenderableType:
    """One opponent's map of my loot: the cells where they can still place it (mine marked ★); ``close``: few
    enough to warn of, its title loud."""
    title = Text(ngettext("{player}'s map of your loot: {count} cell", "{player}'s map of your loot: {count} cells",
                          len(cells)).format(player=player, count=len(cells)),
                 style="bold yellow" if close else "")
    return Palette(cells_grid(board, title, cells, mine))


FOUND_LINES = {  # (one hidden item per opponent, case closed) -> the line under the grids
    (True, False): N_(">>> found: {item}'s {noun} is on {cell} <<<"),
    (False, False): N_(">>> found: the {noun} is on {cell} <<<"),
    (True, True): N_(">>> case closed: {item}'s {noun} is on {cell} <<<"),
    (False, True): N_(">>> case closed: the {noun} is on {cell} <<<"),
}


def found_line(board: Board, item: str, cell: Cell, closed: bool) -> str:
    """'>>> found: blue's loot is on D3 <<<', or the thief's, or 'case closed' once accused."""
    return _(FOUND_LINES[board.per_opponent, closed]).format(item=item, noun=board.local_noun, cell=board.name_of(cell))


def compact_sheet(sheet: Sheet, odds=None, link=None) -> RenderableType:
    """Every item's grid at one line a row, side by side (stacked when they do not fit across), for a
    small terminal (the table screen): a possible cell shows its marks (terrain and flowers, or
    district and pictograms: the legend below says which), · ruled out, ≈ pond, ★ my loot; with
    ``odds`` (advisor.Odds) a possible cell shows its probability in percent instead; ``link``: see
    cells_grid."""
    board, grid = sheet.board, sheet.board.grid
    marked = odds is None and grid.size <= COMPACT_ABOVE
    marks = board_marks(board) if marked else {}
    width = max([3 if odds is None else 4, *(len(text) + 1 for text in marks.values())])  # ' 100': never glued

    def draw(cell: Cell, item: str, remaining: CellSet, found: Cell | None) -> Text:
        if cell in board.ponds:
            return Text(f"{'≈':^{width}}", style="blue")
        if cell == sheet.mine:
            return Text(f"{MINE:^{width}}", style="magenta")
        if cell not in remaining:
            return Text(f"{'·':^{width}}", style="dim")
        if odds is not None:
            return Text(f"{odds.items[item].get(cell, 0.0) * 100:>{width}.0f}", style="bold")
        if not marked:
            return Text(f"{'●':^{width}}", style=Style(bold=True, reverse=cell == found))
        mark = marks[cell].copy()
        if cell == found:
            mark.stylize("reverse bold")
        return Text(" ").append_text(mark).append(" " * (width - 1 - len(mark)))

    grids = []
    for item in sheet.items:
        remaining = sheet.candidates(item)
        found = remaining.only()
        if found is not None:
            status = _("{item}: FOUND on {cell}").format(item=board.local_item(item), cell=board.name_of(found))
        else:
            status = (ngettext("{item}: {count} left", "{item}: {count} left", len(remaining))
                      .format(item=board.local_item(item), count=len(remaining)))
        text = Text(status + "\n", style="bold")
        label = len(str(grid.rows))
        text.append(" " * label + "".join(f"{column_letters(c):^{width}}" for c in range(grid.columns)), style="dim")
        for row in range(grid.rows):
            text.append(f"\n{row + 1:>{label}}", style="dim")
            for column in range(grid.columns):
                cell = grid.cell(row, column)
                drawn = draw(cell, item, remaining, found)
                if link is not None:
                    drawn.stylize(link(board.name_of(cell)))
                text.append_text(drawn)
        grids.append(text)
    if odds is not None:
        key = _("odds in %  · ruled out")
    else:
        key = _("marks: possible  · ruled out") if marked else _("● possible  · ruled out")
    key += _("  ≈ pond  {mine} your loot").format(mine=MINE) if board.ponds else ""
    parts: list[RenderableType] = [Columns(grids, padding=(0, 1)), Text(key, style="dim")]
    if marked:
        parts.append(legend(board, marks_only=True))
    return Group(*parts)


def legend(board: Board, marks_only: bool = False) -> RenderableType:
    """What each mark means: '╳ ruled out', then one line per attribute ('flowers: B blue  R red ...');
    ``marks_only``: the attributes' lines alone (the compact sheet says its own key)."""
    marks = dict(cross=CROSS, pond=POND, mine=MINE)
    lines: list[RenderableType] = [] if marks_only else [
        Text(_("{cross} ruled out   {pond} pond   {mine} your loot").format(**marks) if board.ponds else
             _("{cross} ruled out").format(**marks), style="dim")]
    ground = _ground(board)
    for attribute in board.attributes:
        entries = []
        for value in attribute.values:
            entry = _mark(attribute, value, attribute == ground)
            entry.append(f" {value.local_name}")
            entries.append(entry)
        label = _("{attribute}: ").format(attribute=attribute.local_name)
        lines.append(_Wrapped(Text().append(label, "dim"), entries))
    return Group(*lines)


class _Wrapped:
    """'label: entry  entry  entry', wrapped between entries (never inside one) to the width."""

    def __init__(self, label: Text, entries: list[Text]):
        self.label, self.entries = label, entries

    def __rich_console__(self, console, options):
        start = self.label.cell_len
        line, width = self.label.copy(), start
        for entry in self.entries:
            if width > start and width + 2 + entry.cell_len > options.max_width:
                yield line
                line, width = Text(" " * start), start
            elif width > start:
                line.append("  ")
                width += 2
            line.append_text(entry)
            width += entry.cell_len
        yield line

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        start = self.label.cell_len
        widest = max((entry.cell_len for entry in self.entries), default=0)
        whole = start + sum(entry.cell_len + 2 for entry in self.entries) - 2
        return Measurement(start + widest, max(whole, start)).with_maximum(options.max_width)


def board(board: Board) -> RenderableType:
    """The board itself: each cell's ground colour, marks and values."""

    def draw(cell: Cell) -> Text:
        if cell in board.ponds:
            return Text(POND, style="bold blue")
        return _named(board, cell)

    status = _("verified by you") if board.verified else _("UNVERIFIED: check it against your box")
    title = Text(_("{title} ({rows}x{columns}, {status})").format(
        title=board.local_title, rows=board.grid.rows, columns=board.grid.columns, status=status))
    return Palette(Group(title, _grid_table(board, None, draw), legend(board)))


# -- replays ---------------------------------------------------------------------------


def heading(text: str) -> Text:
    return Text(text, style="bold")


def step_line(outcome) -> Text:
    """'step 3: clue area B2 red=no', then what came of it."""
    from assistant.engine.contract import Told

    text = Text(_("step {number}: ").format(number=outcome.step.number), style="bold")
    text.append(outcome.step.text)
    if outcome.refused is not None:
        text.append("\n  " + _("refused: {reason}").format(reason=outcome.refused), style="yellow")
    elif isinstance(game := outcome.game, Told):  # a garden's: the clue it repeats, the miniatures it sends home
        entries = outcome.game.history().entries
        if entries and entries[-1].event is outcome.step.event:
            for line in game.told(entries[-1]):
                text.append("\n  " + line)
    return text


def diagnostic(outcome) -> RenderableType:
    """Why a step's expectations failed: the step, each difference, expected and actual sheets."""
    game = outcome.game
    parts: list[RenderableType] = [
        Text(_("MISMATCH at step {number}: {step}").format(number=outcome.step.number, step=outcome.step.text),
             style="bold red")]
    for line in outcome.mismatches:
        parts.append(Text(f"  - {line}"))
    expected = (outcome.step.expect.candidates or {}) if outcome.step.expect else {}
    if not expected:  # a score pad's expectations, or none about cells: the lines say it all
        return Palette(Group(*parts))
    board, sheet_ = game.board, game.sheet()
    for item, names in expected.items():
        wanted = CellSet.of(board.parse_cell(name) for name in names)
        actual = sheet_.candidates(item)
        if wanted != actual:
            shown = board.local_item(item)
            parts.append(Columns([
                cells_grid(board, Text(_("{item}: expected ({count})").format(item=shown, count=len(wanted))),
                           wanted, game.mine),
                cells_grid(board, Text(_("{item}: actual ({count})").format(item=shown, count=len(actual))),
                           actual, game.mine),
            ], padding=(0, 2)))
    return Palette(Group(*parts))


# -- score pads --------------------------------------------------------------------------


def declared_title(name: str) -> str:
    """Title ``name`` ('tally', 'stats-rounds') of the game that declares it, in the language spoken."""
    title = registry.titled(name)
    return _(title) if title else ""


PAD_COLUMNS = (N_("round"), N_("what was played"))  # a pad's first two headings, where it declares none


def pad_table(game) -> Table:
    """Rounds as rows (a pad's deals): what was played, each player's points and running total, under the
    title and column headings the pad declares."""
    from assistant.engine.i18n import _

    declared = registry.of_game(game)
    title = declared.title_of("table")
    table = Table(title=Text(_(title).format(name=game.name) if title else game.name), title_justify="left",
                  box=box.SQUARE)
    number, what = declared.columns or PAD_COLUMNS
    table.add_column(_(number), justify="right")
    table.add_column(_(what), overflow="fold")  # a long name wraps, never cut
    for player in game.players:
        table.add_column(Text(player), justify="right")
    rows = game.rows()
    notes = any(row.note for row in rows)
    if notes:
        table.add_column(_("note"), style="dim", overflow="fold")
    for row in rows:
        if row.points is None:
            cells = [Text("-", style="dim") for unused in game.players]
        else:
            cells = [Text(f"{row.points[p]:+d} = {row.totals[p]}") for p in game.players]
        table.add_row(Text(str(row.number)), Text(row.said or row.title, style="strike" if row.removed else ""),
                      *cells, *([Text(row.note)] if notes else []))
    if rows:
        table.rows[-1].end_section = True  # a line above the totals
    totals, end = game.totals(), game.outcome()
    winner = " + ".join(end.winners)
    said = _("{winner} wins").format(winner=winner) if winner else ""
    table.add_row(Text(""), Text(_("total"), style="bold"), *(Text(str(totals[p]), style="bold") for p in game.players),
                  *([Text(said, style="bold")] if notes else []))
    if winner and not notes:
        table.caption, table.caption_justify = Text(said, style="bold"), "left"
    return table


def tally_table(result) -> Group:
    """A garden's end: one column per rule, one row per player, and how stacks counted (titled as its game
    declares)."""
    from assistant.engine.i18n import _

    table = Table(box=box.SQUARE, title=Text(declared_title("tally")), title_justify="left")
    table.add_column(_("player"), justify="left")
    for name in (_("miniatures"), _("loot"), _("baits"), _("total")):
        table.add_column(name, justify="right")
    for line in result.lines:
        table.add_row(Text(spoken(line.player)), Text(f"{line.miniatures:+d}"),
                      Text(str(line.loot)), Text(str(line.baits)), Text(str(line.total), style="bold"))
    notes = Text("\n".join(result.said or result.notes), style="dim")
    return Group(table, notes, Text(result.verdict(), style="bold"))  # the picture carries the result


GNOME_STYLE = {"red": "bold red1", "blue": "bold dodger_blue1", "yellow": "bold yellow1", "green": "bold green3"}


def tug(game) -> Group:
    """The rope: the hose over its flagstones, the fence, both lines of gnomes.

    Each gnome shows its colour's letter (R B Y G, in French R B J V) in its colour, and a
    legend says which is which: the colours are never told by colour alone."""
    from assistant.engine.i18n import _

    def said(colour: str) -> str:  # rouge, jaune: the words a French table types
        return game.said_value("card", colour)

    def letter(colour: str) -> str:
        return said(colour)[:1].upper()

    colours = tuple(GNOME_STYLE)
    state = game.state()
    halves = []
    for half in hose(game, state):
        text = Text()
        for colour in half:
            text.append(f" {letter(colour)} " if colour else " · ", GNOME_STYLE[colour] if colour else "dim")
        halves.append(text)
    legend = Text(_("gnomes: "))
    for number, colour_name in enumerate(colours):
        legend.append(letter(colour_name), GNOME_STYLE[colour_name])
        legend.append(f" {said(colour_name)}" + (", " if number < len(colours) - 1 else ""))
    legend.append(_("; · a free flagstone; ║ the fence"))
    line = Text()
    line.append(f"{game.side_name(0)} ", style="bold")
    line.append_text(halves[0])
    line.append("║", style="bold white")
    line.append_text(halves[1])
    line.append(f" {game.side_name(1)}", style="bold")
    recent = Text("\n".join(state.log[-4:]), style="dim")
    return Group(line, legend, Text(hose_said(game, state), style="dim"), recent)


def hose(game, state) -> tuple[list[str | None], list[str | None]]:
    """The flagstones of each side of the fence, left to right: a gnome's colour, or None where none stands."""
    left = [state.lines[0][position] if position < len(state.lines[0]) else None
            for position in range(state.far(0))]  # from the back of side 0's line towards the fence
    right = [state.lines[1][position] if position < len(state.lines[1]) else None
             for position in reversed(range(state.far(1)))]  # from the fence to the back of side 1's line
    return left, right


def hose_said(game, state) -> str:
    """Where the hose stands, in words: 'hose: centred; Ana's front gnome 8 from the fence; ...'."""
    from assistant.engine.i18n import _, ngettext

    if state.shift:
        moved = abs(state.shift)
        toward = ngettext("{count} flagstone towards {side}", "{count} flagstones towards {side}", moved).format(
            count=moved, side=game.side_name(0 if state.shift > 0 else 1))
    else:
        toward = _("centred")
    fronts = [ngettext("{side}'s front gnome {distance} from the fence",
                       "{side}'s front gnome {distance} from the fence",
                       max(state.front(s), 0)).format(side=game.side_name(s), distance=max(state.front(s), 0))
              if state.lines[s] else _("{side} has no gnome yet").format(side=game.side_name(s)) for s in (0, 1)]
    return _("hose: {toward}; {first}; {second}").format(toward=toward, first=fronts[0], second=fronts[1])


def with_report(picture: RenderableType, lines) -> Group:
    """A picture and what the table needs to hear under it (the score, whose turn, the winner)."""
    return Group(picture, Text("\n".join(lines), style="bold"))


def pad(game) -> RenderableType:
    """A score pad's picture, as it declares: the rope, or the score table."""
    return tug(game) if registry.of_game(game).picture == "rope" else pad_table(game)


# -- statistics across games -----------------------------------------------------------------------

BAR = "█"
HALF_BAR = "▌"
BAR_WIDTH = 16  # a bar and its table fit 80 columns


def bar(value: float, top: float, width: int = BAR_WIDTH, style: str = "green3") -> Text:
    """A bar of ``value`` out of ``top``, in half blocks; the number is always printed beside it, so the
    colour only repeats what the length and the figure say."""
    halves = round(2 * width * value / top) if top > 0 else 0
    return Text(BAR * (halves // 2) + HALF_BAR * (halves % 2), style=style)


def _signed_bar(value: float, top: float) -> Text:
    """A bar to the right for points won, to the left (after a minus sign) for points lost."""
    drawn = bar(abs(value), top, BAR_WIDTH // 2, "green3" if value >= 0 else "red1")
    text = Text(("+" if value >= 0 else "-"), style="bold")
    text.append_text(drawn)
    return text


LEFT: JustifyMethod = "left"  # how a column of a statistics table is aligned
RIGHT: JustifyMethod = "right"


def _add_column(table: Table, heading: str, justify: JustifyMethod) -> None:
    """A column of a statistics table; the bars' own (no heading) keeps its whole width, never cut."""
    if heading:
        table.add_column(heading, justify=justify)
    else:
        table.add_column("", justify="left", no_wrap=True, min_width=BAR_WIDTH + 1)


def stats(summary: dict, names: dict[str, str] | None = None) -> RenderableType:
    """Statistics across saved games: win rates as bars, then what each kind of game keeps.

    ``names``: quest faces and special cards by id, as the player reads them ('7A Most Victories', 'Druide')."""
    players = summary["players"]
    parts: list[RenderableType] = [heading(ngettext(
        "{games} game, {finished} finished", "{games} games, {finished} finished", summary["games"]).format(
        games=summary["games"], finished=summary["finished"]))]
    if not players:
        return Group(*parts)
    table = Table(box=box.SIMPLE_HEAD, title=Text(_("wins per player (win rate: games won / games finished)")),
                  title_justify="left")
    for column, justify in ((_("player"), LEFT), (_("played"), RIGHT), (_("finished"), RIGHT),
                            (_("won"), RIGHT), (_("win rate"), RIGHT), ("", LEFT)):
        _add_column(table, column, justify)
    for row in players:
        rate = row["win_rate"]
        table.add_row(Text(spoken(row["name"])), Text(str(row["played"])), Text(str(row["finished"])),
                      Text(str(row["won"])), Text("-" if rate is None else percent(rate)),
                      bar(rate or 0, 1))
    parts.append(table)
    gnom = [row for row in players if row["sets_won"] or row["finds"]]
    if gnom:
        top = max(row["mean_turns_to_find"] or 0 for row in gnom)
        table = Table(box=box.SIMPLE_HEAD, title=Text(declared_title("stats-sets")), title_justify="left")
        for column, justify in ((_("player"), LEFT), (_("sets won"), RIGHT), (_("loots found"), RIGHT),
                                (_("mean turns"), RIGHT), ("", LEFT)):
            _add_column(table, column, justify)
        for row in gnom:
            mean = row["mean_turns_to_find"]
            table.add_row(Text(spoken(row["name"])), Text(str(row["sets_won"])), Text(str(row["finds"])),
                          Text("-" if mean is None else decimal(mean)), bar(mean or 0, top))
        parts.append(table)
    rope = [row for row in players if row["rounds"]]
    if rope:
        table = Table(box=box.SIMPLE_HEAD, title=Text(declared_title("stats-rounds")),
                      title_justify="left")
        for column, justify in ((_("player"), LEFT), (_("rounds"), RIGHT), (_("won"), RIGHT), ("", LEFT)):
            _add_column(table, column, justify)
        for row in rope:
            table.add_row(Text(row["name"]), Text(str(row["rounds"])), Text(str(row["rounds_won"])),
                          bar(row["rounds_won"], row["rounds"]))
        parts.append(table)
    if summary["quests"]:
        parts.append(_quest_means(summary, players, names or {}))
    parts.append(_plays(summary["history"]))
    return Group(*parts)


HISTORY_SHOWN = 10  # the latest plays drawn; --json lists them all


def _plays(history: list[dict]) -> RenderableType:
    """The latest plays, newest first: day, game, kind, who won (or that it goes on)."""
    table = Table(box=box.SIMPLE_HEAD, title_justify="left", title=Text(ngettext(
        "the latest play ({count} in all; --json lists them all)",
        "the latest plays ({count} in all; --json lists them all)", len(history)).format(count=len(history))))
    for column in (_("day"), _("game"), _("kind"), _("result")):
        table.add_column(column)
    for play in history[:HISTORY_SHOWN]:
        if not play["finished"]:
            result = _("not finished")
        elif play["winners"]:
            result = _won(play["winners"], play.get("me"))
        else:
            result = _("finished, no winner")
        game = play["name"] if not play.get("phone") else _("{name} ({player}'s phone)").format(
            name=play["name"], player=play["phone"])
        table.add_row(Text(play["date"]), Text(game), Text(play["kind"]), Text(result))
    return table


def _won(winners: list[str], me: str | None) -> str:
    """Who won a play, said to the owner of its sheet (``me``, the name they go by there): 'you won',
    'Ana and you won', 'Ana + Ben won'."""
    others = [spoken(name) for name in winners if name != (me or registry.ME)]
    if not others:
        return _("you won")
    if len(others) < len(winners):
        return _("{winners} and you won").format(winners=" + ".join(others))
    return ngettext("{winners} won", "{winners} won", len(others)).format(winners=" + ".join(others))


def _quest_means(summary: dict, players: list[dict], names: dict[str, str]) -> RenderableType:
    """The quest pad's means: each quest face's mean points per deal (all players, as bars, then each
    player's), the same by special card, and who chose which face."""
    top = max((abs(mean["mean"]) for mean in summary["quests"].values()), default=1) or 1
    chart = Table(box=box.SIMPLE_HEAD, title=Text(declared_title("stats-quests")), title_justify="left")
    for column, justify in ((_("quest"), LEFT), (_("deals"), RIGHT), (_("mean"), RIGHT), ("", LEFT)):
        _add_column(chart, column, justify)
    for face, mean in summary["quests"].items():
        chart.add_row(Text(names.get(face, face)), Text(str(mean["deals"])),
                      Text(decimal(mean["mean"], 1, signed=True)), _signed_bar(mean["mean"], top))
    roi = [row for row in players if row["quests"]]
    table = Table(box=box.SIMPLE_HEAD, title=Text(_("each player's mean points, by quest face (deals in "
                                                     "brackets)")), title_justify="left")
    table.add_column(_("quest"), justify="left")
    for row in roi:
        table.add_column(Text(row["name"]), justify="right")
    for face in summary["quests"]:
        table.add_row(Text(face), *(Text(
            f"{decimal(row['quests'][face]['mean'], 1, signed=True)} ({row['quests'][face]['deals']})")
                                    if face in row["quests"] else Text("-", style="dim") for row in roi))
    specials = Table(box=box.SIMPLE_HEAD, title=Text(_("mean points per deal, by special card")),
                     title_justify="left")
    specials.add_column(_("special card"), justify="left")
    for row in roi:
        specials.add_column(Text(row["name"]), justify="right")
    for card in sorted({card for row in roi for card in row["specials"]}):
        specials.add_row(Text(names.get(card, card)),
                         *(Text(f"{decimal(row['specials'][card]['mean'], 1, signed=True)} "
                                f"({row['specials'][card]['deals']})")
                           if card in row["specials"] else Text("-", style="dim") for row in roi))
    chose = Text("\n".join(_("{player} chose {faces}").format(
        player=row["name"],
        faces=", ".join(f"{face} x{count}" for face, count in row["chose"].items()))
        for row in roi if row["chose"]))
    return Group(chart, table, specials, chose)


def web_colour(colour: str | None) -> tuple[str, str] | None:
    """A board colour for the phones' page, as the terminal draws it: ('#rrggbb' ground, 'black' or 'white' ink).
    None: no colour, or one rich does not know (a user's board): the cell is drawn plain."""
    if not colour:
        return None
    try:
        red, green, blue = Color.parse(colour).get_truecolor(DEFAULT_TERMINAL_THEME)
    except Exception:
        return None
    # the ink that reads best by WCAG's contrast ratio: black or white, whichever is higher (at worst 4.58:1,
    # past the 4.5:1 every text needs; the terminal's rule of thumb left red letters at 4.0:1)
    ground = relative_luminance(red, green, blue)
    return f"#{red:02x}{green:02x}{blue:02x}", "black" if (ground + 0.05) / 0.05 >= 1.05 / (ground + 0.05) else "white"


def relative_luminance(red: int, green: int, blue: int) -> float:
    """WCAG 2's relative luminance of an sRGB colour (0: black, 1: white)."""
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(first: tuple[int, int, int], second: tuple[int, int, int]) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    lighter, darker = sorted((relative_luminance(*first), relative_luminance(*second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)
