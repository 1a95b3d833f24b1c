"""Le Roi des Nains: what completion offers for a trick is what recording accepts.

rules: 'À votre tour, vous devez suivre la couleur' (follow suit): a card a player showed they lack, or a
card known to be in another hand, is refused when the trick is recorded; completion does not offer it, nor a
card after which the cards left could no longer be the hands the earlier tricks showed. A player who types or
taps only offered words always finishes the deal, trick by trick: from any state reached, every card offered
for the next slot leads to a trick that records, or to a slot that offers a word in turn.
"""

import random

import playing
import pytest
from test_roi_magic import RULES

from assistant.engine import grammar
from assistant.engine.errors import AssistantError
from assistant.games.roi_des_nains import RoiGame
from assistant.games.roi_des_nains.events import HAND

PLAYERS = ["Ana", "Ben", "Cleo", "Dan", "Eve"]


def _records(game, words: list[str]):
    """The game after the step ``words``, or None when it is refused."""
    try:
        return game.record(game.read_step(" ".join(words)))
    except AssistantError:
        return None


def trick_by_completion(game, rnd: random.Random):
    """One trick typed from completion alone, every word offered at each slot tried: each leads to a
    further slot that offers a word, or to a trick that records (with a --winner offered where the rules
    cannot tell who wins). The game after a trick of words picked among the offered ones."""
    words = ["trick"]
    while True:
        slot = grammar.expect(game, words)
        assert not slot.why, (words, slot.why)
        assert slot.name in ("leader", "card") and slot.values, (words, slot.name, "offers nothing")
        done = {}
        for value in slot.values:
            typed = [*words, value]
            if slot.name == "card" and len(typed) == 2 + len(game.players):
                after = _records(game, typed) or next(
                    (found for winner in grammar.values_here(game, "player", [*typed, "--winner"])
                     if (found := _records(game, [*typed, "--winner", winner])) is not None), None)
                assert after is not None, (typed, "offered, then refused")
                done[value] = after
            else:
                assert grammar.expect(game, typed).values, (typed, "offered, then nothing after it")
        pick = rnd.choice(slot.values)
        if pick in done:
            return done[pick]
        words.append(pick)


def started_deal(game, rnd: random.Random):
    """The game with a deal opened to be played trick by trick, its quest and special card from completion."""
    for unused in range(50):
        words = ["deal", rnd.choice(grammar.values_here(game, "quest", ["deal"])), "--special",
                 rnd.choice(grammar.values_here(game, "special", ["deal", "x", "--special"]))]
        after = _records(game, words)
        if after is not None and after.open_deal() is not None:
            return after
    raise AssertionError("no deal could be opened from completion")


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 2), (5, 3), (3, 4)])
def test_every_card_completion_offers_leads_to_a_recorded_trick(players, seed):
    rnd = random.Random(seed)
    game = started_deal(RoiGame.new("t", PLAYERS[:players], RULES), rnd)
    for number in range(HAND[players]):
        if number and rnd.random() < 0.3:  # a hand change between tricks, when the deal's card makes one
            found = playing.recordable(game, rnd, again=None)
            if found is not None and found[2].open_deal() is not None \
                    and len(found[2].open_deal().deal.tricks) == number:
                game = found[2]
        game = trick_by_completion(game, rnd)
    assert game.open_deal() is None and game.deals()[-1].deal.tricks  # the deal played out
