"""The garden's round as its rules play it: the gnome cards each gang plays, the turns, the Action tokens.

Each gang holds eight gnome cards, 1 to 8; a card played in a fight is discarded ("les cartes engagées
sont défaussées"), and so is the card a player gives up to lay tokens at three or four players. Nobody
takes a card back until a player's hand is empty: at three or four players the cards then come back for
the last turn ("pour jouer un ultime tour. Une fois ce dernier tour terminé, la partie prend fin"), and a
game lasts nine turns at most; at two players they come back every time a hand is empty, and at each new
set. ``fight ... --cards-back`` says the cards came back when the log could not see it (cards discarded
off the log).

In a turn each player takes one Terrain token and one Action token: the miniature comes first, then at
most the question or the cat move that token allows ("Après avoir posé sa statuette, le joueur questionne
un adversaire s'il a pris un jeton Action Interrogatoire"). Each Action token (area, line of sight,
flower, the cat) is taken by one player; the tokens come back at the end of every turn at three or four
players, and only once all are used at two ("une fois la totalité des jetons utilisée"). These limits
hold where the log knows the turn: once the player's miniature for it is recorded. A turn the log did
not see begins with ``miniature PLAYER CELL --new-turn``; a round with ``fight``.
"""

from assistant.engine.errors import InputError
from assistant.engine.i18n import N_, _
from assistant.engine.records import NamedTuple
from assistant.games.gnom_street import garden

CARDS = 8  # each gang's gnome cards, valued 1 to 8
TURNS = 9  # rules: "Une partie se joue en neuf tours maximum"
CAT = "cat"
ACTION_TOKENS = ("area", "line-of-sight", "flower", CAT)
TOKEN_WORDS = {"area": N_("Area"), "line-of-sight": N_("Line of Sight"), "flower": N_("Flower"), CAT: N_("Cat")}
NEW_TURN_HINT = N_("if a new turn began that the log did not see, record its miniature with --new-turn "
                   "(miniature {player} CELL --new-turn)")


class Round(NamedTuple):
    """What the log knows of the round: the cards played, the fights, this turn's Action tokens."""

    played: dict[str, tuple[int, ...]] = {}  # player -> the values fought since the cards came back
    discarded: dict[str, int] = {}  # player -> the cards given up to lay tokens since then (values unseen)
    fights: int = 0  # fights recorded in this game (this set, at two players)
    last: bool = False  # the last turn's fight is recorded ("ultime tour")
    turn: int = 0  # the garden's turn ``acted`` belongs to
    acted: dict[str, str] = {}  # player -> the Action token they used this turn
    tokens: dict[str, str] = {}  # Action token -> the player who used it since the tokens came back
    cycle: int = 0  # the garden's turn when the Action tokens came back
    asked: dict[str, object] = {}  # player -> their question this turn (typed twice, it is the same question)


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


def check(round_: Round, pieces: garden.Garden, event, players: list[str], name=str) -> None:
    """Refuse a step the round forbids now, saying the rule and what to type instead."""
    from assistant.games.gnom_street import fight

    if isinstance(event, fight.FightEvent):
        _check_fight(round_, event, players, name)
        return
    if isinstance(event, garden.CatEvent):
        if event.far or not pieces.placed:  # the gnome card's move is a power; no turn known: nothing to check
            return
        mover = pieces.placed[-1]
        _check_action(round_, pieces, mover, CAT, len(players), name)
        return
    asked = question_of(event)
    if asked is None:
        return
    asker, token = asked
    if round_.turn == pieces.turn and round_.asked.get(asker) == event:
        return  # the same question typed again: recorded, said to add nothing
    check_question(round_, pieces, asker, token, players, name)


def check_question(round_: Round, pieces: garden.Garden, asker: str, token: str, players: list[str], name=str) -> None:
    """Refuse a question ``asker`` would ask with Action token ``token`` now (the same one typed again aside):
    a second Action this turn, or a token another player holds. Said as soon as the question's kind is
    typed, so that completion offers only what recording takes."""
    if asker not in pieces.placed:
        return  # the log holds no miniature of theirs this turn: it does not know their turn
    _check_action(round_, pieces, asker, token, len(players), name)


