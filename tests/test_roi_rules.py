"""Le Roi des Nains: what the rules forbid is refused, what they leave open is said (issue 16).

Three players sit Ana, Ben, Cleo (clockwise). Rules quoted from the French
rule book (shared/rules/roi-des-nains.fr.txt) or FACTS.md.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine.errors import AssistantError, InputError
from assistant.games.roi_des_nains import HAND, RoiGame, read_rules, score
from assistant.store import yamlfile
from assistant.store.folder import shipped_folder

RULES = read_rules(yamlfile.load(shipped_folder("boards") / "roi-des-nains.yaml"), "roi-des-nains.yaml")
PLAYERS = ["Ana", "Ben", "Cleo"]


def pad(*steps: str) -> RoiGame:
    game = RoiGame.new("t", PLAYERS, RULES)
    for step in steps:
        game = game.record(game.read_step(step))
    return game


def refused(game: RoiGame, step: str, error=AssistantError) -> str:
    with pytest.raises(error) as caught:
        game.record(game.read_step(step))
    message = str(caught.value)
    assert "\n" not in message
    return message


# -- follow suit ------------------------------------------------------------------------------


def test_a_revoke_is_refused_naming_both_tricks():
    """rules: 'À votre tour, vous devez suivre la couleur' (you must follow suit when you can)."""
    game = pad("deal 7A --special shaman", "trick Ana 5r 2r Kg")  # Cleo shows no red; Ana wins
    message = refused(game, "trick Ana 9r 4r 6r")
    assert "Cleo played Kg, not red, in trick 1" in message and "plays 6r in trick 2" in message
    assert "correct one of the two" in message


def test_a_revoke_is_found_on_the_lead_too():
    """rules: 'vous devez suivre la couleur': leading a suit you showed you lacked is a revoke as well."""
    game = pad("deal 7A --special shaman", "trick Ana 5r 2r Kg", "trick Ana 3g 4g Ag")  # Cleo wins, leads
    assert "plays 7r in trick 3" in refused(game, "trick Cleo 7r 8r 9r")


def test_a_magic_card_played_instead_of_the_suit_shows_nothing():
    """rules: the Clone may be played 'bien qu'ayant du rouge ... le texte de cette carte l'y autorise'."""
    game = pad("deal 7A --special clone", "trick Ana 5r 2r clone")  # the Clone: a little more than 2r
    game = game.record(game.read_step("trick Ana 6r 7r 8r"))  # Cleo still had red: no revoke
    assert game.deals()[-1].deal.tricks[-1].winner == "Cleo"


def test_after_a_card_that_moves_cards_between_hands_a_missing_suit_may_come_back():
    """FACTS.md: the Druid: 'after this trick swap hands with a player': what was shown no longer holds."""
    game = pad("deal 7A --special druid", "trick Ana 5r 2r Kg", "trick Ana 1g 3g 4g")  # Ana leads the druid
    game = game.record(game.read_step("trick Cleo 6r 7r 8r"))
    assert len(game.deals()[-1].deal.tricks) == 3


def test_a_revoke_at_the_command_line_is_one_line_exit_1_and_the_file_unchanged(run, home):
    run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "pad")
    run("quest", "deal", "7A", "--special", "shaman")
    run("quest", "trick", "Ana", "5r", "2r", "Kg")
    before = (home / "games" / "pad.yaml").read_bytes()
    result = run("quest", "trick", "Ana", "9r", "4r", "6r")
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and "trick 1" in result.stderr
    assert (home / "games" / "pad.yaml").read_bytes() == before


# -- what goes back to the box ------------------------------------------------------------------


def test_a_quest_tile_is_used_once_per_game_either_face():
    """rules: 'Une seule de ces tuiles, toutes différentes, est utilisée à chaque donne.'"""
    game = pad("deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4")
    assert "quest tile 7 was played in deal 1 (7A Most Victories)" in refused(
        game, "deal 7B --special shaman --tricks Ana=5,Ben=4,Cleo=4 --special-winner Ana")


def test_a_special_card_goes_back_to_the_box_after_its_deal():
    """rules: 'Remettez la Quête et la carte spéciale utilisée pour cette donne dans la boîte.'"""
    game = pad("deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4")
    assert "druid was shuffled into deal 1" in refused(game, "deal 9A --special druid --tricks Ana=5,Ben=4,Cleo=4")


def test_a_deal_taken_out_or_corrected_gives_its_tile_and_card_back():
    game = pad("deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4",
               "deal 7A --special druid --tricks Ana=6,Ben=4,Cleo=3 --replace 1")  # a correction keeps them
    assert game.totals() == {"Ana": 6, "Ben": 4, "Cleo": 3}
    game = game.record(game.read_step("drop 1"))
    game = game.record(game.read_step("deal 7B --special druid --tricks Ana=6,Ben=4,Cleo=3"))
    assert game.totals() == {"Ana": -6, "Ben": -4, "Cleo": -3}


def test_a_log_of_0_1_that_reused_a_tile_and_a_card_still_loads():
    """The new rules check what is recorded, not what was saved: 0.1 logs replay as they were."""
    steps = ["deal 7A --special druid --tricks Ana=6,Ben=4,Cleo=3",
             "deal 7B --special druid --tricks Ana=6,Ben=4,Cleo=3"]
    game = RoiGame.from_mapping({"assistant": "pad/1", "pad": "roi-des-nains", "players": PLAYERS, "events": steps},
                                "old", RULES, "old.yaml")
    assert game.totals() == {"Ana": 0, "Ben": 0, "Cleo": 0}


# -- summaries that can be scored -----------------------------------------------------------------


@pytest.mark.parametrize("quest", ["6A", "6B", "17A", "17B"])
def test_quests_comparing_whole_piles_need_every_card(quest):
    """FACTS.md: 6A 'sum the values 1..11 of your cards; +5 to the highest total'; 17A 'number of cards of
    the suit you hold fewest of': a partial --won would score the wrong player."""
    message = refused(pad(), f"deal {quest} --special druid --won Ana=Kg", InputError)
    assert "--won lists 1 of the 39 cards" in message and "NAME=rest" in message


