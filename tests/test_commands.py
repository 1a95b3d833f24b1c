"""The commands of the command line as the table screen's grammar (assistant/commands.py).

Laws: a command's form takes the words the command line takes (built from its own parameters); a
value completion offers at a place is one the command's reading there accepts; a word its place does
not take is refused in one line that says what to type.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from assistant.engine import commands, grammar, i18n
from assistant.engine.errors import InputError
from assistant.faces.table.screen import CLI_ONLY, command_params, speaker
from assistant.store.folder import Store


@pytest.fixture
def table(run, home):
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2").exit_code == 0
    assert run("board", "set", "gnom-street", "A1", "terrain=gravel").exit_code == 0
    store = Store(home)
    return speaker(store, store.load())


def test_each_command_takes_the_words_of_the_command_line(table):
    """Its verbs are its name and its French names; its options every spelling the command line takes."""
    for words, params in command_params():
        form = grammar.resolve(table, list(words))[0]
        if form in table.steps:
            continue  # the game's own step ('clue'), read by the game
        assert set(form.verbs) == {words[-1], *(alias for alias, name in commands.ALIASES.items() if name == words[-1])}
        options = {option.name: set(option.spellings) for option in form.options}
        for name, spellings, *unused in params:
            assert not spellings or options[name] == set(spellings), (words, name)
    assert not set(CLI_ONLY) & {words[0] for words, unused in command_params()}


def test_the_command_line_declares_the_commands_of_the_table_and_no_other():
    """Each command (and group) of the command line is a row of the engine's command table, with the help
    the table gives it, in the table's order (the order --help lists them); each row is a command there;
    each French word names a command that exists."""
    import typer.main

    from assistant.faces import cli as command_line

    root = typer.main.get_command(command_line.whole())
    found = []
    for name, command in root.commands.items():
        found.append(((name,), command.help))
        found += [((name, sub), each.help) for sub, each in getattr(command, "commands", {}).items()]
    declared = [(row.words, row.help) for row in commands.COMMANDS]
    top = [row for row in declared if len(row[0]) == 1]
    groups = commands.command_groups()
    assert [row for row in found if len(row[0]) == 1] == [row for row in top if row[0][0] not in groups] + \
        [row for row in top if row[0][0] in groups]  # click lists the commands, then the groups
    assert sorted(found) == sorted(declared)
    every = {word for words, unused in declared for word in words}
    assert set(commands.ALIASES.values()) <= every


def test_a_group_offers_its_commands_then_each_its_own_words(table):
    assert grammar.expect(table, ["board"]) == grammar.Slot("command", ("show", "export", "import", "set", "reset",
                                                                        "verify"))
    slot = grammar.expect(table, ["board", "set", "gnom-street", "C2"])
    assert slot.name == "board-value" and "terrain=gravel" in slot.values and "flowers=blue,yellow" in slot.values
    assert grammar.expect(table, ["board", "reset", "gnom-street"]).values == ("A1",)  # the one corrected
    assert "B2" not in grammar.expect(table, ["new", "gnom-street", "--mine"]).values  # a pond holds no loot
    assert grammar.expect(table, ["tally", "--rules"]).values == ("fr", "en")
    assert grammar.expect(table, ["tally"]).name == "file"  # optional, and free
    i18n.use("fr")
    try:
        assert grammar.complete(table, "plateau corr")[1] == ("corriger",)
        assert grammar.complete(table, "nouvelle gnom-street --adv")[1] == ("--adversaires",)
        assert grammar.complete(table, "plateau corriger gnom-street C2 fleurs=bleu,j")[1] == ("fleurs=bleu,jaune",)
    finally:
        i18n.use("en")


@pytest.mark.parametrize("words, message", [
    ("new", "missing board: type new BOARD [--opponents NAMES] [--mine CELL] [--name NEW-NAME] [--me NAME]"),
    ("new gnom", "'gnom' is no board here (expected one of gnom-street, new-york): type new BOARD"),
    ("new gnom-stret", "'gnom-stret' is no board here (did you mean gnom-street?): type new BOARD"),
    ("tally a b", "one word too many ('b'): type tally [FILE] [--json] [--rules RULES]"),
    ("tally --rules de", "'de' is no rules here (expected one of fr, en): type tally"),
    ("use friday", "'friday' is no game here (expected one of gnom-street-1): type use GAME"),
    ("board", "board needs one of show, export, import, set, reset, verify"),
    ("board set gnom-street Z9 terrain=gravel", "'Z9' is no cell here"),
    ("sheet --od", "unknown option '--od': did you mean --odds?"),
])
def test_a_word_its_place_does_not_take_is_refused_saying_what_to_type(table, words, message):
    with pytest.raises(InputError) as refused:
        commands.check(table, words.split())
    assert str(refused.value).startswith(message)
    assert "\n" not in str(refused.value)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_every_value_completion_offers_is_taken_there(table, data):
    """Completion offers only what the command's reading accepts at that place (boards, games, cells)."""
    words = list(data.draw(st.sampled_from([words for words, unused in command_params()
                                            if grammar.resolve(table, list(words))[0] not in table.steps])))
    for unused in range(4):
        slot = grammar.expect(table, words)
        if slot.name in ("end", "unknown") or not slot.values:
            break
        words.append(data.draw(st.sampled_from(slot.values)))
        try:
            commands.check(table, words)
        except InputError as error:
            assert str(error).startswith("missing "), (words, error)  # only words still to come
