"""Where my next Mole is worth most, and where a Bait misleads most (75 Gnom' Street).

A game's points come from Moles on the others' loot, counted at the end
(``pads.gnom_tally``): on a loot cell the stack is read bottom first, the
first Mole scores 5, the second 4, the third 3 (French rules: later ones
nothing); a Bait there is void; a player's second Mole in a stack and a Mole
on its owner's own loot take no place. So the points of my next Mole on a
cell, if that cell is opponent O's loot, follow from the stack already there:
5, 4 or 3 by the players other than me and O whose token lies in it (a
face-down token counts as a Mole: the figure is then a floor), nothing if a
Mole of mine is in it already. The expected points of a cell are those
points times the exact chance that O's loot is there (``advisor.odds``),
summed over the opponents (at most one loot lies on a cell). My own loot is
worth nothing: no opponent's loot lies there, and my Mole on it scores nothing.

A Bait scores only at the bottom of a stack on a cell holding no loot, one
point per opposing Mole stacked on it later. Opponents put Moles where they
believe a loot lies; what they can believe of mine is their map of it
(``mirror``). The model: each opponent takes my loot to be equally likely on
every cell of their map, and the lure of an empty cell is the sum over the
opponents of that belief, times the chance that the cell holds no loot at
all (a Bait on any loot, mine included, is void). A cell with a stack
already lures nothing: a Bait there is not at the bottom.

In the two-player game there is one Mole and no points: finding the loot wins
the set, so the figure is the chance to find it.
"""

from __future__ import annotations

from assistant.engine.cells import Cell, CellSet
from assistant.engine.errors import InputError
from assistant.engine.i18n import _
from assistant.engine.records import NamedTuple
from assistant.engine.sheet import Sheet
from assistant.games.gnom_street import garden, mirror
from assistant.games.gnom_street.tally import MOLE_POINTS, RULES

IN_HAND = "miniature"  # a miniature of mine stands there: a token may go on it now
CARD_SEVEN = "card-7"  # a free cell next to one of my miniatures: Alex (card 7) puts one token there


class MoleCell(NamedTuple):
    cell: Cell
    expected_points: float
    chance: float  # that an opponent's loot lies there
    place: str | None  # IN_HAND, CARD_SEVEN, or None: not reachable this turn


class BaitCell(NamedTuple):
    cell: Cell
    lure: float  # the opponents' belief that my loot is there, summed, times the chance no loot is there
    place: str | None


class Advice(NamedTuple):
    moles: list[MoleCell]  # best first
    baits: list[BaitCell]  # best first; empty in the two-player game
    moles_left: int
    baits_left: int
    two_players: bool
    method: str


def next_mole_points(stack: list[garden.Token], owner: str, later: int = RULES["fr"].later_moles) -> int:
    """What my next Mole on ``stack`` scores if the cell is ``owner``'s loot.

    Rules: "le premier joueur à avoir posé un jeton Taupe sur la case gagne 5 points, le deuxième 4 points
    et le troisième 3 points"; a Bait is void there; only a player's lowest Mole counts; "si un de vos
    jetons Taupe est présent sur votre propre case Butin, il ne vous rapportera rien"."""
    if owner == garden.ME or any(t.owner == garden.ME and t.face == "mole" for t in stack):
        return 0
    before = {t.owner for t in stack if t.owner not in (garden.ME, owner) and t.face != "bait"}
    return MOLE_POINTS[len(before)] if len(before) < len(MOLE_POINTS) else later


def expected_points(sheet: Sheet, chances: dict[str, dict[Cell, float]], stacks: dict[Cell, list[garden.Token]],
                    two_players: bool = False) -> dict[Cell, float]:
    """Every open cell's expected points for my next Mole (two players: the chance it finds the loot)."""
    result = {}
    for cell in sheet.board.open:
        stack = stacks.get(cell, [])
        result[cell] = sum(chance.get(cell, 0.0) * (1 if two_players else next_mole_points(stack, owner))
                           for owner, chance in chances.items())
    return result


def lures(board, maps: dict[str, CellSet], loot_chance: dict[Cell, float], mine: Cell | None,
          stacks: dict[Cell, list]) -> dict[Cell, float]:
    """Every open cell's lure for a Bait: the opponents' belief that my loot is there (uniform over
    each one's map), times the chance that no loot lies there; nothing where a stack stands already."""
    result = {}
    for cell in board.open:
        if stacks.get(cell) or cell == mine:
            result[cell] = 0.0
            continue
        belief = sum(1 / len(cells) for cells in maps.values() if cell in cells)
        result[cell] = belief * max(0.0, 1 - loot_chance.get(cell, 0.0))
    return result


def places(board, game_garden: garden.Garden) -> dict[Cell, str]:
    """Where a token of mine may go now: my miniatures' cells, and (card 7) the free cells next to them."""
    own = [board.parse_cell(cell) for cell in game_garden.miniatures.get(garden.ME, [])]
    taken = {board.parse_cell(cell) for cells in game_garden.miniatures.values() for cell in cells}
    found = {cell: IN_HAND for cell in own}
    for cell in own:
        for near in board.grid.within(cell, 1) & board.open:
            if near not in taken:
                found.setdefault(near, CARD_SEVEN)
    return found


def advise(game) -> Advice:
    """Where my next Mole and my Baits are worth most now, from the exact odds and the opponents' maps."""
    from assistant.engine.advice import odds

    board = game.board
    if not board.per_opponent:
        raise InputError(_("on {board} nobody places Moles: moles is for 75 Gnom' Street").format(board=board.name))
    sheet = game.sheet()
    the_odds = odds(sheet)
    pieces = game.garden()
    stacks = {board.parse_cell(cell): tokens for cell, tokens in pieces.stacks.items()}
    two = len(game.players) == 2
    points = expected_points(sheet, the_odds.items, stacks, two)
    reach = places(board, pieces)
    loot_chance = {cell: sum(chance.get(cell, 0.0) for chance in the_odds.items.values()) for cell in board.open}
    moles = sorted((MoleCell(cell, points[cell], loot_chance[cell], reach.get(cell)) for cell in board.open),
                   key=lambda row: (-round(row.expected_points, 12), row.cell))
    mine_placed = [t for tokens in pieces.stacks.values() for t in tokens if t.owner == garden.ME]
    moles_left = garden.moles_each(len(game.players)) - sum(t.face == "mole" for t in mine_placed)
    baits_left = garden.baits_each(len(game.players)) - sum(t.face == "bait" for t in mine_placed)
    baits = []
    if not two:
        lure = lures(board, mirror.cells(mirror.maps(game)), loot_chance, game.current_mine(), stacks)
        baits = sorted((BaitCell(cell, lure[cell], reach.get(cell)) for cell in board.open),
                       key=lambda row: (-round(row.lure, 12), row.cell))
    return Advice(moles, baits, moles_left, baits_left, two, the_odds.method)
