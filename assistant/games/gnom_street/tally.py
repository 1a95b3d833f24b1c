"""75 Gnom' Street: the end-of-game tally of miniatures, loot stacks and baits.

The rules' victory points, in the order players count them:

* miniatures: 3, 2 or 1 points for 3, 2 or 1 miniatures in the garden, -1 for none;
* loot cells: each stack is revealed bottom first. A player's second Mole in a
  stack is removed first (only the lowest counts), and so is a Mole on its
  owner's own loot (it scores nothing, and we let it take no place: a choice,
  the rules are silent). Then the first Mole scores 5, the second 4, the third
  3; a Bait there scores nothing;
* every other stack: only a Bait at the very bottom scores, one point per Mole
  in the stack.

Where the two rule books differ, the French one is the original and the
default (``RULES``): a bottom Bait catches the *opposing* Moles (English: "the
Mole tokens stacked on it"), and a Mole after the third on a loot scores
nothing (English: "any other players get 3 points"; it only matters past
three opponents' Moles, so never at four players or fewer).

A tie is announced as a tie, to be settled by a gnome throw.

The tally is read from a game's recorded pieces (``score_game``) or from a
file describing a game played without the log (``score_file``); the file
gets the checks the live commands make, every problem listed at once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from assistant.engine.errors import AssistantError, DataError, InputError, cut
from assistant.engine.i18n import N_, _, english, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.words import good_name, join_names, key, lookup, shown
from assistant.games.gnom_street.garden import ME, Token, baits_each, moles_each, read_face

MOLE_POINTS = (5, 4, 3)
FILE_KEYS = ("players", "miniatures", "loot", "stacks", "settings")
# A French table writes the file in its words: each key folded (accents and case aside) -> the canonical key;
# the rules' words (joueurs, statuettes, butin, piles de jetons, règle).
FRENCH_KEYS = {"joueurs": "players", "statuettes": "miniatures", "butin": "loot", "butins": "loot",
               "piles": "stacks", "reglages": "settings", "regles": "rules", "regle": "rules"}
MAX_LATER_MOLES = 5  # points for a Mole after the third: no rule book gives more than the first's 5
Translate = Callable[[str], str]  # ``_`` (the player's language) or ``english`` (canonical notes)
TWO_PLAYERS = N_("a two-player game has no victory points: the match is won in two sets "
                 "(mole CELL found|missed); the tally is for 3 or 4 players")


class Settings(NamedTuple):
    """How to count where the rule books differ; the defaults are the French original's."""

    later_moles: int = 0  # a Mole after the third on a loot (English: 3)
    bait_counts: str = "opposing"  # or 'all' (English): which Moles a bottom Bait catches


RULES = {"fr": Settings(), "en": Settings(later_moles=3, bait_counts="all")}


