"""Evenings remembered: what every saved game came to, and the statistics across them.

Each saved game is read once into an *outcome*: plain data, the same in every
language (canonical names: quest faces ``13A``, special cards ``flag-bearer``,
the owner of a garden game as their ``--me`` name, else ``me``):

    {"name": "friday", "kind": "roi-des-nains", "players": ["Ana", "Ben", "Cleo"], "me": null,
     "finished": true, "winners": ["Ben"], "deals": [{"quest": "5A", "special": "druid",
     "points": {"Ana": 0, ...}, "chooser": null}, ...]}

What "finished" means is the game's own rule: a Le Roi des Nains pad once its
winner is known (7 deals, no tie), a rope match once a side has won two
rounds, a two-player garden once a player has won two sets, a garden of 3 or 4
once every opponent's loot card is recorded and the tally can be made, a case
of New York once a right accusation stands (its log does not say who made it:
no winner). A game's date is the day its file last changed: a finished game
refuses further entries, so that is the day it ended.

"Turns to find a loot" (75 Gnom' Street): the log knows the questions I asked
(clues recorded without ``--by``; a card's statement is not a question) and
when my sheet came down to one cell for an opponent; the turns to find that
opponent's loot are my questions asked in that set up to that moment (a loot
never pinned down is not counted). A turn is one question: the rules give each
turn one.

Reading a game replays its log (a few milliseconds); the outcomes are kept in
``cache/outcomes.json`` under each file's digest, so a thousand games are
summarised again in a fraction of a second and a changed file is read anew.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date, datetime

from assistant.engine import registry
from assistant.engine.errors import AssistantError, InputError, shown
from assistant.engine.i18n import _

try:  # CPython's own SHA-1: importing hashlib loads OpenSSL, a large share of `games`'s start-up
    from _sha1 import sha1  # type: ignore[import-not-found]
except ImportError:  # another Python: the same digest through hashlib
    from hashlib import sha1
from assistant.engine.registry import ME  # the owner of a sheet saved without --me
from assistant.engine.words import key
from assistant.store.files import is_regular, read_json, read_regular, write_cache

OUTCOME_VERSION = 5  # bump when what an outcome holds changes: the cache is then read anew
CACHE_NAME = "outcomes.json"
# a play as the statistics list it: 'me' is the name its sheet's owner goes by (None: a score pad has no owner)
HISTORY_FIELDS = ("name", "kind", "date", "players", "finished", "winners", "me", "phone")


# -- one game ------------------------------------------------------------------------------------


def outcome(game) -> dict:
    """What one loaded game came to, as plain data: its registered outcome (players, finished, winners, the
    tie and how it was settled, the first player, the points) and what its kind keeps for the statistics."""
    end = game.outcome()
    return {"name": game.name, "kind": game.kind, "players": list(end.players), "finished": end.finished,
            "winners": list(end.winners), "tied": list(end.tied), "settled_by": end.settled_by,
            "first_player": end.first_player, "points": end.points, "note": end.note, "unit": end.unit,
            "me": end.me, **game.statistics()}


def as_outcome(data: dict) -> registry.Outcome:
    """An outcome read back from its plain data (``outcome``, or the cache): what the faces word."""
    return registry.Outcome(data["finished"], tuple(data["players"]), tuple(data["winners"]),
                            tuple(data.get("tied") or ()), data.get("settled_by"), data.get("first_player"),
                            data.get("points"), data.get("note"), data.get("unit") or "points", data.get("me"))


# -- every saved game, through the cache -------------------------------------------------------------


def outcomes(store) -> tuple[list[dict], list[dict]]:
    """Every saved game's outcome, each with its ``date`` (YYYY-MM-DD) and ``changed`` (ISO time), and the
    games that could not be read (name and problem). Outcomes are cached under each file's digest."""
    from assistant.store.yamlfile import MAX_BYTES

    cache_dir = store.cache_dir  # None: no cache of the data folder's own: read every game, keep nothing
    cache_path = cache_dir / CACHE_NAME if cache_dir is not None else None
    boards = _corrections_digest(store)
    cached = _read_cache(cache_path, boards) if cache_path is not None else {}
    kept: dict[str, dict] = {}
    found, skipped = [], []
    for name in store.game_names():
        try:
            path = store.game_path(name)
            raw = read_regular(path, MAX_BYTES)
            changed = datetime.fromtimestamp(path.stat().st_mtime).astimezone()
        except (AssistantError, OSError) as error:
            skipped.append({"name": name, "problem": str(error)})
            continue
        digest = sha1(raw).hexdigest()
        entry = cached.get(name)
        if isinstance(entry, dict) and entry.get("digest") == digest and _is_outcome(entry.get("outcome")):
            result = entry["outcome"]
        else:
            try:
                result = {**outcome(store.load(name)), "phone": store.phone_owner(name)}
            except AssistantError as error:
                skipped.append({"name": name, "problem": str(error)})
                continue
        kept[name] = {"digest": digest, "outcome": result}
        found.append({**result, "date": changed.date().isoformat(), "changed": changed.isoformat(timespec="seconds")})
    if kept != cached and cache_path is not None:
        _write_cache(cache_path, boards, kept)
    return found, skipped


