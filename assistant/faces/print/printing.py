"""Printable sheets: one A4 HTML page for a table short of the booklet.

``sheet_page`` draws a blank investigation sheet per opponent on the owner's
board (their corrections included), each cell with its marks (terrain and
flowers, as in the terminal's drawings, so nothing is told by colour alone);
``pad_page`` an empty Le Roi des Nains score pad with its 7 deals and two
rows for a tie. Given a game, each draws the game as it stands instead: the
cells ruled out crossed, the deals played filled in.

The page is plain HTML with print CSS (``@page { size: A4 }``): open it and
print it, or print it to PDF with any browser. Every text is in the language
spoken; every value typed by a player is escaped.
"""

from __future__ import annotations

from html import escape

from assistant.engine.errors import InputError, shown
from assistant.engine.i18n import _, language

PAD_SPARE_ROWS = 2  # rules: after 7 deals a tie plays on

CSS = """
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 10pt; color: #000; margin: 0; }
h1 { font-size: 15pt; margin: 0 0 2mm 0; }
p.note { margin: 0 0 3mm 0; font-size: 8.5pt; }
.sheets { display: flex; flex-wrap: wrap; gap: 5mm; }
.sheet { break-inside: avoid; page-break-inside: avoid; }
.sheet h2 { font-size: 11pt; margin: 0 0 1mm 0; font-weight: normal; }
.sheet h2 .blank { display: inline-block; min-width: 40mm; border-bottom: 0.3mm solid #000; }
table.grid { border-collapse: collapse; }
table.grid th { font-size: 8pt; font-weight: bold; padding: 0 1mm; }
table.grid td { border: 0.4mm solid #000; width: 18mm; height: 15mm; vertical-align: top; padding: 0.6mm;
                position: relative; }
table.grid td .name { font-size: 7pt; font-weight: bold; }
table.grid td .marks { font-size: 8pt; display: block; letter-spacing: 0.3mm; }
table.grid td .chip { display: inline-block; min-width: 3.2mm; text-align: center; border: 0.2mm solid #000;
                      border-radius: 0.8mm; margin-right: 0.4mm; font-size: 7pt; }
table.grid td.pond { background: repeating-linear-gradient(135deg, #fff 0 1.2mm, #9cc 1.2mm 1.8mm); }
table.grid td.pond .marks { font-weight: bold; }
table.grid td .cross { position: absolute; inset: 0; font-size: 26pt; line-height: 15mm; text-align: center;
                       color: #000; opacity: 0.75; }
table.grid td .star { position: absolute; right: 0.8mm; bottom: 0.2mm; font-size: 11pt; }
.legend { margin-top: 4mm; font-size: 8pt; line-height: 1.5; break-inside: avoid; }
.legend .chip { display: inline-block; min-width: 3.2mm; text-align: center; border: 0.2mm solid #000;
                border-radius: 0.8mm; font-size: 7pt; }
table.pad { border-collapse: collapse; width: 100%; }
table.pad th, table.pad td { border: 0.4mm solid #000; padding: 1mm; height: 12mm; font-size: 9.5pt; }
table.pad th { background: #eee; height: auto; }
table.pad td.number { text-align: center; width: 9mm; font-weight: bold; }
table.pad td.quest { width: 45mm; }
table.pad td.points { text-align: right; }
table.pad td.total { text-align: right; font-weight: bold; background: #f4f4f4; }
table.pad tr.spare td.number { font-weight: normal; }
table.pad th .blank { display: inline-block; min-width: 18mm; border-bottom: 0.3mm solid #000; height: 4mm; }
.quests { margin-top: 4mm; columns: 2; column-gap: 6mm; font-size: 7.5pt; line-height: 1.3; }
.quests div { break-inside: avoid; }
@media screen { body { max-width: 186mm; margin: 8mm auto; } }
"""


