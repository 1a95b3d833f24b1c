"""The table's join link (issue 50): each phone starts its own private sheet from one QR code, and the laptop
never shows a secret it was not given.

The join page's requests go through Starlette's TestClient (the server in process, as a phone reaches it);
the command line through the CLI runner; the table record through its store API."""

from __future__ import annotations

import json
import os
import re
import threading

import pytest
from conftest import folder_snapshot, one_plain_line
from starlette.testclient import TestClient

from assistant.engine.errors import AssistantError, DataError
from assistant.faces.web import join, serve
from assistant.store import tables
from assistant.store.folder import Store

CHLOE = {"request": "request-chloe-1", "kind": "gnom-street", "me": "Chloé", "opponents": "Ana,Ben", "secret": "A1"}


class Table:
    """A served table: its store, its join token, its server, and a client talking to it."""

    def __init__(self, store: Store, names: list[str] | None = None, rules: join.Rules | None = None,
                 keep: bool = False, new: bool = False):
        self.store = store
        self.links = serve.make_links(store, names or [], keep)
        self.table = join.open_table(store, names or [], new)
        self.token = join.join_token(store, self.table.id, keep)
        self.rules = rules or join.Rules(join.allowed_kinds(None))
        self.server = serve.Server(store, self.links + join.phone_links(store, self.table),
                                   join=join.desk(self.table.id, self.token, self.rules))

    def __enter__(self) -> Table:
        self.client = TestClient(self.server).__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.client.__exit__(*exc)

    def new(self, body: dict, **headers):
        return self.client.post(f"/t/{self.token}/new", json=body, headers=headers)

    def raw(self, path: str, content: bytes):
        return self.client.post(f"/t/{self.token}/{path}", content=content,
                                headers={"Content-Type": "application/json"})


@pytest.fixture
def store(home) -> Store:
    return Store(home)


# -- starting a sheet ------------------------------------------------------------------------------------


def test_a_phone_starts_its_own_sheet_which_is_saved_as_its_own_and_never_made_current(store, run):
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2", "--name", "laptop").exit_code == 0
    with Table(store) as table:
        answer = table.new(CHLOE)
        assert answer.status_code == 200, answer.text
        started = answer.json()
        assert started["name"] == "gnom-street-1" and re.fullmatch(r"/g/[\w-]{32}/", started["link"])
        page = table.client.get(started["link"])
        assert page.status_code == 200 and re.search(r'aria-label="A1, [^"]*, your loot"', page.text)
    assert store.current_name() == "laptop"  # a phone's sheet never becomes the laptop's current game
    assert store.phone_owner("gnom-street-1") == "Chloé"
    game = store.load("gnom-street-1")
    assert (game.me, game.opponents, game.board.name_of(game.mine)) == ("Chloé", ("Ana", "Ben"), "A1")
    saved = tables.load_table(store, table.table.id)
    assert [(each.name, each.player, each.phone) for each in saved.games] == [("gnom-street-1", "Chloé", True)]
    assert saved.games[0].token == started["link"][3:-1] and saved.games[0].game == store.game_id("gnom-street-1")


def test_a_double_tap_and_a_retry_start_one_sheet(store):
    with Table(store) as table:
        first, again = table.new(CHLOE).json(), table.new(CHLOE).json()
        assert again == {**first, "repeat": True} and first["repeat"] is False
        # two taps at the same moment: one sheet, the same link to both
        answers: list = []
        body = {**CHLOE, "request": "request-chloe-2", "opponents": "Ana"}
        taps = [threading.Thread(target=lambda: answers.append(table.new(body).json())) for unused in range(4)]
        for tap in taps:
            tap.start()
        for tap in taps:
            tap.join()
        assert len({answer["link"] for answer in answers}) == 1 and sum(not a["repeat"] for a in answers) == 1
    assert store.game_names() == ["gnom-street-1", "gnom-street-2"]
    assert len(tables.load_table(store, table.table.id).games) == 2