def rules_named(text: str) -> Settings:
    """'fr' (the original, default) or 'en': the rule book to follow where they differ."""
    found = RULES.get(key(text)) or {"francais": RULES["fr"], "english": RULES["en"]}.get(key(text))
    if found is None:
        raise InputError(_("unknown rules {rules}: expected fr (the original) or en").format(rules=shown(text)))
    return found


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
    notes: tuple[str, ...]  # how each stack was counted, in canonical English (--json, the tests)
    said: tuple[str, ...] = ()  # the same notes in the player's language (the table)
    throw: str | None = None  # who won the gnome throw that settled a tie (one of the leaders)
    me: str = ME  # the name the sheet's owner goes by in the lines (their --me name): said 'you'

    @property
    def leaders(self) -> list[str]:
        best = max(line.total for line in self.lines)
        return [line.player for line in self.lines if line.total == best]

    def verdict(self) -> str:
        leaders = self.leaders
        best = max(line.total for line in self.lines)
        if len(leaders) == 1:
            if leaders[0] == self.me:  # said to me, whatever my name: 'you win' ('vous gagnez')
                return ngettext("you win with {points} point and become the boss of 75 Gnom' Street",
                                "you win with {points} points and become the boss of 75 Gnom' Street",
                                best).format(points=best)
            return ngettext("{player} wins with {points} point and becomes the boss of 75 Gnom' Street",
                            "{player} wins with {points} points and becomes the boss of 75 Gnom' Street",
                            best).format(player=leaders[0], points=best)
        said = [_("you") if leader == self.me else leader for leader in leaders]  # said to me: 'you', 'vous'
        if self.throw == self.me:
            return _("tie between {names} at {points}: you won the gnome throw and become the boss of 75 "
                     "Gnom' Street").format(names=join_names(said), points=best)
        if self.throw in leaders:
            # rules: "En cas d'égalité, les joueurs se départageront au lancer de nain en deux manches gagnantes !"
            return _("tie between {names} at {points}: {player} won the gnome throw and becomes the boss of 75 "
                     "Gnom' Street").format(names=join_names(said), points=best, player=self.throw)
        return _("tie between {names} at {points}: settle it by a gnome throw (best of three)").format(
            names=join_names(said), points=best)

    def to_mapping(self) -> dict:
        """The tally as data (``assistant tally --json``)."""
        return {"players": {line.player: {"miniatures": line.miniatures, "loot": line.loot, "baits": line.baits,
                                          "total": line.total} for line in self.lines},
                "leaders": self.leaders, "throw": self.throw if self.throw in self.leaders else None,
                "notes": list(self.notes)}

    def settled(self, player: str | None) -> Tally:
        """The tally with the gnome throw that settles its tie, won by ``player`` (a name as the tally writes
        it); refused when there is no tie or ``player`` is not among the tied."""
        if player is None:
            return self
        if len(self.leaders) < 2:
            raise InputError(_("no tie to settle: leave out --throw"))
        found = next((leader for leader in self.leaders
                      if key(leader) == key(player) or (leader == self.me and key(player) in ("me", "moi"))), None)
        if found is None:
            raise InputError(_("--throw {player}: the throw is won by one of the tied players: {names}").format(
                player=shown(player), names=join_names(_("you") if leader == self.me else leader
                                                       for leader in self.leaders)))
        return self._replace(throw=found)


class EndOfGame(NamedTuple):
    """What the tally counts: players, miniatures in the garden, loot cells, stacks (bottom first)."""

    players: list[str]
    miniatures: dict[str, int]
    loot: dict[str, str]
    stacks: dict[str, list[Token]]


def whose(player: str, mine: str, theirs: str, tr: Translate = english, me: str = ME) -> str:
    """A thing of a player's, said to the sheet's owner (``me``, the name they go by) in the player's
    language: 'your loot', "Ana's loot" ('votre butin', 'butin d'Ana')."""
    return tr(mine) if player == me else tr(theirs).format(player=player)


def _token_of(owner: str, me: str) -> str:
    """Whose face-down token it is, in the player's language: '(yours)', "(Ana's)"."""
    return whose(owner, N_("yours"), N_("{player}'s"), _, me)


def _loot_of(owner: str, tr: Translate, me: str) -> str:
    return whose(owner, N_("your loot"), N_("{player}'s loot"), tr, me)


def miniature_points(count: int) -> int:
    # rules: 3, 2 or 1 points for 3, 2 or 1 miniatures in the garden; -1 for none.
    return count if count > 0 else -1


