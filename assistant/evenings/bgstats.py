"""A finished play in the JSON that the play-logging app BG Stats imports.

BG Stats takes a play from another app as one JSON object, passed url-encoded
in a link to ``https://app.bgstatsapp.com/createPlay.html?data=...``; the app
opens its own import dialog, matching the game and the players by name. The
field names are BG Stats' own, from its support page "Push plays to BG Stats
from other apps or websites" (bgstatsapp.com/support/push-plays-to-bg-stats-
from-other-apps-or-websites), as the apps that push plays use them (checked in
public code found with the search tool, e.g. a Discord bot's tests asserting
the payload ``{sourceName, sourcePlayId, playDate, game: {name, sourceGameId,
bggId, highestWins, noPoints}, location, players: [{name, sourcePlayerId,
winner, startPlayer}]}``, and a score keeper adding ``score`` and ``rank``):

- ``sourceName``, ``sourcePlayId`` and ``playDate`` are required; ``playDate``
  is UTC written ``yyyy-MM-dd HH:mm:ss`` (not ISO 8601);
- ``game``: ``name``, ``sourceGameId``, and optionally ``bggId`` (a number:
  left out, since we do not know the games' BoardGameGeek ids), ``highestWins``,
  ``noPoints``;
- ``players``: ``name``, ``sourcePlayerId``, ``score``, ``winner``,
  ``startPlayer``; the booleans are always given (BG Stats' Android app fails on
  a missing one, though the page calls them optional).
"""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import quote

from assistant.engine import registry
from assistant.engine.errors import InputError
from assistant.engine.i18n import _

CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "assistant"
PLAY_FIELDS = ("sourceName", "sourcePlayId", "playDate", "game", "players", "comments")
GAME_FIELDS = ("name", "sourceGameId", "highestWins", "noPoints")
PLAYER_FIELDS = ("name", "sourcePlayerId", "score", "winner", "startPlayer")


def play(game, outcome: dict, ended: datetime) -> dict:
    """The play BG Stats imports, for a finished game (``outcome`` from ``stats.outcome``), ended at ``ended``."""
    if not outcome["finished"]:
        raise InputError(_("game {name} is not finished: BG Stats records finished plays (see assistant games "
                           "--finished)").format(name=game.name))
    scores = outcome.get("points")  # the points the game counts; None where it keeps none (New York)
    registered = registry.find(outcome["kind"])
    title = registered.title if registered is not None else outcome["kind"]  # BG Stats matches the box's name
    return {
        "sourceName": SOURCE_NAME,
        # one play, one id: BG Stats recognises a play pushed twice by it
        "sourcePlayId": f"{game.name}@{ended.astimezone(UTC):%Y%m%dT%H%M%SZ}",
        "playDate": f"{ended.astimezone(UTC):%Y-%m-%d %H:%M:%S}",
        "game": {"name": title, "sourceGameId": outcome["kind"],
                 "highestWins": True, "noPoints": scores is None},
        "players": [{"name": name, "sourcePlayerId": name, **({"score": scores[name]} if scores else {}),
                     "winner": name in outcome["winners"], "startPlayer": name == outcome.get("first_player")}
                    for name in outcome["players"]],
        "comments": f"assistant: {game.name}",
    }


def link(data: dict) -> str:
    """The link that hands the play to BG Stats (opened on a phone where it is installed)."""
    import json

    return f"{CREATE_PLAY}?data={quote(json.dumps(data, ensure_ascii=False, separators=(',', ':')), safe='')}"
