"""Pictures for the terminal: the only core-side module that imports rich.

Every function returns a Rich renderable built from ``Text`` objects, never
from markup strings, so a name typed by a player (``[b3]``) prints as typed.
"""

from __future__ import annotations

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from .board import Attribute, Board
from .cells import Cell, CellSet, column_letters
from .sheet import Sheet

POND = "≈≈≈"
CROSS = "╳"
MINE = "★"


def _style(colour: str | None, bgcolor: str | None = None) -> Style:
    try:
        return Style(color=colour or None, bgcolor=bgcolor or None)
    except Exception:  # a colour name rich does not know (a user's board): draw it plain
        return Style()


def _ground(board: Board) -> Attribute | None:
    """The attribute that colours a cell's ground: the first one-value attribute (terrain, district)."""
    return next((attribute for attribute in board.attributes if attribute.kind == "one"), None)


def _background(board: Board, cell: Cell) -> Style:
    ground = _ground(board)
    values = board.values_at(cell, ground.name) if ground else ()
    if not values:
        return Style()
    return _style(None, bgcolor=ground.value(values[0]).colour)


def _marks(board: Board, cell: Cell) -> Text:
    """Small marks for the cell's other attributes: ● per flower, a symbol per pictogram or kind."""
    text = Text()
    ground = _ground(board)
    for attribute in board.attributes:
        if attribute == ground:
            continue
        for name in board.values_at(cell, attribute.name):
            value = attribute.value(name)
            if attribute.kind == "set" or value.symbol:
                text.append(value.symbol or "●", _style(value.colour))
    return text


def _grid_table(board: Board, title: Text, draw) -> Table:
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
               odds: dict[Cell, float] | None = None) -> RenderableType:
    """A grid of the board with ``remaining`` cells shown and the others crossed.

    With ``odds``, each remaining cell shows its probability on a heat colour."""
    if board.grid.size > COMPACT_ABOVE:
        return _compact_grid(board, title, remaining, mine)
    found = remaining.only()

    def draw(cell: Cell) -> Text:
        if cell in board.ponds:
            return Text(POND, style="bold blue")
        if cell == mine:
            return Text(f"{MINE}mine", style="bold magenta")
        if cell not in remaining:
            return Text(f" {CROSS} ", style="dim")
        if odds is not None:
            return _heat(board.name_of(cell), odds.get(cell, 0.0))
        text = Text(board.name_of(cell), style=Style(bold=True, reverse=cell == found) + _background(board, cell))
        text.append(" ")
        text.append_text(_marks(board, cell))
        return text

    return _grid_table(board, title, draw)


HEAT = ("grey30", "dark_orange3", "orange1", "red1", "bright_red")


def _heat(name: str, probability: float) -> Text:
    """'B3 25%' on a colour from cold to hot."""
    level = min(len(HEAT) - 1, int(probability * len(HEAT) * 1.5))
    return Text(f"{name} {probability:>4.0%}", style=Style(color="white", bgcolor=HEAT[level], bold=probability >= 0.5))


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


def item_grid(sheet: Sheet, item: str, odds: dict[Cell, float] | None = None) -> RenderableType:
    """One item's sheet: crossed cells, ponds, my loot, remaining cells with their marks (or odds)."""
    board = sheet.board
    remaining = sheet.candidates(item)
    found = remaining.only()
    count = len(remaining)
    if not sheet.consistent and count == 0:
        title = Text(f"{item}: no cell fits the clues!", style="bold red")
    elif found is not None:
        title = Text(f"{item}: FOUND at {board.name_of(found)}", style="bold green")
    else:
        title = Text(f"{item}: {count} cell{'s' if count != 1 else ''} left")
    return cells_grid(board, title, remaining, sheet.mine, odds)


def sheet(sheet: Sheet, closed: dict[str, Cell | None] | None = None, odds=None) -> RenderableType:
    """Every item's grid side by side, loud lines for found items, and the legend.

    ``odds`` (advisor.Odds) turns each grid into a heat map of probabilities."""
    grids = [item_grid(sheet, item, odds.items[item] if odds else None) for item in sheet.items]
    compact = sheet.board.grid.size > COMPACT_ABOVE
    parts: list[RenderableType] = grids if compact else [Columns(grids, padding=(0, 3))]
    for item in sheet.items:
        cell = sheet.found(item)
        if cell is not None:
            what = (f"{item}'s {sheet.board.hidden_noun}" if sheet.board.per_opponent
                    else f"the {sheet.board.hidden_noun}")
            verb = "case closed" if closed and closed.get(item) == cell else "found"
            parts.append(Text(f">>> {verb}: {what} is on {sheet.board.name_of(cell)} <<<", style="bold green"))
    if not sheet.consistent:
        parts.append(Text("!!! the clues contradict each other: retract the misheard one", style="bold red"))
    if odds is not None:
        parts.append(Text(f"odds: {odds.method}", style="dim"))
    parts.append(legend(sheet.board))
    return Group(*parts)


def legend(board: Board) -> Text:
    text = Text(f"{CROSS} ruled out   {POND} pond   {MINE} your loot\n" if board.ponds else
                f"{CROSS} ruled out\n", style="dim")
    ground = _ground(board)
    for attribute in board.attributes:
        text.append_text(_legend_line(attribute, attribute == ground))
    return text


