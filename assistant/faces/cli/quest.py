"""The quest pad's commands: assistant quest new, deal, trick, ... (the group ``quest``, declared by its game)."""

# The commands' annotations are read when Typer builds the one command typed, not when the module is read.
from __future__ import annotations

from typing import Annotated, Optional

import typer

from assistant.engine.i18n import N_, _
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
    pad_rules,
    store,
)
from assistant.faces.cli.group import declared, group

GROUP = "quest"
app = typer.Typer()  # holds the area's group; the command line picks it from it
quest_app = group(GROUP)
app.add_typer(quest_app, name=GROUP)


@declared(quest_app, "quest", "new")
def quest_new(
    players: Annotated[str, typer.Option("--players", "--joueurs",
                                         help=N_("3 to 5 players in seating order, e.g. Ana,Ben,Cleo."))],
    name: Annotated[Optional[str], typer.Option("--name", "--nom",
                                                help=N_("The pad's name (default: its kind, numbered)."))] = None,
) -> None:
    from assistant.games.roi_des_nains import RoiGame

    data = store()
    game = data.create(RoiGame.new(name or pad_kind(GROUP), players.split(","), pad_rules(GROUP)),
                       numbered=name is None)
    typer.echo(_("new score pad {name}: {table}").format(name=game.name, table=game.table_said()))


