"""What stands on the garden of 75 Gnom' Street: miniatures, the cat, token stacks, sets.

The garden's game (``GardenGame``) records the pieces as they are placed, so
that the stock limits and placement rules are checked as the game goes, and
the end-of-game tally (``tally``) needs no retyping. I am ``me``;
the others are the game's opponents. My own tokens are known to me; the
others' lie face down, their face (mole or bait) unknown until revealed.

In a two-player game a set ends when a player places their single Mole: on
the other's loot, they win the set; elsewhere the other wins it. First to two
sets wins the match; each set starts a new sheet.
"""

from typing import ClassVar

from assistant.engine.cells import CellSet
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import Form, Option
from assistant.engine.i18n import N_, _, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.registry import ME
from assistant.engine.sheet import Fact, Wording
from assistant.engine.words import Options, key, laptop, shown, whole_number

FACE_WORDS = {"mole": "mole", "taupe": "mole", "bait": "bait", "appat": "bait", "appât": "bait"}


class Token(NamedTuple):
    """A Mole or Bait token in a stack; ``face`` is None while it lies face down, unknown to me."""

    owner: str
    face: str | None


MINIATURES = 3
BAITS = 2


FROM = Option("origin", ("--from", "--depuis", "--de"), "cell", french="--depuis")
NEW_TURN = Option("new_turn", ("--new-turn", "--nouveau-tour"), french="--nouveau-tour")  # a turn the log cannot see
# the Terrain and Action tokens came back, off the log, before this miniature (a new turn, every token free)
TOKENS_BACK = Option("tokens_back", ("--tokens-back", "--jetons-remis"), french="--jetons-remis")
ALEX = Option("alex", ("--alex",))  # card 7: a flag
# the gnome card that moves the cat up to 3 cells
FAR = Option("far", ("--three", "--trois", "--far"), french="--trois")
CAT_STEPS, CAT_STEPS_FAR = 1, 3
BY = Option("by", ("--by", "--par", "-p"), "player", french="--par")
NEXT_MINE = Option("next_mine", ("--next-mine", "--prochain-butin"), "cell", french="--prochain-butin")
REPLACE = Option("replace", ("--replace", "--remplace", "--remplacer"), french="--remplace")  # a loot card misheard
FOUND_WORDS = {"found": True, "trouve": True, "missed": False, "rate": False}


def _exactly(found: Options, count: int, usage: str, optional: int = 0) -> list[str]:
    """The positional words of a piece step, refused unless there are ``count`` (+ ``optional``)."""
    if not count <= len(found.positional) <= count + optional:
        raise InputError(_("write: {usage}").format(usage=_(usage)))
    return found.positional


class _MiniatureEventFields(NamedTuple):
    player: str
    cell: str
    origin: str | None = None  # moved from this cell; None: from the player's supply
    new_turn: bool = False
    tokens_back: bool = False


class MiniatureEvent(_MiniatureEventFields):
    """A miniature placed (or moved, ``origin``); ``new_turn``: it is the first of a turn the log cannot
    tell began (a turn is taken to end when a player places a second miniature); ``tokens_back``: the
    first of a turn the Terrain and Action tokens came back for, off the log (a new turn too)."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("miniature", "statuette"), ("player", "cell"), (FROM, NEW_TURN, TOKENS_BACK),
        N_("miniature PLAYER CELL [--from CELL] [--new-turn] [--tokens-back]"), french="statuette")

    @classmethod
    def from_words(cls, game, found: Options) -> "MiniatureEvent":
        player, cell = _exactly(found, 2, cls.FORM.usage)
        origin = found.last("origin")
        return cls(game.player(player), game.cell_name(cell), game.cell_name(origin) if origin else None,
                   found.flag("new_turn"), found.flag("tokens_back"))

    def words(self, game) -> list[str]:
        return ["miniature", self.player, self.cell, *(["--from", self.origin] if self.origin else []),
                *(["--new-turn"] if self.new_turn else []), *(["--tokens-back"] if self.tokens_back else [])]


class _CatEventFields(NamedTuple):
    cell: str
    far: bool = False  # the gnome card "at the beginning of your turn, move the cat by 3 cells"


class CatEvent(_CatEventFields):
    """The cat placed (anywhere) or moved: one cell, or up to three with the gnome card that says so."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("cat", "chat"), ("cell",), (FAR,), N_("cat CELL [--three]"),
        french="chat")

    @classmethod
    def from_words(cls, game, found: Options) -> "CatEvent":
        (cell,) = _exactly(found, 1, cls.FORM.usage)
        return cls(game.cell_name(cell), found.flag("far"))

    def words(self, game) -> list[str]:
        return ["cat", self.cell, *(["--three"] if self.far else [])]


