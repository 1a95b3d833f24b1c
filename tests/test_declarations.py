"""The faces draw what a game declares: its command rows, titles, score table, printed page and start come
from its registration (``GameType``), and no face or engine module names a game."""

import ast
from pathlib import Path

import pytest
from conftest import folder_snapshot, one_plain_line

from assistant.engine import commands, registry
from assistant.engine.registry import Command, Start

ROOT = Path(__file__).resolve().parent.parent


def every_game() -> tuple[registry.GameType, ...]:
    return tuple(each for each in registry.registered() if each.kind != registry.BOARD_GAMES)


# -- no game named in the engine or the faces ------------------------------------------------------------


def _constants(path: Path):
    """Every string constant of a module that is not a docstring."""
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


def test_no_string_constant_of_the_engine_or_the_faces_names_a_game_or_its_title():
    """A game's kind is never a constant of its own there, and its title is in no text at all (the kinds may
    stand in the examples of a help text: 'assistant new gnom-street ...')."""
    games = every_game()
    titles = {title for each in games for title in (each.title, each.title_fr)}
    kinds = {each.kind for each in games}
    found = []
    for folder in ("engine", "faces"):
        for path in sorted((ROOT / "assistant" / folder).rglob("*.py")):
            for line, text in _constants(path):
                if text in kinds or any(title in text for title in titles):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}")
        for path in sorted((ROOT / "assistant" / folder).rglob("*.html")):
            text = path.read_text()
            found += [f"{path.relative_to(ROOT)}: {title}" for title in titles if title in text]
    assert not found, "\n".join(found)


# -- the declarations ---------------------------------------------------------------------------------------


def test_every_game_row_of_the_command_table_is_declared_by_a_game_and_gathered():
    own = {row.words for row in commands.OWN}
    for game in every_game():
        for row in game.commands:
            assert isinstance(row, Command) and row.words not in own, row
            assert commands.DECLARED[row.words] is row
            for word in row.french:
                assert commands.ALIASES[word] == row.words[-1]
    assert registry.declaring("tally").kind == "gnom-street"
    assert registry.of_group("quest").kind == "roi-des-nains"


def test_each_pad_declares_how_it_starts_and_its_titles_are_in_the_catalogue():
    from assistant.engine import i18n

    for game in every_game():
        if game.pad:
            assert isinstance(game.start, Start) and game.start.command[0] == game.group, game.kind
            assert game.title_of("a-game"), game.kind
        i18n.use("fr")
        try:
            for name, title in (game.titles or {}).items():
                assert i18n._(title) != title or title.startswith("{"), (game.kind, name)
        finally:
            i18n.use("en")


def test_the_gardens_acts_say_what_the_whole_table_sees():
    garden = registry.find("gnom-street")
    assert garden.acts.is_public("miniature") and garden.acts.is_public("loot")
    assert not garden.acts.is_public("asked") and garden.acts.is_public("asked", ("--aloud",))
    assert garden.start.secrets[0].option == "--mine" and garden.start.secrets[0].owner == "me"
    assert garden.start.said(garden.kind) == "assistant new gnom-street --opponents red,blue,yellow"


# -- new <a pad's kind> ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("words", [("new", "roi-des-nains"), ("new", "oh-les-nains"), ("nouvelle", "roi"),
                                   ("--lang", "fr", "nouvelle", "corde"), ("new", "Roi-des-Nains")])
def test_new_with_a_pads_kind_answers_one_line_naming_the_pads_own_command(run, home, words):
    before = folder_snapshot(home)
    result = run(*words)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    line = result.stderr
    english = ("assistant quest new --players", "assistant tug new --sides")
    french = ("assistant quête nouvelle --joueurs", "assistant corde nouvelle --camps")  # said at a French table
    assert any(start in line for start in (french if "fr" in words else english)), line
    assert folder_snapshot(home) == before


def test_new_with_a_pads_kind_says_it_in_french(run):
    result = run("--lang", "fr", "nouvelle", "roi-des-nains")
    assert result.exit_code == 2
    assert result.stderr == ("erreur\u00a0: roi-des-nains est une feuille de marque\u00a0: commencez-la avec assistant "
                             "quête nouvelle --joueurs Ana,Ben,Cleo\n")  # the command in French, as typed there
    assert run("--lang", "fr", "quête", "nouvelle", "--joueurs", "Ana,Ben,Cleo").exit_code == 0


# -- print pad ----------------------------------------------------------------------------------------------


def test_print_pad_refuses_in_one_line_a_pad_that_declares_no_page(run, home):
    before = folder_snapshot(home)
    line = one_plain_line(run("print", "pad", "oh-les-nains"), 2)
    assert "no printed pad for 'oh-les-nains'" in line
    assert run("tug", "new", "--sides", "Ana,Ben").exit_code == 0
    line = one_plain_line(run("print", "pad"), 2)
    assert "has no printed page" in line
    assert before is not None


def test_print_pad_prints_any_pad_that_declares_a_page(run, tmp_path, monkeypatch):
    """A pad's page comes from its declaration: a pad declaring 5 rounds and no rules prints 5 rows, no quests."""
    from assistant.engine.registry import Page

    roi = registry.find("roi-des-nains")
    page = Page("Five rounds", "Five rounds of {game}", rounds=5, spare=1, least=2, most=4, default=3)
    monkeypatch.setitem(registry._REGISTERED, roi.kind, roi._replace(page=page, columns=()))
    target = tmp_path / "pad.html"
    result = run("print", "pad", "roi-des-nains", "--players", "2", "--html", str(target))
    assert result.exit_code == 0, result.stderr
    text = target.read_text()
    assert "Five rounds" in text and "class=\"quests\"" not in text
    assert text.count('<td class="number">') == 5 + 1  # the rounds, then the spare row


# -- a pad's commands built from its declarations -----------------------------------------------------------


@pytest.fixture
def generic_pad():
    """The quest pad registered again with its rows in the generic area, under another word ('pad2'): the
    command table and the command line gather them again by themselves."""
    roi = registry.find("roi-des-nains")
    rows = (Command(("pad2",), "pads", "A pad built from its declarations."),
            Command(("pad2", "new"), "pads", "Start one."),
            Command(("pad2", "deal"), "pads", "Record a deal.", french=("donne2",)),
            Command(("pad2", "show"), "pads", "Draw it."),
            Command(("pad2", "export"), "pads", "Its totals."))
    registry.register(roi._replace(group="pad2", commands=rows,
                                   start=Start(("pad2", "new"), "players", 3, 5, "Ana,Ben,Cleo")))
    yield
    registry.register(roi)
    assert commands.area_of("pad2") is None and commands.area_of("quest") == "pads"


def test_a_pads_commands_are_built_from_its_declarations(run, generic_pad):
    assert commands.area_of("pad2") == "pads" and commands.english("donne2") == "deal"
    assert run("pad2", "new", "--players", "Ana,Ben,Cleo").exit_code == 0
    result = run("pad2", "deal", "7A", "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4")
    assert result.exit_code == 0, result.stderr
    shown = run("pad2", "show")
    assert shown.exit_code == 0 and "Ana" in shown.stdout and "7A" in shown.stdout
    exported = run("pad2", "export", "--csv")
    assert exported.exit_code == 0 and exported.stdout.startswith("deal,quest,Ana,Ben,Cleo")
    assert "Record a deal." in run("pad2", "deal", "--help").stdout
    refused = run("pad2", "deal", "99Z", "--special", "druid", "--tricks", "Ana=5,Ben=4,Cleo=4")
    one_plain_line(refused, 2)
    assert run("pad2", "donne2", "--help").exit_code == 0
