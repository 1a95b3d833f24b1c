"""Printable sheets: one A4 HTML page for a table short of the booklet.

``sheet_page`` draws a blank investigation sheet per opponent on the owner's
board (their corrections included), each cell with its marks (terrain and
flowers, as in the terminal's drawings, so nothing is told by colour alone);
``pad_page`` an empty score pad as its game declares it (its rounds and spare
rows for a tie). Given a game, each draws the game as it stands instead: the
cells ruled out crossed, the deals played filled in.

The page is plain HTML with print CSS (``@page { size: A4 }``): open it and
print it, or print it to PDF with any browser. Its HTML and CSS are in
templates/ (Jinja2, autoescape on: every value typed by a player is
escaped); here is only what a page shows. Every text is in the language
spoken.
"""

from __future__ import annotations

from assistant.engine.errors import InputError, shown
from assistant.engine.i18n import _, language
from assistant.engine.records import NamedTuple


def render(name: str, **context) -> str:
    """A printed page from its template, in the language spoken now."""
    from assistant.faces import templating

    return templating.render(__package__, name, language=language(), **context)


class Mark(NamedTuple):
    """A value's mark as in the terminal: in bold (the ground's code, a symbol) or a letter on a pale chip."""

    code: str
    chip: str | None  # the chip's colour ('#rrggbb'); None: in bold


class PrintedCell(NamedTuple):
    """One cell of a printed grid: its name, its ground and marks, and (a game given) a cross or my loot's star."""

    name: str
    pond: bool
    ground: str  # the ground's colour made pale ('#rrggbb'); '': none
    marks: list[Mark]
    crossed: bool
    mine: bool


# -- investigation sheets --------------------------------------------------------------------------


def _printed_note(game) -> str:
    """What a printed page says under its title: the game's summary, then its result once it is finished (or
    the tie it waits on), as the table screen and the page say it."""
    from assistant.engine.words import join_clauses
    from assistant.faces.ending import header_line

    return join_clauses(part for part in (game.summary(), header_line(game)) if part)


def sheet_page(board, opponents: list[str | None], game=None) -> str:
    """Investigation sheets on ``board``: one per opponent (None: a name to write in), or the board's own
    hidden items; with ``game``, its sheet as it stands (ruled-out cells crossed, my loot starred)."""
    from assistant.engine.cells import column_letters
    from assistant.faces import pictures

    sheet = game.sheet() if game is not None else None
    mine = game.current_mine() if game is not None else None
    sheets = []
    for item in list(game.items) if game is not None else opponents:
        remaining = sheet.candidates(item) if sheet is not None else None
        if item is None:
            heading = None  # the template draws a line to write the name on
        else:
            heading = (_("{item}'s sheet").format(item=board.local_item(item)) if board.per_opponent
                       else board.local_item(item))
        sheets.append((heading, _grid(board, pictures, remaining, mine)))
    title = (_("{board}: investigation sheets").format(board=board.local_title) if game is None else
             _("{board}: sheets of {game}").format(board=board.local_title, game=game.name))
    note = _("Cross out each cell a clue rules out; the marks under each cell's name are explained below the sheets.") \
        if game is None else _printed_note(game)
    from assistant.engine.board import unverified_notice

    # a guessed layout is never printed as fact: the same notice as new, board show and the table screen
    warning = None if board.verified else unverified_notice(board)
    return render("sheets.html", title=title, note=note, warning=warning, sheets=sheets,
                  letters=[column_letters(column) for column in range(board.grid.columns)],
                  legend=_legend(board, pictures), cross=pictures.CROSS, pond=pictures.POND, star=pictures.MINE)


def _grid(board, pictures, remaining=None, mine=None) -> list[list[PrintedCell]]:
    """One grid's rows of cells; given what remains, each cell ruled out is crossed (never a pond nor my loot)."""
    rows = []
    for row in range(board.grid.rows):
        cells = []
        for column in range(board.grid.columns):
            cell = row * board.grid.columns + column
            pond = cell in board.ponds
            crossed = remaining is not None and not pond and cell not in remaining and cell != mine
            marks = [] if pond else [_mark(board, pictures, attribute, attribute.value(name))
                                     for attribute in board.attributes
                                     for name in board.values_at(cell, attribute.name)]
            cells.append(PrintedCell(board.name_of(cell), pond, _ground(board, pictures, cell), marks, crossed,
                                     cell == mine))
        rows.append(cells)
    return rows


