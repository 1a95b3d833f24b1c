"""The score pads in French (issue 14): Le Roi des Nains, Oh ! les Nains and the Gnom' Street tally.

What a player reads is French with --lang fr: errors, confirmations, the deal and trick lines, the
totals and the winner, the rope, the tally; quest faces keep the names the rules give in French and
otherwise their official English name, with a French description made from their rule. What a
machine reads (quest list --json, quest export, tally --json) and what is saved stay canonical
English. English is unchanged (the other test files pin it).
"""

from __future__ import annotations

import json

import pytest
from conftest import game_file
from test_render import golden, picture

from assistant.engine import i18n
from assistant.faces import pictures as render
from assistant.games.roi_des_nains import listing

FR = ("--lang", "fr")


@pytest.fixture
def shipped_rules(store):
    return store.pad_rules(store.pad_class("roi-des-nains"))


def one_line_refusal(result, code: int = 2) -> str:
    """A refusal: one line on stderr, the exit code given, nothing on stdout."""
    assert result.exit_code == code and result.stderr.count("\n") == 1 and not result.stdout, result.output
    return result.stderr


# -- quest faces ------------------------------------------------------------------------------


def test_a_face_whose_french_name_the_rules_give_shows_it(run):
    """FR rules: 'La tuile De trois quarts, « +4 par 3 et 4 »' and 'La tuile Sacrifiez l'arrière-garde,
    « -2 pour chacun des quatre derniers plis »': the two faces the rules name in French."""
    lines = run(*FR, "quest", "list").stdout.splitlines()
    assert "  3A  De trois quarts : +4 par 3 ou 4 dans vos plis  [à donner : cartes]" in lines
    assert ("  2B  Sacrifiez l'arrière-garde : -2 par pli remporté parmi les 4 derniers  "
            "[à donner : ordre des plis]") in lines
    assert not any("Three Quarters" in line or "Sacrifice the Rearguard" in line for line in lines)


def test_a_face_whose_french_name_the_box_has_not_confirmed_is_flagged_and_described_in_french(run):
    """The rule book names two faces ('De trois quarts', 'Sacrifiez l'arrière-garde'); every other French name
    is the tool's choice, flagged '(?)' (boards/roi-des-nains.yaml: fr_verified): no English name in a French
    line, and a French table knows which names to check against its tiles."""
    lines = run(*FR, "quest", "list").stdout.splitlines()
    assert "  3A  De trois quarts\u00a0: +4 par 3 ou 4 dans vos plis  [à donner\u00a0: cartes]" in lines
    assert "  3B  De 6 à 7\u00a0(?)\u00a0: +4 par 6 ou 7 dans vos plis  [à donner\u00a0: cartes]" in lines
    assert (" 13A  Capturez les rois\u00a0(?)\u00a0: +3 par R dans vos plis\u00a0; -3 par D dans vos plis  "
            "[à donner\u00a0: cartes]") in lines
    assert ("  4A  Débâcle des chevaliers\u00a0(?)\u00a0: -1 par carte bleue dans vos plis  "
            "[à donner\u00a0: cartes]") in lines
    assert lines[0].startswith("places\u00a0: les joueurs sont donnés dans l'ordre de table, en sens horaire")


def test_special_cards_show_their_french_name_flagged_where_the_box_has_not_confirmed_it(run):
    """The rule book names the Porte-étendard and the Clone; every other French name is the tool's choice,
    flagged '(?)' (boards/roi-des-nains.yaml: fr_verified), and a French line never shows an English id."""
    lines = run(*FR, "quest", "list").stdout.splitlines()
    assert "  Porte-étendard : +3 pour qui remporte son pli" in lines
    assert "  Enchanteur (?) : qui remporte son pli double ses points de la donne" in lines
    assert "  Bricoleur (?) : +3 pour qui remporte le pli suivant (rien au dernier pli)" in lines
    assert lines[-1] == "(?) : nom français choisi par l'outil, pas encore confirmé par la boîte"


def test_every_face_and_card_is_described_in_french_words(shipped_rules):
    """No English left in a French description: each of the 40 faces and 14 cards says what it scores."""
    i18n.use("fr")
    english_words = (" per ", " won", " trick", " card", " to the ", " whoever", " if you", " points of")
    for quest in shipped_rules.quests:
        said = quest.scores(shipped_rules.face_value, i18n._)
        assert said != quest.scores(shipped_rules.face_value), quest.id
        assert not any(word in said for word in english_words), (quest.id, said)
    for special in shipped_rules.specials:
        assert not any(word in special.scores(i18n._) for word in english_words), special.id


