"""The HTML faces' templates: one Jinja2 environment per face that draws pages.

The phones' page (``faces/web``) and the printed pages (``faces/print``) write their HTML in
Jinja2 templates kept in their own ``templates/`` folder, never in Python strings: autoescape is on
for every ``.html`` template, so a name a player typed cannot become markup, whatever the template
forgets. Only those two faces import this module, and they import it inside the commands that
draw (jinja2 costs the other commands nothing at start-up).

The templates speak through ``_`` (the same gettext as the code: Babel extracts the messages of
both, README: Translations) and show text read from files or typed through ``printable``.
"""

from __future__ import annotations

import functools

import jinja2

from assistant.engine.errors import printable
from assistant.engine.i18n import _, ngettext


@functools.cache
def environment(package: str) -> jinja2.Environment:
    """The environment of ``package``'s ``templates/`` folder (read from the installed package, so a
    wheel draws what the checkout draws); made once, and its templates compiled once."""
    made = jinja2.Environment(
        loader=jinja2.PackageLoader(package, "templates"),
        autoescape=jinja2.select_autoescape(["html"], default_for_string=True),
        # A block tag's line leaves nothing behind: the templates are indented for people, the
        # HTML keeps the spacing of inline runs (a cell's marks) exactly as written.
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,  # a misspelt name fails the tests instead of drawing nothing
        auto_reload=False,  # the installed templates do not change under a running server
    )
    made.globals.update(_=_, ngettext=ngettext)
    made.filters["printable"] = printable
    return made


def render(package: str, name: str, **context) -> str:
    """Template ``name`` of ``package``'s face, drawn with ``context`` in the language spoken now."""
    return environment(package).get_template(name).render(context)
