"""The Le Roi des Nains score pad: players in seating order and the log of deals.

A deal is recorded either trick by trick (who led, the cards in play order;
the winner follows from follow-suit) or as a summary holding only what its
quest and special card need. Scores and totals are always derived: the log is
replayed once per command (``state``), and each new step is applied to that
state after every check the rules make (``record``). A log saved by an
earlier version is replayed with the checks that keep it sound (``restore``):
a rule added since never stops an old game from loading.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from assistant.engine import log
from assistant.engine.errors import AssistantError, DataError, InputError, events_place
from assistant.engine.grammar import accepted, form_for, positional, spoken_verb
from assistant.engine.grammar import said as said_words
from assistant.engine.i18n import _, ngettext
from assistant.engine.records import NamedTuple
from assistant.engine.registry import Outcome, finished_refusal
from assistant.engine.words import check_names, join, join_names, key, lookup, shown, split
from assistant.games.roi_des_nains.cards import Card, basic_cards, basic_id, parse_rank_suit, said
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
    Summary,
    SwapEvent,
    TakeBackEvent,
    TakeEvent,
    Trick,
    TrickEvent,
    between_tricks,
    deck,
    player_of,
    read_card,
)
from assistant.games.roi_des_nains.play import card_said as _said
from assistant.games.roi_des_nains.play import check_limits, check_play, ruling, settle
from assistant.games.roi_des_nains.rules import UNCONFIRMED_SAID, Rules, Special, read_rules
from assistant.games.roi_des_nains.scoring import EVERY_CARD, WINNER_EFFECTS, DealScore, both, facts_of, score

DEALS = 7
FORMS = (*(event.FORM for event in EVENTS), log.UNDO_FORM, log.RETRACT_FORM)
EVENT_OF_FORM = {event.FORM: event for event in EVENTS}
MOVE_FORMS = tuple(move.FORM for move in MOVES)
HANDS_OF = {SwapEvent.FORM: "swap", PassEvent.FORM: "pass", TakeEvent.FORM: "take", TakeBackEvent.FORM: "take_back"}


class DealState(NamedTuple):
    """A deal as it stands after replay: its number, maybe open (tricks still to come) or struck out."""

    number: int
    deal: Deal
    removed: bool = False  # struck out by a 0.1 'remove N': it keeps its row and number

    def complete(self, players: int) -> bool:
        return self.deal.summary is not None or len(self.deal.tricks) == HAND[players]

    @property
    def title(self) -> str:
        """'13A Capture the Kings + Flag Bearer': canonical (the exports)."""
        return f"{self.deal.quest.title} + {self.deal.special.name}"

    @property
    def said(self) -> str:
        """The title as the player reads it: French names where the rules give them, a special card's flagged
        '(?)' where the box has not confirmed it."""
        return f"{self.deal.quest.said} + {self.deal.special.marked}"


class Row(NamedTuple):
    number: int
    title: str
    points: dict[str, int] | None  # None while the deal is open
    totals: dict[str, int]
    note: str  # in the player's language
    removed: bool = False  # struck out by a 0.1 'remove N'
    said: str = ""  # the title in the player's language (``title`` stays canonical for the exports)
    parts: DealScore | None = None  # the points' parts: the quest's, the special card's, who doubled


class Used(NamedTuple):
    """What the deals standing took out of the box: quest tiles and special cards, each with its deal."""

    tiles: dict[str, DealState]
    specials: dict[str, DealState]


class _Fields(NamedTuple):
    name: str
    players: tuple[str, ...]
    rules: Rules
    events: Sequence = ()  # a tuple, or a log extended without copies (log.Chain)


class RoiGame(_Fields):
    """A Roi des Nains score pad: players in seating order (clockwise) and the log of deals."""

    kind = "roi-des-nains"
    EXPECTS = ("totals", "points", "winner")  # what a scenario may expect after a step
    data_file = "roi-des-nains.yaml"
    read_rules = staticmethod(read_rules)

    @classmethod
    def new(cls, name: str, players: list[str], rules: Rules) -> RoiGame:
        names = [player.strip() for player in players if player.strip()]
        if not 3 <= len(names) <= 5:
            raise InputError(_("Le Roi des Nains is for 3 to 5 players (got {count}): --players Ana,Ben,Cleo")
                             .format(count=len(names)))
        return cls(name, check_names(names, "player", "--players Ana,Ben,Cleo"), rules)

    # -- the log replayed once -------------------------------------------------------------

    @cached_property
    def _history(self) -> log.History:
        return log.replay(self.events)

    def history(self) -> log.History:
        """The numbered entries, each marked if it was taken back."""
        return self._history

    @cached_property
    def state(self) -> tuple[DealState, ...]:
        """Every deal after replaying the standing entries (the checks that keep replay sound)."""
        deals: tuple[DealState, ...] = ()
        for entry in self._history.standing:
            deals = self._apply(deals, entry.event, strict=False)
        return deals

    def standing(self) -> list:
        """The events still in force (each undo or retract takes one back)."""
        return [entry.event for entry in self._history.standing]

    def deals(self) -> list[DealState]:
        return list(self.state)

    def open_deal(self) -> DealState | None:
        """The deal whose tricks are still being entered, if any."""
        return _open(self.state, len(self.players))

    def trick_deal(self) -> DealState:
        """The latest deal, if it is entered trick by trick (the one ``trick --replace N`` corrects)."""
        return _trick_deal(self.state)

    # -- the protocol: words in, words out ---------------------------------------------------

    def forms(self):
        return FORMS

    def read_step(self, text: str):
        """The event a step's words say: ``deal 13A --special druid ...``, ``trick Ana 5g 7g Kb``, ``undo``."""
        words = split(text)
        if not words:
            raise InputError(_("empty step: expected deal, trick, drop N, undo or retract N"))
        form = form_for(self, words[0])
        found = form.read(words[1:])
        if form in (log.UNDO_FORM, log.RETRACT_FORM):
            return log.Retract.from_words(form, found)
        return EVENT_OF_FORM[form].from_words(self, found)

    def step(self, event) -> str:
        """The canonical words of an event: ``read_step(step(e)) == e``."""
        return join(event.words() if isinstance(event, log.Retract) else event.words(self))

    def player(self, text: str) -> str:
        return lookup(text, self.players, "player")

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
        return said(Card(basic_id(rank, suit), suit, rank))

    def values(self, slot: str) -> tuple[str, ...]:
        """The values of this pad that fit ``slot`` (for completion): players, quests, cards, numbers."""
        if slot == "player":
            return self.players
        if slot == "leader":  # written 'Ana:' in saved logs since 0.1
            return tuple(f"{player}:" for player in self.players)
        if slot == "special-winner":
            return (*self.players, NOBODY[0])
        if slot == "quest":
            return tuple(q.id for q in self.rules.quests if q.tile not in _used(self.state).tiles)
        if slot == "special":
            used = _used(self.state).specials
            return tuple(word for s in self.rules.specials if s.id not in used for word in s.words())
        if slot == "card":
            return self._cards_left()
        if slot == "played":  # the Sorcerer takes back a card of the trick just played
            deal = self.open_deal()
            return tuple(card.id for unused, card in deal.deal.tricks[-1].plays) if deal and deal.deal.tricks else ()
        if slot == "deal":
            return tuple(str(s.number) for s in self.state if not s.removed)
        if slot == "trick":
            latest = _latest(self.state)
            tricks = latest.deal.tricks if latest is not None else ()
            return tuple(str(number) for number in range(1, len(tricks) + 1))
        if slot == "direction":
            return tuple(DIRECTION_SAID)
        if slot == "entry":
            return tuple(str(entry.number) for entry in self._history.standing)
        return ()  # free words: NAME=N pairs, lists of names, cards won

    def values_here(self, slot: str, words: list[str]) -> tuple[str, ...]:
        """The values of ``slot`` the step begun with ``words`` would take (the grammar's narrowing): the
        entries that may be taken back, the last trick's winner to lead the next."""
        values = self.values(slot)
        if slot == "entry":
            return accepted(self, words, values)
        deal = self.open_deal()
        if slot == "card" and words and key(words[0]) in map(key, TrickEvent.FORM.verbs) and deal is not None:
            typed = set()
            for word in positional(TrickEvent.FORM, words[1:])[1:]:
                try:
                    typed.add(read_card(self, word, deal.deal.special).id)
                except InputError:
                    pass
            return tuple(card for card in values if card not in typed)  # a card is played once
        if slot == "leader" and words and key(words[0]) in map(key, TrickEvent.FORM.verbs) and deal is not None \
                and deal.deal.tricks and not _replacing(TrickEvent.FORM, words):
            winner = settle(deal.deal.tricks, deal.deal.special)[-1].winner
            return (f"{winner}:",) if winner is not None else values
        return values

    def why_not(self, words: list[str]) -> str | None:
        """Why the step begun with ``words`` cannot be recorded now whatever comes next (the grammar's hint,
        before more is typed): nothing to take back; a deal while one is being played or once the game is
        over; a trick or a hand change with no deal being played; a hand change this deal's special card
        does not make. A correction (--replace) may always be typed."""
        form, why = log.begun(self, words, self._history)
        if form is None or why is not None or form in (log.UNDO_FORM, log.RETRACT_FORM) or _replacing(form, words):
            return why
        try:
            if form is DealEvent.FORM or form in MOVE_FORMS + (TrickEvent.FORM,) and self.open_deal() is None:
                self._check_new_deal(self.state)  # the game over says how to start the next
            if form is not DealEvent.FORM and self.open_deal() is None:
                return _("no deal is being played: start one with {step}").format(step=_("deal QUEST --special CARD"))
            opened = self.open_deal()
            if form in MOVE_FORMS and opened is not None:
                deal = opened.deal
                special, after = deal.special, len(deal.tricks)
                done = deal.took()
                if form is TakeEvent.FORM and special.hands == "take" and (done is not None or not after):
                    # rule text: no timing; before the first trick as well as after its own trick, once a deal
                    return None if done is None else _("{card} already took cards in this deal ({when}): once a "
                                                       "deal").format(card=special.said, when=_when(done))
                between_tricks(self)
                if HANDS_OF[form] not in (special.hands, special.play.get("between_tricks")):
                    return _no_move(form, special)
                if form is not TakeBackEvent.FORM and player_of(deal.tricks[-1], special.card) is None:
                    return _follows(form, special, after)
        except AssistantError as error:
            return str(error)
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

    # -- recording -------------------------------------------------------------------------

    def record(self, event) -> RoiGame:
        """A new pad with ``event`` appended, after every check the rules make; else refused with the reason."""
        if isinstance(event, log.Retract):
            return self._take_back(event)
        end = self.outcome()
        if end.finished:  # every entry but undo and retract is refused once the winner is known
            raise AssistantError(finished_refusal(end, self.next_game()))
        state = self._apply(self.state, event, strict=True)
        if isinstance(event, TrickEvent) and event.winner is not None:
            deal = state[_trick_deal(state).number - 1].deal
            if not deal.tricks[(event.replaces or len(deal.tricks)) - 1].stated_winner:
                event = event._replace(winner=None)  # the rules say who won: the log keeps only what they need
        return self._appended(event, state)

    def restore(self, event) -> RoiGame:
        """A new pad with a saved event appended: only the checks that keep replay sound."""
        if isinstance(event, log.Retract):
            return self._take_back(event)
        return self._appended(event, self._apply(self.state, event, strict=False))

    def restoring(self) -> log.Restoring:
        """This empty pad's saved log read back in one pass (``log.load``): each entry applied to the deals
        once; a retract applies again only the standing entries after the one it takes back."""
        return log.Restoring(self, (), lambda deals, event: self._apply(deals, event, strict=False),
                             refusal=lambda taken, later, error: self._cannot_take_back(taken, error))

    def restored(self, events: Sequence, history: log.History | None, state: tuple[DealState, ...]) -> RoiGame:
        """This pad with the log ``events`` (``log.Restoring``), the deals it leads to known already."""
        game = self._replace(events=events)
        if history is not None:
            game.__dict__["_history"] = history
        game.__dict__["state"] = state
        return game

    def _appended(self, event, state: tuple[DealState, ...]) -> RoiGame:
        game = self._replace(events=log.Chain.of(self.events) + (event,))
        # applied once here: the new pad need not replay its log again, and taking the entry back again
        # is this pad as it is (_before)
        game.__dict__.update(state=state, _history=log.appended(self._history, event))
        log.recorded_from(game, self)
        return game

    def _take_back(self, retract: log.Retract) -> RoiGame:
        before = self.__dict__.get("_before")
        history = log.latest_taken_back(self._history, retract) if before is not None else None
        if before is not None and history is not None:  # the latest entry: the pad before it, nothing replayed
            game = self._replace(events=log.Chain.of(self.events) + (retract,))
            game.__dict__.update(state=before.state, _history=history)
            log.went_back(self, game)
            return game
        entry = log.target(self._history.entries, retract)
        game = self._replace(events=log.Chain.of(self.events) + (retract,))
        try:
            game.state  # noqa: B018 (replaying the log is the check: the entries after it must still stand)
        except AssistantError as error:
            raise self._cannot_take_back(entry, error) from None
        return game

    def _cannot_take_back(self, entry: log.Entry, error: AssistantError) -> AssistantError:
        return AssistantError(_("cannot take back entry {number} ({step}): the entries after it need it "
                                "({error}); to correct a trick: quest trick ... --replace N").format(
            number=entry.number, step=said_words(self, self.step(entry.event)), error=error))

    def _apply(self, deals: tuple[DealState, ...], event, strict: bool) -> tuple[DealState, ...]:
        """The deals after ``event``; ``strict`` adds the rule checks made since 0.1 (record, not restore)."""
        if isinstance(event, DealEvent):
            return self._apply_deal(deals, event, strict)
        if isinstance(event, TrickEvent):
            return self._apply_trick(deals, event, strict)
        if isinstance(event, MOVES):
            return self._apply_move(deals, event, strict)
        if isinstance(event, (DropEvent, RemoveEvent)):
            self._check_removal(deals, event.number)
            if isinstance(event, RemoveEvent):
                return _with(deals, event.number, deals[event.number - 1]._replace(removed=True))
            kept = deals[:event.number - 1] + deals[event.number:]
            return tuple(state._replace(number=position) for position, state in enumerate(kept, 1))
        raise InputError(_("not a step of a score pad: {step}").format(step=shown(event)))

    def _apply_deal(self, deals, event: DealEvent, strict: bool):
        deal = Deal(event.quest, event.special, (), event.summary)
        if event.replaces is not None:
            if not 1 <= event.replaces <= len(deals) or deals[event.replaces - 1].removed:
                raise InputError(_("no deal {number} to correct").format(number=event.replaces))
            if event.summary is None:
                raise InputError(_("a correction gives the deal's summary (--tricks, --order, --won, ...)"))
        else:
            self._check_new_deal(deals)
        if strict:
            self._check_box(deals, event)
        if deal.summary is not None:
            self._check_summary(deal, strict)
        if event.replaces is not None:
            return _with(deals, event.replaces, DealState(event.replaces, deal))
        return deals + (DealState(len(deals) + 1, deal),)

    def _check_new_deal(self, deals) -> None:
        """A new deal starts once the one being played is complete, and while the game is not over."""
        open_deal = _open(deals, len(self.players))
        if open_deal is not None:
            raise AssistantError(ngettext("deal {number} is still being played ({done} of {hand} tricks): "
                                          "record its tricks, or undo it",
                                          "deal {number} is still being played ({done} of {hand} tricks): "
                                          "record its tricks, or undo it", len(open_deal.deal.tricks)).format(
                number=open_deal.number, done=len(open_deal.deal.tricks), hand=HAND[len(self.players)]))
        if self._winner(deals) is not None:
            raise AssistantError(finished_refusal(self.outcome(), self.next_game()))

    def _apply_trick(self, deals, event: TrickEvent, strict: bool):
        if event.replaces is None:
            current = _open(deals, len(self.players))
            if current is None:
                raise InputError(NO_DEAL())
            tricks = current.deal.tricks + (event.trick(self.players),)
            number = len(tricks)
        else:
            current = _trick_deal(deals)
            if event.replaces > len(current.deal.tricks):
                raise InputError(ngettext("deal {number} has {count} trick: no trick {wanted} to correct",
                                          "deal {number} has {count} tricks: no trick {wanted} to correct",
                                          len(current.deal.tricks)).format(
                    number=current.number, count=len(current.deal.tricks), wanted=event.replaces))
            tricks = _with(current.deal.tricks, event.replaces, event.trick(self.players))
            number = event.replaces
        special = current.deal.special
        if strict:
            check_limits(tricks[number - 1], number, special, current.deal.moves)
        if strict and event.winner is not None:
            tricks = _with(tricks, number, self._judged_winner(tricks, number, special, event.winner))
        self._check_tricks(current.deal, tricks, strict or event.replaces is not None, since=number)
        settled = current.deal._replace(tricks=settle(tricks, special))
        return _with(deals, current.number, current._replace(deal=settled))

    def _judged_winner(self, tricks, number: int, special: Special, stated: str) -> Trick:
        """A winner typed with --winner: refused unless the rules leave it open or agree."""
        before = settle(tricks[:number - 1], special)
        trick = tricks[number - 1]
        said = ruling(trick.plays, special, before[-1] if before else None)
        if said.winner is None:
            return trick
        if said.winner != stated:
            raise AssistantError(_("{winner} wins this trick, not {stated}: {why}").format(
                winner=said.winner, stated=stated, why=said.why))
        return trick._replace(winner=None, stated_winner=False)

    def _apply_move(self, deals, event, strict: bool):
        """Cards changing hands between two tricks: the Druid's swap, the blue 11's pass, the red 11's take,
        the Sorcerer's take-back. The red 11's take may also come before the first trick (its timing is open)."""
        current = _open(deals, len(self.players))
        before_first = current is not None and not current.deal.tricks and isinstance(event, TakeEvent)
        if current is None or not (current.deal.tricks or before_first):
            raise InputError(_("cards change hands between two tricks of the deal being played: record the "
                               "trick first"))
        deal, special = current.deal, current.deal.special
        after = len(deal.tricks)
        if isinstance(event, TakeEvent):
            _check_take(deal, event, strict)
        else:
            _check_move(deal, event)
        moves = deal.moves + ((after, event),)
        if strict:
            check_play(deal.tricks, moves, special, self.players, since=after + 1)
        return _with(deals, current.number, current._replace(deal=deal._replace(moves=moves)))

    # -- the checks --------------------------------------------------------------------------

    def _check_removal(self, deals, number: int) -> None:
        if not 1 <= number <= len(deals) or deals[number - 1].removed:
            shown_deals = ", ".join(str(s.number) for s in deals if not s.removed) or _("none")
            raise InputError(_("no deal {number} to remove (deals: {deals})").format(number=number, deals=shown_deals))
        open_deal = _open(deals, len(self.players))
        if open_deal is not None and open_deal.number != number:
            raise AssistantError(_("deal {number} is still being played: finish or undo it first")
                                 .format(number=open_deal.number))

    def _check_box(self, deals, event: DealEvent) -> None:
        """rules: 'Remettez la Quête et la carte spéciale utilisée pour cette donne dans la boîte.'"""
        used = _used(deals, but=event.replaces)
        state = used.tiles.get(event.quest.tile)
        if state is not None:
            raise AssistantError(_("quest tile {tile} was played in deal {number} ({quest}): each tile is used "
                                   "once per game, either face").format(
                tile=event.quest.tile, number=state.number, quest=state.deal.quest.said))
        state = used.specials.get(event.special.id)
        if state is not None:
            raise AssistantError(_("{card} was shuffled into deal {number}: each special card goes back to the box "
                                   "after its deal").format(card=event.special.said, number=state.number))

    def _check_tricks(self, deal: Deal, tricks: tuple[Trick, ...], strict: bool, since: int = 1) -> None:
        """Each trick led by the last winner, each card of this deck once (the Sorcerer's card twice);
        strict: what a player could not have played, from trick ``since`` on."""
        special = deal.special
        available = deck(len(self.players), special)
        back = {card.id: after for after, card in deal.taken_back().items()}
        seen: dict[str, int] = {}
        tricks = settle(tricks, special)
        for number, trick in enumerate(tricks, 1):
            if number > 1 and trick.leader != tricks[number - 2].winner:
                text = (_("{winner} won the last trick and leads this one, not {leader}") if number == len(tricks)
                        else _("{winner} won trick {previous}, so leads trick {number}, not {leader}"))
                raise InputError(text.format(winner=tricks[number - 2].winner, leader=trick.leader,
                                             previous=number - 1, number=number))
            for unused, card in trick.plays:
                if card.id not in available:
                    raise InputError(_not_in_deck(card, len(self.players), special, self.rules))
                if card.id in seen and not seen[card.id] <= back.pop(card.id, 0) < number:
                    raise InputError(_played_twice(_said(card, special), seen[card.id], number, len(tricks)))
                seen[card.id] = number
        for after, move in deal.moves:  # a corrected trick must still hold what the change after it moved
            needed = move.card if isinstance(move, TakeBackEvent) else special.card
            if 0 < after <= len(tricks) and player_of(tricks[after - 1], needed) is None:
                raise InputError(_("trick {number} must hold {card}: the step after it ({step}) needs it; undo that "
                                   "step first").format(number=after, card=_said(needed, special),
                                                      step=said_words(self, self.step(move))))
        if strict:
            check_play(tricks, deal.moves, special, self.players, since)

    def _check_summary(self, deal: Deal, strict: bool) -> None:
        s, quest, special = deal.summary, deal.quest, deal.special
        if s is None:  # a deal recorded trick by trick: no summary to check
            return
        count = len(self.players)
        hand = HAND[count]
        if s.counts is not None:
            missing = [p for p in self.players if p not in s.counts]
            if missing:
                raise InputError(_("--tricks needs every player's tricks (missing {names})")
                                 .format(names=join_names(missing)))
            if sum(s.counts.values()) != hand:
                raise InputError(ngettext("the tricks add up to {sum}, but a hand of {count} players has {hand} trick",
                                          "the tricks add up to {sum}, but a hand of {count} players has {hand} "
                                          "tricks", hand).format(sum=sum(s.counts.values()), count=count, hand=hand))
        if s.order is not None and len(s.order) != hand:
            raise InputError(ngettext("--order lists {listed} trick, but a hand of {count} players has {hand}",
                                      "--order lists {listed} tricks, but a hand of {count} players has {hand}",
                                      len(s.order)).format(listed=len(s.order), count=count, hand=hand))
        if s.counts is not None and s.order is not None:
            if any(s.order.count(p) != s.counts[p] for p in self.players):
                raise InputError(_("--tricks and --order disagree about who won how many tricks"))
        if s.won is not None:
            self._check_won(s, s.won, special, strict and quest.needs == EVERY_CARD, quest.said)
        needs = quest.needs
        if needs == "order" and s.order is None:
            raise InputError(_("{quest} depends on the order of the tricks: give --order with each trick's winner, "
                               "first to last (or record the deal trick by trick)").format(quest=quest.said))
        if needs == "counts" and s.counts is None and s.order is None:
            raise InputError(_("{quest} needs each player's number of tricks: --tricks {example}").format(
                quest=quest.said, example=",".join(f"{p}=N" for p in self.players)))
        if needs in ("cards", EVERY_CARD) and s.won is None:
            text = (_("{quest} needs every card each player won: --won NAME=cards") if needs == EVERY_CARD else
                    _("{quest} needs the cards each player won (only the cards this quest counts are needed): "
                      "--won NAME=cards"))
            raise InputError(text.format(quest=quest.said))
        effect = special.effect
        holder = s.holder(special)
        if strict and holder and s.special_winner and s.special_winner != holder and \
                any(name in effect for name in WINNER_EFFECTS):
            raise AssistantError(_("--won gives {card} to {holder}, so {holder} won its trick, not {stated}")
                                 .format(card=special.said, holder=holder, stated=s.special_winner))
        if any(name in effect for name in WINNER_EFFECTS) and not s.special_winner_of(special):
            raise InputError(_("{card} needs who won its trick: --special-winner NAME (or list {id} in their --won)")
                             .format(card=special.shown, id=special.typed))
        if any(name in effect for name in ("next_trick", "last_trick")) and s.special_winner is None:
            text = (_("{card} needs who won the trick after it: --special-winner NAME (or none)")
                    if "next_trick" in effect else
                    _("{card} needs who played it in the last trick: --special-winner NAME (or none)"))
            raise InputError(text.format(card=special.shown))
        if "per_face_in_trick" in effect and s.scout is None:
            raise InputError(_("{card} needs who played it and the J, Q, K, A in its trick: --scout NAME=N "
                               "(N from 0 to {high})").format(card=special.shown, high=count - 1))

    def _check_won(self, s: Summary, won: dict[str, tuple[Card, ...]], special: Special, every_card: bool,
                   title: str) -> None:
        """``won``: the summary's cards won (``s.won``), given when it has them."""
        count = len(self.players)
        available = deck(count, special)
        seen: set[str] = set()
        for player, cards in won.items():
            for card in cards:
                if card.id not in available:
                    raise InputError(_not_in_deck(card, count, special, self.rules))
                if card.id in seen:
                    raise InputError(_("{card} is listed twice: a card is won once").format(card=_said(card, special)))
                seen.add(card.id)
            tricks = (s.counts or {}).get(player)
            if tricks is None and s.order is not None:
                tricks = s.order.count(player)
            if tricks is not None and len(cards) > tricks * count:
                raise InputError(ngettext("{player} won {tricks} trick, so at most {most} cards, not {got}",
                                          "{player} won {tricks} tricks, so at most {most} cards, not {got}",
                                          tricks).format(player=player, tricks=tricks, most=tricks * count,
                                                         got=len(cards)))
        if every_card and len(seen) != len(available):
            missing = [card for card in available if card not in seen]
            raise InputError(_("{quest} compares every card won: --won lists {listed} of the {total} cards "
                               "(missing {missing}); --won NAME=rest gives one player every card not listed").format(
                quest=title, listed=len(seen), total=len(available),
                missing=", ".join(_said(available[card], special) for card in missing[:6])
                + (", ..." if len(missing) > 6 else "")))
        if every_card:
            uneven = [f"{p} {len(cards)}" for p, cards in won.items() if len(cards) % count]
            if uneven:
                raise InputError(ngettext("a trick holds {count} card, so each player's pile is a multiple of "
                                          "{count} (got {piles})", "a trick holds {count} cards, so each player's "
                                          "pile is a multiple of {count} (got {piles})", count)
                                 .format(count=count, piles=", ".join(uneven)))

    # -- the score table ---------------------------------------------------------------------

    @cached_property
    def _table(self) -> tuple[Row, ...]:
        return tuple(_rows(self.state, self.players, self.rules.face_value))

    def rows(self) -> list[Row]:
        """One row per deal: its quest, each player's points and the running totals."""
        return list(self._table)

    def totals(self) -> dict[str, int]:
        rows = self.rows()
        return rows[-1].totals if rows else {p: 0 for p in self.players}

    def played(self) -> int:
        return _played(self.state, len(self.players))

    def winner(self) -> str | None:
        """After 7 deals, the single highest total; a tie plays on."""
        return self._winner(self.state)

    def _winner(self, deals) -> str | None:
        if _played(deals, len(self.players)) < DEALS or _open(deals, len(self.players)) is not None:
            return None
        rows = _rows(deals, self.players, self.rules.face_value)
        totals = rows[-1].totals
        best = max(totals.values())
        leaders = [p for p in self.players if totals[p] == best]
        return leaders[0] if len(leaders) == 1 else None

    def outcome(self) -> Outcome:
        """The end of the pad: finished once one player leads after 7 deals (a tie plays on, one deal at a
        time); the tied players while a tie stands after the seventh deal, and how it was settled."""
        winner = self.winner()
        totals = self.totals()
        tied: tuple[str, ...] = ()
        if _played(self.state, len(self.players)) >= DEALS and totals:
            counted = [row for row in self.rows() if row.points is not None]
            at_seventh = counted[DEALS - 1].totals if len(counted) >= DEALS else totals
            best = max(at_seventh.values())
            level = tuple(p for p in self.players if at_seventh[p] == best)
            tied = level if len(level) > 1 else ()
        # rules: "jouez une donne supplémentaire, et ce jusqu'à ce qu'il n'y ait plus qu'un seul vainqueur"
        note = _("tie after 7 deals: play one more deal, and again until one player leads") \
            if tied and winner is None and _open(self.state, len(self.players)) is None else None
        return Outcome(winner is not None, tuple(self.players), (winner,) if winner else (), tied,
                       "extra-deal" if winner and tied else None, self.first_player(), dict(totals), note)

    def first_player(self) -> str | None:
        """Who led the first trick of the game (the holder of the red 5 leads it), when the log says."""
        first = next((state.deal for state in self.state if not state.removed), None)
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
        states = {state.number: state for state in self.state}
        for row in self.rows():
            if row.points is None:  # open, or struck out by a 0.1 'remove N'
                continue
            deal = states[row.number].deal
            deals.append({"quest": deal.quest.id, "special": deal.special.id, "points": dict(row.points),
                          "chooser": facts_of(deal, self.players).blue_five})
        return {"deals": deals}

    def table_said(self) -> str:
        """'Ana, Ben, Cleo; hands of 13 cards (the green 2 stays in the box)': who plays, with what."""
        count = len(self.players)
        if any(card.id == "2g" for card in basic_cards(count)):
            text = ngettext("{players}; hands of {hand} card", "{players}; hands of {hand} cards", HAND[count])
        else:
            text = ngettext("{players}; hands of {hand} card (the green 2 stays in the box)",
                            "{players}; hands of {hand} cards (the green 2 stays in the box)", HAND[count])
        return text.format(players=", ".join(self.players), hand=HAND[count])

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
        return [(row, row.points, row.parts) for row in self._table if row.points is not None and row.parts is not None]

    def summary(self) -> str:
        return _("totals: {totals}").format(totals=", ".join(f"{p} {t}" for p, t in self.totals().items()))

    def status(self) -> list[str]:
        """What the table needs to hear now: a deal taken out, next dealer, who chose and led, the winner."""
        lines = self._latest_said()
        states = [s for s in self.state if not s.removed]
        if any(s.deal.special.marked != s.deal.special.shown for s in states):  # the legend of the pad's '(?)'
            lines.append(_(UNCONFIRMED_SAID))
        if states:
            last = states[-1]
            if last.complete(len(self.players)):
                facts = facts_of(last.deal, self.players)
                if facts.next_dealer:
                    lines.append(_("next dealer: {player} (won the green 5)").format(player=facts.next_dealer))
                if facts.blue_five:
                    lines.append(_("deal {number}: quest chosen by {chooser} (blue 5), first trick led by {leader} "
                                   "(red 5)").format(number=last.number, chooser=facts.blue_five,
                                                     leader=facts.red_five or "?"))
            else:
                done = len(last.deal.tricks)
                text = (ngettext("deal {number}: {done} of {hand} tricks; {leader} leads next",
                                 "deal {number}: {done} of {hand} tricks; {leader} leads next", done) if done else
                        _("deal {number}: {done} of {hand} tricks; the holder of the red 5 leads next"))
                lines.append(text.format(number=last.number, done=done, hand=HAND[len(self.players)],
                                         leader=last.deal.tricks[-1].winner if done else ""))
        played = self.played()
        winner = self.winner()
        if winner:
            points = self.totals()[winner]
            lines.append(ngettext("{winner} wins and becomes the new Dwarf King with {points} point",
                                  "{winner} wins and becomes the new Dwarf King with {points} points", abs(points))
                         .format(winner=winner, points=points))
        elif played >= DEALS and self.open_deal() is None:
            totals = self.totals()
            best = max(totals.values())
            tied = [p for p in self.players if totals[p] == best]
            lines.append(_("tie between {names} at {points}: play another deal")
                         .format(names=join_names(tied), points=best))
        elif played < DEALS:
            lines.append(ngettext("{played} of {deals} deals played", "{played} of {deals} deals played", played)
                         .format(played=played, deals=DEALS))
        return lines

    report = status

    def _latest_said(self) -> list[str]:
        """What the latest step took out, if it did: a deal, with the number it had."""
        latest = self.events[-1] if self.events else None
        if isinstance(latest, DropEvent):
            before = self._replace(events=self.events[:-1]).state[latest.number - 1]
            return [_("took out deal {number}: {quest}; the deals after it move up")
                    .format(number=latest.number, quest=before.said)]
        return []

    def trick_said(self, number: int | None = None) -> str:
        """'trick 3: Ana 5g, Ben 7g, Cleo Kb; Ben wins': trick ``number`` of the latest deal entered trick by trick."""
        deal = self.trick_deal()
        number = number or len(deal.deal.tricks)
        trick = deal.deal.tricks[number - 1]
        cards = ", ".join(f"{player} {_said(card, deal.deal.special)}" for player, card in trick.plays)
        if number == len(deal.deal.tricks) and not deal.complete(len(self.players)):
            text = _("trick {number}: {cards}; {winner} wins and leads next")
        else:
            text = _("trick {number}: {cards}; {winner} wins")
        return text.format(number=number, cards=cards, winner=trick.winner)

    def move_said(self) -> str:
        """'after trick 3: Ana swaps hands with Cleo': the hand change just recorded, in the player's language."""
        deal = self.open_deal() or self.trick_deal()
        after, move = deal.deal.moves[-1]
        special = deal.deal.special
        mover = getattr(move, "by", None) or next(
            (p for t in deal.deal.tricks[after - 1:after] for p, c in t.plays if c == special.card), "?")
        if isinstance(move, TakeEvent) and not after:
            text = _("before the first trick: {mover} takes {taken} from {player} and gives back {back}")
        elif isinstance(move, SwapEvent):
            text = _("after trick {number}: {mover} swaps hands with {player}")
        elif isinstance(move, PassEvent):
            text = (_("after trick {number}: every hand passes left, to the next player") if move.direction == "left"
                    else _("after trick {number}: every hand passes right, to the previous player"))
        elif isinstance(move, TakeEvent):
            text = _("after trick {number}: {mover} takes {taken} from {player} and gives back {back}")
        else:
            text = _("after trick {number}: {player} puts {card} in that trick and takes back {taken}, to play it "
                     "again")
        taken = move.taken if isinstance(move, TakeEvent) else (getattr(move, "card", None),)
        return text.format(number=after, mover=mover, player=getattr(move, "player", ""),
                           taken=", ".join(_said(c, special) for c in taken if c is not None),
                           back=", ".join(_said(c, special) for c in getattr(move, "back", ())),
                           card=special.said)

    # -- the saved form ----------------------------------------------------------------------

    def header(self) -> dict:
        return {"pad": self.kind, "players": list(self.players)}

    def to_mapping(self) -> dict:
        return {"assistant": "pad/1", **self.header(), "events": log.steps(self)}

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

    @classmethod
    def from_mapping(cls, data: dict, name: str, rules: Rules, source: str, where=events_place) -> RoiGame:
        extra = sorted(set(map(str, data)) - {"assistant", "pad", "events", "players"})
        if extra:
            raise DataError(_("{source}: {key}: unknown key").format(source=source, key=extra[0]))
        return log.load(cls.from_header(data, name, rules, source), data.get("events"), source, where)