def _is_outcome(data: object) -> bool:
    """Whether a cached entry has an outcome's shape (a hand-edited or damaged cache is read anew)."""
    def names(value) -> bool:
        return isinstance(value, list) and all(isinstance(name, str) for name in value)

    def counts(value) -> bool:
        return isinstance(value, dict) and all(isinstance(k, str) and type(v) in (int, float) for k, v in value.items())

    if not isinstance(data, dict) or not (isinstance(data.get("name"), str) and isinstance(data.get("kind"), str)
                                          and names(data.get("players")) and names(data.get("winners"))
                                          and isinstance(data.get("finished"), bool)
                                          and isinstance(data.get("phone"), (str, type(None)))
                                          and isinstance(data.get("me"), (str, type(None)))):
        return False
    deals, rounds = data.get("deals", []), data.get("rounds", {"played": 0, "won": {}})
    return (isinstance(deals, list) and all(isinstance(deal, dict) and isinstance(deal.get("quest"), str)
                                            and isinstance(deal.get("special"), str) and counts(deal.get("points"))
                                            and isinstance(deal.get("chooser"), (str, type(None))) for deal in deals)
            and isinstance(rounds, dict) and type(rounds.get("played")) is int and counts(rounds.get("won"))
            and counts(data.get("sets", {}))
            and isinstance(data.get("finds", []), list)
            and all(isinstance(find, list) and len(find) == 2 and isinstance(find[0], str) and type(find[1]) is int
                    for find in data.get("finds", [])))


def _corrections_digest(store) -> str:
    """The owner's board corrections as one digest: a correction can change when a sheet pinned a loot."""
    from assistant.store.yamlfile import MAX_BYTES

    digest = sha1()
    try:
        paths = sorted(store.fixes_dir.glob("*.yaml"))
    except OSError:
        paths = []
    for path in paths:
        if not is_regular(path):  # a named pipe, a link to /dev/zero: skipped, as the board reader skips it
            continue
        try:
            digest.update(path.name.encode() + b"\0" + read_regular(path, MAX_BYTES))
        except AssistantError as error:  # unreadable, or too large: its problem stands for it until it is fixed
            digest.update(path.name.encode() + b"\0" + str(error).encode())
    return digest.hexdigest()


def _read_cache(path, boards: str) -> dict:
    data = read_json(path, 64_000_000)  # None when it cannot be used: dropped, and written anew
    if not isinstance(data, dict) or data.get("version") != OUTCOME_VERSION or data.get("boards") != boards:
        return {}
    games = data.get("games")
    return games if isinstance(games, dict) else {}


def _write_cache(path, boards: str, games: dict) -> None:
    # A read-only folder or a full disk: the statistics are still right, only slower next time.
    write_cache(path, json.dumps({"version": OUTCOME_VERSION, "boards": boards, "games": games},
                                 ensure_ascii=False, separators=(",", ":")))


# -- the statistics ------------------------------------------------------------------------------


def parse_since(text: str | None) -> date | None:
    """``--since 2026-11-01``: a day, YYYY-MM-DD."""
    if text is None:
        return None
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise InputError(_("--since {date}: expected a day as YYYY-MM-DD, e.g. 2026-11-01")
                         .format(date=shown(text))) from None


def choose(found: list[dict], kind: str | None = None, player: str | None = None,
           since: date | None = None) -> list[dict]:
    """The outcomes kept by the filters: a kind (``--game-kind``), a player who played, a first day."""
    if kind is not None:
        types = {each.kind: each for each in registry.registered() if each.kind != registry.BOARD_GAMES}
        kinds = sorted({each["kind"] for each in found} | set(types))
        chosen = next((name for name in kinds
                       if (types[name].named_by(kind) if name in types else key(name) == key(kind))), None)
        if chosen is None:
            raise InputError(_("--game-kind {kind}: expected one of {kinds}").format(kind=shown(kind),
                                                                                   kinds=", ".join(kinds)))
        found = [each for each in found if each["kind"] == chosen]
    if player is not None:
        found = [each for each in found if any(_same_player(name, player) for name in each["players"])]
    if since is not None:
        found = [each for each in found if each["date"] >= since.isoformat()]
    return found


