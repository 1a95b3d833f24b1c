"""The garden's own commands: the fight, the garden's pieces (miniature, cat, token, reveal,
loot, mole) and the tally.
"""

# The commands' annotations are read when Typer builds the one command typed, not when the module is read.
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from assistant.engine.i18n import N_
from assistant.faces.cli.common import (
    STEP_WORDS,
    GameOption,
    HtmlOption,
    SvgOption,
    deduction,
    echo_json,
    said,
    show,
    store,
)
from assistant.faces.cli.group import declared

app = typer.Typer()  # holds the area's top-level commands; the command line picks them from it


@declared(app, "fight")
def fight(
    values: Annotated[list[str], typer.Argument(help=N_("Each player's gnome card: me=5 red=3 ..."),
                                                metavar=N_("PLAYER=VALUE..."), autocompletion=STEP_WORDS)],
    throw: Annotated[Optional[str], typer.Option("--throw", "--lancer", help=N_(
        "The tied players, best gnome throw first: blue,Lea."))] = None,
    game: GameOption = None,
) -> None:
    from assistant.games.gnom_street import fight as rounds

    updated = store().update(game, lambda g: deduction(g).record(g.read("fight", list(values), {"throw": throw})))
    for line in rounds.read_back(updated, updated.entries()[-1]):
        typer.echo(line)


def _piece(game: Optional[str], verb: str, positional: list[str], **options) -> None:
    """Record a piece placed on the garden, then say where things stand."""
    updated = store().update(game, lambda g: deduction(g).record(g.read(verb, positional, options)))
    entry = updated.entries()[-1]
    typer.echo(f"{entry.number}. {said(updated, entry.event)}")
    for line in updated.told(entry):
        typer.echo(line)
    match = updated.match_score()
    if match:
        typer.echo(match)


PlayerArg = Annotated[str, typer.Argument(help=N_("me, or an opponent's name."))]


CellArg = Annotated[str, typer.Argument(help=N_("A garden cell, e.g. C3."))]


@declared(app, "miniature")
def miniature(player: PlayerArg, cell: CellArg,
              origin: Annotated[Optional[str], typer.Option("--from", "--depuis",
                                                            help=N_("Move it from this cell."))] = None,
              new_turn: Annotated[bool, typer.Option("--new-turn", "--nouveau-tour", help=N_(
                  "This miniature is the first of a new turn."))] = False,
              game: GameOption = None) -> None:
    _piece(game, "miniature", [player, cell], origin=origin, new_turn=new_turn)


@declared(app, "cat")
def cat(cell: CellArg,
        far: Annotated[bool, typer.Option("--three", "--trois", help=N_(
            "A gnome card moves it: up to 3 cells instead of 1."))] = False,
        game: GameOption = None) -> None:
    _piece(game, "cat", [cell], far=far)


@declared(app, "token")
def token(player: PlayerArg, cell: CellArg,
          kind: Annotated[Optional[str], typer.Argument(
              help=N_("mole or bait: yours are known, others' face down."))] = None,
          alex: Annotated[bool, typer.Option("--alex", help=N_("Card 7: on a free cell next to a miniature."))] = False,
          game: GameOption = None) -> None:
    _piece(game, "token", [player, cell, *([kind] if kind else [])], alex=alex)


@declared(app, "reveal")
def reveal(cell: CellArg,
           position: Annotated[str, typer.Argument(help=N_("The token's place in the stack, 1 for the bottom."))],
           kind: Annotated[str, typer.Argument(help=N_("mole or bait."))], game: GameOption = None) -> None:
    _piece(game, "reveal", [cell, position, kind])


@declared(app, "loot")
def loot(player: PlayerArg, cell: CellArg,
         replace: Annotated[bool, typer.Option("--replace", "--remplace", "--remplacer", help=N_(
             "The card recorded before for this player was misheard: this one stands instead."))] = False,
         game: GameOption = None) -> None:
    _piece(game, "loot", [player, cell], replace=replace)


@declared(app, "mole")
def mole(cell: CellArg,
         verdict: Annotated[str, typer.Argument(help=N_("found or missed (trouvé, raté)."))],
         by: Annotated[Optional[str], typer.Option("--by", "--par", "-p",
                                                   help=N_("Who placed it (default: me)."))] = None,
         next_mine: Annotated[Optional[str], typer.Option("--next-mine", "--prochain-butin",
                                                          help=N_("My loot cell for the next set."))] = None,
         game: GameOption = None) -> None:
    _piece(game, "mole", [cell, verdict], by=by, next_mine=next_mine)


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
    from assistant.faces import pictures as render
    from assistant.games.gnom_street import tally as gnom_tally

    data = store()
    if path is not None:
        from assistant.store import yamlfile

        result = gnom_tally.score_file(yamlfile.load(Path(path)), str(path), data.board(_tally_kind()),
                                       rules).settled(throw)
    else:
        if throw is not None:  # the throw is a step of the game: recorded once, then every face tells it
            loaded = data.update(game, lambda g: deduction(g).record(g.read("throw", [throw])))
        else:
            loaded = data.load(game)
        result = gnom_tally.score_game(loaded, rules)
    if as_json:
        echo_json(result.to_mapping())
        return
    show(render.tally_table(result), svg=svg, html=html)  # the verdict included, in the picture too


def _tally_kind() -> str:
    """The kind of the game whose end ``tally`` counts: the one that declares the command."""
    from assistant.engine import registry

    found = registry.declaring("tally")
    assert found is not None  # its game declares the command this module holds
    return found.kind
