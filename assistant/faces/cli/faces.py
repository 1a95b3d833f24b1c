"""The commands that open another face: table (the table screen), serve (the phones' page), print
(printed pages), replay (a scenario, step by step).
"""

# The commands' annotations are read when Typer builds the one command typed, not when the module is read.
from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from assistant.engine.i18n import N_, _, ngettext
from assistant.faces.cli.common import (
    GameOption,
    deduction,
    show,
    store,
    their_maps_if_asked,
    write_file,
)
from assistant.faces.cli.group import ExitCode, declared, group

app = typer.Typer()  # holds the area's top-level commands; the command line picks them from it


REPLAY_WIDTH = None  # the terminal's (80 when piped): every picture fits down to 80 columns


@declared(app, "replay")
def replay(
    path: Annotated[str, typer.Argument(help=N_("A scenario file, or a folder of them."), metavar=N_("PATH"))],
    check: Annotated[bool, typer.Option("--check", "--verifier", "--vérifier",
                                        help=N_("Verify every expectation; stop at the first mismatch."))] = False,
    step: Annotated[bool, typer.Option("--step", "--etape", "--étape", "--pas-a-pas", "--pas-à-pas",
                                       help=N_("Wait for Enter between steps."))] = False,
) -> None:
    data = store()
    if Path(path).is_dir():  # paths stay text for Typer: its Path type stats them, and a NUL byte raises
        _replay_folder(data, Path(path))
        return
    from assistant.engine import scenario
    from assistant.faces import pictures as render

    loaded = data.scenario(Path(path))
    board = getattr(loaded.game, "board", None)
    show(render.heading(ngettext("{title} ({kind}, {count} steps)", "{title} ({kind}, {count} steps)",
                                 len(loaded.steps)).format(title=loaded.title, kind=loaded.game.kind,
                                                           count=len(loaded.steps))), REPLAY_WIDTH)
    for outcome in scenario.run(loaded):
        played: Any = outcome.game  # a game of any kind
        show(render.step_line(outcome), REPLAY_WIDTH)
        if check and outcome.mismatches:
            show(render.diagnostic(outcome), REPLAY_WIDTH)
            raise typer.Exit(ExitCode.ERROR)
        if outcome.refused is not None:
            pass
        elif board is None:
            show(render.pad(played), REPLAY_WIDTH)
            for line in played.status():
                typer.echo(line)
        else:
            closed = {item: played.closed(item) for item in played.items}
            show(render.sheet(played.sheet(), closed, theirs=their_maps_if_asked(played)), REPLAY_WIDTH)
        if step:
            try:
                input(_("(Enter for the next step) "))
            except EOFError:
                step = False
    if check:
        typer.echo(ngettext("ok: every expectation of {path} holds ({count} steps)",  # "1 steps": as always
                            "ok: every expectation of {path} holds ({count} steps)", len(loaded.steps)).format(
            path=path, count=len(loaded.steps)))


def _replay_folder(data, folder: Path) -> None:
    from assistant.engine import scenario
    from assistant.engine.errors import AssistantError

    files = sorted(folder.glob("*.yaml"))
    if not files:
        raise typer.BadParameter(_("no .yaml scenario in {folder}").format(folder=folder))
    failed = 0
    for file in files:
        try:
            loaded = data.scenario(file)
            outcomes = list(scenario.run(loaded))
        except AssistantError as error:
            failed += 1
            typer.echo(_("FAIL {file}: {error}").format(file=file.name, error=error))
            continue
        bad = next((o for o in outcomes if o.mismatches), None)
        if bad is None:
            typer.echo(ngettext("ok   {file} ({count} steps)", "ok   {file} ({count} steps)", len(outcomes)).format(
                file=file.name, count=len(outcomes)))
        else:
            failed += 1
            typer.echo(_("FAIL {file}: step {number} ({step}): {mismatch}").format(
                file=file.name, number=bad.step.number, step=bad.step.text, mismatch=bad.mismatches[0]))
    typer.echo(_("{passed} passed, {failed} failed").format(passed=len(files) - failed, failed=failed))
    if failed:
        raise typer.Exit(ExitCode.ERROR)


print_app = group("print")
app.add_typer(print_app, name="print")


PrintFile = Annotated[Optional[str], typer.Option("--html", help=N_(
    "The HTML page to write (default: NAME-sheet.html or NAME-pad.html in this folder)."), metavar=N_("FILE"))]


