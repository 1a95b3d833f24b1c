"""Le Roi des Nains score pad: 7 deals, one quest each, one special card each.

The quests and special cards are data (``boards/roi-des-nains.yaml``), each
rule written in a small vocabulary of primitives that this module interprets.
A deal is recorded either trick by trick (who led, the cards in play order;
the winner follows from follow-suit) or as a summary holding only what its
quest and special card need. Scores and totals are always derived.
"""

from __future__ import annotations

import re
import shlex
from typing import Any, NamedTuple

from ..errors import AssistantError, DataError, InputError, events_place
from ..words import is_answer, join_names, key
from . import Undo, from_saved, standing
from .cards import SUITS, Card, basic_cards, parse_rank_suit

PLAYER_NAME = re.compile(r"^[^\W_][\w-]{0,31}$")
HAND = {3: 13, 4: 10, 5: 8}
DEALS = 7
PRIMITIVES = {
    # primitive -> what it needs to know about the deal
    "per_card": "cards", "card_sum": "cards", "triplets": "cards", "suit_count": "cards",
    "lowest_value": "cards", "per_trick": "counts", "exact_tricks": "counts", "parity": "counts",
    "neighbour_tricks": "counts", "compare_neighbours": "counts", "same_tricks": "counts",
    "longest_run": "order", "run_at_least": "order", "reach": "order",
}
EFFECTS = ("trick_winner", "next_trick", "last_trick", "per_face_in_trick", "doubles")


# -- the rules as data ----------------------------------------------------------------


class Quest(NamedTuple):
    id: str  # tile number and face: '13A'
    name: str
    fr: str | None
    primitive: str
    spec: Any

    @property
    def needs(self) -> str:
        """'cards', 'counts' or 'order': what a summary must give to score this quest."""
        if self.primitive == "per_trick" and self.spec.get("among"):
            return "order"
        return PRIMITIVES[self.primitive]

    @property
    def title(self) -> str:
        return f"{self.id} {self.name}"


class Special(NamedTuple):
    id: str
    name: str
    fr: str | None
    card: Card
    effect: dict
    aliases: tuple[str, ...] = ()


class Rules(NamedTuple):
    quests: tuple[Quest, ...]
    specials: tuple[Special, ...]
    face_value: int  # what J, Q, K, A count in card sums (uncertain: a setting)

    def quest(self, text: str) -> Quest:
        """A quest by id ('13a'), English or French name; unknown -> InputError."""
        wanted = key(text)
        for quest in self.quests:
            if wanted in (key(quest.id), key(quest.name), key(quest.fr or "-")):
                return quest
        raise InputError(f"unknown quest {text!r}: give its tile and face (1A-20B) or its name "
                         f"(see assistant quest list)")

    def special(self, text: str) -> Special:
        wanted = key(text)
        for special in self.specials:
            if wanted in (key(special.id), key(special.name), key(special.fr or "-"),
                          *(key(a) for a in special.aliases)):
                return special
        rank_suit = parse_rank_suit(text)
        if rank_suit is not None:
            matches = [s for s in self.specials if (s.card.rank, s.card.suit) == rank_suit]
            if len(matches) == 1:
                return matches[0]
            if matches:
                raise InputError(f"{text!r} is one of two cards: name it ({', '.join(s.id for s in matches)})")
        raise InputError(f"unknown special card {text!r}: expected one of {', '.join(s.id for s in self.specials)}")