def test_a_request_whose_answer_was_lost_in_a_crash_finds_its_sheet_or_starts_it(store):
    with Table(store) as table:
        entry = tables.TableGame("g" * 16, "gnom-street-7", "gnom-street", "Chloé", True, "t" * 32, "request-lost")
        tables.add_game(store, table.table.id, entry)  # written, then the server died before the game was
        answer = table.new({**CHLOE, "request": "request-lost"}).json()
        assert answer["link"] == "/g/" + "t" * 32 + "/" and answer["name"] == "gnom-street-7"
        assert store.game_id("gnom-street-7") == "g" * 16 and store.phone_owner("gnom-street-7") == "Chloé"
        assert table.client.get(answer["link"]).status_code == 200
        # another sheet under a request's id is no repeat: refused, nothing written
        taken = table.new({**CHLOE, "request": "request-lost", "me": "Dora"})
        assert taken.status_code == 409 and store.game_names() == ["gnom-street-7"]


def test_the_city_takes_a_name_alone_and_the_garden_its_opponents_and_loot(store):
    with Table(store) as table:
        city = table.new({"request": "request-city-1", "kind": "new-york", "me": "Ana"})
        assert city.status_code == 200, city.text
        page = table.client.get(f"/t/{table.token}/").text
    assert store.load(city.json()["name"]).mine is None
    # the garden's loot is tapped on a grid of the board, each cell read out in words, a pond never chosen
    assert 'data-kind="gnom-street"' in page and 'aria-label="B2, pond"' in page
    assert page.count('class="secret"') == 1  # the city declares no secret: no grid


def test_names_and_the_loot_are_checked_as_the_command_line_checks_them(store, run, home):
    cases = [({"opponents": "Ana,ana"}, ["--opponents", "Ana,ana", "--mine", "A1", "--me", "Chloé"]),
             ({"me": "yes"}, ["--opponents", "Ana,Ben", "--mine", "A1", "--me", "yes"]),
             ({"opponents": "Ana,Chloé"}, ["--opponents", "Ana,Chloé", "--mine", "A1", "--me", "Chloé"]),
             ({"secret": "B2"}, ["--opponents", "Ana,Ben", "--mine", "B2", "--me", "Chloé"]),
             ({"secret": "Z9"}, ["--opponents", "Ana,Ben", "--mine", "Z9", "--me", "Chloé"]),
             ({"opponents": "A,B,C,D"}, ["--opponents", "A,B,C,D", "--mine", "A1", "--me", "Chloé"])]
    with Table(store) as table:
        table.client.get(f"/t/{table.token}/")  # the board read once (and its cache written) by the server
        before = folder_snapshot(home)
        for number, (changed, words) in enumerate(cases):
            answer = table.new({**CHLOE, "request": f"request-bad-{number}", **changed})
            typed = one_plain_line(run("new", "gnom-street", *words), 2)
            assert answer.status_code == 422 and answer.json() == {"refused": typed.removeprefix("error: ").strip()}
        assert folder_snapshot(home) == before  # nothing written, the table included


def test_the_laptop_bounds_the_kinds_and_the_count_a_repeat_still_gets_its_sheet(store, home):
    with Table(store, rules=join.Rules(("gnom-street",), most=2)) as table:
        refused = table.new({"request": "request-city-1", "kind": "new-york", "me": "Ana"})
        assert refused.status_code == 403 and refused.json()["refused"].startswith("phones may not start 'new-york'")
        for number in (1, 2):
            assert table.new({**CHLOE, "request": f"request-{number}xxxx", "me": f"P{number}"}).status_code == 200
        before = folder_snapshot(home)
        over = table.new({**CHLOE, "request": "request-3xxxx", "me": "P3"})
        assert over.status_code == 403 and "serve --most N" in over.json()["refused"]
        assert folder_snapshot(home) == before
        assert table.new({**CHLOE, "request": "request-1xxxx", "me": "P1"}).json()["repeat"] is True
        assert "0 more sheets" in table.client.get(f"/t/{table.token}/evening").json()["html"]


