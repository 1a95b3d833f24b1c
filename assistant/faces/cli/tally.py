"""The end-of-game tally (``tally``) of the game that declares it: it scores a file (through the game's
``tally-file`` hook) or the current game (``contract.Tallies``) and draws the tally's table."""

# The commands' annotations are read when Typer builds the one command typed, not when the module is read.
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from assistant.engine.i18n import N_
from assistant.faces.cli.common import (
    GameOption,
    HtmlOption,
    SvgOption,
    deduction,
    echo_json,
    show,
    store,
    update,
)
from assistant.faces.cli.group import declared

app = typer.Typer()  # holds the area's top-level commands; the command line picks them from it


@declared(app, "tally")
def tally(
    path: Annotated[Optional[str], typer.Argument(help=N_("A YAML file describing a game played without the log."),
                                                  metavar=N_("[FILE]"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False,
    rules: Annotated[str, typer.Option("--rules", "--regles", "--règles", help=(
        N_("fr or en: the rule book to follow where they differ (which Moles a bottom Bait catches: "
        "fr the opposing ones, en all; a Mole after the third on a loot: fr 0, en 3). Default fr: the "
        "French rules are the original.")))] = "fr",
    throw: Annotated[Optional[str], typer.Option("--throw", "--lancer", help=N_(
        "Who won the gnome throw that settles a tied tally (recorded in the game: throw NAME)."))] = None,
    game: GameOption = None,
    svg: SvgOption = None,
    html: HtmlOption = None,
) -> None:
    from assistant.engine.errors import InputError
    from assistant.faces import pictures as render
    from assistant.faces.ending import no_tally

    data = store()
    if path is not None:
        from assistant.store import yamlfile

        declared = _tallying()
        result = declared.hook("tally-file")(yamlfile.load(Path(path)), str(path), data.board(declared.kind),
                                             rules).settled(throw)
    else:
        from assistant.engine.contract import Tallies

        loaded = data.load(game)
        if not isinstance(loaded, Tallies):
            raise InputError(no_tally(loaded))
        if throw is not None:  # the throw is a step of the game: recorded once, then every face tells it
            loaded = update(game, lambda g: deduction(g).record(g.read("throw", [throw])))
        result = loaded.tally(rules)
    if as_json:
        echo_json(result.to_mapping())
        return
    show(render.tally_table(result), svg=svg, html=html)  # the verdict included, in the picture too


def _tallying():
    """The game whose end ``tally`` counts: the one that declares the command."""
    from assistant.engine import registry

    found = registry.declaring("tally")
    assert found is not None  # its game declares the command this module holds
    return found
