"""Face 3: the page each phone gets from ``assistant serve``.

One laptop serves each game at a secret link (``/g/TOKEN/``); every player
follows their own sheet, or the table's score pad, in the phone's browser,
offline. Nothing but the ``serve`` command imports this module (it imports
starlette and uvicorn, which no other command pays for).

The page holds no game logic. An entry is a line of the game's own words,
built by taps from ``grammar.complete`` (the same question Tab asks on the
table screen), read by ``read_step`` and recorded through ``Store.update``
(lock, atomic write), exactly as the CLI does. The server watches each served
game's file and tells the pages (server-sent events) when it changes, so an
entry made anywhere shows on every phone within a second.

Security, because anyone on the same Wi-Fi can reach the port (README: Serving
the phones): a game is reached only through its token (``secrets``, 192
bits), compared in constant time, never logged; a wrong token, an unknown
path and a wrong method all get the same 404; the page reads no file named by
a request (its two assets are held in memory); bodies are bounded, and so are
connections, in all and per address.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import os
import re
import secrets
import socket
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import NamedTuple

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from assistant.engine import grammar
from assistant.engine.errors import AssistantError, printable
from assistant.engine.i18n import DEFAULT, LANGUAGES, N_, _, speaking
from assistant.faces import panels
from assistant.faces.panels import is_pad
from assistant.store.files import read_json, write_atomically
from assistant.store.folder import Store

TOKEN_BYTES = 24  # 192 bits of secrets.token_urlsafe: far past guessing, 32 characters in a link
MAX_BODY = 4096  # bytes: the longest step is a few hundred characters
BODY_SECONDS = 5.0  # a body that trickles in slower than this is dropped (a slow client holds no slot)
MAX_CONNECTIONS = 64  # uvicorn answers 503 past this many at once
PER_ADDRESS = 16  # requests at once from one address: one phone cannot take every slot
WATCH_SECONDS = 0.2  # how often the served games' files are checked for a change made elsewhere
PING_SECONDS = 15.0  # an idle event stream says it is alive this often (proxies close silent ones)
KEPT_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")  # a kept token: at least 128 bits, and only what a path may hold
LINKS_FILE = "serve-links.json"  # in the data folder: the links of the last start (--keep-links)
STATIC = Path(__file__).parent / "static"
NOT_FOUND = b"not found"
HEADERS = {
    # The token is in the path: never send it on as a referrer, never cache a page that holds it.
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Nothing from anywhere else (offline, and no injected script could call out); a cell's colours are
    # style attributes (custom properties), the one thing inline.
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; style-src-attr "
                               "'unsafe-inline'; connect-src 'self'; img-src 'self'; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'none'",
}
PAD_TITLES = {"roi-des-nains": "Le Roi des Nains", "oh-les-nains": "Oh ! les Nains"}  # the games' own names
CELL_SLOTS = ("cell", "asking-cell")  # slots a tap on the grid fills


# -- the links ---------------------------------------------------------------------------------


class Link(NamedTuple):
    """One secret link: its token, the game it opens, and whether it may record (a pad's table link reads only)."""

    token: str
    game: str
    keeper: bool = True


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def make_links(store: Store, names: list[str], keep: bool = False) -> list[Link]:
    """A link per game (a score pad: the scorekeeper's and the table's read-only one).

    New tokens at each start; with ``keep``, those of the last start for the same games. The
    links are saved in the data folder (owner-only) so that ``--keep-links`` finds them."""
    kept = _kept_links(store) if keep else {}
    links = []
    for name in names:
        roles = (True, False) if is_pad(store.load(name)) else (True,)
        for keeper in roles:
            token = kept.get((name, keeper)) or new_token()
            links.append(Link(token, name, keeper))
    _save_links(store, links)
    return links


def _links_path(store: Store) -> Path:
    return store.home / LINKS_FILE


def _kept_links(store: Store) -> dict[tuple[str, bool], str]:
    try:  # never through a symbolic link: the tokens kept are the ones this folder's owner wrote
        data = read_json(_links_path(store), 1 << 20)  # None (then TypeError below) when damaged or too deep
        return {(entry["game"], bool(entry["keeper"])): entry["token"] for entry in data
                if isinstance(entry.get("token"), str) and KEPT_TOKEN.fullmatch(entry["token"])}
    except (AssistantError, ValueError, TypeError, KeyError, AttributeError):
        return {}  # no links kept, a damaged file or a link: new ones


def _save_links(store: Store, links: list[Link]) -> None:
    store.home.mkdir(parents=True, exist_ok=True)
    path = _links_path(store)
    write_atomically(path, json.dumps([link._asdict() for link in links]))
    os.chmod(path, 0o600)  # the tokens are the keys to the games (mkstemp made it so; said here on purpose)


def find_link(links: list[Link], token: str) -> Link | None:
    """The link of ``token``: every token is compared, each in constant time, so the time taken
    tells nothing of how much of a token was right, nor which game it was close to."""
    found = None
    given = token.encode("utf-8", "replace")
    for link in links:
        if hmac.compare_digest(link.token.encode(), given):
            found = link
    return found


def lan_address() -> str:
    """This machine's address on its network (the one a phone on the same Wi-Fi reaches), else 127.0.0.1.

    Connecting a UDP socket sends nothing: it only asks the system which interface would be used."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never reached
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def url(host: str, port: int, link: Link) -> str:
    return f"http://{host}:{port}/g/{link.token}/"


def qr_text(text: str) -> str:
    """``text`` as a QR code drawn with half blocks, for the terminal (segno: see pyproject)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="m", boost_error=False).terminal(out=out, compact=True)
    return out.getvalue()


