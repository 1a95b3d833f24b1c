"""What an act becomes on another sheet of the table, as each game declares it (``Acts.copies``): the core API,
each rule of who learns what quoted from the rule book."""

from __future__ import annotations

import pytest
from conftest import one_plain_line
from tabled import GARDEN

from assistant.engine import registry
from assistant.engine.errors import AssistantError
from assistant.engine.registry import Copy
from assistant.games.deduction import DeductionGame
from assistant.store.folder import Store


@pytest.fixture
def sheets(home):
    """The three garden sheets of one table, unsaved: Léa's (loot C2), Chloé's (D3), Ben's (A1)."""
    board = Store(home).board("gnom-street")
    names = [name for name, unused in GARDEN]
    return {name: DeductionGame.new(name.lower(), board, [other for other in names if other != name], mine=mine,
                                    me=name) for name, mine in GARDEN}


def copied(sheets, line: str, by: str = "Léa") -> dict[str, tuple[Copy, ...]]:
    """What ``line``, accepted on ``by``'s sheet, becomes on each other sheet."""
    origin = sheets[by]
    event = origin.read_step(line)
    origin.record(event)  # accepted there first, as the store records it
    acts = registry.of_game(origin).acts
    return {owner: acts.copied(origin, event, by, other, owner) for owner, other in sheets.items() if owner != by}


def steps(found: dict[str, tuple[Copy, ...]]) -> dict[str, list[str]]:
    return {owner: [copy.step for copy in copies] for owner, copies in found.items()}


# -- a question and its answer -------------------------------------------------------------------------


def test_a_question_reaches_the_player_asked_alone_as_the_question_put_to_them(sheets):
    # rules: the one asked "répond discrètement en utilisant ses cartes Interrogatoire"; the asker reports the
    # answer "sur sa feuille d'enquête, elle restera secrète"
    found = copied(sheets, "clue area F3 Chloé=no")
    assert steps(found) == {"Chloé": ["asked area F3 no --by Léa"], "Ben": []}
    assert found["Chloé"][0].differs == "" and not found["Chloé"][0].told


def test_the_answer_on_the_sheet_asked_is_worked_out_from_its_own_loot_and_a_disagreement_shows_no_loot(sheets):
    # Chloé's loot is D3: to "area A2" (A1 to B3) she answers no, whatever Léa heard
    (copy,) = copied(sheets, "clue area A2 Chloé=yes")["Chloé"]
    assert copy.step == "asked area A2 no --by Léa"
    assert copy.differs == "Chloé's sheet answers no: check what you heard"
    assert "D3" not in copy.differs  # the asker is never shown the loot
    # Chloé's own phone is told in its own language, whichever Léa's phone speaks
    assert copy.told == {
        "en": "Léa recorded yes to area A2, and your loot answers no: check what was heard",
        "fr": "Léa a noté oui à zone A2, et votre butin répond non\u00a0: vérifiez ce qui a été entendu"}


def test_an_answer_given_aloud_reaches_every_sheet(sheets):
    # rules: "Lorsque la carte Nain d'un joueur interrogé comporte le symbole Haut-Parleur, il s'agit d'une
    # pipelette. Le joueur doit obligatoirement donner sa réponse à voix haute."
    found = steps(copied(sheets, "clue area C3 Chloé=yes --aloud"))
    assert found == {"Chloé": ["asked area C3 yes --by Léa --aloud"],
                     "Ben": ["clue area C3 Chloé=yes --by Léa --aloud"]}


def test_a_question_put_to_me_reaches_its_asker_and_aloud_the_whole_table(sheets):
    quiet = steps(copied(sheets, "asked area F3 --by Léa", by="Chloé"))  # the answer from Chloé's own loot: no
    assert quiet == {"Léa": ["clue area F3 Chloé=no"], "Ben": []}
    aloud = steps(copied(sheets, "asked line-of-sight D1 --by Ben --aloud", by="Chloé"))
    assert aloud == {"Léa": ["clue line-of-sight D1 Chloé=yes --by Ben --aloud"],
                     "Ben": ["clue line-of-sight D1 Chloé=yes --aloud"]}


def test_one_question_to_every_player_reaches_each_with_their_own_answer_alone(sheets):
    # Mick's power: "If you are not the loser, ask your question to all players"; each answers the asker alone
    found = steps(copied(sheets, "clue area A2 Chloé=no Ben=yes --power mick"))
    assert found == {"Chloé": ["asked area A2 no --by Léa --power mick"],
                     "Ben": ["asked area A2 yes --by Léa --power mick"]}


def test_a_question_heard_between_two_others_reaches_its_asker_and_the_one_asked(sheets):
    # recorded on Léa's sheet as heard aloud: Ben asked Chloé
    found = steps(copied(sheets, "clue area C3 Chloé=yes --by Ben --aloud"))
    assert found == {"Chloé": ["asked area C3 yes --by Ben --aloud"], "Ben": ["clue area C3 Chloé=yes --aloud"]}


def test_a_clue_that_is_no_question_asked_at_the_table_stays_on_its_sheet(sheets):
    assert steps(copied(sheets, "clue at F3 Chloé=no")) == {"Chloé": [], "Ben": []}


# -- public acts ---------------------------------------------------------------------------------------


