"""Le Roi des Nains scoring: one table of scorers, keyed by the primitive a quest is written in.

A quest in ``boards/roi-des-nains.yaml`` is one primitive and its spec
(``per_trick: {points: 1}``). Everything the tool knows about a primitive
is one row of ``SCORERS``: what a summary must give to score it, which spec
keys it requires, how it scores a deal, and how it reads aloud in
``quest list``. A new primitive is one row, not a branch in four places.

Seats: players are listed in seating order, clockwise (play goes clockwise).
A player's *next* player sits after them in that list; their *previous*
player sits before them (the counter-clockwise neighbour).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from assistant.engine.i18n import N_, _, english, plurals
from assistant.engine.records import NamedTuple
from assistant.games.roi_des_nains.cards import FACES, SUITS, Card, rank_letters

# What a summary must give to score a quest: each player's trick count, the
# winner of every trick in order, the cards won (only those the quest counts),
# or every card of the deal (the quest compares whole piles).
COUNTS, ORDER, CARDS, EVERY_CARD = "counts", "order", "cards", "every card"

# The special card's effects that go to whoever won its trick: a summary that
# lists the card among someone's won cards says who that was.
WINNER_EFFECTS = ("trick_winner", "doubles")


class Facts(NamedTuple):
    """What is known of a finished deal, from its tricks or its summary."""

    counts: dict[str, int] | None
    order: tuple[str, ...] | None
    won: dict[str, list[Card]] | None
    special_points: dict[str, int]
    doubler: str | None
    next_dealer: str | None
    blue_five: str | None  # who played the blue 5 (chose this deal's quest)
    red_five: str | None  # who led the first trick (the holder of the red 5 leads it)

    # What a quest's scorer reads. A summary may leave out what its quest does not need, never what it
    # needs (``Quest.needs``, checked when the deal is recorded), so a scorer finds it there.
    @property
    def known_counts(self) -> dict[str, int]:
        assert self.counts is not None, "a quest needing the tricks' counts was scored without them"
        return self.counts

    @property
    def known_order(self) -> tuple[str, ...]:
        assert self.order is not None, "a quest needing the tricks' order was scored without it"
        return self.order

    @property
    def known_won(self) -> dict[str, list[Card]]:
        assert self.won is not None, "a quest needing the cards won was scored without them"
        return self.won


class Seats(NamedTuple):
    """The players in seating order (clockwise), and each one's neighbours."""

    players: tuple[str, ...]

    def neighbour(self, player: str, which: str) -> str:
        """'next' is clockwise (after in the list); 'previous' is counter-clockwise (before)."""
        step = -1 if which == "previous" else 1
        return self.players[(self.players.index(player) + step) % len(self.players)]


Points = dict[str, int]


class Scorer(NamedTuple):
    """One primitive: what it needs, its spec's required keys, how it scores, how it reads."""

    needs: Callable[[Any], str]
    check: Callable[[Any], list[str]]
    points: Callable[[Any, Facts, Seats, int], Points]
    describe: Callable[[Any, int, Callable[[str], str]], str]  # spec, face value, tr (english or _)


# -- spec checks ----------------------------------------------------------------------------


def _number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _requires(*names: str) -> Callable[[Any], list[str]]:
    def check(spec: Any) -> list[str]:
        if not isinstance(spec, dict):
            return [_("expected a mapping")]
        missing = [name for name in names if name not in spec]
        return [_("missing {names}").format(names=", ".join(missing))] if missing else []
    return check


def _check_per_card(spec: Any) -> list[str]:
    ok = isinstance(spec, list) and spec and all(
        isinstance(term, dict) and _number(term.get("points")) and isinstance(term.get("match"), dict)
        and set(term["match"]) <= {"ranks", "suits", "faces"} for term in spec)
    return [] if ok else [_("expected a list of {{match: {{ranks, suits, faces}}, points}}").format()]


def _check_neighbours(spec: Any) -> list[str]:
    ok = isinstance(spec, list) and all(
        isinstance(t, dict) and t.get("neighbour") in ("previous", "next") and t.get("when") in ("fewer", "more")
        and _number(t.get("points")) for t in spec)
    return [] if ok else [_("expected a list of {{neighbour: previous|next, when: fewer|more, points}}").format()]


def _always(need: str) -> Callable[[Any], str]:
    return lambda spec: need


# -- scorers: each gives every player's points from the quest alone --------------------------


def _each(seats: Seats, score: Callable[[str], int]) -> Points:
    return {player: score(player) for player in seats.players}


