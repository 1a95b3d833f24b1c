"""Le Roi des Nains: the cards left are the hands, and completion offers exactly the cards recording takes.

rules: 'Il distribue ces cartes une à une à chaque joueur' (every hand holds as many cards), 'Chacun des
autres joueurs doit ensuite, en sens horaire, jouer une carte de sa main', 'À votre tour, vous devez suivre
la couleur' and 'Si plus aucun joueur n'a de cartes en main, la donne est terminée'. A player who did not
follow the suit led holds none of it; when the cards no trick holds cannot be dealt back into hands of the
right size under what the tricks showed, a trick is not what was played: recording refuses it, and
completion does not offer the card that makes it. A table typing or tapping only offered words plays every
deal out, trick by trick, whatever it picks.
"""

import random

import pytest
from test_roi_magic import RULES, pad, saved
from test_roi_rules import refused

from assistant.engine import grammar, i18n
from assistant.engine.errors import AssistantError
from assistant.engine.words import split
from assistant.games.roi_des_nains import RoiGame
from assistant.games.roi_des_nains.events import HAND

PLAYERS = ["Ana", "Ben", "Cleo", "Dan", "Eve"]
MOVES = ("swap", "pass", "take", "take-back")  # the hand changes a deal's special card may make
# Cleo leads blue in trick 2; Ana and Ben play green: neither holds blue, so Cleo holds the 12 blue cards
# left, in a hand of 11.
SHORT = ("deal 1A --special dragon", "trick Ana 3g 4g 5g")
SHORT_TRICK = "trick Cleo 2b 6g 7g"


def test_a_trick_after_which_the_cards_left_cannot_be_the_hands_is_refused():
    assert refused(pad(*SHORT), SHORT_TRICK) == (
        "the cards left cannot be the hands: Ana and Ben must still play 22 cards between them, and only 21 of "
        "the cards left may be in their hands (Ana: no blue since trick 2, Ben: no blue since trick 2); a trick "
        "is wrong: correct it with trick ... --replace N")
    game = pad(*SHORT)
    assert "7g" not in grammar.expect(game, split(SHORT_TRICK)[:4]).values  # completion does not offer it
    assert set(grammar.expect(game, split(SHORT_TRICK)[:4]).values) == {
        card for card in grammar.values_here(game, "card", ["trick", "Cleo:", "2b"]) if card.endswith("b")} | {
        "dragon"}
    pad(*SHORT, "trick Cleo 2b 6g 7b")  # Ben follows: the blue cards left may be in two hands


def test_the_refusal_is_said_in_french():
    with i18n.speaking("fr"):
        said = refused(pad(*SHORT), SHORT_TRICK)
    assert said == ("les cartes restantes ne peuvent pas être les mains\u00a0: Ana et Ben doivent encore jouer 22 "
                    "cartes en tout, et seules 21 des cartes restantes peuvent être dans leurs mains (Ana\u00a0: plus "
                    "de bleu depuis le pli 2, Ben\u00a0: plus de bleu depuis le pli 2)\u00a0; un pli est faux\u00a0: "
                    "corrigez-le avec pli ... --remplace N")


def test_a_saved_log_holding_such_a_trick_still_loads():
    """A rule added since never stops an old game from loading (restore makes only the checks replay needs)."""
    game = saved(*SHORT, "trick Cleo: 2b 6g 7g")
    assert len(game.deals()[-1].deal.tricks) == 2


def test_the_command_line_refuses_it_in_one_line_and_keeps_the_file(run, home):
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "pad")
    for step in SHORT:
        assert run("quest", *split(step)).exit_code == 0
    before = (home / "games" / "pad.yaml").read_bytes()
    result = run("quest", *split(SHORT_TRICK))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert "the cards left cannot be the hands" in result.stderr
    assert (home / "games" / "pad.yaml").read_bytes() == before