def tally(players: list[str], miniatures: dict[str, int], loot: dict[str, str],
          stacks: dict[str, list[Token]], settings: Settings = Settings(), me: str = ME) -> Tally:
    """Score the end of a game. ``stacks`` maps a cell to its tokens, bottom first; ``me`` is the name the
    sheet's owner goes by among ``players``, said 'you'."""
    face_down = [_("reveal {cell} {place} mole|bait ({token})").format(cell=cell, place=place,
                                                                      token=_token_of(token.owner, me))
                 for cell in sorted(stacks) for place, token in enumerate(stacks[cell], 1) if token.face is None]
    if face_down:
        raise InputError(ngettext("{count} token still face down: {commands}",
                                  "{count} tokens still face down: {commands}", len(face_down))
                         .format(count=len(face_down), commands="; ".join(face_down)))
    loot_points = {p: 0 for p in players}
    bait_points = {p: 0 for p in players}
    # each note as a function of ``tr``: said in English for --json, in the player's language for the table
    notes: list[Callable[[Translate], str]] = []
    owner_of = {cell: player for player, cell in loot.items()}
    for cell in sorted(stacks):
        tokens = stacks[cell]
        if not tokens:
            continue
        owner = owner_of.get(cell)
        if owner is not None:
            counted, seen = [], set()
            for token in tokens:
                if token.face != "mole":
                    continue  # rules: a Bait on a loot cell scores nothing
                if token.owner == owner:
                    notes.append(partial(_own_mole_note, cell=cell, owner=owner, me=me))
                    continue
                if token.owner in seen:
                    notes.append(partial(_second_mole_note, cell=cell, owner=owner, player=token.owner, me=me))
                    continue
                seen.add(token.owner)
                counted.append(token.owner)
            for place, player in enumerate(counted):
                points = MOLE_POINTS[place] if place < len(MOLE_POINTS) else settings.later_moles
                loot_points[player] += points
                notes.append(partial(_mole_note, cell=cell, owner=owner, player=player, number=place + 1,
                                     points=points, me=me))
        else:
            bottom = tokens[0]
            if bottom.face == "bait":
                moles = [t for t in tokens[1:] if t.face == "mole"
                         and (settings.bait_counts == "all" or t.owner != bottom.owner)]
                bait_points[bottom.owner] += len(moles)
                notes.append(partial(_bait_note, cell=cell, owner=bottom.owner, count=len(moles), me=me))
    lines = tuple(Line(p, miniature_points(miniatures.get(p, 0)), loot_points[p], bait_points[p]) for p in players)
    return Tally(lines, tuple(note(english) for note in notes), tuple(note(_) for note in notes), me=me)


def _own_mole_note(tr: Translate, cell: str, owner: str, me: str) -> str:
    return tr(N_("{cell} ({loot}): {mole} scores nothing")).format(
        cell=cell, loot=_loot_of(owner, tr, me),
        mole=whose(owner, N_("your own mole"), N_("{player}'s own mole"), tr, me))


def _second_mole_note(tr: Translate, cell: str, owner: str, player: str, me: str) -> str:
    return tr(N_("{cell} ({loot}): {mole} is removed")).format(
        cell=cell, loot=_loot_of(owner, tr, me),
        mole=whose(player, N_("your second mole"), N_("{player}'s second mole"), tr, me))


def _mole_note(tr: Translate, cell: str, owner: str, player: str, number: int, points: int, me: str) -> str:
    return tr(N_("{cell} ({loot}): {mole}, number {number}: {points}")).format(
        cell=cell, loot=_loot_of(owner, tr, me), mole=whose(player, N_("your mole"), N_("{player}'s mole"), tr, me),
        number=number, points=points)


def _bait_note(tr: Translate, cell: str, owner: str, count: int, me: str) -> str:
    if tr is english:
        text = ("{cell}: {bait} at the bottom catches {count} mole: {count}" if count == 1 else
                "{cell}: {bait} at the bottom catches {count} moles: {count}")
    else:
        text = ngettext("{cell}: {bait} at the bottom catches {count} mole: {count}",
                        "{cell}: {bait} at the bottom catches {count} moles: {count}", count)
    return text.format(cell=cell, bait=whose(owner, N_("your bait"), N_("{player}'s bait"), tr, me), count=count)


# -- from a game's recorded pieces ----------------------------------------------------------------


def from_game(game) -> EndOfGame:
    """What the tally counts, from a 75 Gnom' Street game's recorded pieces; says what is still missing.

    An opponent's loot comes from ``assistant loot``, or from the sheet when the
    deduction has already found it."""
    if not callable(getattr(game, "garden", None)) or not game.board.per_opponent:  # a score pad has no garden
        raise InputError(_("game {name} has no garden pieces to count: the tally is for 75 Gnom' Street "
                           "(or give a tally FILE)").format(name=game.name))
    if len(game.players) == 2:
        # rules: "Une partie à deux joueurs se joue en deux manches gagnantes."
        raise AssistantError(_(TWO_PLAYERS))
    state = game.garden()
    mine = game.current_mine()
    if mine is None:
        raise InputError(_("your own loot is not known: start the game with --mine CELL"))
    loot = {ME: game.board.name_of(mine), **state.loot}
    sheet = None
    for opponent in game.opponents:
        if opponent not in loot:
            sheet = sheet or game.sheet()
            cell = sheet.found(opponent)
            if cell is not None:
                loot[opponent] = game.board.name_of(cell)
    missing = [p for p in game.opponents if p not in loot]
    if missing:
        raise InputError(_("record the loot shown by {names}: loot NAME CELL").format(names=", ".join(missing)))
    # me by my own name when the game has one (new --me Léa) in the lines and tally --json; without one, 'me'
    # stays the canonical word. The verdict and the notes say 'you' to me either way (``tally``'s ``me``)
    def named(player: str) -> str:
        return game.me if player == ME and game.me else player

    return EndOfGame([named(p) for p in game.players], {named(p): len(cells) for p, cells in state.miniatures.items()},
                     {named(p): cell for p, cell in loot.items()},
                     {cell: [token._replace(owner=named(token.owner)) for token in tokens]
                      for cell, tokens in state.stacks.items()})


