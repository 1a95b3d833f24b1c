"""75 Gnom' Street: the end-of-game tally of miniatures, loot stacks and baits.

The rules' victory points, in the order players count them:

* miniatures: 3, 2 or 1 points for 3, 2 or 1 miniatures in the garden, -1 for none;
* loot cells: each stack is revealed bottom first. A player's second Mole in a
  stack is removed first (only the lowest counts), and so is a Mole on its
  owner's own loot (it scores nothing, and we let it take no place: a choice,
  the rules are silent). Then the first Mole scores 5, the second 4, the third
  3; a Bait there scores nothing. The English rules give 3 to any later Mole,
  the French stop at the third: ``later_moles`` (default 3; it only matters
  past three opponents' Moles);
* every other stack: only a Bait at the very bottom scores, one point per Mole
  in the stack. The French rules count the opposing Moles, the English "the
  Mole tokens stacked on it": ``bait_counts`` is ``opposing`` (default) or ``all``.

A tie is announced as a tie, to be settled by a gnome throw.
"""

from __future__ import annotations

from typing import NamedTuple

from ..errors import DataError, InputError
from ..garden import KIND_WORDS, Token

MOLE_POINTS = (5, 4, 3)


class Settings(NamedTuple):
    later_moles: int = 3
    bait_counts: str = "opposing"  # or 'all'


class Line(NamedTuple):
    player: str
    miniatures: int
    loot: int
    baits: int

    @property
    def total(self) -> int:
        return self.miniatures + self.loot + self.baits


class Tally(NamedTuple):
    lines: tuple[Line, ...]
    notes: tuple[str, ...]  # how each stack was counted, for the table and the tests

    @property
    def leaders(self) -> list[str]:
        best = max(line.total for line in self.lines)
        return [line.player for line in self.lines if line.total == best]

    def verdict(self) -> str:
        leaders = self.leaders
        best = max(line.total for line in self.lines)
        if len(leaders) == 1:
            return f"{leaders[0]} wins with {best} points and becomes the boss of 75 Gnom' Street"
        return f"tie between {' and '.join(leaders)} at {best}: settle it by a gnome throw (best of three)"


def whose(player: str) -> str:
    return "my" if player == "me" else f"{player}'s"


def miniature_points(count: int) -> int:
    # rules: 3, 2 or 1 points for 3, 2 or 1 miniatures in the garden; -1 for none.
    return count if count > 0 else -1


def tally(players: list[str], miniatures: dict[str, int], loot: dict[str, str],
          stacks: dict[str, list[Token]], settings: Settings = Settings()) -> Tally:
    """Score the end of a game. ``stacks`` maps a cell to its tokens, bottom first."""
    loot_points = {p: 0 for p in players}
    bait_points = {p: 0 for p in players}
    notes = []
    owner_of = {cell: player for player, cell in loot.items()}
    for cell in sorted(stacks):
        tokens = stacks[cell]
        if any(token.kind is None for token in tokens):
            raise InputError(f"{cell} still has face-down tokens: reveal them before the tally")
        if not tokens:
            continue
        owner = owner_of.get(cell)
        if owner is not None:
            counted, seen = [], set()
            for token in tokens:
                if token.kind != "mole":
                    continue  # rules: a Bait on a loot cell scores nothing
                if token.owner == owner:
                    notes.append(f"{cell} ({whose(owner)} loot): {whose(owner)} own mole scores nothing")
                    continue
                if token.owner in seen:
                    notes.append(f"{cell} ({whose(owner)} loot): {whose(token.owner)} second mole is removed")
                    continue
                seen.add(token.owner)
                counted.append(token.owner)
            for place, player in enumerate(counted):
                points = MOLE_POINTS[place] if place < len(MOLE_POINTS) else settings.later_moles
                loot_points[player] += points
                notes.append(f"{cell} ({whose(owner)} loot): {whose(player)} mole, number {place + 1}: {points}")
        else:
            bottom = tokens[0]
            if bottom.kind == "bait":
                moles = [t for t in tokens[1:] if t.kind == "mole"
                         and (settings.bait_counts == "all" or t.owner != bottom.owner)]
                bait_points[bottom.owner] += len(moles)
                notes.append(f"{cell}: {whose(bottom.owner)} bait at the bottom catches {len(moles)} mole"
                             f"{'s' if len(moles) != 1 else ''}: {len(moles)}")
    lines = tuple(Line(p, miniature_points(miniatures.get(p, 0)), loot_points[p], bait_points[p]) for p in players)
    return Tally(lines, tuple(notes))


