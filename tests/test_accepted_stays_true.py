"""Whatever the tool accepts stays true: the red-team repros of issue 22, one test each.

A saved step reads back to the words that were typed, whatever they hold; the number `history`
shows is the one `retract` takes; a board correction never makes a saved game unreadable; what a
file or a typed word holds never reaches the terminal as a control sequence; and no command can
make a game too large to be read back.
"""

import json

import pytest
from conftest import game_file
from hypothesis import given
from hypothesis import strategies as st

from assistant.engine import errors
from assistant.engine.words import join, split
from assistant.store import folder as store_module
from assistant.store import saving

# Every character a terminal or a shell treats specially, and the spaces French typing makes.
TRICKY = ["\u00a0", "\u202f", "\u3000", "\u2028", "\u2029", "\x0b", "\x0c", "\r", "\t", "\n", "\x1b", "\x85",
          "\u202e", "'", '"', "\\", "#", " "]


# -- a saved step round-trips for every text a player can type ---------------------------------------


@given(st.lists(st.text(st.characters(blacklist_categories=["Cs"]) | st.sampled_from(TRICKY), max_size=12),
                max_size=6))
def test_split_reads_back_every_list_of_words_join_writes(words):
    assert split(join(words)) == words


@pytest.mark.parametrize("space", TRICKY[:9])
def test_a_card_text_holding_a_unicode_space_is_saved_as_typed(space, run, home):
    """Repro: `--card 'Mick<NBSP>blue=yes'` recorded an answer blue never gave."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    card = f"Mick{space}blue=yes"
    assert run("clue", "area", "B3", "yes", "-o", "red", "--card", card).exit_code == 0
    steps = json.loads(run("history", "--json").stdout)
    assert steps[0]["step"].startswith("clue area B3 red=yes --card")
    from assistant.store.folder import Store

    event = Store(home).load().events[0]
    assert event.card == card.strip() and event.answers == (("red", True),)


def test_a_french_card_with_a_no_break_space_keeps_the_game_readable(run, home):
    """Repro: `indice nord-de 4 --carte 'informateur<NBSP>n°3'` made every later command fail."""
    run("new", "new-york", "--name", "ny")
    assert run("indice", "nord-de", "4", "oui", "--carte", "informateur\u00a0n°3").exit_code == 0
    assert run("history").exit_code == 0
    assert run("indice", "nord-de", "2", "non").exit_code == 0
    assert "informant\u00a0n°3" in run("history").stdout  # the kind said canonically, the rest as typed


def test_a_card_text_is_bounded_and_must_be_text(run, home):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    before = game_file(home, "gnom-street-1")
    long = run("clue", "area", "B3", "yes", "-o", "red", "--card", "x" * 201)
    assert long.exit_code == 2 and "at most 200 characters" in long.stderr
    broken = run("clue", "area", "B3", "yes", "-o", "red", "--card", "bad\udcff")
    assert broken.exit_code == 2 and "not text" in broken.stderr
    assert game_file(home, "gnom-street-1") == before
    assert run("clue", "area", "B3", "yes", "-o", "red", "--card", "x" * 200).exit_code == 0


def test_an_old_game_with_a_long_card_still_loads(run, home):
    """The bound is the recorder's: a game saved before it keeps loading."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    path = home / "games" / "gnom-street-1.yaml"
    path.write_text(path.read_text().replace("events: []", "events:\n- clue area B3 red=yes --card " + "y" * 5000))
    assert run("history").exit_code == 0


# -- one numbering --------------------------------------------------------------------------------


def test_a_score_pad_numbers_entries_as_retract_takes_them(run):
    """Repro: after an undo, `retract 4` took back deal 9A while history showed deal 8A as entry 4."""
    run("quest", "new", "--players", "Ana,Ben,Cleo")
    run("quest", "deal", "10A", "--special", "druid", "--tricks", "Ana=0,Ben=4,Cleo=9")
    run("quest", "deal", "1A", "--special", "clone", "--order", ",".join(["Ana", "Ben", "Cleo"] * 4 + ["Ana"]))
    run("undo")
    run("quest", "deal", "1B", "--special", "clone", "--order", ",".join(["Ana", "Ben", "Cleo"] * 4 + ["Ana"]))
    listed = json.loads(run("history", "--json").stdout)
    assert [(entry["number"], entry["retracted"]) for entry in listed] == [(1, False), (2, True), (3, False)]
    assert "undo" not in run("history").stdout
    assert run("retract", "3").exit_code == 0
    assert json.loads(run("history", "--json").stdout)[2] == {**listed[2], "retracted": True}


def test_the_rope_numbers_entries_as_retract_takes_them(run):
    run("tug", "new", "--sides", "Ana,Ben")
    run("tug", "gnome", "red", "--by", "Ana")
    run("undo")
    run("tug", "gnome", "blue", "--by", "Ana")
    lines = run("history").stdout.splitlines()
    assert lines == ["  1. gnome red --by Ana (retracted)", "  2. gnome blue --by Ana"]
    assert run("retract", "2").exit_code == 0
    assert run("history").stdout.splitlines()[1] == "  2. gnome blue --by Ana (retracted)"