def test_the_listing_in_english_is_the_one_quest_list_always_printed(shipped_rules):
    lines = listing(shipped_rules)
    assert "  2B  Sacrifice the Rearguard (Sacrifiez l'arrière-garde): -2 per trick won among the last 4  " \
           "[needs: order]" in lines
    assert "  flag-bearer, porte-etendard: +3 to whoever wins its trick" in lines


def test_quest_list_json_stays_canonical_in_french(run):
    english = run("quest", "list", "--json").stdout
    assert run(*FR, "quest", "list", "--json").stdout == english
    scores = {face["id"]: face["scores"] for face in json.loads(english)}
    assert scores["3A"] == "+4 per 3 or 4 won"


# -- the Roi des Nains pad ----------------------------------------------------------------------

DEALS = [("7A", "druid", "Ana=9,Ben=2,Cleo=2"), ("5A", "dragon", "Ana=5,Ben=4,Cleo=4"),
         ("8A", "mummy", "Ana=3,Ben=5,Cleo=5"), ("9A", "clone", "Ana=4,Ben=4,Cleo=5"),
         ("10A", "sorcerer", "Ana=4,Ben=4,Cleo=5"), ("11A", "excalibur", "Ana=3,Ben=4,Cleo=6"),
         ("20A", "blue-11-pass", "Ana=6,Ben=4,Cleo=3")]


def test_the_score_table_its_headings_and_the_winner_in_french(run):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    for quest, special, tricks in DEALS[:-1]:
        assert run("quest", "deal", quest, "--special", special, "--tricks", tricks).exit_code == 0
    last = run(*FR, "quest", "deal", DEALS[-1][0], "--special", DEALS[-1][1], "--tricks", DEALS[-1][2])
    assert last.exit_code == 0, last.output
    out = last.stdout
    assert "│ donne │ quête + carte spéciale" in out
    assert "Ana gagne la partie et devient le nouveau Roi des Nains avec" in out.splitlines()[-1]
    assert "wins" not in out and "deal" not in out


def test_the_deal_and_trick_lines_in_french_and_the_saved_words_stay_english(run, home):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    started = run(*FR, "quest", "deal", "3A", "--special", "porte-etendard")
    assert started.exit_code == 0
    assert "De trois quarts" in started.stdout and "Porte-étendard" in started.stdout
    assert "donne 1 : 0 pli sur 13 ; le joueur qui a le 5 rouge entame" in started.stdout
    assert "0 donne jouée sur 7" in started.stdout
    trick = run(*FR, "quest", "trick", "Ana", "5g", "7g", "Rv")
    # cards as a French table writes them (Rv: roi vert), read back as typed; saved canonically
    assert trick.stdout.splitlines()[0] == "pli 1 : Ana 5v, Ben 7v, Cleo Rv ; Cleo le remporte et entame le suivant"
    assert "trick Ana: 5g 7g Kg" in game_file(home, "roi-des-nains-1").decode()


def test_the_exports_stay_canonical_in_french(run):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    run("quest", "deal", "3A", "--special", "druid", "--won", "Ana=3g,4b", "--won", "Ben=Kg")
    for kind in ("--json", "--csv"):
        assert run(*FR, "quest", "export", kind).stdout == run("quest", "export", kind).stdout
    assert json.loads(run(*FR, "quest", "export", "--json").stdout)["deals"][0]["quest"] == \
        "3A Three Quarters + Druid"


@pytest.mark.parametrize("words, said", [
    (("quest", "deal", "99Z", "--special", "druid"), "quête inconnue '99Z'"),
    (("quest", "deal", "7B", "--special", "dragon"), "la tuile Quête 7 a été jouée à la donne 1"),
    (("quest", "deal", "8A", "--special", "dragon", "--tricks", "Ana=3,Ben=5,Cleo=5"),
     "Dragon a déjà servi à la donne 1"),
    (("quest", "deal", "5A", "--special", "druid", "--tricks", "Ana=3,Ben=3,Cleo=3"), "les plis font 9 au total"),
    (("quest", "deal", "3B", "--special", "mummy", "--won", "Ana=Kx"), "carte inconnue 'Kx'"),
    (("quest", "deal", "1A", "--special", "mummy", "--tricks", "Ana=4,Ben=4,Cleo=5"),
     "1A Bonne série\u00a0(?) dépend de l'ordre"),
])
def test_a_wrong_deal_in_french_is_one_line_and_leaves_the_pad_unchanged(run, home, words, said):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    run("quest", "deal", "7A", "--special", "dragon", "--tricks", "Ana=9,Ben=2,Cleo=2")
    before = game_file(home, "roi-des-nains-1")
    used = "a été" in said or "déjà servi" in said  # a tile or a card used already: the rules refuse it (1)
    refused = one_line_refusal(run(*FR, *words), code=1 if used else 2)
    assert said in refused and game_file(home, "roi-des-nains-1") == before