# -- the language of a request -------------------------------------------------------------------


def request_language(header: str | None) -> str:
    """The language a browser asks for (Accept-Language: 'fr-FR,fr;q=0.9,en;q=0.8'), among those spoken."""
    best, best_weight = DEFAULT, -1.0
    for position, part in enumerate((header or "")[:500].split(",")):
        tag, __, parameters = part.strip().partition(";")
        code = tag.strip().split("-")[0].lower()
        weight = 1.0
        if parameters.strip().startswith("q="):
            try:
                weight = float(parameters.strip()[2:])
            except ValueError:
                weight = 0.0
        weight -= position * 1e-6  # equal weights: the first listed
        if code in LANGUAGES and 0 < weight and weight > best_weight:  # q=0: 'not this one'
            best, best_weight = code, weight
    return best


# -- what the page shows, as HTML -----------------------------------------------------------------


def view_html(game, odds: bool = False) -> str:
    """The live part of the page: the sheets (or the pad), the game's state, the history."""
    several = is_pad(game) or len(game.items) > 1  # one sheet alone: its caption says it already
    parts = [f'<p class="summary">{escape(printable(game.summary()))}</p>'] if several else []
    parts.append(pad_html(game) if is_pad(game) else sheets_html(game, odds) + pieces_html(game) + theirs_html(game))
    parts.append(history_html(game))
    return "\n".join(parts)


def sheets_html(game, odds: bool) -> str:
    from assistant.engine import advice as advisor
    from assistant.faces import pictures as render

    board, sheet = game.board, game.sheet()
    chances = advisor.odds(sheet) if odds and sheet.consistent else None
    grids = [item_html(game, sheet, item, chances.items[item] if chances else None, render) for item in game.items]
    many = " many" if len(board.attributes) > 2 else ""  # the city's cells carry three kinds of marks
    lines = [f'<div class="sheets{many}">{"".join(grids)}</div>']
    for item in game.items:
        cell = sheet.found(item)
        if cell is not None:
            lines.append(f'<p class="found">{escape(render.found_line(board, item, cell, game.closed(item) == cell))}</p>')
    if not sheet.consistent:
        lines.append('<p class="refused">' + escape(_("!!! the clues contradict each other: retract the misheard one"))
                     + "</p>")
    lines.append(legend_html(board, render))
    return "\n".join(lines)