# -- a board correction never makes a saved game unreadable -----------------------------------------


def test_a_pond_on_my_loot_is_refused_naming_the_game(run, home):
    """Repro: `board set gnom-street C2 pond=yes` where my loot is left the game unloadable."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    refused = run("board", "set", "gnom-street", "C2", "pond=yes")
    assert refused.exit_code == 2 and "gnom-street-1" in refused.stderr and "nothing was changed" in refused.stderr
    # my loot is the game's set-up, no entry: the remedy is not 'take those entries back'
    assert "a saved game was started on this cell as it is (gnom-street-1: C2 is a pond" in refused.stderr
    assert "retract" not in refused.stderr and "assistant delete NAME" in refused.stderr
    assert not (home / "boards" / "fixes" / "gnom-street.yaml").exists()
    assert run("sheet").exit_code == 0


def test_a_pond_where_a_loot_was_found_is_refused(run, home):
    run("new", "gnom-street", "--mine", "C2")
    run("miniature", "me", "D3")
    run("mole", "D3", "found", "--next-mine", "A2")
    refused = run("board", "set", "gnom-street", "D3", "pond=yes")
    assert refused.exit_code == 2 and "entry 1 (miniature me D3): D3 is a pond" in refused.stderr
    assert run("history").exit_code == 0


def test_a_pond_under_a_piece_is_refused_until_the_piece_is_taken_back(run, home):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    run("miniature", "me", "E1")
    refused = run("board", "set", "gnom-street", "E1", "pond=yes")
    assert refused.exit_code == 2 and "entry 1 (miniature me E1): E1 is a pond" in refused.stderr
    run("undo")
    assert run("board", "set", "gnom-street", "E1", "pond=yes").exit_code == 0
    assert run("history").stdout == "  1. miniature me E1 (retracted)\n"


def test_a_pond_made_by_the_owner_is_taken_back_by_pond_no_or_reset(run, home):
    """Repro: `pond=no` alone was refused; the shipped cell comes back instead."""
    shipped = run("board", "show", "gnom-street", "--json").stdout
    assert run("board", "set", "gnom-street", "A1", "pond=yes").stdout == "gnom-street A1: pond\n"
    assert run("board", "set", "gnom-street", "A1", "pond=no").exit_code == 0
    assert run("board", "show", "gnom-street", "--json").stdout == shipped
    run("board", "set", "gnom-street", "A1", "pond=yes")
    assert run("board", "reset", "gnom-street", "A1").exit_code == 0
    assert run("board", "show", "gnom-street", "--json").stdout == shipped
    again = run("board", "reset", "gnom-street", "A1")
    assert again.exit_code == 2 and "no correction to take back" in again.stderr


def test_a_pond_made_where_a_question_was_asked_from_still_exports_and_imports(run, home, tmp_path):
    """Found by the stateful walk: the question stands as heard (the pond is corrected after it), so the
    game loads; its export is a log too, read as the game reads it, and imports to the same game."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    run("clue", "area", "A1", "yes", "-o", "red")
    assert run("board", "set", "gnom-street", "A1", "pond=yes").exit_code == 0
    exported = tmp_path / "export.yaml"
    exported.write_text(run("export").stdout, encoding="utf-8")
    assert "exported: true" in exported.read_text()
    imported = run("import", str(exported), "--name", "again")
    assert imported.exit_code == 0, imported.stderr
    assert run("history", "--game", "again").stdout == run("history", "--game", "gnom-street-1").stdout
    scenario = tmp_path / "typed.yaml"  # a scenario typed by hand still follows the rules of asking
    scenario.write_text("board: gnom-street\nopponents: [red, blue]\nsteps:\n- clue area A1 yes -o red\n")
    refused = run("replay", str(scenario))
    assert refused.exit_code != 0 and "A1 is a pond" in refused.output


def test_a_retracted_clue_a_correction_would_refuse_still_exports_and_imports(run, home, tmp_path):
    """Found by the stateful walk: a clue taken back holds no correction back, but stays in the log; the
    export is imported as a saved game is loaded, never judged again, so it imports to the same game."""
    run("new", "gnom-street", "--opponents", "red,blue,yellow", "--mine", "C2")
    run("clue", "area", "A3", "red=yes", "blue=yes", "yellow=yes")
    run("retract", "1")
    assert run("board", "set", "gnom-street", "A3", "pond=yes").exit_code == 0
    exported = tmp_path / "export.yaml"
    exported.write_text(run("export").stdout, encoding="utf-8")
    imported = run("import", str(exported), "--name", "again")
    assert imported.exit_code == 0, imported.stderr
    assert run("history", "--game", "again").stdout == run("history", "--game", "gnom-street-1").stdout