def _same_player(name: str, wanted: str) -> bool:
    # 'me' and 'moi' name the owner of a garden game saved without --me
    return key(name) == key(wanted) or (name == ME and key(wanted) in ("me", "moi"))


def summarise(found: Iterable[dict], player: str | None = None) -> dict:
    """The statistics of the outcomes ``found``: per player, and the history of every play (newest first).

    A player is everyone named in a game, names folded as typed names are everywhere (``Léa`` and ``lea``
    are one player, shown as first written); ``player`` keeps that player's row only."""
    found = sorted(found, key=lambda each: (each["changed"], each["name"]), reverse=True)
    rows: dict[str, dict] = {}
    faces: dict[str, list[list[int]]] = {}  # quest face -> each deal's points
    for each in sorted(found, key=lambda each: (each["changed"], each["name"], each["players"])):
        seen: set[str] = set()
        for name in each["players"]:
            if (key(name) or name) in seen:  # one game counts once per player, however spelt
                continue
            seen.add(key(name) or name)
            row = rows.setdefault(key(name) or name, _row(name))
            row["played"] += 1
            row["finished"] += each["finished"]
            row["won"] += any(_same_player(name, winner) for winner in each["winners"])
            row["kinds"][each["kind"]] = row["kinds"].get(each["kind"], 0) + 1
        for name, count in each.get("sets", {}).items():
            rows[key(name) or name]["sets_won"] += count
        for unused, turns in each.get("finds", []):
            owner = each["players"][0]  # the sheet is the owner's
            rows[key(owner) or owner]["finds"].append(turns)
        if "rounds" in each:
            for name, won in each["rounds"]["won"].items():
                row = rows[key(name) or name]
                row["rounds"] += each["rounds"]["played"]
                row["rounds_won"] += won
        for deal in each.get("deals", []):
            faces.setdefault(deal["quest"], []).append(list(deal["points"].values()))
            for name, points in deal["points"].items():
                row = rows[key(name) or name]
                row["quests"].setdefault(deal["quest"], []).append(points)
                row["specials"].setdefault(deal["special"], []).append(points)
            if deal.get("chooser"):
                chose = rows[key(deal["chooser"]) or deal["chooser"]]["chose"]
                chose[deal["quest"]] = chose.get(deal["quest"], 0) + 1
    players = [_finish(row) for row in rows.values() if player is None or _same_player(row["name"], player)]
    players.sort(key=lambda row: (-row["won"], -row["played"], key(row["name"])))
    return {"games": len(found), "finished": sum(each["finished"] for each in found), "players": players,
            "quests": {face: {"deals": len(deals), "mean": _mean([p for deal in deals for p in deal])["mean"]}
                       for face, deals in sorted(faces.items(), key=lambda kv: _face_order(kv[0]))},
            "history": [{field: each.get(field) for field in HISTORY_FIELDS} for each in found]}


def _row(name: str) -> dict:
    return {"name": name, "played": 0, "finished": 0, "won": 0, "kinds": {}, "sets_won": 0, "finds": [],
            "rounds": 0, "rounds_won": 0, "quests": {}, "specials": {}, "chose": {}}


def _finish(row: dict) -> dict:
    """A player's row as printed: win rate over finished games, means, faces in the rules' order."""
    finds = row.pop("finds")
    return {**row, "win_rate": round(row["won"] / row["finished"], 3) if row["finished"] else None,
            "finds": len(finds), "mean_turns_to_find": round(sum(finds) / len(finds), 2) if finds else None,
            "quests": {face: _mean(points) for face, points in sorted(row["quests"].items(),
                                                                     key=lambda kv: _face_order(kv[0]))},
            "specials": {card: _mean(points) for card, points in sorted(row["specials"].items())},
            "chose": dict(sorted(row["chose"].items(), key=lambda kv: _face_order(kv[0])))}


def _mean(points: list[int]) -> dict:
    return {"deals": len(points), "mean": round(sum(points) / len(points), 2)}


def _face_order(face: str) -> tuple[int, str]:
    """'2A' before '13A': tile number, then face."""
    number = face[:-1]
    return (int(number) if number.isdigit() else 0, face)