def _check_action(round_: Round, pieces: garden.Garden, player: str, token: str, count: int, name) -> None:
    acted = round_.acted if round_.turn == pieces.turn else {}
    said_token = _(TOKEN_WORDS.get(token, token))
    hint = _(NEW_TURN_HINT).format(player=name(player))
    if player in acted:
        # rules: "Le joueur choisit un jeton Terrain et un jeton Action"
        said = _("you used the {token} Action token this turn already: one Action token a turn, one question or "
                 "one cat move (rules: \"Le joueur choisit un jeton Terrain et un jeton Action\"); {hint}") \
            if player == garden.ME else \
            _("{player} used the {token} Action token this turn already: one Action token a turn, one question or "
              "one cat move (rules: \"Le joueur choisit un jeton Terrain et un jeton Action\"); {hint}")
        raise InputError(said.format(player=name(player), token=_(TOKEN_WORDS.get(
                               acted[player], acted[player])), hint=hint))
    tokens = _tokens(round_, pieces, count)
    holder = tokens.get(token)
    if holder is not None:  # the same player's, taken in an earlier turn, is in front of them still
        back = _("the tokens come back at the end of the turn") if count > 2 else \
            _("at two players the tokens come back once all are used (rules: \"une fois la totalité des jetons "
              "utilisée\")")
        holder = _("you") if holder == garden.ME else name(holder)  # said to me: 'by you' ('par vous')
        raise InputError(_("the {token} Action token is taken already, by {holder}: each Action token goes to one "
                           "player ({back}); {hint}").format(token=said_token, holder=holder, back=back, hint=hint))


def _tokens(round_: Round, pieces: garden.Garden, count: int) -> dict[str, str]:
    """The Action tokens used since they came back, as the garden's turn now stands."""
    if round_.turn == pieces.turn:
        return round_.tokens
    if count > 2 or pieces.turn >= round_.cycle + 2 or len(round_.tokens) >= len(ACTION_TOKENS):
        return {}
    return round_.tokens


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


def after(round_: Round, before: garden.Garden, pieces: garden.Garden, event, players: list[str]) -> Round:
    """The round once ``event`` is recorded (``before``: the garden before it, ``pieces``: after it)."""
    from assistant.games.gnom_street import fight

    count = len(players)
    if isinstance(event, garden.SetEvent):  # a new set: "reprenez vos cartes gnomes"
        return Round(turn=pieces.turn, cycle=pieces.turn)
    if isinstance(event, fight.FightEvent):
        back = event.cards_back or empty_hand(round_, players) is not None
        played = {} if back else dict(round_.played)
        for player, value in event.values:
            played[player] = (*played.get(player, ()), value)
        return round_._replace(played=played, discarded={} if back else round_.discarded,
                               fights=round_.fights + 1, last=round_.last or (back and count > 2),
                               **_turned(round_, pieces, count))
    turned = _turned(round_, pieces, count)
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
    return round_._replace(turn=pieces.turn, cycle=turned["cycle"], acted={**turned["acted"], player: token},
                           tokens={**turned["tokens"], token: player}, asked=asked)


def _turned(round_: Round, pieces: garden.Garden, count: int) -> dict:
    """This turn's actions and the tokens in use, as the garden's turn now stands."""
    if round_.turn == pieces.turn:
        return {"turn": round_.turn, "acted": round_.acted, "tokens": round_.tokens, "cycle": round_.cycle}
    tokens = _tokens(round_, pieces, count)
    return {"turn": pieces.turn, "acted": {}, "tokens": tokens,
            "cycle": round_.cycle if tokens else pieces.turn}


def note(round_: Round, pieces: garden.Garden, event, players: list[str], name=str) -> str | None:
    """What a saved log holds that the round refuses now: the refusal, loaded as heard."""
    try:
        check(round_, pieces, event, players, name)
    except InputError as error:
        return _("refused today ({reason}): loaded as heard").format(reason=str(error))
    return None