class _TokenEventFields(NamedTuple):
    player: str
    cell: str
    face: str | None  # mole or bait; None: face down, unknown to me
    alex: bool = False  # card 7: on a free cell next to one of the player's miniatures


class TokenEvent(_TokenEventFields):
    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("token", "jeton"), ("player", "cell", "token"), (ALEX,), N_("token PLAYER CELL [mole|bait] [--alex]"),
        french="jeton")

    @classmethod
    def from_words(cls, game, found: Options) -> "TokenEvent":
        words = _exactly(found, 2, cls.FORM.usage, optional=1)
        who = game.player(words[0])
        face = read_face(words[2]) if len(words) == 3 else None
        if who == ME and face is None:
            raise InputError(_("your own token's face is known to you: say mole or bait"))
        return cls(who, game.cell_name(words[1]), face, found.flag("alex"))

    def words(self, game) -> list[str]:
        return ["token", self.player, self.cell, *([self.face] if self.face else []),
                *(["--alex"] if self.alex else [])]


class _RevealEventFields(NamedTuple):
    cell: str
    position: int  # 1 = the bottom token
    face: str


class RevealEvent(_RevealEventFields):
    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("reveal", "reveler", "retourner"), ("cell", "position", "token"), (), N_("reveal CELL N mole|bait"),
        french="révéler")

    @classmethod
    def from_words(cls, game, found: Options) -> "RevealEvent":
        cell, position, face = _exactly(found, 3, cls.FORM.usage)
        number = whole_number(position, N_("the token's place in the stack, 1 for the bottom"), low=1)
        return cls(game.cell_name(cell), number, read_face(face))

    def words(self, game) -> list[str]:
        return ["reveal", self.cell, str(self.position), self.face]


class _LootEventFields(NamedTuple):
    player: str
    cell: str
    replace: bool = False


