"""assistant serve, as any machine on the Wi-Fi reaches it: a real server, a plain HTTP client.

Security (README: Serving the phones): nothing of a game without its token, the same 404 for
every miss, tokens compared in constant time and never logged, one game per link, no file but
the page's own assets, bounded bodies and connections, entries as POSTs from the page's own
origin, new tokens at each start unless --keep-links, read-only table links for score pads."""

from __future__ import annotations

import html
import http.client
import json
import logging
import re
import socket
import time
from urllib.parse import urlsplit

import pytest
from conftest import game_file

from assistant.faces.web import serve
from assistant.store.folder import Store


def request(base: str, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
    """(status, headers, body) of one request."""
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def post(base: str, path: str, data: dict, headers: dict | None = None):
    status, __, body = request(base, "POST", path, json.dumps(data).encode(),
                               {"Content-Type": "application/json", **(headers or {})})
    return status, (json.loads(body) if body.startswith(b"{") else body)


@pytest.fixture
def garden_game(run, home):
    assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--name", "evening").exit_code == 0
    assert run("new", "gnom-street", "--opponents", "green", "--mine", "A1", "--name", "other").exit_code == 0
    return Store(home)


@pytest.fixture
def served(garden_game):
    links = serve.make_links(garden_game, ["evening"])
    with serve.serving(garden_game, links, watch_seconds=0.05) as base:
        yield base, links[0].token


def test_a_link_opens_its_game_with_the_sheet_read_out_in_words(served):
    base, token = served
    status, headers, body = request(base, "GET", f"/g/{token}/")
    page = body.decode()
    assert status == 200 and "evening" in page
    assert 'aria-label="B3, earth, flowers blue and yellow, possible"' in page
    assert 'aria-label="B2, pond"' in page and re.search(r'aria-label="C2, [^"]*, your loot"', page)
    assert headers["referrer-policy"] == "no-referrer" and headers["cache-control"] == "no-store"
    assert "default-src 'none'" in headers["content-security-policy"]


def test_every_miss_is_the_same_404_whether_or_not_a_game_exists(served):
    base, token = served
    wrong = serve.new_token()
    misses = [("GET", "/"), ("GET", "/g/"), ("GET", f"/g/{wrong}/"), ("GET", f"/g/{token[:-1]}/"),
              ("GET", f"/g/{token}x/"), ("GET", f"/g/{token.upper()}/"), ("POST", f"/g/{wrong}/step"),
              ("GET", f"/g/{token}/step"),  # an entry is a POST
              ("GET", f"/g/{token}/nosuch"), ("PUT", f"/g/{token}/"), ("DELETE", f"/g/{token}/"),
              ("GET", "/g/evening/"), ("GET", "/games/evening.yaml")]
    answers = {(method, path): request(base, method, path, b"{}" if method != "GET" else None)
               for method, path in misses}
    for (method, path), (status, unused, body) in answers.items():
        assert (status, body) == (404, serve.NOT_FOUND), (method, path)


def test_no_path_reaches_a_file_outside_the_pages_own_assets(served, home):
    base, token = served
    (home / "secret.txt").write_text("secret")
    for path in ["/static/../games/evening.yaml", "/static/%2e%2e/%2e%2e/pyproject.toml", "/static/..%2fserve.py",
                 "/static/page.js/../../serve.py", f"/g/{token}/../../games/evening.yaml", "/static/secret.txt",
                 "/static/%2Fetc%2Fpasswd", f"/g/{token}/%2e%2e/%2e%2e/secret.txt", "/etc/passwd"]:
        status, __, body = request(base, "GET", path)
        assert status == 404 and b"secret" not in body and b"import" not in body, path
    assert request(base, "GET", "/static/page.js")[0] == 200


def test_tokens_are_random_long_and_new_at_each_start_unless_kept(garden_game):
    first = serve.make_links(garden_game, ["evening", "other"])
    again = serve.make_links(garden_game, ["evening", "other"])
    kept = serve.make_links(garden_game, ["evening", "other"], keep=True)
    assert len({link.token for link in first + again}) == 4  # new ones each time, one per game
    assert [link.token for link in kept] == [link.token for link in again]
    import base64

    assert all(len(base64.urlsafe_b64decode(link.token + "==")) * 8 >= 128 for link in first)
    assert (garden_game.home / serve.LINKS_FILE).stat().st_mode & 0o077 == 0  # the owner's only


def test_tokens_are_compared_in_constant_time_each_of_them(monkeypatch):
    compared = []
    real = serve.hmac.compare_digest

    def spy(a, b):
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(serve.hmac, "compare_digest", spy)
    links = [serve.Link(serve.new_token(), name) for name in ("a", "b", "c")]
    assert serve.find_link(links, links[0].token) == links[0]  # found first, every other still compared
    assert len(compared) == 3
    assert serve.find_link(links, "x" * 32) is None and len(compared) == 6


def test_a_link_gives_its_own_game_only(garden_game, home):
    links = serve.make_links(garden_game, ["evening", "other"])
    before = game_file(home, "other")
    with serve.serving(garden_game, links, watch_seconds=0.05) as base:
        evening = links[0].token
        page = request(base, "GET", f"/g/{evening}/")[2].decode()
        assert "evening" in page and "other" not in page and "green" not in page
        status, answer = post(base, f"/g/{evening}/step", {"line": "clue area A2 yes -o green --game other"})
        assert "refused" in answer
        status, answer = post(base, f"/g/{evening}/step", {"line": "clue area A2 yes -o green"})
        assert "refused" in answer
    assert game_file(home, "other") == before


def test_an_entry_is_recorded_through_the_store_and_a_refusal_writes_nothing(served, home):
    base, token = served
    status, answer = post(base, f"/g/{token}/step", {"line": "clue area B3 no -o red"})
    assert status == 200 and answer["said"].startswith("1. clue area B3 red=no")
    assert "clue area B3 red=no" in game_file(home, "evening").decode()
    before = game_file(home, "evening")
    status, answer = post(base, f"/g/{token}/step", {"line": "clue area Z9 no -o red"})
    assert answer["refused"].startswith("refused (nothing written): ") and game_file(home, "evening") == before
    status, answer = post(base, f"/g/{token}/step", {"line": "undo"})
    assert answer["said"].startswith("took back 1.")


def test_a_post_from_another_sites_page_is_refused(served, home):
    base, token = served
    before = game_file(home, "evening")
    status, __ = post(base, f"/g/{token}/step", {"line": "clue area B3 no -o red"}, {"Origin": "http://evil.example"})
    assert status == 403 and game_file(home, "evening") == before


def test_request_bodies_are_bounded(served, home, monkeypatch):
    base, token = served
    before = game_file(home, "evening")
    huge = json.dumps({"line": "clue area B3 no -o red " + "x" * serve.MAX_BODY}).encode()
    assert request(base, "POST", f"/g/{token}/step", huge, {"Content-Type": "application/json"})[0] == 413
    # a body sent in chunks, without a length, is cut off at the bound too
    parts = urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    connection.request("POST", f"/g/{token}/step", body=iter([huge[:3000], huge[3000:]]),
                       headers={"Content-Type": "application/json"}, encode_chunked=True)
    assert connection.getresponse().status == 413
    connection.close()
    assert request(base, "POST", f"/g/{token}/step", b"not json")[0] == 400
    assert game_file(home, "evening") == before


def test_a_body_that_never_ends_frees_its_slot(served, monkeypatch):
    base, token = served
    monkeypatch.setattr(serve, "BODY_SECONDS", 0.3)
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as slow:
        slow.sendall(f"POST /g/{token}/step HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{{".encode())
        assert slow.recv(100).startswith(b"HTTP/1.1 400")


def test_a_flood_from_one_address_cannot_take_every_connection(served):
    base, token = served
    parts = urlsplit(base)
    streams = []
    try:
        for _ in range(serve.PER_ADDRESS):  # event streams stay open: each holds a slot
            stream = socket.create_connection((parts.hostname, parts.port), timeout=10)
            stream.sendall(f"GET /g/{token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
            assert stream.recv(100).startswith(b"HTTP/1.1 200")
            streams.append(stream)
        assert request(base, "GET", f"/g/{token}/")[0] == 503  # the next one from this address waits
    finally:
        for stream in streams:
            stream.close()
    deadline = time.monotonic() + 10
    while request(base, "GET", f"/g/{token}/")[0] != 200:  # the slots come back once the streams close
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert serve.config(serve.Server.__new__(serve.Server), "127.0.0.1", 1).limit_concurrency == serve.MAX_CONNECTIONS


def test_tokens_are_never_logged(garden_game, caplog, capfd):
    links = serve.make_links(garden_game, ["evening"])
    caplog.set_level(logging.DEBUG)
    with serve.serving(garden_game, links, watch_seconds=0.05) as base:
        token = links[0].token
        request(base, "GET", f"/g/{token}/")
        post(base, f"/g/{token}/step", {"line": "clue area B3 no -o red"})
        post(base, f"/g/{token}/step", {"line": "clue nonsense"})
        request(base, "GET", f"/g/{token}x/")
    out, err = capfd.readouterr()
    assert token not in caplog.text and token not in out and token not in err


def test_a_change_made_elsewhere_reaches_the_event_stream(served, run):
    base, token = served
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as stream:
        stream.sendall(f"GET /g/{token}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        first = stream.recv(1000)
        assert b"text/event-stream" in first
        assert run("clue", "area", "A2", "no", "-o", "blue", "--game", "evening").exit_code == 0
        seen = b""
        while b"data: " not in seen.split(b"\r\n\r\n", 1)[-1].replace(first, b""):
            seen += stream.recv(1000)
    view = json.loads(request(base, "GET", f"/g/{token}/view")[2])
    assert "clue area A2 blue=no" in view["html"]


def test_the_page_speaks_the_browsers_language(served):
    base, token = served
    page = request(base, "GET", f"/g/{token}/", headers={"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8"})[2].decode()
    assert '<html lang="fr">' in page and "Enregistrer" in page and "herbe" in page
    assert serve.request_language("de-DE,en;q=0.5,fr;q=0.7") == "fr"
    assert serve.request_language("en-GB,fr;q=0.9") == "en" and serve.request_language(None) == "en"
    assert serve.request_language("fr;q=0, de") == "en"  # q=0: not French
    status, answer = post(base, f"/g/{token}/complete", {"line": "indice "}, {"Accept-Language": "fr"})
    assert "zone" in answer["choices"] and "ligne-de-vue" in answer["choices"] and answer["slot"] == "kind"


def test_a_score_pad_records_from_the_scorekeepers_link_only(run, home):
    assert run("quest", "new", "--players", "Ana,Ben,Cleo").exit_code == 0
    store = Store(home)
    name = store.current_name()
    links = serve.make_links(store, [name])
    keeper, table = links
    assert keeper.keeper and not table.keeper
    with serve.serving(store, links, watch_seconds=0.05) as base:
        before = game_file(home, name)
        status, __ = post(base, f"/g/{table.token}/step",
                          {"line": "deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4"})
        assert status == 403 and game_file(home, name) == before
        assert "read-only" in request(base, "GET", f"/g/{table.token}/")[2].decode()
        status, answer = post(base, f"/g/{keeper.token}/step",
                              {"line": "deal 7A --special druid --tricks Ana=5,Ben=4,Cleo=4"})
        assert "said" in answer, answer
        assert "deal 7A" in request(base, "GET", f"/g/{table.token}/view")[2].decode()


class FakeSocket:
    def __init__(self, host, port):
        self.address = (host, port)

    def getsockname(self):
        return self.address


def test_a_port_taken_is_one_line_before_any_link(run, home):
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2", "--name", "evening").exit_code == 0
    taken = serve.listening("127.0.0.1", 0)
    try:
        taken.listen()
        result = run("serve", "--port", str(taken.getsockname()[1]))
    finally:
        taken.close()
    assert result.exit_code == 1 and "http://" not in result.output
    assert result.output.startswith("error: cannot listen on port ") and result.output.count("\n") == 1


def test_serve_prints_each_link_with_its_qr_code_and_listens_where_asked(run, home, monkeypatch):
    assert run("new", "gnom-street", "--opponents", "red", "--mine", "C2", "--name", "evening").exit_code == 0
    listened = []
    monkeypatch.setattr(serve, "run", lambda store, links, bound: listened.append((*bound.getsockname()[:2], links)))
    monkeypatch.setattr(serve, "listening", lambda host, port: FakeSocket(host, port))
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    result = run("serve", "--port", "9000")
    assert result.exit_code == 0, result.output
    token = listened[0][2][0].token
    assert f"evening (private sheet): http://127.0.0.1:9000/g/{token}/" in result.output
    assert "▀" in result.output or "▄" in result.output  # the QR code
    assert listened[0][:2] == ("127.0.0.1", 9000)
    result = run("serve", "--lan", "--game", "evening", "--keep-links")
    assert f"http://192.168.1.20:8765/g/{token}/" in result.output and listened[1][0] == "0.0.0.0"
    assert run("serve", "--game", "nosuch").exit_code != 0


def test_what_players_typed_is_shown_as_text_never_as_markup(run, home):
    assert run("new", "new-york", "--name", "city").exit_code == 0
    clue = run("clue", "north-of", "4", "--card", 'informant <script>alert("x")</script>', "--game", "city")
    assert clue.exit_code == 0
    store = Store(home)
    links = serve.make_links(store, ["city"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        page = request(base, "GET", f"/g/{links[0].token}/")[2].decode()
    # never markup, and shown as the text typed (however the template's autoescape spells its entities)
    assert "<script>alert" not in page and "&lt;script&gt;alert(" in page
    assert 'informant <script>alert("x")</script>' in html.unescape(page)


def test_kept_links_are_never_read_through_a_symbolic_link(garden_game, tmp_path):
    first = serve.make_links(garden_game, ["evening"])
    planted = tmp_path / "planted.json"
    planted.write_text(json.dumps([{"token": "A" * 32, "game": "evening", "keeper": True}]))
    links_file = garden_game.home / serve.LINKS_FILE
    links_file.unlink()
    links_file.symlink_to(planted)
    kept = serve.make_links(garden_game, ["evening"], keep=True)
    assert kept[0].token not in ("A" * 32, first[0].token)


def test_the_page_says_what_they_know_of_my_loot(run, home):
    """Issue 27: 'the maps of what they know about me, when those exist, in panels' (the screen's words)."""
    for name in ("quiet", "asked"):
        assert run("new", "gnom-street", "--opponents", "red,blue", "--mine", "C2", "--name", name).exit_code == 0
    assert run("asked", "area", "C1", "--by", "red", "--aloud", "--game", "asked").exit_code == 0
    assert run("asked", "area", "B1", "--by", "red", "--game", "asked").exit_code == 0
    store = Store(home)
    links = serve.make_links(store, ["quiet", "asked"])
    with serve.serving(store, links, watch_seconds=0.05) as base:
        quiet, asked = (request(base, "GET", f"/g/{link.token}/")[2].decode() for link in links)
    assert "what they know of your loot" not in quiet  # no question put to me yet: no panel
    assert "their maps of your loot: red" in asked
    assert "<strong>warning: red" in asked  # two answers leave red 3 cells or fewer: said loud
