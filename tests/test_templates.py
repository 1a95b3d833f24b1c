"""The pages' HTML is written in templates (Jinja2, autoescape on), never in Python strings.

The phones' page (assistant/faces/web/templates) and the printed pages (assistant/faces/print/templates)
are drawn from templates, so that escaping cannot be forgotten: a name typed by a player is text, never
markup (tests/test_serve.py and tests/test_printing.py check what the pages show)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from assistant.faces import templating

ROOT = Path(__file__).resolve().parent.parent
FACES = ("assistant.faces.web", "assistant.faces.print")
# An HTML element's tag, opening or closing; '<str>' (a Typer placeholder) and '<Tab>' are no HTML.
TAG = re.compile(r"</?(?:!doctype|html|head|body|title|meta|link|script|style|header|main|section|div|span|p|a|b|i|"
                 r"em|strong|del|br|ul|ol|li|table|caption|tr|td|th|h[1-6]|button|input|label|form|img|svg)\b",
                 re.IGNORECASE)


def test_no_html_in_python():
    found = []
    for path in [ROOT / "cli.py", *sorted((ROOT / "assistant").rglob("*.py"))]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if TAG.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "HTML belongs in the faces' templates/:\n" + "\n".join(found)


@pytest.mark.parametrize("package", FACES)
def test_every_template_compiles_and_escapes_what_it_is_given(package):
    environment = templating.environment(package)
    names = environment.list_templates()
    assert names and all(name.endswith((".html", ".css")) for name in names)
    for name in names:
        environment.get_template(name)  # a syntax error fails here, naming the template
        assert environment.autoescape(name) == name.endswith(".html"), name  # select_autoescape
    said = environment.from_string("<p>{{ said }}</p>").render(said='<b onclick="x()">Ana</b> & Ben')
    assert said == "<p>&lt;b onclick=&#34;x()&#34;&gt;Ana&lt;/b&gt; &amp; Ben</p>"


def test_a_templates_words_are_said_in_the_language_spoken():
    from assistant.engine.i18n import speaking

    environment = templating.environment("assistant.faces.web")
    with speaking("fr"):
        assert environment.from_string('{{ _("history") }}').render() == "historique"
    assert environment.from_string('{{ _("history") }}').render() == "history"


def test_a_name_a_template_does_not_know_fails_instead_of_drawing_nothing():
    import jinja2

    with pytest.raises(jinja2.UndefinedError):
        templating.environment("assistant.faces.print").from_string("{{ nosuch }}").render()