def test_the_sorcerer_still_in_a_hand_at_the_last_trick_is_the_hint():
    """The Sorcerer is never played into a trick: its holder takes back a card before the last trick, else the
    last trick has a card too few."""
    game = pad("deal 7A --special sorcerer")
    rnd = random.Random(7)
    while len(game.open_deal().deal.tricks) < HAND[3] - 1:
        game = trick_by_completion(game, rnd)
    why = grammar.expect(game, ["trick"]).why
    assert why == ("sorcerer is still in a hand, and it is never played into a trick: before the last trick its "
                   "holder takes back a card of the trick just played (take-back NAME CARD)")
    holder = next(player for player in game.players if grammar.expect(game, ["take-back", player]).values)
    taken = grammar.expect(game, ["take-back", holder]).values[0]  # a card after which the hands still fit
    game = game.record(game.read_step(f"take-back {holder} {taken}"))
    assert not grammar.expect(game, ["trick"]).why
    assert trick_by_completion(game, rnd).open_deal() is None  # the deal played out


# -- completion offers what recording takes ------------------------------------------------------


def recorded(game, words: list[str]):
    """The game after the step ``words``, with a --winner offered where the rules cannot tell who wins
    (the first that records); None when it is refused."""
    for more in ([], *(["--winner", player] for player in game.players)):
        try:
            return game.record(game.read_step(" ".join([*words, *more])))
        except AssistantError:
            continue
    return None


def trick_by_completion(game, rnd: random.Random):
    """One trick typed from completion alone, every word offered at each slot tried: each leads to a slot
    that offers a word in turn, or, the trick's last card, to a trick that records; every card left that the
    last slot does not offer is refused. The game after a trick of words picked among the offered ones."""
    words = ["trick"]
    while True:
        slot = grammar.expect(game, words)
        assert not slot.why, (words, slot.why)
        assert slot.name in ("leader", "card") and slot.values, (words, slot.name, "offers nothing")
        last = slot.name == "card" and len(words) == 1 + len(game.players)
        done = {}
        for value in slot.values:
            if last:
                done[value] = recorded(game, [*words, value])
                assert done[value] is not None, ([*words, value], "offered, then refused")
            else:
                assert grammar.expect(game, [*words, value]).values, ([*words, value], "offered, then nothing")
        if last:
            typed = set(words[2:])
            for card in grammar.values_here(game, "card", ["trick", "--replace", "1", words[1]]):
                if card not in slot.values and card not in typed:
                    assert recorded(game, [*words, card]) is None, ([*words, card], "refused by completion only")
        pick = rnd.choice(slot.values)
        if last:
            return done[pick]
        words.append(pick)


def hand_change(game, rnd: random.Random):
    """The game after a hand change its special card makes now, built from completion, when one records."""
    moves = tuple(verb for verb in MOVES if not grammar.expect(game, [verb]).why)
    for unused in range(20):
        if not moves:
            break
        words = [rnd.choice(moves)]
        while (slot := grammar.expect(game, words)).values and len(words) < 6:
            words.append(rnd.choice(slot.values))
        after = recorded(game, words)
        if after is not None:
            return after
    return game


def played_out(players: int, special: str, seed: int) -> RoiGame:
    """A deal with ``special`` played trick by trick from completion, hand changes now and then."""
    rnd = random.Random(seed)
    game = RoiGame.new("t", PLAYERS[:players], RULES)
    game = game.record(game.read_step(f"deal 7A --special {special}"))
    while game.open_deal() is not None:
        if game.open_deal().deal.tricks and (rnd.random() < 0.3 or grammar.expect(game, ["trick"]).why):
            game = hand_change(game, rnd)
        game = trick_by_completion(game, rnd)
    return game


SPECIALS = [special.id for special in RULES.specials]
QUICK = [(3, "dragon", 1), (4, "sorcerer", 2), (5, "druid", 3), (3, "red-11-swap", 4), (4, "excalibur", 5)]
DEALS = [pytest.param(*each, id=f"{each[0]}-{each[1]}") for each in QUICK] + [
    pytest.param(players, special, seed, id=f"{players}-{special}-full", marks=pytest.mark.full)
    for seed, (players, special) in enumerate(((players, special) for players in (3, 4, 5) for special in SPECIALS),
                                              10)]


@pytest.mark.parametrize("players, special, seed", DEALS)
def test_a_deal_typed_from_completion_alone_is_played_out(players, special, seed):
    game = played_out(players, special, seed)
    assert game.deals()[-1].complete(players) and len(game.deals()[-1].deal.tricks) == HAND[players]
