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
import hashlib
import hmac
import json
import os
import re
import secrets
import socket
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

from markupsafe import Markup
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.templating import Jinja2Templates
from uvicorn.protocols.http.h11_impl import H11Protocol

from assistant.engine import grammar, registry
from assistant.engine.errors import AssistantError, InputError, printable
from assistant.engine.i18n import DEFAULT, LANGUAGES, N_, _, language, percent, said_in, speaking
from assistant.engine.log import Retract, replay
from assistant.engine.records import NamedTuple
from assistant.engine.words import PAGE, facing, join_clauses
from assistant.faces import panels, templating
from assistant.faces.ending import header_line
from assistant.faces.panels import is_pad
from assistant.store import spreading
from assistant.store.files import read_json, write_atomically, write_cache
from assistant.store.folder import ENTRY_ID, Repeated, Store

TOKEN_BYTES = 24  # 192 bits of secrets.token_urlsafe: far past guessing, 32 characters in a link
MAX_BODY = 4096  # bytes: the longest step is a few hundred characters
BODY_SECONDS = 5.0  # a body that trickles in slower than this is dropped (a slow client holds no slot)
MAX_CONNECTIONS = 256  # uvicorn answers 503 past this many at once (PER_ADDRESS_CONNECTIONS bites first)
PER_ADDRESS = 16  # requests at once from one address: one phone cannot take every slot
# Connections open from one address: a browser opens 6 or so; past PER_ADDRESS requests a 503 says
# wait; past this many connections, the new ones are closed at once.
PER_ADDRESS_CONNECTIONS = 24
IDLE_SECONDS = 4.0  # a connection that has not sent a whole request by then is closed (idle or slow: no slot held)
HISTORY_PAGE = 100  # history lines the live part shows, the latest; the earlier ones come a page at a time
KEPT_DRAWN = 12  # live parts kept per game (by version, language, odds): what a tap's answer is the change from
KEPT_ANSWERS = 2000  # entry ids remembered per game: a whole evening's taps, and their retries
SAVE_ANSWERS_SECONDS = 1.0  # the answers' cache is written at most this often while serving
WATCH_SECONDS = 0.2  # how often the served games' files are checked for a change made elsewhere
PING_SECONDS = 15.0  # an idle event stream says it is alive this often (proxies close silent ones)
KEPT_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")  # a kept token: at least 128 bits, and only what a path may hold
LANG_COOKIE = "lang"  # the language a player chose on the table's page: 'fr' or 'en' (else Accept-Language)
LINKS_FILE = "serve-links.json"  # in the data folder: the links of the last start (--keep-links)
STATIC = Path(__file__).parent / "static"
ASSETS = {"page.css": "text/css; charset=utf-8", "page.js": "text/javascript; charset=utf-8",
          "join.js": "text/javascript; charset=utf-8",
          "worker.js": "text/javascript; charset=utf-8", "icon.svg": "image/svg+xml"}
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
                               "'unsafe-inline'; connect-src 'self'; img-src 'self'; manifest-src 'self'; "
                               "worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
}
CELL_SLOTS = ("cell", "asking-cell")  # slots a tap on the grid fills
# A slot's hint in the words the player types: the cell a question is asked from is a cell like any other
SAID_SLOTS = {"asking-cell": N_("cell")}
UNDO_ID = "undo-of-{number}"  # the id of the Undo taking back entry NUMBER: the entry it names, recorded once
# What each request's JSON body holds: its fields, their type, and whether one must be there. Anything else
# (a wrong type, a missing field, a lone surrogate, a control character) is 400 with one line.
FIELDS: dict[str, dict[str, tuple[type, bool]]] = {
    "complete": {"line": (str, False)},  # no line: the empty one (what may begin a step)
    "step": {"line": (str, True), "id": (str, False), "odds": (bool, False), "have": (str, False)},
    "explain": {"cell": (str, True), "item": (str, False)},
    "suggest": {}, "tally": {}}
UNFIT = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")  # control characters and lone surrogates


# -- the links ---------------------------------------------------------------------------------


class Link(NamedTuple):
    """One secret link: its token, the game it opens, and whether it may record (a pad's table link reads only)."""

    token: str
    game: str  # the game's own id (Store.game_id): a rename keeps it, a new game under the old name never has it
    keeper: bool = True
    name: str = ""  # the game's name when the link was made, as printed with it


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def make_links(store: Store, names: list[str], keep: bool = False) -> list[Link]:
    """A link per game (a score pad: the scorekeeper's and the table's read-only one).

    New tokens at each start; with ``keep``, those of the last start for the same games. The
    links are saved in the data folder (owner-only) so that ``--keep-links`` finds them."""
    kept = _kept_links(store) if keep else {}
    links = []
    # every game read before any id is written: a game that cannot be read leaves no id behind
    pads = {name: is_pad(store.load(name)) for name in names}
    for name in names:
        roles = (True, False) if pads[name] else (True,)
        game_id = store.game_id(name)
        for keeper in roles:
            token = kept.get((game_id, keeper)) or new_token()
            links.append(Link(token, game_id, keeper, name))
    _save_links(store, links)
    return links


def _links_path(store: Store) -> Path:
    return store.home / LINKS_FILE


def _kept_links(store: Store) -> dict[tuple[str, bool], str]:
    try:  # never through a symbolic link: the tokens kept are the ones this folder's owner wrote
        data: Any = read_json(_links_path(store), 1 << 20)  # None (then TypeError below) when damaged or too deep
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


def spoken_of(request: Request) -> str:
    """The language a page is drawn in: the one the player chose on the table's page (its ``lang`` cookie, for
    every page of this laptop), else the one the browser asks for."""
    chosen = request.cookies.get(LANG_COOKIE)
    return chosen if chosen in LANGUAGES else request_language(request.headers.get("accept-language"))


