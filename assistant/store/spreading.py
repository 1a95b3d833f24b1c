"""The linked sheets of a table: an entry recorded on one sheet, spread to every sheet that learns it.

The sheets of one table (``tables``: each its owner's private game) are linked: an act is entered once, on
any of them, and the game says what it becomes on each other sheet (``registry.Acts.copied``: the question
put to the player asked, an answer heard aloud, a public piece). ``spread`` records the entry on its own
sheet, then each copy on its sheet, each under that sheet's own lock, in that sheet's own log, as
``Store.update`` records any entry. Undo follows: taking back an entry that reached other sheets takes back
each copy.

Never half, never twice:

- every copy carries an entry id made from the entry's own id and its sheet (``copy_id``), saved in that
  sheet's file with the copy, in the same write: a copy recorded twice (a retry, a recovery) is recorded once;
- before the entry is written on its own sheet, the copies it will make are written down in an intent
  (``tables/.spreading-KEY.json``, the rename's way: ``Shelf.rename``), and the intent goes once every copy
  is recorded or refused. A crash in between leaves it: the next ``spread`` or ``finish`` (the server runs it
  when it starts) completes what the entry's own sheet acknowledged (it holds the entry's id), and drops an
  intent whose entry was never written;
- a sheet that refuses its copy (its own rules, its own secret) never stops the others: the refusal is
  returned with what was recorded, for the phones to show.

The files, in the data folder:

    tables/.spreading-KEY.json     an entry's copies not all recorded yet (KEY: its sheet's id and the entry's)
    tables/.spreading-ID.lock      taken while an entry of the game whose id is ID is spread, or completed

The API: ``spread(store, name, change, entry)`` (``Store.update``'s arguments) returns a ``Spread``: the game
after, the entry's id, and what each other sheet did (``Reached``); ``finish(store)`` completes the intents a
crash left; ``linked_sheets(store, name)`` lists the sheets an entry of game ``name`` may reach.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import partial
from itertools import islice
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from assistant.engine import registry
from assistant.engine.errors import AssistantError
from assistant.engine.i18n import LANGUAGES, _, in_every_language
from assistant.engine.log import Retract
from assistant.engine.records import NamedTuple
from assistant.engine.words import key
from assistant.store.files import locked, notice, read_json, write_atomically
from assistant.store.games import ENTRY_ID
from assistant.store.saving import Repeated
from assistant.store.tables import GAME_ID, table_ids, table_of_game, tables_dir

if TYPE_CHECKING:
    from assistant.store.folder import Store

FORMAT = "spreading/1"  # the first key of every intent
MAX_COPIES = 4  # steps one act becomes on one sheet, at most (a garden's act: one)
MAX_INTENT_BYTES = 1 << 16  # an intent names a few sheets and their steps
INTENT = re.compile(r"\.spreading-[A-Za-z0-9_-]{22}\.json")


class Linked(NamedTuple):
    """Another sheet of the table: its game's id, its name now, and whose it is (the name its owner joined
    the table under)."""

    game: str
    name: str
    player: str


class Reached(NamedTuple):
    """What an entry did on another sheet of the table: whose sheet, its name, the step recorded there
    ('' when it had nothing to record), why it refused it ('' when it did not), the lines for each phone
    where the entry disagrees with that sheet's own secret (``registry.Copy``: ``told``, for that sheet's
    own phone, in every language, which ``i18n.said_in`` picks from), and whether it held the copy already
    (a retry)."""

    player: str
    name: str
    step: str = ""
    refused: str = ""
    differs: str = ""
    told: Mapping[str, str] = MappingProxyType({})
    repeat: bool = False


class Spread(NamedTuple):
    """An entry spread: the game it was recorded in, as it is after; the entry's id; what it did on each
    other sheet of the table (none when the game is at no table, or its game links nothing)."""

    game: Any
    entry: str
    reached: tuple[Reached, ...] = ()

    def lines(self) -> list[str]:
        """What the phone that recorded the entry is told of the other sheets, in the language spoken: each
        sheet that disagrees ("Chloé's sheet answers no: check what you heard"), each that refused."""
        lines = [each.differs for each in self.reached if each.differs]
        return lines + [_("{player}'s sheet refused it: {reason}").format(player=each.player, reason=each.refused)
                        for each in self.reached if each.refused]


def copy_id(entry: str, game_id: str, index: int = 0) -> str:
    """The entry id of copy ``index`` of entry ``entry`` on the game whose id is ``game_id``: the same each
    time it is made (a retry, a recovery), another for every entry and sheet (132 bits of a digest)."""
    digest = hashlib.sha256(f"{entry}\n{game_id}\n{index}".encode()).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:22]


def new_entry_id() -> str:
    """An id for an entry recorded without one (the command line's): its copies are named after it."""
    import secrets

    return secrets.token_urlsafe(12)


# -- the table's sheets ------------------------------------------------------------------------------


def linked_sheets(store: Store, name: str) -> tuple[str, list[Linked]]:
    """Game ``name``'s owner at its table and the other sheets of that table it is linked to: each other
    player's latest sheet of its own kind, where its game declares what its acts become elsewhere
    (``Acts.copies``). ('', []) for a game at no table, or whose game links nothing; a sheet whose game is gone,
    or that is nobody's, is left out. Nothing is written, not even a lock: a refused entry leaves the data
    folder as it was."""
    game = store.load(name)
    acts = registry.of_game(game).acts
    if acts is None or not acts.linked or not table_ids(store):
        return "", []
    game_id = store._written_id(name)  # a game without its id yet is at no table: tables hold games by id
    table = table_of_game(store, game_id) if game_id is not None else None
    own = table.game(game_id) if table is not None and game_id is not None else None
    if table is None or own is None:
        return "", []
    owner = own.player or getattr(game, "me", None) or ""
    latest = {key(each.player): each for each in table.games
              if each.game != game_id and each.kind == own.kind and each.player and key(each.player) != key(owner)}
    others = []
    for each in latest.values():
        found = store.name_of_id(each.game, each.name)
        if found is not None:
            others.append(Linked(each.game, found, each.player))
    return owner, others if owner else []


# -- spreading -------------------------------------------------------------------------------------


def spread(store: Store, name: str | None, change: Callable[[Any], Any], entry: str | None = None) -> Spread:
    """Record ``change`` in game ``name`` as ``Store.update`` does (``entry``: its id; a repeat raises
    ``Repeated``, once the copies it was to make are all made), then each copy of what it recorded on the other
    sheets of its table (see the module's docstring). A refusal of the entry itself writes nothing anywhere; a
    refusal on another sheet is in the result, and never stops the others."""
    name = store.resolve(name)
    finish(store)
    owner, others = linked_sheets(store, name)
    if not others:
        return Spread(store.update(name, change, entry), entry or "")
    entry = entry or new_entry_id()
    origin = store.game_id(name)  # at a table, so it has one: read under its lock
    intent = _intent_path(store, origin, entry)
    copies: list[dict] = []
    notes: list[Reached] = []

    def recorded(game):
        changed = change(game)
        if changed is not game:
            _copies(store, name, game, changed, owner, others, entry, copies, notes)
            if copies:  # written down before the entry is: a crash from here on is completed by finish
                _write_intent(store, origin, name, entry, copies)
        return changed

    with locked(_lock_path(store, origin)):
        try:
            after = store.update(name, recorded, entry)
        except Repeated:
            with _quietly(store):
                _complete_held(store, intent)
            raise
        except BaseException:
            intent.unlink(missing_ok=True)
            raise
        with _quietly(store):
            reached = [*_record_copies(store, copies, owner), *notes]
        intent.unlink(missing_ok=True)
    return Spread(after, entry, tuple(reached))


@contextmanager
def _quietly(store: Store) -> Iterator[None]:
    """The other sheets read without saying whose private sheet each is: they are read to be written, not
    shown (``Games.tell_private``)."""
    told = store.__dict__.get("tell_private")
    store.tell_private = False
    try:
        yield
    finally:
        if told is None:
            store.__dict__.pop("tell_private", None)
        else:
            store.tell_private = told


def _copies(store: Store, name: str, before, after, owner: str, others: list[Linked], entry: str,
            copies: list[dict], notes: list[Reached]) -> None:
    """The copies of what ``after`` recorded over ``before``, on each other sheet, put in ``copies`` (each its
    sheet's id, name and owner, its own id and its step, the lines where it disagrees); a sheet that cannot
    say it, or has nothing to record but a disagreement, in ``notes``."""
    new = list(islice(after.events, len(before.events), None))
    acts = registry.of_game(before).acts
    assert acts is not None, "linked_sheets links the sheets of a game that declares its acts"

    def steps_on(other: Linked) -> list[registry.Copy]:
        with _quietly(store):
            sheet = store.load(other.name)
        steps: list[registry.Copy] = []
        for event in new:
            if isinstance(event, Retract):
                steps += _taken_back(store, name, before, after, other, sheet)
            else:
                steps += acts.copied(before, event, owner, sheet, other.player)
        return steps

    for other in others:
        try:
            steps = steps_on(other)
        except AssistantError as error:
            notes.append(Reached(other.player, other.name, refused=str(error),
                                 told=_refusal_told(owner, partial(steps_on, other))))
            continue
        for index, copy in enumerate(steps[:MAX_COPIES]):
            if not copy.step:
                notes.append(Reached(other.player, other.name, differs=copy.differs, told=copy.told))
                continue
            copies.append({"game": other.game, "name": other.name, "player": other.player,
                           "entry": copy_id(entry, other.game, index), "step": copy.step,
                           "differs": copy.differs, "told": dict(copy.told)})


def _taken_back(store: Store, name: str, before, after, other: Linked, sheet) -> list[registry.Copy]:
    """The retracts that take back, on sheet ``other``, the copies of the entry ``after`` took back (those
    still standing there)."""
    taken = after.history().taken_back
    source = _id_of_entry(store.entry_ids(name), before.events, taken.number) if taken is not None else None
    if source is None:
        return []
    with _quietly(store):
        held = store.entry_ids(other.name)
    numbers = [_number_at(sheet.events, held[copy_id(source, other.game, index)])
               for index in range(MAX_COPIES) if copy_id(source, other.game, index) in held]
    standing = {entry.number for entry in sheet.history().standing}
    return [registry.Copy(f"retract {number}") for number in numbers if number in standing]


def _id_of_entry(ids: dict[str, int], events, number: int) -> str | None:
    """The entry id under which entry ``number`` (as the history numbers it) was recorded, or None."""
    return next((each for each, at in ids.items() if at < len(events) and not isinstance(events[at], Retract)
                 and _number_at(events, at) == number), None)


def _number_at(events, at: int) -> int:
    """The history's number of the entry recorded by ``events[at]`` (undo and retract are not numbered)."""
    return sum(1 for event in islice(events, at + 1) if not isinstance(event, Retract))


def _record_copies(store: Store, copies: list[dict], owner: str = "") -> Iterator[Reached]:
    """Record each copy on its sheet, each under its own lock and with its own id: what each did. A copy its
    sheet refuses is told to that sheet's phone too, as an entry of ``owner``'s (when known: not when a
    crash's copies are completed, which no phone waits for)."""
    for copy in copies:
        step = copy["step"]
        reached = Reached(copy["player"], copy["name"], step, differs=copy.get("differs", ""),
                          told=_told(copy.get("told")))
        name = None
        try:
            name = store.name_of_id(copy["game"], copy["name"])
            if name is None:
                raise AssistantError(_("the sheet is no longer saved"))
            store.update(name, _recording(step), copy["entry"])
        except Repeated:
            reached = reached._replace(repeat=True)
        except AssistantError as error:
            reached = reached._replace(refused=str(error))
            if owner and name is not None:
                reached = reached._replace(told=_refusal_told(owner, _trying(store, name, step)))
        yield reached


def _trying(store: Store, name: str, step: str) -> Callable[[], object]:
    """Recording ``step`` on game ``name`` again, nothing written: its refusal said in the language spoken (read
    quietly, as every copy is recorded: ``_record_copies`` runs under ``_quietly``)."""
    return lambda: _recording(step)(store.load(name))


def _refusal_told(owner: str, attempt: Callable[[], object]) -> Mapping[str, str]:
    """What the phone of a sheet that refused an entry of ``owner``'s is told, in every language: ``attempt``
    (what the sheet refused, nothing written) made again in each, its refusal said in that language."""

    def said() -> str:
        try:
            attempt()
        except AssistantError as error:
            return _("{player}'s entry was not recorded on your sheet: {reason}").format(player=owner, reason=error)
        return ""

    lines = in_every_language(said)
    return lines if all(lines.values()) else {}


def _told(lines: Any) -> Mapping[str, str]:
    """A copy's lines for its sheet's own phone, by language; a line kept as one string (in the language of the
    phone that entered it, as intents once held it) is that line whatever the language; anything else, none."""
    if isinstance(lines, str):
        return {code: lines for code in LANGUAGES} if lines else {}
    if isinstance(lines, Mapping):
        return {code: line for code, line in lines.items() if isinstance(code, str) and isinstance(line, str)}
    return {}


def _recording(step: str) -> Callable[[Any], Any]:
    """The change that records ``step``, read by the game it is recorded in."""
    return lambda game: game.record(game.read_step(step))


# -- the intents -----------------------------------------------------------------------------------


def _intent_path(store: Store, origin: str, entry: str) -> Path:
    return store._inside(tables_dir(store) / f".spreading-{copy_id(entry, origin, -1)}.json")


def _lock_path(store: Store, origin: str) -> Path:
    return store._inside(tables_dir(store) / f".spreading-{origin}.lock")


def _write_intent(store: Store, origin: str, name: str, entry: str, copies: list[dict]) -> None:
    data = {"assistant": FORMAT, "origin": origin, "name": name, "entry": entry,
            "copies": [{key: copy[key] for key in ("game", "name", "player", "entry", "step", "differs", "told")
                        if key in copy} for copy in copies]}
    write_atomically(_intent_path(store, origin, entry), json.dumps(data, ensure_ascii=False))


def _read_intent(path: Path) -> dict | None:
    """An intent as written, or None when it is not one (damaged, planted): such a file is dropped."""
    data = read_json(path, MAX_INTENT_BYTES)
    if not isinstance(data, dict) or data.get("assistant") != FORMAT:
        return None
    fits = isinstance(data.get("origin"), str) and re.fullmatch(GAME_ID, data["origin"]) \
        and isinstance(data.get("entry"), str) and re.fullmatch(ENTRY_ID, data["entry"]) \
        and isinstance(data.get("name"), str) and isinstance(data.get("copies"), list)
    copies = data.get("copies") or []
    fits = fits and all(isinstance(copy, dict) and all(isinstance(copy.get(key), str) for key in
                                                       ("game", "name", "player", "entry", "step"))
                        and re.fullmatch(GAME_ID, copy["game"]) and re.fullmatch(ENTRY_ID, copy["entry"])
                        for copy in copies)
    return data if fits else None


def finish(store: Store) -> list[Reached]:
    """Complete every spreading a crash interrupted (an intent left in tables/), once for this store: an entry
    its own sheet holds reaches every sheet it was to reach (each copy once); an intent whose entry was never
    written goes. One notice for each entry completed. What each copy did, in order."""
    if getattr(store, "_spreading_checked", False):
        return []
    store._spreading_checked = True  # type: ignore[attr-defined]
    folder = tables_dir(store)
    try:
        found = sorted(path for path in folder.iterdir() if INTENT.fullmatch(path.name))
    except OSError:
        return []  # no tables yet; one that cannot be listed says why where it is read
    reached: list[Reached] = []
    for path in found:
        reached += _complete(store, path)
    return reached


def _complete(store: Store, path: Path) -> list[Reached]:
    """Complete the intent at ``path`` under its game's spreading lock (a spreading still under way is waited
    for: it removes its intent when done)."""
    data = _read_intent(path) if path.is_file() else None
    if data is None:
        path.unlink(missing_ok=True)
        return []
    with locked(_lock_path(store, data["origin"])), _quietly(store):
        return _complete_held(store, path)


def _complete_held(store: Store, path: Path) -> list[Reached]:
    """Complete the intent at ``path``, its game's spreading lock held: its copies recorded if its entry's own
    sheet holds the entry, then the intent removed."""
    data = _read_intent(path) if path.is_file() else None
    if data is None:
        path.unlink(missing_ok=True)
        return []  # completed meanwhile by its own spreading, or not an intent
    name = store.name_of_id(data["origin"], data["name"])
    try:
        acknowledged = name is not None and data["entry"] in store.entry_ids(name)
    except AssistantError:
        acknowledged = False  # a sheet that cannot be read: its entry cannot be vouched for
    reached = list(_record_copies(store, data["copies"])) if acknowledged else []
    path.unlink(missing_ok=True)
    if acknowledged:
        notice(_("an entry of game {name} had not reached every sheet of its table when it was interrupted: it has "
                 "now").format(name=name))
    return reached