def item_html(game, sheet, item: str, chances: dict | None, render) -> str:
    """One opponent's sheet (or the city's): a table of buttons, each cell read out in words."""
    board = sheet.board
    remaining = sheet.candidates(item)
    found = remaining.only()
    title, unused = render.item_title(sheet, item)
    grid = board.grid
    from assistant.engine.cells import column_letters

    rows = ['<tr><td></td>' + "".join(f'<th scope="col">{column_letters(c)}</th>' for c in range(grid.columns))
            + "</tr>"]
    for row in range(grid.rows):
        cells = [f'<th scope="row">{row + 1}</th>']
        for column in range(grid.columns):
            cell = grid.cell(row, column)
            cells.append(cell_html(game, sheet, item, cell, remaining, found, chances, render))
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return (f'<table class="sheet" data-item="{escape(item)}"><caption>{escape(printable(title))}</caption>'
            + "".join(rows) + "</table>")


def cell_html(game, sheet, item: str, cell: int, remaining, found, chances, render) -> str:
    board = sheet.board
    name = board.name_of(cell)
    said = [name, *cell_words(board, cell)]
    classes = ["cell"]
    if cell in board.ponds:
        status, face, classes = _("pond"), render.POND, classes + ["pond"]
        said = [name, status]
    elif cell == sheet.mine:
        status, face = _("your loot"), render.MINE
        classes.append("mine")
    elif cell not in remaining:
        status, face = _("ruled out for {item}").format(item=board.local_item(item)), render.CROSS
        classes.append("out")
    else:
        status = _("found: the only cell left") if cell == found else _("possible")
        face = ""
        classes.append("found" if cell == found else "open")
    if chances is not None and cell in remaining:
        percent = f"{chances.get(cell, 0.0):.0%}"
        status += ", " + percent
        face = percent
    if cell not in board.ponds:
        said.append(status)
    style = ""
    ground = ground_colour(board, cell, render)
    if ground and "out" not in classes and "pond" not in classes:
        style = f' style="--ground:{ground[0]};--ink:{ground[1]}"'
    marks = "" if face else marks_html(board, cell, render)
    label = escape(printable(", ".join(said)))
    return (f'<td><button type="button" class="{" ".join(classes)}" data-cell="{name}" data-item="{escape(item)}"'
            f' aria-label="{label}"{style}><span class="name">{name}</span>'
            f'<span class="marks" aria-hidden="true">{escape(face) if face else marks}</span></button></td>')


def cell_words(board, cell: int) -> list[str]:
    """A cell's values in words ('grass', 'flowers blue and red'), in the language spoken."""
    if cell in board.ponds:
        return []
    words = []
    for attribute in board.attributes:
        names = [attribute.value(value).local_name for value in board.values_at(cell, attribute.name)]
        if not names:
            continue
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + _(" and ") + names[-1]
        words.append(joined if attribute.kind == "one" else f"{attribute.local_name} {joined}")
    return words


def ground_colour(board, cell: int, render) -> tuple[str, str] | None:
    ground = next((attribute for attribute in board.attributes if attribute.kind == "one"), None)
    values = board.values_at(cell, ground.name) if ground else ()
    return render.web_colour(ground.value(values[0]).colour) if values else None


def marks_html(board, cell: int, render) -> str:
    """The terminal's marks for a cell (same letters and symbols), each chip on its colour too."""
    return "".join(mark_html(attribute, attribute.value(value_name), render)
                   for attribute in board.attributes for value_name in board.values_at(cell, attribute.name))


def mark_html(attribute, value, render) -> str:
    """One value's mark: its letter on its colour (a chip), or its symbol."""
    colour = render.web_colour(value.colour)
    style = f' style="--chip:{colour[0]};--chipink:{colour[1]}"' if colour else ""
    kind = "chip" if not value.symbol else "symbol"
    return f'<span class="{kind}"{style}>{escape(render.codes(attribute)[value.name])}</span>'


def legend_html(board, render) -> str:
    """What each mark means, as under the terminal's grids."""
    marks = dict(cross=render.CROSS, pond=render.POND, mine=render.MINE)
    first = (_("{cross} ruled out   {pond} pond   {mine} your loot") if board.ponds else _("{cross} ruled out"))
    items = [f"<li>{escape(first.format(**marks))}</li>"]
    for attribute in board.attributes:
        entries = [f"{mark_html(attribute, value, render)} {escape(value.local_name)}" for value in attribute.values]
        items.append("<li>" + escape(_("{attribute}: ").format(attribute=attribute.local_name)) + "  ".join(entries)
                     + "</li>")
    return '<ul class="legend">' + "".join(items) + "</ul>"