# -- what the page shows -----------------------------------------------------------------------------
# The HTML is in templates/ (Jinja2, autoescape on); here is only what it shows, worked out from the game.


def render(name: str, **context) -> str:
    """The page's template ``name``, drawn in the language spoken now."""
    return templating.render(__package__, name, **context)


class Mark(NamedTuple):
    """One value's mark, as the terminal draws it: its letter on its colour (a chip), or its symbol."""

    kind: str  # 'chip' or 'symbol'
    code: str
    colour: tuple[str, str] | None  # (ground, ink); None: a colour the page does not know, drawn plain


class CellView(NamedTuple):
    """One cell of a sheet: a button read out in words (``label``), so that nothing is told by colour alone."""

    name: str
    item: str
    classes: list[str]
    label: str
    ground: tuple[str, str] | None  # the ground's (colour, ink); None on a pond or a cell ruled out
    face: str  # what shows instead of the marks: a cross, the pond, my loot, a chance; '' for the marks
    marks: list[Mark]


class GridView(NamedTuple):
    """One opponent's sheet (or the city's): its caption, its column letters, and its rows of cells."""

    item: str
    title: str
    letters: list[str]
    rows: list[tuple[int, list[CellView]]]  # (row number, cells)


class Stone(NamedTuple):
    """A gnome on the hose: its colour, that colour's initial (not told by colour alone) and its words."""

    colour: str
    initial: str
    label: str


class Words:
    """One served game's events put into words once each: their saved words, and how the player reads
    them in each language. An evening's log is otherwise said again, whole, at every tap (the history,
    the version). Events are immutable values, so an event's words never change for one game read
    against one board; a game read anew from its file gets a new Words."""

    def __init__(self) -> None:
        self.steps: dict = {}
        self.said: dict = {}

    def step(self, game, event) -> str:
        """``game.step(event)``, once per event."""
        try:
            return self.steps[type(event), event]
        except KeyError:
            words = self.steps[type(event), event] = game.step(event)
            return words
        except TypeError:  # an event that cannot be hashed: put into words each time
            return game.step(event)

    def said_step(self, game, event) -> str:
        """The event as the player reads it in the language spoken now, once per event and language."""
        key = (language(), type(event), event)
        try:
            return self.said[key]
        except KeyError:
            words = self.said[key] = grammar.said(game, self.step(game, event))
            return words
        except TypeError:
            return grammar.said(game, game.step(event))


def view_html(game, odds: bool = False, words: Words | None = None, told: tuple[str, ...] = ()) -> str:
    """The live part of the page: the sheets (or the pad), the game's state, the history; ``told``: what another
    phone's entry that reached this sheet disagreed with (its linked sheets: ``spreading``)."""
    return render("view.html", **view(game, odds, words), told=told)


def view(game, odds: bool = False, words: Words | None = None) -> dict:
    """What the live part shows, for templates/view.html (``words``: the served game's, kept between taps)."""
    words = words or Words()
    pad = is_pad(game)
    several = pad or len(game.items) > 1  # one sheet alone: its caption says it already
    return {"ended": header_line(game),  # the page's header line once the game is over (or tied)
            "summary": game.summary() if several else None,
            "pad": pad_view(game) if pad else None,
            "sheets": None if pad else sheets_view(game, odds),
            "pieces": panels.pieces_lines(game),
            "theirs": panels.theirs_lines(game),
            "history": history_view(game, words),
            "earlier": max(0, len(game.history().entries) - HISTORY_PAGE),
            "undo": undo_view(game, words)}


def undo_view(game, words: Words) -> tuple[int, str, str] | None:
    """The entry Défaire takes back, by its number, its words and the id its Undo is sent with: the latest
    standing (None: nothing to take back). An entry's number is never given again in a game, so a repeat of
    one Undo (a double tap, a retry) is the same id, recorded once."""
    standing = game.history().standing
    if not standing:
        return None
    entry = standing[-1]
    return entry.number, words.said_step(game, entry.event), UNDO_ID.format(number=entry.number)


def sheets_view(game, odds: bool) -> dict:
    """Every hidden item's sheet, the items found, whether the clues agree, and what the marks mean."""
    from assistant.engine import advice as advisor
    from assistant.faces import pictures

    board, sheet = game.board, game.sheet()
    chances = advisor.odds(sheet) if odds and sheet.consistent else None
    found = [(item, sheet.found(item)) for item in game.items]
    return {"many": len(board.attributes) > 2,  # the city's cells carry three kinds of marks
            "grids": [grid_html(sheet, item, chances.items[item] if chances else None, pictures)
                      for item in game.items],
            "found": [pictures.found_line(board, item, cell, game.closed(item) == cell)
                      for item, cell in found if cell is not None],
            "consistent": sheet.consistent,
            "legend": legend_view(board, pictures)}


# Grids drawn: (language, the board's id, item, title, cells left, my loot, odds) -> (board, HTML). A tap
# changes one opponent's cells at most; the others' grids are the ones drawn before (and an undo's too).
_GRIDS: dict[tuple, tuple[object, Markup]] = {}
KEPT_GRIDS = 512


def grid_html(sheet, item: str, chances: dict | None, pictures) -> Markup:
    """One opponent's sheet (or the city's) as HTML, drawn once for each state it is in."""
    title, unused = pictures.item_title(sheet, item)
    key = (language(), id(sheet.board), item, title, sheet.candidates(item).mask, sheet.mine,
           tuple(sorted(chances.items())) if chances is not None else None)
    known = _GRIDS.get(key)
    if known is not None and known[0] is sheet.board:
        return known[1]
    drawn = Markup(render("grid.html", grid=grid_view(sheet, item, chances, pictures, title)))
    if len(_GRIDS) >= KEPT_GRIDS:
        _GRIDS.clear()
    _GRIDS[key] = (sheet.board, drawn)
    return drawn