class LootEvent(_LootEventFields):
    """An opponent's loot card shown at the end: the sheet then holds that opponent on that cell.

    ``replace``: the card recorded before for this player was misheard; this one stands instead."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("loot", "butin"), ("player", "cell"), (REPLACE,), N_("loot PLAYER CELL [--replace]"),
        french="butin")

    @classmethod
    def from_words(cls, game, found: Options) -> "LootEvent":
        player, cell = _exactly(found, 2, cls.FORM.usage)
        return cls(game.player(player), game.cell_name(cell), found.flag("replace"))

    def words(self, game) -> list[str]:
        return ["loot", self.player, self.cell, *(["--replace"] if self.replace else [])]

    def facts(self, board, number: int) -> list:
        """The card says where the loot is: one fact, as a right accusation would."""
        cell = CellSet.of([board.parse_cell(self.cell)])
        def words():  # -> (relation, label, neither)
            return (_("on {cell}").format(cell=self.cell),
                    _("{player}'s loot card {cell}").format(player=self.player, cell=self.cell), "")

        return [Fact(number, self.player, cell, f"loot {self.cell}", True, Wording(words))]

    def items(self) -> list[str]:
        return [self.player]


class _SetEventFields(NamedTuple):
    cell: str
    found: bool
    by: str
    next_mine: str | None = None


class SetEvent(_SetEventFields):
    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("mole", "taupe"), ("cell", "found"), (BY, NEXT_MINE),
        N_("mole CELL found|missed [--by NAME] [--next-mine CELL]"), french="taupe")

    @classmethod
    def from_words(cls, game, found: Options) -> "SetEvent":
        cell, verdict = _exactly(found, 2, cls.FORM.usage)
        if key(verdict) not in FOUND_WORDS:
            raise InputError(_("did the mole find the loot? write found or missed (got {got})").format(
                got=shown(verdict)))
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


TOKENS_A_TURN = 2  # rules: "poser un ou deux jetons" in a turn
PIECES = (MiniatureEvent, CatEvent, TokenEvent, RevealEvent, LootEvent, SetEvent)


class Garden(NamedTuple):
    """The pieces on the board after replaying the standing entries.

    Turns are not recorded: every player places (or moves) one miniature a turn,
    so a player placing a second one starts the next turn (``MiniatureEvent.new_turn``
    says so when the log cannot see it)."""

    miniatures: dict[str, list[str]]  # player -> cells where their miniatures stand
    cat: str | None
    stacks: dict[str, list[Token]]  # cell -> tokens, bottom first
    loot: dict[str, str]  # revealed loot cells
    sets: list[str]  # each finished set's winner
    turn: int = 1
    placed: tuple[str, ...] = ()  # the players who placed a miniature this turn, in order
    since: dict[str, int] = {}  # cell -> the turn its miniature was placed (or moved) there; never mutated
    laid: dict[str, int] = {}  # player -> tokens laid since their latest miniature (Alex's aside); never mutated

    def standing_on(self, cell: str) -> str | None:
        for player, cells in self.miniatures.items():
            if cell in cells:
                return player
        return None

    def turn_of(self, event: "MiniatureEvent") -> tuple[int, tuple[str, ...]]:
        """The turn ``event`` is placed in, and who placed this turn before it."""
        if event.new_turn or event.tokens_back or event.player in self.placed:
            return self.turn + 1, ()
        return self.turn, self.placed


def new_round(garden: Garden) -> Garden:
    """The garden once a round's fight is recorded: a new turn, nobody has placed or laid anything in it."""
    return garden._replace(turn=garden.turn + 1, placed=(), laid={})


def asked_from(garden: Garden, player: str) -> list[str]:
    """The cells where ``player`` placed (or moved) a miniature this turn and still stands: a question this
    turn is asked from there (rules: "depuis la case où il vient de placer sa statuette"); [] when the log
    has no miniature of theirs for this turn."""
    if player not in garden.placed:
        return []
    return [cell for cell in garden.miniatures.get(player, []) if garden.since.get(cell) == garden.turn]


def moles_each(players: int) -> int:
    # rules: 3 Mole tokens each at 3 players, 4 at 4 players; 1 at 2 players.
    return {2: 1, 3: 3}.get(players, 4)


def baits_each(players: int) -> int:
    return 0 if players == 2 else BAITS


def empty(players: list[str]) -> Garden:
    return Garden({p: [] for p in players}, None, {}, {}, [])


def apply(garden: Garden, event) -> Garden:
    """The garden after one (already checked) event."""
    if not isinstance(event, PIECES):  # a clue, an accusation, an undo: nothing moves (and nothing is copied)
        return garden
    miniatures = {p: list(cells) for p, cells in garden.miniatures.items()}
    stacks = {cell: list(tokens) for cell, tokens in garden.stacks.items()}
    # A log saved by an earlier version may hold a retract its pieces do not allow: it is applied as
    # far as it can be, never an internal error (recording refuses such retracts).
    if isinstance(event, MiniatureEvent):
        since = dict(garden.since)
        if event.origin is not None and event.origin in miniatures[event.player]:
            miniatures[event.player].remove(event.origin)
            since.pop(event.origin, None)
        for cells in miniatures.values():  # rules: a miniature placed on an occupied cell kicks the other out
            if event.cell in cells:
                cells.remove(event.cell)
        miniatures[event.player].append(event.cell)
        turn, placed = garden.turn_of(event)
        since[event.cell] = turn
        laid = {player: count for player, count in garden.laid.items() if player != event.player}  # a new turn
        return garden._replace(miniatures=miniatures, turn=turn, placed=placed + (event.player,), since=since,
                               laid=laid)
    if isinstance(event, CatEvent):
        for cells in miniatures.values():
            if event.cell in cells:
                cells.remove(event.cell)
        return garden._replace(miniatures=miniatures, cat=event.cell)
    if isinstance(event, TokenEvent):
        stacks.setdefault(event.cell, []).append(Token(event.player, event.face))
        laid = garden.laid if event.alex else {**garden.laid, event.player: garden.laid.get(event.player, 0) + 1}
        return garden._replace(stacks=stacks, laid=laid)
    if isinstance(event, RevealEvent):
        stack = stacks.get(event.cell, [])
        if event.position <= len(stack):
            stack[event.position - 1] = stack[event.position - 1]._replace(face=event.face)
        return garden._replace(stacks=stacks)
    if isinstance(event, LootEvent):
        return garden._replace(loot={**garden.loot, event.player: event.cell})
    if isinstance(event, SetEvent):
        winner = event.by if event.found else next(p for p in garden.miniatures if p != event.by)
        return Garden({p: [] for p in garden.miniatures}, None, {}, {}, garden.sets + [winner])
    return garden


