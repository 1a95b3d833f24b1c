"""The Le Roi des Nains score pad: players in seating order and the log of deals.

A deal is recorded either trick by trick (who led, the cards in play order;
the winner follows from follow-suit) or as a summary holding only what its
quest and special card need. Scores and totals are always derived: the log is
replayed once per pad value (``state``), and each new step is applied to that
state after every check the rules make (``record``). A log saved by an
earlier version is replayed with the checks that keep it sound (``restore``):
a rule added since never stops an old game from loading.

The pad is a ``ScorePad`` (assistant/engine/pad.py): the log, undo and retract, the saved form and
the outcome come from there. Here are the deals' rules; their checks are in ``checks``, the deals as
they stand and the score table in ``deals``, what the pad says to the table in ``said``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from assistant.engine import log
from assistant.engine.errors import AssistantError, DataError, InputError
from assistant.engine.grammar import Form, positional
from assistant.engine.i18n import _, ngettext
from assistant.engine.pad import ScorePad
from assistant.engine.records import NamedTuple
from assistant.engine.words import check_names, key, shown
from assistant.games.roi_des_nains import checks, said
from assistant.games.roi_des_nains.cards import Card, basic_cards, basic_id, parse_rank_suit
from assistant.games.roi_des_nains.cards import said as said_card
from assistant.games.roi_des_nains.deals import (
    DEALS,
    DealState,
    Row,
    latest_in,
    open_in,
    played_in,
    score_rows,
    trick_deal_in,
    used_in,
    with_item,
)
from assistant.games.roi_des_nains.events import (
    DIRECTION_SAID,
    EVENTS,
    HAND,
    MOVES,
    NO_DEAL,
    NOBODY,
    NOBODY_SAID,
    Deal,
    DealEvent,
    DropEvent,
    PassEvent,
    RemoveEvent,
    SwapEvent,
    TakeBackEvent,
    TakeEvent,
    TrickEvent,
    between_tricks,
    deck,
    player_of,
    read_card,
)
from assistant.games.roi_des_nains.play import check_limits, check_play, settle
from assistant.games.roi_des_nains.rules import Rules, read_rules
from assistant.games.roi_des_nains.scoring import DealScore, facts_of

MOVE_FORMS = tuple(move.FORM for move in MOVES)
HANDS_OF = {SwapEvent.FORM: "swap", PassEvent.FORM: "pass", TakeEvent.FORM: "take", TakeBackEvent.FORM: "take_back"}
Deals = tuple[DealState, ...]  # what the log folds into: every deal, as it stands


class _Fields(NamedTuple):
    name: str
    players: tuple[str, ...]
    rules: Rules
    events: Sequence = ()  # a tuple, or a log extended without copies (log.Chain)


class RoiGame(_Fields, ScorePad[Deals]):
    """A Roi des Nains score pad: players in seating order (clockwise) and the log of deals."""

    kind = "roi-des-nains"
    EXPECTS = ("totals", "points", "winner")  # what a scenario may expect after a step
    HEADER_KEYS = ("players",)
    data_file = "roi-des-nains.yaml"
    read_rules = staticmethod(read_rules)
    READERS = {event.FORM: event.from_words for event in EVENTS}
    SETTLED_BY = "extra-deal"  # a tie after the seventh deal: deals played until one player leads

    @classmethod
    def new(cls, name: str, players: list[str], rules: Rules) -> RoiGame:
        names = [player.strip() for player in players if player.strip()]
        if not 3 <= len(names) <= 5:
            raise InputError(_("Le Roi des Nains is for 3 to 5 players (got {count}): --players Ana,Ben,Cleo")
                             .format(count=len(names)))
        return cls(name, check_names(names, "player", "--players Ana,Ben,Cleo"), rules)

    # -- the deals as they stand ---------------------------------------------------------------

    def initial_state(self) -> Deals:
        return ()

    def deals(self) -> list[DealState]:
        return list(self.state())

    def open_deal(self) -> DealState | None:
        """The deal whose tricks are still being entered, if any."""
        return open_in(self.state(), len(self.players))

    def trick_deal(self) -> DealState:
        """The latest deal, if it is entered trick by trick (the one ``trick --replace N`` corrects)."""
        return trick_deal_in(self.state())

    def played(self) -> int:
        return played_in(self.state(), len(self.players))

    # -- words in, words out -------------------------------------------------------------------

    def empty_step(self) -> str:
        return _("empty step: expected deal, trick, drop N, undo or retract N")

    def said_value(self, slot: str, word: str) -> str:
        """A card of a saved step as the player writes it ('Rv' for Kg, porte-etendard for flag-bearer in
        French), also in ``--won Ana=Kg,Qb`` lists; each read back (see grammar.said)."""
        if slot == "won":
            name, equals, cards = word.rpartition("=")
            return f"{name}{equals}{','.join(map(self._said_card, cards.split(',')))}" if equals else word
        if slot == "direction" and word in DIRECTION_SAID:
            return _(DIRECTION_SAID[word])
        if slot == "special-winner" and word == NOBODY[0]:
            return _(NOBODY_SAID)
        return ",".join(map(self._said_card, word.split(","))) if slot in ("card", "played", "special") else word

    def _said_card(self, word: str) -> str:
        special = next((s for s in self.rules.specials if key(word) in map(key, s.words())), None)
        if special is not None:
            return special.typed  # its French name where the rules give one ('porte-étendard'), else its id
        rank_suit = parse_rank_suit(word)
        if rank_suit is None:
            return word
        rank, suit = rank_suit
        return said_card(Card(basic_id(rank, suit), suit, rank))

    def pad_values(self, slot: str) -> tuple[str, ...]:
        """The values of this pad that fit ``slot`` (for completion): quests, cards, numbers."""
        if slot == "leader":  # written 'Ana:' in saved logs since 0.1
            return tuple(f"{player}:" for player in self.players)
        if slot == "special-winner":
            return (*self.players, NOBODY[0])
        if slot == "quest":
            return tuple(q.id for q in self.rules.quests if q.tile not in used_in(self.state()).tiles)
        if slot == "special":
            used = used_in(self.state()).specials
            return tuple(word for s in self.rules.specials if s.id not in used for word in s.words())
        if slot == "card":
            return self._cards_left()
        if slot == "played":  # the Sorcerer takes back a card of the trick just played
            deal = self.open_deal()
            return tuple(card.id for unused, card in deal.deal.tricks[-1].plays) if deal and deal.deal.tricks else ()
        if slot == "deal":
            return tuple(str(s.number) for s in self.state() if not s.removed)
        if slot == "trick":
            latest = latest_in(self.state())
            tricks = latest.deal.tricks if latest is not None else ()
            return tuple(str(number) for number in range(1, len(tricks) + 1))
        if slot == "direction":
            return tuple(DIRECTION_SAID)
        return ()  # free words: NAME=N pairs, lists of names, cards won

    def narrowed(self, slot: str, words: list[str], values: tuple[str, ...]) -> tuple[str, ...]:
        """The cards not played yet in the trick being typed, and of those the ones its next player may play
        (``_playable``); the last trick's winner to lead the next."""
        deal = self.open_deal()
        if slot == "card" and words and key(words[0]) in map(key, TrickEvent.FORM.verbs) and deal is not None:
            typed = set()
            for word in positional(TrickEvent.FORM, words[1:])[1:]:
                try:
                    typed.add(read_card(self, word, deal.deal.special).id)
                except InputError:
                    pass
            left = tuple(card for card in values if card not in typed)  # a card is played once
            return left if _replacing(TrickEvent.FORM, words) else self._playable(deal.deal, words, left)
        if slot == "played" and words and key(words[0]) in map(key, TakeBackEvent.FORM.verbs) and deal is not None:
            return self._taken_back(words, values)
        if slot == "leader" and words and key(words[0]) in map(key, TrickEvent.FORM.verbs) and deal is not None \
                and deal.deal.tricks and not _replacing(TrickEvent.FORM, words):
            winner = settle(deal.deal.tricks, deal.deal.special)[-1].winner
            return (f"{winner}:",) if winner is not None else values
        return values

    def _playable(self, deal: Deal, words: list[str], values: tuple[str, ...]) -> tuple[str, ...]:
        """The cards of ``values`` the next player of the next trick, begun with ``words``, may play: those
        after which the trick passes what recording checks (``checks.playable``). A trick typed with another
        leader, or with its cards in seating order, is offered every card left: it can only be a correction
        whose --replace is still to come, or who plays next is not known yet."""
        found = positional(TrickEvent.FORM, words[1:])
        leader = found[0].removesuffix(":") if found else ""
        if f"{leader}:" not in self.narrowed("leader", words[:1], tuple(f"{player}:" for player in self.players)):
            return values
        seating = {spelling for option in TrickEvent.FORM.options if option.name == "seating"
                   for spelling in option.spellings}
        if any(word in seating for word in words[1:]):
            return values
        try:
            typed = [read_card(self, word, deal.special) for word in found[1:]]
        except InputError:
            return values
        return tuple(card for card in values
                     if checks.playable(self, deal, leader, [*typed, read_card(self, card, deal.special)]))

    def _taken_back(self, words: list[str], values: tuple[str, ...]) -> tuple[str, ...]:
        """The cards of the trick just played the Sorcerer's holder, named in ``words``, may take back: those
        after which recording finds the hands still possible."""
        found = positional(TakeBackEvent.FORM, words[1:])
        try:
            holder = self.player(found[0])
        except (IndexError, InputError):
            return values
        kept = []
        for card in values:
            try:
                self.apply(self.state(), TakeBackEvent.build(self, holder, card), strict=True)
            except AssistantError:
                continue
            kept.append(card)
        return tuple(kept)

    def why_not_now(self, form: Form, words: list[str]) -> str | None:
        """Why a step of ``form`` cannot be recorded now whatever comes next (the grammar's hint): a deal
        while one is being played or once the game is over; a trick or a hand change with no deal being
        played; a hand change this deal's special card does not make; a trick the cards left cannot make
        (``checks.no_next_trick``). A correction (--replace) may always be typed."""
        if _replacing(form, words):
            return None
        if form is DealEvent.FORM or form in MOVE_FORMS + (TrickEvent.FORM,) and self.open_deal() is None:
            self._check_new_deal(self.state())  # the game over says how to start the next
        opened = self.open_deal()
        if form is not DealEvent.FORM and opened is None:
            return _("no deal is being played: start one with {step}").format(step=_("deal QUEST --special CARD"))
        if form in MOVE_FORMS and opened is not None:
            return self._why_no_move(form, opened.deal)
        if form is TrickEvent.FORM and opened is not None:
            return checks.no_next_trick(self, opened.deal)
        return None

    def _why_no_move(self, form: Form, deal: Deal) -> str | None:
        """Why the hand change of ``form`` cannot follow now in ``deal``, if it cannot."""
        special, after = deal.special, len(deal.tricks)
        done = deal.took()
        if form is TakeEvent.FORM and special.hands == "take" and (done is not None or not after):
            # rule text: no timing; before the first trick as well as after its own trick, once a deal
            return None if done is None else _("{card} already took cards in this deal ({when}): once a "
                                               "deal").format(card=special.said, when=checks.when(done))
        between_tricks(self)
        if HANDS_OF[form] not in (special.hands, special.play.get("between_tricks")):
            return checks.no_move(form, special)
        if form is not TakeBackEvent.FORM and player_of(deal.tricks[-1], special.card) is None:
            return checks.follows(form, special, after)
        return None

    def _cards_left(self) -> tuple[str, ...]:
        """The cards of the deal being played not played yet (no deal open: the basic cards)."""
        deal = self.open_deal()
        if deal is None:
            return tuple(card.id for card in basic_cards(len(self.players)))
        played = [card.id for trick in deal.deal.tricks for unused, card in trick.plays]
        back = {card.id for card in deal.deal.taken_back().values()}  # in a hand again, once
        return tuple(card for card in deck(len(self.players), deal.deal.special)
                     if card not in played or (card in back and played.count(card) == 1))

    # -- recording -----------------------------------------------------------------------------

    def as_logged(self, event, state: Deals):
        """A trick's stated winner is kept only where the rules leave it open: the log keeps what they need."""
        if isinstance(event, TrickEvent) and event.winner is not None:
            deal = state[trick_deal_in(state).number - 1].deal
            if not deal.tricks[(event.replaces or len(deal.tricks)) - 1].stated_winner:
                return event._replace(winner=None)
        return event

    def cannot_take_back(self, taken: log.Entry, later: log.Entry, error: AssistantError) -> AssistantError:
        return AssistantError(_("cannot take back entry {number} ({step}): the entries after it need it "
                                "({error}); to correct a trick: quest trick ... --replace N").format(
            number=taken.number, step=self.said_step(taken.event), error=error))

    def apply(self, deals: Deals, event, strict: bool) -> Deals:
        """The deals after ``event``; ``strict`` adds the rule checks made since 0.1 (record, not restore)."""
        if isinstance(event, DealEvent):
            return self._apply_deal(deals, event, strict)
        if isinstance(event, TrickEvent):
            return self._apply_trick(deals, event, strict)
        if isinstance(event, MOVES):
            return self._apply_move(deals, event, strict)
        if isinstance(event, (DropEvent, RemoveEvent)):
            checks.check_removal(deals, event.number, len(self.players))
            if isinstance(event, RemoveEvent):
                return with_item(deals, event.number, deals[event.number - 1]._replace(removed=True))
            kept = deals[:event.number - 1] + deals[event.number:]
            return tuple(state._replace(number=position) for position, state in enumerate(kept, 1))
        raise InputError(_("not a step of a score pad: {step}").format(step=shown(event)))

    def _apply_deal(self, deals: Deals, event: DealEvent, strict: bool) -> Deals:
        deal = Deal(event.quest, event.special, (), event.summary)
        if event.replaces is not None:
            if not 1 <= event.replaces <= len(deals) or deals[event.replaces - 1].removed:
                raise InputError(_("no deal {number} to correct").format(number=event.replaces))
            if event.summary is None:
                raise InputError(_("a correction gives the deal's summary (--tricks, --order, --won, ...)"))
        else:
            self._check_new_deal(deals)
        if strict:
            checks.check_box(deals, event)
        if deal.summary is not None:
            checks.check_summary(self, deal, strict)
        if event.replaces is not None:
            return with_item(deals, event.replaces, DealState(event.replaces, deal))
        return deals + (DealState(len(deals) + 1, deal),)

    def _check_new_deal(self, deals: Deals) -> None:
        """A new deal starts once the one being played is complete, and while the game is not over."""
        open_deal = open_in(deals, len(self.players))
        if open_deal is not None:
            raise AssistantError(ngettext("deal {number} is still being played ({done} of {hand} tricks): "
                                          "record its tricks, or undo it",
                                          "deal {number} is still being played ({done} of {hand} tricks): "
                                          "record its tricks, or undo it", len(open_deal.deal.tricks)).format(
                number=open_deal.number, done=len(open_deal.deal.tricks), hand=HAND[len(self.players)]))
        if self.winner_in(deals) is not None:
            raise self.game_over()

    def _apply_trick(self, deals: Deals, event: TrickEvent, strict: bool) -> Deals:
        if event.replaces is None:
            current = open_in(deals, len(self.players))
            if current is None:
                raise InputError(NO_DEAL())
            tricks = current.deal.tricks + (event.trick(self.players),)
            number = len(tricks)
        else:
            current = trick_deal_in(deals)
            if event.replaces > len(current.deal.tricks):
                raise InputError(ngettext("deal {number} has {count} trick: no trick {wanted} to correct",
                                          "deal {number} has {count} tricks: no trick {wanted} to correct",
                                          len(current.deal.tricks)).format(
                    number=current.number, count=len(current.deal.tricks), wanted=event.replaces))
            tricks = with_item(current.deal.tricks, event.replaces, event.trick(self.players))
            number = event.replaces
        special = current.deal.special
        if strict:
            check_limits(tricks[number - 1], number, special, current.deal.moves)
        if strict and event.winner is not None:
            tricks = with_item(tricks, number, checks.judged_winner(tricks, number, special, event.winner))
        checks.check_tricks(self, current.deal, tricks, strict or event.replaces is not None, since=number,
                            hands=strict)
        settled = current.deal._replace(tricks=settle(tricks, special))
        return with_item(deals, current.number, current._replace(deal=settled))

    def _apply_move(self, deals: Deals, event, strict: bool) -> Deals:
        """Cards changing hands between two tricks: the Druid's swap, the blue 11's pass, the red 11's take,
        the Sorcerer's take-back. The red 11's take may also come before the first trick (its timing is open)."""
        current = open_in(deals, len(self.players))
        before_first = current is not None and not current.deal.tricks and isinstance(event, TakeEvent)
        if current is None or not (current.deal.tricks or before_first):
            raise InputError(_("cards change hands between two tricks of the deal being played: record the "
                               "trick first"))
        deal, special = current.deal, current.deal.special
        after = len(deal.tricks)
        if isinstance(event, TakeEvent):
            checks.check_take(deal, event, strict)
        else:
            checks.check_move(deal, event)
        moved = deal._replace(moves=deal.moves + ((after, event),))
        if strict:
            known = check_play(deal.tricks, moved.moves, special, self.players, since=after + 1)
            checks.check_hands(self, moved, deal.tricks, known)
        return with_item(deals, current.number, current._replace(deal=moved))

    # -- the score table and the end -------------------------------------------------------------

    def rows_in(self, deals: Deals) -> list[Row]:
        """One row per deal: its quest, each player's points and the running totals."""
        return score_rows(deals, self.players, self.rules.face_value)

    def over(self, deals: Deals) -> bool:
        """After 7 deals, none being played: the single highest total wins, a tie plays on."""
        players = len(self.players)
        return played_in(deals, players) >= DEALS and open_in(deals, players) is None

    def tied(self) -> tuple[str, ...]:
        """The players level at the top after the seventh deal, while it stands or once it was settled."""
        totals = self.totals()
        if played_in(self.state(), len(self.players)) < DEALS or not totals:
            return ()
        counted = [row for row in self.rows() if row.points is not None]
        at_seventh = counted[DEALS - 1].totals if len(counted) >= DEALS else totals
        best = max(at_seventh.values())
        level = tuple(p for p in self.players if at_seventh[p] == best)
        return level if len(level) > 1 else ()

    def tie_note(self, tied: tuple[str, ...]) -> str | None:
        # rules: "jouez une donne supplémentaire, et ce jusqu'à ce qu'il n'y ait plus qu'un seul vainqueur"
        if tied and self.open_deal() is None:
            return _("play one more deal after the seventh, and again until one player leads")
        return None

    def first_player(self) -> str | None:
        """Who led the first trick of the game (the holder of the red 5 leads it), when the log says."""
        first = next((state.deal for state in self.state() if not state.removed), None)
        if first is None or first.summary is not None or not first.tricks:
            return None
        return first.tricks[0].leader

    def next_game(self) -> str:
        """The command that starts the next game with the same players."""
        return _("quest new --players {players}").format(players=",".join(self.players))

    def statistics(self) -> dict:
        """What the statistics keep of a pad besides its outcome: each deal's quest, special card, points
        and who chose the quest (the blue 5's holder)."""
        deals = []
        states = {state.number: state for state in self.state()}
        for row in self.rows():
            if row.points is None:  # open, or struck out by a 0.1 'remove N'
                continue
            deal = states[row.number].deal
            deals.append({"quest": deal.quest.id, "special": deal.special.id, "points": dict(row.points),
                          "chooser": facts_of(deal, self.players).blue_five})
        return {"deals": deals}

    def score_sheet(self) -> dict:
        """The score table as data: each deal played, its points and the running totals; the winner."""
        return {"players": list(self.players), "deals": [
            {"deal": r.number, "quest": r.title, "points": points, "totals": r.totals,
             "quest_points": parts.quest, "special_points": parts.special, "doubled": parts.doubled}
            for r, points, parts in self._played_rows()], "totals": self.totals(), "winner": self.winner()}

    def score_lines(self) -> list[list]:
        """The score table as lines of cells, a header first (a spreadsheet's rows); each deal's parts last:
        the quest's points, the special card's, who doubled (Enchanter)."""
        header = ["deal", "quest", *self.players, *(f"{p} total" for p in self.players),
                  *(f"{p} quest" for p in self.players), *(f"{p} special" for p in self.players), "doubled"]
        return [header, *([r.number, r.title, *(points[p] for p in self.players),
                           *(r.totals[p] for p in self.players), *(parts.quest[p] for p in self.players),
                           *(parts.special[p] for p in self.players), parts.doubled or ""]
                          for r, points, parts in self._played_rows())]

    def _played_rows(self) -> list[tuple[Row, dict[str, int], DealScore]]:
        """The deals played, each with its points and their parts (an open or removed deal has neither)."""
        rows = cast("list[Row]", self.rows())  # the rows rows_in makes
        return [(row, row.points, row.parts) for row in rows if row.points is not None and row.parts is not None]

    # -- what the pad says -----------------------------------------------------------------------

    def table_said(self) -> str:
        """'Ana, Ben, Cleo; hands of 13 cards (the green 2 stays in the box)': who plays, with what."""
        return said.table_said(self.players)

    def status(self) -> list[str]:
        """What the table needs to hear now: a deal taken out, next dealer, who chose and led, the winner."""
        return said.status(self)

    def trick_said(self, number: int | None = None) -> str:
        """'trick 3: Ana 5g, Ben 7g, Cleo Kb; Ben wins': trick ``number`` of the latest deal entered trick by trick."""
        return said.trick_said(self, number)

    def move_said(self) -> str:
        """'after trick 3: Ana swaps hands with Cleo': the hand change just recorded, in the player's language."""
        return said.move_said(self)

    # -- the saved form --------------------------------------------------------------------------

    @classmethod
    def from_header(cls, data: dict, name: str, rules: Rules, source: str) -> RoiGame:
        players = data.get("players")
        if isinstance(players, str):
            players = players.split(",")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise DataError(_("{source}: players: expected a list of names (got {got})")
                            .format(source=source, got=shown(players)))
        try:
            return cls.new(name, players, rules)
        except InputError as error:
            raise DataError(_("{source}: players: {error}").format(source=source, error=error)) from None


def _replacing(form: Form, words: list[str]) -> bool:
    """Whether the step ``words`` is a correction (--replace): one may be typed whatever is being played."""
    replace = {spelling for option in form.options if option.name == "replace" for spelling in option.spellings}
    return any(word.partition("=")[0] in replace for word in words[1:])


if TYPE_CHECKING:  # mypy checks the class against the game contract (engine/contract.py)
    from assistant.engine.contract import ScoreTable

    _checked: type[ScoreTable] = RoiGame
