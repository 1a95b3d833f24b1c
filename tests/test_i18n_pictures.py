"""Pictures, boards, the store and scenarios in French: what a French table reads comes out in
French (legends, titles, notices, errors), the marks stay the same, every cell still reads back
without colour, the words typed stay accepted in both languages, and English is unchanged."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from conftest import game_file, shipped_board
from test_render import assert_every_cell_reads_back, drawn_without_colour, picture, read_legend, three_opponents

from assistant.engine import i18n, registry
from assistant.engine.board import Board, cell_line, unverified_notice
from assistant.engine.errors import AssistantError, DataError, InputError
from assistant.faces import pictures as render
from assistant.games.deduction import DeductionGame
from assistant.store import yamlparse
from assistant.store.files import read_regular, write_atomically


@pytest.fixture
def french():
    i18n.use("fr")  # conftest's fixture speaks English again after the test


def one_line_error(result, code: int) -> str:
    assert result.exit_code == code, (result.exit_code, result.output)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("erreur") or result.stderr.startswith("error"), result.stderr
    return result.stderr


# -- the data: French names in the board files --------------------------------------------------


def test_board_values_and_attributes_have_their_french_names_in_the_board_files(french):
    garden, city = shipped_board("gnom-street"), shipped_board("new-york")
    assert [v.local_name for v in garden.attribute("terrain").values] == ["herbe", "bois", "gravier", "terre"]
    assert [v.local_name for v in garden.attribute("flowers").values] == ["bleu", "rouge", "jaune", "blanc"]
    assert garden.attribute("flowers").local_name == "fleurs"
    assert [v.local_name for v in city.attribute("pictograms").values][:3] == ["aéroport", "usine", "parc"]
    assert city.attribute("district").local_name == "quartier"
    assert city.attribute("district").value("staten-island").local_name == "Staten Island"  # as the rules write it
    assert garden.local_title == "75 Gnom' Street : le jardin" and garden.local_noun == "butin"
    assert city.local_item("thief") == "voleur" and garden.local_item("red") == "red"  # an opponent's name stays
    assert garden.local_note.startswith("plan deviné")


def test_in_english_the_names_are_the_board_files_own():
    garden = shipped_board("gnom-street")
    assert garden.local_title == garden.title == "75 Gnom' Street: the garden"
    assert garden.attribute("flowers").local_name == "flowers"
    assert [v.local_name for v in garden.attribute("terrain").values] == ["grass", "wood", "gravel", "earth"]
    assert shipped_board("new-york").local_item("thief") == "thief"


def test_words_are_accepted_in_both_languages_whichever_is_spoken(french):
    garden = shipped_board("gnom-street")
    for word in ("gravier", "gravel", "GRAVIER"):
        assert garden.attribute("terrain").value(word).name == "gravel"
    assert garden.attribute("fleurs").name == "flowers" and garden.attribute("flowers").name == "flowers"


@pytest.mark.parametrize("name", registry.kinds(pad=False))
def test_every_name_shown_in_either_language_is_a_word_the_board_accepts(name):
    """What a legend shows is what a player may type back, in French and in English."""
    board = shipped_board(name)
    for spoken in ("en", "fr"):
        i18n.use(spoken)
        for attribute in board.attributes:
            assert board.attribute(attribute.local_name) == attribute
            shown = [value.local_name for value in attribute.values]
            assert len(set(shown)) == len(shown), (spoken, attribute.name)
            for value in attribute.values:
                assert attribute.value(value.local_name) == value


def tiny_board(french_part: str = "", value: str = "{fr: pelouse}", attribute: str = "") -> dict:
    return yamlparse.loads(
        "name: tiny\nrows: 1\ncolumns: 2\n" + french_part +
        "attributes: {sol: {kind: one, " + attribute + "values: {lawn: " + value + "}}}\n"
        "cells: {A1: {sol: lawn}, B1: {sol: lawn}}\n", "tiny.yaml")


def test_a_french_name_is_accepted_even_when_the_file_gives_no_alias_for_it():
    board = Board.from_mapping(tiny_board(attribute="fr: terrain-du-jardin, "), "tiny.yaml")
    assert board.attribute("sol").value("pelouse").name == "lawn"
    assert board.attribute("terrain-du-jardin").name == "sol"


def test_the_french_part_of_a_board_file_is_validated_with_every_problem_and_its_path():
    data = tiny_board("fr: {title: 3, colour: blue, items: [x]}\n", value="{fr: ''}")
    with pytest.raises(DataError) as raised:
        Board.from_mapping(data, "tiny.yaml")
    assert raised.value.problems == [
        "tiny.yaml: attributes.sol.values.lawn.fr: expected a non-empty text (got '')",
        "tiny.yaml: fr.colour: unknown key (expected one of title, note, noun, items)",
        "tiny.yaml: fr.title: expected a non-empty text (got 3)",
        "tiny.yaml: fr.items: expected a mapping of hidden item -> its French name",
    ]


def test_a_board_that_does_not_name_what_it_hides_hides_a_hidden_item_in_both_languages():
    board = Board.from_mapping(tiny_board(), "tiny.yaml")
    assert board.local_noun == "hidden item"
    i18n.use("fr")
    assert board.local_noun == "objet caché" and board.local_title == "tiny"


def test_a_french_board_problem_is_said_in_french(french):
    data = tiny_board("fr: nope\n")
    with pytest.raises(DataError) as raised:
        Board.from_mapping(data, "tiny.yaml")
    assert str(raised.value) == "tiny.yaml: fr: attendu une table avec title, note, noun, items"


# -- the pictures -------------------------------------------------------------------------------


def test_a_french_garden_sheet_says_its_titles_found_line_and_legend_in_french(french):
    drawn = picture(render.sheet(three_opponents().sheet()))
    assert drawn.startswith("red : 3 cases restantes                  blue : TROUVÉ en D3\n")
    assert "│2│A2~BL│ ≈≈≈ │★moi │" in drawn  # French letters: B bleu, L blanc (the legend says which)
    assert drawn.endswith(
        ">>> trouvé : butin de blue en D3 <<<\n"
        "╳ exclue   ≈≈≈ mare   ★ votre butin\n"
        "terrain : \" herbe  ♣ bois  : gravier  ~ terre\n"
        "fleurs : B bleu  R rouge  J jaune  L blanc")
    assert max(len(line) for line in drawn.splitlines()) <= 80


def test_a_french_city_sheet_names_the_thief_in_french(french):
    game = DeductionGame.new("t", shipped_board("new-york"))
    game = game.record(game.read_clue(["near", "airport"]))
    drawn = picture(render.sheet(game.sheet()))
    assert drawn.startswith("voleur : 2 cases restantes")
    game = game.record(game.read_clue(["at", "D4"]))
    assert ">>> trouvé : voleur en D4 <<<" in picture(render.sheet(game.sheet()))


def test_one_cell_left_is_singular_in_both_languages(french):
    game = DeductionGame.new("t", shipped_board("gnom-street"), ["red"], "C2")
    game = game.record(game.read_clue(["area", "A1", "yes"]))
    game = game.record(game.read_clue(["at", "B1", "no"]))
    game = game.record(game.read_clue(["at", "A2", "no"]))
    assert picture(render.item_grid(game.sheet(), "red")).startswith("red : TROUVÉ en A1")
    one = DeductionGame.new("t", shipped_board("gnom-street"), ["red"], "C2")
    one = one.record(one.read_clue(["area", "A1", "yes"])).record(one.read_clue(["at", "B1", "no"]))
    assert picture(render.item_grid(one.sheet(), "red")).startswith("red : 2 cases restantes")
    assert "red : 2 restantes" in picture(render.compact_sheet(one.sheet()))


def test_a_contradiction_and_the_compact_key_are_said_in_french(french):
    game = DeductionGame.new("t", shipped_board("gnom-street"), ["red"], "C2")
    drawn = picture(render.compact_sheet(game.sheet()))
    assert "marques : possible  · exclue  ≈ mare  ★ votre butin" in drawn
    assert "fleurs : B bleu  R rouge  J jaune  L blanc" in drawn  # what the marks of the cells say


def read_french_legend(lines: list[str], board) -> dict[str, dict[str, str]]:
    """'fleurs : B bleu  R rouge' (and continuation lines) -> {'flowers': {'B': 'bleu', ...}}."""
    return read_legend(lines, "╳ exclue", r"^(\S[^:]*) : (.*)$",
                       {attribute.local_name: attribute.name for attribute in board.attributes})


@pytest.mark.parametrize("name", registry.kinds(pad=False))
@pytest.mark.parametrize("drawing", ["board", "sheet"])
def test_every_cell_reads_back_without_colour_in_french(french, name, drawing):
    """Parse the colourless French picture back with its own French legend: every cell's terrain,
    flowers and district (and the city's pictograms and kind) are the board's, named in French."""
    board = shipped_board(name)
    lines = drawn_without_colour(board, drawing).splitlines()
    legend = read_french_legend(lines, board)
    assert_every_cell_reads_back(board, lines, legend)
    if name == "gnom-street":
        assert set(legend["terrain"].values()) == {"herbe", "bois", "gravier", "terre"}
        assert set(legend["flowers"].values()) == {"bleu", "rouge", "jaune", "blanc"}


def test_the_french_board_shows_through_the_cli_at_80_columns_without_colour(run, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    result = run("--lang", "fr", "board", "show", "gnom-street")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("75 Gnom' Street : le jardin (3x6, NON VÉRIFIÉ : comparez-le à votre boîte)\n")
    assert "terrain : \" herbe  ♣ bois  : gravier  ~ terre\n" in result.stdout
    assert "\x1b[" not in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_the_french_board_exports_as_svg(run, tmp_path):
    svg = tmp_path / "jardin.svg"
    result = run("--lang", "fr", "board", "show", "new-york", "--svg", str(svg))
    assert result.exit_code == 0, result.output
    text = svg.read_text(encoding="utf-8")
    for words in ("la&#160;ville", "quartier&#160;:", "aéroport"):
        assert any(words.replace("&#160;", space) in text for space in ("&#160;", " ", "\u00a0")), words


def test_the_unverified_notice_and_a_corrected_cell_are_said_in_french(french):
    garden = shipped_board("gnom-street")
    assert unverified_notice(garden).startswith("remarque : le plateau gnom-street n'est pas vérifié (plan deviné")
    assert cell_line(garden, garden.parse_cell("A1")) == "gnom-street A1 : terrain=herbe, fleurs=bleu,rouge"
    assert cell_line(garden, garden.parse_cell("B2")) == "gnom-street B2 : mare"
    i18n.use("en")
    assert cell_line(garden, garden.parse_cell("A1")) == "gnom-street A1: terrain=grass, flowers=blue,red"
    assert unverified_notice(garden).startswith("notice: board gnom-street is unverified (layout guessed")


def test_a_corrected_cell_said_in_french_is_typed_back_as_it_reads(store, french):
    """The French confirmation of ``board set`` names values a French player may type again."""
    store.correct_board("gnom-street", "C2", ["terrain=gravier", "fleurs=bleu,jaune"])
    board = store.board("gnom-street")
    line = cell_line(board, board.parse_cell("C2"))
    assert line == "gnom-street C2 : terrain=gravier, fleurs=bleu,jaune"
    again = store.correct_board("gnom-street", "C2", line.split(" : ")[1].split(", "))
    assert again.values_at(again.parse_cell("C2"), "flowers") == ("blue", "yellow")
    fix = (store.fixes_dir / "gnom-street.yaml").read_text(encoding="utf-8")
    assert "gravel" in fix and "gravier" not in fix  # saved in the file's own (English) words


# -- bad input in French: one line, the right exit, nothing changed -----------------------------


def test_a_wrong_correction_in_french_is_one_line_exit_2_and_writes_nothing(run, home):
    fix = home / "boards" / "fixes" / "gnom-street.yaml"
    for words, code, message in [
        (["C2", "terrain=gras"], 2,
         "valeur inconnue pour terrain : 'gras' ; attendu l'une de herbe, bois, gravier, terre"),
        (["C2", "hauteur=3"], 2, "le plateau gnom-street n'a pas d'attribut 'hauteur' : il a terrain, fleurs"),
        (["C2", "gravier"], 2, "attendu ATTRIBUT=VALEUR, reçu 'gravier'"),
        (["C2", "fleurs=bleu"], 1, "boards/gnom-street.yaml avec C2 corrigée: cells.C2.flowers: "
                                   "attendu exactement 2 valeurs (reçu 1)"),  # the board it would make is refused
    ]:
        result = run("--lang", "fr", "board", "set", "gnom-street", *words)
        assert message in one_line_error(result, code), (words, result.stderr)
    assert not fix.exists()
    set_up = run("--lang", "fr", "board", "set", "gnom-street", "C2", "terrain=gravier", "fleurs=bleu,jaune")
    assert set_up.exit_code == 0
    before = fix.read_bytes()
    result = run("--lang", "fr", "board", "set", "gnom-street", "C2", "terrain=gras")
    one_line_error(result, 2)
    assert fix.read_bytes() == before


def test_a_damaged_board_file_is_named_in_french(run, home):
    own = home / "boards" / "tiny.yaml"
    own.parent.mkdir(parents=True)
    own.write_text("name: tiny\nrows: 1\ncolumns: 2\nattributes: {terrain: {kind: one, values: {grass: {}}}}\n"
                   "cells: {A1: {terrain: gras}, B1: {terrain: grass}}\n")
    result = run("--lang", "fr", "board", "show", "tiny")
    assert one_line_error(result, 1).endswith("cells.A1.terrain: attendu l'une de ces valeurs : grass (reçu 'gras')\n")
    listed = run("--lang", "fr", "boards").stdout
    assert "endommagé : " in listed
    assert "75 Gnom' Street : le jardin" in listed
    assert listed.splitlines()[0].split()[2] == "fourni"  # the shipped garden, as listed in French


def test_store_refusals_are_said_in_french_and_change_nothing(run, home):
    assert one_line_error(run("--lang", "fr", "sheet"), 2).endswith(
        "pas de partie courante : commencez-en une avec assistant nouvelle gnom-street --adversaires rouge,bleu\n")
    assert run("new", "gnom-street", "--opponents", "red", "--name", "soir").exit_code == 0
    before = game_file(home, "soir")
    for words, message in [
        (["history", "--game", "nope"], "pas de partie 'nope' : choisissez-en une avec assistant utiliser NOM (soir)"),
        (["history", "--game", "../etc"], "nom de partie '../etc' : utilisez des lettres"),
        (["new", "chess"], "plateau inconnu 'chess' : attendu l'un de gnom-street, new-york"),
        (["new", "gnom-street", "--opponents", "red", "--name", "soir"], "une partie nommée 'soir' existe déjà"),
    ]:
        assert message in one_line_error(run("--lang", "fr", *words), 2), words
    assert game_file(home, "soir") == before


def test_a_damaged_game_says_in_french_where_and_how_to_recover(run, home):
    run("new", "gnom-street", "--opponents", "red")
    path = home / "games" / "gnom-street-1.yaml"
    path.write_text("assistant: game/1\nboard: gnom-street\nevents:\n- [unclosed\n")
    before = path.read_bytes()
    message = one_line_error(run("--lang", "fr", "clue", "area", "A1", "yes"), 1)
    assert f"{path} : ligne " in message or f"{path}: ligne " in message
    assert message.endswith(
        "; le dernier bon état est conservé : restaurez-le avec assistant récupérer gnom-street-1\n")
    assert path.read_bytes() == before


def test_file_and_yaml_problems_are_said_in_french(french, tmp_path):
    with pytest.raises(DataError, match=r": pas un fichier ordinaire \(un dossier, un tube nommé ou un périphérique\)"):
        read_regular(tmp_path, 100)
    with pytest.raises(DataError, match=r"^x.yaml : ligne 1 : les ancres et alias \(& et \*\) sont interdits"):
        yamlparse.loads("a: &b 1\n", "x.yaml")
    with pytest.raises(DataError, match=r"^x.yaml: ligne 2: clé en double 'a'$"):
        yamlparse.loads("a: 1\na: 2\n", "x.yaml")


def test_a_full_disk_is_said_in_french(french, tmp_path, monkeypatch):
    def full(handle):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    target = tmp_path / "partie.yaml"
    with pytest.raises(AssistantError) as raised:
        write_atomically(target, "x")
    assert str(raised.value) == f"impossible d'écrire {target} (No space left on device) ; rien n'a été modifié"
    assert not target.exists()


# -- scenarios ----------------------------------------------------------------------------------


def write_scenario(folder: Path, text: str) -> Path:
    path = folder / "essai.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_replay_says_its_steps_and_mismatches_in_french(run, tmp_path):
    path = write_scenario(tmp_path, "board: gnom-street\nsteps:\n"
                                    "  - step: clue area A1 yes\n    expect: {count: {opponent: 2}}\n")
    result = run("--lang", "fr", "replay", str(path), "--check")
    assert result.exit_code == 1
    assert "étape 1 : clue area A1 yes" in result.stdout
    assert "ÉCART à l'étape 1 : clue area A1 yes" in result.stdout
    assert "- opponent : attendu 2 cases restantes, obtenu 3" in result.stdout
    assert "opponent : attendu (2)" not in result.stdout  # count alone: no grids to compare


def test_a_refused_step_and_a_wrong_expectation_are_said_in_french(run, tmp_path):
    path = write_scenario(tmp_path, "board: gnom-street\nsteps:\n  - clue at A1 yes\n  - clue at B1 yes\n")
    result = run("--lang", "fr", "replay", str(path), "--check")
    assert result.exit_code == 1
    assert "\n  refusée : " in result.stdout and "refusée sans que ce soit attendu : " in result.stdout
    path = write_scenario(tmp_path, "board: gnom-street\ncolour: red\nsteps:\n"
                                    "  - step: clue area A1 yes\n    expect: {count: {opponent: -1}, size: 3}\n")
    message = one_line_error(run("--lang", "fr", "replay", str(path)), 1)
    assert f"{path}: colour: clé inconnue (attendu l'une d" in message
    assert ("steps[0].expect.size: attente inconnue (attendu l'une de candidates, count, found, theirs, totals, "
            "winner, refused)") in message
    assert "steps[0].expect.count.opponent: attendu un nombre de cases (reçu -1)" in message


def test_an_expected_cell_list_mismatch_shows_both_grids_in_french(run, tmp_path):
    path = write_scenario(tmp_path, "board: gnom-street\nsteps:\n"
                                    "  - step: clue area A1 yes\n    expect: {candidates: {opponent: [A1, B1]}}\n")
    result = run("--lang", "fr", "replay", str(path), "--check")
    assert "opponent : attendu A1 B1, obtenu A1 A2 B1 (en trop : A2 ; manquantes : -)" in result.stdout
    assert "opponent : attendu (2)" in result.stdout and "opponent : obtenu (3)" in result.stdout


def test_in_english_the_replay_lines_are_unchanged(run, tmp_path):
    path = write_scenario(tmp_path, "board: gnom-street\nsteps:\n"
                                    "  - step: clue area A1 yes\n    expect: {count: {opponent: 2}}\n")
    result = run("replay", str(path), "--check")
    assert "step 1: clue area A1 yes" in result.stdout
    assert "MISMATCH at step 1: clue area A1 yes" in result.stdout
    assert "- opponent: expected 2 cells left, got 3" in result.stdout


def test_a_correction_that_says_nothing_is_answered_with_french_words_a_player_may_type(store, french):
    with pytest.raises(InputError) as raised:
        store.correct_board("gnom-street", "C2", [])
    assert str(raised.value) == "dites quoi changer, par exemple terrain=... (attributs : terrain, fleurs, mare)"
    with pytest.raises(InputError) as raised:
        store.correct_board("gnom-street", "C2", ["terrain=herbe,bois"])
    assert str(raised.value) == "terrain prend une seule valeur, par exemple terrain=herbe"
    assert not (store.fixes_dir / "gnom-street.yaml").exists()
