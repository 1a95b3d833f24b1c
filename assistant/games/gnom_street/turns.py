"""The garden's round as its rules play it: the gnome cards each gang plays, the turns, the Terrain and Action
tokens.

Each gang holds eight gnome cards, 1 to 8; a card played in a fight is discarded ("les cartes engagées
sont défaussées"), and so is the card a player gives up to lay tokens at three or four players. Nobody
takes a card back until a player's hand is empty: at three or four players the cards then come back for
the last turn ("pour jouer un ultime tour. Une fois ce dernier tour terminé, la partie prend fin"), and a
game lasts nine turns at most; at two players they come back every time a hand is empty, and at each new
set. ``fight ... --cards-back`` says the cards came back when the log could not see it (cards discarded
off the log).

In a turn each player takes one Terrain token and one Action token ("Le joueur choisit un jeton Terrain et
un jeton Action parmi les jetons disponibles"). The miniature goes on a cell of the terrain taken ("sur une
case correspondant au jeton Terrain qu'il vient de prendre"): the cell's terrain, read from the board, is
the Terrain token its player took, and a board that gives a cell no terrain says nothing of it. Then comes
at most the question or the cat move the Action token allows ("Après avoir posé sa statuette, le joueur
questionne un adversaire s'il a pris un jeton Action Interrogatoire"). Each token (four terrains; area,
line of sight, flower, the cat) goes to one player; the tokens come back at the end of every turn at three
or four players ("Lorsque tous les joueurs ont fini leurs actions"), and only once all are used at two
("une fois la totalité des jetons utilisée").

The log follows the turns from its first miniature: from then on a question or a cat move comes after its
player's miniature of the turn. A log that records no miniature is a deduction sheet, and no turn of it is
checked. What the log did not see is said, never guessed: a turn that began unseen, ``miniature PLAYER
CELL --new-turn``; tokens that came back unseen, ``--tokens-back``; a round, ``fight``.
"""

from assistant.engine.errors import InputError
from assistant.engine.i18n import N_, _
from assistant.engine.records import NamedTuple
from assistant.engine.words import join_names, laptop
from assistant.games.gnom_street import garden

CARDS = 8  # each gang's gnome cards, valued 1 to 8
TURNS = 9  # rules: "Une partie se joue en neuf tours maximum"
CAT = "cat"
ACTION_TOKENS = ("area", "line-of-sight", "flower", CAT)
TERRAIN = "terrain"  # the board's attribute the Terrain tokens name (rules: herbe, bois, gravier, terre)
TERRAIN_TOKENS = 4  # rules: "4 jetons Terrain"
TOKEN_WORDS = {"area": N_("Area"), "line-of-sight": N_("Line of Sight"), "flower": N_("Flower"), CAT: N_("Cat")}
NEW_TURN_HINT = N_("if a new turn began that the log did not see, record its miniature with --new-turn "
                   "(miniature {player} CELL --new-turn)")
# a question refused once the asker's miniature is recorded: that miniature is the one to record again, as the
# first of a new turn (3 or 4 players) or with the tokens back (2); said to me, and of another player
AGAIN_HINTS = {
    ("new_turn", True): N_("if a new turn began that the log did not see, take your miniature back (retract "
                           "{number}) and record it again with --new-turn (miniature {player} {cell} --new-turn)"),
    ("new_turn", False): N_("if a new turn began that the log did not see, take {player}'s miniature back (retract "
                            "{number}) and record it again with --new-turn (miniature {player} {cell} --new-turn)"),
    ("tokens_back", True): N_("if the tokens came back off the log, take your miniature back (retract {number}) and "
                              "record it again with --tokens-back (miniature {player} {cell} --tokens-back)"),
    ("tokens_back", False): N_("if the tokens came back off the log, take {player}'s miniature back (retract "
                               "{number}) and record it again with --tokens-back (miniature {player} {cell} "
                               "--tokens-back)")}
BACK_AT_TWO = N_("at two players the tokens come back once all are used (rules: \"une fois la totalité des jetons "
                 "utilisée\")")


