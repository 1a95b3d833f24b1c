"""The phones' page of a table's sheets: an entry tapped on one phone reaches the other sheets of the table, the
phone that recorded it is told what another sheet disagreed with, the phone asked is shown what it disagreed
with, a retry records once, and Undo takes back every copy. A real server, a plain HTTP client."""

from __future__ import annotations

import html
import json
import time

import pytest
from tabled import killed_writing, sheet_name, sit, steps
from test_serve import post, request

from assistant.faces.web import serve
from assistant.store.folder import Store


@pytest.fixture
def phones(store):
    """The three sheets of one table, each served at its own link: player -> (base, token)."""
    sit(store)
    names = [sheet_name(player) for player in ("Léa", "Chloé", "Ben")]
    links = serve.make_links(store, names)
    with serve.serving(store, links, watch_seconds=0.05) as base:
        yield {player: (base, link.token) for player, link in zip(("Léa", "Chloé", "Ben"), links, strict=True)}


def tap(phones, player: str, line: str, entry: str) -> dict:
    base, token = phones[player]
    status, answer = post(base, f"/g/{token}/step", {"line": line, "id": entry})
    assert status == 200, answer
    return answer


def view(phones, player: str) -> str:
    base, token = phones[player]
    status, unused, body = request(base, "GET", f"/g/{token}/view")
    assert status == 200
    return json.loads(body)["html"]


def test_a_question_tapped_once_reaches_the_sheet_asked_and_a_misheard_answer_shows_on_both_phones(phones, home):
    answer = tap(phones, "Léa", "clue area A2 Chloé=yes", "tap-00000001")
    assert "Chloé's sheet answers no: check what you heard" in answer["said"]
    assert "D3" not in answer["said"]  # Chloé's loot stays hers
    store = Store(home)
    assert steps(store, "Chloé") == [("asked area A2 no --by Léa", False)] and steps(store, "Ben") == []
    told = view(phones, "Chloé")
    assert "Léa recorded yes to area A2, and your loot answers no: check what was heard" in told
    assert 'role="alert"' in told
    assert "asked area A2" not in view(phones, "Ben")


def test_the_phone_asked_is_told_in_its_own_language_whatever_the_language_of_the_phone_that_entered_it(phones):
    # Léa's phone speaks English, Chloé's French: each is told in its own
    answer = tap(phones, "Léa", "clue area A2 Chloé=yes", "tap-00000005")
    assert "Chloé's sheet answers no: check what you heard" in answer["said"]
    base, token = phones["Chloé"]
    status, unused, body = request(base, "GET", f"/g/{token}/view", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert status == 200
    told = json.loads(body)["html"]
    assert "Léa a noté oui à zone A2, et votre butin répond non\u00a0: vérifiez ce qui a été entendu" in told
    assert "check what was heard" not in told
    assert "Léa recorded yes to area A2" in view(phones, "Chloé")  # the same sheet on an English phone


def test_a_copy_a_sheet_refuses_is_told_on_both_phones_each_in_its_own_language(phones, home):
    store = Store(home)
    store.update(sheet_name("Ben"), lambda game: game.record(game.read_step("cat F1")))  # on Ben's sheet alone
    answer = tap(phones, "Léa", "miniature me F1", "tap-00000006")
    assert "Ben's sheet refused it: the cat is on F1" in answer["said"]
    base, token = phones["Ben"]
    status, unused, body = request(base, "GET", f"/g/{token}/view", headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    assert status == 200
    told = html.unescape(json.loads(body)["html"])
    assert "l'entrée de Léa n'a pas été notée sur votre feuille\u00a0: le chat est sur F1" in told
    assert "Léa's entry was not recorded on your sheet: the cat is on F1" in html.unescape(view(phones, "Ben"))
    assert steps(store, "Ben") == [("cat F1", False)]


def test_a_retry_records_once_everywhere_and_undo_takes_back_every_copy(phones, home):
    first = tap(phones, "Léa", "clue area C3 Chloé=yes --aloud", "tap-00000002")
    again = tap(phones, "Léa", "clue area C3 Chloé=yes --aloud", "tap-00000002")
    assert again["said"] == first["said"] and again.get("repeat")
    store = Store(home)
    assert [len(steps(store, player)) for player in ("Léa", "Chloé", "Ben")] == [1, 1, 1]
    tap(phones, "Léa", "retract 1", "undo-of-1")
    assert [steps(store, player)[0][1] for player in ("Léa", "Chloé", "Ben")] == [True, True, True]


def test_an_entry_from_one_phone_shows_on_the_other_phones_at_once(phones, home):
    base, token = phones["Ben"]
    before = json.loads(request(base, "GET", f"/g/{token}/view")[2])["version"]
    tap(phones, "Chloé", "miniature me F1", "tap-00000003")
    deadline = time.monotonic() + 5
    while json.loads(request(base, "GET", f"/g/{token}/view")[2])["version"] == before:
        assert time.monotonic() < deadline, "Ben's page never saw Chloé's miniature"
        time.sleep(0.01)
    assert "miniature Chloé F1" in view(phones, "Ben")


def test_the_server_completes_at_start_what_a_crash_left_half_spread(store, home):
    sit(store)
    killed_writing(store, "Léa", "miniature me F1", "tap-00000004")
    fresh = Store(home)
    links = serve.make_links(fresh, ["ben"])
    with serve.serving(fresh, links, watch_seconds=0.05) as base:
        status, unused, body = request(base, "GET", f"/g/{links[0].token}/view")
        assert status == 200 and "miniature Léa F1" in json.loads(body)["html"]
    assert steps(Store(home), "Ben") == [("miniature Léa F1", False)]