def test_a_revoke_names_both_tricks_in_french(run, home):
    """FR rules: 'À votre tour, vous devez suivre la couleur'."""
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    run("quest", "deal", "7A", "--special", "dragon")
    run("quest", "trick", "Ana", "5g", "7b", "Kg")  # Ben shows he has no green
    before = game_file(home, "roi-des-nains-1")
    refused = one_line_refusal(run(*FR, "quest", "trick", "Cleo", "2b", "3b", "4g"), code=1)
    assert "Ben a joué 7b et non du vert au pli 1, où le vert était demandé" in refused
    assert "Ben joue 4v au pli 2" in refused and game_file(home, "roi-des-nains-1") == before


# -- Oh ! les Nains ------------------------------------------------------------------------------


def match(run, *moves):
    run("tug", "new", "--sides", "Ana,Ben")
    for move in ("gnome red --by Ana", "gnome blue --by Ben", *moves):
        assert run("tug", *move.split()).exit_code == 0, move


def test_the_rope_in_french(run):
    match(run, "gnome green")
    out = run(*FR, "tug", "show").stdout
    assert "tuyau : 2 dalles vers Ben ; nain de tête d'Ana à 5 dalles de la barrière ; nain de tête de Ben " \
           "à 10 dalles de la barrière" in " ".join(out.split())  # split() splits at the no-break spaces too
    assert "Ana ajoute un nain vert" in out and "Ben tire le tuyau de 2 (un nain a été ajouté)" in out
    assert out.splitlines()[-2:] == ["manche 1 : Ana 0 - 0 Ben", "Ben joue"]


def test_the_match_winner_in_french(run):
    match(run, "squirrels 3", "exchange", "squirrels 3", "exchange")
    run("tug", "gnome", "red", "--by", "Ben")  # the loser of round 1 places first, then Ana
    run("tug", "gnome", "blue", "--by", "Ana")
    for move in ("squirrels 3 --by Ben", "exchange --by Ana", "squirrels 3 --by Ben", "exchange --by Ana"):
        run("tug", *move.split())
    run("tug", "gnome", "red", "--by", "Ana")
    run("tug", "gnome", "blue", "--by", "Ben")
    for move in ("squirrels 3", "exchange", "squirrels 3", "exchange"):
        run("tug", *move.split())
    lines = run(*FR, "tug", "show").stdout.splitlines()
    assert lines[-2:] == ["score final : Ana 2 - 1 Ben", "match gagné 2\u20131 par Ana"]


def test_a_wrong_move_in_french_is_one_line_and_leaves_the_match_unchanged(run, home):
    match(run)
    before = game_file(home, "oh-les-nains-1")
    assert "c'est au tour d'Ana, pas de Ben" in one_line_refusal(run(*FR, "tug", "squirrels", "3", "--by", "Ben"))
    assert "couleur inconnue 'violet'" in one_line_refusal(run(*FR, "tug", "gnome", "violet"))
    assert "les contres sont des règles optionnelles" in one_line_refusal(run(*FR, "tug", "contre", "rouge"))
    assert game_file(home, "oh-les-nains-1") == before


# -- the Gnom' Street tally ------------------------------------------------------------------------

END = ("players: [Ana, Ben, Cleo]\nminiatures: {Ana: 3, Ben: 0, Cleo: 1}\nloot: {Ana: A1, Ben: D3, Cleo: F2}\n"
       "stacks: {D3: [Ana mole, Cleo mole, Ben mole, Ana mole], A1: [Ana mole], C1: [Ben bait, Cleo mole]}\n")


def test_the_tally_in_french_with_its_headings_notes_and_winner(run, tmp_path):
    path = tmp_path / "end.yaml"
    path.write_text(END)
    lines = run(*FR, "tally", str(path)).stdout.splitlines()
    assert lines[0].strip() == "75 Gnom' Street : points de victoire"
    assert "│ joueur │ statuettes │ butin │ appâts │ total │" in lines
    assert "D3 (butin de Ben) : la deuxième Taupe d'Ana est retirée" in lines
    assert "C1 : l'Appât de Ben au fond attrape 1 Taupe : 1" in lines
    assert lines[-1] == "Ana gagne avec 8 points et devient le boss du jardin du 75 Gnom' Street"


