"""The garden's game: the deduction core (``DeductionGame``) with the garden's own rules.

``GardenGame`` adds, on the core's hooks: the pieces (miniatures, the cat, Mole and Bait tokens, loot
cards, the end of a set) and the fight of each round kept in the state's ``play`` (``Play``); the
question put to me (the mirror: what each opponent knows of my loot); the end of the game (a two-player
match of sets, or the tally of 3 or 4 players and the gnome throw that settles its tie) and its
statistics. Recording its steps is ``GardenRecording`` (``recording``), their words ``GardenWords``
(``words``).
"""

from typing import TYPE_CHECKING, Any, ClassVar, cast

from assistant.engine.cells import Cell, CellSet
from assistant.engine.errors import AssistantError
from assistant.engine.i18n import _
from assistant.engine.log import Entry
from assistant.engine.records import NamedTuple
from assistant.engine.registry import Outcome
from assistant.engine.sheet import Fact, Sheet
from assistant.games.deduction.events import ClueEvent, said
from assistant.games.deduction.game import DeductionGame
from assistant.games.gnom_street import fight, garden, mirror, turns
from assistant.games.gnom_street.garden import Garden
from assistant.games.gnom_street.recording import GardenRecording
from assistant.games.gnom_street.saved import SavedAccusation
from assistant.games.gnom_street.words import GardenClue, GardenWords

if TYPE_CHECKING:
    from assistant.engine.contract import TheirMaps
    from assistant.games.gnom_street.moles import Advice
    from assistant.games.gnom_street.tally import Tally


class Play(NamedTuple):
    """What the garden's rules keep of the log (``State.play``)."""

    garden: Garden  # miniatures, cat, token stacks, finished sets
    fought: Entry | None = None  # the latest fight standing in this set (its ranking rules who asks whom)
    first_fight: Entry | None = None  # the first fight standing in the log (its winner played first)
    round: turns.Round = turns.Round()  # the cards played, the turns' Action tokens


