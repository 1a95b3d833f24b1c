"""Pictures for the terminal: the only core-side module that imports rich.

Every function returns a Rich renderable built from ``Text`` objects, never
from markup strings, so a name typed by a player (``[b3]``) prints as typed.
"""

from __future__ import annotations

from functools import lru_cache

from rich import box
from rich.columns import Columns
from rich.color import Color
from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.terminal_theme import DEFAULT_TERMINAL_THEME
from rich.text import Text

from .board import Attribute, Board
from .cells import Cell, CellSet, column_letters
from .i18n import N_, _, language, ngettext
from .sheet import Sheet

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
    red, green, blue = background.get_truecolor(DEFAULT_TERMINAL_THEME)
    return "black" if 0.299 * red + 0.587 * green + 0.114 * blue > 110 else "bright_white"


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


def _mark(attribute: Attribute, value, ground: bool) -> Text:
    """One value's mark: on its colour (the ground's code, a chip), or a symbol in its colour."""
    mark = codes(attribute)[value.name]
    return Text().append(mark, _on(value.colour, bold=ground) if ground or not value.symbol else _style(value.colour))


def _named(board: Board, cell: Cell, found: bool = False) -> Text:
    """'A1' then the cell's marks: the name on its ground's colour (reversed when found)."""
    ground = _ground(board)
    values = board.values_at(cell, ground.name) if ground else ()
    colour = ground.value(values[0]).colour if values else None
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
    """'B3 25%' on a colour from cold to hot."""
    level = min(len(HEAT) - 1, int(probability * len(HEAT) * 1.5))
    # the ink that reads on each heat (black on the oranges, bright white on the grey and the reds)
    return Text(f"{name} {probability:>4.0%}", style=_on(HEAT[level], bold=probability >= 0.5))


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
    remaining = sheet.candidates(item)
    found = remaining.only()
    count = len(remaining)
    shown = board.local_item(item)
    if not sheet.consistent and count == 0:
        title = Text(_("{item}: no cell fits the clues!").format(item=shown), style="bold red")
    elif found is not None:
        title = Text(_("{item}: FOUND at {cell}").format(item=shown, cell=board.name_of(found)), style="bold green")
    else:
        title = Text(ngettext("{item}: {count} cell left", "{item}: {count} cells left", count)
                     .format(item=shown, count=count))
    return Palette(cells_grid(board, title, remaining, sheet.mine, odds, link))


def sheet(sheet: Sheet, closed: dict[str, Cell | None] | None = None, odds=None, link=None) -> RenderableType:
    """Every item's grid side by side, loud lines for found items, and the legend.

    ``odds`` (advisor.Odds) turns each grid into a heat map of probabilities; ``link``: see cells_grid."""
    grids = [item_grid(sheet, item, odds.items[item] if odds else None, link) for item in sheet.items]
    compact = sheet.board.grid.size > COMPACT_ABOVE
    parts: list[RenderableType] = grids if compact else [Columns(grids, padding=(0, 2))]
    for item in sheet.items:
        cell = sheet.found(item)
        if cell is not None:
            parts.append(Text(_found_line(sheet.board, item, cell, bool(closed and closed.get(item) == cell)),
                              style="bold green"))
    if not sheet.consistent:
        parts.append(Text(_("!!! the clues contradict each other: retract the misheard one"), style="bold red"))
    if odds is not None:
        parts.append(Text(_("odds: {method}").format(method=odds.method), style="dim"))
    parts.append(legend(sheet.board))
    return Palette(Group(*parts))


FOUND_LINES = {  # (one hidden item per opponent, case closed) -> the line under the grids
    (True, False): N_(">>> found: {item}'s {noun} is on {cell} <<<"),
    (False, False): N_(">>> found: the {noun} is on {cell} <<<"),
    (True, True): N_(">>> case closed: {item}'s {noun} is on {cell} <<<"),
    (False, True): N_(">>> case closed: the {noun} is on {cell} <<<"),
}