def score_game(game, rules: str = "fr") -> Tally:
    """The tally of a game's recorded pieces, by the rule book ``rules`` (fr or en)."""
    settings = rules_named(rules)
    result = tally(*from_game(game), settings, me=game.me or ME)
    thrower = game.throw_winner(result.leaders) if len(result.leaders) > 1 else None
    if thrower is not None:  # the game's own record of the throw (step ``throw NAME``)
        result = result._replace(throw=game.me if thrower == ME and game.me else thrower)
    return result


# -- from a file ------------------------------------------------------------------------------------


def score_file(data: object, source: str, board, rules: str = "fr") -> Tally:
    """The tally of a file describing a game played without the log; DataError lists every problem.

    ``rules`` (fr or en) is the base; the file's ``settings`` may change each field."""
    end, settings = read_file(data, source, board, rules_named(rules))
    return tally(*end, settings)


class _Reader:
    """Reads a tally file, collecting every problem, each with the file and its place in it."""

    def __init__(self, source: str, board):
        self.source, self.board = source, board
        self.problems: list[str] = []
        self.players: list[str] = []
        self.count = 0
        self.spelled: dict[str, str] = {}  # a key as the file spells it, by its place: {'stacks': 'piles'}

    def problem(self, place: str, text: str) -> None:
        self.problems.append(f"{self.source}: {self.spelling(place)}: {text}")

    def fatal(self, place: str, text: str) -> DataError:
        """The problem that stops the reading, after every one found so far."""
        self.problem(place, text)
        return DataError(self.problems)

    def spelling(self, place: str) -> str:
        """A place ('stacks.F1[0]') with its keys as the file spells them ('piles.F1[0]')."""
        for known in sorted(self.spelled, key=len, reverse=True):
            if place == known or place.startswith((known + ".", known + "[")):
                return self.spelled[known] + place[len(known):]
        return place

    def canonical(self, data: dict, within: str = "") -> dict:
        """``data`` (the file, or its section ``within``) with French keys read as the English ones
        ('joueurs' -> 'players'); a key given in both languages is a problem."""
        found: dict = {}
        typed: dict = {}  # each key as first typed
        for name, value in data.items():
            english = FRENCH_KEYS.get(key(name), name) if isinstance(name, str) else name
            place = f"{within}.{english}" if within else str(english)
            if english in found:
                self.problem(place, _("{key} and {other} are the same key: give it once").format(
                    key=typed[english], other=name))
                continue
            if english != name:
                self.spelled[place] = f"{self.spelling(within)}.{name}" if within else name
            found[english], typed[english] = value, name
        return found

    def mapping(self, data: dict, name: str, example: str) -> dict:
        value = data.get(name)
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.problem(name, _("expected a mapping like {example} (got {got})").format(example=example,
                                                                                     got=_what(value)))
            return {}
        return value

    def player(self, text: object, place: str) -> str | None:
        try:
            return lookup(str(text), self.players, "player")
        except InputError as error:
            self.problem(place, str(error))
            return None

    def each_player(self, section: dict, name: str):
        """(player, value, place) for each entry of a section keyed by player; a player named twice is refused."""
        seen: dict[str, str] = {}
        for text, value in section.items():
            place = f"{name}.{_cut(text)}"
            player = self.player(text, place)
            if player is None:
                continue
            if player in seen:
                self.problem(place, _("{player} is given twice (also as {place}): once per player")
                             .format(player=player, place=f"{name}.{seen[player]}"))
                continue
            seen[player] = str(text)
            yield player, value, place

    def cell(self, text: object, place: str, what: str) -> str | None:
        """A garden cell, named canonically; a pond is refused (rules: nothing goes on a pond)."""
        if not isinstance(text, str):
            self.problem(place, _("expected a cell like A1 (got {got})").format(got=_what(text)))
            return None
        try:
            cell = self.board.parse_cell(text)
        except InputError as error:
            self.problem(place, str(error))
            return None
        name = self.board.name_of(cell)
        if cell in self.board.ponds:
            # rules: "Aucune statuette (et aucun pion) ne peut être posée sur une case représentant une mare."
            self.problem(place, _("{cell} is a pond: no {what} goes on a pond").format(cell=name, what=_(what)))
            return None
        return name


