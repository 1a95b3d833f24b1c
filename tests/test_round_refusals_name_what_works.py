"""Every refusal of the garden's round that names a step names one the face it is said in accepts (issue 47).

Each case sets a garden up, types a step its rules refuse, and then, in English and in French, finds in the
refusal the words it says to type and types them on the command line (CliRunner), each placeholder (CELL,
NAME, ...) given a value: they are accepted, and so is the step the refusal was about once they are. On the
phones' page, which records the game's steps alone, the tied tally names the step typed there.
"""

from __future__ import annotations

import shlex

import pytest

from assistant.engine.records import NamedTuple

Said = tuple[str, str]  # (the words the refusal says, the command line typed for them)


class Case(NamedTuple):
    """A refused step, and in each language the ways out it names: each a list of (words said, line typed)."""

    setup: tuple[str, ...]
    refused: str
    fixes: dict[str, tuple[tuple[Said, ...], ...]]
    then: str = ""  # the step the refusal was about, accepted once a way out is typed
    opponents: str = "red,blue"


THREE = ("fight me=8 red=1 blue=2", "fight me=7 red=2 blue=3 --cards-back")  # the last turn's fight, said
CASES = {
    # turns.py: one Action token a turn
    "action used": Case(("miniature me B1", "clue area B1 red=no"), "clue line-of-sight B1 blue=no", {
        "en": ((("miniature me CELL --new-turn", "miniature me C1 --new-turn"),),),
        "fr": ((("statuette moi CASE --nouveau-tour", "statuette moi C1 --nouveau-tour"),),)},
        then="clue line-of-sight C1 blue=no"),
    # each Action token to one player: the miniature recorded again as the first of a new turn (3 players)
    "action taken": Case(("miniature me B1", "clue area B1 red=no", "miniature red A1"),
                         "clue area A1 blue=no --by red", {
        "en": ((("retract 3", "retract 3"), ("miniature red A1 --new-turn", "miniature red A1 --new-turn")),),
        "fr": ((("retirer 3", "retirer 3"), ("statuette red A1 --nouveau-tour", "statuette red A1 --nouveau-tour")),)},
        then="clue area A1 blue=no --by red"),
    # ... or with the tokens back (2 players)
    "action taken at two": Case(("miniature me B1", "clue area B1 no", "miniature Matt A1", "miniature me C1"),
                                "clue area C1 no", {
        "en": ((("retract 4", "retract 4"), ("miniature me C1 --tokens-back", "miniature me C1 --tokens-back")),),
        "fr": ((("retirer 4", "retirer 4"), ("statuette moi C1 --jetons-remis", "statuette moi C1 --jetons-remis")),)},
        then="clue area C1 no", opponents="Matt"),
    # the Terrain token: a new turn unseen, or the board's terrain corrected
    "terrain taken": Case(("miniature me A1",), "miniature red F3", {
        "en": ((("add --new-turn", "miniature red F3 --new-turn"),),
               (("board set gnom-street F3 terrain=TERRAIN", "board set gnom-street F3 terrain=wood"),
                ("", "miniature red F3"))),
        "fr": ((("ajoutez --nouveau-tour", "statuette red F3 --nouveau-tour"),),
               (("plateau corriger gnom-street F3 terrain=TERRAIN", "plateau corriger gnom-street F3 terrain=bois"),
                ("", "statuette red F3")))}),
    "terrain taken at two": Case(("miniature me A1", "miniature Matt B1", "miniature Matt C1"), "miniature me C2", {
        "en": ((("add --tokens-back", "miniature me C2 --tokens-back"),),),
        "fr": ((("ajoutez --jetons-remis", "statuette moi C2 --jetons-remis"),),)}, opponents="Matt"),
    # the miniature first
    "question before the miniature": Case(("miniature red A1",), "clue area B1 red=no", {
        "en": ((("miniature me B1", "miniature me B1"), ("", "clue area B1 red=no")),
               (("add --by NAME", "clue area A1 blue=no --by red"),)),
        "fr": ((("statuette moi B1", "statuette moi B1"), ("", "indice zone B1 red=non")),
               (("ajoutez --par NOM", "indice zone A1 blue=non --par red"),))}),
    "question before the miniature, all three out": Case(
        ("miniature me A1", "miniature me B1", "miniature me C1", "miniature red D1", "miniature red E3"),
        "clue area F3 red=no", {
            "en": ((("miniature me F3 --from CELL", "miniature me F3 --from A1"),),),
            "fr": ((("statuette moi F3 --depuis CASE", "statuette moi F3 --depuis A1"),),)},
        then="clue area F3 red=no"),
    "cat before the miniature": Case(("miniature red A1", "cat D2", "fight me=8 red=1 blue=2"), "cat D3", {
        "en": ((("miniature PLAYER CELL", "miniature me B1"), ("", "cat D3")), (("add --three", "cat D3 --three"),)),
        "fr": ((("statuette JOUEUR CASE", "statuette moi B1"), ("", "chat D3")),
               (("ajoutez --trois", "chat D3 --trois"),))}),
    # the gnome cards, the last turn
    "card played": Case(("fight me=8 red=1 blue=2",), "fight me=8 red=3 blue=4", {
        "en": ((("add --cards-back", "fight me=8 red=3 blue=4 --cards-back"),),),
        "fr": ((("ajoutez --reprise", "combat moi=8 red=3 blue=4 --reprise"),),)}),
    "last turn": Case(THREE, "fight me=6 red=3 blue=4", {
        "en": ((("loot PLAYER CELL", "loot red A1"),),), "fr": ((("butin JOUEUR CASE", "butin red A1"),),)}),
    # the two-player Mole needs a miniature of its owner
    "mole with no miniature": Case((), "mole D1 found --next-mine A2", {
        "en": ((("miniature me D1", "miniature me D1"),),), "fr": ((("statuette moi D1", "statuette moi D1"),),)},
        then="mole D1 found --next-mine A2", opponents="Matt"),
    # recording.py
    "loot twice": Case(("loot red D3",), "loot red D1", {
        "en": ((("add --replace", "loot red D1 --replace"),),),
        "fr": ((("ajoutez --remplace", "butin red D1 --remplace"),),)}),
    "next mine": Case(("miniature me A1",), "mole A1 found", {
        "en": ((("add --next-mine CELL", "mole A1 found --next-mine C3"),),),
        "fr": ((("ajoutez --prochain-butin CASE", "taupe A1 trouvé --prochain-butin C3"),),)}, opponents="Matt"),
    # words.py: a question put to me, typed as my own
    "asked typed as a clue": Case((), "clue area B1 yes --by Matt", {
        "en": ((("asked area B1 --by Matt", "asked area B1 --by Matt"),),),
        "fr": ((("question zone B1 --par Matt", "question zone B1 --par Matt"),),)}, opponents="Matt"),
    # fight.py
    "loser": Case(("fight me=1 red=5 blue=3", "miniature me B1"), "clue area B1 red=no", {
        "en": ((("--power sky", "clue area B1 red=no --power sky"),),),
        "fr": ((("--pouvoir sky", "indice zone B1 red=non --pouvoir sky"),),)}),
    "mick": Case(("fight me=8 red=5 blue=3", "miniature me B1"), "clue area B1 red=no blue=no", {
        "en": ((("add --power mick", "clue area B1 red=no blue=no --power mick"),),),
        "fr": ((("ajoutez --pouvoir mick", "indice zone B1 red=non blue=non --pouvoir mick"),),)}),
    "ranked before": Case(("fight me=3 red=5 blue=1", "miniature me B1"), "clue area B1 red=no", {
        "en": ((("--power sky", "clue area B1 red=no --power sky"),),),
        "fr": ((("--pouvoir sky", "indice zone B1 red=non --pouvoir sky"),),)}),
    "fight tie": Case((), "fight me=5 red=5 blue=3", {
        "en": ((("--throw me,red", "fight me=5 red=5 blue=3 --throw me,red"),),),
        "fr": ((("--lancer moi,red", "combat moi=5 red=5 blue=3 --lancer moi,red"),),)}),
    "fight without a tie": Case((), "fight me=8 red=3 blue=2 --throw me,red", {
        "en": ((("leave out --throw", "fight me=8 red=3 blue=2"),),),
        "fr": ((("retirez --lancer", "combat moi=8 red=3 blue=2"),),)}),
    "fight of some players": Case((), "fight me=8 red=3", {
        "en": ((("me=8 red=7 blue=6", "fight me=8 red=7 blue=6"),),),
        "fr": ((("moi=8 red=7 blue=6", "combat moi=8 red=7 blue=6"),),)}),
    "suggest for the loser": Case(("fight me=1 red=5 blue=3",), "suggest", {
        "en": ((("suggest --ask NAME", "suggest --ask red"),),),
        "fr": ((("suggérer --interroger NOM", "suggérer --interroger red"),),)}),
    # garden.py: the pieces
    "kick-out this turn": Case(("miniature me A1",), "miniature red A1", {
        "en": ((("add --new-turn", "miniature red A1 --new-turn"),),),
        "fr": ((("ajoutez --nouveau-tour", "statuette red A1 --nouveau-tour"),),)}),
    "supply empty": Case(("miniature me A1", "miniature me B1", "miniature me C1"), "miniature me D1", {
        "en": ((("--from CELL", "miniature me D1 --from A1"),),),
        "fr": ((("--depuis CASE", "statuette moi D1 --depuis A1"),),)}),
    "supply left": Case(("miniature me A1",), "miniature me D1 --from A1", {
        "en": ((("leave out --from", "miniature me D1"),),), "fr": ((("sans --depuis", "statuette moi D1"),),)}),
    "token off a miniature": Case(("miniature me A1",), "token me B1 mole", {
        "en": ((("add --alex", "token me B1 mole --alex"),),),
        "fr": ((("ajoutez --alex", "jeton moi B1 taupe --alex"),),)}),
    "third token": Case(("miniature me A1", "token me A1 mole", "token me A1 bait"), "token me A1 mole", {
        "en": ((("--alex", "token me B1 mole --alex"),),), "fr": ((("--alex", "jeton moi B1 taupe --alex"),),)}),
    "set at three": Case(("miniature red A1",), "mole A1 found", {
        "en": ((("token PLAYER CELL [mole|bait] [--alex]", "token red A1"),),),
        "fr": ((("jeton JOUEUR CASE [taupe|appât] [--alex]", "jeton red A1"),),)}),
    "token at two": Case(("miniature me A1",), "token me A1 mole", {
        "en": ((("mole CELL found|missed [--by NAME] [--next-mine CELL]", "mole A1 missed --next-mine F3"),),),
        "fr": ((("taupe CASE trouvé|raté [--par NOM] [--prochain-butin CASE]",
                 "taupe A1 raté --prochain-butin F3"),),)},
        opponents="Matt"),
    "cat far before the cat": Case((), "cat D2 --three", {
        "en": ((("leave it out", "cat D2"),),), "fr": ((("retirez --trois", "chat D2"),),)}),
    "cat too far": Case(("cat D2",), "cat F2", {
        "en": ((("add --three", "cat F2 --three"),),), "fr": ((("ajoutez --trois", "chat F2 --trois"),),)}),
    "match over": Case(("miniature me A1", "mole A1 found --next-mine C3", "miniature me A1", "mole A1 found"),
                       "clue area B1 no", {
        "en": ((("new gnom-street --opponents Matt", "new gnom-street --opponents Matt"),),),
        "fr": ((("nouvelle gnom-street --adversaires Matt", "nouvelle gnom-street --adversaires Matt"),),)},
        opponents="Matt"),
    # tally.py
    "tally without the loot": Case((), "tally", {
        "en": ((("loot NAME CELL", "loot red A1"),),), "fr": ((("butin NOM CASE", "butin red A1"),),)}),
    "tally with a token face down": Case(("miniature red A1", "token red A1", "loot red F3", "loot blue D3"), "tally", {
        "en": ((("reveal A1 1 mole|bait", "reveal A1 1 mole"),),),
        "fr": ((("révéler A1 1 taupe|appât", "révéler A1 1 taupe"),),)}, then="tally"),
    "tied tally": Case(("loot red A1", "loot blue F3"), "clue area B1 red=yes", {
        "en": ((("tally --throw NAME", "tally --throw red"),), (("(undo)", "undo"),)),
        "fr": ((("décompte --lancer NOM", "décompte --lancer red"),), (("(annuler)", "annuler"),))}),
}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_refusal_names_a_command_line_that_works(run, case, language):
    known = CASES[case]
    for number, fix in enumerate(known.fixes[language]):
        name = f"g{number}"
        started = run("new", "gnom-street", "--opponents", known.opponents, "--mine", "C2", "--name", name)
        assert started.exit_code == 0, started.output
        for line in known.setup:
            done = run(*shlex.split(line))
            assert done.exit_code == 0, (line, done.output)
        refusal = run("--lang", language, *shlex.split(known.refused))
        assert refusal.exit_code != 0, (known.refused, refusal.output)
        for said, line in fix:
            assert said in refusal.stderr, (said, refusal.stderr)
            typed = run("--lang", language, *shlex.split(line))
            assert typed.exit_code == 0, (line, typed.output)
        if known.then:
            done = run("--lang", language, *shlex.split(known.then))
            assert done.exit_code == 0, (known.then, done.output)