def test_the_join_link_reaches_no_existing_game(store, run):
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2", "--name", "laptop").exit_code == 0
    with Table(store, ["laptop"]) as table:
        mine = table.new(CHLOE).json()
        laptop = table.links[0].token
        said = [table.client.get(f"/t/{table.token}/").text, table.client.get(f"/t/{table.token}/evening").text]
        for text in said:  # the games and who plays them; no link, no game's content
            assert laptop not in text and mine["link"] not in text and "your loot" not in text
            assert "laptop" in text and "gnom-street-1" in text and "Chloé" in text
        misses = [("GET", f"/g/{table.token}/"), ("GET", f"/t/{laptop}/"), ("GET", f"/t/{table.token}/view"),
                  ("GET", f"/t/{table.token}/laptop"), ("POST", f"/t/{table.token}/step"),
                  ("GET", f"/t/{table.token}/new"), ("GET", f"/t/{serve.new_token()}/"),
                  ("POST", f"/t/{table.token[:-1]}/new"), ("GET", "/t/")]
        for method, path in misses:
            answer = table.client.request(method, path, json={"line": "clue area A1 yes -o red"},
                                          follow_redirects=False)
            assert (answer.status_code, answer.content) == (404, serve.NOT_FOUND), (method, path)
        # a sheet's name is no score pad: the pad request gives no link to it
        for name in ("laptop", "gnom-street-1"):
            answer = table.client.post(f"/t/{table.token}/pad", json={"game": name, "phone": "k" * 22})
            assert answer.status_code == 404 and "link" not in answer.json()
    assert len(store.load("laptop").events) == 0


@pytest.mark.parametrize("body", [
    b"[]", b'"x"', b"nan", b"{", b'{"request": 5, "kind": "gnom-street", "me": "A"}',
    b'{"kind": "gnom-street", "me": "A"}', b'{"request": "abcdefgh", "kind": "gnom-street"}',
    b'{"request": "short", "kind": "gnom-street", "me": "A"}',
    b'{"request": "abcdefgh", "kind": "gnom-street", "me": "A\\u0000"}',
    b'{"request": "abcdefgh", "kind": "gnom-street", "me": "\\ud800"}',
    b'{"request": "abcdefgh", "kind": "gnom-street", "me": "A", "opponents": ["B"]}',
    b'{"request": "abcdefgh", "kind": "gnom-street", "me": "' + b"A" * 300 + b'"}',
    b'[' * 2000 + b']' * 2000, b"\xff\xfe"])
def test_hostile_bodies_are_400_in_one_line_and_write_nothing(store, home, body):
    with Table(store) as table:
        before = folder_snapshot(home)
        for path in ("new", "pad"):
            answer = table.raw(path, body)
            assert answer.status_code == 400 and answer.text.startswith("bad request") and "\n" not in answer.text
        assert folder_snapshot(home) == before


def test_a_body_past_the_bound_is_413_and_another_sites_page_is_refused(store):
    with Table(store) as table:
        assert table.raw("new", b'{"me": "' + b"a" * 5000 + b'"}').status_code == 413
        assert table.new(CHLOE, origin="http://elsewhere.example").status_code == 403
        assert store.game_names() == []


# -- the evening, the score pad, the language --------------------------------------------------------------


def test_the_evening_lists_the_tables_games_and_who_joined(store, run):
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "quest").exit_code == 0
    with Table(store, ["quest"]) as table:
        table.new(CHLOE)
        table.new({**CHLOE, "request": "request-ana-1", "me": "Ana", "opponents": "Chloé"})
        evening = table.client.get(f"/t/{table.token}/evening").json()
    assert evening["members"] == ["Chloé", "Ana"]
    assert "quest" in evening["html"] and "score pad" in evening["html"] and "their phone" in evening["html"]
    assert tables.members(tables.load_table(store, table.table.id)) == ["Chloé", "Ana"]