def sent_home(garden: Garden, event) -> list[tuple[str, str]]:
    """The miniatures ``event`` sends back to their owners' supply, as (owner, cell): the one standing
    where another miniature is placed (a kick-out), or where the cat is placed or moved."""
    if isinstance(event, MiniatureEvent) and event.cell != event.origin:
        owner = garden.standing_on(event.cell)
        return [(owner, event.cell)] if owner is not None and owner != event.player else []
    if isinstance(event, CatEvent):
        owner = garden.standing_on(event.cell)
        return [(owner, event.cell)] if owner is not None else []
    return []


def told_home(garden: Garden, event, name=str) -> list[str]:
    """Each miniature ``event`` sends home, said for the table: whose, from where, by what."""
    lines = []
    for owner, cell in sent_home(garden, event):
        yours = _yours(owner, name)
        if isinstance(event, CatEvent):
            said = _("the cat sends your miniature on {cell} home: it goes back to your supply") if yours else \
                _("the cat sends {owner}'s miniature on {cell} home: it goes back to {owner}'s supply")
        else:
            said = _("your miniature on {cell} is kicked out: it goes back to your supply") if yours else \
                _("{owner}'s miniature on {cell} is kicked out: it goes back to {owner}'s supply")
        lines.append(said.format(owner=name(owner), cell=cell))
    return lines


def match_winner(garden: Garden) -> str | None:
    for player in garden.miniatures:
        if garden.sets.count(player) >= 2:
            return player
    return None


def over(winner: str, board: str, opponents: list[str], name=str) -> str:
    """The refusal once the match is won, naming the step that starts the next: 'the match is over:
    you won it; start the next with new gnom-street --opponents Matt' (on the phones' page, the laptop's;
    ``name(player)`` for an opponent)."""
    step = _("new {board} --opponents {names}").format(board=board, names=",".join(opponents))
    said = _("the match is over: you won it; start the next with {step}") if winner == ME else \
        _("the match is over: {winner} won it; start the next with {step}")
    return said.format(winner=name(winner), step=laptop(step))