def _what(value: object) -> str:
    """A value as a message names it: 'a list', or the value itself quoted."""
    if isinstance(value, (list, dict)):
        return _("a list") if isinstance(value, list) else _("a mapping")
    return shown(value) if isinstance(value, str) else _cut(value)


def _cut(value: object) -> str:
    """A key or a number as written (2.0, C1), cut short like any quoted word, without the quotes."""
    return cut(str(value))


def read_file(data: object, source: str, board, base: Settings = Settings()) -> tuple[EndOfGame, Settings]:
    """Read a tally file (players, miniatures, loot, stacks, settings); DataError lists every problem."""
    if not isinstance(data, dict):
        raise DataError(_("{source}: expected a mapping with players, miniatures, loot, stacks (got {got})")
                        .format(source=source, got=_what(data)))
    read = _Reader(source, board)
    data = read.canonical(data)
    for name in sorted(set(map(str, data)) - set(FILE_KEYS)):
        read.problem(name, _("unknown key (expected one of {keys})").format(keys=", ".join(FILE_KEYS)))
    players = data.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p.strip() for p in players):
        raise read.fatal("players", _("expected a list of names, like [Ana, Ben, Cleo]"))
    for position, name in enumerate(players):
        if not good_name(name):
            read.problem(f"players[{position}]", _("player name {name}: use letters, digits and hyphens "
                                                   "(not yes/no), e.g. Ana").format(name=shown(name)))
        elif key(name) in map(key, players[:position]):
            read.problem(f"players[{position}]", _("{name} is named twice: each player once").format(name=name))
        else:
            read.players.append(name)
    count = read.count = len(players)  # a misspelt or repeated name is still a player at the table
    if count == 2:
        raise read.fatal("players", _(TWO_PLAYERS))
    if not 3 <= count <= 4:
        # rules: "3 jetons Taupe pour une partie à 3 joueurs OU 4 jetons Taupe pour une partie à 4 joueurs"
        raise read.fatal("players", _("the box holds 4 gangs: the tally is for 3 or 4 players (got {count})")
                         .format(count=count))
    miniatures = _miniatures(read, data)
    loot = _loot(read, data)
    stacks = _stacks(read, data)
    settings = _settings(read, data, base)
    if read.problems:
        raise DataError(read.problems)
    return EndOfGame(read.players, miniatures, loot, stacks), settings


def _miniatures(read: _Reader, data: dict) -> dict[str, int]:
    found = {}
    for player, count, place in read.each_player(read.mapping(data, "miniatures", "{Ana: 3, Ben: 0}"), "miniatures"):
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 3:
            # rules: each gang has 3 miniatures
            read.problem(place, _("expected 0 to 3 miniatures in the garden (got {got})").format(got=_what(count)))
            continue
        found[player] = count
    return found


def _loot(read: _Reader, data: dict) -> dict[str, str]:
    found: dict[str, str] = {}
    named = set()  # players given a loot, even a wrong one: only the others lack one
    for player, text, place in read.each_player(read.mapping(data, "loot", "{Ana: A1, Ben: D3}"), "loot"):
        named.add(player)
        cell = read.cell(text, place, N_("loot"))
        if cell is None:
            continue
        other = next((p for p, c in found.items() if c == cell), None)
        if other is not None:
            read.problem(place, _("{cell} is {player}'s loot already: loot cards are distinct")
                         .format(cell=cell, player=other))
            continue
        found[player] = cell
    if isinstance(data.get("loot") or {}, dict):
        for player in read.players:
            if player not in named:
                # rules: "chaque joueur dévoile sa carte Butin"
                read.problem("loot", _("{player} has no loot: every player shows their Loot card (add {player}: CELL)")
                             .format(player=player))
    return found