def history_html(game) -> str:
    """The numbered history; an entry taken back struck out and said so in words."""
    entries = game.history().entries
    head = f'<h2>{escape(_("history"))}</h2>'
    if not entries:
        return head + f'<p class="dim">{escape(_("nothing recorded yet"))}</p>'
    items = []
    for entry in reversed(entries):  # the latest first: a phone shows the top
        step = escape(grammar.said(game, game.step(entry.event)))
        if entry.retracted:
            items.append(f'<li value="{entry.number}" class="taken"><del>{step}</del> '
                         f'<span class="dim">{escape(_("(taken back)"))}</span></li>')
        else:
            items.append(f'<li value="{entry.number}">{step}</li>')
    return head + f'<ol class="history" reversed>{"".join(items)}</ol>'


def pad_html(game) -> str:
    """A score pad: its picture as a real table (Le Roi des Nains) or the rope in words (Oh ! les Nains),
    then what the table must hear now (the log protocol's report)."""
    from assistant.faces import pictures as render

    picture = tug_html(game, render) if game.kind == "oh-les-nains" else deals_html(game)
    lines = "".join(f"<li>{escape(printable(line))}</li>" for line in game.report())
    return picture + f'<ul class="report">{lines}</ul>'


def deals_html(game) -> str:
    """Le Roi des Nains: deals as rows, each player's points and running total; a removed deal struck out."""
    head = "".join(f'<th scope="col">{escape(printable(player))}</th>' for player in game.players)
    rows = []
    for row in game.rows():
        title = escape(printable(row.said or row.title))
        title = f"<del>{title}</del>" if row.removed else title
        if row.points is None:
            cells = "".join('<td class="dim">-</td>' for unused in game.players)
        else:
            cells = "".join(f"<td>{row.points[p]:+d} = {row.totals[p]}</td>" for p in game.players)
        rows.append(f'<tr><th scope="row">{row.number}</th><td>{title}</td>{cells}'
                    f'<td class="dim">{escape(printable(row.note))}</td></tr>')
    caption = escape(printable(_("{name}: Le Roi des Nains").format(name=game.name)))
    return (f'<div class="scroll"><table class="pad"><caption>{caption}</caption><tr><th scope="col">{escape(_("deal"))}'
            f'</th><th scope="col">{escape(_("quest + special card"))}</th>{head}<th></th></tr>{"".join(rows)}'
            "</table></div>")


def tug_html(game, render) -> str:
    """Oh ! les Nains: the hose's flagstones, each gnome named by its colour, then where the hose stands in words."""
    state = game.state()
    left, right = render.hose(game, state)

    def stones(half: list[str | None], side: int) -> str:
        out = []
        for colour in half:
            if colour is None:
                out.append('<span class="stone" aria-hidden="true">·</span>')
                continue
            said = game.said_value("card", colour)  # rouge, jaune: the words a French table types
            label = escape(_("{side}: {colour} gnome").format(side=game.side_name(side), colour=said))
            out.append(f'<span class="stone gnome gnome-{escape(colour)}" role="img" aria-label="{label}">'
                       f"{escape(said[:1].upper())}</span>")  # the colour's initial: not told by colour alone
        return "".join(out)

    recent = "".join(f"<li>{escape(printable(line))}</li>" for line in state.log[-4:])
    sides = "".join(f"<b>{escape(printable(game.side_name(side)))}</b>" for side in (0, 1))
    return (f'<div class="hose"><p class="sides">{sides}</p><p class="stones">{stones(left, 0)}'
            f'<span class="fence" aria-hidden="true">║</span>{stones(right, 1)}</p></div>'
            f'<p>{escape(render.hose_said(game, state))}</p><ul class="dim">{recent}</ul>')


def pieces_html(game) -> str:
    lines = panels.pieces_lines(game)
    if lines is None:
        return ""
    heading = escape(_("pieces"))
    return f'<h2>{heading}</h2><ul class="pieces">' + "".join(
        f"<li>{escape(printable(line))}</li>" for line in lines) + "</ul>"