def grid_view(sheet, item: str, chances: dict | None, pictures, title: str) -> GridView:
    """One opponent's sheet (or the city's), its cells read out in words."""
    from assistant.engine.cells import column_letters

    grid = sheet.board.grid
    remaining = sheet.candidates(item)
    found = remaining.only()
    rows = [(row + 1, [cell_view(sheet, item, grid.cell(row, column), remaining, found, chances, pictures)
                       for column in range(grid.columns)]) for row in range(grid.rows)]
    return GridView(item, title, [column_letters(column) for column in range(grid.columns)], rows)


def cell_view(sheet, item: str, cell: int, remaining, found, chances, pictures) -> CellView:
    board = sheet.board
    name = board.name_of(cell)
    said = [name, *cell_words(board, cell)]
    classes = ["cell"]
    if cell in board.ponds:
        status, face, classes = _("pond"), pictures.POND, classes + ["pond"]
        said = [name, status]
    elif cell == sheet.mine:
        status, face = _("your loot"), pictures.MINE
        classes.append("mine")
    elif cell not in remaining:
        status, face = _("ruled out for {item}").format(item=board.local_item(item)), pictures.CROSS
        classes.append("out")
    else:
        status = _("found: the only cell left") if cell == found else _("possible")
        face = ""
        classes.append("found" if cell == found else "open")
    if chances is not None and cell in remaining:
        chance = percent(chances.get(cell, 0.0))  # '45 %' in French: the engine's one number formatter
        status += ", " + chance
        face = chance
    if cell not in board.ponds:
        said.append(status)
    ground = None if "out" in classes or "pond" in classes else ground_colour(board, cell, pictures)
    marks = [] if face else [mark(attribute, attribute.value(value), pictures) for attribute in board.attributes
                             for value in board.values_at(cell, attribute.name)]
    return CellView(name, item, classes, ", ".join(said), ground, face, marks)


_CELL_WORDS: dict[tuple[str, int], tuple[object, dict[int, list[str]]]] = {}  # (language, board's id) -> words


def cell_words(board, cell: int) -> list[str]:
    """A cell's values in words ('grass', 'flowers blue and red'), in the language spoken: a board's are
    worked out once (a board never changes; a corrected one is another board)."""
    key = (language(), id(board))
    known = _CELL_WORDS.get(key)
    if known is None or known[0] is not board:
        if len(_CELL_WORDS) >= KEPT_GRIDS:
            _CELL_WORDS.clear()
        known = _CELL_WORDS[key] = (board, {})
    said = known[1].get(cell)
    if said is None:
        said = known[1][cell] = _cell_words(board, cell)
    return said


def _cell_words(board, cell: int) -> list[str]:
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


def ground_colour(board, cell: int, pictures) -> tuple[str, str] | None:
    ground = next((attribute for attribute in board.attributes if attribute.kind == "one"), None)
    if ground is None:
        return None
    values = board.values_at(cell, ground.name)
    return pictures.web_colour(ground.value(values[0]).colour) if values else None


def mark(attribute, value, pictures) -> Mark:
    """One value's mark: the terminal's letter or symbol for it, on its colour."""
    return Mark("symbol" if value.symbol else "chip", pictures.codes(attribute)[value.name],
                pictures.web_colour(value.colour))


def legend_view(board, pictures) -> dict:
    """What each mark means, as under the terminal's grids: the crosses first, then each attribute's values."""
    marks = dict(cross=pictures.CROSS, pond=pictures.POND, mine=pictures.MINE)
    first = _("{cross} ruled out   {pond} pond   {mine} your loot") if board.ponds else _("{cross} ruled out")
    return {"first": first.format(**marks),
            "attributes": [(_("{attribute}: ").format(attribute=attribute.local_name),
                            [(mark(attribute, value, pictures), value.local_name) for value in attribute.values])
                           for attribute in board.attributes]}


def history_view(game, words: Words, before: int | None = None) -> list[tuple[int, str, bool]]:
    """A page of the numbered history, the latest first (a phone shows the top): (number, the step said, taken
    back), the HISTORY_PAGE latest, or those before entry number ``before``. A game of any size is said a
    page at a time: its first load and each tap's answer stay small."""
    entries = game.history().entries
    end = len(entries) if before is None else sum(1 for entry in entries if entry.number < before)
    return [(entry.number, words.said_step(game, entry.event), entry.retracted)
            for entry in reversed(entries[max(0, end - HISTORY_PAGE):end])]


def changes(old: str, new: str) -> list[tuple[int, int, str]]:
    """What turns ``old`` into ``new``: (start, end, text) replacements of ``old``'s characters, in order.
    Lines first (a cell of a sheet, a line of the history), then within each line changed for one other
    (a cell's class and words): a tap's answer is the few hundred characters it changed."""
    import difflib

    before, after = old.splitlines(keepends=True), new.splitlines(keepends=True)
    starts = [0]
    for line in before:
        starts.append(starts[-1] + len(line))
    done: list[tuple[int, int, str]] = []
    lines = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, first, last, into, upto in lines.get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and last - first == upto - into:
            for offset in range(last - first):
                start = starts[first + offset]
                inside = difflib.SequenceMatcher(None, before[first + offset], after[into + offset], autojunk=False)
                done += [(start + a, start + b, after[into + offset][c:d])
                         for kind, a, b, c, d in inside.get_opcodes() if kind != "equal"]
            continue
        done.append((starts[first], starts[last], "".join(after[into:upto])))
    return done