def _stacks(read: _Reader, data: dict) -> dict[str, list[Token]]:
    found: dict[str, list[Token]] = {}
    first_place: dict[str, str] = {}
    placed: dict[tuple[str, str], int] = {}  # (player, face) -> tokens so far, for the stock limits
    limits = {"mole": moles_each(read.count), "bait": baits_each(read.count)}
    example = "{F3: [Ana mole, Ben bait]}, bottom first"
    for text, tokens in read.mapping(data, "stacks", example).items():
        place = f"stacks.{_cut(text)}"
        cell = read.cell(text, place, N_("token"))
        if cell is not None and cell in first_place:
            read.problem(place, _("the same cell as {place}: one stack per cell, bottom first")
                         .format(place=first_place[cell]))
            continue
        if not isinstance(tokens, list):
            read.problem(place, _("expected a list like [Ana mole, Ben bait], bottom first (got {got})")
                         .format(got=_what(tokens)))
            continue
        stack = []
        for position, token in enumerate(tokens):
            token_place = f"{place}[{position}]"
            words = token.split() if isinstance(token, str) else []
            if len(words) != 2:
                read.problem(token_place, _("expected 'PLAYER mole' or 'PLAYER bait' (got {got})").format(
                    got=_what(token)))
                continue
            player = read.player(words[0], token_place)
            try:
                face = read_face(words[1])
            except InputError as error:
                read.problem(token_place, str(error))
                continue
            if player is None:
                continue
            placed[player, face] = placed.get((player, face), 0) + 1
            if placed[player, face] > limits[face]:
                # rules: "2 jetons Appât; 3 jetons Taupe pour une partie à 3 joueurs OU 4 ... à 4 joueurs"
                read.problem(token_place, ngettext(
                    "{player}'s {nth} {token}: each player has {limit} {token} token at {count} players",
                    "{player}'s {nth} {token}: each player has {limit} {token} tokens at {count} players",
                    limits[face]).format(
                    player=player, nth=_nth(placed[player, face]), token=_(TOKEN_SAID[face]), limit=limits[face],
                    count=read.count))
                continue
            stack.append(Token(player, face))
        if cell is not None:
            first_place[cell] = place
            found[cell] = stack
    return found


TOKEN_SAID = {"mole": N_("Mole"), "bait": N_("Bait")}  # the rules' names: jeton Taupe, jeton Appât
ORDINALS = {1: N_("{number}st"), 2: N_("{number}nd"), 3: N_("{number}rd")}


def _nth(number: int) -> str:
    """'2nd', '11th' ('2e', '11e' in French)."""
    teen = 10 <= number % 100 <= 20
    return _(N_("{number}th") if teen else ORDINALS.get(number % 10, N_("{number}th"))).format(number=number)


def _settings(read: _Reader, data: dict, base: Settings) -> Settings:
    """The file's settings over ``base``: rules (fr or en), then later_moles and bait_counts."""
    example = "{rules: en} or {later_moles: 3, bait_counts: all}"
    raw = read.canonical(read.mapping(data, "settings", example), "settings")
    for name in sorted(set(map(str, raw)) - {"rules", "later_moles", "bait_counts"}):
        read.problem(f"settings.{name}", _("unknown setting (expected rules, later_moles or bait_counts)"))
    settings = base
    if "rules" in raw:
        try:
            settings = rules_named(str(raw["rules"]))
        except InputError as error:
            read.problem("settings.rules", str(error))
    later = raw.get("later_moles", settings.later_moles)
    if isinstance(later, bool) or not isinstance(later, int) or not 0 <= later <= MAX_LATER_MOLES:
        read.problem("settings.later_moles", _("expected the points of a Mole after the third, 0 to {most} (got {got})")
                     .format(most=MAX_LATER_MOLES, got=_what(later)))
    else:
        settings = settings._replace(later_moles=later)
    counts = raw.get("bait_counts", settings.bait_counts)
    if counts not in ("opposing", "all"):
        read.problem("settings.bait_counts", _("expected opposing (the French rules) or all (the English) (got {got})")
                     .format(got=_what(counts)))
    else:
        settings = settings._replace(bait_counts=counts)
    return settings