def _found_line(board: Board, item: str, cell: Cell, closed: bool) -> str:
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
    marks = {cell: _marks(board, cell) for cell in board.open} if marked else {}
    width = max([3 if odds is None else 4, *(len(text) + 1 for text in marks.values())])  # ' 100': never glued
    grids = []
    for item in sheet.items:
        remaining = sheet.candidates(item)
        found = remaining.only()

        def draw(cell: Cell) -> Text:
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
                drawn = draw(cell)
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
    lines = [] if marks_only else [
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
    text = Text(_("step {number}: ").format(number=outcome.step.number), style="bold")
    text.append(outcome.step.text)
    if outcome.refused is not None:
        text.append("\n  " + _("refused: {reason}").format(reason=outcome.refused), style="yellow")
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


def pad_table(game) -> Table:
    """Deals as rows: the quest, each player's points and running total."""
    from .i18n import _

    table = Table(title=Text(_("{name}: Le Roi des Nains").format(name=game.name)), title_justify="left",
                  box=box.SQUARE)
    table.add_column(_("deal"), justify="right")
    table.add_column(_("quest + special card"), overflow="fold")  # a long name wraps, never cut
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
    totals, winner = game.totals(), game.winner()
    said = _("{winner} wins").format(winner=winner) if winner else ""
    table.add_row(Text(""), Text(_("total"), style="bold"), *(Text(str(totals[p]), style="bold") for p in game.players),
                  *([Text(said, style="bold")] if notes else []))
    if winner and not notes:
        table.caption, table.caption_justify = Text(said, style="bold"), "left"
    return table


def tally_table(result) -> Group:
    """75 Gnom' Street's end: one column per rule, one row per player, and how stacks counted."""
    from .i18n import _

    table = Table(box=box.SQUARE, title=Text(_("75 Gnom' Street: victory points")), title_justify="left")
    table.add_column(_("player"), justify="left")
    for name in (_("miniatures"), _("loot"), _("baits"), _("total")):
        table.add_column(name, justify="right")
    from .garden import ME

    for line in result.lines:
        table.add_row(Text(_("me") if line.player == ME else line.player), Text(f"{line.miniatures:+d}"), Text(str(line.loot)), Text(str(line.baits)),
                      Text(str(line.total), style="bold"))
    notes = Text("\n".join(result.said or result.notes), style="dim")
    return Group(table, notes, Text(result.verdict(), style="bold"))  # the picture carries the result


GNOME_STYLE = {"red": "bold red1", "blue": "bold dodger_blue1", "yellow": "bold yellow1", "green": "bold green3"}


def tug(game) -> Group:
    """Oh ! les Nains: the hose over its 16 flagstones, the fence, both lines of gnomes."""
    from .i18n import _, ngettext
    from .pads.tug import HALF_PATH

    state = game.state()
    far = (HALF_PATH + state.shift, HALF_PATH - state.shift)
    left, right = Text(), Text()
    for position in range(far[0]):  # from the back of side 0's line towards the fence
        line = state.lines[0]
        left.append(" ● " if position < len(line) else " · ", GNOME_STYLE.get(line[position]) if position < len(line) else "dim")
    for position in reversed(range(far[1])):  # from the fence to the back of side 1's line
        line = state.lines[1]
        right.append(" ● " if position < len(line) else " · ", GNOME_STYLE.get(line[position]) if position < len(line) else "dim")
    hose = Text()
    hose.append(f"{game.side_name(0)} ", style="bold")
    hose.append_text(left)
    hose.append("║", style="bold white")
    hose.append_text(right)
    hose.append(f" {game.side_name(1)}", style="bold")
    if state.shift:
        moved = abs(state.shift)
        toward = ngettext("{count} flagstone towards {side}", "{count} flagstones towards {side}", moved).format(
            count=moved, side=game.side_name(0 if state.shift > 0 else 1))
    else:
        toward = _("centred")
    fronts = [ngettext("{side}'s front gnome {distance} from the fence", "{side}'s front gnome {distance} from the fence",
                       max(state.front(s), 0)).format(side=game.side_name(s), distance=max(state.front(s), 0))
              if state.lines[s] else _("{side} has no gnome yet").format(side=game.side_name(s)) for s in (0, 1)]
    facts = Text(_("hose: {toward}; {first}; {second}").format(toward=toward, first=fronts[0], second=fronts[1]),
                 style="dim")
    recent = Text("\n".join(state.log[-4:]), style="dim")
    return Group(hose, facts, recent)


def with_report(picture: RenderableType, lines) -> Group:
    """A picture and what the table needs to hear under it (the score, whose turn, the winner)."""
    return Group(picture, Text("\n".join(lines), style="bold"))


def pad(game) -> RenderableType:
    """A score pad's picture: the rope for Oh ! les Nains, the score table for the others."""
    return tug(game) if game.kind == "oh-les-nains" else pad_table(game)