def pad_view(game) -> dict:
    """A score pad, drawn as it declares: its rope, or its rounds as a table under its own caption and
    column headings; then what the table must hear now (the log protocol's report)."""
    from assistant.faces.pictures import PAD_COLUMNS

    declared = registry.of_game(game)
    rope = declared.picture == "rope"
    title = declared.title_of("table")
    return {"report": game.report(), "rope": rope_view(game) if rope else None,
            "deals": None if rope else {"name": game.name, "players": game.players, "rows": game.rows(),
                                        "caption": _(title).format(name=game.name) if title else game.name,
                                        "columns": [_(column) for column in declared.columns or PAD_COLUMNS]}}


def rope_view(game) -> dict:
    """The rope: the hose's flagstones on each side of the fence, where it stands in words, the last turns."""
    from assistant.faces import pictures

    state = game.state()
    halves = pictures.hose(game, state)
    return {"sides": [game.side_name(side) for side in (0, 1)],
            "halves": [[stone(game, side, colour) for colour in half] for side, half in enumerate(halves)],
            "said": pictures.hose_said(game, state), "recent": state.log[-4:]}


def stone(game, side: int, colour: str | None) -> Stone | None:
    """A flagstone of ``side``: None where no gnome stands."""
    if colour is None:
        return None
    said = game.said_value("card", colour)  # rouge, jaune: the words a French table types
    return Stone(colour, said[:1].upper(), _("{side}: {colour} gnome").format(side=game.side_name(side), colour=said))


def tally_html(game) -> str:
    """A garden's end, as ``assistant tally`` counts it: a row per player, how the stacks counted."""
    from assistant.engine.contract import Tallies
    from assistant.engine.registry import spoken
    from assistant.faces.ending import no_tally
    from assistant.faces.pictures import declared_title

    if not isinstance(game, Tallies):
        raise InputError(no_tally(game))
    result = game.tally("fr")
    return render("tally.html", caption=declared_title("tally"),
                  lines=[(spoken(line.player), line) for line in result.lines],
                  notes=result.said or result.notes, verdict=result.verdict())


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


def page_view(game, link: Link, spoken: str, version: str = "") -> dict:
    """What the whole page shows, for templates/page.html: a header, the entry panel (for a link that
    records), the live part and the tools."""
    pad = is_pad(game)
    title = registry.of_game(game).title if pad else game.board.local_title
    return {"spoken": spoken, "title": f"{game.name} - {title}", "keeper": link.keeper, "tools": not pad,
            "tally": not pad and game.board.per_opponent, "cell_slots": list(CELL_SLOTS), "version": version,
            **view(game)}


# -- the served games -------------------------------------------------------------------------


def game_version(game, words: Words | None = None) -> str:
    """The game's own version: its step count and a digest of its steps. A restart of the server, or
    of a phone, gives the same version to the same game; a counter would start again at 0."""
    words = words or Words()
    steps = "\n".join(words.step(game, event) for event in game.events)
    return f"{len(game.events)}.{hashlib.sha256(steps.encode('utf-8')).hexdigest()[:12]}"


class Answers:
    """The first answer to each entry id of one game, kept in the data folder's cache (by the game's id,
    so a rename keeps them) where a restart of the server still finds them: a retry, a double tap or an
    entry sent again from a phone's queue is answered as it was the first time.

    Only the words are kept here: what makes an entry recorded once is its id, saved in the game file
    with the event it recorded (``Store.update``). So this cache need not reach the disk before the
    answer goes: lost (a power cut, a full disk), a repeat is told from the game which entry it was."""

    def __init__(self, path: Path | None):
        self.path = path  # None: the data folder has no cache of its own, the answers are kept while serving
        self.answers: dict[str, dict] | None = None
        self.saving: asyncio.TimerHandle | None = None  # the write to come, while serving

    def _read(self) -> dict[str, dict]:
        if self.answers is None:
            # never through a symbolic link; a damaged, planted or too deeply nested file is a cache: it
            # starts again empty (read_json gives None)
            data = read_json(self.path, 4 << 20) if self.path is not None else None
            self.answers = {key: value for key, value in data.items()
                            if isinstance(key, str) and isinstance(value, dict)} if isinstance(data, dict) else {}
        return self.answers

    def first(self, entry: str) -> dict | None:
        return self._read().get(entry)

    def keep(self, entry: str, answer: dict) -> None:
        answers = self._read()
        answers[entry] = answer
        while len(answers) > KEPT_ANSWERS:  # the oldest go first (dicts keep their order)
            del answers[next(iter(answers))]
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not serving: written now
            self.save()
            return
        # Serving: written once for all the taps of the next moment (and when the server stops), not at each
        if self.saving is None:
            self.saving = loop.call_later(SAVE_ANSWERS_SECONDS, self.save)

    def save(self) -> None:
        """Write the answers kept, if any came since the last write."""
        if self.saving is not None:
            self.saving.cancel()
            self.saving = None
        if self.answers is None or self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Atomic, not synced (a cache): something else than a file at its name (a named pipe) is replaced,
        # and a write that fails (a full disk) forgets the answers only.
        write_cache(self.path, json.dumps(self.answers))


def recorded_before(game, position: int) -> str:
    """What a repeat is told when its first answer is lost: the entry its id recorded (events[position]),
    by its number and its words, or the entry that undo or retract took back."""
    event = game.events[position]
    if isinstance(event, Retract):
        taken = replay(islice(game.events, position + 1)).taken_back
        assert taken is not None, "a saved retract took an entry back"
        return _("already recorded: took back {number}. {step}").format(
            number=taken.number, step=grammar.said(game, game.step(taken.event)))
    number = sum(1 for each in islice(game.events, position + 1) if not isinstance(each, Retract))
    return _("already recorded: {number}. {step}").format(number=number, step=grammar.said(game, game.step(event)))


