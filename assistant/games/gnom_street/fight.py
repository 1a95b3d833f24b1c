"""The fight that orders each round of 75 Gnom' Street, and who may then ask whom.

Each player plays a gnome card face down; the highest value ranks first, and
so on down to the loser. Tied players' values drop to zero, leaving their
places to the lower cards, and a gnome throw orders them (rules: "la force de
leur nain tombe à zéro, laissant leur place au classement au(x) joueur(s)
ayant posé une carte de force inférieure"; with two ties at once, every tied
player throws together). ``fight Léa=5 red=3 blue=5 yellow=2 --throw
blue,Léa`` records it: red, yellow, then blue and Léa by their throw.

Once a round's fight is recorded, a question follows the ranking: a player
asks only those ranked after them ("jamais un joueur se trouvant avant lui
(sauf pouvoir)"), the loser asks nobody, one question to several players is
Mick's power. A power named on the question (``--power sky``) lifts what it
lifts: Sky and Adam ask anyone, even the first player; Mick asks every
player, unless last. Nothing requires recording the fight: without one,
nothing is checked, as before.
"""


from collections import Counter
from itertools import permutations
from typing import ClassVar

from assistant.engine.errors import InputError
from assistant.engine.grammar import MORE, Form, Option
from assistant.engine.i18n import N_, _
from assistant.engine.records import NamedTuple
from assistant.engine.words import Options, join_names, key, laptop, name_value, pairs, shown, whole_number
from assistant.games.gnom_street import garden

GNOME_VALUES = (1, 8)  # every gang's eight gnome cards are valued 1 to 8
THROW = Option("throw", ("--throw", "--lancer"), "players", french="--lancer")
POWERS = ("sky", "adam", "mick")
ANYONE = ("sky", "adam")  # "Interrogates who you want, even the first player"
EVERYONE = "mick"  # "If you are not the loser, ask your question to all players"
POWER = Option("power", ("--power", "--pouvoir"), "power", french="--pouvoir")
# the cards came back before this fight, off the log (cards discarded to lay tokens, a round played on paper)
CARDS_BACK = Option("cards_back", ("--cards-back", "--reprise"), french="--reprise")


class _FightEventFields(NamedTuple):
    values: tuple[tuple[str, int], ...]
    throw: tuple[str, ...] = ()
    cards_back: bool = False


class FightEvent(_FightEventFields):
    """A round's fight: each player's gnome value, and the gnome throw's order among tied players."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(
        ("fight", "combat"), ("fighter", MORE), (THROW, CARDS_BACK),
        N_("fight PLAYER=VALUE... [--throw NAME,NAME] [--cards-back]"),
        french="combat")

    @classmethod
    def from_words(cls, game, found: Options) -> "FightEvent":
        """Read ``Léa=5 red=3 blue=5 yellow=2 --throw blue,Léa``."""
        values = []
        for pair in pairs(found.positional):
            name, value = name_value(pair, "red=5")
            values.append((game.player(name), whole_number(value, N_("a gnome card's value"), *GNOME_VALUES)))
        players = [player for player, unused in values]
        if sorted(players) != sorted(game.players) or len(set(players)) != len(players):
            example = " ".join(f"{game.display(p)}={GNOME_VALUES[1] - at}" for at, p in enumerate(game.players))
            raise InputError(_("a fight names every player once with the value of the gnome card played: {example}")
                             .format(example=example))
        throw = tuple(game.player(name) for name in pairs(found.last("throw") or ""))
        return cls(tuple(values), throw, found.flag("cards_back"))

    def words(self, game) -> list[str]:
        words = ["fight", *(f"{player}={value}" for player, value in self.values)]
        return words + (["--throw", ",".join(self.throw)] if self.throw else []) + \
            (["--cards-back"] if self.cards_back else [])

    def items(self) -> list[str]:
        return []

    def ranking(self, name=str) -> tuple[str, ...]:
        """The players, first to loser: untied values high to low, then the tied ones (down to zero) by
        the throw. ``name`` says a player in a refusal."""
        counts = Counter(value for unused, value in self.values)
        tied = [player for player, value in self.values if counts[value] > 1]
        ranked = [player for player, value in sorted(self.values, key=lambda pair: -pair[1])
                  if counts[value] == 1]
        if not tied:
            if self.throw:
                raise InputError(_("no tie, so no gnome throw: leave out --throw"))
            return tuple(ranked)
        if sorted(self.throw) != sorted(tied) or len(set(self.throw)) != len(self.throw):
            # rules: "L'égalité se départage au lancer de nain."
            said = _("you and {players} tied: your values drop to zero and a gnome throw ranks you; add --throw "
                     "with each of you, best throw first, e.g. --throw {example}") if garden.ME in tied else \
                _("{players} tied: their values drop to zero and a gnome throw ranks them; add --throw with each "
                  "of them, best throw first, e.g. --throw {example}")
            raise InputError(said.format(players=join_names(name(p) for p in tied if p != garden.ME),
                                         example=",".join(map(name, tied))))
        return (*ranked, *self.throw)


def throw_orders(fighters: list[str]) -> tuple[str, ...]:
    """The values --throw may take after ``fighters`` (``Léa=5 red=3 blue=5``, as typed): every order of
    the tied players' names, each group of ties once, comma-joined (rules: "L'égalité se départage au
    lancer de nain"); () when nobody is tied."""
    by_value: dict[str, list[str]] = {}
    for fighter in fighters:
        name, unused, value = fighter.partition("=")
        by_value.setdefault(value, []).append(name)
    tied = [name for names in by_value.values() if len(names) > 1 for name in names]
    return tuple(",".join(order) for order in permutations(tied)) if tied else ()