def test_the_tally_json_stays_canonical_in_french(run, tmp_path):
    path = tmp_path / "end.yaml"
    path.write_text(END)
    assert run(*FR, "tally", str(path), "--json").stdout == run("tally", str(path), "--json").stdout


def test_my_own_win_is_said_to_me_in_french_never_me_gagne(run):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    for words in [("miniature", "me", "D1"), ("token", "me", "D1", "mole"), ("reveal", "D1", "1", "mole"),
                  ("loot", "red", "D1"), ("loot", "blue", "A1")]:
        assert run(*words).exit_code == 0, words
    shown = run(*FR, "tally").stdout.splitlines()
    assert shown[-1].startswith("vous gagnez avec") and "me gagne" not in shown[-1]
    assert any(line.startswith("│ moi ") for line in shown)  # my row, in the player's language
    # the machine-readable tally keeps the canonical word, whatever the player speaks
    assert run(*FR, "tally", "--json").stdout == run("tally", "--json").stdout
    assert "me" in json.loads(run("tally", "--json").stdout)["players"]


def test_a_wrong_tally_file_in_french_lists_each_problem_on_one_line(run, tmp_path):
    path = tmp_path / "end.yaml"
    path.write_text("players: [Ana, Ben, Cleo]\nloot: {Ana: A1, Ben: D3}\nstacks: {F1: [Ana mole, Ana mole, "
                    "Ana mole, Ana mole]}\n")
    refused = one_line_refusal(run(*FR, "tally", str(path)), code=1)
    assert "Cleo n'a pas de butin : chaque joueur dévoile sa carte Butin" in refused
    assert "Ana : 4e jeton Taupe ; chaque joueur a 3 jetons Taupe à 3 joueurs" in refused


# -- pictures -------------------------------------------------------------------------------------


def french_picture(store, name: str) -> str:
    """What ``quest show`` / ``tug show`` print in French, at 80 columns without colour."""
    i18n.use("fr")
    game = store.load(name)
    return "\n".join([picture(render.pad(game), 80), *game.report()])


def test_golden_french_pictures_of_quest_show_and_tug_show(run, store):
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    run("quest", "deal", "3A", "--special", "flag-bearer", "--won", "Ana=3g,4b,flag-bearer", "--won", "Ben=3r")
    run("quest", "deal", "7B", "--special", "enchanter", "--tricks", "Ana=5,Ben=4,Cleo=4", "--special-winner", "Ben")
    run("quest", "deal", "2B", "--special", "druid")
    golden("fr-quest-show.txt", french_picture(store, "roi-des-nains-1"))
    run("tug", "new", "--sides", "Ana,Ben")
    for move in ("gnome red --by Ana", "gnome blue --by Ben", "gnome green", "pull --two green"):
        run("tug", *move.split())
    golden("fr-tug-show.txt", french_picture(store, "oh-les-nains-1"))


def test_the_counters_in_french_agree_with_their_gnomes(run):
    """FR rules: 'LE SUR-CONTRE : ... Vous placez immédiatement en jeu deux nains de la couleur en question'."""
    run("tug", "new", "--sides", "Ana,Ben", "--counters")
    for move in ("gnome red --by Ana", "gnome blue --by Ben", "gnome green", "contre green", "sur-contre green"):
        assert run("tug", *move.split()).exit_code == 0, move
    out = run(*FR, "tug", "show").stdout
    assert "Ben contre : le nain vert s'en va" in out and "Ana sur-contre : deux nains verts" in out


def test_a_card_of_unknown_name_is_called_by_what_it_does_in_french(run):
    """FACTS.md: the names of the blue 11 that passes hands and the red 11 that takes two cards are unknown;
    French calls them by what they do, flagged, and says the word to type."""
    lines = run(*FR, "quest", "list").stdout.splitlines()
    assert any(line.startswith("  11 bleu qui fait tourner les mains (?) (11-bleu-qui-fait-tourner-les-mains) : "
                               "aucun point (son texte change le jeu)") for line in lines)
    assert any(line.startswith("  blue-11-pass, 11-bleu-qui-fait-tourner-les-mains: no points (its text changes the "
                               "play); after its trick, every hand passes left or right")
               for line in run("quest", "list").stdout.splitlines())