@dataclass
class Served:
    """What the server knows of one game: its id, its name now, its file's stamp, the game read at that
    stamp, its version, a change signal, and the first answer to each entry id."""

    id: str
    name: str
    answers: Answers
    stamp: tuple | None = ()  # None: the file is gone
    game: object = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    version: str = ""
    words: Words = field(default_factory=Words)  # the game's events in words, for the game read now
    writing: asyncio.Lock = field(default_factory=asyncio.Lock)  # held while an entry of this game is recorded
    drawn: dict[tuple[str, str, bool], str] = field(default_factory=dict)  # (version, language, odds) -> live part
    # What an entry from another phone that reached this sheet disagreed with, as (the game's step count
    # then, the line in every language): shown until the game moves on (spreading.Reached.told)
    told: list[tuple[int, Mapping[str, str]]] = field(default_factory=list)

    def telling(self, spoken: str) -> tuple[str, ...]:
        """The lines ``told`` holds for the game as it is now, in language ``spoken`` (the page's, which may
        not be the language of the phone that entered what they disagree with)."""
        count = len(getattr(self.game, "events", ())) if self.game is not None else -1
        return tuple(said_in(lines, spoken) for at, lines in self.told if at == count)

    def forget(self, stamp: tuple | None = ()) -> None:
        """The game is to be read anew from its file (changed elsewhere, renamed, gone)."""
        self.stamp, self.game, self.words = stamp, None, Words()
        self.drawn.clear()


class Gone(Exception):
    """The game of a link is no longer saved under any name (deleted; its name taken by another game)."""


def file_stamp(path: Path) -> tuple | None:
    try:
        status = path.stat()
        return status.st_mtime_ns, status.st_size, status.st_ino
    except OSError:
        return None


