"""What stands on the garden of 75 Gnom' Street: miniatures, the cat, token stacks, sets.

The deduction game's log can also record the pieces as they are placed, so
that the stock limits and placement rules are checked as the game goes, and
the end-of-game tally (``pads.gnom_tally``) needs no retyping. I am ``me``;
the others are the game's opponents. My own tokens are known to me; the
others' lie face down, their face (mole or bait) unknown until revealed.

In a two-player game a set ends when a player places their single Mole: on
the other's loot, they win the set; elsewhere the other wins it. First to two
sets wins the match; each set starts a new sheet.
"""

from typing import NamedTuple

from .errors import AssistantError, InputError
from .grammar import Form, Option
from .words import Options, key, shown, whole_number

FACE_WORDS = {"mole": "mole", "taupe": "mole", "bait": "bait", "appat": "bait", "appât": "bait"}


class Token(NamedTuple):
    """A Mole or Bait token in a stack; ``face`` is None while it lies face down, unknown to me."""

    owner: str
    face: str | None


ME = "me"
ME_WORDS = ("me", "moi", "i", "je", "mine")
MINIATURES = 3
BAITS = 2


FROM = Option("origin", ("--from", "--depuis", "--de"), "cell")
ALEX = Option("alex", ("--alex",))  # card 7: a flag
FAR = Option("far", ("--three", "--trois", "--far"))  # the gnome card that moves the cat up to 3 cells
CAT_STEPS, CAT_STEPS_FAR = 1, 3
BY = Option("by", ("--by", "--par"), "player")
NEXT_MINE = Option("next_mine", ("--next-mine", "--prochain-butin"), "cell")
FOUND_WORDS = {"found": True, "trouve": True, "missed": False, "rate": False}


def _exactly(found: Options, count: int, usage: str, optional: int = 0) -> list[str]:
    """The positional words of a piece step, refused unless there are ``count`` (+ ``optional``)."""
    if not count <= len(found.positional) <= count + optional:
        raise InputError(f"write: {usage}")
    return found.positional


class MiniatureEvent(NamedTuple):
    player: str
    cell: str
    origin: str | None = None  # moved from this cell; None: from the player's supply

    FORM = Form(("miniature", "statuette"), ("player", "cell"), (FROM,), "miniature PLAYER CELL [--from CELL]")

    @classmethod
    def from_words(cls, game, found: Options) -> "MiniatureEvent":
        player, cell = _exactly(found, 2, cls.FORM.usage)
        origin = found.last("origin")
        return cls(game.player(player), game.cell_name(cell), game.cell_name(origin) if origin else None)

    def words(self, game) -> list[str]:
        return ["miniature", self.player, self.cell, *(["--from", self.origin] if self.origin else [])]


class CatEvent(NamedTuple):
    """The cat placed (anywhere) or moved: one cell, or up to three with the gnome card that says so."""

    cell: str
    far: bool = False  # the gnome card "at the beginning of your turn, move the cat by 3 cells"

    FORM = Form(("cat", "chat"), ("cell",), (FAR,), "cat CELL [--three]")

    @classmethod
    def from_words(cls, game, found: Options) -> "CatEvent":
        (cell,) = _exactly(found, 1, cls.FORM.usage)
        return cls(game.cell_name(cell), found.flag("far"))

    def words(self, game) -> list[str]:
        return ["cat", self.cell, *(["--three"] if self.far else [])]


class TokenEvent(NamedTuple):
    player: str
    cell: str
    face: str | None  # mole or bait; None: face down, unknown to me
    alex: bool = False  # card 7: on a free cell next to one of the player's miniatures

    FORM = Form(("token", "jeton"), ("player", "cell", "token"), (ALEX,), "token PLAYER CELL [mole|bait] [--alex]")

    @classmethod
    def from_words(cls, game, found: Options) -> "TokenEvent":
        words = _exactly(found, 2, cls.FORM.usage, optional=1)
        who = game.player(words[0])
        face = read_face(words[2]) if len(words) == 3 else None
        if who == ME and face is None:
            raise InputError("your own token's face is known to you: say mole or bait")
        return cls(who, game.cell_name(words[1]), face, found.flag("alex"))

    def words(self, game) -> list[str]:
        return ["token", self.player, self.cell, *([self.face] if self.face else []), *(["--alex"] if self.alex else [])]


