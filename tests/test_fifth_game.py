"""A fifth game is one package and its data file: tests/tiny_game registers a 3x3 grid with two kinds of
statements (row and column), and the store, the command line, the statistics, the table screen and the
phones' page play it without a line of theirs naming it."""

from __future__ import annotations

import json

import pytest
import tiny_game
from test_serve import post, request

from assistant.engine import registry
from assistant.store.folder import Store


@pytest.fixture
def tiny(home):
    tiny_game.install()
    yield Store(home)
    tiny_game.uninstall()


def shipped_kinds() -> set[str]:
    """The kind each package under assistant/games registers (its KIND), read from the packages themselves
    (the cores games share, ``SHARED``, are no game)."""
    from importlib import import_module
    from pkgutil import iter_modules

    import assistant.games

    packages = [found.name for found in iter_modules(assistant.games.__path__, "assistant.games.")
                if found.ispkg and found.name.rpartition(".")[2] not in assistant.games.SHARED]
    return {import_module(package).KIND for package in packages}


def test_the_registry_knows_the_shipped_games_and_the_tests_own(tiny):
    assert set(registry.kinds()) == shipped_kinds() | {tiny_game.KIND}
    assert set(registry.kinds(pad=True)) | set(registry.kinds(pad=False)) == set(registry.kinds())
    assert tiny_game.KIND not in registry.kinds(pad=True) and "tiny-grid" in tiny.board_names()


def test_the_command_line_plays_it_to_its_end(tiny, run):
    assert run("new", "tiny-grid", "--name", "tiny").exit_code == 0
    assert run("clue", "row", "2", "yes").exit_code == 0
    assert run("clue", "column", "B", "no").exit_code == 0
    candidates = json.loads(run("candidates", "--json").stdout)
    assert candidates == {"key": ["A2", "C2"]}
    refused = run("clue", "row", "1", "yes")
    assert refused.exit_code == 1 and "clue 1 (row 2" in refused.stderr  # the clue in conflict is named
    assert run("accuse", "C2", "right").exit_code == 0
    listed = json.loads(run("games", "--json").stdout)
    assert [(each["name"], each["finished"]) for each in listed] == [("tiny", True)]
    stats = json.loads(run("stats", "--json").stdout)
    assert stats["history"][0]["kind"] == "tiny-grid" and stats["history"][0]["finished"] is True


def test_the_phones_page_plays_it(tiny, run, home):
    from assistant.faces.web import serve

    assert run("new", "tiny-grid", "--name", "tiny").exit_code == 0
    links = serve.make_links(tiny, ["tiny"])
    with serve.serving(tiny, links, watch_seconds=0.05) as base:
        status, __, body = request(base, "GET", f"/g/{links[0].token}/")
        assert status == 200 and "Tiny grid" in body.decode()
        status, answer = post(base, f"/g/{links[0].token}/step", {"line": "clue row 3 no"})
        assert status == 200 and answer["said"].startswith("1. clue row 3 no"), answer
    assert "clue row 3 no" in (home / "games" / "tiny.yaml").read_text()


def test_the_table_screen_plays_it(tiny, run, home):
    from test_table import drive, enter, table_app

    assert run("new", "tiny-grid", "--name", "tiny").exit_code == 0
    app = table_app(home)

    async def script(pilot):
        text = await enter(pilot, "clue column A yes")
        assert "1. clue column A yes -> key: 3 cells left" in text
        text = await enter(pilot, "clue row 2 no")
        assert "key: 2 cells left" in text and "tiny-grid" in text

    drive(app, script)
    assert "clue row 2 no" in (home / "games" / "tiny.yaml").read_text()