def theirs_html(game) -> str:
    """What each opponent can know of my loot (the screen's words: ``panels.theirs_lines``), warnings strong."""
    maps, warnings = panels.theirs_lines(game)
    if not maps:
        return ""
    heading = escape(_("what they know of your loot"))
    return f'<h2>{heading}</h2><ul class="theirs">' + "".join(
        f"<li>{escape(printable(line))}</li>" for line in maps) + "".join(
        f'<li><strong>{escape(printable(line))}</strong></li>' for line in warnings) + "</ul>"


def tally_html(game) -> str:
    """75 Gnom' Street's end, as ``assistant tally`` counts it: a row per player, how the stacks counted."""
    from assistant.games.gnom_street import tally as gnom_tally
    from assistant.games.gnom_street.garden import ME

    result = gnom_tally.score_game(game, "fr")
    heads = [_("player"), _("miniatures"), _("loot"), _("baits"), _("total")]
    rows = "".join(f'<tr><th scope="row">{escape(printable(_("me") if line.player == ME else line.player))}</th>'
                   f"<td>{line.miniatures:+d}</td><td>{line.loot}</td><td>{line.baits}</td><td><b>{line.total}</b></td></tr>"
                   for line in result.lines)
    notes = "".join(f"<li>{escape(printable(note))}</li>" for note in (result.said or result.notes))
    caption = escape(_("75 Gnom' Street: victory points"))
    head = "".join(f'<th scope="col">{escape(name)}</th>' for name in heads)
    return (f'<table class="pad"><caption>{caption}</caption><tr>{head}</tr>{rows}</table>'
            f'<ul class="dim">{notes}</ul><p><b>{escape(printable(result.verdict()))}</b></p>')


def explain_lines(game, cell_text: str, item: str | None) -> list[str]:
    """Why a cell is ruled out, or why it is still possible, for one opponent (or each)."""
    if is_pad(game):
        return []
    cell = game.board.parse_cell(cell_text)
    sheet = game.sheet()
    items = [game.item(item)] if item else list(game.items)
    lines = []
    for each in items:
        for line in sheet.explain(each, cell):
            lines.append(_("{name}: {value}").format(name=game.board.local_item(each), value=line)
                         if len(items) > 1 else line)
    return lines


PAGE_WORDS = {  # the page's own words, translated where the page is drawn
    "record": N_("Record"), "undo": N_("Undo"), "clear": N_("Clear"), "back": N_("Back"),
    "odds": N_("Odds"), "suggest": N_("Suggest"), "tally": N_("Tally"), "entry": N_("Entry"), "next": N_("next: {slot}"),
    "complete": N_("the step is complete: Record saves it"), "typed": N_("Type a step, or tap the words below"),
    "explain": N_("Tap a cell to hear why it is ruled out or still possible."),
    "live": N_("follows the game live"), "offline": N_("connection lost: trying again"),
    "readonly": N_("read-only link: the scorekeeper records the entries"),
}


def page_html(game, link: Link, spoken: str, version: int = 0) -> str:
    """The whole page: a header, the live part, and (for a link that records) the entry panel."""
    words = {key: _(text) for key, text in PAGE_WORDS.items()}
    title = escape(printable(f"{game.name} - {PAD_TITLES.get(game.kind, game.kind) if is_pad(game) else game.board.local_title}"))
    entry = ""
    if link.keeper:
        entry = f"""
<section id="entry" aria-label="{escape(words['entry'])}">
  <label for="line" class="hint">{escape(words['typed'])}</label>
  <div class="line"><input id="line" name="line" autocomplete="off" autocapitalize="off" spellcheck="false"
    enterkeyhint="done"><button type="button" id="back" aria-label="{escape(words['back'])}">⌫</button></div>
  <p id="slot" class="dim" aria-live="polite"></p>
  <div id="choices" role="group" aria-labelledby="slot"></div>
  <div class="actions">
    <button type="button" id="record" class="primary">{escape(words['record'])}</button>
    <button type="button" id="undo">{escape(words['undo'])}</button>
    <button type="button" id="clear">{escape(words['clear'])}</button>
  </div>
  <p id="answer" role="status" aria-live="polite"></p>
</section>"""
    else:
        entry = f'<p class="dim">{escape(words["readonly"])}</p>'
    tally = "" if is_pad(game) or not game.board.per_opponent else \
        f'<button type="button" id="tally">{escape(words["tally"])}</button>'
    tools = "" if is_pad(game) else f"""
<div class="actions tools">
  <button type="button" id="odds" aria-pressed="false">{escape(words['odds'])}</button>
  <button type="button" id="suggest">{escape(words['suggest'])}</button>{tally}
</div>
<p class="dim">{escape(words['explain'])}</p>
<section id="panel" aria-live="polite"></section>"""
    data = escape(json.dumps({"next": words["next"], "complete": words["complete"], "offline": words["offline"],
                              "live": words["live"], "cellSlots": list(CELL_SLOTS)}))
    return f"""<!doctype html>
<html lang="{spoken}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="/static/page.css">
<script src="/static/page.js" defer></script>
</head>
<body data-words="{data}">
<header><h1>{title}</h1><p id="status" class="dim" aria-live="polite">{escape(words['live'])}</p></header>
<main>
{entry}
<section id="live" aria-live="off" data-version="{version}">{view_html(game)}</section>
{tools}
</main>
</body>
</html>"""


