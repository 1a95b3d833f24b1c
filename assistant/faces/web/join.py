"""The table's join link: one QR code from which each phone sets itself up for the evening.

``assistant serve`` prints, beside each game's own link, one link for the table (``/t/TOKEN/``, labelled
join). A phone that opens it sees the evening (the table's games, who has joined) and, by taps, in its
language, starts its own private sheet: its name, its opponents (picked from those who joined, or typed)
and the secret its game declares at the start (``Start.secrets``: the garden's loot cell, tapped on the
board's grid on that phone only). It then lands on its sheet's own page, at a link no other screen ever
shows; the phone keeps that link, and comes back to it from the join link. A phone may also open the
table's score pad: the read-only link, or, where the laptop allows it (``--keeper-phone``), the
scorekeeper's link for the first phone that asks.

What the join link can do is bounded, whatever is sent to it: it starts sheets of the kinds the laptop
allows (``--allow``), at most so many a serve (``--most``), and lists the table's games and players. It
reaches no existing game: it never gives a sheet's link but to the phone that started it (a repeat of the
same request gets that same sheet: the request's id), and it reads no game's content. Its token is 192
random bits, as every link's, new at each start unless the links are kept.

The table itself (its games, whose each is, where it started) is the store's (``store.tables``); a sheet
started here is saved as its owner's (``Store.create(phone_owner=...)``), so that the laptop never shows
its secret unasked.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import sys
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from assistant.engine import registry
from assistant.engine.errors import AssistantError, InputError, printable
from assistant.engine.i18n import _, language, ngettext, speaking
from assistant.engine.records import NamedTuple
from assistant.engine.words import key
from assistant.faces import starting
from assistant.faces.web.serve import (
    HEADERS,
    KEPT_TOKEN,
    CellView,
    Gone,
    GridView,
    Link,
    Server,
    TooLarge,
    cell_words,
    find_link,
    ground_colour,
    is_pad,
    mark,
    new_token,
    read_json,
    render,
    same_origin,
    spoken_of,
    unfit_field,
    write_atomically,
)
from assistant.store import tables
from assistant.store.folder import ENTRY_ID

if TYPE_CHECKING:
    from assistant.store.folder import Store

JOIN_FILE = "serve-join.json"  # in the data folder: the join link of the last start (--keep-links), owner-only
TABLE_HOURS = 12  # a table started less than this long ago is the evening's still: serve goes on with it
MOST = 12  # sheets the phones may start while the laptop serves, unless it says otherwise (--most)
PHONE_KEY = r"[A-Za-z0-9_-]{16,64}"  # a phone's own key (128 random bits, kept on the phone)
# What each request's JSON body holds (as serve.FIELDS): its fields, their type, and whether one must be there
FIELDS: dict[str, dict[str, tuple[type, bool]]] = {
    "new": {"request": (str, True), "kind": (str, True), "me": (str, True), "opponents": (str, False),
            "secret": (str, False)},
    "pad": {"game": (str, True), "phone": (str, True)},
}
LONGEST = 200  # characters of any field the join page sends: names, a cell, a kind


class Rules(NamedTuple):
    """What the laptop lets the phones do from the join link: the kinds of sheet they may start, how many in
    all while it serves, and whether the first phone that asks gets a score pad's scorekeeper link (else
    every phone gets its read-only link)."""

    allowed: tuple[str, ...]
    most: int = MOST
    keeper_phone: bool = False


def sheet_kinds() -> tuple[str, ...]:
    """The kinds a phone may start a sheet of, unless the laptop narrows them: every registered game that
    keeps a deduction sheet (not a score pad) and says how it starts."""
    return tuple(each.kind for each in registry.registered()
                 if each.kind != registry.BOARD_GAMES and not each.pad and each.start is not None)


def allowed_kinds(words: list[str] | None) -> tuple[str, ...]:
    """The kinds named by ``--allow`` (their words as typed: 'gnom-street', 'ny'), or every sheet kind; a
    word that names none of them is refused in one line."""
    kinds = sheet_kinds()
    if not words:
        return kinds
    chosen = []
    for word in words:
        found = next((each for each in registry.registered() if each.kind in kinds and each.named_by(word)), None)
        if found is None:
            raise InputError(_("--allow {kind}: phones start sheets of {kinds}").format(
                kind=repr(word[:40]), kinds=", ".join(kinds)))
        chosen.append(found.kind)
    return tuple(dict.fromkeys(chosen))


# -- the table and its link ------------------------------------------------------------------------------


def open_table(store: Store, names: list[str], new: bool = False, now: datetime | None = None) -> tables.Table:
    """The table this serve is for: the one started last if it started less than TABLE_HOURS ago (a restart
    in the evening goes on with it), else a new one (``new``: a new one whatever). The games the laptop
    serves (``names``) join it, each as its owner's (a sheet's --me) or the table's (a score pad)."""
    now = now or datetime.now().astimezone()
    table = None if new else tables.latest_table(store)
    if table is None or now - table.started_at() >= timedelta(hours=TABLE_HOURS):
        table = tables.create_table(store, now)
    for name in names:
        game: Any = store.load(name)
        owner = store.phone_owner(name)
        player = owner or ("" if is_pad(game) else getattr(game, "me", None) or "")
        table = tables.add_game(store, table.id, tables.TableGame(store.game_id(name), name, game.kind, player,
                                                                  owner is not None))
    return table