def page(title: str, body: str) -> str:
    """A whole A4 HTML page: its title, the print CSS, then ``body`` (already HTML)."""
    return (f'<!DOCTYPE html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f"<h1>{escape(title)}</h1>\n{body}\n</body>\n</html>\n")


# -- investigation sheets --------------------------------------------------------------------------


def sheet_page(board, opponents: list[str | None], game=None) -> str:
    """Investigation sheets on ``board``: one per opponent (None: a name to write in), or the board's own
    hidden items; with ``game``, its sheet as it stands (ruled-out cells crossed, my loot starred)."""
    from assistant.faces import pictures as render

    sheet = game.sheet() if game is not None else None
    mine = game.current_mine() if game is not None else None
    grids = []
    items = list(game.items) if game is not None else opponents
    for item in items:
        remaining = sheet.candidates(item) if sheet is not None else None
        if item is None:
            heading = _("opponent: {name}").format(name='<span class="blank"></span>')
        else:
            heading = escape(_("{item}'s sheet").format(item=board.local_item(item)) if board.per_opponent
                             else board.local_item(item))
        grids.append(f'<div class="sheet"><h2>{heading}</h2>{_grid(board, render, remaining, mine)}</div>')
    title = (_("{board}: investigation sheets").format(board=board.local_title) if game is None else
             _("{board}: sheets of {game}").format(board=board.local_title, game=game.name))
    note = _("Cross out each cell a clue rules out; the marks under each cell's name are explained below the sheets.") \
        if game is None else game.summary()
    return page(title, f'<p class="note">{escape(note)}</p>\n<div class="sheets">{"".join(grids)}</div>\n'
                       f"{_legend(board, render)}")


def _grid(board, render, remaining=None, mine=None) -> str:
    """One grid: column letters, row numbers, each cell's name and marks; crosses on the cells ruled out."""
    from assistant.engine.cells import column_letters

    ruled_out, your_loot = _("ruled out"), _("your loot")
    head = "".join(f"<th>{column_letters(column)}</th>" for column in range(board.grid.columns))
    rows = [f"<tr><th></th>{head}</tr>"]
    for row in range(board.grid.rows):
        cells = [f"<th>{row + 1}</th>"]
        for column in range(board.grid.columns):
            cell = row * board.grid.columns + column
            pond = cell in board.ponds
            marks = render.POND if pond else _marks(board, render, cell)
            extra = ""
            if remaining is not None and not pond and cell not in remaining and cell != mine:
                extra = f'<span class="cross" title="{escape(ruled_out)}">{render.CROSS}</span>'
            if cell == mine:
                extra = f'<span class="star" title="{escape(your_loot)}">{render.MINE}</span>'
            cells.append(f'<td class="{"pond" if pond else "open"}" style="{_ground_style(board, render, cell)}">'
                         f'<span class="name">{board.name_of(cell)}</span><span class="marks">{marks}</span>'
                         f"{extra}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return '<table class="grid">' + "".join(rows) + "</table>"


def _marks(board, render, cell) -> str:
    """A cell's marks as in the terminal: the ground's code, then a chip per other value ('" B R')."""
    parts = []
    ground = render.ground(board)
    for attribute in board.attributes:
        for name in board.values_at(cell, attribute.name):
            mark = escape(render.codes(attribute)[name])
            if attribute == ground or attribute.value(name).symbol:
                parts.append(f"<b>{mark}</b>")
            else:
                colour = render.css_colour(attribute.value(name).colour)
                parts.append(f'<span class="chip" style="background:{_light(colour)}">{mark}</span>')
    return " ".join(parts)


def _ground_style(board, render, cell) -> str:
    """The cell's ground colour, pale enough to write on: a second channel beside its mark."""
    ground = render.ground(board)
    if ground is None or cell in board.ponds:
        return ""
    values = board.values_at(cell, ground.name)
    colour = render.css_colour(ground.value(values[0]).colour) if values else None
    return f"background:{_light(colour, 0.78)}" if colour else ""


def _light(colour: str | None, amount: float = 0.6) -> str:
    """``colour`` mixed with white, so that a pencil shows on it ('#rrggbb')."""
    if not colour:
        return "#fff"
    red, green, blue = (int(colour[at:at + 2], 16) for at in (1, 3, 5))
    return "#" + "".join(f"{round(value + (255 - value) * amount):02x}" for value in (red, green, blue))


def _legend(board, render) -> str:
    """What each mark means: one line per attribute, then the crosses and the pond."""
    lines = []
    ground = render.ground(board)
    for attribute in board.attributes:
        entries = []
        for value in attribute.values:
            mark = escape(render.codes(attribute)[value.name])
            if attribute == ground or value.symbol:
                entries.append(f"<b>{mark}</b> {escape(value.local_name)}")
            else:
                colour = render.css_colour(value.colour)
                entries.append(f'<span class="chip" style="background:{_light(colour)}">{mark}</span> '
                               f"{escape(value.local_name)}")
        lines.append(escape(_("{attribute}: ").format(attribute=attribute.local_name)) + " &nbsp; ".join(entries))
    marks = (_("{cross} ruled out   {pond} pond   {mine} your loot") if board.ponds else _("{cross} ruled out")).format(
        cross=render.CROSS, pond=render.POND, mine=render.MINE)
    lines.append(escape(marks))
    return '<div class="legend">' + "<br>".join(lines) + "</div>"


# -- the Le Roi des Nains score pad --------------------------------------------------------------------


def pad_page(players: list[str | None], rules, game=None) -> str:
    """An empty score pad (names to write in where None), 7 deals and two rows for a tie, then what each
    quest face scores (``rules``); with ``game``, the deals played filled in: quest and special card, each
    player's points and running total."""
    from assistant.games.roi_des_nains.pad import DEALS

    if game is not None:
        players = list(game.players)
    heads = "".join(f'<th colspan="2">{escape(name) if name else _blank()}</th>'
                    for name in players)
    points, total, deal, quest = (escape(word) for word in (_("points"), _("total"), _("deal"),
                                                             _("quest + special card")))
    sub = "".join(f"<th>{points}</th><th>{total}</th>" for unused in players)
    rows = [f'<tr><th rowspan="2">{deal}</th><th rowspan="2">{quest}</th>{heads}</tr>', f"<tr>{sub}</tr>"]
    played = [row for row in game.rows() if row.points is not None] if game is not None else []
    for row in played:
        cells = "".join(f'<td class="points">{row.points[p]:+d}</td><td class="total">{row.totals[p]}</td>'
                        for p in players)
        rows.append(f'<tr><td class="number">{row.number}</td><td class="quest">{escape(row.said or row.title)}</td>'
                    f"{cells}</tr>")
    blank = "".join('<td class="points"></td><td class="total"></td>' for unused in players)
    for number in range(len(played) + 1, DEALS + 1):
        rows.append(f'<tr><td class="number">{number}</td><td class="quest"></td>{blank}</tr>')
    for unused in range(PAD_SPARE_ROWS):
        rows.append(f'<tr class="spare"><td class="number">+</td><td class="quest"></td>{blank}</tr>')
    title = _("Le Roi des Nains: score pad") if game is None else \
        _("Le Roi des Nains: score pad of {game}").format(game=game.name)
    note = _("Players in seating order, clockwise. Each quest tile is played once (either face), each special "
             "card once; after 7 deals the highest total wins, and a tie plays another deal (rows +).")
    if game is not None:
        note += " " + game.summary()
    quests = "".join(f"<div><b>{escape(quest.id)}</b> {escape(quest.shown)}: "
                     f"{escape(quest.scores(rules.face_value, _))}</div>" for quest in rules.quests)
    return page(title, f'<p class="note">{escape(note)}</p>\n<table class="pad">' + "".join(rows) + "</table>"
                       f'\n<div class="quests">{quests}</div>')


def _blank() -> str:
    return '<span class="blank"></span>'


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