def check(garden: Garden, event, board, players: list[str], mine: str | None, name=str) -> None:
    """Refuse an event the rules forbid, with the reason; the garden is as before it.

    ``name(player)`` is how messages call a player (my own name for ``me``)."""
    count = len(players)
    cell = getattr(event, "cell", None)
    if cell is not None and board.parse_cell(cell) in board.ponds:
        raise InputError(_("{cell} is a pond: no miniature, token or loot goes there").format(cell=cell))
    winner = match_winner(garden)
    if winner is not None:
        # rules (2 players): "Le premier joueur à remporter deux manches remporte la partie !"
        raise AssistantError(over(winner, board.name, [player for player in players if player != ME], name))
    closed(type(event), count)
    if isinstance(event, SetEvent):
        _check_set(garden, event, count, mine, name)
    elif isinstance(event, CatEvent):
        _check_cat(garden, event, board)
    elif isinstance(event, MiniatureEvent):
        here = garden.miniatures[event.player]
        if event.cell == garden.cat:
            # rules: "Aucune statuette ne peut être posée sur la case où se trouve le chat"
            raise InputError(_("the cat is on {cell}: no miniature may be placed on the cat's cell").format(
                cell=event.cell))
        if event.origin is not None:
            if event.origin not in here:
                said = _("you have no miniature on {cell} to move") if event.player == ME else \
                    _("{player} has no miniature on {cell} to move")
                raise InputError(said.format(player=name(event.player), cell=event.origin))
            if len(here) < MINIATURES:
                # rules (EN): "If a player has no Miniatures left in their supply, they must move a
                # Miniature already on the board": only then does one move.
                left = MINIATURES - len(here)
                said = ngettext(
                    "you still have {count} miniature in your supply: place one of those (leave out --from); "
                    "a miniature on the board moves only when the supply is empty",
                    "you still have {count} miniatures in your supply: place one of those (leave out --from); "
                    "a miniature on the board moves only when the supply is empty", left) if event.player == ME \
                    else ngettext(
                        "{player} still has {count} miniature in the supply: place one of those (leave out --from); "
                        "a miniature on the board moves only when the supply is empty",
                        "{player} still has {count} miniatures in the supply: place one of those (leave out --from); "
                        "a miniature on the board moves only when the supply is empty", left)
                raise InputError(said.format(player=name(event.player), count=left))
        elif len(here) >= MINIATURES and event.player == ME:  # said to me: "you"
            raise InputError(ngettext("you have all {count} miniature in the garden already: move one with --from "
                                      "CELL", "you have all {count} miniatures in the garden already: move one "
                                      "with --from CELL", MINIATURES).format(count=MINIATURES))
        elif len(here) >= MINIATURES:
            raise InputError(ngettext("{player} has all {count} miniature in the garden already: move one with --from "
                                      "CELL", "{player} has all {count} miniatures in the garden already: move one "
                                      "with --from CELL", MINIATURES).format(player=name(event.player),
                                                                             count=MINIATURES))
        if event.cell in here and event.cell != event.origin:
            said = _("you already stand on {cell}") if event.player == ME else _("{player} already stands on {cell}")
            raise InputError(said.format(player=name(event.player), cell=event.cell))
        _check_kick_out(garden, event, name)
    elif isinstance(event, TokenEvent):
        _check_token_place(garden, event, board, name)
        if not event.alex and garden.laid.get(event.player, 0) >= TOKENS_A_TURN:
            # rules: "poser un ou deux jetons" in a turn (Alex, card 7, lays one more)
            said = _("you have laid two tokens since your last miniature: a turn lays one or two (rules: \"poser un "
                     "ou deux jetons\"); the next comes after your next miniature, or with --alex (card 7)") \
                if _yours(event.player, name) else \
                _("{player} has laid two tokens since their last miniature: a turn lays one or two (rules: \"poser "
                  "un ou deux jetons\"); the next comes after their next miniature, or with --alex (card 7)")
            raise InputError(said.format(player=name(event.player)))
        _check_stock(garden, event.player, count, adding=True, face=event.face, name=name)
    elif isinstance(event, RevealEvent):
        stack = garden.stacks.get(event.cell, [])
        if not 1 <= event.position <= len(stack):
            if not stack:
                raise InputError(_("there is no token on {cell}").format(cell=event.cell))
            raise InputError(ngettext("{cell} holds {count} token: give a position from 1 (the bottom) to {count}",
                                      "{cell} holds {count} tokens: give a position from 1 (the bottom) to {count}",
                                      len(stack)).format(cell=event.cell, count=len(stack)))
        token = stack[event.position - 1]
        if token.face is not None and token.face != event.face:
            known = _("token {number} on {cell} is known to be a mole") if token.face == "mole" else \
                _("token {number} on {cell} is known to be a bait")
            raise InputError(known.format(number=event.position, cell=event.cell))
        _check_stock(apply(garden, event), token.owner, count, name=name)
    elif isinstance(event, LootEvent):
        if event.player == ME:
            raise InputError(_("your own loot is the game's --mine"))
        taken = {p: c for p, c in garden.loot.items() if p != event.player}
        if mine is not None:
            taken[ME] = mine
        for owner, where in taken.items():
            if where == event.cell:
                said = _("{cell} is your loot: loot cards are distinct") if owner == ME else \
                    _("{cell} is {owner}'s loot: loot cards are distinct")
                raise InputError(said.format(cell=event.cell, owner=name(owner)))