def test_a_phone_opens_the_score_pad_read_only_unless_the_laptop_lets_the_first_keep_it(store, run):
    assert run("quest", "new", "--players", "Ana,Ben,Cleo", "--name", "quest").exit_code == 0
    with Table(store, ["quest"]) as table:
        given = table.client.post(f"/t/{table.token}/pad", json={"game": "quest", "phone": "phone-one-0000000"})
        assert given.json()["keeper"] is False
        reader = next(link for link in table.links if not link.keeper)
        assert given.json()["link"] == f"/g/{reader.token}/"
    rules = join.Rules(join.allowed_kinds(None), keeper_phone=True)
    for round_ in range(2):  # the keeper stays the keeper after a restart; nobody else becomes it
        with Table(store, ["quest"], rules, keep=True) as table:
            keeper = next(link for link in table.links if link.keeper)
            answers = [table.client.post(f"/t/{table.token}/pad", json={"game": "quest", "phone": phone}).json()
                       for phone in ("phone-one-0000000", "phone-two-0000000", "phone-one-0000000")]
            assert [answer["keeper"] for answer in answers] == [True, False, True], round_
            assert answers[0]["link"] == f"/g/{keeper.token}/"
            step = table.client.post(answers[1]["link"] + "step", json={"line": "deal 7A"})
            assert step.status_code == 403  # the read-only link records nothing


def test_the_join_page_speaks_the_phones_language_or_the_one_it_chose(store):
    with Table(store) as table:
        english = table.client.get(f"/t/{table.token}/").text
        french = table.client.get(f"/t/{table.token}/", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).text
        sheet = table.new(CHLOE).json()["link"]
        table.client.cookies.set("lang", "fr")  # the switch on the join page
        chosen = table.client.get(f"/t/{table.token}/").text
        refused = table.new({**CHLOE, "request": "request-fr-0001", "secret": "B2"})
        page = table.client.get(sheet).text
    assert "Start my sheet" in english and 'lang="en"' in english
    assert "Commencer ma feuille" in french and "Commencer ma feuille" in chosen and 'lang="fr"' in chosen
    assert refused.json()["refused"].startswith("B2 est une mare")
    assert 'lang="fr"' in page  # the sheet's page follows the choice made at the table


# -- the table through restarts ----------------------------------------------------------------------------


def test_a_restart_serves_each_phones_sheet_at_its_link_and_a_new_table_starts_afresh(store):
    with Table(store) as table:
        link = table.new(CHLOE).json()["link"]
        token = table.token
    with Table(store, keep=True) as again:  # the same evening: the same table, the phone's link still works
        assert again.table.id == table.table.id and again.token == token
        assert again.client.get(link).status_code == 200
    with Table(store) as again:  # a new join link at each start, unless kept; the sheets keep theirs
        assert again.token != token and again.client.get(link).status_code == 200
        assert again.client.get(f"/t/{token}/").status_code == 404
    with Table(store, new=True) as fresh:
        assert fresh.table.id != table.table.id and fresh.client.get(link).status_code == 404
        assert fresh.client.get(f"/t/{fresh.token}/evening").json()["members"] == []
    assert os.stat(home_file(store, join.JOIN_FILE)).st_mode & 0o077 == 0


def home_file(store: Store, name: str):
    return store.home / name


def test_a_table_from_another_evening_is_not_gone_on_with(store):
    from datetime import datetime, timedelta

    old = tables.create_table(store, datetime.now().astimezone() - timedelta(hours=join.TABLE_HOURS + 1))
    assert join.open_table(store, []).id != old.id
    recent = tables.create_table(store, datetime.now().astimezone() + timedelta(minutes=1))
    assert join.open_table(store, []).id == recent.id  # the evening's table goes on
    assert join.open_table(store, [], new=True).id != recent.id


# -- the table record ------------------------------------------------------------------------------------