class RevealEvent(NamedTuple):
    cell: str
    position: int  # 1 = the bottom token
    face: str

    FORM = Form(("reveal", "reveler", "retourner"), ("cell", "position", "token"), (), "reveal CELL N mole|bait")

    @classmethod
    def from_words(cls, game, found: Options) -> "RevealEvent":
        cell, position, face = _exactly(found, 3, cls.FORM.usage)
        number = whole_number(position, "the token's place in the stack, 1 for the bottom", low=1)
        return cls(game.cell_name(cell), number, read_face(face))

    def words(self, game) -> list[str]:
        return ["reveal", self.cell, str(self.position), self.face]


class LootEvent(NamedTuple):
    player: str
    cell: str

    FORM = Form(("loot", "butin"), ("player", "cell"), (), "loot PLAYER CELL")

    @classmethod
    def from_words(cls, game, found: Options) -> "LootEvent":
        player, cell = _exactly(found, 2, cls.FORM.usage)
        return cls(game.player(player), game.cell_name(cell))

    def words(self, game) -> list[str]:
        return ["loot", self.player, self.cell]


class SetEvent(NamedTuple):
    cell: str
    found: bool
    by: str
    next_mine: str | None = None

    FORM = Form(("mole", "taupe"), ("cell", "found"), (BY, NEXT_MINE), "mole CELL found|missed [--by NAME] [--next-mine CELL]")

    @classmethod
    def from_words(cls, game, found: Options) -> "SetEvent":
        cell, verdict = _exactly(found, 2, cls.FORM.usage)
        if key(verdict) not in FOUND_WORDS:
            raise InputError(f"did the mole find the loot? write found or missed (got {shown(verdict)})")
        by = found.last("by")
        next_mine = found.last("next_mine")
        return cls(game.cell_name(cell), FOUND_WORDS[key(verdict)], game.player(by) if by else ME,
                   game.cell_name(next_mine) if next_mine else None)

    def words(self, game) -> list[str]:
        words = ["mole", self.cell, "found" if self.found else "missed"]
        if self.by != ME:
            words += ["--by", self.by]
        if self.next_mine:
            words += ["--next-mine", self.next_mine]
        return words


PIECES = (MiniatureEvent, CatEvent, TokenEvent, RevealEvent, LootEvent, SetEvent)


class Garden(NamedTuple):
    """The pieces on the board after replaying the standing entries."""

    miniatures: dict[str, list[str]]  # player -> cells where their miniatures stand
    cat: str | None
    stacks: dict[str, list[Token]]  # cell -> tokens, bottom first
    loot: dict[str, str]  # revealed loot cells
    sets: list[str]  # each finished set's winner

    def standing_on(self, cell: str) -> str | None:
        for player, cells in self.miniatures.items():
            if cell in cells:
                return player
        return None


def moles_each(players: int) -> int:
    # rules: 3 Mole tokens each at 3 players, 4 at 4 players; 1 at 2 players.
    return {2: 1, 3: 3}.get(players, 4)


def baits_each(players: int) -> int:
    return 0 if players == 2 else BAITS


def empty(players: list[str]) -> Garden:
    return Garden({p: [] for p in players}, None, {}, {}, [])