def _rows(deals: tuple[DealState, ...], players: tuple[str, ...], face_value: int) -> list[Row]:
    totals = {p: 0 for p in players}
    rows = []
    for state in deals:
        if state.removed:
            rows.append(Row(state.number, state.title, None, dict(totals), _("removed"), True, state.said))
            continue
        if not state.complete(len(players)):
            rows.append(Row(state.number, state.title, None, dict(totals),
                            ngettext("playing: {done} of {hand} tricks", "playing: {done} of {hand} tricks",
                                     len(state.deal.tricks)).format(done=len(state.deal.tricks),
                                                                    hand=HAND[len(players)]),
                            False, state.said))
            continue
        result = score(state.deal, players, face_value)
        for p in players:
            totals[p] += result.total[p]
        rows.append(Row(state.number, state.title, result.total, dict(totals), _breakdown(result, state.deal.special),
                        False, state.said, result))
    return rows


def _breakdown(result: DealScore, special: Special) -> str:
    """'quest: Ana +3, Ben +0; Porte-étendard: Ana +3; Ana doubles (Enchanteur)': what a deal's points are made
    of, said when the special card added to the quest's points ('' when the quest gave them all)."""
    bonus = {player: points for player, points in result.special.items() if points}
    if not bonus and not result.doubled:
        return ""
    said = [_("quest: {points}").format(points=", ".join(f"{p} {q:+d}" for p, q in result.quest.items()))]
    if bonus:
        said.append(_("{card}: {points}").format(card=special.shown,
                                                 points=", ".join(f"{p} {q:+d}" for p, q in bonus.items())))
    if result.doubled:
        said.append(_("{player} doubles ({card})").format(player=result.doubled, card=special.shown))
    return both(said, _)