def _mark(board, pictures, attribute, value) -> Mark:
    """A value's mark as in the terminal: the ground's code and the symbols in bold, any other on a chip."""
    code = pictures.codes(attribute)[value.name]
    if attribute == pictures.ground(board) or value.symbol:
        return Mark(code, None)
    return Mark(code, _light(pictures.css_colour(value.colour)))


def _ground(board, pictures, cell) -> str:
    """The cell's ground colour, pale enough to write on: a second channel beside its mark."""
    ground = pictures.ground(board)
    if ground is None or cell in board.ponds:
        return ""
    values = board.values_at(cell, ground.name)
    colour = pictures.css_colour(ground.value(values[0]).colour) if values else None
    return _light(colour, 0.78) if colour else ""


def _light(colour: str | None, amount: float = 0.6) -> str:
    """``colour`` mixed with white, so that a pencil shows on it ('#rrggbb')."""
    if not colour:
        return "#fff"
    red, green, blue = (int(colour[at:at + 2], 16) for at in (1, 3, 5))
    return "#" + "".join(f"{round(value + (255 - value) * amount):02x}" for value in (red, green, blue))


def _legend(board, pictures) -> dict:
    """What each mark means: each attribute's values ('terrain: ', then each mark and its name), then the
    crosses and the pond."""
    marks = (_("{cross} ruled out   {pond} pond   {mine} your loot") if board.ponds else _("{cross} ruled out")).format(
        cross=pictures.CROSS, pond=pictures.POND, mine=pictures.MINE)
    attributes = [(_("{attribute}: ").format(attribute=attribute.local_name),
                   [(_mark(board, pictures, attribute, value), value.local_name) for value in attribute.values])
                  for attribute in board.attributes]
    return {"attributes": attributes, "marks": marks}


# -- a score pad's page ------------------------------------------------------------------------------


def pad_page(players: list[str | None], rules, game=None, declared=None) -> str:
    """An empty score pad of the pad ``declared`` (its ``GameType``; ``game``'s where a game is given): names
    to write in where None, its rounds and spare rows for a tie, then what each quest face scores where the pad
    prints its ``rules``; with ``game``, the rounds played filled in: what was played, each player's points and
    running total."""
    from assistant.engine import registry
    from assistant.faces.pictures import PAD_COLUMNS

    declared = registry.of_game(game) if game is not None else declared
    page = declared.page
    if game is not None:
        players = list(game.players)
    played = [row for row in game.rows() if row.points is not None] if game is not None else []
    title = _(page.title) if game is None else _(page.title_of).format(game=game.name)
    note = _(page.note) if page.note else ""
    if game is not None:
        note = " ".join(part for part in (note, _printed_note(game)) if part)
    shown = page.rules and rules is not None
    printed = rules.printed() if shown else {"quests": [], "quests_source": "", "specials": [], "specials_note": ""}
    return render("pad.html", title=title, note=note, players=players, played=played,
                  columns=[_(column) for column in declared.columns or PAD_COLUMNS],
                  blank=range(len(played) + 1, page.rounds + 1), spare=page.spare, **printed)


def player_list(text: str | None, low: int, high: int, default: int, option: str = "--players") -> list[str | None]:
    """``--players`` (or ``option``): a number (names written in by hand) or the names, comma-separated."""
    from assistant.engine.words import check_names

    if text is None:
        return [None] * default
    text = text.strip()
    if text.isdigit():
        count = int(text)
        names: list[str | None] = [None] * count
    else:
        names = list(check_names([name.strip() for name in text.split(",") if name.strip()], "player",
                                 "--players Ana,Ben,Cleo"))
        count = len(names)
    if not low <= count <= high:
        raise InputError(_("{option} {value}: give from {low} to {high} here (got {count})")
                         .format(option=option, value=shown(text), low=low, high=high, count=count))
    return names