def phone_links(store: Store, table: tables.Table) -> list[Link]:
    """The private links of the sheets the phones started at ``table`` that are still saved: served again at
    each start, so that a phone that kept its link finds its sheet after a restart."""
    links = []
    for each in table.games:
        if each.phone and each.token:
            name = store.name_of_id(each.game, each.name)
            if name is not None:
                links.append(Link(each.token, each.game, True, name))
    return links


def join_token(store: Store, table_id: str, keep: bool = False) -> str:
    """The join link's token: new at each start; with ``keep``, the last start's for the same table."""
    path = store.home / JOIN_FILE
    kept = read_json(path, 4096) if keep else None  # never through a symbolic link; damaged: a new one
    if isinstance(kept, dict) and kept.get("table") == table_id and isinstance(kept.get("token"), str) \
            and KEPT_TOKEN.fullmatch(kept["token"]):
        return kept["token"]
    token = new_token()
    store.home.mkdir(parents=True, exist_ok=True)
    write_atomically(path, json.dumps({"table": table_id, "token": token}))
    os.chmod(path, 0o600)  # the key to start games at this table (mkstemp made it so; said here on purpose)
    return token


def url(host: str, port: int, token: str) -> str:
    return f"http://{host}:{port}/t/{token}/"


def desk(table_id: str, token: str, rules: Rules):
    """What ``serve.run`` and ``serve.serving`` take to serve the join link with a server (``join=``)."""
    return lambda server: Desk(server, table_id, token, rules)


# -- what the join page shows ----------------------------------------------------------------------------


def kind_title(store: Store, kind: str) -> str:
    """A kind's title in the language spoken: its board's for a sheet, the box's for a score pad."""
    found = registry.find(kind)
    if found is not None and found.pad:
        return found.title_fr if language() == "fr" and found.title_fr else found.title
    try:
        return store.board(kind).local_title
    except AssistantError:
        return kind


def pick_grid(board, caption: str) -> GridView:
    """The board's grid to tap a secret cell on: each cell a button read out in words, a pond never one."""
    from assistant.engine.cells import column_letters
    from assistant.faces import pictures

    grid = board.grid
    rows = []
    for row in range(grid.rows):
        cells = []
        for column in range(grid.columns):
            cell = grid.cell(row, column)
            name = board.name_of(cell)
            if cell in board.ponds:
                cells.append(CellView(name, "", ["cell", "pond"], f"{name}, {_('pond')}", None, pictures.POND, []))
                continue
            marks = [mark(attribute, attribute.value(value), pictures) for attribute in board.attributes
                     for value in board.values_at(cell, attribute.name)]
            cells.append(CellView(name, "", ["cell", "open"], ", ".join([name, *cell_words(board, cell)]),
                                  ground_colour(board, cell, pictures), "", marks))
        rows.append((row + 1, cells))
    return GridView("", caption, [column_letters(column) for column in range(grid.columns)], rows)


