"""The table: the games of one evening, each with whose it is and where it was started.

A table is what ``assistant serve`` opens for an evening: the sheets the phones start from its join link,
each its owner's private sheet, and the laptop's games served to it (a sheet, the table's score pad). It
is saved in the data folder, one JSON file per table, readable by its owner alone (it holds the phones'
private links):

    tables/ID.json          one table: its id, when it started, and its games in the order they joined
    tables/.ID.lock         taken while the table is changed
    tables/.lock            taken while a new table is made

A table's game is named by the game's own id (``Store.game_id``), which a rename keeps: the name kept
beside it is the one it had when it joined, and ``Store.name_of_id`` finds the name it has now.

The API, for the faces (the join page, the linked sheets):

- ``create_table(store)`` makes a new, empty table; ``load_table(store, table_id)`` reads one;
  ``latest_table(store)`` is the one started last (None: no table yet); ``table_of_game(store, game_id)``
  the latest table a game joined;
- ``add_game(store, table_id, game)`` adds a ``TableGame`` (a game already there is left as it was) and
  ``change_table(store, table_id, change)`` makes any other change, each read, changed and written under
  the table's lock, atomically;
- ``members(table)``: the players who joined, each once, in the order they joined.

Every change is read-modify-write under the table's lock and written atomically (``files``): two phones
joining at the same moment both land, and a crash leaves the table as it was before or after, never half.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from assistant.engine.errors import AssistantError, DataError, shown
from assistant.engine.i18n import _, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.words import key
from assistant.store.files import locked, read_regular, write_atomically

if TYPE_CHECKING:
    from assistant.store.folder import Store

FORMAT = "table/1"  # the first key of every table file
TABLE_ID = r"[A-Za-z0-9_-]{16,64}"  # what create_table makes: secrets.token_urlsafe(12)
GAME_ID = r"[A-Za-z0-9_-]{16,64}"  # a game's own id (Store.game_id)
TOKEN = r"[A-Za-z0-9_-]{22,64}"  # a phone's private link (192 bits), as the page makes it
REQUEST = r"[A-Za-z0-9_-]{8,64}"  # the id of the phone's request that started a game
MAX_TABLE_BYTES = 1 << 20  # a table of a hundred games takes 30 KB
MAX_GAMES = 500  # games one table holds at most: far past an evening's
NAME_LENGTH = 64  # a player's name, a game's name, a kind


class TableGame(NamedTuple):
    """One game of a table: which game (its own id, and its name when it joined), what it is, whose it is,
    and whether it was started on a phone.

    ``player``: whose sheet it is (its owner's name at the table); '' for a game that is nobody's own (the
    table's score pad). ``phone``: started on that player's phone, its secret typed there; the laptop shows
    it only when it is asked for by name. ``token``: the phone's private link to it ('' for a game the
    laptop serves under links of its own), never shown anywhere but on that phone. ``request``: the id of
    the phone's request that started it ('' if none): the same request again gets this game, not a new one."""

    game: str
    name: str
    kind: str
    player: str = ""
    phone: bool = False
    token: str = ""
    request: str = ""


class Table(NamedTuple):
    """One evening's table: its id, when it started (ISO time), its games in the order they joined, and
    who holds each score pad's scorekeeper link given through the join page (the pad's game id -> a digest
    of the phone's own key)."""

    id: str
    started: str
    games: tuple[TableGame, ...] = ()
    keepers: dict[str, str] = {}  # noqa: RUF012 (a NamedTuple's default: never changed in place)

    def game(self, game_id: str) -> TableGame | None:
        """The table's game whose id is ``game_id``, or None."""
        return next((each for each in self.games if each.game == game_id), None)

    def requested(self, request: str) -> TableGame | None:
        """The game a phone's request ``request`` started, or None."""
        return next((each for each in self.games if request and each.request == request), None)

    def started_at(self) -> datetime:
        return datetime.fromisoformat(self.started)


def members(table: Table) -> list[str]:
    """The players who joined the table (the owners of its games), each once however spelt ('Léa' and
    'lea' are one player, shown as first written), in the order they joined."""
    seen: dict[str, str] = {}
    for each in table.games:
        if each.player:
            seen.setdefault(key(each.player) or each.player, each.player)
    return list(seen.values())


# -- the files -------------------------------------------------------------------------------------


def tables_dir(store: Store) -> Path:
    return store._inside(store.home / "tables")


def table_path(store: Store, table_id: str, suffix: str = ".json") -> Path:
    """tables/ID.json, or its lock (suffix '.lock': tables/.ID.lock)."""
    if not isinstance(table_id, str) or not re.fullmatch(TABLE_ID, table_id):
        raise AssistantError(_("no table {table}: a table's id is 16 to 64 letters, digits, - or _").format(
            table=shown(table_id)))
    hidden = "." if suffix != ".json" else ""
    return store._inside(tables_dir(store) / f"{hidden}{table_id}{suffix}")


def create_table(store: Store, now: datetime | None = None) -> Table:
    """A new, empty table, saved; ``now``: when it starts (default: now)."""
    import secrets

    started = (now or datetime.now().astimezone()).isoformat(timespec="seconds")
    with locked(store._inside(tables_dir(store) / ".lock")):
        while True:
            table = Table(secrets.token_urlsafe(12), started)
            if not table_path(store, table.id).exists():
                break
        _write(store, table)
    return table


def load_table(store: Store, table_id: str) -> Table:
    """The table ``table_id`` as saved; a damaged file is a DataError naming it and what is wrong."""
    path = table_path(store, table_id)
    if not path.exists():
        raise AssistantError(_("no table {table}").format(table=table_id))
    return _read(path, table_id)


def table_ids(store: Store) -> list[str]:
    """The ids of every saved table (a file under another name is not a table)."""
    from assistant.store.home import stems

    return sorted(stem for stem in stems(tables_dir(store), ".json") if re.fullmatch(TABLE_ID, stem))


def latest_table(store: Store) -> Table | None:
    """The table started last, None when there is none; a damaged table is passed over (it is said when it
    is loaded by its id)."""
    found = []
    for table_id in table_ids(store):
        try:
            found.append(load_table(store, table_id))
        except AssistantError:
            continue
    return max(found, key=lambda table: (table.started, table.id), default=None)


def table_of_game(store: Store, game_id: str) -> Table | None:
    """The latest table game ``game_id`` joined, or None."""
    found = []
    for table_id in table_ids(store):
        try:
            table = load_table(store, table_id)
        except AssistantError:
            continue
        if table.game(game_id) is not None:
            found.append(table)
    return max(found, key=lambda table: (table.started, table.id), default=None)


def change_table(store: Store, table_id: str, change: Callable[[Table], Table]) -> Table:
    """Read table ``table_id``, change it, and write it, under its lock; if ``change`` raises, nothing is
    written. The table after (the same table, unwritten, when ``change`` returned it unchanged)."""
    with locked(table_path(store, table_id, ".lock")):
        table = load_table(store, table_id)
        changed = change(table)
        if changed != table:
            if changed.id != table.id:
                raise ValueError("a change keeps the table's id")
            _check(changed, str(table_path(store, table_id)))
            _write(store, changed)
    return changed


def add_game(store: Store, table_id: str, game: TableGame) -> Table:
    """Table ``table_id`` with ``game`` added last (a game already at the table is left as it was)."""

    def added(table: Table) -> Table:
        if table.game(game.game) is not None:
            return table
        if len(table.games) >= MAX_GAMES:
            raise AssistantError(ngettext("table {table} holds {count} game already: start another table",
                                          "table {table} holds {count} games already: start another table",
                                          MAX_GAMES).format(table=table.id, count=MAX_GAMES))
        return table._replace(games=(*table.games, game))

    return change_table(store, table_id, added)


def _write(store: Store, table: Table) -> None:
    data = {"assistant": FORMAT, "id": table.id, "started": table.started,
            "games": [each._asdict() for each in table.games], "keepers": dict(table.keepers)}
    # Written readable by its owner alone (mkstemp's mode): it holds the phones' private links.
    write_atomically(table_path(store, table.id), json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def _read(path: Path, table_id: str) -> Table:
    source = str(path)
    try:
        data = json.loads(read_regular(path, MAX_TABLE_BYTES, follow=False).decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise DataError(_("{source}: not a table file (expected JSON, 'assistant': '{format}')").format(
            source=source, format=FORMAT)) from None
    if not isinstance(data, dict) or data.get("assistant") != FORMAT:
        raise DataError(_("{source}: not a table file (expected JSON, 'assistant': '{format}')").format(
            source=source, format=FORMAT))
    games = data.get("games")
    if not isinstance(games, list) or not all(isinstance(each, dict) for each in games):
        raise DataError(_("{source}: games: expected a list of games").format(source=source))
    fields = TableGame._fields
    try:
        table = Table(data.get("id", ""), data.get("started", ""),  # each checked below
                      tuple(TableGame(**{name: each[name] for name in fields if name in each}) for each in games),
                      data.get("keepers", {}))
    except TypeError:
        raise DataError(_("{source}: games: each game needs its game, name and kind").format(
            source=source)) from None
    if table.id != table_id:
        raise DataError(_("{source}: id: expected {table} (got {got})").format(source=source, table=table_id,
                                                                             got=shown(table.id)))
    _check(table, source)
    return table


def _check(table: Table, source: str) -> None:
    """DataError naming the first thing of ``table`` that is not as a table is saved."""
    def fits(value: object, pattern: str | None = None, empty: bool = False) -> bool:
        if not isinstance(value, str) or len(value) > NAME_LENGTH or (not value and not empty):
            return False
        return pattern is None or (empty and not value) or re.fullmatch(pattern, value) is not None

    try:
        datetime.fromisoformat(table.started)
    except (TypeError, ValueError):
        raise DataError(_("{source}: started: expected an ISO time (got {got})").format(
            source=source, got=shown(table.started))) from None
    if len(table.games) > MAX_GAMES:
        raise DataError(_("{source}: games: at most {count}").format(source=source, count=MAX_GAMES))
    for at, each in enumerate(table.games):
        checks = {"game": fits(each.game, GAME_ID), "name": fits(each.name), "kind": fits(each.kind),
                  "player": fits(each.player, empty=True), "phone": isinstance(each.phone, bool),
                  "token": fits(each.token, TOKEN, empty=True), "request": fits(each.request, REQUEST, empty=True)}
        wrong = next((name for name, right in checks.items() if not right), None)
        if wrong is not None:
            raise DataError(_("{source}: games[{at}].{field}: not as a table saves it (got {got})").format(
                source=source, at=at, field=wrong, got=shown(getattr(each, wrong))))
    keepers = table.keepers
    if not isinstance(keepers, dict) or not all(fits(game, GAME_ID) and fits(phone, TOKEN)
                                                for game, phone in keepers.items()):
        raise DataError(_("{source}: keepers: expected each score pad's id and a phone's key").format(
            source=source))