# -- the served games -------------------------------------------------------------------------


@dataclass
class Served:
    """What the server knows of one game: its file's stamp, the game read at that stamp, a change signal."""

    name: str
    stamp: tuple = ()
    game: object = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    version: int = 0


def file_stamp(path: Path) -> tuple | None:
    try:
        status = path.stat()
        return status.st_mtime_ns, status.st_size, status.st_ino
    except OSError:
        return None


class Server:
    """The links, the games they open, and the pages' requests. One event loop thread does every
    game's work (reading, recording, drawing), so the language spoken can be set per request."""

    def __init__(self, store: Store, links: list[Link], watch_seconds: float = WATCH_SECONDS):
        self.store = store
        self.links = links
        self.watch_seconds = watch_seconds
        self.served = {link.game: Served(link.game) for link in links}
        self.active: dict[str, int] = {}  # requests in progress per client address
        self.static = {name: (STATIC / name).read_bytes() for name in ("page.css", "page.js")}
        self.app = Starlette(routes=[
            Route("/static/{name}", self.asset, methods=["GET"]),
            Route("/g/{token}/{action:path}", self.game_request, methods=["GET", "POST"]),
        ], lifespan=self.lifespan)
        self.app.add_exception_handler(404, self.not_found)
        self.app.add_exception_handler(405, self.not_found)

    # -- plumbing -------------------------------------------------------------------------------

    async def __call__(self, scope, receive, send) -> None:
        """Every request: at most PER_ADDRESS at once from one address (a flood from one phone, or one
        machine on the Wi-Fi, cannot take the slots the others need)."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        address = (scope.get("client") or ("?", 0))[0]
        if self.active.get(address, 0) >= PER_ADDRESS:
            await Response(b"busy", status_code=503, headers={"Retry-After": "1", **HEADERS})(scope, receive, send)
            return
        self.active[address] = self.active.get(address, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.active[address] -= 1
            if not self.active[address]:
                del self.active[address]

    async def not_found(self, request: Request, exc=None) -> Response:
        return Response(NOT_FOUND, status_code=404, media_type="text/plain", headers=HEADERS)

    async def asset(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in self.static:
            return await self.not_found(request)
        media = "text/css" if name.endswith(".css") else "text/javascript"
        return Response(self.static[name], media_type=f"{media}; charset=utf-8",
                        headers={**HEADERS, "Cache-Control": "no-cache"})

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        """While serving, one task watches the served games' files."""
        for served in self.served.values():
            self.refresh(served)
        watcher = asyncio.get_running_loop().create_task(self.watch())
        try:
            yield
        finally:
            watcher.cancel()

    async def watch(self) -> None:
        """Check each served game's file; a change made elsewhere (CLI, table screen, another phone) wakes its pages."""
        while True:
            await asyncio.sleep(self.watch_seconds)
            for served in self.served.values():
                self.refresh(served)

    def refresh(self, served: Served) -> None:
        stamp = file_stamp(self.store.game_path(served.name))
        if stamp != served.stamp:
            served.stamp, served.game = stamp, None
            self.changed(served)

    def changed(self, served: Served) -> None:
        served.version += 1
        served.changed.set()
        served.changed = asyncio.Event()

    def game(self, served: Served):
        if served.game is None:
            served.game = self.store.load(served.name)
        return served.game

    async def body(self, request: Request) -> dict:
        """The request's JSON body, at most MAX_BODY bytes, in at most BODY_SECONDS."""
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            raise TooLarge()

        async def read() -> bytes:
            chunks, size = [], 0
            async for chunk in request.stream():
                size += len(chunk)
                if size > MAX_BODY:
                    raise TooLarge()
                chunks.append(chunk)
            return b"".join(chunks)

        raw = await asyncio.wait_for(read(), BODY_SECONDS)
        data = json.loads(raw.decode("utf-8")) if raw else {}
        if not isinstance(data, dict):
            raise ValueError("not an object")
        return data

    # -- the requests of a game ------------------------------------------------------------------

    async def game_request(self, request: Request) -> Response:
        link = find_link(self.links, request.path_params["token"])
        if link is None:
            return await self.not_found(request)
        action, method = request.path_params["action"], request.method
        handlers = {("", "GET"): self.page, ("view", "GET"): self.view, ("events", "GET"): self.events,
                    ("complete", "POST"): self.complete, ("step", "POST"): self.step,
                    ("explain", "POST"): self.explain, ("suggest", "POST"): self.suggest,
                    ("tally", "POST"): self.tally}
        handler = handlers.get((action, method))
        if handler is None:
            return await self.not_found(request)
        if method == "POST" and not same_origin(request):
            return Response(b"forbidden", status_code=403, headers=HEADERS)
        served = self.served[link.game]
        spoken = request_language(request.headers.get("accept-language"))
        try:
            if method == "POST":
                try:
                    data = await self.body(request)
                except TooLarge:
                    return Response(b"too large", status_code=413, headers=HEADERS)
                except (TimeoutError, ValueError, UnicodeDecodeError):
                    return Response(b"bad request", status_code=400, headers=HEADERS)
                return await handler(request, link, served, spoken, data)
            return await handler(request, link, served, spoken)
        except AssistantError as error:  # a damaged or deleted game: said, never a traceback
            with speaking(spoken):
                return JSONResponse({"refused": printable(str(error))}, status_code=409, headers=HEADERS)

    async def page(self, request, link, served, spoken) -> Response:
        with speaking(spoken):
            return HTMLResponse(page_html(self.game(served), link, spoken, served.version), headers=HEADERS)

    async def view(self, request, link, served, spoken) -> Response:
        odds = request.query_params.get("odds") == "1"
        with speaking(spoken):
            return JSONResponse({"version": served.version, "html": view_html(self.game(served), odds)},
                                headers=HEADERS)

    async def events(self, request, link, served, spoken) -> Response:
        """Server-sent events: 'changed' each time the game's file changes, whoever changed it."""

        async def stream():
            yield f"retry: 1000\ndata: {served.version}\n\n"
            while True:
                waiting = served.changed
                try:
                    await asyncio.wait_for(waiting.wait(), PING_SECONDS)
                    yield f"data: {served.version}\n\n"
                except TimeoutError:
                    yield ": ping\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream", headers=HEADERS)

    async def complete(self, request, link, served, spoken, data) -> Response:
        """What may come next after the line typed so far: the grammar's answer, as Tab gets it on the table screen."""
        line = str(data.get("line", ""))[:MAX_BODY]
        game = self.game(served)
        with speaking(spoken):
            try:
                typing, matches = grammar.complete(game, line)
                words = line.split()
                slot = grammar.expect(game, words[:-1] if typing else words)
            except AssistantError:
                typing, matches, slot = "", (), grammar.Slot("unknown")
            return JSONResponse({"typing": typing, "choices": list(matches), "slot": slot.name,
                                 "said": _(slot.name), "end": slot.name == "end", "why": slot.why}, headers=HEADERS)

    async def step(self, request, link, served, spoken, data) -> Response:
        """One entry: read by the game's grammar, recorded under the store's lock; a refusal writes nothing."""
        if not link.keeper:
            return Response(b"read-only link", status_code=403, headers=HEADERS)
        line = panels.step_text(str(data.get("line", "")))
        with speaking(spoken):
            before = self.game(served)
            if not line:
                return JSONResponse({"refused": _("empty step")}, headers=HEADERS)
            try:
                after = self.store.update(served.name, lambda game: game.record(game.read_step(line)))
            except AssistantError as error:
                return JSONResponse({"refused": refused(error)}, headers=HEADERS)
            served.game, served.stamp = after, file_stamp(self.store.game_path(served.name))
            self.changed(served)
            odds = data.get("odds") is True
            return JSONResponse({"said": printable(panels.said(before, after)), "version": served.version,
                                 "html": view_html(after, odds)}, headers=HEADERS)

    async def explain(self, request, link, served, spoken, data) -> Response:
        with speaking(spoken):
            try:
                lines = explain_lines(self.game(served), str(data.get("cell", ""))[:20],
                                      str(data["item"])[:200] if data.get("item") else None)
            except AssistantError as error:
                lines = [str(error)]
            return JSONResponse({"lines": [printable(line) for line in lines]}, headers=HEADERS)

    async def tally(self, request, link, served, spoken, data) -> Response:
        with speaking(spoken):
            try:
                html = tally_html(self.game(served))
            except AssistantError as error:
                html = f'<p class="refused">{escape(printable(str(error)))}</p>'
            return JSONResponse({"html": html}, headers=HEADERS)

    async def suggest(self, request, link, served, spoken, data) -> Response:
        with speaking(spoken):
            try:
                lines, __ = panels.suggestion_lines(self.game(served))
            except AssistantError as error:
                lines = [str(error)]
            return JSONResponse({"lines": [printable(line) for line in lines]}, headers=HEADERS)