def read_description(data: object, source: str, cell_name) -> tuple[list[str], dict, dict, dict, Settings]:
    """Read a tally file (players, miniatures, loot, stacks, settings); DataError lists every problem.

    ``cell_name`` checks and normalises a cell ('c3' -> 'C3') against the garden.
    """
    problems: list[str] = []
    if not isinstance(data, dict):
        raise DataError(f"{source}: expected a mapping with players, miniatures, loot, stacks")
    known = {"players", "miniatures", "loot", "stacks", "settings"}
    problems += [f"{source}: {k}: unknown key (expected one of {', '.join(sorted(known))})"
                 for k in sorted(set(map(str, data)) - known)]
    players = data.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        raise DataError(problems + [f"{source}: players: expected a list of names"])

    def player(name, path):
        if name not in players:
            problems.append(f"{source}: {path}: unknown player {name!r} (players: {', '.join(players)})")
            return None
        return name

    def cell(text, path):
        try:
            return cell_name(str(text))
        except InputError as error:
            problems.append(f"{source}: {path}: {error}")
            return None

    miniatures = {}
    for name, count in (data.get("miniatures") or {}).items():
        if not player(name, f"miniatures.{name}"):
            continue
        if isinstance(count, bool) or count not in (0, 1, 2, 3):
            problems.append(f"{source}: miniatures.{name}: expected 0 to 3 (got {count!r})")
            continue
        miniatures[name] = count
    loot = {}
    for name, text in (data.get("loot") or {}).items():
        if player(name, f"loot.{name}"):
            found = cell(text, f"loot.{name}")
            if found in loot.values():
                problems.append(f"{source}: loot.{name}: {found} is someone else's loot already")
            loot[name] = found
    stacks: dict[str, list[Token]] = {}
    raw_stacks = data.get("stacks") or {}
    if not isinstance(raw_stacks, dict):
        problems.append(f"{source}: stacks: expected a mapping of cell -> tokens, bottom first")
        raw_stacks = {}
    for text, tokens in raw_stacks.items():
        found = cell(text, f"stacks.{text}")
        if not isinstance(tokens, list):
            problems.append(f"{source}: stacks.{text}: expected a list like [Ana mole, Ben bait], bottom first")
            continue
        stack = []
        for position, token in enumerate(tokens):
            words = str(token).split()
            path = f"stacks.{text}[{position}]"
            if len(words) != 2 or words[1].lower() not in KIND_WORDS:
                problems.append(f"{source}: {path}: expected 'PLAYER mole' or 'PLAYER bait' (got {token!r})")
                continue
            if player(words[0], path):
                stack.append(Token(words[0], KIND_WORDS[words[1].lower()]))
        if found:
            stacks[found] = stack
    raw_settings = data.get("settings") or {}
    settings = Settings()
    if isinstance(raw_settings, dict):
        later = raw_settings.get("later_moles", 3)
        counts = raw_settings.get("bait_counts", "opposing")
        if isinstance(later, bool) or not isinstance(later, int):
            problems.append(f"{source}: settings.later_moles: expected a whole number (got {later!r})")
        if counts not in ("opposing", "all"):
            problems.append(f"{source}: settings.bait_counts: expected opposing or all (got {counts!r})")
        settings = Settings(later if isinstance(later, int) else 3, counts if counts in ("opposing", "all") else "opposing")
    if problems:
        raise DataError(problems)
    return players, miniatures, loot, stacks, settings
