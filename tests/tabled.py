"""A table of phones for the tests: each player's own sheet, started with their secret, joined to one table
(``store.tables``), as the join page starts them. Nothing here records an entry: the tests do, through the
store's ``spreading`` or a face."""

from __future__ import annotations

from assistant.store import tables
from assistant.store.folder import Store

# The garden's three players and their loot cards (the garden is 6x3, its ponds B2 and E2)
GARDEN = (("Léa", "C2"), ("Chloé", "D3"), ("Ben", "A1"))


def sheet_name(player: str) -> str:
    """The game name of ``player``'s sheet: 'Léa' -> 'lea'."""
    return {"Léa": "lea", "Chloé": "chloe"}.get(player, player.lower())


def sit(store: Store, players=GARDEN, board: str = "gnom-street") -> tables.Table:
    """A table where each player of ``players`` ((name, secret) pairs; secret None: the city's, which hides
    nothing) started their own sheet on ``board``, the others as its opponents. The table after."""
    from assistant.games.deduction import DeductionGame

    table = tables.create_table(store)
    chosen = store.board(board)
    names = [name for name, unused in players]
    for name, secret in players:
        others = [other for other in names if other != name] if chosen.per_opponent else None
        game = DeductionGame.new(sheet_name(name), chosen, others, mine=secret, me=name)
        store.create(game, phone_owner=name)
        table = tables.add_game(store, table.id, tables.TableGame(store.game_id(game.name), game.name, chosen.name,
                                                                  name, True))
    return table


def recording(line: str):
    """The change that records ``line`` (what a phone's Record sends), read by the sheet it is recorded in."""
    return lambda game: game.record(game.read_step(line))


def steps(store: Store, player: str) -> list[tuple[str, bool]]:
    """Each entry of ``player``'s sheet as saved: its words, and whether it was taken back (read without a
    notice: the tests count those of the store's own)."""
    store.tell_private = False
    game = store.load(sheet_name(player))
    return [(game.step(entry.event), entry.retracted) for entry in game.history().entries]


class Killed(BaseException):
    """The process dies here (a SIGKILL, a power cut): nothing after runs, no ``except Exception`` sees it."""


def killed_writing(store: Store, player: str, line: str, entry: str, dying: str = "Ben") -> None:
    """``line`` spread from ``player``'s sheet by a process that dies as it comes to write ``dying``'s sheet:
    the sheets written before keep the entry, the others lack it, and the intent stays."""
    import pytest

    from assistant.store import spreading

    real = Store.update

    def dies(self, name, change, entry=None):
        if name == sheet_name(dying):
            raise Killed()
        return real(self, name, change, entry)

    Store.update = dies  # type: ignore[method-assign]
    try:
        with pytest.raises(Killed):
            spreading.spread(store, sheet_name(player), recording(line), entry)
    finally:
        Store.update = real  # type: ignore[method-assign]
