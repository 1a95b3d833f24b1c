"""The rope tracker's commands (the group ``tug``, declared by its game)."""

# The commands' annotations are read when Typer builds the one command typed, not when the module is read.
from __future__ import annotations

from typing import Annotated, Optional

import typer

from assistant.engine.i18n import N_, _, ngettext
from assistant.faces.cli.common import (
    STEP_WORDS,
    GameOption,
    HtmlOption,
    SvgOption,
    completer,
    echo_json,
    pad,
    pad_kind,
    pad_report,
    store,
)
from assistant.faces.cli.group import declared, group

GROUP = "tug"


app = typer.Typer()  # holds the area's group; the command line picks it from it
tug_app = group(GROUP)
app.add_typer(tug_app, name=GROUP)


ByOption = Annotated[Optional[str], typer.Option("--by", "--par", help=N_("Who plays (default: whose turn it is)."),
                                                 autocompletion=completer("--by"))]


def _tug_move(game: Optional[str], build) -> None:
    """Record the move ``build(match)`` makes on the match (refused: nothing written), then show the rope."""
    updated = store().update(game, lambda g: g.record(build(pad(g, GROUP))))
    pad_report(updated)


@declared(tug_app, "tug", "new")
def tug_new(
    sides: Annotated[str, typer.Option("--sides", "--camps",
                                       help=N_("Two players, or two teams: Ana,Ben or Ana+Cleo,Ben+Dan."))],
    counters: Annotated[bool, typer.Option("--counters", "--contres",
                                           help=N_("Play with contre, sur-contre, sur-sur-contre."))] = False,
    starts: Annotated[Optional[str], typer.Option("--starts", "--commence",
                                                  help=N_("Who plays first (the smallest player; default: the "
                                                          "first named)."))] = None,
    name: Annotated[Optional[str], typer.Option("--name", "--nom",
                                                help=N_("The match's name (default: its kind, numbered)."))] = None,
    flagstones: Annotated[Optional[str], typer.Option("--flagstones", "--dalles", help=N_(
        "The flagstones of the path in your box, both sides together (default: 16, unverified)."))] = None,
) -> None:
    from assistant.games.oh_les_nains.rope import TugGame

    data = store()
    game = data.create(TugGame.new(name or pad_kind(GROUP), sides.split(","), counters, starts, flagstones),
                       numbered=name is None)
    if game.flagstones is None:
        typer.echo(ngettext("notice: the path of {count} flagstone ({half} a side) is unverified: from public "
                            "sources, check your box; if yours differs: assistant tug new --flagstones N",
                            "notice: the path of {count} flagstones ({half} a side) is unverified: from public "
                            "sources, check your box; if yours differs: assistant tug new --flagstones N",
                            game.path).format(
            count=game.path, half=game.path // 2), err=True)
    typer.echo(_("new match {name}: {first} against {second}; order {order}").format(
        name=game.name, first=game.side_name(0), second=game.side_name(1), order=", ".join(game.order)))
    for line in game.status():
        typer.echo(line)


@declared(tug_app, "tug", "gnome")
def tug_gnome(
    card: Annotated[str, typer.Argument(help=N_("The card's colour, or multi."), autocompletion=STEP_WORDS)],
    chosen: Annotated[Optional[str], typer.Argument(help=N_("The colour placed (multicolour, or none of the "
                                                            "card's left)."),
                                                    autocompletion=STEP_WORDS)] = None,
    by: ByOption = None, game: GameOption = None,
) -> None:
    from assistant.games.oh_les_nains.rope import Gnome

    _tug_move(game, lambda match: Gnome.build(match, card, chosen, by))


@declared(tug_app, "tug", "pull")
def tug_pull(
    zero: Annotated[Optional[list[str]], typer.Option("--zero", "--zéro",
                                                      help=N_("Colours worth 0, e.g. green (repeat or join with "
                                                              "commas)."))] = None,
    two: Annotated[Optional[list[str]], typer.Option("--two", "--deux",
                                                     help=N_("Colours worth 2, e.g. blue,yellow (repeat or join "
                                                             "with commas)."))] = None,
    by: ByOption = None, game: GameOption = None,
) -> None:
    from assistant.games.oh_les_nains.rope import Pull

    _tug_move(game, lambda match: Pull.build(match, zero, two, by))


@declared(tug_app, "tug", "squirrels")
def tug_squirrels(count: Annotated[str, typer.Argument(help=N_("1, 2 or 3 squirrels."), autocompletion=STEP_WORDS)],
                  by: ByOption = None,
                  game: GameOption = None) -> None:
    from assistant.games.oh_les_nains.rope import Squirrels

    _tug_move(game, lambda match: Squirrels.build(match, count, by))


@declared(tug_app, "tug", "exchange")
def tug_exchange(by: ByOption = None, game: GameOption = None) -> None:
    from assistant.games.oh_les_nains.rope import Exchange

    _tug_move(game, lambda match: Exchange.build(match, by))


CounterCard = Annotated[str, typer.Argument(help=N_("The card: the countered colour, or multi."),
                                            autocompletion=STEP_WORDS)]


CounterColour = Annotated[Optional[str], typer.Argument(help=N_("With multi: the colour countered (default: the "
                                                                "move's)."),
                                                        autocompletion=STEP_WORDS)]


def _counter(game: Optional[str], level: int, card: str, chosen: Optional[str], by: Optional[str]) -> None:
    from assistant.games.oh_les_nains.rope import Counter

    _tug_move(game, lambda match: Counter.build(match, level, card, chosen, by))


@declared(tug_app, "tug", "contre")
def tug_contre(card: CounterCard, chosen: CounterColour = None, by: ByOption = None, game: GameOption = None) -> None:
    _counter(game, 1, card, chosen, by)


@declared(tug_app, "tug", "sur-contre")
def tug_sur_contre(card: CounterCard, chosen: CounterColour = None, by: ByOption = None,
                   game: GameOption = None) -> None:
    _counter(game, 2, card, chosen, by)


@declared(tug_app, "tug", "sur-sur-contre")
def tug_sur_sur_contre(card: CounterCard, chosen: CounterColour = None, by: ByOption = None,
                       game: GameOption = None) -> None:
    _counter(game, 3, card, chosen, by)


@declared(tug_app, "tug", "starts")
def tug_starts(player: Annotated[str, typer.Argument(help=N_("The player who plays the round's first card."))],
               game: GameOption = None) -> None:
    from assistant.games.oh_les_nains.rope import Starts

    _tug_move(game, lambda match: Starts.build(match, player))


@declared(tug_app, "tug", "show")
def tug_show(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None,
             as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False) -> None:
    match = pad(store().load(game), GROUP)
    if as_json:
        echo_json(match.describe())
        return
    pad_report(match, svg, html)