def closed(kind: type, players: int) -> None:
    """Refuse a kind of piece step the game's number of players never takes, whatever its words: a set's
    Mole is the two-player game's, tokens are the larger game's."""
    if kind is SetEvent and players != 2:
        raise InputError(_("sets are for the two-player game; with more players, place tokens with {usage}").format(
            usage=_(TokenEvent.FORM.usage)))
    if kind is TokenEvent and players == 2:
        raise InputError(_("in a two-player game the only token is your Mole: record it with {usage}").format(
            usage=_(SetEvent.FORM.usage)))


def _check_kick_out(garden: Garden, event: MiniatureEvent, name=str) -> None:
    """Only a miniature placed in an earlier turn may be kicked out."""
    owner = garden.standing_on(event.cell)
    if owner is None or owner == event.player:
        return
    turn, unused = garden.turn_of(event)
    if garden.since.get(event.cell) == turn:
        # rules: "déjà occupée par une statuette posée lors d'un tour précédent, le joueur peut l'expulser";
        # EN: "A player cannot kick out a Miniature that was placed earlier in the same turn"
        said = _("your miniature on {cell} was placed this turn: only one placed in an earlier turn may be kicked "
                 "out (a turn ends when a player places a second miniature; if a new turn began that the log did not "
                 "see, add --new-turn)") if _yours(owner, name) else \
            _("{owner}'s miniature on {cell} was placed this turn: only one placed in an earlier turn may be kicked "
              "out (a turn ends when a player places a second miniature; if a new turn began that the log did not "
              "see, add --new-turn)")
        raise InputError(said.format(owner=name(owner), cell=event.cell))


def no_miniature_for_mole(player: str, cell: str, name=str) -> str:
    """The refusal of ``player``'s Mole on ``cell`` while none of their miniatures is in the garden (rules: a Mole
    goes "uniquement sur une case occupée par une de ses statuettes"), with what to type instead."""
    said = _("a Mole goes on a cell holding one of your miniatures, and none of yours is in the garden: "
             "record the miniature first (miniature {player} {cell}, with --new-turn if the log did not "
             "see its turn begin)") if _yours(player, name) else \
        _("a Mole goes on a cell holding one of {player}'s miniatures, and none of theirs is in the garden: "
          "record the miniature first (miniature {player} {cell}, with --new-turn if the log did not see "
          "its turn begin)")
    return said.format(player=name(player), cell=cell)


def _check_set(garden: Garden, event: SetEvent, players: int, mine: str | None, name=str) -> None:
    """A two-player set's Mole: on a miniature of its owner; the other's Mole finds exactly my loot."""
    own = garden.miniatures[event.by]
    # as the three-player token: the Mole's cell holds one of its owner's miniatures, whatever the log tracks
    if event.cell not in own:
        # rules: a Mole goes "uniquement sur une case occupée par une de ses statuettes"
        if not own:
            raise InputError(no_miniature_for_mole(event.by, event.cell, name))
        if _yours(event.by, name):
            said = _("a Mole goes on a cell holding one of your miniatures ({cells}), not on {cell}")
        else:
            said = _("a Mole goes on a cell holding one of {player}'s miniatures ({cells}), not on {cell}")
        raise InputError(said.format(player=name(event.by), cells=", ".join(own), cell=event.cell))
    if event.by != ME and mine is not None and event.found != (event.cell == mine):
        truth = _("your loot is on {mine}: a Mole on {cell} finds it, so write found") if event.cell == mine else \
            _("your loot is on {mine}: a Mole on {cell} misses it, so write missed")
        raise InputError(truth.format(mine=mine, cell=event.cell))