class Round(NamedTuple):
    """What the log knows of the round: the cards played, the fights, this turn's tokens."""

    played: dict[str, tuple[int, ...]] = {}  # player -> the values fought since the cards came back
    discarded: dict[str, int] = {}  # player -> the cards given up to lay tokens since then (values unseen)
    fights: int = 0  # fights recorded in this game (this set, at two players)
    last: bool = False  # the last turn's fight is recorded ("ultime tour")
    turn: int = 0  # the garden's turn ``acted`` belongs to
    acted: dict[str, str] = {}  # player -> the Action token they used this turn
    tokens: dict[str, str] = {}  # Action token -> the player who used it since the tokens came back
    cycle: int = 0  # the garden's turn when the tokens came back
    asked: dict[str, object] = {}  # player -> their question this turn (typed twice, it is the same question)
    terrains: dict[str, str] = {}  # terrain -> the player whose miniature took its token since the tokens came back
    placed_at: dict[str, int] = {}  # player -> the entry number of their miniature this turn
    seen: bool = False  # a miniature is recorded: the log follows the turns from then on


def in_hand(round_: Round, player: str) -> int:
    """The cards ``player`` still holds, as far as the log knows."""
    return max(0, CARDS - len(round_.played.get(player, ())) - round_.discarded.get(player, 0))


def empty_hand(round_: Round, players) -> str | None:
    """A player whose hand is empty, if any: then the cards come back."""
    return next((player for player in players if in_hand(round_, player) == 0), None)


def question_of(event) -> tuple[str, str] | None:
    """(asker, Action token) of a question recorded (a clue I or another player asked, a question put to
    me); None for any other step."""
    clue = getattr(event, "clue", None)
    if clue is None or not clue.spec.question or not hasattr(event, "by"):
        return None
    return event.by or garden.ME, clue.kind


def terrain_of(board, cell: str) -> str | None:
    """The terrain of ``cell`` on ``board``: the Terrain token a miniature placed there took; None when the
    board gives it none (a pond, a board without terrains)."""
    if board is None or not board.has_attribute(TERRAIN):
        return None
    values = board.values_at(board.parse_cell(cell), TERRAIN)
    return values[0] if values else None


def taken_now(round_: Round, pieces: garden.Garden, count: int) -> tuple[dict[str, str], dict[str, str]]:
    """The Action tokens and the Terrain tokens taken since they came back, each with its player, as the
    garden's turn now stands (the tokens a player about to act this turn cannot take)."""
    return _in_use(round_, pieces.turn, count)


def check(round_: Round, pieces: garden.Garden, event, players: list[str], name=str, board=None) -> None:
    """Refuse a step the round forbids now, saying the rule and what to type instead. ``board``: where a
    miniature's terrain is read (None: nothing is said of the Terrain tokens)."""
    from assistant.games.gnom_street import fight

    if isinstance(event, fight.FightEvent):
        _check_fight(round_, event, players, name)
        return
    if isinstance(event, garden.MiniatureEvent):
        _check_terrain(round_, pieces, event, len(players), name, board)
        return
    if isinstance(event, garden.CatEvent):
        if event.far:  # the gnome card's move is a power, at the beginning of a turn: no Action token
            return
        if not pieces.placed:
            if round_.seen:
                raise InputError(cat_first())
            return  # no turn known: nothing to check
        _check_action(round_, pieces, pieces.placed[-1], CAT, len(players), name)
        return
    asked = question_of(event)
    if asked is None:
        return
    asker, token = asked
    if round_.turn == pieces.turn and round_.asked.get(asker) == event:
        return  # the same question typed again: recorded, said to add nothing
    check_question(round_, pieces, asker, token, players, name, event.clue.args[0])


def check_question(round_: Round, pieces: garden.Garden, asker: str, token: str, players: list[str], name=str,
                   cell: str | None = None) -> None:
    """Refuse a question ``asker`` would ask with Action token ``token`` now (the same one typed again aside):
    before their miniature of the turn, a second Action this turn, or a token another player holds. Said as
    soon as the question's kind is typed, so that completion offers only what recording takes. ``cell``:
    where it is asked from, when typed (the miniature to record first goes there)."""
    if asker not in pieces.placed:
        if round_.seen:
            raise InputError(miniature_first(pieces, asker, cell, name))
        return  # the log records no miniature: it does not know the turns
    _check_action(round_, pieces, asker, token, len(players), name)