def test_the_fights_cards_turned_over_together_reach_every_sheet_each_player_said_as_it_says_them(sheets):
    # rules: "Lorsque tous les joueurs sont prêts, ils retournent simultanément leur carte"
    found = steps(copied(sheets, "fight me=5 Chloé=3 Ben=3 --throw Ben,Chloé"))
    assert found == {"Chloé": ["fight Léa=5 me=3 Ben=3 --throw Ben,me"],
                     "Ben": ["fight Léa=5 Chloé=3 me=3 --throw me,Chloé"]}


def test_the_miniatures_and_the_cat_reach_every_sheet(sheets):
    # rules: the board is "visible et accessible à l'ensemble des joueurs"
    assert steps(copied(sheets, "miniature Chloé F1")) == {"Chloé": ["miniature me F1"], "Ben": ["miniature Chloé F1"]}
    assert steps(copied(sheets, "cat A3")) == {"Chloé": ["cat A3"], "Ben": ["cat A3"]}


def test_a_token_reaches_the_others_face_down_from_its_owners_sheet_alone(sheets):
    # rules: "un joueur doit toujours poser un jeton Taupe ou un jeton Appât face cachée"
    sheets["Léa"] = sheets["Léa"].record(sheets["Léa"].read_step("miniature me F1"))
    assert steps(copied(sheets, "token me F1 mole")) == {"Chloé": ["token Léa F1"], "Ben": ["token Léa F1"]}
    sheets["Léa"] = sheets["Léa"].record(sheets["Léa"].read_step("miniature Ben F3"))
    assert steps(copied(sheets, "token Ben F3")) == {"Chloé": [], "Ben": []}  # its face is on Ben's sheet alone


def test_the_loot_cards_shown_at_the_end_reach_every_sheet_but_their_owners_which_says_when_it_differs(sheets):
    # rules: "chaque joueur dévoile sa carte Butin"
    assert steps(copied(sheets, "loot Ben A1")) == {"Chloé": ["loot Ben A1"], "Ben": []}
    (copy,) = copied(sheets, "loot Chloé F3")["Chloé"]
    assert copy.step == "" and copy.differs == "Chloé's sheet holds another loot card: check what you saw"
    assert "D3" not in copy.differs


def test_a_player_another_sheet_does_not_know_is_refused_naming_its_players(home):
    board = Store(home).board("gnom-street")
    lea = DeductionGame.new("lea", board, ["Chloé", "Zoé"], mine="C2", me="Léa")
    ben = DeductionGame.new("ben", board, ["Léa", "Chloé"], mine="A1", me="Ben")
    event = lea.read_step("miniature Zoé F1")
    with pytest.raises(AssistantError, match="Zoé"):
        registry.of_game(lea).acts.copied(lea, event, "Léa", ben, "Ben")


def test_each_copy_is_a_step_its_sheet_records(sheets):
    for line in ("fight me=5 Chloé=3 Ben=2", "miniature me A2", "clue area A2 Chloé=no Ben=yes --power mick",
                 "miniature Chloé F1"):
        for owner, copies in copied(sheets, line).items():
            for copy in copies:
                sheets[owner] = sheets[owner].record(sheets[owner].read_step(copy.step))
        sheets["Léa"] = sheets["Léa"].record(sheets["Léa"].read_step(line))
    assert [sheets["Chloé"].step(event) for event in sheets["Chloé"].events] == [
        "fight Léa=5 me=3 Ben=2", "miniature Léa A2", "asked area A2 no --by Léa --power mick", "miniature me F1"]


# -- the city --------------------------------------------------------------------------------------------


def test_the_citys_accusation_reaches_every_sheet_and_a_clue_card_stays_with_its_reader(home):
    # rules: "il dit : « Je pense que le voleur et le diamant volé sont ici. »"; a wrong accuser "est éliminé";
    # a clue card: "Il conserve cette carte"
    board = Store(home).board("new-york")
    sheets = {name: DeductionGame.new(name.lower(), board, me=name) for name in ("Ana", "Ben")}
    ana, ben = sheets["Ana"], sheets["Ben"]
    acts = registry.of_game(ana).acts
    wrong = ana.read_step("accuse C4 wrong --by me")
    assert acts.copied(ana, wrong, "Ana", ben, "Ben") == (Copy("accuse C4 wrong --by Ana"),)
    theirs = ana.read_step("accuse A1 wrong --by Ben")
    assert acts.copied(ana, theirs, "Ana", ben, "Ben") == (Copy("accuse A1 wrong --by me"),)
    assert acts.copied(ana, ana.read_step("clue north-of 4"), "Ana", ben, "Ben") == ()


def test_every_game_that_links_its_sheets_declares_a_function_and_a_score_pad_links_nothing():
    for each in registry.registered():
        if each.pad:
            assert each.acts is None or not each.acts.linked, each.kind
        elif each.acts is not None and each.acts.linked:
            module, function = each.acts.copies.split(":")
            assert callable(getattr(__import__(module, fromlist=[function]), function))


# -- --aloud on a clue ---------------------------------------------------------------------------------


def test_a_clue_answered_aloud_is_typed_on_the_command_line_and_the_city_has_no_megaphone(run, home):
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2").exit_code == 0
    said = run("clue", "area", "F3", "red=no", "--aloud")
    assert said.exit_code == 0, said.stderr
    assert "clue area F3 red=no --aloud" in (home / "games" / "gnom-street-1.yaml").read_text()
    assert run("clue", "area", "A3", "blue=no", "--haut").exit_code == 0  # the French word
    assert run("new", "new-york").exit_code == 0
    refused = one_plain_line(run("clue", "north-of", "4", "--aloud"), 2)
    assert "never answered aloud" in refused