def test_resetting_a_cell_a_game_stands_on_is_refused(run, home):
    """A shipped pond made grass by the owner, then used by a game: reset would make it a pond again."""
    ponds = [cell for cell, entry in json.loads(run("board", "show", "gnom-street", "--json").stdout)["cells"].items()
             if entry["pond"]]
    run("board", "set", "gnom-street", ponds[0], "pond=no", "terrain=grass", "flowers=blue,red")
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", ponds[0])
    refused = run("board", "reset", "gnom-street", ponds[0])
    assert refused.exit_code == 2 and "gnom-street-1" in refused.stderr
    assert run("sheet").exit_code == 0


# -- nothing reaches the terminal as a control sequence ---------------------------------------------


CONTROLS = [chr(code) for code in [*range(0, 9), *range(11, 32), *range(0x7F, 0xA0)]] + [
    "\u2028", "\u2029", "\u202a", "\u202e", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c"]


def no_control(text: str) -> bool:
    return not any(ch in text for ch in CONTROLS)


def test_escape_sequences_in_a_card_are_shown_escaped(run, home):
    """Repro: a card text or a scenario title could retitle the terminal through history or replay."""
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    card = "x\x1b]0;HACKED\x07\u2028\u202e\x0by"
    recorded = run("clue", "area", "B3", "yes", "-o", "red", "--card", card)
    for command in (recorded, run("history"), run("history", "--json"), run("export"), run("sheet")):
        assert command.exit_code == 0 and no_control(command.stdout) and no_control(command.stderr)
    assert "\\x1b]0;HACKED\\x07" in run("history").stdout
    assert json.loads(run("history", "--json").stdout)[0]["step"].endswith(card)  # JSON escapes read back
    from assistant.store import yamlparse

    assert yamlparse.loads(run("export").stdout, "export")["steps"][0].endswith(card)


def test_an_error_line_escapes_what_it_quotes(run, home):
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    refused = run("clue", "area", "B3", "yes", "-o", "red\u2028\x0bblue")
    assert refused.exit_code == 2 and no_control(refused.stderr) and len(refused.stderr.splitlines()) == 1


def test_a_scenario_title_is_shown_escaped(run, tmp_path):
    scenario = tmp_path / "evil.yaml"
    scenario.write_text('title: "\\e]0;HACKED\\a"\nboard: gnom-street\nopponents: [red]\nsteps:\n'
                        '- clue area B3 yes\n', encoding="utf-8")
    replayed = run("replay", str(scenario))
    assert replayed.exit_code == 0, replayed.stderr
    assert no_control(replayed.stdout) and "\\x1b]0;HACKED" in replayed.stdout


def test_printable_keeps_the_text_and_escapes_only_controls():
    assert errors.printable("Léa 🙂\tB3\n") == "Léa 🙂\tB3\n"
    assert errors.printable("\x1b[2J\u2028\x85") == "\\x1b[2J\\u2028\\u0085"


def test_printable_escapes_exactly_the_characters_of_the_controls_class():
    """printable escapes with a translation table made from errors.CONTROLS, a pattern's class of ranges:
    over every code point it does what substituting that class would do."""
    import re

    def escaped(match: re.Match) -> str:
        code = ord(match.group())
        return f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}"

    every = "".join(map(chr, range(0x110000)))
    assert errors.printable(every) == re.sub(f"[{errors.CONTROLS}]", escaped, every)


# -- what is accepted can be read back -------------------------------------------------------------


def test_a_game_cannot_grow_past_what_is_read_back(run, home, monkeypatch):
    """Repro: 17 clues with a 120 KB card pushed a game past the read limit; history then failed."""
    monkeypatch.setattr(saving, "MAX_GAME_BYTES", 2_000)
    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    results = [run("clue", "area", "B3", "yes", "-o", "red", "--card", "z" * 200) for _ in range(12)]
    full = [result for result in results if result.exit_code != 0]
    assert full and "is full" in full[0].stderr and "nothing was written" in full[0].stderr
    assert len((home / "games" / "gnom-street-1.yaml").read_bytes()) <= 2_000
    assert run("history").exit_code == 0 and run("recover").exit_code in (0, 1)


def test_the_game_size_bound_is_below_the_read_limit():
    from assistant.store import yamlfile

    assert store_module.MAX_GAME_BYTES < yamlfile.MAX_BYTES and store_module.MAX_GAME_EVENTS < yamlfile.MAX_NODES


def test_the_table_screen_shows_a_card_text_escaped(run, home):
    """The table screen draws the history and the answer line itself: a card's controls are escaped there too."""
    from test_table import drive, enter, table_app

    run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2")
    run("clue", "area", "B3", "yes", "-o", "red", "--card", "x\x1b]0;HACKED\x07\u202ey")

    async def script(pilot):
        text = await enter(pilot, "clue area A1 no -o blue", typed=False)
        assert "\\x1b]0;HACKED\\x07\\u202ey" in text and no_control(text)

    drive(table_app(home), script)