class KindView(NamedTuple):
    """A kind of sheet a phone may start: its title, whether it names opponents (and how many), and the
    secret it starts with (its option, and the grid to tap it on), if any."""

    kind: str
    title: str
    opponents: bool
    least: int
    most: int
    secret: str  # the declared secret's option ('--mine'); '' when the game keeps none
    noun: str  # what the secret is ('loot', 'butin')
    grid: Markup | None


def kind_view(store: Store, kind: str) -> KindView:
    declared = registry.find(kind)
    assert declared is not None and declared.start is not None, "sheet_kinds are registered and say how they start"
    start = declared.start
    board = store.board(kind)
    secret = next((each for each in start.secrets if each.slot == "board-cell" and each.owner == "me"), None)
    grid = None
    if secret is not None:
        caption = _("Your {noun}: tap its cell").format(noun=board.local_noun)
        grid = Markup(render("grid.html", grid=pick_grid(board, caption)))
    most = min(start.most, board.max_opponents or start.most)
    return KindView(kind, board.local_title, board.per_opponent, start.least, most,
                    secret.option if secret is not None else "", board.local_noun, grid)


def is_pad_kind(kind: str) -> bool:
    found = registry.find(kind)
    return found is not None and found.pad


class GameLine(NamedTuple):
    """One game of the evening as the join page lists it: never its link, never its content."""

    name: str
    title: str
    player: str
    phone: bool
    pad: bool


# -- the join link's requests ----------------------------------------------------------------------------