class Server:
    """The links, the games they open, and the pages' requests. One event loop thread does every
    game's work (reading, drawing, knowing what changed) but the writing of an entry, which a worker
    thread does (Server.record); the language spoken is set per request, and per thread."""

    def __init__(self, store: Store, links: list[Link], watch_seconds: float = WATCH_SECONDS,
                 join: Callable[[Server], Any] | None = None):
        self.store = store
        store.tell_private = False  # each page shows its game to its own link alone: no notice for the laptop
        self.links = list(links)
        self.watch_seconds = watch_seconds
        self.served: dict[str, Served] = {}
        for link in links:
            self.served.setdefault(link.game, self.new_served(link))
        self.active: dict[str, int] = {}  # requests in progress per client address
        self.static = {name: (STATIC / name).read_bytes() for name in ASSETS}
        self.templates = Jinja2Templates(env=templating.environment(__package__))
        self.app = Starlette(routes=[
            Route("/static/{name}", self.asset, methods=["GET"]),
            Route("/g/{token}", self.slash, methods=["GET"]),
            Route("/g/{token}/{action:path}", self.game_request, methods=["GET", "POST"]),
        ], lifespan=self.lifespan)
        # The table's join link (join.Desk), where one is served: its own routes, under /t/TOKEN/
        self.join = join(self) if join is not None else None
        if self.join is not None:
            self.app.router.routes.extend(self.join.routes())
        # Starlette's own redirect (/g/TOKEN to /g/TOKEN/) would carry none of the headers: ours does
        self.app.router.redirect_slashes = False
        self.app.add_exception_handler(404, self.not_found)
        self.app.add_exception_handler(405, self.not_found)

    def new_served(self, link: Link) -> Served:
        cache = self.store.cache_dir
        return Served(link.game, link.name, Answers(cache / f"serve-entries-{link.game}.json" if cache is not None
                                                    else None))

    def serve_link(self, link: Link) -> None:
        """Serve one more link from now on (a sheet a phone just started at the table)."""
        self.links.append(link)
        if link.game not in self.served:
            served = self.served[link.game] = self.new_served(link)
            self.refresh(served)

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
        media = ASSETS[name]
        return Response(self.static[name], media_type=media, headers={**HEADERS, "Cache-Control": "no-cache"})

    async def slash(self, request: Request) -> Response:
        """/g/TOKEN: to the page, /g/TOKEN/, with the headers every answer about a token carries."""
        if find_link(self.links, request.path_params["token"]) is None:
            return await self.not_found(request)
        return RedirectResponse(request.url.path + "/", status_code=307, headers=HEADERS)

    @contextlib.asynccontextmanager
    async def lifespan(self, app):
        """While serving, one task watches the served games' files. An entry a crash left spread over only some
        sheets of its table reaches the others first."""
        await asyncio.to_thread(spreading.finish, self.store)
        for served in self.served.values():
            self.refresh(served)
        watcher = asyncio.get_running_loop().create_task(self.watch())
        try:
            yield
        finally:
            watcher.cancel()
            for served in self.served.values():
                served.answers.save()

    async def watch(self) -> None:
        """Check each served game's file; a change made elsewhere (CLI, table screen, another phone) wakes its pages."""
        while True:
            await asyncio.sleep(self.watch_seconds)
            for served in self.served.values():
                self.refresh(served)

    def refresh(self, served: Served) -> None:
        if served.writing.locked():  # an entry's write under way: the loop takes the game as written after it
            return
        # The file at the game's name as last seen, unchanged (bytes, size, inode): still this game, as it was.
        # Anything else (written elsewhere, renamed, a new game under the name, gone) looks its id up again.
        if served.stamp and file_stamp(self.store.game_path(served.name)) == served.stamp:
            return
        try:
            name = self.locate(served)
        except (Gone, AssistantError):
            name = None
        stamp = file_stamp(self.store.game_path(name)) if name else None
        if stamp != served.stamp:
            served.forget(stamp)
            self.changed(served)

    def locate(self, served: Served) -> str:
        """The name the game of ``served`` has now (a rename keeps its id); Gone when no game has its id."""
        name = self.store.name_of_id(served.id, served.name)
        if name is None:
            raise Gone()
        if name != served.name:
            served.name = name
            served.forget()
        return name

    def changed(self, served: Served) -> None:
        try:
            served.version = game_version(served.game if served.game is not None else self.game(served), served.words)
            told = served.telling(DEFAULT)
            if told:  # a line another phone's entry brought: a version of its own, which the page fetches
                served.version += f"-{len(told)}"
        except (Gone, AssistantError):
            served.version = "gone"
        served.changed.set()
        served.changed = asyncio.Event()

    def game(self, served: Served):
        name = self.locate(served)
        if served.game is None:
            served.game = self.store.load(name)
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

    def actions(self) -> dict[tuple[str, str], Callable[..., Awaitable[Response]]]:
        """What a game's link answers: (the path after /g/TOKEN/, the method) -> its handler."""
        return {("", "GET"): self.page, ("view", "GET"): self.view, ("events", "GET"): self.events,
                ("complete", "POST"): self.complete, ("step", "POST"): self.step,
                ("explain", "POST"): self.explain, ("suggest", "POST"): self.suggest,
                ("tally", "POST"): self.tally, ("manifest.webmanifest", "GET"): self.manifest,
                ("worker.js", "GET"): self.worker, ("history", "GET"): self.history}

    async def game_request(self, request: Request) -> Response:
        """A request of a game's link, answered as the phones' page speaks (``facing``): a refusal names the
        steps typed there, and a command of the command line as the laptop's."""
        with facing(PAGE):
            return await self._game_request(request)

    async def _game_request(self, request: Request) -> Response:
        link = find_link(self.links, request.path_params["token"])
        if link is None:
            return await self.not_found(request)
        action, method = request.path_params["action"], request.method
        handler = self.actions().get((action, method))
        if handler is None:
            return await self.not_found(request)
        if method == "POST" and not same_origin(request):
            return Response(b"forbidden", status_code=403, headers=HEADERS)
        served = self.served[link.game]
        spoken = spoken_of(request)
        try:
            if method == "POST":
                try:
                    data = await self.body(request)
                    self.game(served)  # a game gone or damaged is said first, whatever the body
                    unfit = unfit_field(data, FIELDS[action])
                    if unfit:
                        return Response(unfit.encode(), status_code=400, headers=HEADERS)
                # Any body that is not a small JSON object (4 KB of nested arrays is a RecursionError) is 400
                except TooLarge:
                    return Response(b"too large", status_code=413, headers=HEADERS)
                except (TimeoutError, ValueError, UnicodeDecodeError, RecursionError):
                    return Response(b"bad request: expected a JSON object", status_code=400, headers=HEADERS)
                return await handler(request, link, served, spoken, data)
            return await handler(request, link, served, spoken)
        except Gone:  # deleted, or its name given to another game: nothing of any other game is said
            with speaking(spoken):
                return JSONResponse({"refused": _("this game is no longer served")}, status_code=410,
                                    headers=HEADERS)
        except AssistantError as error:  # a damaged game: said on the laptop, never a path to a phone
            print(printable(str(error)), file=sys.stderr)
            with speaking(spoken):
                return JSONResponse({"refused": _("this game cannot be read now: the laptop's terminal says why")},
                                    status_code=409, headers=HEADERS)

    async def page(self, request, link, served, spoken) -> Response:
        with speaking(spoken):  # the template is drawn here, in the language the phone asks for
            drawn = Markup(self.drawn(served, spoken, False))
            return self.templates.TemplateResponse(
                request, "page.html", {**page_view(self.game(served), link, spoken, served.version), "drawn": drawn},
                headers=HEADERS)

    async def manifest(self, request, link, served, spoken) -> Response:
        """The web app manifest: a player puts the link on the home screen, and it opens as an app."""
        game = self.game(served)
        with speaking(spoken):
            title = page_view(game, link, spoken)["title"]
            return JSONResponse({"name": title, "short_name": served.name[:12], "start_url": "./", "scope": "./",
                                 "display": "standalone", "background_color": "#fafafa", "theme_color": "#0050b3",
                                 "lang": spoken, "icons": [{"src": "/static/icon.svg", "sizes": "any",
                                                            "type": "image/svg+xml", "purpose": "any"}]},
                                headers=HEADERS, media_type="application/manifest+json")

    async def worker(self, request, link, served, spoken) -> Response:
        """The service worker (where the browser allows one: a secure context), in the link's own scope."""
        return Response(self.static["worker.js"], media_type="text/javascript; charset=utf-8", headers=HEADERS)

    async def view(self, request, link, served, spoken) -> Response:
        odds = request.query_params.get("odds") == "1"
        with speaking(spoken):
            return JSONResponse({"version": served.version, "html": self.drawn(served, spoken, odds)},
                                headers=HEADERS)

    async def history(self, request, link, served, spoken) -> Response:
        """A page of the history before entry number ``before``: the earlier entries, a page at a time."""
        before = request.query_params.get("before", "")
        if not before.isdigit() or len(before) > 9:
            return Response(b"bad request: before=N, N an entry number", status_code=400, headers=HEADERS)
        with speaking(spoken):
            lines = history_view(self.game(served), served.words, int(before))
            return JSONResponse({"html": render("history.html", history=lines)}, headers=HEADERS)

    def drawn(self, served: Served, spoken: str, odds: bool) -> str:
        """The live part of the game as it is now, kept by its version (the base of the next tap's answer)."""
        key = (served.version, spoken, odds)
        text = served.drawn.pop(key, None)
        if text is None:
            game = self.game(served)
            text = view_html(game, odds, served.words, served.telling(spoken))
        served.drawn[key] = text  # the latest last: the oldest go first
        while len(served.drawn) > KEPT_DRAWN:
            del served.drawn[next(iter(served.drawn))]
        return text

    async def events(self, request, link, served, spoken) -> Response:
        """Server-sent events: the game's version each time its file changes, whoever changed it."""

        async def stream():
            yield f"retry: 1000\ndata: {served.version}\n\n"
            while True:
                waiting = served.changed
                try:
                    await asyncio.wait_for(waiting.wait(), PING_SECONDS)
                    yield f"data: {served.version}\n\n"
                except TimeoutError:
                    yield ": ping\n\n"

        self.locate(served)
        return StreamingResponse(stream(), media_type="text/event-stream", headers=HEADERS)

    async def complete(self, request, link, served, spoken, data) -> Response:
        """What may come next after the line typed so far: the grammar's answer, as Tab gets it on the table screen."""
        line = data.get("line", "")[:MAX_BODY]
        game = self.game(served)
        with speaking(spoken):
            return JSONResponse(completion(game, line), headers=HEADERS)

    async def step(self, request, link, served, spoken, data) -> Response:
        """One entry: read by the game's grammar, recorded under the store's lock; a refusal writes nothing.

        An entry carrying an id already answered is not recorded again: it gets the first answer."""
        if not link.keeper:
            return Response(b"read-only link", status_code=403, headers=HEADERS)
        entry = data.get("id")
        if entry is not None and not (isinstance(entry, str) and re.fullmatch(ENTRY_ID, entry)):
            return Response(b"bad request: an entry's id is 8 to 64 letters, digits, - or _", status_code=400,
                            headers=HEADERS)
        odds = data.get("odds") is True
        have = data.get("have")
        undoing = re.fullmatch(r"undo-of-(\d+)", entry or "")
        async with served.writing:  # one entry of a game at a time: its id is looked up, then recorded
            with speaking(spoken):
                before = self.game(served)
                line = panels.step_text(data["line"])
                first = served.answers.first(entry) if entry else None
            if first is not None:
                first = {**first, "repeat": True}
                if undoing and "said" in first:  # the same Undo again: the entry it names is taken back already
                    with speaking(spoken):
                        first["said"] = _("entry {number} was already taken back").format(number=undoing[1])
            else:
                first = await self.record(served, before, line, spoken, entry)
                if entry:
                    served.answers.keep(entry, first)
        with speaking(spoken):
            # the game as recorded now (a refusal: as it was): found again only if something else changed it
            game = served.game if served.game is not None else self.game(served)
            # "next": what may begin the next step, which the page asks at once else (the line is empty then)
            # The answer is what changed since the version the phone holds (a few hundred bytes), whatever the
            # game's size; the whole live part only to a phone whose version is no longer kept here.
            held = served.drawn.get((have, spoken, odds)) if have else None
            now = self.drawn(served, spoken, odds)
            update = {"base": have, "size": len(held), "changes": changes(held, now)} if held is not None \
                else {"html": now}
            return JSONResponse({**first, "version": served.version, **update, "next": completion(game, "")},
                                headers=HEADERS)

    async def record(self, served: Served, before, line: str, spoken: str, entry: str | None = None) -> dict:
        """Record ``line`` in the game of ``served`` (once per ``entry`` id): what the page says of it (said,
        refused, or said before).

        The store's work (the lock, the file written and synced to the disk) is done in a worker thread: the
        event loop goes on answering the other phones meanwhile, whose games are other files. What the
        server knows of the game is changed here, in the loop, once the file is written."""
        if not line:
            with speaking(spoken):
                return {"refused": _("empty step")}
        if entry and re.fullmatch(r"undo-of-\d+", entry) and line != "retract " + entry.rsplit("-", 1)[1]:
            with speaking(spoken):  # an Undo's id names the entry it takes back, and no other
                return {"refused": _("write: retract N, N an entry number as shown in the history")}
        outcome = await asyncio.to_thread(self.update, served.name, line, spoken, entry)
        with speaking(spoken):
            if isinstance(outcome, Repeated):  # recorded, its answer lost (a crash): said from the game
                return {"said": printable(recorded_before(outcome.game, outcome.position)), "repeat": True}
            if isinstance(outcome, AssistantError):
                return {"refused": refused(outcome)}
            served.game, served.stamp = outcome.game, file_stamp(self.store.game_path(served.name))
            self.changed(served)
            self.reached(outcome)
            return {"said": printable(join_clauses([panels.said(before, outcome.game), *outcome.lines()]))}

    def reached(self, outcome: spreading.Spread) -> None:
        """The other sheets of the table an entry reached, shown on their pages at once (with what it disagreed
        with there), not at the next look at their files."""
        for each in outcome.reached:
            served = next((other for other in self.served.values() if other.name == each.name), None)
            if served is None:
                continue
            served.forget(file_stamp(self.store.game_path(served.name)))
            try:
                if each.told:
                    served.told = [*served.told[-2:], (len(self.game(served).events), each.told)]
            except (Gone, AssistantError):
                pass  # said as for every request, when its page asks
            self.changed(served)

    def update(self, name: str, line: str, spoken: str, entry: str | None):
        """In a worker thread: ``line`` read and recorded in game ``name`` by the store; the game after, or
        the refusal (its words in the phone's language: ``speaking`` holds for this thread alone)."""
        with speaking(spoken):
            try:  # a sheet of a table: the entry reaches every sheet of the table that learns it
                return spreading.spread(self.store, name, lambda game: checked(game, line), entry)
            except (Repeated, AssistantError) as error:
                return error

    async def explain(self, request, link, served, spoken, data) -> Response:
        game = self.game(served)  # a game gone or damaged: said as for every request, never its path
        with speaking(spoken):
            try:
                lines = explain_lines(game, data["cell"][:20], data["item"][:200] if data.get("item") else None)
            except AssistantError as error:
                lines = [str(error)]
            return JSONResponse({"lines": [printable(line) for line in lines]}, headers=HEADERS)

    async def tally(self, request, link, served, spoken, data) -> Response:
        game = self.game(served)
        with speaking(spoken):
            try:
                html = tally_html(game)
            except AssistantError as error:
                html = render("refused.html", refusal=str(error))
            return JSONResponse({"html": html}, headers=HEADERS)

    async def suggest(self, request, link, served, spoken, data) -> Response:
        game = self.game(served)
        with speaking(spoken):
            try:
                lines, __ = panels.suggestion_lines(game)
            except AssistantError as error:
                lines = [str(error)]
            return JSONResponse({"lines": [printable(line) for line in lines]}, headers=HEADERS)


