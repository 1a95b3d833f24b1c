"""The player's language: the French catalogue is whole and current, and the language is chosen
as README "Languages" says (--lang, else ASSISTANT_LANG, else the locale, else English)."""

from __future__ import annotations

import functools
import gettext
import re
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.engine import i18n

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "assistant" / "locale" / "fr" / "LC_MESSAGES" / "assistant.po"
MO = PO.with_suffix(".mo")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def marked_messages() -> set:
    """Every message the code and the pages' templates mark for translation, as Babel extracts it (babel.cfg)."""
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT, method_map=[("cli.py", "python"), ("assistant/**.py", "python"),
                              ("assistant/**/templates/**.html", "jinja2")]):
        found.add(message)
    return found


def catalogue():
    with open(PO, "rb") as source:
        return read_po(source, locale="fr")


def forms(value) -> tuple:
    return value if isinstance(value, tuple) else (value,)


def test_every_marked_message_has_its_french():
    translated = {m.id: m for m in catalogue() if m.id}
    missing = [message for message in marked_messages()
               if not all(forms(getattr(translated.get(message), "string", "")))]
    assert not missing, (f"{len(missing)} messages without French (README: Translations): "
                         f"{sorted(missing, key=str)[:10]}")
    fuzzy = [m.id for m in catalogue() if m.id and m.fuzzy]
    assert not fuzzy, f"fuzzy (unchecked) translations: {fuzzy[:10]}"


def test_the_catalogue_holds_no_message_the_code_no_longer_says():
    stale = {m.id for m in catalogue() if m.id} - marked_messages()
    assert not stale, f"translations of messages no longer in the code: {sorted(stale, key=str)[:10]}"


def test_each_translation_keeps_the_placeholders_of_its_message():
    # A French text naming another placeholder would fail at .format() in front of the player.
    for message in catalogue():
        if not message.id:
            continue
        wanted = set(PLACEHOLDER.findall(" ".join(forms(message.id))))
        for text in forms(message.string):
            assert set(PLACEHOLDER.findall(text)) == wanted, (message.id, text)


def test_the_catalogue_read_on_demand_says_what_gettext_says():
    """i18n.Catalogue finds each message by binary search: every message of the shipped catalogue, in
    every number, reads as the standard reader reads it, and so do texts it does not hold."""
    standard, ours = both_catalogues()
    keys = list(standard._catalog)
    assert len(keys) > 1000
    for key in keys:
        message = key[0] if isinstance(key, tuple) else key
        assert ours.gettext(message) == standard.gettext(message), message
        for count in range(4):
            assert ours.ngettext(message, "others", count) == standard.ngettext(message, "others", count), message
    for text in ("", "A", "zzz", "\x00", keys[5] + " ", keys[5][:-1], "\uffff"):
        assert ours.gettext(text) == standard.gettext(text)
        assert ours.ngettext(text, "plural", 2) == standard.ngettext(text, "plural", 2)


def test_the_catalogue_reads_its_numbers_alike_on_a_big_endian_machine(monkeypatch):
    """On a little-endian machine the catalogue reads its table in place; elsewhere it decodes each number. Both
    find every message."""
    standard, in_place = both_catalogues()
    monkeypatch.setattr(sys, "byteorder", "big")
    decoded = i18n.Catalogue(MO.read_bytes())
    assert isinstance(decoded._places, list) and not isinstance(in_place._places, list)
    assert list(decoded._places) == list(in_place._places)
    for key in list(standard._catalog)[::7]:
        message = key[0] if isinstance(key, tuple) else key
        assert decoded.gettext(message) == standard.gettext(message), message


@settings(max_examples=100)  # the catalogue is looked up the same way whatever the text: 100 are plenty
@given(st.text(max_size=40))
def test_a_text_the_catalogue_does_not_hold_stays_as_it_is(text):
    standard, ours = both_catalogues()
    assert ours.gettext(text) == standard.gettext(text)
    assert ours.ngettext(text, text + "s", 2) == standard.ngettext(text, text + "s", 2)


@functools.cache
def both_catalogues() -> tuple[gettext.GNUTranslations, i18n.Catalogue]:
    with open(MO, "rb") as compiled:
        return gettext.GNUTranslations(compiled), i18n.Catalogue(MO.read_bytes())


def test_the_shipped_mo_is_compiled_from_the_po():
    with open(MO, "rb") as compiled:
        shipped = gettext.GNUTranslations(compiled)._catalog
    expected = {}
    for message in catalogue():
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            for index, text in enumerate(message.string):
                expected[(message.id[0], index)] = text
        else:
            expected[message.id] = message.string
    shipped = {key: value for key, value in shipped.items() if key != ""}
    assert shipped == expected, "assistant.mo is stale: compile it again (README: Translations)"