def read_rules(data: object, source: str) -> Rules:
    """Validate the quests-and-specials file; DataError lists every problem with its path."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise DataError(f"{source}: expected a mapping with quests, specials, settings")
    settings = data.get("settings") or {}
    face_value = settings.get("face_value_in_sums", 0) if isinstance(settings, dict) else None
    if isinstance(face_value, bool) or not isinstance(face_value, int):
        problems.append(f"{source}: settings.face_value_in_sums: expected a whole number (got {face_value!r})")
        face_value = 0
    quests = []
    seen: set[str] = set()
    for position, entry in enumerate(data.get("quests") or []):
        path = f"{source}: quests[{position}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not isinstance(entry.get("name"), str):
            problems.append(f"{path}: expected id, name and rule")
            continue
        if key(entry["id"]) in seen:
            problems.append(f"{path}.id: {entry['id']} is listed twice")
        seen.add(key(entry["id"]))
        rule = entry.get("rule")
        if not isinstance(rule, dict) or len(rule) != 1 or next(iter(rule)) not in PRIMITIVES:
            problems.append(f"{path}.rule: expected one of {', '.join(sorted(PRIMITIVES))}")
            continue
        primitive, spec = next(iter(rule.items()))
        problems.extend(f"{path}.rule.{primitive}: {p}" for p in _check_rule(primitive, spec))
        quests.append(Quest(entry["id"].upper(), entry["name"], entry.get("fr"), primitive, spec))
    specials = []
    for position, entry in enumerate(data.get("specials") or []):
        path = f"{source}: specials[{position}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            problems.append(f"{path}: expected id, name, suit and rank (or magic: true)")
            continue
        effect = entry.get("effect") or {}
        if not isinstance(effect, dict) or any(name not in EFFECTS for name in effect):
            problems.append(f"{path}.effect: expected some of {', '.join(EFFECTS)}")
            effect = {}
        if entry.get("magic") is True:
            card = Card(entry["id"], None, 0, True)
        elif entry.get("suit") in SUITS and entry.get("rank") in (1, 11):
            card = Card(entry["id"], entry["suit"], entry["rank"], True)
        else:
            problems.append(f"{path}: expected suit (green, blue, red) and rank (1 or 11), or magic: true")
            continue
        specials.append(Special(entry["id"], str(entry.get("name", entry["id"])), entry.get("fr"), card,
                                effect, tuple(entry.get("aliases") or ())))
    if problems:
        raise DataError(problems)
    return Rules(tuple(quests), tuple(specials), face_value)


def _check_rule(primitive: str, spec: Any) -> list[str]:
    def number(value) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)
    if primitive == "per_card":
        ok = isinstance(spec, list) and spec and all(
            isinstance(term, dict) and number(term.get("points")) and isinstance(term.get("match"), dict)
            and set(term["match"]) <= {"ranks", "suits", "faces"} for term in spec)
        return [] if ok else ["expected a list of {match: {ranks, suits, faces}, points}"]
    if primitive == "compare_neighbours":
        ok = isinstance(spec, list) and all(
            isinstance(t, dict) and t.get("neighbour") in ("previous", "next") and t.get("when") in ("fewer", "more")
            and number(t.get("points")) for t in spec)
        return [] if ok else ["expected a list of {neighbour: previous|next, when: fewer|more, points}"]
    if not isinstance(spec, dict):
        return ["expected a mapping"]
    required = {
        "per_trick": ("points",), "exact_tricks": ("count", "points"), "parity": ("parity", "points"),
        "longest_run": ("points",), "run_at_least": ("of", "length", "points"),
        "neighbour_tricks": ("neighbour", "points"), "same_tricks": ("shared", "points"),
        "card_sum": ("highest",), "reach": ("tricks", "first", "step"), "triplets": ("faces", "others"),
        "suit_count": ("which",), "lowest_value": ("suit",),
    }[primitive]
    missing = [name for name in required if name not in spec]
    return [f"missing {', '.join(missing)}"] if missing else []


# -- one deal ---------------------------------------------------------------------------


class Trick(NamedTuple):
    leader: str
    plays: tuple[tuple[str, Card], ...]  # (player, card) in play order
    winner: str
    stated_winner: bool  # typed with --winner (needed when a magic card is in it)


class Summary(NamedTuple):
    """What a deal recorded without its tricks says: only what its quest and card need."""

    counts: dict[str, int] | None = None
    order: tuple[str, ...] | None = None
    won: dict[str, tuple[Card, ...]] | None = None
    special_winner: str | None = None  # who gets the special card's effect; '' for nobody
    scout: tuple[str, int] | None = None  # who played the Scout, faces in its trick
    next_dealer: str | None = None


class Deal(NamedTuple):
    quest: Quest
    special: Special
    tricks: tuple[Trick, ...] = ()
    summary: Summary | None = None
    replaces: int | None = None  # a correction of deal N


class Facts(NamedTuple):
    """What is known of a finished deal, from its tricks or its summary."""

    counts: dict[str, int] | None
    order: tuple[str, ...] | None
    won: dict[str, list[Card]] | None
    special_points: dict[str, int]
    doubler: str | None
    next_dealer: str | None
    blue_five: str | None  # who played the blue 5 (chose this deal's quest)
    red_five: str | None  # who played the red 5 (led the first trick)


def deck(players: int, special: Special) -> dict[str, Card]:
    return {card.id: card for card in [*basic_cards(players), special.card]}


def follow_suit_winner(plays: tuple[tuple[str, Card], ...]) -> str | None:
    """Highest card of the suit led; None when a magic card makes it a matter of its text."""
    if any(card.magic for _, card in plays):
        return None
    led = plays[0][1].suit
    return max((card.rank, player) for player, card in plays if card.suit == led)[1]


def facts_of(deal: Deal, players: tuple[str, ...]) -> Facts:
    """Everything scoring may need, derived from the tricks or taken from the summary."""
    special = deal.special
    if deal.summary is not None:
        s = deal.summary
        counts = s.counts
        if s.order is not None:
            counts = {p: s.order.count(p) for p in players}
        won = {p: list(s.won.get(p, ())) for p in players} if s.won is not None else None
        points: dict[str, int] = {}
        effect = special.effect
        doubler = None
        if s.special_winner:
            if "doubles" in effect:
                doubler = s.special_winner
            for name in ("trick_winner", "next_trick", "last_trick"):
                if name in effect:
                    points[s.special_winner] = points.get(s.special_winner, 0) + effect[name]
        if s.scout is not None and "per_face_in_trick" in effect:
            points[s.scout[0]] = effect["per_face_in_trick"] * s.scout[1]
        return Facts(counts, s.order, won, points, doubler, s.next_dealer, None, None)
    order = tuple(trick.winner for trick in deal.tricks)
    won: dict[str, list[Card]] = {p: [] for p in players}
    points = {}
    doubler = None
    next_dealer = blue_five = red_five = None
    effect = special.effect
    for position, trick in enumerate(deal.tricks):
        won[trick.winner].extend(card for _, card in trick.plays)
        for player, card in trick.plays:
            if card.id == "5g":
                next_dealer = trick.winner
            elif card.id == "5b":
                blue_five = player
            elif card.id == "5r":
                red_five = player
            if card.id != special.card.id:
                continue
            last = position == len(deal.tricks) - 1
            gains = {trick.winner: effect.get("trick_winner", 0)}
            if "next_trick" in effect and not last:
                following = deal.tricks[position + 1].winner
                gains[following] = gains.get(following, 0) + effect["next_trick"]
            if "last_trick" in effect and last:
                gains[player] = gains.get(player, 0) + effect["last_trick"]
            if "per_face_in_trick" in effect:
                faces = sum(1 for _, other in trick.plays if other.face and not other.magic)
                gains[player] = gains.get(player, 0) + effect["per_face_in_trick"] * faces
            if effect.get("doubles"):
                doubler = trick.winner
            for who, gain in gains.items():
                if gain:
                    points[who] = points.get(who, 0) + gain
    counts = {p: order.count(p) for p in players}
    return Facts(counts, order, won, points, doubler, next_dealer, blue_five, red_five)


# -- scoring ----------------------------------------------------------------------------


def quest_points(quest: Quest, facts: Facts, players: tuple[str, ...], face_value: int) -> dict[str, int]:
    """Each player's points from the quest alone."""
    spec = quest.spec
    primitive = quest.primitive
    result = {p: 0 for p in players}
    counts, order, won = facts.counts, facts.order, facts.won
    seat = {p: i for i, p in enumerate(players)}

    def neighbour(player: str, which: str) -> str:
        step = -1 if which == "previous" else 1
        return players[(seat[player] + step) % len(players)]

    def matches(card: Card, match: dict) -> bool:
        if card.magic:  # rules: a magic card won has no suit and no value at scoring
            return False
        if "suits" in match and card.suit not in match["suits"]:
            return False
        if "ranks" in match and not any(_rank_of(r) == card.rank for r in match["ranks"]):
            return False
        if match.get("faces") and not card.face:
            return False
        return True

    for player in players:
        if primitive == "per_card":
            result[player] = sum(term["points"] for card in won[player] for term in spec if matches(card, term["match"]))
        elif primitive == "per_trick":
            among = spec.get("among") or {}
            if "last" in among:
                considered = order[-among["last"]:]
            elif "first" in among:
                considered = order[:among["first"]]
            else:
                considered = None
            tricks = counts[player] if considered is None else considered.count(player)
            result[player] = spec["points"] * tricks
        elif primitive == "exact_tricks":
            result[player] = spec["points"] if counts[player] == spec["count"] else 0
        elif primitive == "parity":
            # rules: "0 is not an even number"
            even = counts[player] > 0 and counts[player] % 2 == 0
            odd = counts[player] % 2 == 1
            result[player] = spec["points"] if (even if spec["parity"] == "even" else odd) else 0
        elif primitive == "longest_run":
            result[player] = spec["points"] * _longest_run(order, player, won=True)
        elif primitive == "run_at_least":
            run = _longest_run(order, player, won=spec["of"] == "won")
            result[player] = spec["points"] if run >= spec["length"] else 0
        elif primitive == "neighbour_tricks":
            result[player] = spec["points"] * counts[neighbour(player, spec["neighbour"])]
        elif primitive == "compare_neighbours":
            # In Line: two independent checks, each worth its points.
            for term in spec:
                other = counts[neighbour(player, term["neighbour"])]
                if (counts[player] < other) if term["when"] == "fewer" else (counts[player] > other):
                    result[player] += term["points"]
        elif primitive == "same_tricks":
            shared = any(counts[other] == counts[player] for other in players if other != player)
            result[player] = spec["points"] if shared == spec["shared"] else 0
        elif primitive == "triplets":
            by_rank: dict[int, int] = {}
            for card in won[player]:
                if not card.magic:
                    by_rank[card.rank] = by_rank.get(card.rank, 0) + 1
            result[player] = sum((n // 3) * (spec["faces"] if rank >= 12 else spec["others"])
                                 for rank, n in by_rank.items())
        elif primitive == "suit_count":
            per_suit = [sum(1 for c in won[player] if c.suit == suit) for suit in SUITS]
            result[player] = min(per_suit) if spec["which"] == "fewest" else max(per_suit)
        elif primitive == "lowest_value":
            values = [c.value for c in won[player] if c.suit == spec["suit"] and c.value is not None]
            result[player] = min(values) if values else 0
    if primitive == "card_sum":
        sums = {p: sum((c.value if c.value is not None else face_value) for c in won[p] if not c.magic)
                for p in players}
        best = max(sums.values())
        for player in players:  # a tie: every highest total scores
            result[player] = spec["highest"] if sums[player] == best else 0
    elif primitive == "reach":
        reached = []
        tally = {p: 0 for p in players}
        for winner in order:
            tally[winner] += 1
            if tally[winner] == spec["tricks"]:
                reached.append(winner)
        for place, player in enumerate(reached):
            result[player] = spec["first"] + place * spec["step"]
    return result


def _rank_of(text) -> int:
    from .cards import FACES

    return int(text) if isinstance(text, int) else FACES[key(str(text))]


def _longest_run(order: tuple[str, ...], player: str, won: bool) -> int:
    best = current = 0
    for winner in order:
        current = current + 1 if (winner == player) == won else 0
        best = max(best, current)
    return best


class DealScore(NamedTuple):
    quest: dict[str, int]
    special: dict[str, int]
    doubled: str | None
    total: dict[str, int]


def score(deal: Deal, players: tuple[str, ...], rules: Rules) -> DealScore:
    """Quest points, then the special card's points, then the Enchanter's doubling."""
    facts = facts_of(deal, players)
    from_quest = quest_points(deal.quest, facts, players, rules.face_value)
    from_special = {p: facts.special_points.get(p, 0) for p in players}
    total = {p: from_quest[p] + from_special[p] for p in players}
    if facts.doubler is not None:
        total[facts.doubler] *= 2
    return DealScore(from_quest, from_special, facts.doubler, total)


# -- the score pad: a game of 7 deals -------------------------------------------------------


class DealEvent(NamedTuple):
    deal: Deal
    words: str  # canonical words, as saved


class TrickEvent(NamedTuple):
    trick: Trick
    words: str


class RemoveEvent(NamedTuple):
    number: int


class DealState(NamedTuple):
    """A deal as it stands after replay: numbered, maybe open (tricks still to come) or removed."""

    number: int
    deal: Deal
    removed: bool = False

    def complete(self, players: int) -> bool:
        return self.deal.summary is not None or len(self.deal.tricks) == HAND[players]


class Row(NamedTuple):
    number: int
    title: str
    points: dict[str, int] | None  # None while the deal is open
    totals: dict[str, int]
    note: str


def check_players(names: list[str]) -> tuple[str, ...]:
    names = [name.strip() for name in names if name.strip()]
    if not 3 <= len(names) <= 5:
        raise InputError(f"Le Roi des Nains is for 3 to 5 players (got {len(names)}): --players Ana,Ben,Cleo")
    for name in names:
        if not PLAYER_NAME.match(name) or is_answer(name):
            raise InputError(f"player name {name!r}: use letters, digits and hyphens")
    if len({key(n) for n in names}) != len(names):
        raise InputError(f"two players share a name: {', '.join(names)}")
    return tuple(names)


class RoiGame(NamedTuple):
    """A Roi des Nains score pad: players in seating order (clockwise) and the log of deals."""

    name: str
    players: tuple[str, ...]
    rules: Rules
    events: tuple = ()

    kind = "roi-des-nains"
    data_file = "roi-des-nains.yaml"
    read_rules = staticmethod(read_rules)

    @classmethod
    def new(cls, name: str, players: list[str], rules: Rules) -> "RoiGame":
        return cls(name, check_players(players), rules)

    # -- replay ---------------------------------------------------------------------------

    def standing(self) -> list:
        """The events still in force (each undo cancels the latest one not yet cancelled)."""
        return standing(self.events)

    def deals(self) -> list[DealState]:
        states: list[DealState] = []
        for event in self.standing():
            if isinstance(event, DealEvent):
                if event.deal.replaces is not None:
                    number = event.deal.replaces
                    states[number - 1] = DealState(number, event.deal)
                else:
                    states.append(DealState(len(states) + 1, event.deal))
            elif isinstance(event, TrickEvent):
                last = states[-1]
                states[-1] = last._replace(deal=last.deal._replace(tricks=last.deal.tricks + (event.trick,)))
            elif isinstance(event, RemoveEvent):
                states[event.number - 1] = states[event.number - 1]._replace(removed=True)
        return states

    def open_deal(self) -> DealState | None:
        states = self.deals()
        if states and not states[-1].removed and not states[-1].complete(len(self.players)):
            return states[-1]
        return None

    def rows(self) -> list[Row]:
        """One row per deal: its quest, each player's points and the running totals."""
        totals = {p: 0 for p in self.players}
        rows = []
        for state in self.deals():
            title = f"{state.deal.quest.title} + {state.deal.special.name}"
            if state.removed:
                rows.append(Row(state.number, title, None, dict(totals), "removed"))
                continue
            if not state.complete(len(self.players)):
                done = len(state.deal.tricks)
                rows.append(Row(state.number, title, None, dict(totals),
                                f"playing: {done} of {HAND[len(self.players)]} tricks"))
                continue
            result = score(state.deal, self.players, self.rules)
            for p in self.players:
                totals[p] += result.total[p]
            note = f"{result.doubled} doubles (Enchanter)" if result.doubled else ""
            rows.append(Row(state.number, title, result.total, dict(totals), note))
        return rows

    def totals(self) -> dict[str, int]:
        rows = self.rows()
        return rows[-1].totals if rows else {p: 0 for p in self.players}

    def played(self) -> int:
        return sum(1 for s in self.deals() if not s.removed and s.complete(len(self.players)))

    def winner(self) -> str | None:
        """After 7 deals, the single highest total; a tie plays on."""
        if self.played() < DEALS or self.open_deal() is not None:
            return None
        totals = self.totals()
        best = max(totals.values())
        leaders = [p for p in self.players if totals[p] == best]
        return leaders[0] if len(leaders) == 1 else None

    def status(self) -> list[str]:
        """What the table needs to hear now: next dealer, who chose and led, the winner or the tie."""
        lines = []
        states = [s for s in self.deals() if not s.removed]
        if states:
            last = states[-1]
            facts = facts_of(last.deal, self.players) if last.complete(len(self.players)) else None
            if facts is not None:
                if facts.next_dealer:
                    lines.append(f"next dealer: {facts.next_dealer} (won the green 5)")
                if facts.blue_five:
                    lines.append(f"deal {last.number}: quest chosen by {facts.blue_five} (blue 5), "
                                 f"first trick led by {facts.red_five or '?'} (red 5)")
            else:
                done = len(last.deal.tricks)
                lead = last.deal.tricks[-1].winner if done else "the holder of the red 5"
                lines.append(f"deal {last.number}: {done} of {HAND[len(self.players)]} tricks; {lead} leads next")
        played = self.played()
        winner = self.winner()
        if winner:
            lines.append(f"{winner} wins and becomes the new Dwarf King with {self.totals()[winner]} points")
        elif played >= DEALS and self.open_deal() is None:
            totals = self.totals()
            best = max(totals.values())
            tied = [p for p in self.players if totals[p] == best]
            lines.append(f"tie between {join_names(tied)} at {best}: play another deal")
        elif played < DEALS:
            lines.append(f"{played} of {DEALS} deals played")
        return lines

    # -- recording --------------------------------------------------------------------------

    def record(self, event) -> "RoiGame":
        """A new pad with ``event`` appended; refused with the reason if it cannot be."""
        states = self.deals()
        open_deal = self.open_deal()
        if isinstance(event, Undo):
            if not self.standing():
                raise InputError("nothing to undo: no deal is recorded")
        elif isinstance(event, RemoveEvent):
            if not 1 <= event.number <= len(states) or states[event.number - 1].removed:
                raise InputError(f"no deal {event.number} to remove (deals: "
                                 f"{', '.join(str(s.number) for s in states if not s.removed) or 'none'})")
            if open_deal is not None and open_deal.number != event.number:
                raise AssistantError(f"deal {open_deal.number} is still being played: finish or undo it first")
        elif isinstance(event, TrickEvent):
            if open_deal is None:
                raise InputError("no deal is being played: start one with assistant quest deal QUEST --special CARD")
            self._check_trick(open_deal.deal, event.trick)
        elif isinstance(event, DealEvent):
            deal = event.deal
            if deal.replaces is not None:
                if not 1 <= deal.replaces <= len(states) or states[deal.replaces - 1].removed:
                    raise InputError(f"no deal {deal.replaces} to correct")
                if deal.summary is None:
                    raise InputError("a correction gives the deal's summary (--tricks, --order, --won, ...)")
            else:
                if open_deal is not None:
                    raise AssistantError(f"deal {open_deal.number} is still being played "
                                         f"({len(open_deal.deal.tricks)} of {HAND[len(self.players)]} tricks): "
                                         f"record its tricks, or undo it")
                if self.winner() is not None:
                    raise AssistantError(f"the game is over: {self.winner()} won")
            if deal.summary is not None:
                self._check_summary(deal)
        return self._replace(events=self.events + (event,))

    def _check_trick(self, deal: Deal, trick: Trick) -> None:
        done = deal.tricks
        if done and trick.leader != done[-1].winner:
            raise InputError(f"{done[-1].winner} won the last trick and leads this one, not {trick.leader}")
        seen = {card.id for t in done for _, card in t.plays}
        for _, card in trick.plays:
            if card.id in seen:
                raise InputError(f"{card.id} was already played in this deal")
            seen.add(card.id)
        available = deck(len(self.players), deal.special)
        for _, card in trick.plays:
            if card.id not in available:
                raise InputError(_not_in_deck(card, len(self.players), deal.special))

    def _check_summary(self, deal: Deal) -> None:
        s, quest, special = deal.summary, deal.quest, deal.special
        hand = HAND[len(self.players)]
        if s.counts is not None:
            missing = [p for p in self.players if p not in s.counts]
            if missing:
                raise InputError(f"--tricks needs every player's tricks (missing {join_names(missing)})")
            if sum(s.counts.values()) != hand:
                raise InputError(f"the tricks add up to {sum(s.counts.values())}, but a hand of "
                                 f"{len(self.players)} players has {hand} tricks")
        if s.order is not None and len(s.order) != hand:
            raise InputError(f"--order lists {len(s.order)} tricks, but a hand of {len(self.players)} "
                             f"players has {hand}")
        if s.counts is not None and s.order is not None:
            if any(s.order.count(p) != s.counts[p] for p in self.players):
                raise InputError("--tricks and --order disagree about who won how many tricks")
        if s.won is not None:
            available = deck(len(self.players), special)
            seen: set[str] = set()
            for player, cards in s.won.items():
                for card in cards:
                    if card.id not in available:
                        raise InputError(_not_in_deck(card, len(self.players), special))
                    if card.id in seen:
                        raise InputError(f"{card.id} is listed twice: a card is won once")
                    seen.add(card.id)
                tricks = (s.counts or {}).get(player)
                if tricks is None and s.order is not None:
                    tricks = s.order.count(player)
                if tricks is not None and len(cards) > tricks * len(self.players):
                    raise InputError(f"{player} won {tricks} tricks, so at most {tricks * len(self.players)} "
                                     f"cards, not {len(cards)}")
        needs = quest.needs
        if needs == "order" and s.order is None:
            raise InputError(f"{quest.title} depends on the order of the tricks: give --order with each "
                             f"trick's winner, first to last (or record the deal trick by trick)")
        if needs == "counts" and s.counts is None and s.order is None:
            raise InputError(f"{quest.title} needs each player's number of tricks: --tricks "
                             + ",".join(f"{p}=N" for p in self.players))
        if needs == "cards" and s.won is None:
            raise InputError(f"{quest.title} needs the cards each player won: --won NAME=cards "
                             f"(only the cards this quest counts are needed)")
        effect = special.effect
        if any(name in effect for name in ("trick_winner", "doubles")) and not s.special_winner:
            raise InputError(f"{special.name} needs who won its trick: --special-winner NAME")
        if any(name in effect for name in ("next_trick", "last_trick")) and s.special_winner is None:
            what = "who won the trick after it" if "next_trick" in effect else "who played it in the last trick"
            raise InputError(f"{special.name} needs {what}: --special-winner NAME (or none)")
        if "per_face_in_trick" in effect and s.scout is None:
            raise InputError(f"{special.name} needs who played it and the J, Q, K, A in its trick: "
                             f"--scout NAME=N (N from 0 to {len(self.players) - 1})")

    # -- the words of events -----------------------------------------------------------------

    def player(self, text: str) -> str:
        for player in self.players:
            if key(player) == key(text):
                return player
        raise InputError(f"unknown player {text!r}: this game has {join_names(self.players)}")

    def card(self, text: str, special: Special) -> Card:
        rank_suit = parse_rank_suit(text)
        if rank_suit is not None and not (rank_suit[0] in (1, 11)):
            from .cards import basic_id
            return Card(basic_id(*rank_suit), rank_suit[1], rank_suit[0])
        try:
            found = self.rules.special(text)
        except InputError:
            raise InputError(f"unknown card {text!r}: write rank then suit, e.g. Kg (king of green), 10b, "
                             f"Qr, or a special card's name such as {special.id}") from None
        return found.card

    def read_step(self, text: str):
        words = _split(text)
        if not words:
            raise InputError("empty step")
        verb, rest = key(words[0]), words[1:]
        if verb == "undo" and not rest:
            return Undo()
        if verb == "remove" and len(rest) == 1:
            number = rest[0].lstrip("#")
            if not (number.isdigit() and number.isascii()) or int(number) == 0:
                raise InputError(f"expected a deal number (got {rest[0]!r})")
            return RemoveEvent(int(number))
        if verb == "deal":
            return self.read_deal(rest)
        if verb == "trick":
            return self.read_trick(rest)
        raise InputError(f"unknown step {text!r}: expected deal ..., trick ..., remove N or undo")

    def read_deal(self, words: list[str]) -> DealEvent:
        """``13A --special flag-bearer [--tricks A=4,...] [--order A,B,...] [--won A=Kg,Qb]...``"""
        options, positional = _options(words, ("--special", "--tricks", "--order", "--won", "--special-winner",
                                               "--scout", "--dealer-next", "--replace"))
        if len(positional) != 1:
            raise InputError("write: deal QUEST --special CARD [--tricks ...] (QUEST: a tile and face, e.g. 13A)")
        quest = self.rules.quest(positional[0])
        if "--special" not in options:
            raise InputError("which special card was shuffled in? add --special NAME (e.g. --special flag-bearer)")
        special = self.rules.special(options["--special"][-1])
        summary = None
        summary_options = {"--tricks", "--order", "--won", "--special-winner", "--scout", "--dealer-next"}
        if summary_options & set(options):
            counts = None
            if "--tricks" in options:
                counts = {}
                for pair in _pairs(options["--tricks"]):
                    name, _, number = pair.partition("=")
                    if not number.strip().isdigit():
                        raise InputError(f"--tricks takes NAME=N pairs (got {pair!r})")
                    counts[self.player(name)] = int(number)
            order = None
            if "--order" in options:
                order = tuple(self.player(name) for name in _pairs(options["--order"]))
            won = None
            if "--won" in options:
                won = {}
                for entry in options["--won"]:
                    name, sep, cards = entry.partition("=")
                    if not sep:
                        raise InputError(f"--won takes NAME=cards (got {entry!r}), e.g. --won Ana=Kg,Qb")
                    player = self.player(name)
                    won[player] = won.get(player, ()) + tuple(self.card(c, special) for c in _pairs([cards]))
            special_winner = None
            if "--special-winner" in options:
                text = options["--special-winner"][-1]
                special_winner = "" if key(text) in ("none", "nobody", "personne") else self.player(text)
            scout = None
            if "--scout" in options:
                name, _, number = options["--scout"][-1].partition("=")
                if not number.strip().isdigit() or int(number) >= len(self.players):
                    raise InputError(f"--scout takes NAME=N, N the J, Q, K, A in its trick (0-{len(self.players) - 1})")
                scout = (self.player(name), int(number))
            next_dealer = self.player(options["--dealer-next"][-1]) if "--dealer-next" in options else None
            summary = Summary(counts, order, won, special_winner, scout, next_dealer)
        replaces = None
        if "--replace" in options:
            number = options["--replace"][-1].lstrip("#")
            if not number.isdigit() or int(number) == 0:
                raise InputError(f"--replace takes a deal number (got {options['--replace'][-1]!r})")
            replaces = int(number)
        deal = Deal(quest, special, (), summary, replaces)
        return DealEvent(deal, self._deal_words(deal))

    def _deal_words(self, deal: Deal) -> str:
        words = ["deal", deal.quest.id, "--special", deal.special.id]
        s = deal.summary
        if s is not None:
            if s.counts is not None:
                words += ["--tricks", ",".join(f"{p}={s.counts[p]}" for p in self.players if p in s.counts)]
            if s.order is not None:
                words += ["--order", ",".join(s.order)]
            for player, cards in (s.won or {}).items():
                words += ["--won", f"{player}={','.join(c.id for c in cards)}"]
            if s.special_winner is not None:
                words += ["--special-winner", s.special_winner or "none"]
            if s.scout is not None:
                words += ["--scout", f"{s.scout[0]}={s.scout[1]}"]
            if s.next_dealer is not None:
                words += ["--dealer-next", s.next_dealer]
        if deal.replaces is not None:
            words += ["--replace", str(deal.replaces)]
        return shlex.join(words)

    def read_trick(self, words: list[str]) -> TrickEvent:
        """``Ana: 5g 7g Kb [--winner Ben]``: the leader, then the cards in play order."""
        options, positional = _options(words, ("--winner",))
        if len(positional) < 2:
            raise InputError("write: trick LEADER CARD CARD ... (the leader, then each card in play order)")
        open_deal = self.open_deal()
        if open_deal is None:
            raise InputError("no deal is being played: start one with assistant quest deal QUEST --special CARD")
        leader = self.player(positional[0].rstrip(":"))
        cards = [self.card(word, open_deal.deal.special) for word in positional[1:]]
        if len(cards) != len(self.players):
            raise InputError(f"a trick has one card per player: {len(self.players)} cards (got {len(cards)})")
        start = self.players.index(leader)
        seats = [self.players[(start + i) % len(self.players)] for i in range(len(self.players))]
        plays = tuple(zip(seats, cards))
        derived = follow_suit_winner(plays)
        stated = self.player(options["--winner"][-1]) if "--winner" in options else None
        if derived is None and stated is None:
            magic = [c.id for c in cards if c.magic]
            raise InputError(f"{join_names(magic)} decides this trick by its text: say who won with --winner NAME")
        if derived is not None and stated is not None and stated != derived:
            raise InputError(f"by follow-suit {derived} wins this trick, not {stated}")
        winner = stated or derived
        trick = Trick(leader, plays, winner, stated is not None)
        text = ["trick", f"{leader}:", *(card.id for card in cards)]
        if stated is not None and derived is None:
            text += ["--winner", stated]
        return TrickEvent(trick, shlex.join(text))

    def step(self, event) -> str:
        if isinstance(event, (DealEvent, TrickEvent)):
            return event.words
        if isinstance(event, RemoveEvent):
            return f"remove {event.number}"
        return "undo"

    # -- the saved form --------------------------------------------------------------------------

    def header(self) -> dict:
        return {"pad": self.kind, "players": list(self.players)}

    def to_mapping(self) -> dict:
        return {"assistant": "pad/1", **self.header(), "events": [self.step(e) for e in self.events]}

    @classmethod
    def from_header(cls, data: dict, name: str, rules: Rules, source: str) -> "RoiGame":
        players = data.get("players")
        if isinstance(players, str):
            players = players.split(",")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise DataError(f"{source}: players: expected a list of names (got {players!r})")
        try:
            return cls.new(name, players, rules)
        except InputError as error:
            raise DataError(f"{source}: players: {error}") from None

    @classmethod
    def from_mapping(cls, data: dict, name: str, rules: Rules, source: str, where=events_place) -> "RoiGame":
        return from_saved(cls, data, name, rules, source, ("players",), where)


def _not_in_deck(card: Card, players: int, special: Special) -> str:
    if card.id == "2g" and players == 3:
        return "the green 2 stays in the box at 3 players: it cannot be played"
    if card.special:
        return f"{card.id} is not in this deal: the special card shuffled in is {special.id}"
    return f"{card.id} is not a card of this deck"


def _split(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError as error:
        raise InputError(f"cannot split {text!r} into words ({error})") from None


def _pairs(values) -> list[str]:
    """'A=1,B=2' or several values -> ['A=1', 'B=2']."""
    if isinstance(values, str):
        values = [values]
    return [part.strip() for value in values for part in value.replace(";", ",").split(",") if part.strip()]


def _options(words: list[str], names: tuple[str, ...]) -> tuple[dict[str, list[str]], list[str]]:
    """Split ``--name value`` (repeatable) options from positional words."""
    options: dict[str, list[str]] = {}
    positional: list[str] = []
    position = 0
    while position < len(words):
        word = words[position]
        flag, sep, value = word.partition("=") if word.startswith("--") else (word, "", "")
        if word.startswith("--"):
            if flag not in names:
                raise InputError(f"unknown option {flag!r}: expected {', '.join(names)}")
            if not sep:
                if position + 1 >= len(words):
                    raise InputError(f"{flag} needs a value")
                position += 1
                value = words[position]
            options.setdefault(flag, []).append(value)
        else:
            positional.append(word)
        position += 1
    return options, positional


PAD = RoiGame