def checked(game, line: str):
    """The game with ``line`` recorded, or the refusal (AssistantError): the one check both Record and
    "complete" make, so that a line called complete is a line Record accepts as it stands."""
    return game.record(game.read_step(line))


def completion(game, line: str) -> dict:
    """What may come next after ``line``: the grammar's answer, as Tab gets it on the table screen; ``end``
    when the line as it stands would be recorded (else ``why`` says what it lacks, once nothing more is
    expected)."""
    from assistant.engine.commands import slot_said

    try:
        typing, matches = grammar.complete(game, line)
        words = line.split()
        slot = grammar.expect(game, words[:-1] if typing else words)
    except AssistantError:
        typing, matches, slot = "", (), grammar.Slot("unknown")
    why, end = slot.why, False
    if slot.name == "end" and not why:
        try:
            checked(game, panels.step_text(line))
            end = True
        except AssistantError as error:
            why = str(error)
    said = _(SAID_SLOTS[slot.name]) if slot.name in SAID_SLOTS else slot_said(slot.name)
    return {"typing": typing, "choices": list(matches), "slot": slot.name, "said": said, "end": end,
            "why": printable(why)}


def unfit_field(data: dict, fields: dict[str, tuple[type, bool]]) -> str:
    """What is wrong with a request's fields, in one line ('' when nothing): each of the right type, those
    needed there, and no text holding a control character or a lone surrogate (no UTF-8 can say it)."""
    for name, (kind, needed) in fields.items():
        if name not in data:
            if needed:
                return f"bad request: {name!r} is missing"
            continue
        value = data[name]
        if type(value) is not kind:
            return f"bad request: {name!r} must be a {'string' if kind is str else 'true or false'}"
        if isinstance(value, str) and UNFIT.search(value):
            return f"bad request: {name!r} holds a control character or a lone surrogate"
    return ""


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