def apply(garden: Garden, event) -> Garden:
    """The garden after one (already checked) event."""
    miniatures = {p: list(cells) for p, cells in garden.miniatures.items()}
    stacks = {cell: list(tokens) for cell, tokens in garden.stacks.items()}
    if isinstance(event, MiniatureEvent):
        if event.origin is not None:
            miniatures[event.player].remove(event.origin)
        for cells in miniatures.values():  # rules: a miniature placed on an occupied cell kicks the other out
            if event.cell in cells:
                cells.remove(event.cell)
        miniatures[event.player].append(event.cell)
        return garden._replace(miniatures=miniatures)
    if isinstance(event, CatEvent):
        for cells in miniatures.values():
            if event.cell in cells:
                cells.remove(event.cell)
        return garden._replace(miniatures=miniatures, cat=event.cell)
    if isinstance(event, TokenEvent):
        stacks.setdefault(event.cell, []).append(Token(event.player, event.face))
        return garden._replace(stacks=stacks)
    if isinstance(event, RevealEvent):
        stack = stacks[event.cell]
        stack[event.position - 1] = stack[event.position - 1]._replace(face=event.face)
        return garden._replace(stacks=stacks)
    if isinstance(event, LootEvent):
        return garden._replace(loot={**garden.loot, event.player: event.cell})
    if isinstance(event, SetEvent):
        winner = event.by if event.found else next(p for p in garden.miniatures if p != event.by)
        return Garden({p: [] for p in garden.miniatures}, None, {}, {}, garden.sets + [winner])
    return garden


def match_winner(garden: Garden) -> str | None:
    for player in garden.miniatures:
        if garden.sets.count(player) >= 2:
            return player
    return None


def check(garden: Garden, event, board, players: list[str], mine: str | None, name=str) -> None:
    """Refuse an event the rules forbid, with the reason; the garden is as before it.

    ``name(player)`` is how messages call a player (my own name for ``me``)."""
    count = len(players)
    cell = getattr(event, "cell", None)
    if cell is not None and board.parse_cell(cell) in board.ponds:
        raise InputError(f"{cell} is a pond: no miniature, token or loot goes there")
    winner = match_winner(garden)
    if winner is not None:
        # rules (2 players): "Le premier joueur à remporter deux manches remporte la partie !"
        raise AssistantError(f"the match is over: {winner} won it; start a new game")
    if isinstance(event, SetEvent):
        _check_set(garden, event, count, mine, name)
    elif isinstance(event, CatEvent):
        _check_cat(garden, event, board)
    elif isinstance(event, MiniatureEvent):
        here = garden.miniatures[event.player]
        if event.cell == garden.cat:
            # rules: "Aucune statuette ne peut être posée sur la case où se trouve le chat"
            raise InputError(f"the cat is on {event.cell}: no miniature may be placed on the cat's cell")
        if event.origin is not None:
            if event.origin not in here:
                raise InputError(f"{name(event.player)} has no miniature on {event.origin} to move")
            if len(here) < MINIATURES:
                # rules (EN): "If a player has no Miniatures left in their supply, they must move a
                # Miniature already on the board": only then does one move.
                left = MINIATURES - len(here)
                raise InputError(f"{name(event.player)} still has {left} miniature{'s' if left > 1 else ''} in the "
                                 f"supply: place one of those (leave out --from); a miniature on the board "
                                 f"moves only when the supply is empty")
        elif len(here) >= MINIATURES:
            raise InputError(f"{name(event.player)} has all {MINIATURES} miniatures in the garden already: "
                             f"move one with --from CELL")
        if event.cell in here and event.cell != event.origin:
            raise InputError(f"{name(event.player)} already stands on {event.cell}")
    elif isinstance(event, TokenEvent):
        if count == 2:
            raise InputError("in a two-player game the only token is your Mole: record it with assistant mole CELL found|missed")
        _check_token_place(garden, event, board, name)
        _check_stock(garden, event.player, count, adding=True, face=event.face, name=name)
    elif isinstance(event, RevealEvent):
        stack = garden.stacks.get(event.cell, [])
        if not 1 <= event.position <= len(stack):
            raise InputError(f"{event.cell} holds {len(stack)} token{'s' if len(stack) != 1 else ''}: "
                             f"give a position from 1 (the bottom) to {len(stack)}" if stack else
                             f"there is no token on {event.cell}")
        token = stack[event.position - 1]
        if token.face is not None and token.face != event.face:
            raise InputError(f"token {event.position} on {event.cell} is known to be a {token.face}")
        _check_stock(apply(garden, event), token.owner, count, name=name)
    elif isinstance(event, LootEvent):
        if event.player == ME:
            raise InputError("your own loot is the game's --mine")
        taken = {p: c for p, c in garden.loot.items() if p != event.player}
        if mine is not None:
            taken[ME] = mine
        for owner, where in taken.items():
            if where == event.cell:
                raise InputError(f"{event.cell} is {owner}'s loot: loot cards are distinct")