def test_the_pages_tied_tally_names_the_throw_step_the_page_records(run, home):
    """On the phones' page the steps are typed alone: the tied tally says throw NAME (lancer NOM), which the page
    records; the command line's tally --throw NAME is not a step there."""
    from test_serve import post

    from assistant.faces.web import serve
    from assistant.store.folder import Store

    started = run("new", "gnom-street", "--opponents", "Ana,Ben", "--mine", "C2", "--me", "Léa", "--name", "g")
    assert started.exit_code == 0
    assert run("loot", "Ana", "A1").exit_code == 0 and run("loot", "Ben", "F3").exit_code == 0
    store = Store(home)
    links = serve.make_links(store, ["g"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        token = links[0].token
        status, answer = post(base, f"/g/{token}/step", {"line": "clue area B1 Ana=yes"})
        assert status == 200 and "(throw NAME)" in answer["refused"] and "tally --throw" not in answer["refused"]
        status, answer = post(base, f"/g/{token}/step", {"line": "clue area B1 Ana=yes"},
                              {"Accept-Language": "fr"})
        assert "(lancer NOM)" in answer["refused"]
        status, answer = post(base, f"/g/{token}/step", {"line": "throw Ana"})
        assert status == 200 and "refused" not in answer, answer
    assert store.load("g").outcome().winners == ("Ana",)


def test_every_option_a_step_reads_is_an_option_of_its_command():
    """The command line builds a step's command from the parameters its row declares: an option the step's form
    reads and no parameter declares would be refused there while the table screen takes it and a refusal names it
    (fight's --cards-back was one)."""
    from assistant.engine import registry
    from assistant.faces.cli.steps import forms_of

    registry.kinds()
    checked = 0
    for declared in registry.registered():
        forms = forms_of(declared)
        for row in declared.commands:
            if not row.args:
                continue  # its words are read as the table screen reads them
            verb = row.step or row.words[-1]
            form = next((form for form in forms if verb in form.verbs), None)
            if form is None:
                continue  # a command of the game's own, no step
            missing = {option.name for option in form.options} - {arg.name for arg in row.args}
            assert not missing, (declared.kind, verb, missing)
            checked += 1
    assert checked >= 7  # the garden's steps among them


def test_the_page_says_a_command_it_does_not_take_as_the_laptops(run, home):
    """The phones' page records the game's steps alone: a refusal naming a command of the command line (the next
    match's new, a board corrected) says it is the laptop's; the command line says it as it is."""
    from test_serve import post

    from assistant.faces.web import serve
    from assistant.store.folder import Store

    assert run("new", "gnom-street", "--opponents", "Matt", "--mine", "C2", "--name", "duel").exit_code == 0
    for line in ("miniature me A1", "mole A1 found --next-mine C3", "miniature me A1", "mole A1 found"):
        assert run(*line.split()).exit_code == 0
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--name", "three").exit_code == 0
    assert run("miniature", "me", "A1").exit_code == 0
    store = Store(home)
    links = serve.make_links(store, ["duel", "three"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        duel, three = (link.token for link in links)
        status, answer = post(base, f"/g/{duel}/step", {"line": "clue area B1 no"})
        assert answer["refused"].endswith("start the next game: new gnom-street --opponents Matt (on the laptop)")
        status, answer = post(base, f"/g/{duel}/step", {"line": "clue area B1 no"}, {"Accept-Language": "fr"})
        assert "nouvelle gnom-street --adversaires Matt (sur l'ordinateur)" in answer["refused"]
        status, answer = post(base, f"/g/{three}/step", {"line": "miniature red F3"})
        assert "board set gnom-street F3 terrain=TERRAIN (on the laptop)" in answer["refused"]
        assert "add --new-turn" in answer["refused"]  # a step's option: typed on the page too
    assert run("clue", "area", "B1", "no", "--game", "duel").stderr.endswith("--opponents Matt\n")