@declared(quest_app, "quest", "list")
def quest_list(as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON."))] = False) -> None:
    from assistant.games.roi_des_nains import listing

    rules = pad_rules(GROUP)
    if as_json:
        echo_json([{"id": q.id, "name": q.name, "fr": q.fr, "rule": {q.primitive: q.spec}, "needs": q.needs,
                    "scores": q.scores(rules.face_value)} for q in rules.quests])
        return
    for line in listing(rules):
        typer.echo(line)


@declared(quest_app, "quest", "deal")
def quest_deal(
    quest: Annotated[str, typer.Argument(help=N_("The quest: tile and face (13A) or its name."),
                                         autocompletion=STEP_WORDS)],
    # each option's spellings are its step's (pads/roi/events.py; tests/test_i18n_pad_options.py); a required
    # option's French spelling comes last: a French refusal names it (usage_error)
    special: Annotated[str, typer.Option("--special", "--speciale", "--carte-speciale", "--carte-spéciale",
                                         "--spéciale",
                                         help=N_("The special card shuffled in, e.g. flag-bearer."),
                                         autocompletion=completer("--special"))],
    tricks: Annotated[Optional[str], typer.Option("--tricks", "--plis",
                                                  help=N_("Tricks per player: Ana=4,Ben=5,Cleo=4."))] = None,
    order: Annotated[Optional[str], typer.Option("--order", "--ordre",
                                                 help=N_("Each trick's winner, first to last: Ana,Ben,..."))] = None,
    won: Annotated[Optional[list[str]], typer.Option(
        "--won", "--gagne", "--remporte", "--remportees", "--remportées",
        help=N_("Cards a player won: Ana=Kg,Qb (repeat per player; NAME=rest: every card not listed)."))] = None,
    special_winner: Annotated[Optional[str], typer.Option("--special-winner", "--gagnant-special", "--gagnant-spécial",
                                                          help=N_("Who gets the special card's effect (or "
                                                                  "none)."))] = None,
    scout: Annotated[Optional[str], typer.Option("--scout", "--eclaireur", "--éclaireur",
                                                 help=N_("Who played the Scout and the faces in its trick: "
                                                         "Ana=2."))] = None,
    dealer_next: Annotated[Optional[str], typer.Option("--dealer-next", "--donneur-suivant", "--donneur",
                                                       help=N_("Who won the green 5 (deals next)."))] = None,
    replace: Annotated[Optional[str], typer.Option("--replace", "--remplace", "--remplacer",
                                                   help=N_("Correct deal N instead of adding one."))] = None,
    game: GameOption = None,
) -> None:
    from assistant.games.roi_des_nains import DealEvent

    def record(g):
        return pad(g, GROUP).record(DealEvent.build(
            g, quest, special, tricks=tricks, order=order, won=won or (), special_winner=special_winner,
            scout=scout, dealer_next=dealer_next, replace=replace))
    pad_report(store().update(game, record))


@declared(quest_app, "quest", "trick")
def quest_trick(
    words: Annotated[list[str], typer.Argument(help=N_("The leader, then each card in play order: Ana 5g 7g Kb."),
                                               metavar=N_("LEADER CARD..."), autocompletion=STEP_WORDS)],
    winner: Annotated[Optional[str], typer.Option("--winner", "--gagnant",
                                                  help=N_("Who won: refused unless the rules agree (or cannot "
                                                          "tell, in a saved step)."),
                                                  autocompletion=completer("--winner"))] = None,
    seating: Annotated[bool, typer.Option("--seating", "--seating-order", "--ordre-de-table", "--places",
                                          help=N_("The cards are in seating order (the order of "
                                                  "--players), not in play order."))] = False,
    replace: Annotated[Optional[str], typer.Option("--replace", "--remplace", "--remplacer",
                                                   help=N_("Correct trick N of the latest deal instead."))] = None,
    game: GameOption = None,
) -> None:
    from assistant.games.roi_des_nains import TrickEvent

    def record(g):
        return pad(g, GROUP).record(TrickEvent.build(g, words[0], words[1:], winner=winner, seating=seating,
                                                   replace=replace))
    updated = store().update(game, record)
    typer.echo(updated.trick_said(updated.events[-1].replaces))
    if updated.open_deal() is None or updated.events[-1].replaces is not None:
        pad_report(updated)


def _quest_move(game: Optional[str], build) -> None:
    """Record a hand change between two tricks (``build(g)`` makes the event), then say what moved."""
    updated = store().update(game, lambda g: pad(g, GROUP).record(build(g)))
    typer.echo(updated.move_said())


@declared(quest_app, "quest", "swap")
def quest_swap(player: Annotated[str, typer.Argument(help=N_("Who swaps hands with the Druid's player."),
                                                     autocompletion=STEP_WORDS)],
               game: GameOption = None) -> None:
    from assistant.games.roi_des_nains import SwapEvent

    _quest_move(game, lambda g: SwapEvent.build(g, player))


@declared(quest_app, "quest", "pass")
def quest_pass(direction: Annotated[str, typer.Argument(help=N_("left or right (gauche or droite)."),
                                                        autocompletion=STEP_WORDS)],
               game: GameOption = None) -> None:
    from assistant.games.roi_des_nains import PassEvent

    _quest_move(game, lambda g: PassEvent.build(g, direction))


@declared(quest_app, "quest", "take")
def quest_take(
    words: Annotated[list[str], typer.Argument(help=N_("Whose hand, then the cards taken: Cleo 3g 7r."),
                                               metavar=N_("NAME CARD..."), autocompletion=STEP_WORDS)],
    back: Annotated[str, typer.Option("--back", "--rendues", "--rend", help=N_("The cards given back: 2b,9g."))],
    by: Annotated[Optional[str], typer.Option("--by", "--par", "-p", help=N_(
        "Who takes: needed before the first trick (who holds the card); after its trick, whoever played it."),
        autocompletion=completer("--by"))] = None,
    game: GameOption = None,
) -> None:
    from assistant.games.roi_des_nains import TakeEvent

    _quest_move(game, lambda g: TakeEvent.build(g, words[0], words[1:], back, by))


@declared(quest_app, "quest", "take-back")
def quest_take_back(
    player: Annotated[str, typer.Argument(help=N_("Who holds the Sorcerer."), autocompletion=STEP_WORDS)],
    card: Annotated[str, typer.Argument(help=N_("The card of the trick just played they take back."))],
    game: GameOption = None,
) -> None:
    from assistant.games.roi_des_nains import TakeBackEvent

    _quest_move(game, lambda g: TakeBackEvent.build(g, player, card))


@declared(quest_app, "quest", "remove")
def quest_remove(number: Annotated[str, typer.Argument(help=N_("The deal number shown by assistant quest show."))],
                 game: GameOption = None) -> None:
    from assistant.games.roi_des_nains import DropEvent

    pad_report(store().update(game, lambda g: pad(g, GROUP).record(DropEvent.build(g, number))))


@declared(quest_app, "quest", "show")
def quest_show(game: GameOption = None, svg: SvgOption = None, html: HtmlOption = None) -> None:
    pad_report(pad(store().load(game), GROUP), svg, html)


@declared(quest_app, "quest", "export")
def quest_export(
    csv: Annotated[bool, typer.Option("--csv", help=N_("Comma-separated values."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("JSON."))] = False,
    game: GameOption = None,
) -> None:
    if as_json == csv:
        raise typer.BadParameter(_("choose one: --csv or --json"))
    current = pad(store().load(game), GROUP)
    if as_json:
        echo_json(current.score_sheet())
        return
    import csv as csv_module
    import io

    out = io.StringIO()
    csv_module.writer(out, lineterminator="\n").writerows(current.score_lines())
    typer.echo(out.getvalue(), nl=False)