def latest(game) -> tuple[str, ...] | None:
    """The ranking of the round's fight: the latest one standing in this set, if any (kept by the game's
    state: looking for it in the set at every question cost the set's length each time)."""
    entry = game.fought()
    return entry.event.ranking() if entry is not None else None


def read_power(text: str | None) -> str | None:
    """sky, adam or mick (the gnome cards whose power changes who is asked)."""
    if text is None:
        return None
    found = key(text)
    if found not in POWERS:
        raise InputError(_("unknown power {power}: expected one of {powers} (the gnome cards that change who is "
                           "asked)").format(power=shown(text), powers=join_names(POWERS)))
    return found


def called_for(answerers: int, power_given: bool) -> tuple[str, ...]:
    """What a question answered by ``answerers`` players still needs: --power mick when several answer
    and no power is given (rules: Mick, "posez votre question à tous les joueurs")."""
    return (POWER.spellings[0], EVERYONE) if answerers > 1 and not power_given else ()


def check(game, asker: str, answerers: list[str], power: str | None) -> None:
    """Refuse a question the round's ranking forbids (nothing is checked without a fight)."""
    ranking = latest(game)
    if ranking is None:
        return
    said = game.display
    order = _("this round: {ranking}").format(ranking=", ".join(map(game.addressed, ranking)))
    if asker == ranking[-1] and power not in ANYONE:
        # rules: "Le joueur en dernière position ne peut interroger personne (sauf pouvoir) !"
        if asker == garden.ME:  # said to me: "you", not my name
            raise InputError(_("you are the loser ({order}): the loser asks nobody, unless a power allows it "
                               "(--power sky)").format(order=order))
        raise InputError(_("{player} is the loser ({order}): the loser asks nobody, unless a power allows it "
                           "(--power sky)").format(player=said(asker), order=order))
    if len(answerers) > 1 and power != EVERYONE:
        raise InputError(_("one question to several players is Mick's power: add --power mick ({order})").format(
            order=order))
    if power in (*ANYONE, EVERYONE):
        return
    for answerer in answerers:
        if ranking.index(answerer) < ranking.index(asker):
            # rules: "jamais un joueur se trouvant avant lui (sauf pouvoir)"
            if asker == garden.ME:
                raise InputError(_("you may ask only those ranked after you, and {player} ranks before ({order}); "
                                   "a power lets you: --power sky").format(player=said(answerer), order=order))
            message = _("{asker} may ask only those ranked after them, and you rank before ({order}); a power lets "
                        "them: --power sky") if answerer == garden.ME else \
                _("{asker} may ask only those ranked after them, and {player} ranks before ({order}); a power lets "
                  "them: --power sky")  # a question put to me: 'you' ('vous')
            raise InputError(message.format(asker=said(asker), player=said(answerer), order=order))