def _replacing(form, words: list[str]) -> bool:
    """Whether the step ``words`` is a correction (--replace): one may be typed whatever is being played."""
    replace = {spelling for option in form.options if option.name == "replace" for spelling in option.spellings}
    return any(word.partition("=")[0] in replace for word in words[1:])


def _check_take(deal: Deal, event: TakeEvent, strict: bool) -> None:
    """The red 11's take, once a deal: after its trick, by whoever played it; or before the first trick,
    by whoever the table names (--by). FACTS.md gives no timing and the rule text none either: the public
    online version plays it before the first trick, so the pad takes both. After its trick --by may be
    left out: the trick says who takes."""
    special, after = deal.special, len(deal.tricks)
    if special.hands != "take":
        raise InputError(_no_move(event.FORM, special))
    done = deal.took()
    if done is not None:
        raise AssistantError(_("{card} already took cards in this deal ({when}): once a deal").format(
            card=special.said, when=_when(done)))
    if after:
        mover = player_of(deal.tricks[-1], special.card)
        if mover is None:
            raise InputError(_follows(event.FORM, special, after))
        if event.by not in (None, mover):
            raise InputError(_("{player} played {card} in trick {number}, so {player} takes, not {by}").format(
                player=mover, card=special.said, number=after, by=event.by))
    elif event.by is None:  # a saved step never lacks it: build asks for it
        raise InputError(_("before the first trick, say who takes the cards: add --by NAME (who holds {card})")
                         .format(card=special.said))
    else:
        mover = event.by
    if event.player == mover:
        raise InputError(_("{player} holds {card} and takes cards from another player's hand").format(
            player=mover, card=special.said))
    if strict and len(event.taken) != special.take:
        raise AssistantError(ngettext("{card} takes {count} card (got {got})",
                                      "{card} takes {count} cards (got {got})", special.take).format(
            card=special.said, count=special.take, got=len(event.taken)))


