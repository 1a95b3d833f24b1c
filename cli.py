"""The ``assistant`` command: the app of the command line's face, and how it leaves.

The commands live in their areas' groups under ``assistant/faces/cli/`` (games, deduction, garden,
quest, tug, board, faces), declared once in the engine's command table
(``assistant.engine.commands``). ``app_for`` assembles the app for the words typed: the command's own
area only, or every area for help (``app``, the whole app). Every ``AssistantError`` and every usage
error becomes one line on stderr and an exit code (``ExitCode``: 0 done, 1 refused, 2 usage), never a
traceback (``assistant.faces.cli.group.OneLineErrors``).

Only typer, the standard library and the command table are imported here at start-up; the core (and
yaml, rich) load inside the command that needs them, so that a command at the table answers at once.
Nothing imports this module but the installed script and the tests.
"""

import gc

gc.disable()  # while Python reads the modules of start-up (typer's and these); enabled at the end of the module

import os  # noqa: E402  (after gc.disable: see above)
import sys  # noqa: E402

import typer  # noqa: E402, F401  (the one library of this face, imported first: see assistant.faces.cli)

from assistant.faces.cli import LONG_RUNNING, ExitCode, app_for, command_word, whole  # noqa: E402


def __getattr__(name: str) -> typer.Typer:
    """``cli.app``: the whole app, every area's module read (assembled once, on first use)."""
    if name == "app":
        return whole()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """The installed command. A one-shot command is over once its words are printed and its file
    renamed into place, so it runs without the cyclic garbage collector (reference counting still
    frees everything) and leaves without Python's tear-down of every module: both are a large share of
    a command's time at the table (benchmarks/README.md). The commands that stay open (LONG_RUNNING: a
    screen, a server) keep Python's usual garbage collection and exit."""
    args = sys.argv[1:]
    one_shot = command_word(args) not in LONG_RUNNING
    if one_shot:
        gc.disable()
    try:
        app_for(args)()
    except SystemExit as exit_:
        if not one_shot or not (exit_.code is None or isinstance(exit_.code, int)):
            raise
        _leave(exit_.code or 0)


def _leave(code: int) -> None:
    """Exit at once with ``code``, once what was printed has reached the terminal or the pipe.

    Nothing of ours waits for the interpreter's exit: saved games are written and renamed before the
    command returns, and no command leaves a thread or an exit handler behind."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (assistant history | head): nothing more can be said
            code = code or ExitCode.ERROR
    os._exit(code)


# The modules of start-up are read. Their objects live as long as the process: frozen, no collection
# looks at them again. Otherwise the first collection after gc.enable() would walk every object made
# while the collector was off (typer's, click's and ours), a large share of what a one-shot command runs
# beyond `import typer`, before main() turns the collector off again.
# A command that stays open (the screen, the server) collects as usual among the objects made after.
gc.freeze()
gc.enable()

if __name__ == "__main__":
    main()