def test_every_card_given_with_rest_and_piles_of_whole_tricks():
    game = pad("deal 17A --special druid --won Ana=3g,4g,4b,5b,6b,7r --won Ben=Kg,Qg,Jg --won Cleo=rest")
    assert game.rows()[-1].points == {"Ana": 1, "Ben": 0, "Cleo": 8}
    assert "multiple of 3" in refused(pad(), "deal 17B --special druid --won Ana=3g,4g --won Ben=rest", InputError)


def test_the_flag_bearer_in_a_pile_says_who_won_it():
    """rules: 'le Porte-étendard ... vous gagnez 3 supplémentaires' to whoever won it."""
    game = pad("deal 7A --special flag-bearer --tricks Ana=6,Ben=4,Cleo=3 --won Ben=flag-bearer")
    assert game.rows()[-1].points == {"Ana": 6, "Ben": 4 + 3, "Cleo": 3}
    assert "--won gives flag-bearer to Ben, so Ben won its trick, not Ana" in refused(
        pad(), "deal 7A --special flag-bearer --tricks Ana=6,Ben=4,Cleo=3 --won Ben=flag-bearer --special-winner Ana")


# -- the 11s as printed --------------------------------------------------------------------------


@pytest.mark.parametrize("special,printed", [("flag-bearer", "11g"), ("flag-bearer", "11v"), ("tinkerer", "11g"),
                                             ("enchanter", "11b"), ("shaman", "11r"), ("druid", "1g"),
                                             ("joker", "1b"), ("scout", "1r")])
def test_an_11_or_a_1_as_printed_names_this_deals_special_card(special, printed):
    """rules: 'Il s'agit du 1 et des deux 11 de chacune des trois couleurs' (14 special cards)."""
    game = pad(f"deal 7A --special {special}")
    event = game.read_step(f"trick Ana {printed} 2r 3r" if printed.endswith("r") else f"trick Ana {printed} 2b 3b")
    assert event.cards[0].id == special


def test_an_11_not_shuffled_in_is_refused_saying_which_is():
    game = pad("deal 7A --special druid")
    assert "'11b' is not in this deal: its special card is druid (1g)" in refused(game, "trick Ana 11b 2b 3b",
                                                                                 InputError)


# -- who played which card ------------------------------------------------------------------------


def test_a_recorded_trick_says_who_played_which_card(run, home):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    run("quest", "deal", "7A", "--special", "shaman")
    result = run("quest", "trick", "Ana", "5g", "7g", "Kb")
    assert result.stdout == "trick 1: Ana 5g, Ben 7g, Cleo Kb; Ben wins and leads next\n"