def _rank_of(text: object) -> int:
    return text if isinstance(text, int) else FACES[str(text).lower()]


def _matches(card: Card, match: dict) -> bool:
    if card.magic:  # rules: a magic card won has no suit and no value at scoring
        return False
    if "suits" in match and card.suit not in match["suits"]:
        return False
    if "ranks" in match and not any(_rank_of(r) == card.rank for r in match["ranks"]):
        return False
    return not (match.get("faces") and not card.face)


def _per_card(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    return _each(seats, lambda p: sum(term["points"] for card in facts.known_won[p] for term in spec
                                      if _matches(card, term["match"])))


def _considered(spec, facts: Facts) -> tuple[str, ...] | None:
    """The tricks a per-trick quest looks at (None: all of them, so counts suffice)."""
    among = spec.get("among") or {}
    if "last" in among:
        return facts.known_order[-among["last"]:]
    if "first" in among:
        return facts.known_order[:among["first"]]
    return None


def _per_trick(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    considered = _considered(spec, facts)
    return _each(seats, lambda p: spec["points"] * (facts.known_counts[p] if considered is None
                                                    else considered.count(p)))


def _exact_tricks(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    return _each(seats, lambda p: spec["points"] if facts.known_counts[p] == spec["count"] else 0)


def _parity(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    def score(player: str) -> int:
        count = facts.known_counts[player]
        even = count > 0 and count % 2 == 0  # rules: "0 is not an even number"
        return spec["points"] if (even if spec["parity"] == "even" else count % 2 == 1) else 0
    return _each(seats, score)


def _longest_run(order: tuple[str, ...], player: str, won: bool) -> int:
    best = current = 0
    for winner in order:
        current = current + 1 if (winner == player) == won else 0
        best = max(best, current)
    return best


def _longest_run_points(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    return _each(seats, lambda p: spec["points"] * _longest_run(facts.known_order, p, won=True))


def _run_at_least(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    return _each(seats, lambda p: spec["points"] if _longest_run(facts.known_order, p, spec["of"] == "won")
                 >= spec["length"] else 0)


def _neighbour_tricks(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    return _each(seats, lambda p: spec["points"] * facts.known_counts[seats.neighbour(p, spec["neighbour"])])


def _compare_neighbours(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    def score(player: str) -> int:  # In Line: independent checks, each worth its points
        mine = facts.known_counts[player]
        total = 0
        for term in spec:
            other = facts.known_counts[seats.neighbour(player, term["neighbour"])]
            if (mine < other) if term["when"] == "fewer" else (mine > other):
                total += term["points"]
        return total
    return _each(seats, score)


def _same_tricks(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    def score(player: str) -> int:
        shared = any(facts.known_counts[o] == facts.known_counts[player] for o in seats.players if o != player)
        return spec["points"] if shared == spec["shared"] else 0
    return _each(seats, score)


def _triplets(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    def score(player: str) -> int:
        by_rank: dict[int, int] = {}
        for card in facts.known_won[player]:
            if not card.magic:
                by_rank[card.rank] = by_rank.get(card.rank, 0) + 1
        return sum((n // 3) * (spec["faces"] if rank >= 12 else spec["others"]) for rank, n in by_rank.items())
    return _each(seats, score)


def _suit_count(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    def score(player: str) -> int:
        per_suit = [sum(1 for c in facts.known_won[player] if c.suit == suit) for suit in SUITS]
        return min(per_suit) if spec["which"] == "fewest" else max(per_suit)
    return _each(seats, score)


def _lowest_value(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    def score(player: str) -> int:
        values = [c.value for c in facts.known_won[player] if c.suit == spec["suit"] and c.value is not None]
        return min(values) if values else 0
    return _each(seats, score)


def _card_sum(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    sums = {p: sum((c.value if c.value is not None else face_value) for c in facts.known_won[p] if not c.magic)
            for p in seats.players}
    best = max(sums.values())
    return _each(seats, lambda p: spec["highest"] if sums[p] == best else 0)  # a tie: every highest scores


def _reach(spec, facts: Facts, seats: Seats, face_value: int) -> Points:
    reached: list[str] = []
    tally = {p: 0 for p in seats.players}
    for winner in facts.known_order:
        tally[winner] += 1
        if tally[winner] == spec["tricks"]:
            reached.append(winner)
    return _each(seats, lambda p: spec["first"] + reached.index(p) * spec["step"] if p in reached else 0)


# -- how each primitive reads aloud (quest list) ----------------------------------------------
#
# Every description takes ``tr``: ``_`` for the words a player reads, or ``english`` for
# ``quest list --json`` and the exports, which stay canonical whatever language is spoken.


SUIT_SAID = {"green": N_("green"), "blue": N_("blue"), "red": N_("red")}
SUIT_CARD = {"green": N_("green card"), "blue": N_("blue card"), "red": N_("red card")}  # French: the adjective agrees
NEIGHBOUR_SAID = {"previous": N_("your previous player"), "next": N_("your next player")}


def _signed(points: int) -> str:
    return f"{points:+d}"


def _either(words: list[str], tr) -> str:
    """'3 or 4', '3, 4 or 5': alternatives said in one phrase."""
    if len(words) == 1:
        return words[0]
    return tr(N_("{some} or {last}")).format(some=", ".join(words[:-1]), last=words[-1])


def both(parts, tr) -> str:
    """Several scoring terms in one line: 'A; B' (French: 'A ; B')."""
    parts = list(parts)
    said = parts[0] if parts else ""
    for part in parts[1:]:
        said = tr(N_("{first}; {second}")).format(first=said, second=part)
    return said


def _ranks_text(ranks: list, tr) -> str:
    letters = rank_letters(tr)
    return _either([letters.get(str(rank).upper(), str(rank)) for rank in ranks], tr)


def _faces_text(tr) -> str:
    letters = rank_letters(tr)
    return _either([letters[face] for face in "JQKA"], tr)


def _describe_match(match: dict, tr) -> str:
    parts = []
    if match.get("faces"):
        parts.append(_faces_text(tr))
    if "ranks" in match:
        parts.append(_ranks_text(match["ranks"], tr))
    suits = match.get("suits") or []
    if not parts:
        if len(suits) == 1:
            return tr(SUIT_CARD[suits[0]])
        if suits:
            return tr(N_("{suits} card")).format(suits=_either([tr(SUIT_SAID[s]) for s in suits], tr))
        return tr(N_("card"))
    what = " ".join(parts)
    if suits:
        return tr(N_("{suits} {ranks}")).format(suits=_either([tr(SUIT_SAID[s]) for s in suits], tr), ranks=what)
    return what


def _describe_per_card(spec, face_value: int, tr) -> str:
    return both((tr(N_("{points} per {card} won")).format(points=_signed(t["points"]),
                                                           card=_describe_match(t["match"], tr)) for t in spec), tr)


def _describe_per_trick(spec, face_value: int, tr) -> str:
    among = spec.get("among") or {}
    points = _signed(spec["points"])
    if "last" in among:
        return plurals(tr).ngettext("{points} per trick won among the last {count}",
                                    "{points} per trick won among the last {count}",
                                    among["last"]).format(points=points, count=among["last"])
    if "first" in among:
        return plurals(tr).ngettext("{points} per trick won among the first {count}",
                                    "{points} per trick won among the first {count}",
                                    among["first"]).format(points=points, count=among["first"])
    return tr(N_("{points} per trick won")).format(points=points)


COMPARED = {("fewer", "previous"): N_("{points} if you won fewer tricks than your previous player"),
            ("fewer", "next"): N_("{points} if you won fewer tricks than your next player"),
            ("more", "previous"): N_("{points} if you won more tricks than your previous player"),
            ("more", "next"): N_("{points} if you won more tricks than your next player")}


def _describe_neighbours(spec, face_value: int, tr) -> str:
    return both((tr(COMPARED[t["when"], t["neighbour"]]).format(points=_signed(t["points"])) for t in spec), tr)


def _describe_card_sum(spec, face_value: int, tr) -> str:
    return tr(N_("{points} to the highest sum of card values 1-11 won ({faces} count {value}; a tie: each highest)")
              ).format(points=_signed(spec["highest"]), faces=", ".join(rank_letters(tr).values()), value=face_value)


def _describe_reach(spec, face_value: int, tr) -> str:
    return plurals(tr).ngettext(
        "{first} to the first player to win {tricks} trick, {second} to the second, and so on",
        "{first} to the first player to win {tricks} tricks, {second} to the second, and so on",
        spec["tricks"]).format(
        first=_signed(spec["first"]), tricks=spec["tricks"], second=_signed(spec["first"] + spec["step"]))


def _describe_triplets(spec, face_value: int, tr) -> str:
    return tr(N_("{faces} per three of a kind of {face_ranks} won; {others} per other three of a kind")).format(
        faces=_signed(spec["faces"]), face_ranks=_faces_text(tr), others=_signed(spec["others"]))


def _describe_exact(spec, face_value: int, tr) -> str:
    count = spec["count"]
    text = plurals(tr).ngettext("{points} for exactly {count} trick won", "{points} for exactly {count} tricks won",
                                count)
    return text.format(points=_signed(spec["points"]), count=count)


def _describe_parity(spec, face_value: int, tr) -> str:
    if spec["parity"] == "even":  # rules: "0 is not an even number"
        return tr(N_("{points} for an even number of tricks won (0 is not even)")).format(
            points=_signed(spec["points"]))
    return tr(N_("{points} for an odd number of tricks won")).format(points=_signed(spec["points"]))


def _describe_longest_run(spec, face_value: int, tr) -> str:
    return tr(N_("{points} per trick of your longest run of tricks won in a row")).format(
        points=_signed(spec["points"]))


def _describe_run_at_least(spec, face_value: int, tr) -> str:
    if spec["of"] == "won":
        text = plurals(tr).ngettext("{points} if you won {length} trick in a row",
                                    "{points} if you won {length} tricks in a row", spec["length"])
    else:
        text = plurals(tr).ngettext("{points} if you lost {length} trick in a row",
                                    "{points} if you lost {length} tricks in a row", spec["length"])
    return text.format(points=_signed(spec["points"]), length=spec["length"])


def _describe_neighbour_tricks(spec, face_value: int, tr) -> str:
    return tr(N_("{points} per trick won by {neighbour}")).format(
        points=_signed(spec["points"]), neighbour=tr(NEIGHBOUR_SAID[spec["neighbour"]]))


def _describe_same_tricks(spec, face_value: int, tr) -> str:
    text = (N_("{points} if another player won as many tricks as you") if spec["shared"] else
            N_("{points} if no other player won as many tricks as you"))
    return tr(text).format(points=_signed(spec["points"]))


def _describe_suit_count(spec, face_value: int, tr) -> str:
    text = (N_("+1 per card won of the suit you won fewest of") if spec["which"] == "fewest" else
            N_("+1 per card won of the suit you won most of"))
    return tr(text)


LOWEST = {"green": N_("your lowest green value won, in points ({faces} have none)"),  # one per suit: French
          "blue": N_("your lowest blue value won, in points ({faces} have none)"),  # says 'cartes vertes'
          "red": N_("your lowest red value won, in points ({faces} have none)")}


def _describe_lowest_value(spec, face_value: int, tr) -> str:
    return tr(LOWEST[spec["suit"]]).format(faces=", ".join(rank_letters(tr).values()))


def _per_trick_needs(spec) -> str:
    return ORDER if spec.get("among") else COUNTS  # the last four tricks: which ones they were


SCORERS: dict[str, Scorer] = {
    "per_card": Scorer(_always(CARDS), _check_per_card, _per_card, _describe_per_card),
    "per_trick": Scorer(_per_trick_needs, _requires("points"), _per_trick, _describe_per_trick),
    "exact_tricks": Scorer(_always(COUNTS), _requires("count", "points"), _exact_tricks, _describe_exact),
    "parity": Scorer(_always(COUNTS), _requires("parity", "points"), _parity, _describe_parity),
    "longest_run": Scorer(_always(ORDER), _requires("points"), _longest_run_points, _describe_longest_run),
    "run_at_least": Scorer(_always(ORDER), _requires("of", "length", "points"), _run_at_least,
                           _describe_run_at_least),
    "neighbour_tricks": Scorer(_always(COUNTS), _requires("neighbour", "points"), _neighbour_tricks,
                               _describe_neighbour_tricks),
    "compare_neighbours": Scorer(_always(COUNTS), _check_neighbours, _compare_neighbours, _describe_neighbours),
    "same_tricks": Scorer(_always(COUNTS), _requires("shared", "points"), _same_tricks, _describe_same_tricks),
    "card_sum": Scorer(_always(EVERY_CARD), _requires("highest"), _card_sum, _describe_card_sum),
    "reach": Scorer(_always(ORDER), _requires("tricks", "first", "step"), _reach, _describe_reach),
    "triplets": Scorer(_always(CARDS), _requires("faces", "others"), _triplets, _describe_triplets),
    "suit_count": Scorer(_always(EVERY_CARD), _requires("which"), _suit_count, _describe_suit_count),
    "lowest_value": Scorer(_always(CARDS), _requires("suit"), _lowest_value, _describe_lowest_value),
}


EFFECT_SAID = {
    "trick_winner": N_("{points} to whoever wins its trick"),
    "next_trick": N_("{points} to whoever wins the trick after it (none in the last trick)"),
    "last_trick": N_("{points} to whoever plays it in the last trick"),
    "per_face_in_trick": N_("{points} per {faces} in its trick, to whoever plays it"),
    "doubles": N_("whoever wins its trick doubles their points of the deal"),
}


def describe_effect(effect: dict, tr=english) -> str:
    """A special card's scoring effect in words ('' when it scores nothing); ``tr=_`` in the player's language."""
    faces = ", ".join(rank_letters(tr).values())
    return both((tr(EFFECT_SAID[name]).format(points=_signed(value) if name != "doubles" else "", faces=faces)
                  for name, value in effect.items()), tr)


SEATING = N_("players are listed in seating order, clockwise: your next player sits after you, your "
             "previous player before you (your counter-clockwise neighbour)")


# -- a deal's facts and its score ---------------------------------------------------------------


def facts_of(deal, players: tuple[str, ...]) -> Facts:
    """Everything scoring may need, derived from the tricks or taken from the summary."""
    if deal.summary is not None:
        return _summary_facts(deal.summary, deal.special, players)
    special, tricks = deal.special, deal.tricks
    taken_back = deal.taken_back()  # the Sorcerer lies in that trick's pile, the card taken back is played again
    order = tuple(trick.winner for trick in tricks)
    won: dict[str, list[Card]] = {p: [] for p in players}
    points: dict[str, int] = {}
    doubler = next_dealer = blue_five = None
    red_five = tricks[0].leader if tricks else None  # the holder of the red 5 leads the first trick
    effect = special.effect
    for position, trick in enumerate(tricks):
        back = taken_back.get(position + 1)
        won[trick.winner].extend(special.card if card == back else card for unused, card in trick.plays)
        for player, card in trick.plays:
            if card.id == "5b":
                blue_five = blue_five or player  # who first played it held it when the quest was chosen
            if card == back:
                continue
            if card.id == "5g":
                next_dealer = trick.winner
            if card.id != special.card.id:
                continue
            last = position == len(tricks) - 1
            gains = {trick.winner: effect.get("trick_winner", 0)}
            if "next_trick" in effect and not last:
                following = tricks[position + 1].winner
                gains[following] = gains.get(following, 0) + effect["next_trick"]
            if "last_trick" in effect and last:
                gains[player] = gains.get(player, 0) + effect["last_trick"]
            if "per_face_in_trick" in effect:
                faces = sum(1 for unused, other in trick.plays if other.face and not other.magic)
                gains[player] = gains.get(player, 0) + effect["per_face_in_trick"] * faces
            if effect.get("doubles"):
                doubler = trick.winner
            for who, gain in gains.items():
                if gain:
                    points[who] = points.get(who, 0) + gain
    counts = {p: order.count(p) for p in players}
    return Facts(counts, order, won, points, doubler, next_dealer, blue_five, red_five)


def _summary_facts(summary, special, players: tuple[str, ...]) -> Facts:
    counts = summary.counts
    if summary.order is not None:
        counts = {p: summary.order.count(p) for p in players}
    won = {p: list(summary.won.get(p, ())) for p in players} if summary.won is not None else None
    points: dict[str, int] = {}
    doubler = None
    beneficiary = summary.special_winner_of(special)
    if beneficiary:
        if "doubles" in special.effect:
            doubler = beneficiary
        for name in ("trick_winner", "next_trick", "last_trick"):
            if name in special.effect:
                points[beneficiary] = points.get(beneficiary, 0) + special.effect[name]
    if summary.scout is not None and "per_face_in_trick" in special.effect:
        points[summary.scout[0]] = special.effect["per_face_in_trick"] * summary.scout[1]
    return Facts(counts, summary.order, won, points, doubler, summary.next_dealer, None, None)


class DealScore(NamedTuple):
    quest: dict[str, int]
    special: dict[str, int]
    doubled: str | None
    total: dict[str, int]


def score(deal, players: tuple[str, ...], face_value: int) -> DealScore:
    """Quest points, then the special card's points, then the Enchanter's doubling."""
    facts = facts_of(deal, players)
    quest = deal.quest
    from_quest = SCORERS[quest.primitive].points(quest.spec, facts, Seats(players), face_value)
    from_special = {p: facts.special_points.get(p, 0) for p in players}
    total = {p: from_quest[p] + from_special[p] for p in players}
    if facts.doubler is not None:
        total[facts.doubler] *= 2
    return DealScore(from_quest, from_special, facts.doubler, total)