class Guarded(H11Protocol):
    """uvicorn's HTTP/1.1 connection, guarded where a request's guard cannot reach: at most
    PER_ADDRESS_CONNECTIONS open from one address (the rest are closed at once), and a connection that
    has not sent a whole request within IDLE_SECONDS is closed (idle, or trickling its headers). So one
    machine on the Wi-Fi cannot hold the table's connections, however many sockets it opens."""

    idle: asyncio.TimerHandle | None = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        same = [other for other in self.connections if (getattr(other, "client", None) or ("",))[0] == address]
        if len(same) > PER_ADDRESS_CONNECTIONS:
            transport.close()
            return
        self.idle = self.loop.call_later(IDLE_SECONDS, self.close_if_idle)

    def close_if_idle(self) -> None:
        waiting = self.cycle is None or self.cycle.response_complete  # no request begun since: idle or too slow
        if waiting and not self.transport.is_closing():
            self.transport.close()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.idle is not None:  # the next request, too, must come whole in time
            self.idle.cancel()
            self.idle = self.loop.call_later(IDLE_SECONDS, self.close_if_idle)

    def shutdown(self) -> None:
        """A stop (Ctrl+C): an event stream never ends by itself, so it is closed now (its page says the
        connection is lost at once, and finds the game's version again when a server answers)."""
        streaming = self.cycle is not None and not self.cycle.response_complete \
            and self.cycle.scope["path"].endswith("/events")
        if streaming and not self.transport.is_closing():
            self.transport.close()
            return
        super().shutdown()

    def connection_lost(self, exc) -> None:
        if self.idle is not None:
            self.idle.cancel()
        super().connection_lost(exc)


def config(server: Server, host: str, port: int):
    """uvicorn's settings: no access log (a path holds a token), bounded connections, short idle keep-alive."""
    import uvicorn

    return uvicorn.Config(server, host=host, port=port, http=Guarded, log_config=None, access_log=False,
                          log_level="warning",
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


def run(store: Store, links: list[Link], bound: socket.socket, join: Callable[[Server], Any] | None = None) -> None:
    """Serve on ``bound`` (see ``listening``) until Ctrl+C or SIGTERM: open requests are finished, then it returns.
    ``join``: makes the table's join desk for the server (``join.desk``)."""
    import uvicorn

    host, port = bound.getsockname()[:2]
    try:
        uvicorn.Server(config(Server(store, links, join=join), host, port)).run(sockets=[bound])
    except KeyboardInterrupt:  # uvicorn stops cleanly, then raises the Ctrl+C it caught again
        pass
    finally:
        bound.close()


@contextlib.contextmanager
def serving(store: Store, links: list[Link], watch_seconds: float = WATCH_SECONDS, port: int = 0,
            join: Callable[[Server], Any] | None = None):
    """Serve on a free port of 127.0.0.1 (or ``port``: a restart on the same one) in a thread while the
    block runs; yields the base address ('http://127.0.0.1:PORT'). For the tests and the benchmark: a
    real server, as a phone reaches it."""
    import threading

    import uvicorn

    bound = listening("127.0.0.1", port)
    port = bound.getsockname()[1]
    server = uvicorn.Server(config(Server(store, links, watch_seconds, join), "127.0.0.1", port))
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