def test_cards_in_seating_order_with_seating():
    """rules: 'Chacun des autres joueurs doit ensuite, en sens horaire, jouer une carte' (play goes
    clockwise from the leader): in seating order, Cleo's card comes last even when she leads."""
    game = pad("deal 7A --special shaman", "trick Ana 3g 4g 5g")  # Cleo wins and leads
    by_seat = game.record(game.read_step("trick Cleo --seating 6b 7b Kb"))  # Ana 6b, Ben 7b, Cleo Kb
    assert by_seat.trick_said() == "trick 2: Cleo Kb, Ana 6b, Ben 7b; Cleo wins and leads next"
    in_play_order = game.record(game.read_step("trick Cleo 6b 7b Kb"))  # Cleo 6b, Ana 7b, Ben Kb
    assert in_play_order.deals()[-1].deal.tricks[-1].winner == "Ben"


# -- quest list and the neighbours ---------------------------------------------------------------


def test_quest_list_says_what_each_face_scores_and_who_the_previous_player_is(run):
    lines = run("quest", "list").stdout.splitlines()
    assert "counter-clockwise" in lines[0] and "previous player" in lines[0]
    assert "  5A  To the Right: +1 per trick won by your previous player  [needs: counts]" in lines
    assert " 13A  Capture the Kings: +3 per K won; -3 per Q won  [needs: cards]" in lines
    assert " 10A  Evens: +5 for an even number of tricks won (0 is not even)  [needs: counts]" in lines
    assert "  flag-bearer, porte-etendard: +3 to whoever wins its trick" in lines


def test_the_previous_player_is_the_counter_clockwise_neighbour():
    """FACTS.md 5A 'To the Right: +1 per trick won by the previous player': Ana's previous player is Cleo."""
    game = pad("deal 5A --special druid --tricks Ana=1,Ben=3,Cleo=9")
    assert game.rows()[-1].points == {"Ana": 9, "Ben": 1, "Cleo": 3}


# -- taking back, taking out, correcting ---------------------------------------------------------


def test_undo_on_a_pad_says_what_it_took_back(run):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    run("quest", "deal", "7A", "--special", "shaman")
    run("quest", "trick", "Ana", "3g", "4g", "5g")
    result = run("undo")
    assert result.exit_code == 0
    assert result.stdout.startswith("took back entry 2: trick Ana: 3g 4g 5g -> totals: Ana 0, Ben 0, Cleo 0\n")


def test_quest_remove_does_not_skip_a_deal_number(run):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    run("quest", "deal", "7A", "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4")
    run("quest", "deal", "8A", "--special", "mummy", "--tricks", "Ana=3,Ben=3,Cleo=7")
    removed = run("quest", "remove", "1")
    assert "took out deal 1: 7A Most Victories + Druid; the deals after it move up" in removed.stdout
    run("quest", "deal", "9A", "--special", "clone", "--tricks", "Ana=4,Ben=4,Cleo=5")
    csv = run("quest", "export", "--csv").stdout.splitlines()
    assert [line.split(",")[0] for line in csv[1:]] == ["1", "2"]
    assert csv[2].startswith("2,9A Four by Four + Clone,5,5,0")


def test_a_trick_is_corrected_without_undoing_the_tricks_after_it():
    game = pad("deal 7A --special shaman", "trick Ana 3g 4g 5g", "trick Cleo 6r 7r 8r", "trick Ben 2b 3b 4b")
    corrected = game.record(game.read_step("trick Ana 3g 4g 9g --replace 1"))  # Cleo still wins trick 1
    assert [c.id for _, c in corrected.deals()[-1].deal.tricks[0].plays] == ["3g", "4g", "9g"]
    assert len(corrected.deals()[-1].deal.tricks) == 3
    assert corrected.trick_said(1) == "trick 1: Ana 3g, Ben 4g, Cleo 9g; Cleo wins"
    # a correction that changes who won must agree with who led next
    assert "Ben won trick 1, so leads trick 2, not Cleo" in refused(game, "trick Ana 3g 9g 5g --replace 1",
                                                                    InputError)
    assert "8r is played in trick 1 and in trick 2" in refused(game, "trick Ana 3g 8r 5g --replace 1", InputError)