def _legend_line(attribute: Attribute, ground: bool) -> Text:
    text = Text(f"{attribute.name}: ", style="dim")
    for value in attribute.values:
        if ground or (attribute.kind == "one" and not value.symbol):
            text.append(f" {value.name} ", style=_style(None, bgcolor=value.colour))
        else:
            text.append(value.symbol or "●", _style(value.colour))
            text.append(f" {value.name}")
        text.append("  ")
    text.append("\n")
    return text


def board(board: Board) -> RenderableType:
    """The board itself: each cell's ground colour, marks and values."""

    def draw(cell: Cell) -> Text:
        if cell in board.ponds:
            return Text(POND, style="bold blue")
        text = Text(board.name_of(cell), style=Style(bold=True) + _background(board, cell))
        text.append(" ")
        text.append_text(_marks(board, cell))
        return text

    status = ("verified by you" if board.verified else "UNVERIFIED: layout guessed, check it against your box")
    title = Text(f"{board.title} ({board.grid.columns}x{board.grid.rows}, {status})")
    return Group(_grid_table(board, title, draw), legend(board))


# -- replays ---------------------------------------------------------------------------


def heading(text: str) -> Text:
    return Text(text, style="bold")


def step_line(outcome) -> Text:
    """'step 3: clue area B2 red=no', then what came of it."""
    text = Text(f"step {outcome.step.number}: ", style="bold")
    text.append(outcome.step.text)
    if outcome.refused is not None:
        text.append(f"\n  refused: {outcome.refused}", style="yellow")
    return text


def diagnostic(outcome) -> RenderableType:
    """Why a step's expectations failed: the step, each difference, expected and actual sheets."""
    game = outcome.game
    parts: list[RenderableType] = [
        Text(f"MISMATCH at step {outcome.step.number}: {outcome.step.text}", style="bold red")]
    for line in outcome.mismatches:
        parts.append(Text(f"  - {line}"))
    expected = (outcome.step.expect.candidates or {}) if outcome.step.expect else {}
    if not expected:  # a score pad's expectations, or none about cells: the lines say it all
        return Group(*parts)
    board, sheet_ = game.board, game.sheet()
    for item, names in expected.items():
        wanted = CellSet.of(board.parse_cell(name) for name in names)
        actual = sheet_.candidates(item)
        if wanted != actual:
            parts.append(Columns([
                cells_grid(board, Text(f"{item}: expected ({len(wanted)})"), wanted, game.mine),
                cells_grid(board, Text(f"{item}: actual ({len(actual)})"), actual, game.mine),
            ], padding=(0, 3)))
    return Group(*parts)


# -- score pads --------------------------------------------------------------------------


def pad_table(game) -> Table:
    """Deals as rows: the quest, each player's points and running total."""
    table = Table(title=Text(f"{game.name}: Le Roi des Nains"), title_justify="left", box=box.SQUARE)
    table.add_column("deal", justify="right")
    table.add_column("quest + special card")
    for player in game.players:
        table.add_column(Text(player), justify="right")
    table.add_column("", style="dim")
    for row in game.rows():
        if row.points is None:
            cells = [Text("-", style="dim") for _ in game.players]
        else:
            cells = [Text(f"{row.points[p]:+d} = {row.totals[p]}") for p in game.players]
        table.add_row(Text(str(row.number)), Text(row.title, style="strike" if row.note == "removed" else ""),
                      *cells, Text(row.note))
    return table


def tally_table(result) -> Group:
    """75 Gnom' Street's end: one column per rule, one row per player, and how stacks counted."""
    table = Table(box=box.SQUARE, title=Text("75 Gnom' Street: victory points"), title_justify="left")
    for name in ("player", "miniatures", "loot", "baits", "total"):
        table.add_column(name, justify="left" if name == "player" else "right")
    for line in result.lines:
        table.add_row(Text(line.player), Text(f"{line.miniatures:+d}"), Text(str(line.loot)), Text(str(line.baits)),
                      Text(str(line.total), style="bold"))
    notes = Text("\n".join(result.notes), style="dim")
    return Group(table, notes)


GNOME_STYLE = {"red": "bold red1", "blue": "bold dodger_blue1", "yellow": "bold yellow1", "green": "bold green3"}


def tug(game) -> Group:
    """Oh ! les Nains: the hose over its 16 flagstones, the fence, both lines of gnomes."""
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
    toward = (f"{abs(state.shift)} flagstone{'s' if abs(state.shift) != 1 else ''} towards "
              f"{game.side_name(0 if state.shift > 0 else 1)}" if state.shift else "centred")
    fronts = [f"{game.side_name(s)}'s front gnome {max(state.front(s), 0)} from the fence" if state.lines[s]
              else f"{game.side_name(s)} has no gnome yet" for s in (0, 1)]
    facts = Text(f"hose: {toward}; {'; '.join(fronts)}", style="dim")
    recent = Text("\n".join(state.log[-4:]), style="dim")
    return Group(hose, facts, recent)


def pad(game) -> RenderableType:
    """A score pad's picture: the rope for Oh ! les Nains, the score table for the others."""
    return tug(game) if game.kind == "oh-les-nains" else pad_table(game)