def miniature_first(pieces: garden.Garden, player: str, cell: str | None, name=str) -> str:
    """The refusal of ``player``'s question before their miniature of the turn, with the miniature to record
    first: on the cell the question is asked from (moved from another, once their supply is empty)."""
    moved = len(pieces.miniatures.get(player, ())) >= garden.MINIATURES  # "il déplacera une de ses statuettes"
    step = (_("miniature {player} {cell} --from CELL") if moved else _("miniature {player} {cell}")).format(
        player=name(player), cell=cell or _("CELL"))
    # rules: "Après avoir posé sa statuette, le joueur questionne un adversaire s'il a pris un jeton Action
    # Interrogatoire"; "Le joueur pose toujours sa question depuis la case où il vient de placer sa statuette"
    said = _("you have placed no miniature this turn: a question comes after it and is asked from it (rules: "
             "\"Après avoir posé sa statuette, le joueur questionne un adversaire\"); record it first: {step}") \
        if garden._yours(player, name) else \
        _("{player} has placed no miniature this turn: a question comes after it and is asked from it (rules: "
          "\"Après avoir posé sa statuette, le joueur questionne un adversaire\"); record it first: {step}")
    said = said.format(player=name(player), step=step)
    if player == garden.ME:  # a question typed without --by is mine: another player's says who asked
        said += _("; a question another player asked: add --by NAME")
    return said


def cat_first() -> str:
    """The refusal of the cat's move by its Action token before any miniature of the turn."""
    # rules (aide de jeu): "placer une de ses statuettes sur le terrain choisi ; interroger un joueur adverse
    # [...] ou jouer l'action Chat"
    return _("no miniature is placed this turn: the Cat Action token moves the cat after its player's miniature "
             "(rules: \"placer une de ses statuettes sur le terrain choisi ; interroger un joueur adverse [...] ou "
             "jouer l'action Chat\"); record the miniature first (miniature PLAYER CELL), or, for the gnome card "
             "that moves it at the beginning of a turn, add --three")


def _check_terrain(round_: Round, pieces: garden.Garden, event: garden.MiniatureEvent, count: int, name,
                   board) -> None:
    """A miniature goes on a cell of the Terrain token its player took: one still free in this turn's tokens."""
    terrain = terrain_of(board, event.cell)
    if terrain is None or event.tokens_back:
        return
    turn, unused = pieces.turn_of(event)
    terrains = _in_use(round_, turn, count)[1]
    holder = terrains.get(terrain)
    if holder is None:
        return
    said_terrain = board.said_word(terrain)
    values = [value.name for value in board.attribute(TERRAIN).values]
    free = join_names(board.said_word(value) for value in values if value not in terrains) or _("none")
    back = _("the tokens come back at the end of the turn") if count > 2 else _(BACK_AT_TWO)
    hint = _("if a new turn began that the log did not see, add --new-turn") if count > 2 else \
        _("if the tokens came back off the log, add --tokens-back")
    correct = laptop(_("board set {board} {cell} terrain=TERRAIN").format(board=board.name, cell=event.cell))
    # rules: "Le joueur place une statuette de sa réserve sur une case correspondant au jeton Terrain qu'il
    # vient de prendre"; "Le joueur choisit un jeton Terrain et un jeton Action parmi les jetons disponibles"
    raise InputError(_("{cell} is {terrain}, and the {terrain} Terrain token is taken already, by {holder}: a "
                       "miniature goes on the terrain of the token its player took, each token to one player (rules: "
                       "\"sur une case correspondant au jeton Terrain qu'il vient de prendre\"; {back}); free now: "
                       "{free}; {hint}; if your box shows another terrain on {cell}, correct the board: {correct}")
                     .format(cell=event.cell, terrain=said_terrain, back=back, free=free, hint=hint, correct=correct,
                             holder=_("you") if holder == garden.ME else name(holder)))  # said to me: 'by you'