def test_retracting_a_trick_the_later_ones_need_is_refused_with_the_way_out():
    game = pad("deal 7A --special shaman", "trick Ana 3g 4g 5g", "trick Cleo 6r 7r 8r", "trick Ben 2b 3b 4b")
    message = refused(game, "retract 3")
    assert message.startswith("cannot take back entry 3 (trick Cleo: 6r 7r 8r): the entries after it need it")
    assert message.endswith("to correct a trick: quest trick ... --replace N")
    assert game.record(game.read_step("retract 4")).deals()[-1].deal.tricks[-1].winner == "Ben"


# -- a law: a deal played by the rules is never refused ----------------------------------------


def play_by_the_rules(special_id: str, rng, players=PLAYERS) -> list[str]:
    """A whole deal at 3 to 5 players, each following suit when able; a magic card within its limits, each
    trick's winner as the rules say it; the hands changing as the special card says, each change
    recorded as a step or not (the check then forgets what was shown)."""
    from assistant.games.roi_des_nains.events import Trick, deck
    from assistant.games.roi_des_nains.play import ruling, suit_led, worths

    special = RULES.special(special_id)
    play = special.play
    count, hand = len(players), HAND[len(players)]
    cards = list(deck(count, special).values())
    rng.shuffle(cards)
    hands = {p: cards[i * hand:(i + 1) * hand] for i, p in enumerate(players)}
    leader = next(p for p in players if any(c.id == "5r" for c in hands[p]))
    steps, tricks = [], []
    for number in range(1, hand + 1):
        start = players.index(leader)
        plays = []
        for seat in [players[(start + i) % count] for i in range(count)]:
            before = tricks[-1] if tricks else None
            found = worths(tuple(plays), special, before) if plays else None
            led = suit_led(found) if found else None
            allowed = [c for c in hands[seat] if not (c == special.card and (
                play.get("between_tricks") or (number == 1 and play.get("not_in_first_trick"))
                or (number == 1 and not plays and play.get("not_leading_first_trick"))))]
            following = [c for c in allowed if led is not None and c.suit == led]
            if following:
                allowed = following + [c for c in allowed if c.magic and not play.get("only_when_void")]
            card = rng.choice(allowed)
            hands[seat].remove(card)
            plays.append((seat, card))
        winner = ruling(tuple(plays), special, tricks[-1] if tricks else None).winner
        tricks.append(Trick(leader, tuple(plays), winner, False))
        steps.append(f"trick {leader} {' '.join(c.id for _, c in plays)}")
        leader = winner
        if number == hand:
            break
        holder = next((p for p in players if special.card in hands[p]), None)
        if play.get("between_tricks") and holder and (number == hand - 1 or rng.random() < 0.2):
            back = rng.choice(plays)[1]
            hands[holder].remove(special.card)
            hands[holder].append(back)
            steps.append(f"take-back {holder} {back.id}")
        mover = next((p for p, c in plays if c == special.card), None)
        if special.hands and mover:
            recorded = rng.random() < 0.7  # else not recorded: the check forgets what was shown
            other = rng.choice([p for p in players if p != mover])
            if special.hands == "swap":
                hands[mover], hands[other] = hands[other], hands[mover]
                steps += [f"swap {other}"] if recorded else []
            elif special.hands == "pass":
                way = rng.choice(["left", "right"])
                step = 1 if way == "left" else -1
                hands = {players[(players.index(p) + step) % count]: held for p, held in hands.items()}
                steps += [f"pass {way}"] if recorded else []
            elif len(hands[other]) >= special.take:
                taken = rng.sample(hands[other], special.take)
                for card in taken:
                    hands[other].remove(card)
                hands[mover] += taken
                back = rng.sample(hands[mover], special.take)
                for card in back:
                    hands[mover].remove(card)
                hands[other] += back
                steps += [f"take {other} {' '.join(c.id for c in taken)} --back {','.join(c.id for c in back)}"] \
                    if recorded else []
    return steps


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([s.id for s in RULES.specials]), st.sampled_from([3, 4, 5]), st.randoms(use_true_random=False))
def test_a_deal_played_by_the_rules_is_never_refused(special, count, rng):
    players = ["Ana", "Ben", "Cleo", "Dan", "Eve"][:count]
    game = RoiGame.new("t", players, RULES)
    game = game.record(game.read_step(f"deal 7A --special {special}"))
    for step in play_by_the_rules(special, rng, players):
        game = game.record(game.read_step(step))
    deal = game.deals()[-1].deal
    assert game.open_deal() is None and len(deal.tricks) == HAND[count]
    assert sum(score(deal, tuple(players), RULES.face_value).quest.values()) == HAND[count]  # +1 a trick