def _check_cat(garden: Garden, event: CatEvent, board) -> None:
    """Placed anywhere the first time; then moved one cell (three with the gnome card that says so)."""
    if garden.cat is None:
        if event.far:
            raise InputError(_("--three moves the cat already in the garden; it is not there yet: leave it out"))
        return
    steps = CAT_STEPS_FAR if event.far else CAT_STEPS
    start, end = board.parse_cell(garden.cat), board.parse_cell(event.cell)
    # rules: "Si le jeton est déjà dans le jardin, le joueur le déplace d'une case" (diagonals count:
    # the rules do not say otherwise, and the area question counts them too)
    if end == start or end not in board.grid.within(start, steps):
        if event.far:
            message = _("the cat is on {cat}: it moves up to 3 cells (diagonals count), not to {cell}")
        else:
            message = _("the cat is on {cat}: it moves one cell (diagonals count), not to {cell}; "
                        "a gnome card moves it up to 3 cells: add --three")
        raise InputError(message.format(cat=garden.cat, cell=event.cell))


def _yours(player: str, name) -> bool:
    """Whether a message says 'your miniatures' of ``player``: me, whatever name the table gave me (a
    message is said to me: never "me's", nor "Léa's" to Léa)."""
    return player == ME


def _check_token_place(garden: Garden, event: TokenEvent, board, name=str) -> None:
    own = garden.miniatures[event.player]
    if event.alex:
        # rules: card 7 lets one token go on a free cell (or the cat's) next to one of your miniatures.
        if garden.standing_on(event.cell) is not None:
            raise InputError(_("with card 7 the token goes on a free cell, and {cell} holds a miniature").format(
                cell=event.cell))
        cell = board.parse_cell(event.cell)
        if not any(cell in board.grid.within(board.parse_cell(c), 1) for c in own):
            said = _("{cell} is not next to any of your miniatures ({cells})") if _yours(event.player, name) else \
                _("{cell} is not next to any of {player}'s miniatures ({cells})")
            raise InputError(said.format(cell=event.cell, player=name(event.player),
                                         cells=", ".join(own) or _("none in the garden")))
    elif event.cell not in own:
        said = _("a token goes on a cell holding one of your miniatures ({cells}); with card 7 add --alex") \
            if _yours(event.player, name) else \
            _("a token goes on a cell holding one of {player}'s miniatures ({cells}); with card 7 add --alex")
        raise InputError(said.format(player=name(event.player), cells=", ".join(own) or _("none in the garden")))


def _check_stock(garden: Garden, player: str, players: int, adding: bool = False, face: str | None = None,
                 name=str) -> None:
    """The player's tokens (with one more being placed, if ``adding``) within their stock."""
    tokens = [t for stack in garden.stacks.values() for t in stack if t.owner == player]
    if adding:
        tokens.append(Token(player, face))
    moles = sum(t.face == "mole" for t in tokens)
    baits = sum(t.face == "bait" for t in tokens)
    limit_moles, limit_baits = moles_each(players), baits_each(players)
    mine = player == ME  # said to me: 'you have'
    if moles > limit_moles:
        said = ngettext("you have only {moles} Mole token at {players} players",
                        "you have only {moles} Mole tokens at {players} players", limit_moles) if mine else \
            ngettext("{player} has only {moles} Mole token at {players} players",
                     "{player} has only {moles} Mole tokens at {players} players", limit_moles)
        raise InputError(said.format(player=name(player), moles=limit_moles, players=players))
    if baits > limit_baits:
        said = ngettext("you have only {baits} Bait token", "you have only {baits} Bait tokens", limit_baits) \
            if mine else ngettext("{player} has only {baits} Bait token", "{player} has only {baits} Bait tokens",
                                  limit_baits)
        raise InputError(said.format(player=name(player), baits=limit_baits))
    if len(tokens) > limit_moles + limit_baits:
        said = _("you have no token left ({moles} Moles and {baits} Baits in all)") if mine else \
            _("{player} has no token left ({moles} Moles and {baits} Baits in all)")
        raise InputError(said.format(player=name(player), moles=limit_moles, baits=limit_baits))


def read_face(text: str) -> str:
    found = FACE_WORDS.get(key(text)) or FACE_WORDS.get(str(text).lower())
    if found is None:
        raise InputError(_("unknown token {token}: write mole or bait (also taupe, appât)").format(token=shown(text)))
    return found