class GardenGame(GardenRecording, GardenWords, DeductionGame):
    """A game of 75 Gnom' Street: each opponent hides their loot, I hide mine."""

    STEPS: ClassVar[tuple[Any, ...]] = (GardenClue, ClueEvent, SavedAccusation, mirror.AskedEvent, fight.FightEvent,
                                         fight.ThrowEvent, *garden.PIECES)
    STEP_OF_FORM: ClassVar[dict[int, Any]] = {id(step.FORM): step for step in STEPS}  # by identity: fast
    FACT_STEPS: ClassVar[tuple[Any, ...]] = (ClueEvent, SavedAccusation, garden.LootEvent)
    CLUE: ClassVar[type[ClueEvent]] = GardenClue

    @property
    def EXPECTS(self) -> tuple[str, ...]:  # noqa: N802 (the name every game and pad shares)
        """What a scenario may expect after a step: the sheet's cells, what the opponents know of my loot and
        the tally."""
        return ("candidates", "count", "found", "theirs", "totals", "winner")

    @classmethod
    def claims(cls, board) -> bool:
        """A board the player added where each opponent hides their own loot is played by the garden's rules."""
        return board.per_opponent

    def no_accusation(self) -> str:
        """The refusal of an accusation on the garden (each opponent's loot card, shown at the end, says where
        their loot is)."""
        return _("there is no accusation on {board}: its rules end with each loot card shown ({usage})").format(
            board=self.board.name, usage=_(garden.LootEvent.FORM.usage))

    # -- the pieces, replayed -------------------------------------------------------------

    def _play_start(self) -> Play:
        return Play(garden.empty(self.players))

    def _play_after(self, play: Play, entry: Entry) -> Play:
        event = entry.event
        if isinstance(event, fight.FightEvent):  # a fight starts a new round
            pieces = garden.new_round(play.garden)
            return Play(pieces, entry, play.first_fight or entry,
                        turns.after(play.round, play.garden, pieces, event, self.players, self.board, entry.number))
        pieces = garden.apply(play.garden, event)
        round_ = turns.after(play.round, play.garden, pieces, event, self.players, self.board, entry.number)
        if isinstance(event, garden.SetEvent):
            return play._replace(garden=pieces, fought=None, round=round_)
        if pieces is play.garden and round_ is play.round:
            return play
        return play._replace(garden=pieces, round=round_)

    def _ends_set(self, event) -> bool:
        return isinstance(event, garden.SetEvent)

    def _next_mine(self, event) -> Cell | None:
        return self.board.parse_cell(event.next_mine) if event.next_mine else None

    def garden(self) -> Garden:
        """Miniatures, cat, token stacks and finished sets, from the standing entries."""
        return self.state.play.garden

    def fought(self) -> Entry | None:
        """The latest fight standing in the current set, if any."""
        return self.state.play.fought

    def their_cells(self) -> dict[str, CellSet]:
        """Each opponent's map of my loot: the cells they can still believe it is on (the mirror)."""
        return mirror.cells(mirror.maps(self))

    def their_maps(self, before: "GardenGame | None" = None) -> "TheirMaps":
        """Each opponent's map of my loot and a warning for each close to it (with ``before``: only those
        the latest entry brought closer)."""
        from assistant.engine.contract import TheirMaps

        theirs = self.their_cells()
        earlier = before.their_cells() if before is not None else None
        return TheirMaps(theirs, mirror.CLOSE, mirror.close_lines(self.board, theirs, earlier))

    def asked_this_set(self) -> bool:
        """Whether a question put to me stands in the set being played."""
        return mirror.asked_this_set(self)

    def read_back(self, entry: Entry, before: "GardenGame") -> list[str] | None:
        """A question put to me: the answer to give, each opponent's map, the warnings it brings; a fight:
        the round's ranking and whom I ask. Any other step: None (the step and the summary)."""
        if isinstance(entry.event, mirror.AskedEvent):
            return mirror.read_back(self, entry, mirror.maps(before))
        if isinstance(entry.event, fight.FightEvent):
            return fight.read_back(self, entry)
        return None

    def summary_after(self, event) -> str:
        """After a question put to me, the opponents' maps of my loot (my sheets did not change); else the
        summary."""
        return mirror.summary(self, event)

    def moles_advice(self) -> "Advice":
        """Where my next Mole and my Baits are worth most now (``moles.advise``)."""
        from assistant.games.gnom_street import moles

        return moles.advise(self)

    def tally(self, rules: str = "fr") -> "Tally":
        """The end-of-game tally of the pieces recorded, by the rule book ``rules``."""
        from assistant.games.gnom_street import tally as gnom_tally

        return gnom_tally.score_game(self, rules)

    def _facts(self, entries) -> list[Fact]:
        """What standing entries say about the hidden cells. Of several loot cards shown for one player
        only the latest counts: the earlier ones were misheard (``loot ... --replace``; a log saved
        before --replace existed let a second card silently replace the first)."""
        latest = {entry.event.player: entry.number for entry in entries if isinstance(entry.event, garden.LootEvent)}
        known: dict = {}
        return [fact for entry in entries
                if not isinstance(entry.event, garden.LootEvent) or latest[entry.event.player] == entry.number
                for fact in self.facts_of(entry, known)]

    def barred(self) -> CellSet:
        """The cells where my miniature may not go now (``miniature me CELL``, with ``--from`` once my supply
        is empty, would be refused): the cat's cell, where I stand, a miniature placed this turn, a terrain whose
        token another player took."""
        pieces = self.garden()
        mine = self.current_mine()
        own = pieces.miniatures[garden.ME]
        barred = []
        for cell in self.board.open:
            name = self.board.name_of(cell)
            origin = next((c for c in own if c != name), None) if len(own) >= garden.MINIATURES else None
            event = garden.MiniatureEvent(garden.ME, name, origin)
            try:
                garden.check(pieces, event, self.board, self.players,
                             self.board.name_of(mine) if mine is not None else None, self.display)
                turns.check(self.state.play.round, pieces, event, self.players, self.display, self.board)
            except AssistantError:
                barred.append(cell)
        return CellSet.of(barred)

    def tokens_free(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The Action tokens and the terrains whose Terrain token are free in the turn the log stands in: what a
        player who has not placed this turn may still take (rules: "Le joueur choisit un jeton Terrain et un
        jeton Action parmi les jetons disponibles")."""
        actions, terrains = turns.taken_now(self.state.play.round, self.garden(), len(self.players))
        names = [value.name for value in self.board.attribute(turns.TERRAIN).values] \
            if self.board.has_attribute(turns.TERRAIN) else []
        return (tuple(token for token in turns.ACTION_TOKENS if token not in actions),
                tuple(terrain for terrain in names if terrain not in terrains))

    # -- the end of the game --------------------------------------------------------------

    def totals(self) -> dict[str, int]:
        """The end-of-game tally (3 or 4 players), each player's total by their canonical name (``me``);
        refused, saying what is missing, while the loot or a token's face is not known."""
        from assistant.games.gnom_street import tally as gnom_tally

        return {self.player(line.player): line.total for line in gnom_tally.score_game(self).lines}

    def winner(self) -> str | None:
        """Who the tally makes the winner (``me`` or an opponent); None on a tie or before the tally can count."""
        from assistant.games.gnom_street import tally as gnom_tally

        try:
            leaders = gnom_tally.score_game(self).leaders
        except AssistantError:
            return None
        return self.player(leaders[0]) if len(leaders) == 1 else None

    def outcome(self) -> Outcome:
        """The end of the game. Two players: finished once a player has won two sets. 3 or 4: once every
        opponent's loot card is recorded and the tally can count; a tie stands, unfinished, until the gnome
        throw that settles it is recorded (``throw NAME``)."""
        players, me = tuple(self.known_as(p) for p in self.players), self.known_as(garden.ME)
        first = self._first_player()
        pieces = self.garden()
        if len(self.players) == 2:
            winner = garden.match_winner(pieces)
            sets = {self.known_as(p): pieces.sets.count(p) for p in self.players}
            return Outcome(winner is not None, players, (self.known_as(winner),) if winner else (),
                           first_player=first, points=sets, unit="sets", me=me)
        if not all(opponent in pieces.loot for opponent in self.opponents):
            return Outcome(False, players, first_player=first, me=me)
        from assistant.games.gnom_street.tally import score_game

        try:
            tally = score_game(self)
        except AssistantError:  # a token still face down: the tally cannot be made yet
            return Outcome(False, players, first_player=first, me=me)
        points = {self.known_as(self.player(line.player)): line.total for line in tally.lines}
        leaders = tuple(self.known_as(self.player(leader)) for leader in tally.leaders)
        if len(leaders) == 1:
            return Outcome(True, players, leaders, first_player=first, points=points, me=me)
        thrower = self.throw_winner(tally.leaders)
        if thrower is not None:
            # rules: "En cas d'égalité, les joueurs se départageront au lancer de nain en deux manches gagnantes !"
            return Outcome(True, players, (self.known_as(thrower),), leaders, "throw", first, points, me=me)
        return Outcome(False, players, (), leaders, None, first, points,
                       _("record the gnome throw that settles it: {step}").format(step=fight.throw_step()), me=me)

    def throw_winner(self, leaders) -> str | None:
        """The winner of the latest gnome throw recorded for the tally's tie, if they are among its leaders."""
        tied = {self.player(leader) for leader in leaders}
        throws = [entry.event.player for entry in self.state.in_set if isinstance(entry.event, fight.ThrowEvent)]
        return throws[-1] if throws and throws[-1] in tied else None

    def _first_player(self) -> str | None:
        """Who played first, when the log knows it: the winner of the first fight recorded (the fight orders
        the round, and its first player acts first), kept by the state."""
        entry = self.state.play.first_fight
        if entry is None:
            return None
        try:
            return self.known_as(cast(fight.FightEvent, entry.event).ranking(self.display)[0])
        except AssistantError:
            return None

    def match_score(self) -> str | None:
        """The two-player match once a set is over: 'match: you 1 - 0 Matt; set 2 starts'."""
        sets = self.garden().sets
        if not sets:
            return None
        me, other = self.players  # said to me: 'you' ('vous'), whatever my name
        winner = garden.match_winner(self.garden())
        if winner == me:
            message = _("match: you {mine} - {theirs} {other}: you win the match")
        elif winner:
            message = _("match: you {mine} - {theirs} {other}: {other} wins the match")
        else:
            message = _("match: you {mine} - {theirs} {other}; set {number} starts")
        return message.format(mine=sets.count(me), theirs=sets.count(other), other=other, number=len(sets) + 1)

    def statistics(self) -> dict:
        """What the statistics keep of a garden besides its outcome: the turns I took to find each loot (my
        questions in the set until my sheet pinned it down), and each player's sets in a two-player game."""
        finds: list[list] = []
        sheet = Sheet.start(self.board, self.items, self.mine)
        asked = 0
        found: set[str] = set()
        known: dict = {}  # the facts of each clue and its answers, made once (facts_of)
        # What this set's sheet has heard already (said -> whether it says anything): the same answers heard
        # again narrow nothing (a sheet is the intersection of its facts), so the sheet is not worked out anew
        # for them. A long log asks the same questions again and again: its sheet is worked out once a clue.
        heard: dict[tuple, bool] = {}
        for entry in self.standing():
            event = entry.event
            if isinstance(event, garden.SetEvent):
                mine = self.board.parse_cell(event.next_mine) if event.next_mine else None
                sheet, asked, found, heard = Sheet.start(self.board, self.items, mine), 0, set(), {}
                continue
            if len(found) == len(self.items):  # every loot of this set found: nothing more to count till the next
                continue
            if not isinstance(event, self.FACT_STEPS):
                continue
            what = said(event)
            again = what in heard
            facts = [] if again else self.facts_of(entry, known)
            if not heard.setdefault(what, bool(facts)):
                continue
            if isinstance(event, ClueEvent) and event.by is None and event.clue.spec.question:
                asked += 1
            if again:
                continue
            sheet = sheet.with_facts(facts)
            for item in self.items:
                if item not in found and sheet.consistent and sheet.found(item) is not None:
                    found.add(item)
                    finds.append([item, asked])
        result: dict = {"finds": finds}
        if len(self.players) == 2:
            result["sets"] = {self.known_as(p): self.garden().sets.count(p) for p in self.players}
        return result

    # -- what the table hears -------------------------------------------------------------

    def notes(self) -> dict[int, str]:
        """What a saved log holds that recording refuses now, entry by entry: loaded as it was heard (a turn
        limit broken, an accusation, a step its rules do not have)."""
        notes: dict[int, str] = {}
        play = self._play_start()
        for entry in self.standing():
            event = entry.event
            note = self._garden_note(play.garden, event) or turns.note(play.round, play.garden, event,
                                                                       self.players, self.display, self.board)
            if note is not None:
                notes[entry.number] = note
            play = self._play_after(play, entry)
        return notes

    def _garden_note(self, pieces: Garden, event) -> str | None:
        if isinstance(event, SavedAccusation):  # recorded before the garden stopped hearing accusations
            return _("an accusation, a step {board}'s rules do not have: loaded as heard").format(
                board=self.board.name)
        if isinstance(event, garden.TokenEvent) and not event.alex \
                and pieces.laid.get(event.player, 0) >= garden.TOKENS_A_TURN:
            return _("a third token in one turn (the rules lay one or two): loaded as heard")
        if isinstance(event, (ClueEvent, mirror.AskedEvent)) and event.clue.spec.question:
            cells = garden.asked_from(pieces, event.by or garden.ME)
            if cells and event.clue.args[0] not in cells:
                return _("asked away from the miniature placed this turn: loaded as heard")
        if isinstance(event, garden.SetEvent) and len(self.players) == 2:
            if event.cell not in pieces.miniatures.get(event.by, []):
                return _("a Mole on no miniature of its owner: loaded as heard")
        return None

    def told(self, entry: Entry) -> list[str]:
        """What the table hears about ``entry`` beyond its step: the earlier entry it repeats, each miniature
        it sends home."""
        if isinstance(entry.event, (garden.MiniatureEvent, garden.CatEvent)):
            pieces = garden.empty(self.players)
            for earlier in self.standing():
                if earlier.number < entry.number:
                    pieces = garden.apply(pieces, earlier.event)
            return garden.told_home(pieces, entry.event, self.display)
        return super().told(entry)


if TYPE_CHECKING:  # mypy checks the class against the game contract (engine/contract.py)
    from assistant.engine.contract import AdvisesMoles, AskedOfMe, ReadsBack, SheetGame, Tallies

    _checked: type[SheetGame] = GardenGame
    _mirrors: type[AskedOfMe] = GardenGame
    _reads_back: type[ReadsBack] = GardenGame
    _moles: type[AdvisesMoles] = GardenGame
    _tallies: type[Tallies] = GardenGame