def _check_move(deal: Deal, event) -> None:
    """A hand change after the trick just played: the Sorcerer's take-back, the Druid's swap, the blue 11's pass."""
    special, after = deal.special, len(deal.tricks)
    trick = deal.tricks[-1]  # only the red 11's take comes before the first trick (_apply_move)
    if isinstance(event, TakeBackEvent):
        if special.play.get("between_tricks") != "take_back":
            raise InputError(_("take-back is the Sorcerer's exchange, and {card} is this deal's special card")
                             .format(card=special.said))
        if deal.taken_back():
            raise AssistantError(_("the Sorcerer was already used in this deal (after trick {number})")
                                 .format(number=next(iter(deal.taken_back()))))
        if player_of(trick, event.card) is None:
            raise InputError(_("{card} is not in trick {number}: the Sorcerer takes back a card of the trick "
                               "just played").format(card=_said(event.card, special), number=after))
        return
    kinds: dict[type, str] = {SwapEvent: "swap", PassEvent: "pass"}
    mover = player_of(trick, special.card)
    if special.hands != kinds[type(event)] or mover is None:
        raise InputError(_follows(event.FORM, special, after))
    if any(done == after for done, unused in deal.moves):
        raise AssistantError(_("the hands already changed after trick {number}").format(number=after))
    if isinstance(event, SwapEvent) and event.player == mover:
        raise InputError(_("{player} played {card} and swaps hands with another player").format(
            player=mover, card=special.said))


