"""The boards: boards lists them; the group ``board`` shows, corrects, shares and verifies one."""

# The commands' annotations are read when Typer builds the one command typed, not when the module is read.
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from assistant.engine.i18n import N_, _, ngettext
from assistant.faces.cli.common import (
    YES,
    HtmlOption,
    SvgOption,
    echo_json,
    notice_if_unverified,
    show,
    store,
    write_file,
)
from assistant.faces.cli.group import declared, group

app = typer.Typer()  # holds the area's top-level commands; the command line picks them from it


board_app = group("board")
app.add_typer(board_app, name="board")


@declared(app, "boards")
def boards() -> None:
    flags = max(10, len(_("verified")), len(_("UNVERIFIED")))  # one word each: the columns split on spaces
    for info in store().boards():
        flag = _("verified") if info.verified else _("UNVERIFIED")
        origin = _("shipped") if info.origin == "shipped" else info.origin
        typer.echo(f"{info.name:<14} {flag:<{flags}} {origin:<8} {info.title}")


@declared(board_app, "board", "show")
def board_show(
    name: Annotated[str, typer.Argument(help=N_("Board name, e.g. gnom-street."))],
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the board as JSON."))] = False,
    svg: SvgOption = None,
    html: HtmlOption = None,
) -> None:
    chosen = store().board(name)
    if as_json:
        echo_json(chosen.describe())
        return
    from assistant.faces import pictures as render

    show(render.board(chosen), svg=svg, html=html)
    notice_if_unverified(chosen)  # under the picture, on a line of its own


@declared(board_app, "board", "export")
def board_export(
    name: Annotated[str, typer.Argument(help=N_("Board name."))],
    file: Annotated[Optional[str], typer.Argument(help=N_("The file to write (default: print it)."),
                                                  metavar=N_("[FILE]"))] = None,
) -> None:
    text = store().export_board(name)
    if file is None:
        typer.echo(text, nl=False)
        return
    write_file(file, text)
    typer.echo(_("saved {file}").format(file=file))


@declared(board_app, "board", "import")
def board_import(
    file: Annotated[str, typer.Argument(help=N_("A board file written by assistant board export."),
                                        metavar=N_("FILE"))],
    yes: Annotated[bool, typer.Option("--yes", "-y", "--oui", help=N_("Import without asking."))] = False,
) -> None:
    from assistant.engine.errors import InputError

    data = store()
    name, fix, changes = data.board_import_plan(Path(file))
    if not changes:
        typer.echo(_("nothing to change: your board {name} is already as {file} has it").format(name=name, file=file))
        return
    typer.echo(ngettext("{count} change to your board {name}:", "{count} changes to your board {name}:",
                        len(changes)).format(count=len(changes), name=name))
    for line in changes:
        typer.echo("  " + line)
    if not yes:
        try:
            answer = typer.prompt(_("take these corrections? [y/N]"), default="", show_default=False, err=True)
        except typer.Abort:
            typer.echo("", err=True)
            raise InputError(_("board {name} was not changed: answer y at the question, or add --yes")
                             .format(name=name)) from None
        if answer.strip().lower() not in YES:
            typer.echo(_("kept your board {name} as it was").format(name=name))
            return
    data.import_board(name, fix)
    typer.echo(_("imported {file} into your corrections of {name}").format(file=file, name=name))


@declared(board_app, "board", "set")
def board_set(
    name: Annotated[str, typer.Argument(help=N_("Board name."))],
    cell: Annotated[str, typer.Argument(help=N_("The cell to correct, e.g. C2."))],
    values: Annotated[list[str], typer.Argument(help=N_("terrain=gravel flowers=blue,yellow pond=no ..."),
                                                metavar=N_("ATTRIBUTE=VALUE..."))],
) -> None:
    from assistant.engine.board import cell_line

    corrected = store().correct_board(name, cell, list(values))
    typer.echo(cell_line(corrected, corrected.parse_cell(cell)))


@declared(board_app, "board", "reset")
def board_reset(
    name: Annotated[str, typer.Argument(help=N_("Board name."))],
    cell: Annotated[str, typer.Argument(help=N_("The corrected cell, e.g. C2."))],
) -> None:
    from assistant.engine.board import cell_line

    shipped = store().reset_board_cell(name, cell)
    typer.echo(cell_line(shipped, shipped.parse_cell(cell)))


@declared(board_app, "board", "verify")
def board_verify(name: Annotated[str, typer.Argument(help=N_("Board name."))]) -> None:
    store().verify_board(name)
    typer.echo(_("{board}: marked as verified by you").format(board=name))