def refused(error: AssistantError) -> str:
    return printable(_("refused (nothing written): {refusal}").format(refusal=error))


class TooLarge(Exception):
    """A request body past MAX_BODY."""


def same_origin(request: Request) -> bool:
    """A POST from another site's page is refused (the browser says where it comes from in Origin)."""
    origin = request.headers.get("origin")
    if origin is None:
        return True  # not a browser's cross-site request (curl, a test): the token is what protects
    return origin.split("://", 1)[-1] == request.headers.get("host", "")


# -- running ------------------------------------------------------------------------------------


def config(server: Server, host: str, port: int):
    """uvicorn's settings: no access log (a path holds a token), bounded connections, short idle keep-alive."""
    import uvicorn

    return uvicorn.Config(server, host=host, port=port, log_config=None, access_log=False, log_level="warning",
                          limit_concurrency=MAX_CONNECTIONS, timeout_keep_alive=5, lifespan="on",
                          h11_max_incomplete_event_size=16 * 1024, server_header=False, date_header=False)


def listening(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (port 0: a free one); a port taken is an OSError here, said in one line."""
    bound = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        bound.bind((host, port))
    except OSError:
        bound.close()
        raise
    return bound


def run(store: Store, links: list[Link], bound: socket.socket) -> None:
    """Serve on ``bound`` (see ``listening``) until Ctrl+C or SIGTERM: open requests are finished, then it returns."""
    import uvicorn

    host, port = bound.getsockname()[:2]
    try:
        uvicorn.Server(config(Server(store, links), host, port)).run(sockets=[bound])
    except KeyboardInterrupt:  # uvicorn stops cleanly, then raises the Ctrl+C it caught again
        pass
    finally:
        bound.close()


@contextlib.contextmanager
def serving(store: Store, links: list[Link], watch_seconds: float = WATCH_SECONDS):
    """Serve on a free port of 127.0.0.1 in a thread while the block runs; yields the base address
    ('http://127.0.0.1:PORT'). For the tests and the benchmark: a real server, as a phone reaches it."""
    import threading

    import uvicorn

    bound = listening("127.0.0.1", 0)
    port = bound.getsockname()[1]
    server = uvicorn.Server(config(Server(store, links, watch_seconds), "127.0.0.1", port))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [bound]}, daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("the server did not start")
            thread.join(0.01)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
        bound.close()