def _check_action(round_: Round, pieces: garden.Garden, player: str, token: str, count: int, name) -> None:
    acted = round_.acted if round_.turn == pieces.turn else {}
    said_token = _(TOKEN_WORDS.get(token, token))
    if player in acted:
        # rules: "Le joueur choisit un jeton Terrain et un jeton Action"
        hint = _(NEW_TURN_HINT).format(player=name(player))
        said = _("you used the {token} Action token this turn already: one Action token a turn, one question or "
                 "one cat move (rules: \"Le joueur choisit un jeton Terrain et un jeton Action\"); {hint}") \
            if player == garden.ME else \
            _("{player} used the {token} Action token this turn already: one Action token a turn, one question or "
              "one cat move (rules: \"Le joueur choisit un jeton Terrain et un jeton Action\"); {hint}")
        raise InputError(said.format(player=name(player), token=_(TOKEN_WORDS.get(
                               acted[player], acted[player])), hint=hint))
    tokens = _in_use(round_, pieces.turn, count)[0]
    holder = tokens.get(token)
    if holder is not None:  # the same player's, taken in an earlier turn, is in front of them still
        back = _("the tokens come back at the end of the turn") if count > 2 else _(BACK_AT_TWO)
        holder = _("you") if holder == garden.ME else name(holder)  # said to me: 'by you' ('par vous')
        raise InputError(_("the {token} Action token is taken already, by {holder}: each Action token goes to one "
                           "player ({back}); {hint}").format(token=said_token, holder=holder, back=back,
                                                             hint=_again(round_, pieces, player, count, name)))


def _again(round_: Round, pieces: garden.Garden, player: str, count: int, name) -> str:
    """What to type when a token the log holds as taken came back unseen: the player's miniature of this turn
    recorded again, as the first of a new turn (3 or 4 players) or with the tokens back (2)."""
    cells = garden.asked_from(pieces, player)
    number = round_.placed_at.get(player) if round_.turn == pieces.turn else None
    if not cells or number is None:  # its entry unknown (or the cat took it away): a new miniature of a new turn
        return _(NEW_TURN_HINT).format(player=name(player))
    hint = AGAIN_HINTS["new_turn" if count > 2 else "tokens_back", garden._yours(player, name)]
    return _(hint).format(player=name(player), number=number, cell=cells[0])


def _in_use(round_: Round, turn: int, count: int) -> tuple[dict[str, str], dict[str, str]]:
    """The Action tokens and the Terrain tokens taken since they came back, as they stand in the garden's turn
    ``turn``: this turn's; at three or four players none in a later turn; at two, those of the turn before too,
    until all are used."""
    if round_.turn == turn:
        return round_.tokens, round_.terrains
    if count > 2 or turn >= round_.cycle + 2 or len(round_.tokens) >= len(ACTION_TOKENS) \
            or len(round_.terrains) >= TERRAIN_TOKENS:
        return {}, {}
    return round_.tokens, round_.terrains


def _check_fight(round_: Round, event, players: list[str], name) -> None:
    if len(players) > 2 and round_.last:
        raise InputError(_("the last turn is played (rules: \"Une fois ce dernier tour terminé, la partie prend "
                           "fin\"): no fight follows; show the loot cards: loot PLAYER CELL"))
    if len(players) > 2 and round_.fights >= TURNS:
        raise InputError(_("nine turns are played (rules: \"Une partie se joue en neuf tours maximum\"): no fight "
                           "follows; show the loot cards: loot PLAYER CELL"))
    if event.cards_back or empty_hand(round_, players) is not None:
        return
    for player, value in event.values:
        if value in round_.played.get(player, ()):
            # rules: "les cartes engagées sont défaussées"; "tous les joueurs récupèrent leurs cartes dès lors
            # que l'un d'eux, à la fin d'un tour, n'a plus de carte en main"
            said = _("you played your {value} already: a gnome card is played once until the cards come back, "
                     "when a player's hand is empty (rules: \"les cartes engagées sont défaussées\"); if the cards "
                     "came back off the log, add --cards-back") if player == garden.ME else \
                _("{player} played their {value} already: a gnome card is played once until the cards come back, "
                  "when a player's hand is empty (rules: \"les cartes engagées sont défaussées\"); if the cards "
                  "came back off the log, add --cards-back")
            raise InputError(said.format(player=name(player), value=value))