def test_the_table_record_is_written_atomically_under_its_lock_and_read_back_checked(store):
    table = tables.create_table(store)
    assert tables.load_table(store, table.id) == table and tables.latest_table(store) == table
    games = [tables.TableGame(f"game-{number:012d}", f"g{number}", "gnom-street", f"P{number}", True,
                              f"{number:032d}", f"request-{number}") for number in range(8)]
    adding = [threading.Thread(target=tables.add_game, args=(store, table.id, game)) for game in games]
    for each in adding:
        each.start()
    for each in adding:
        each.join()
    saved = tables.load_table(store, table.id)
    assert sorted(saved.games) == sorted(games)  # every one landed, whatever the order
    assert tables.add_game(store, table.id, games[0]) == saved  # a game already there is left as it was
    assert sorted(tables.members(saved)) == sorted(f"P{number}" for number in range(8))
    assert tables.table_of_game(store, "game-000000000003").id == table.id
    path = tables.table_path(store, table.id)
    assert path.stat().st_mode & 0o077 == 0  # it holds the phones' links: its owner's alone
    assert json.loads(path.read_text())["assistant"] == tables.FORMAT


@pytest.mark.parametrize("damage", ["not json", "[]", '{"assistant": "table/1"}',
                                    '{"assistant": "table/1", "id": "ID", "started": "now", "games": []}',
                                    '{"assistant": "table/1", "id": "ID", "started": "2026-01-01T20:00:00", '
                                    '"games": [{"game": "../../x", "name": "a", "kind": "b"}]}'])
def test_a_damaged_table_is_said_with_its_path_and_never_gone_on_with(store, damage):
    table = tables.create_table(store)
    path = tables.table_path(store, table.id)
    path.write_text(damage.replace('"ID"', json.dumps(table.id)))
    with pytest.raises(DataError) as said:
        tables.load_table(store, table.id)
    assert str(path) in str(said.value) and "\n" not in str(said.value)
    assert tables.latest_table(store) is None
    with pytest.raises(AssistantError):
        tables.table_path(store, "../escape")


def test_members_are_each_player_once_however_spelt(store):
    table = tables.Table("t" * 16, "2026-01-01T20:00:00", tuple(
        tables.TableGame("g" * 16 + str(number), "x", "gnom-street", player) for number, player in
        enumerate(["Léa", "lea", "", "Ana"])))
    assert tables.members(table) == ["Léa", "Ana"]


# -- the laptop shows no secret it was not given ----------------------------------------------------------


def started_on_a_phone(store: Store) -> str:
    with Table(store) as table:
        return table.new(CHLOE).json()["name"]


def test_games_and_stats_say_whose_phone_started_a_sheet_and_show_no_loot(store, run):
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2", "--name", "laptop").exit_code == 0
    name = started_on_a_phone(store)
    listed = run("games")
    line = next(line for line in listed.stdout.splitlines() if name in line)
    assert line.endswith("Chloé's private sheet, started on their phone") and "A1" not in listed.stdout
    assert listed.stderr == ""  # nothing of the sheet is shown: no line says it is
    as_json = json.loads(run("games", "--json").stdout)
    assert {entry["name"]: entry["phone"] for entry in as_json} == {"laptop": None, name: "Chloé"}
    assert "A1" not in json.dumps(as_json) and "mine" not in json.dumps(as_json)
    stats = run("stats")
    assert f"{name} (Chloé's phone)" in stats.stdout and "A1" not in stats.stdout and stats.stderr == ""
    french = run("--lang", "fr", "games")
    assert "feuille secrète de Chloé, commencée sur son téléphone" in french.stdout


def test_asked_for_by_name_a_phones_sheet_is_shown_with_a_line_saying_whose_it_is(store, run):
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2", "--name", "laptop").exit_code == 0
    name = started_on_a_phone(store)
    plain = run("candidates")  # the current game: the laptop's own
    assert "Chloé" not in plain.stdout + plain.stderr
    asked = run("candidates", "--game", name)
    assert asked.exit_code == 0 and "Ana:" in asked.stdout
    assert f"{name} is Chloé's private sheet, started on their phone: shown here because it was asked for by " \
           "name" in asked.stderr
    exported = run("export", name)
    assert "mine: A1" in exported.stdout and "Chloé's private sheet" in exported.stderr
    french = run("--lang", "fr", "sheet", "--game", name)
    assert f"{name} est la feuille secrète de Chloé, commencée sur son téléphone" in french.stderr
    used = run("use", name)
    assert used.exit_code == 0 and "Chloé's private sheet" in used.stdout