class Desk:
    """The join link's side of the server: its page, the evening, and the sheets and pad links it gives.

    Starting a sheet is done in a worker thread, one at a time (``starting``): a double tap's second
    request waits for the first, then finds its request id at the table and gets the same sheet."""

    def __init__(self, server: Server, table_id: str, token: str, rules: Rules):
        self.server, self.store = server, server.store
        self.table_id, self.token, self.rules = table_id, token, rules
        self.started = 0  # sheets the phones started while serving (Rules.most bounds it)
        self.starting = asyncio.Lock()
        self.kinds: dict[tuple[str, str], list[KindView]] = {}  # (language, kinds) -> what the page offers

    def routes(self) -> list[Route]:
        return [Route("/t/{token}", self.slash, methods=["GET"]),
                Route("/t/{token}/{action:path}", self.request, methods=["GET", "POST"])]

    def mine(self, token: str) -> bool:
        return find_link([Link(self.token, "")], token) is not None  # in constant time, as every token

    async def slash(self, request: Request) -> Response:
        if not self.mine(request.path_params["token"]):
            return await self.server.not_found(request)
        return RedirectResponse(request.url.path + "/", status_code=307, headers=HEADERS)

    async def request(self, request: Request) -> Response:
        if not self.mine(request.path_params["token"]):
            return await self.server.not_found(request)
        action, method = request.path_params["action"], request.method
        handlers: dict[tuple[str, str], Any] = {("", "GET"): self.page, ("evening", "GET"): self.evening,
                                                ("new", "POST"): self.new, ("pad", "POST"): self.pad}
        handler = handlers.get((action, method))
        if handler is None:
            return await self.server.not_found(request)
        spoken = spoken_of(request)
        try:
            if method == "GET":
                return await handler(request, spoken)
            if not same_origin(request):
                return Response(b"forbidden", status_code=403, headers=HEADERS)
            try:
                data = await self.server.body(request)
            except TooLarge:
                return Response(b"too large", status_code=413, headers=HEADERS)
            except (TimeoutError, ValueError, UnicodeDecodeError, RecursionError):
                return Response(b"bad request: expected a JSON object", status_code=400, headers=HEADERS)
            unfit = unfit_field(data, FIELDS[action])
            if not unfit:
                unfit = next((f"bad request: {name!r} is longer than {LONGEST} characters" for name in FIELDS[action]
                              if isinstance(data.get(name), str) and len(data[name]) > LONGEST), "")
            if unfit:
                return Response(unfit.encode(), status_code=400, headers=HEADERS)
            return await handler(request, spoken, data)
        except AssistantError as error:  # the table's file (or a board) cannot be read or written: said on the
            print(printable(str(error)), file=sys.stderr)  # laptop, never a path to a phone
            with speaking(spoken):
                return self.refusal(_("the table cannot be read now: the laptop's terminal says why"), 409)

    @staticmethod
    def refusal(text: str, status: int) -> JSONResponse:
        """A refusal: one line, in the phone's language, with its 4xx status."""
        return JSONResponse({"refused": printable(text)}, status_code=status, headers=HEADERS)

    # -- what the page shows -----------------------------------------------------------------------

    def table(self) -> tables.Table:
        return tables.load_table(self.store, self.table_id)

    def standing(self, table: tables.Table) -> list[tuple[tables.TableGame, str]]:
        """The table's games still saved, each with the name it has now (a sheet being started is not one yet)."""
        found = []
        for each in table.games:
            name = self.store.name_of_id(each.game, each.name)
            if name is not None:
                found.append((each, name))
        return found

    def pads(self) -> list[str]:
        """The score pads the laptop serves: their names now (a phone may open them from the join page)."""
        names = []
        for link in self.server.links:
            served = self.server.served.get(link.game)
            if link.keeper or served is None:
                continue
            try:
                names.append(self.server.locate(served))
            except (Gone, AssistantError):  # gone: not offered
                continue
        return list(dict.fromkeys(names))

    def evening_view(self) -> dict:
        """The table's games (never a link, never a game's content), who joined, the pads a phone may open, and
        how many more sheets the phones may start."""
        table = self.table()
        standing = self.standing(table)
        lines = [GameLine(name, kind_title(self.store, each.kind), each.player, each.phone, is_pad_kind(each.kind))
                 for each, name in standing]
        joined = table._replace(games=tuple(each for each, unused in standing))
        return {"games": lines, "members": tables.members(joined), "pads": self.pads(),
                "left": max(0, self.rules.most - self.started)}

    def offered(self) -> list[KindView]:
        key = (language(), ",".join(self.rules.allowed))
        if key not in self.kinds:
            self.kinds[key] = [kind_view(self.store, kind) for kind in self.rules.allowed]
        return self.kinds[key]

    async def page(self, request: Request, spoken: str) -> Response:
        with speaking(spoken):
            evening = self.evening_view()
            return self.server.templates.TemplateResponse(request, "join.html", {
                "spoken": spoken, "evening": evening, "kinds": self.offered() if self.rules.most else [],
                "keeper_phone": self.rules.keeper_phone,
                "evening_html": Markup(render("evening.html", evening=evening))}, headers=HEADERS)

    async def evening(self, request: Request, spoken: str) -> Response:
        """The evening as it stands: the table's games and who joined (the join page asks it again now and then)."""
        with speaking(spoken):
            evening = self.evening_view()
            return JSONResponse({"html": render("evening.html", evening=evening), "members": evening["members"],
                                 "left": evening["left"]}, headers=HEADERS)

    # -- starting a sheet ---------------------------------------------------------------------------

    async def new(self, request: Request, spoken: str, data: dict) -> Response:
        """Start this phone's sheet: checked as ``assistant new`` checks it, saved as the phone's owner's, served
        at a link of its own; the answer is that link (and the same link to a repeat of the request)."""
        if not re.fullmatch(ENTRY_ID, data["request"]):
            return Response(b"bad request: a request's id is 8 to 64 letters, digits, - or _", status_code=400,
                            headers=HEADERS)
        async with self.starting:
            outcome = await asyncio.to_thread(self.start, data, spoken)
            if isinstance(outcome, JSONResponse):
                return outcome
            entry, name, repeat = outcome
            link = Link(entry.token, entry.game, True, name)
            if find_link(self.server.links, entry.token) is None:
                self.server.serve_link(link)
            if not repeat:
                self.started += 1
        with speaking(spoken):
            said = _("{name}: your private sheet, {player}").format(name=name, player=entry.player)
            return JSONResponse({"link": f"/g/{entry.token}/", "name": name, "said": printable(said),
                                 "repeat": repeat}, headers=HEADERS)

    def start(self, data: dict, spoken: str):
        """In a worker thread: the sheet of request ``data`` started (or found again), as (its entry at the table,
        its name, whether it was started before), or the refusal to answer."""
        with speaking(spoken):
            table = self.table()
            entry = table.requested(data["request"])
            if entry is not None and (entry.kind, key(entry.player)) != (data["kind"], key(data["me"])):
                # a request's id is made on the phone, at random: another request under it is no repeat
                return self.refusal(_("this request's id is taken: reload the page and start again"), 409)
            if entry is not None:
                name = self.store.name_of_id(entry.game, entry.name)
                if name is not None:
                    return entry, name, True
            kind = data["kind"]
            if kind not in self.rules.allowed:
                return self.refusal(_("phones may not start {kind} here: the laptop allows {kinds} (serve "
                                      "--allow KIND)").format(kind=repr(kind[:40]),
                                                              kinds=", ".join(self.rules.allowed) or "-"), 403)
            if entry is None and self.started >= self.rules.most:
                return self.refusal(ngettext(
                    "the laptop lets phones start {most} sheet while it serves, and it is started: ask the laptop's "
                    "owner (serve --most N)", "the laptop lets phones start {most} sheets while it serves, and they "
                    "are started: ask the laptop's owner (serve --most N)", self.rules.most).format(
                    most=self.rules.most), 403)
            view = kind_view(self.store, kind)
            secret = data.get("secret")
            try:
                game = starting.sheet(self.store, kind, data.get("opponents") if view.opponents else None,
                                      data["me"], {view.secret: secret} if view.secret and secret else None)
            except InputError as error:
                return self.refusal(str(error), 422)
            return self.save(entry, game, data)

    def save(self, entry: tables.TableGame | None, game, data: dict):
        """Write the table's entry for the new sheet, then the sheet: a crash in between leaves an entry whose
        game is not saved yet, which a repeat of the request completes (its game id was written first)."""
        from assistant.store.saving import new_game_id

        if entry is None:
            entry = tables.TableGame(new_game_id(), self.store.free_name(game.name), game.kind, data["me"], True,
                                     new_token(), data["request"])
            tables.add_game(self.store, self.table_id, entry)
        name = entry.name
        for unused in range(3):  # its name taken meanwhile (a `new` at the laptop): the next free one
            try:
                self.store.create(game._replace(name=name), phone_owner=entry.player, game_id=entry.game)
                break
            except InputError:
                if not self.store.game_path(name).exists():
                    raise
                name = self.store.free_name(game.name)
        else:
            return self.refusal(_("the laptop is starting other games now: try again"), 409)
        if name != entry.name:
            renamed = entry._replace(name=name)
            tables.change_table(self.store, self.table_id, lambda table: table._replace(
                games=tuple(renamed if each.game == renamed.game else each for each in table.games)))
            entry = renamed
        return entry, name, False

    # -- the score pad --------------------------------------------------------------------------------

    async def pad(self, request: Request, spoken: str, data: dict) -> Response:
        """A score pad's link for this phone: its read-only one, or its scorekeeper's for the first phone that
        asks where the laptop allows it (that phone, known by its own key, gets it again; no other does)."""
        if not re.fullmatch(PHONE_KEY, data["phone"]):
            return Response(b"bad request: a phone's key is 16 to 64 letters, digits, - or _", status_code=400,
                            headers=HEADERS)
        found = [(link, served) for link in self.server.links
                 if (served := self.server.served.get(link.game)) is not None and served.name == data["game"]]
        readers = [link for link, unused in found if not link.keeper]
        if not readers:  # only a score pad has a read-only link: a sheet's name gets what an unknown name gets
            with speaking(spoken):
                return self.refusal(_("no score pad {name} at this table").format(name=repr(data["game"][:40])), 404)
        keeper = next((link for link, unused in found if link.keeper), None)
        given = readers[0]
        if self.rules.keeper_phone and keeper is not None:
            digest = hashlib.sha256(data["phone"].encode()).hexdigest()
            claimed = await asyncio.to_thread(self.claim, keeper.game, digest)
            if claimed:
                given = keeper
        with speaking(spoken):
            said = _("the scorekeeper's link: you record the score") if given.keeper else \
                _("the table's link: it follows the score, read-only")
            return JSONResponse({"link": f"/g/{given.token}/", "keeper": given.keeper, "said": said}, headers=HEADERS)

    def claim(self, game: str, digest: str) -> bool:
        """Whether the phone whose key has ``digest`` keeps score on pad ``game``: the first to ask does."""
        def claimed(table: tables.Table) -> tables.Table:
            if game in table.keepers:
                return table
            return table._replace(keepers={**table.keepers, game: digest})

        return tables.change_table(self.store, self.table_id, claimed).keepers.get(game) == digest