def after(round_: Round, before: garden.Garden, pieces: garden.Garden, event, players: list[str], board=None,
          number: int = 0) -> Round:
    """The round once ``event`` (entry ``number``) is recorded (``before``: the garden before it, ``pieces``:
    after it; ``board``: where a miniature's terrain is read)."""
    from assistant.games.gnom_street import fight

    count = len(players)
    if isinstance(event, garden.SetEvent):  # a new set: "reprenez vos cartes gnomes"
        return Round(turn=pieces.turn, cycle=pieces.turn)  # the next set follows its own turns
    turned = _turned(round_, pieces.turn, count)
    if isinstance(event, fight.FightEvent):
        back = event.cards_back or empty_hand(round_, players) is not None
        played = {} if back else dict(round_.played)
        for player, value in event.values:
            played[player] = (*played.get(player, ()), value)
        return round_._replace(played=played, discarded={} if back else round_.discarded,
                               fights=round_.fights + 1, last=round_.last or (back and count > 2), **turned)
    if isinstance(event, garden.MiniatureEvent):
        if event.tokens_back:  # every token back: a new cycle from this turn
            turned = {**turned, "tokens": {}, "terrains": {}, "cycle": pieces.turn}
        terrain = terrain_of(board, event.cell)
        terrains = {**turned["terrains"], terrain: event.player} if terrain is not None else turned["terrains"]
        return round_._replace(**{**turned, "terrains": terrains,
                                  "placed_at": {**turned["placed_at"], event.player: number}}, seen=True)
    if isinstance(event, garden.TokenEvent) and not event.alex and before.laid.get(event.player, 0) == 0 \
            and in_hand(round_, event.player) > 0 and count > 2:
        # rules: "Pour poser un ou deux jetons, le joueur doit défausser une carte Gnome de son choix"
        return round_._replace(discarded={**round_.discarded, event.player: round_.discarded.get(event.player, 0)
                                          + 1}, **turned)
    action = None
    if isinstance(event, garden.CatEvent) and not event.far and before.placed:
        action = (before.placed[-1], CAT)
    elif question_of(event) is not None and question_of(event)[0] in before.placed:  # type: ignore[index]
        action = question_of(event)
    if action is None:
        return round_._replace(**turned) if turned["turn"] != round_.turn else round_
    player, token = action
    asked = {**(round_.asked if turned["turn"] == round_.turn else {}), player: event}
    return round_._replace(**{**turned, "acted": {**turned["acted"], player: token},
                              "tokens": {**turned["tokens"], token: player}}, asked=asked)


def _turned(round_: Round, turn: int, count: int) -> dict:
    """This turn's actions and the tokens in use, as the garden's turn ``turn`` stands."""
    if round_.turn == turn:
        return {"turn": turn, "acted": round_.acted, "tokens": round_.tokens, "terrains": round_.terrains,
                "cycle": round_.cycle, "placed_at": round_.placed_at}
    tokens, terrains = _in_use(round_, turn, count)
    return {"turn": turn, "acted": {}, "tokens": tokens, "terrains": terrains, "placed_at": {},
            "cycle": round_.cycle if tokens or terrains else turn}


def refusal(round_: Round, pieces: garden.Garden, event, players: list[str], name=str, board=None) -> str | None:
    """The round's refusal of ``event`` now (``check``'s words), or None when the round takes it."""
    try:
        check(round_, pieces, event, players, name, board)
    except InputError as error:
        return str(error)
    return None


def note(round_: Round, pieces: garden.Garden, event, players: list[str], name=str, board=None) -> str | None:
    """What a saved log holds that the round refuses now: the refusal, loaded as heard."""
    reason = refusal(round_, pieces, event, players, name, board)
    return None if reason is None else _("refused today ({reason}): loaded as heard").format(reason=reason)