def test_a_sheet_keeps_its_owner_through_every_entry_and_earlier_games_load_unchanged(store, run, home):
    name = started_on_a_phone(store)
    assert run("clue", "area", "C3", "no", "-o", "Ana", "--game", name).exit_code == 0
    assert run("undo", "--game", name).exit_code == 0
    assert store.phone_owner(name) == "Chloé" and "phone-owner: Chloé" in (home / "games" / f"{name}.yaml").read_text()
    assert run("new", "gnom-street", "--opponents", "red", "--name", "before").exit_code == 0
    assert "phone-owner" not in (home / "games" / "before.yaml").read_text() and store.phone_owner("before") is None
    path = home / "games" / f"{name}.yaml"
    path.write_text(path.read_text().replace("phone-owner: Chloé", "phone-owner: [1, 2]"))
    refused = run("candidates", "--game", name)
    assert refused.exit_code != 0 and "phone-owner: expected the name of the player whose phone started this " \
                                      "sheet" in refused.stderr


def test_serve_with_no_game_yet_prints_the_tables_link_alone(run, home, monkeypatch):
    served = []
    monkeypatch.setattr(serve, "run", lambda store, links, bound, join=None: served.append((links, join)))
    monkeypatch.setattr(serve, "listening", lambda host, port: FakeSocket())
    result = run("serve", "--port", "9000")
    assert result.exit_code == 0, result.output
    assert "/g/" not in result.output and served[0][0] == [] and served[0][1] is not None
    assert re.search(r"^join \(the table: each phone starts its own sheet\): http://127\.0\.0\.1:9000/t/[\w-]{32}/$",
                     result.output, re.MULTILINE)
    french = run("--lang", "fr", "serve")
    assert re.search(r"^rejoindre \(la table\s: chaque téléphone commence sa propre feuille\)\s: http://",
                     french.output, re.MULTILINE)
    refused = one_plain_line(run("serve", "--allow", "quest"), 2)
    assert refused.startswith("error: --allow 'quest': phones start sheets of gnom-street, new-york")


class FakeSocket:
    def getsockname(self):
        return ("127.0.0.1", 9000)

    def close(self):
        pass


def test_the_table_screen_opened_on_a_phones_sheet_by_name_says_whose_it_is(store):
    from test_table import drive, screen_text

    from assistant.faces.table.screen import TableApp

    name = started_on_a_phone(store)
    shown = []

    async def look(pilot):
        shown.append(screen_text(pilot.app))

    drive(TableApp(Store(store.home), name), look, size=(140, 40))
    assert "Chloé's private sheet, started on their phone" in shown[0]


def test_a_damaged_table_file_is_said_on_the_laptop_never_a_path_to_a_phone(store, capfd):
    with Table(store) as table:
        tables.table_path(store, table.table.id).write_text("{damaged")
        for answer in (table.client.get(f"/t/{table.token}/"), table.client.get(f"/t/{table.token}/evening"),
                       table.new(CHLOE)):
            assert answer.status_code == 409 and str(store.home) not in answer.text
            assert answer.json()["refused"] == "the table cannot be read now: the laptop's terminal says why"
    assert "not a table file" in capfd.readouterr().err and store.game_names() == []


def test_serve_never_prints_a_phones_link_unless_its_sheet_is_named(store, run, monkeypatch):
    served = []
    monkeypatch.setattr(serve, "run", lambda store, links, bound, join=None: served.append(links))
    monkeypatch.setattr(serve, "listening", lambda host, port: FakeSocket())
    with Table(store) as table:
        link = table.new(CHLOE).json()["link"]
    result = run("serve")
    # what serve prints (a notice a thread of the table's page left running may write to the shared stderr)
    assert result.exit_code == 0 and link not in result.stdout and "Chloé" not in result.stdout
    assert f"/g/{served[0][0].token}/" == link  # served again at its own link, printed nowhere
    named = run("serve", "--game", "gnom-street-1")
    assert named.exit_code == 0
    assert "gnom-street-1 is Chloé's private sheet, started on their phone: shown here because it was asked for " \
           "by name" in named.output