def _check_set(garden: Garden, event: SetEvent, players: int, mine: str | None, name=str) -> None:
    """A two-player set's Mole: on a miniature of its owner; the other's Mole finds exactly my loot."""
    if players != 2:
        raise InputError("sets are for the two-player game; with more players, place tokens with assistant token")
    own = garden.miniatures[event.by]
    if own and event.cell not in own:
        # rules: a Mole goes "uniquement sur une case occupée par une de ses statuettes"
        raise InputError(f"a Mole goes on a cell holding one of {name(event.by)}'s miniatures ({', '.join(own)}), "
                         f"not on {event.cell}")
    if event.by != ME and mine is not None and event.found != (event.cell == mine):
        truth = "finds it" if event.cell == mine else "misses it"
        raise InputError(f"your loot is on {mine}: a Mole on {event.cell} {truth}, so write "
                         f"{'found' if event.cell == mine else 'missed'}")


def _check_cat(garden: Garden, event: CatEvent, board) -> None:
    """Placed anywhere the first time; then moved one cell (three with the gnome card that says so)."""
    if garden.cat is None:
        if event.far:
            raise InputError("--three moves the cat already in the garden; it is not there yet: leave it out")
        return
    steps = CAT_STEPS_FAR if event.far else CAT_STEPS
    start, end = board.parse_cell(garden.cat), board.parse_cell(event.cell)
    # rules: "Si le jeton est déjà dans le jardin, le joueur le déplace d'une case" (diagonals count:
    # the rules do not say otherwise, and the area question counts them too)
    if end == start or end not in board.grid.within(start, steps):
        hint = "" if event.far else "; a gnome card moves it up to 3 cells: add --three"
        raise InputError(f"the cat is on {garden.cat}: it moves {'up to 3 cells' if event.far else 'one cell'} "
                         f"(diagonals count), not to {event.cell}{hint}")


def _check_token_place(garden: Garden, event: TokenEvent, board, name=str) -> None:
    own = garden.miniatures[event.player]
    if event.alex:
        # rules: card 7 lets one token go on a free cell (or the cat's) next to one of your miniatures.
        if garden.standing_on(event.cell) is not None:
            raise InputError(f"with card 7 the token goes on a free cell, and {event.cell} holds a miniature")
        cell = board.parse_cell(event.cell)
        if not any(cell in board.grid.within(board.parse_cell(c), 1) for c in own):
            raise InputError(f"{event.cell} is not next to any of {name(event.player)}'s miniatures "
                             f"({', '.join(own) or 'none in the garden'})")
    elif event.cell not in own:
        raise InputError(f"a token goes on a cell holding one of {name(event.player)}'s miniatures "
                         f"({', '.join(own) or 'none in the garden'}); with card 7 add --alex")


def _check_stock(garden: Garden, player: str, players: int, adding: bool = False, face: str | None = None,
                 name=str) -> None:
    """The player's tokens (with one more being placed, if ``adding``) within their stock."""
    tokens = [t for stack in garden.stacks.values() for t in stack if t.owner == player]
    if adding:
        tokens.append(Token(player, face))
    moles = sum(t.face == "mole" for t in tokens)
    baits = sum(t.face == "bait" for t in tokens)
    limit_moles, limit_baits = moles_each(players), baits_each(players)
    if moles > limit_moles:
        raise InputError(f"{name(player)} has only {limit_moles} Mole tokens at {players} players")
    if baits > limit_baits:
        raise InputError(f"{name(player)} has only {limit_baits} Bait tokens")
    if len(tokens) > limit_moles + limit_baits:
        raise InputError(f"{name(player)} has no token left ({limit_moles} Moles and {limit_baits} Baits in all)")


def read_face(text: str) -> str:
    found = FACE_WORDS.get(key(text)) or FACE_WORDS.get(str(text).lower())
    if found is None:
        raise InputError(f"unknown token {shown(text)}: write mole or bait (also taupe, appât)")
    return found