PadPlayers = Annotated[Optional[str], typer.Option("--players", "--joueurs", help=N_(
    "How many players (their names written by hand), or their names: 4, or Ana,Ben,Cleo,Dan."))]


def _save_page(text: str, file: str) -> None:
    write_file(file, text)
    typer.echo(_("saved {file}: open it and print it on A4").format(file=file))


@declared(print_app, "print", "sheet")
def print_sheet(
    board: Annotated[Optional[str], typer.Argument(help=N_("Board name, e.g. gnom-street (not with --game)."))] = None,
    players: Annotated[Optional[str], typer.Option("--players", "--joueurs", help=N_(
        "How many play, you included: one sheet per opponent (default 4)."))] = None,
    opponents: Annotated[Optional[str], typer.Option("--opponents", "--adversaires", help=N_(
        "Or the opponents' names, one sheet each: red,blue,yellow."))] = None,
    game: GameOption = None,
    html: PrintFile = None,
) -> None:
    from assistant.engine.errors import InputError
    from assistant.faces.print import printing

    data = store()
    if game is not None or board is None:
        chosen = deduction(data.load(game))
        _save_page(printing.sheet_page(chosen.board, [], chosen), html or f"{chosen.name}-sheet.html")
        return
    plan = data.board(board)
    if not plan.per_opponent:
        if players is not None or opponents is not None:
            raise InputError(_("{board} has one hidden {noun} for the whole table: give neither --players nor "
                               "--opponents").format(board=plan.name, noun=plan.local_noun))
        sheets: list[str | None] = list(plan.hidden_items)
    else:
        from assistant.games.deduction import MAX_OPPONENTS

        most = plan.max_opponents or MAX_OPPONENTS  # the garden's box holds four gangs
        if opponents is not None:
            if players is not None:
                raise InputError(_("give --players (how many play) or --opponents (their names), not both"))
            sheets = printing.player_list(opponents, 1, most, 3, "--opponents")
        else:
            if players is not None and not players.strip().isdigit():
                raise InputError(_("--players {players}: how many play, a number; name the opponents with "
                                   "--opponents").format(players=repr(players[:40])))
            sheets = printing.player_list(players, 2, most + 1, min(4, most + 1))[1:]
    _save_page(printing.sheet_page(plan, sheets), html or f"{plan.name}-sheet.html")


@declared(print_app, "print", "pad")
def print_pad(
    kind: Annotated[Optional[str], typer.Argument(help=N_("The score pad's kind (not with --game)."))] = None,
    players: PadPlayers = None,
    game: GameOption = None,
    html: PrintFile = None,
) -> None:
    from assistant.engine import registry
    from assistant.engine.errors import InputError
    from assistant.faces.print import printing

    printed = registry.printed_pads()
    data = store()
    if game is not None or kind is None:
        loaded = data.load(game)
        if registry.of_game(loaded) not in printed:
            raise InputError(_("game {name} has no printed page: print pad prints {kinds}").format(
                name=loaded.name, kinds=", ".join(each.kind for each in printed)))
        rules = data.pad_rules(data.pad_class(loaded.kind))
        _save_page(printing.pad_page([], rules, loaded), html or f"{loaded.name}-pad.html")
        return
    found = next((each for each in printed if each.named_by(kind)), None)
    if found is None:
        raise InputError(_("no printed pad for {kind}: expected one of {kinds}").format(
            kind=repr(kind), kinds=", ".join(each.kind for each in printed)))
    page = found.page
    assert page is not None  # printed_pads are those that declare a page
    rules = data.pad_rules(data.pad_class(found.kind))
    _save_page(printing.pad_page(printing.player_list(players, page.least, page.most, page.default), rules,
                                 declared=found), html or f"{found.kind}-pad.html")


@declared(app, "table")
def table(
    game: GameOption = None,
    board: Annotated[Optional[str], typer.Option("--board", "--plateau",
                                                 help=N_("Open on this board's set-up from the box, e.g. "
                                                         "gnom-street."))] = None,
) -> None:
    from assistant.engine.errors import InputError

    data = store()
    if board is not None:
        data.board(board)  # an unknown board: one line now, not a refusal inside the screen
    if board is None or game is not None:
        data.resolve(game)  # no game: one line now, rather than an empty screen
    if not (sys.stdin.isatty() and sys.stdout.isatty()):  # a pipe cannot take keys: one line, not a spinning screen
        raise InputError(_("the table screen needs a terminal (its keys and its screen); in a script, use the "
                           "commands themselves (assistant clue ...)"))
    from assistant.faces.table import screen

    closing = screen.run(data, game, board)
    if closing:
        typer.echo(closing)