def _no_move(form, special: Special) -> str:
    """The refusal of a hand change this deal's special card does not make."""
    return _("no {step} in this deal: its special card {card} does not move cards that way").format(
        step=spoken_verb(form), card=special.said)


def _when(after: int) -> str:
    """When a hand change was made: 'before the first trick', 'after trick 3'."""
    return _("before the first trick") if not after else _("after trick {number}").format(number=after)


def _follows(form, special: Special, after: int) -> str:
    """The refusal of a hand change recorded after a trick that does not hold the card making it."""
    return _("{step} follows the trick holding the card whose text says it ({card}), not trick {number}").format(
        step=spoken_verb(form), card=special.said, number=after)


def _used(deals: tuple[DealState, ...], but: int | None = None) -> Used:
    """The quest tiles and special cards the deals standing (but deal ``but``) took out of the box."""
    kept = [s for s in deals if not s.removed and s.number != but]
    return Used({s.deal.quest.tile: s for s in kept}, {s.deal.special.id: s for s in kept})


def _latest(deals: tuple[DealState, ...]) -> DealState | None:
    """The latest deal standing, if it is entered trick by trick."""
    states = [s for s in deals if not s.removed]
    return states[-1] if states and states[-1].deal.summary is None and states[-1].deal.tricks else None