@pytest.mark.parametrize("given, environ, spoken", [
    ("fr", {"ASSISTANT_LANG": "en", "LANG": "en_GB.UTF-8"}, "fr"),
    (None, {"ASSISTANT_LANG": "fr", "LANG": "en_GB.UTF-8"}, "fr"),
    (None, {"ASSISTANT_LANG": "EN", "LC_ALL": "fr_FR.UTF-8"}, "en"),
    (None, {"LC_ALL": "fr_CA.UTF-8", "LC_MESSAGES": "en_US", "LANG": "en_US"}, "fr"),
    (None, {"LC_MESSAGES": "fr_BE@euro", "LANG": "en_US"}, "fr"),
    (None, {"LANG": "fr_FR.UTF-8"}, "fr"),
    (None, {"LC_ALL": "", "LANG": "fr"}, "fr"),
    (None, {"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR"}, "en"),   # the first locale set decides
    (None, {"LANG": "C.UTF-8"}, "en"),
    (None, {"ASSISTANT_LANG": " ", "LANG": "fr_FR"}, "fr"),
    (None, {}, "en"),
])
def test_the_language_is_lang_then_assistant_lang_then_the_locale_then_english(given, environ, spoken):
    assert i18n.choose(given, environ) == spoken


@pytest.mark.parametrize("given, environ", [("de", {}), ("", {}), (None, {"ASSISTANT_LANG": "klingon"})])
def test_a_language_asked_for_by_name_and_not_spoken_is_refused(given, environ):
    with pytest.raises(i18n.UnknownLanguage, match="fr .*en"):
        i18n.choose(given, environ)


def test_french_counts_zero_and_one_alike():
    i18n.use("fr")
    assert [i18n._now()[1].plural(n) for n in (0, 1, 2)] == [0, 0, 1]


def test_help_speaks_the_language_asked_for(run, monkeypatch):
    assert "Show this message and exit." in run("clue", "-h").output
    french = run("clue", "-h", "--lang", "fr").output
    assert "Affiche cette aide et quitte." in french and "Utilisation\u00a0: " in french  # the no-break space kept
    monkeypatch.setenv("ASSISTANT_LANG", "fr")
    assert "Affiche cette aide" in run("--lang=fr", "undo", "-h").output
    assert "Affiche cette aide" in run("undo", "-h").output
    assert "Show this message" in run("undo", "-h", "--lang", "en").output


def test_the_locale_decides_when_nothing_else_does(run, monkeypatch):
    monkeypatch.delenv("ASSISTANT_LANG")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert "Affiche cette aide" in run("undo", "-h").output


@pytest.mark.parametrize("words", [("--lang", "de", "games"), ("games", "--lang"), ("--lang", "--json", "games")])
def test_a_wrong_lang_is_one_line(run, words):
    result = run(*words)
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("error: ") and "fr" in result.output


def test_every_scenario_holds_when_replayed_in_french(run):
    """A scenario's expected refusals are English text; in French they are checked against the
    English of the same refusal, and the player reads the French one."""
    result = run("--lang", "fr", "replay", str(ROOT / "scenarios"))
    assert result.exit_code == 0, result.output
    result = run("--lang", "fr", "replay", str(ROOT / "scenarios" / "gnom-undo-retract.yaml"))
    assert "75 Gnom' Street\u00a0: annuler et retirer" in result.output  # the scenario's own title, typeset
    assert "rien à annuler" in result.output


@pytest.mark.parametrize("words", [("--lang", "de", "games"), ("games", "--lang")])
def test_a_language_that_cannot_be_spoken_is_refused_in_the_locales(run, monkeypatch, words):
    monkeypatch.delenv("ASSISTANT_LANG")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    result = run(*words)
    assert result.exit_code == 2 and result.output.startswith("erreur : --lang ") and "langue" in result.output


def test_speaking_holds_in_its_own_thread_alone():
    # The phones' server records one phone's entry in a worker thread while its loop answers another phone.
    import threading

    heard: list[str] = []
    inside, leave = threading.Event(), threading.Event()

    def worker() -> None:
        with i18n.speaking("fr"):
            inside.set()
            leave.wait(10)
            heard.append(i18n._("Record"))

    thread = threading.Thread(target=worker)
    thread.start()
    inside.wait(10)
    assert i18n.language() == "en" and i18n._("Record") == "Record"  # this thread speaks the process's language
    with i18n.speaking("en"):
        leave.set()
        thread.join(10)
    assert heard == ["Enregistrer"] and i18n.language() == "en"
    i18n.use("fr")  # the process's language, for every thread not in a ``speaking`` block
    assert i18n._("Record") == "Enregistrer"