def asked_after(game, ranking: tuple[str, ...]) -> tuple[str, ...]:
    """Whom I may ask this round: the opponents ranked after me; nobody when I am the loser."""
    at = ranking.index(garden.ME)
    return () if at == len(ranking) - 1 else tuple(p for p in ranking[at + 1:] if p != garden.ME)


def read_back(game, entry) -> list[str]:
    """What the table hears once a fight is recorded (``entry``, its entry in ``game``), as the command line
    and the table screen both say it: the step, the round's ranking, then whom I may ask."""
    from assistant.engine.grammar import said

    ranking = entry.event.ranking()
    whom = asked_after(game, ranking)
    return [f"{entry.number}. {said(game, game.step(entry.event))}",
            _("this round: {ranking}").format(ranking=", ".join(map(game.addressed, ranking))),
            _("you ask: {names}").format(names=join_names(whom)) if whom else
            _("you are the loser this round: you ask nobody, unless a power lets you")]


def tokens_left(ranking: tuple[str, ...]) -> int:
    """Tokens of each kind (terrain, action) left to me: one of each taken by every player ranked before me
    (at three or four players the tokens go back every round; at two, only once all are used)."""
    return TOKENS - ranking.index(garden.ME)


TOKENS = 4  # four Terrain tokens, four Action tokens (three questions and the cat)


def turn(game, turn_, ask_given: bool, tokens_given: bool):
    """``suggest``'s turn once the round's fight is recorded: whom I may ask (unless ``--ask`` says it) and
    how many tokens are left to me (unless ``--left``/``--actions`` say it). Without a fight: ``turn_``."""
    ranking = latest(game)
    if ranking is None:
        return turn_
    if not ask_given:
        if ranking[-1] == garden.ME:
            raise InputError(_("you are the loser this round ({ranking}): you ask nobody; if a power lets you, "
                               "say whom: {step}").format(ranking=", ".join(map(game.addressed, ranking)),
                                                          step=laptop(_("suggest --ask NAME"))))
        whom = tuple(p for p in ranking if p != garden.ME) if turn_.everyone else asked_after(game, ranking)
        turn_ = turn_._replace(ask=whom)
    if not tokens_given and len(ranking) > 2:
        left = tokens_left(ranking)
        turn_ = turn_._replace(terrain_tokens=left, action_tokens=left)
    return turn_


def suggest_turn(game, left: str | None = None, actions: str | None = None, ask: str | None = None,
                 everyone: bool = False):
    """The turn ``suggest`` advises: the tokens and players given (``--left``, ``--actions``, ``--ask``,
    ``--all``), the rest taken from the round's fight when one is recorded (``turn``). The command line
    and the table screen's suggestions ask this one function, so they never disagree."""
    from assistant.engine import advice as advisor

    turn_ = advisor.read_turn(game.board, game.items, game.item, left, actions, ask, everyone, game.barred())
    if not game.board.per_opponent:
        return turn_
    return turn(game, turn_, ask is not None, left is not None or actions is not None)


def throw_step() -> str:
    """The step that records the gnome throw settling a tied tally, as the face the player reads accepts it:
    ``tally --throw NAME`` on the command line (``décompte --lancer NOM``), ``throw NAME`` where the game's
    steps are typed, the table screen and the phones' page."""
    from assistant.engine.words import steps_typed

    return _("throw NAME") if steps_typed() else _("tally --throw NAME")


class _ThrowEventFields(NamedTuple):
    player: str


class ThrowEvent(_ThrowEventFields):
    """The gnome throw that settles a tied tally: who won it (rules: "En cas d'égalité, les joueurs se
    départageront au lancer de nain en deux manches gagnantes !"). Heard only while the tally is tied."""

    __slots__ = ()  # a tuple, as its fields are: no attribute dict
    FORM: ClassVar[Form] = Form(("throw", "lancer"), ("player",), (),
                                N_("throw PLAYER (who won the gnome throw that settles a tied tally)"), french="lancer")

    @classmethod
    def from_words(cls, game, found: Options) -> "ThrowEvent":
        """Read ``Léa`` (also moi, me)."""
        if len(found.positional) != 1:
            raise InputError(_("write: {usage}").format(usage=_(cls.FORM.usage)))
        return cls(game.player(found.positional[0]))

    def words(self, game) -> list[str]:
        return ["throw", self.player]

    def items(self) -> list[str]:
        return []