def _trick_deal(deals: tuple[DealState, ...]) -> DealState:
    latest = _latest(deals)
    if latest is None:
        raise InputError(_("trick --replace corrects a trick of the latest deal, which was not entered trick by "
                           "trick: correct a summary with quest deal ... --replace N"))
    return latest


def _with(items: tuple, number: int, item) -> tuple:
    """``items`` with item ``number`` (from 1) replaced."""
    return items[:number - 1] + (item,) + items[number:]


def _open(deals: tuple[DealState, ...], players: int) -> DealState | None:
    if deals and not deals[-1].removed and not deals[-1].complete(players):
        return deals[-1]
    return None


def _played(deals: tuple[DealState, ...], players: int) -> int:
    return sum(1 for s in deals if not s.removed and s.complete(players))


def _played_twice(card: str, first: int, again: int, tricks: int) -> str:
    if first == again:
        return _("{card} is played twice in trick {again}: each card is played once").format(card=card, again=again)
    if again == tricks:  # the trick being added
        return _("{card} was already played in this deal (trick {first})").format(card=card, first=first)
    return _("{card} is played in trick {first} and in trick {again}: each card is played once").format(
        card=card, first=first, again=again)


def _not_in_deck(card: Card, players: int, special: Special, rules: Rules) -> str:
    if card.id == "2g" and players == 3:
        return _("the green 2 stays in the box at 3 players: it cannot be played")
    if card.special:
        return _("{card} is not in this deal: the special card shuffled in is {special}").format(
            card=rules.special_of(card).said, special=special.said)
    return _("{card} is not a card of this deck").format(card=said(card))