@declared(app, "serve")
def serve(
    game: Annotated[Optional[list[str]], typer.Option("--game", "-g", "--partie", help=N_(
        "A game to serve (repeat for several; default: the current one)."))] = None,
    lan: Annotated[bool, typer.Option("--lan", "--reseau", "--réseau", help=N_(
        "Listen on this machine's network address, so that phones on the same Wi-Fi connect."))] = False,
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help=N_("The port to listen on."))] = 8765,
    keep_links: Annotated[bool, typer.Option("--keep-links", "--garder-liens", help=N_(
        "Keep the links of the last start (else every start makes new ones)."))] = False,
    allow: Annotated[Optional[list[str]], typer.Option("--allow", "--autoriser", help=N_(
        "A kind of sheet the phones may start from the table's link (repeat for several; default: every "
        "kind of sheet)."), metavar=N_("KIND"))] = None,
    most: Annotated[int, typer.Option("--most", "--au-plus", min=0, max=500, help=N_(
        "At most this many sheets started from phones while serving (0: none)."))] = 12,
    keeper_phone: Annotated[bool, typer.Option("--keeper-phone", "--marqueur-telephone", "--marqueur-téléphone",
                                               help=N_("The first phone that opens the score pad from the table's "
                                                       "link keeps the score (else the phones follow it, "
                                                       "read-only)."))] = False,
    new_table: Annotated[bool, typer.Option("--new-table", "--nouvelle-table", help=N_(
        "Start a new table (else the table of the last start goes on, if it started less than 12 hours "
        "ago)."))] = False,
) -> None:
    from assistant.faces.web import join
    from assistant.faces.web import serve as web
    from assistant.store.files import hold_caches, release_caches
    from assistant.store.games import private_line

    data = store()
    data.tell_private = False  # the pages show each game to its own link; the laptop says whose below
    # Until the links are made, as a one-shot command: a refused start leaves no cache entry behind
    # (its refusal drops them: group._command_ended).
    hold_caches()
    rules = join.Rules(join.allowed_kinds(allow), most, keeper_phone)
    if game:
        names = list(dict.fromkeys(data.resolve(name) for name in game))
    else:  # the current game, if there is one and no phone's private sheet; else the table's link alone
        current = data.resolve(None) if data.current_name() is not None else None
        names = [current] if current is not None and data.phone_owner(current) is None else []
    host = web.lan_address() if lan else "127.0.0.1"
    try:  # the port first: a port taken is one line, before any link is printed
        bound = web.listening("0.0.0.0" if lan else host, port)
    except OSError as error:
        from assistant.engine.errors import AssistantError

        raise AssistantError(_("cannot listen on port {port} ({reason}): give another with --port").format(
            port=port, reason=error.strerror or error)) from None
    links = web.make_links(data, names, keep_links)
    table = join.open_table(data, names, new_table)
    token = join.join_token(data, table.id, keep_links)
    release_caches(True)
    for link in links:
        owner = data.phone_owner(link.name)
        role = (_("scorekeeper") if link.keeper else _("table, read-only")) if web.is_pad(data.load(link.name)) \
            else _("private sheet")
        typer.echo(_("{game} ({role}): {url}").format(game=link.name, role=role, url=web.url(host, port, link)))
        if owner is not None:  # named on the command line: its link is shown, and said to be that player's
            typer.echo(private_line(link.name, owner))
        typer.echo(web.qr_text(web.url(host, port, link)))
    typer.echo(_("join (the table: each phone starts its own sheet): {url}").format(url=join.url(host, port, token)))
    typer.echo(web.qr_text(join.url(host, port, token)))
    typer.echo(_("serving on {host}:{port}; Ctrl+C stops").format(host=host, port=port))
    if lan and host == "127.0.0.1":
        typer.echo(_("no network address found: only this machine can connect"), err=True)
    web.run(data, links + join.phone_links(data, table), bound, join=join.desk(table.id, token, rules))
    typer.echo(_("stopped serving"))
