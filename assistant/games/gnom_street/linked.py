"""What an act at a 75 Gnom' Street table becomes on the other sheets of that table (``Acts.copies``).

Each player's phone keeps its own sheet; an act is entered once, on any of them, and reaches the others as
the rules let each player learn it:

- a question: its asker learns the answers, and each player asked learns the question put to them (rules:
  the one asked "répond discrètement en utilisant ses cartes Interrogatoire" and the asker reports the
  answer "sur sa feuille d'enquête, elle restera secrète"); an answer given aloud (rules: "Le joueur doit
  obligatoirement donner sa réponse à voix haute", the pipelette's megaphone) reaches every sheet;
- the answer a player asked gives is worked out from that player's own loot, on their own sheet: where
  the answer recorded disagrees, both phones are told (each in its own language), and the secret is never
  shown to the asker;
- the fight's cards, turned over together (rules: "ils retournent simultanément leur carte"), the
  miniatures, the cat, the tokens turned over at the end and the loot cards shown at the end (rules:
  "chaque joueur dévoile sa carte Butin") reach every sheet;
- a token is laid face down (rules: "toujours poser un jeton Taupe ou un jeton Appât face cachée"): it
  reaches the others face down, from its owner's sheet, where its face is known;
- what a sheet holds of its owner alone stays there: a clue that is no question asked at the table (a
  card's statement, a deduction), a two-player set's end (it carries its owner's next loot).
"""

from typing import TYPE_CHECKING

from assistant.engine.i18n import _, in_every_language
from assistant.engine.registry import ME, Copy
from assistant.engine.words import said_answer
from assistant.games.deduction.events import ClueEvent
from assistant.games.deduction.linking import seen_from
from assistant.games.gnom_street import fight, garden, mirror
from assistant.games.gnom_street.words import GardenClue

if TYPE_CHECKING:
    from assistant.games.gnom_street.game import GardenGame


def copies(origin: "GardenGame", event, owner: str, other: "GardenGame", other_owner: str) -> tuple[Copy, ...]:
    """What ``event``, accepted on ``owner``'s sheet ``origin``, becomes on ``other_owner``'s sheet ``other``
    (see the module's docstring); none when ``other_owner`` does not learn it."""

    def seen(name: str) -> str:
        return seen_from(name, owner, other, other_owner)

    if isinstance(event, mirror.AskedEvent):
        return _answer_given(other, event, owner, seen)
    if isinstance(event, ClueEvent):
        return _question(origin, other, event, owner, other_owner, seen)
    if isinstance(event, garden.LootEvent):
        return _loot(other, event, owner, other_owner, seen)
    if isinstance(event, garden.TokenEvent):
        # face down for the others; only its owner's sheet knows its face, so it is linked from there alone
        if event.player != ME:
            return ()
        return (_copy(other, event._replace(player=seen(ME), face=None)),)
    public = _public(event, seen)
    return (_copy(other, public),) if public is not None else ()


def _copy(other: "GardenGame", event, differs: str = "", told: dict[str, str] | None = None) -> Copy:
    return Copy(other.step(event), differs, told or {})


def _public(event, seen):
    """A public act as another sheet records it (its players said as that sheet says them); None for an act
    that stays on its own sheet."""
    if isinstance(event, garden.MiniatureEvent):
        return event._replace(player=seen(event.player))
    if isinstance(event, (garden.CatEvent, garden.RevealEvent)):
        return event
    if isinstance(event, fight.FightEvent):
        return event._replace(values=tuple((seen(player), value) for player, value in event.values),
                              throw=tuple(map(seen, event.throw)))
    if isinstance(event, fight.ThrowEvent):
        return event._replace(player=seen(event.player))
    return None  # a set's end carries its owner's next loot; an accusation is none of the garden's


def _question(origin: "GardenGame", other: "GardenGame", event: ClueEvent, owner: str, other_owner: str,
              seen) -> tuple[Copy, ...]:
    """A question asked at the table, recorded by one who heard its answers (its asker, or anyone when
    they were said aloud): the question put to ``other``'s owner if they were asked, the answers if they
    asked it or heard them aloud."""
    if event.card or event.clue.kind not in origin.board.questions:
        return ()  # a card's statement, a deduction: the recorder's own
    asker = seen(event.by or ME)
    answers = [(seen(item), answer) for item, answer in event.answers]
    mine = dict(answers).get(ME)
    if mine is not None:  # other's owner was asked: the question put to them, answered from their own loot
        return (_put_to(other, event, asker, mine, owner, other_owner),)
    if asker != ME and not event.aloud:
        return ()  # asked quietly between two others
    heard = GardenClue(event.clue, tuple(answers), None, None if asker == ME else asker, event.power, event.aloud)
    return (_copy(other, heard),)


def _put_to(other: "GardenGame", event: ClueEvent, asker: str, recorded: bool, owner: str,
            other_owner: str) -> Copy:
    """The question ``event`` as put to ``other``'s owner, with the answer their own loot gives (the one
    recorded when their loot is not known), and what to tell both phones when the two differ."""
    truth = recorded if other.current_mine() is None else mirror.truth(other, event.clue)
    put = mirror.AskedEvent(event.clue, asker, truth, event.aloud, event.power)
    if truth == recorded:
        return _copy(other, put)
    return _copy(other, put,
                 _("{player}'s sheet answers {answer}: check what you heard").format(
                     player=other_owner, answer=said_answer(truth)),
                 in_every_language(lambda: _("{player} recorded {answer} to {clue}, and your loot answers {truth}: "
                                             "check what was heard").format(
                     player=owner, answer=said_answer(recorded), clue=event.clue.said(other.board),
                     truth=said_answer(truth))))


def _answer_given(other: "GardenGame", event: mirror.AskedEvent, owner: str, seen) -> tuple[Copy, ...]:
    """An answer ``owner`` gave, recorded on their own sheet: the asker learns it, and the whole table when
    it was said aloud."""
    asker = seen(event.by)
    if asker != ME and not event.aloud:
        return ()
    heard = GardenClue(event.clue, ((seen(ME), event.answer),), None, None if asker == ME else asker, event.power,
                       event.aloud)
    return (_copy(other, heard),)


def _loot(other: "GardenGame", event: garden.LootEvent, owner: str, other_owner: str, seen) -> tuple[Copy, ...]:
    """A loot card shown at the end: every sheet but its owner's records it; its owner's sheet holds it as
    its secret already, and says so when the card recorded is another."""
    player = seen(event.player)
    if player != ME:
        return (_copy(other, event._replace(player=player)),)
    mine = other.current_mine()
    if mine is None or other.board.name_of(mine) == event.cell:
        return ()
    return (Copy("", _("{player}'s sheet holds another loot card: check what you saw").format(player=other_owner),
                 in_every_language(lambda: _("{player} recorded your loot card on {cell}, and your sheet holds "
                                             "another: check what they saw").format(player=owner, cell=event.cell))),)


if TYPE_CHECKING:  # mypy checks the function against what the store calls (engine/contract.py)
    from assistant.engine.contract import CopiesActs

    _checked_copies: CopiesActs = copies
