"""The command table: every command declared once, and its grammar on the table screen.

``COMMANDS`` names each command of the command line ('clue', 'quest deal'), the area that holds it and
its help (the English text, which the catalogue keys on); ``ALIASES`` gives its French words. The
command line's groups (``assistant/faces/cli/<area>.py``), the table screen's completion and its
checks are built from them. Reading the table costs no more than the grammar: the command line reads
it at every start to import only the area of the command typed.

A step of the game has its ``Form`` in its game (the deduction core, the garden, the pads); a command of the
command line ('tally', 'new gnom-street --opponents red,blue', 'board set gnom-street C2
terrain=gravel') has one too, built here from the command line's own parameters (``command_params`` of
``assistant.faces.cli``: plain data, so that no word is typed twice) and the French command words.
``Table`` is the grammar's Speaker for the table screen: the game's steps, then these commands, each slot
offering only the values its place takes (the cells of the board named, the boards and games that
exist, the game's players), in the language spoken. The phones' page keeps to the game's steps.
"""

from __future__ import annotations

# The command line reads this module at every start: its records are plain classes, cheaper to create than
# a NamedTuple (start-up's budget: benchmarks/README.md).
from collections.abc import Iterable, Sequence, Set
from itertools import combinations
from typing import TYPE_CHECKING

from assistant.engine import grammar, registry
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import MORE, OPTIONAL, Form, Option
from assistant.engine.i18n import DEFAULT, N_, _, language
from assistant.engine.registry import Command
from assistant.engine.words import french_word, hint, key, shown

if TYPE_CHECKING:  # the store is handed in: the engine imports no store
    from assistant.store.folder import Store


# The engine's own commands, every game's; each game's own rows (its group, its steps) are declared by its
# package (``GameType.commands``) and gathered from the registry when a command not of these is asked for.
OWN: tuple[Command, ...] = (
    Command(("new",), "games", N_(
        "Start a game and make it current.\n\n"
        "Example: assistant new gnom-street --opponents red,blue,yellow --mine C2 --me "
        "Lea")),
    Command(("games",), "games", N_(
        "List saved games: board or pad, players, entries, last change; the current one "
        "is marked with *.")),
    Command(("archive",), "games", N_(
        "Archive a game: games no longer lists it (games --archived does), the statistics "
        "still count it, and it stays saved, so --game NAME still reaches it.\n\n"
        "Example: assistant archive friday; assistant archive friday --undo")),
    Command(("stats",), "games", N_(
        "Statistics across saved games: per player, games played, finished and won; then what each "
        "kind of game keeps: a score pad's mean points per quest face and special card, and the faces each "
        "chose; a garden's sets won and the mean turns to find a loot (a turn is one question I asked, "
        "counted until my sheet kept one cell for that opponent); a rope's rounds.\n\n"
        "Example: assistant stats --player Ana --since 2026-11-01")),
    Command(("delete",), "games", N_(
        "Delete a saved game for good (asks first, unless --yes).\n\n"
        "Example: assistant delete friday --yes")),
    Command(("rename",), "games", N_(
        "Give a saved game another name (it stays current if it was).\n\n"
        "Example: assistant rename gnom-street-1 friday")),
    Command(("use",), "games", N_(
        "Make NAME the current game.")),
    Command(("clue",), "deduction", N_(
        "Record a clue heard at the table.\n\n"
        "Kinds: area (zone), line-of-sight (ligne-de-vue), flower (fleur) on the garden; "
        "north-of, south-of, east-of, west-of, row (ligne, line), column, at, in, near, "
        "next-to, within N, has ATTR=VALUE on the city. Distances count king steps: "
        "next-to C3 is the 8 cells around C3 (diagonals count, C3 itself not); within N "
        "C3 is every cell at most N steps from C3, C3 included (dans-un-rayon-de N).\n\n"
        "On the city a card's statement holds unless followed by no; in manhattan,bronx "
        "(any list of districts) says the thief is in one of them (with no: in none); "
        "--card starts with the kind of card, informant or expert (informateur), then "
        "what you like: --card 'informant 3'.\n\n"
        "Example: assistant clue line-of-sight B3 yes --opponent red")),
    Command(("asked",), "deduction", N_(
        "A question put to me: print the answer to give (from my loot, --mine) and record "
        "who heard it.\n\n"
        "Only the asker learns the answer, unless it is said aloud (--aloud: the megaphone, "
        "a 'pipelette'): then every opponent does. Their maps of my loot: assistant sheet "
        "--theirs.\n\n"
        "Example: assistant asked area B3 --by red --aloud")),
    Command(("undo",), "deduction", N_(
        "Take back the latest entry still standing (repeat to go further back).")),
    Command(("retract",), "deduction", N_(
        "Take back entry NUMBER (it stays in the history, struck out).")),
    Command(("recover",), "games", N_(
        "Restore a damaged game's last good state (the damaged file is kept beside it, under a "
        "name of its own). A game that loads is left as it is.")),
    Command(("sheet",), "deduction", N_(
        "Draw each opponent's sheet: crossed cells, ponds, what is left (--odds: a heat "
        "map; --theirs: beside them, each opponent's map of my loot).\n\n"
        "Each cell shows its terrain and flowers (the city: district, pictograms, kind) "
        "as marks the legend explains. --svg/--html FILE also save the picture to share.")),
    Command(("candidates",), "deduction", N_(
        "List the cells still possible for each opponent.\n\n"
        "--json prints {\"red\": [\"A1\", ...], ...}; with --odds, {\"candidates\": {...}, "
        "\"odds\": {\"red\": {\"A1\": 0.25, ...}}, \"method\": \"...\"}; with --theirs, each "
        "opponent's cells for my loot: {\"red\": [\"C2\", ...], ...}.")),
    Command(("suggest",), "deduction", N_(
        "Advise my turn from the tokens left: which to take, where my miniature goes, "
        "whom to ask what.\n\n"
        "Best first. With tokens short, by the turns each question saves, later turns' tokens "
        "drawn at random. On a board without questions (the city): the likeliest cells and what "
        "accusing risks.\n\n"
        "Example: assistant suggest --left grass,wood --actions area,flower --ask red")),
    Command(("moles",), "deduction", N_(
        "Where my next Mole is worth most now (expected points from the exact odds), and "
        "where a Bait misleads most.\n\n"
        "Every cell, best first; the cells a token of mine may go on now are marked (my "
        "miniatures; card 7: a free cell next to one). A face-down token on a stack counts "
        "as a Mole.\n\n"
        "Example: assistant moles --json")),
    Command(("review",), "deduction", N_(
        "Go through the game: each question asked, what it gave, and the best question "
        "then.")),
    Command(("history",), "deduction", N_(
        "Number the recorded entries; taken-back ones are shown struck out with "
        "(retracted).")),
    Command(("explain",), "deduction", N_(
        "Say which clues ruled CELL out, or why it is still possible.")),
    Command(("replay",), "faces", N_(
        "Replay a scenario, showing the sheet after each step; a folder gets one verdict "
        "per file.\n\n"
        "Example: assistant replay scenarios/gnom-two-player-set.yaml --check")),
    Command(("export",), "games", N_(
        "Print a game's log as a scenario (YAML), to replay or import elsewhere; or a finished "
        "play as BG Stats imports it (--bgstats, --bgstats-link).\n\n"
        "Example: assistant export friday --bgstats")),
    Command(("import",), "games", N_(
        "Turn a scenario into a saved game and make it current.")),
    Command(("boards",), "board", N_(
        "List the shipped boards and your own board files.")),
    Command(("table",), "faces", N_(
        "Open the table screen: the game stays in front of you, one line takes each "
        "step.\n\n"
        "Type the words of the commands without 'assistant' (clue area B3 yes -o red, "
        "trick Ana 5g 7g Kb, undo); Tab completes, F1 lists the words. Every entry is "
        "saved at once.\n\n"
        "Example: assistant table")),
    Command(("serve",), "faces", N_(
        "Serve games to the phones at the table: each game at its own secret link, printed "
        "with its QR code, until Ctrl+C.\n\n"
        "A score pad gets two links: the scorekeeper's, which records, and the table's, "
        "read-only. Only this machine can connect unless --lan is given.\n\n"
        "Beside them, one link for the table (join): from it each phone starts its own private "
        "sheet, its loot tapped on that phone alone, and opens the score pad. With no game yet, "
        "the table's link is the only one: the evening begins there.\n\n"
        "Example: assistant serve --game friday --lan")),
    Command(("board",), "board", N_(
        "Show, correct and verify boards.")),
    Command(("board", "show"), "board", N_(
        "Draw a board (terrain, flowers, ponds: marks and colours), or "
        "print it as JSON.\n\n"
        "Example: assistant board show gnom-street --svg garden.svg")),
    Command(("board", "export"), "board", N_(
        "Write the board as you have it (your corrections, and whether you "
        "verified it) in one YAML file, for another owner's assistant board import.\n\n"
        "Example: assistant board export gnom-street garden.yaml")),
    Command(("board", "import"), "board", N_(
        "Take another owner's board file (from assistant board export) as your "
        "corrections: shows what changes and asks first, unless --yes.\n\n"
        "Example: assistant board import garden.yaml")),
    Command(("board", "set"), "board", N_(
        "Correct one cell from your own box (saved in your data folder, not "
        "the shipped file).\n\n"
        "Example: assistant board set gnom-street C2 terrain=gravel "
        "flowers=blue,yellow")),
    Command(("board", "reset"), "board", N_(
        "Take back your correction of one cell: the cell is as shipped again.\n\n"
        "Example: assistant board reset gnom-street C2")),
    Command(("board", "verify"), "board", N_(
        "Record that you checked the board against your own box.")),
    Command(("print",), "faces", N_(
        "Printable A4 pages for a table short of the booklet: "
        "investigation sheets, score pads.")),
    Command(("print", "sheet"), "faces", N_(
        "An A4 page of blank investigation sheets, one per opponent, on your board "
        "(your corrections included); with --game, that game's sheets as they stand.\n\n"
        "Example: assistant print sheet gnom-street --players 4")),
    Command(("print", "pad"), "faces", N_(
        "An A4 score pad, for a pad that prints one: its rounds, each player's points and "
        "total; with --game, that pad as it stands.\n\n"
        "Example: assistant print pad roi-des-nains --players 4")),
)
OWN_DECLARED = {command.words: command for command in OWN}


# French command words, accepted and never listed: the table speaks both languages. The games' own words
# come with their commands (``Command.french``).
OWN_ALIASES = {"indice": "clue", "feuille": "sheet", "annuler": "undo", "retirer": "retract",
               "historique": "history", "expliquer": "explain", "suggerer": "suggest", "suggérer": "suggest",
               "candidats": "candidates", "jeux": "games", "parties": "games", "supprimer": "delete",
               "renommer": "rename", "nouvelle": "new", "nouveau": "new", "utiliser": "use",
               "revue": "review", "exporter": "export",
               "importer": "import", "recuperer": "recover", "récupérer": "recover", "plateaux": "boards",
               "plateau": "board",
               "statistiques": "stats", "imprimer": "print", "rejouer": "replay", "servir": "serve", "carnet": "pad",
               "archiver": "archive", "montrer": "show",
               # what they know about me, my moles
               "question": "asked", "taupes": "moles",
               # inside board
               "corriger": "set", "verifier": "verify", "vérifier": "verify", "reinitialiser": "reset",
               "réinitialiser": "reset", "remettre": "reset"}

_GATHERED: list = []  # the whole table once gathered: (the registry's generation, (rows, by words, French words))


def _gathered() -> tuple[tuple[Command, ...], dict[tuple[str, ...], Command], dict[str, str]]:
    """The engine's rows, then each registered game's, and every French word: gathered once, on first need."""
    registered = registry.registered()  # the games found first: their registering changes the generation
    if _GATHERED and _GATHERED[0][0] != registry.generation():
        _GATHERED.clear()  # a game was registered or taken out since (a test's own)
    if not _GATHERED:
        rows = list(OWN)
        aliases = dict(OWN_ALIASES)
        for game in registered:
            for row in game.commands:
                if row.words not in OWN_DECLARED and all(row.words != each.words for each in rows):
                    rows.append(row)
                for word in row.french:
                    aliases.setdefault(word, row.words[-1])
        _GATHERED.append((registry.generation(), (tuple(rows), {row.words: row for row in rows}, aliases)))
    return _GATHERED[0][1]


def forget() -> None:
    """Gather the table again on next need (a test registered or took out a game of its own)."""
    _GATHERED.clear()


def __getattr__(name: str):
    """``COMMANDS`` (every row, the games' included), ``DECLARED`` (by words) and ``ALIASES`` (every French
    word): the whole table, gathered from the registry when first asked for."""
    names = ("COMMANDS", "DECLARED", "ALIASES")
    if name in names:
        return _gathered()[names.index(name)]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def aliases() -> dict[str, str]:
    """Every French command word (the games' included) -> its English word."""
    return _gathered()[2]


def own_row(words: tuple[str, ...]) -> bool:
    """Whether command ``words`` is one of the engine's own rows (not a game's)."""
    return words in OWN_DECLARED


def help_of(*words: str) -> str:
    """The help of command (or group) ``words``, as declared (English; translated where shown)."""
    found = OWN_DECLARED.get(words)
    return found.help if found is not None else _gathered()[1][words].help


def area_of(word: str) -> str | None:
    """The area of the top-level command or group ``word`` (in English), None for no command."""
    found = OWN_DECLARED.get((word,)) or _gathered()[1].get((word,))
    return found.area if found is not None else None


def english(word: str) -> str:
    """A command word in English: its French word ('indice', 'plateau') is its English command."""
    word = word.lower()
    if (word,) in OWN_DECLARED:
        return word
    return OWN_ALIASES.get(word) or _gathered()[2].get(word, word)


def command_groups() -> tuple[str, ...]:
    """The groups of commands ('board', 'quest', 'tug', 'print'), in the table's order."""
    return tuple(dict.fromkeys(command.words[0] for command in _gathered()[0] if len(command.words) > 1))


def command_names(group: str | None = None) -> tuple[str, ...]:
    """The commands of ``group`` ('quest': 'new', 'list', ...), or the top-level commands (groups left out)."""
    if group is None:
        return tuple(command.words[0] for command in _gathered()[0]
                     if len(command.words) == 1 and command.words[0] not in command_groups())
    return tuple(command.words[1] for command in _gathered()[0]
                 if len(command.words) == 2 and command.words[0] == group)


# The slot of each parameter of a command, by its name; OVERRIDES where a command gives the name
# another meaning; FREE: the words the command reads itself (no values to offer). A new parameter in none of
# them fails tests/test_table.py until its slot is chosen.
SLOTS = {"board": "board", "name": "game", "old": "game", "game": "game", "path": "file", "file": "file",
         "svg": "file", "html": "file", "cell": "cell", "opponent": "opponent", "ask": "opponent",
         "rules": "rules", "kind": "game-kind", "player": "player", "left": "terrains", "actions": "actions",
         "mine": "board-cell", "values": "board-value"}
OVERRIDES: dict[tuple[str, ...], dict[str, str]] = {
    ("new",): {"name": "new-name"}, ("import",): {"name": "new-name"}, ("rename",): {"new": "new-name"},
    ("board", "set"): {"name": "board", "cell": "board-cell"},
    ("board", "reset"): {"name": "board", "cell": "corrected-cell"},
    **{("board", verb): {"name": "board"} for verb in ("show", "export", "verify")},
    ("print", "pad"): {"kind": "pad-kind"}}
FREE = {"opponents": "names", "me": "name", "players": "names", "since": "date", "top": "number", "port": "number"}
# The slots whose word must be one of their values (checked before the command runs); the others take
# words the command itself reads (a list 'red,blue', 'terrain=gravel').
CLOSED = ("board", "game", "board-cell", "corrected-cell", "rules", "game-kind", "pad-kind", "cell", "opponent")
HELP = Option("help", ("--help", "-h"))  # every command's help, printed on the screen as on the command line
# The slots of the commands (the others are the game's: cell, opponent, player), named in the help and
# in refusals; those of a board named in the command are answered from that board (values_here).
OWN_SLOTS = ("board", "game", "file", "rules", "game-kind", "pad-kind", "terrains", "actions", "board-cell",
             "corrected-cell", "board-value", "new-name", "names", "name", "sides", "number", "date", "command")
SLOT_WORDS = (N_("board"), N_("game"), N_("file"), N_("rules"), N_("terrains"), N_("actions"), N_("names"), N_("name"),
              N_("sides"), N_("number"), N_("date"), N_("command"))  # as said (slot_said); the others: SHOWN
OF_THE_BOARD_NAMED = ("board-cell", "corrected-cell", "board-value")
SHOWN = {"board-cell": N_("cell"), "corrected-cell": N_("corrected cell"), "board-value": N_("attribute=value"),
         "new-name": N_("new name"), "game-kind": N_("kind"), "pad-kind": N_("pad")}  # the others: their name


class Param:
    """A parameter of a command, as ``command_params`` of ``assistant.faces.cli`` gives it."""

    __slots__ = ("name", "spellings", "flag", "required", "repeat")

    def __init__(self, name: str, spellings: tuple[str, ...], flag: bool, required: bool, repeat: bool) -> None:
        self.name, self.spellings, self.flag = name, spellings, flag  # spellings: () for a positional word
        self.required, self.repeat = required, repeat


def slot_of(words: Sequence[str], param: str) -> str | None:
    """The slot of parameter ``param`` of command ``words`` (None: not declared, a free word named after it)."""
    words = tuple(words)
    declared = OWN_DECLARED.get(words) or _gathered()[1].get(words)
    return (OVERRIDES.get(words, {}).get(param) or (declared.slots.get(param) if declared is not None else None)
            or SLOTS.get(param) or FREE.get(param))


def build(specs: Iterable[tuple[Sequence[str], Sequence[tuple]]], aliases: dict[str, str]) -> tuple[Form, ...]:
    """The forms of the commands ``specs`` (``assistant.faces.cli.command_params``): a group ('board',
    'quest') is one form whose commands are its subcommands."""
    groups: dict[str, list[Form]] = {}
    top: list[Form] = []
    for words, params in specs:
        form = command_form(tuple(words), [Param(*param) for param in params], aliases)
        (groups.setdefault(words[0], []) if len(words) > 1 else top).append(form)
    for group, commands in groups.items():
        top.append(Form(verbs(group, aliases), (), usage=f"{spoken(group, aliases)} ...",
                        french=french_word(group, aliases), commands=tuple(commands)))
    return tuple(top)


def verbs(name: str, aliases: dict[str, str]) -> tuple[str, ...]:
    return (name, *(alias for alias, english in aliases.items() if english == name))


def spoken(name: str, aliases: dict[str, str]) -> str:
    return (french_word(name, aliases) or name) if language() != DEFAULT else name


def command_form(words: tuple[str, ...], params: list[Param], aliases: dict[str, str]) -> Form:
    """One command's form: its positional words as slots (the optional ones after OPTIONAL, a repeated one
    followed by MORE), its options with their every spelling; the French one is the last long one, as
    the command line names it in a refusal."""
    slots: list[str] = []
    for param in params:
        if param.spellings:
            continue
        if not param.required and OPTIONAL not in slots:
            slots.append(OPTIONAL)
        slots.append(slot_of(words, param.name) or param.name)
        if param.repeat:
            slots.append(MORE)
    options = []
    for param in params:
        if param.spellings:
            long = [spelling for spelling in param.spellings if spelling.startswith("--")]
            options.append(Option(param.name, param.spellings, None if param.flag else
                                  slot_of(words, param.name) or param.name, param.repeat,
                                  french=long[-1] if len(long) > 1 else ""))
    options.append(HELP)
    return Form(verbs(words[-1], aliases), tuple(slots), tuple(options),
                usage=usage_of(words, slots, options[:-1], aliases), french=french_word(words[-1], aliases))


def usage_of(words: Sequence[str], slots: Sequence[str], options: Sequence[Option], aliases: dict[str, str]) -> str:
    """How a command is written, in the language spoken: 'décompte [FICHIER] [--regles RÈGLES] ...'."""
    said = [spoken(word, aliases) for word in words]
    optional = False
    for slot in slots:
        if slot == OPTIONAL:
            optional = True
        elif slot == MORE:
            said[-1] += "..."
        else:
            said.append(f"[{slot_word(slot)}]" if optional else slot_word(slot))
    said += [f"[{option.spoken()}{'' if option.slot is None else ' ' + slot_word(option.slot)}]" for option in options]
    return " ".join(said)


def slot_word(slot: str) -> str:
    """A slot as written in a usage: 'BOARD', in French 'PLATEAU'."""
    return slot_said(slot).upper().replace(" ", "-")


def slot_said(slot: str) -> str:
    """A slot's name as the player reads it ('board-value' is 'attribute=value'), in the language spoken."""
    return _(SHOWN.get(slot, slot))




class Table:
    """The table screen's Speaker: the game's steps first, then the commands of the command line.

    A pad's own group ('quest' on the quest pad) has the pad's steps among its commands,
    and its other commands ('show') are also typed without the group."""

    def __init__(self, store: Store, game, commands: tuple[Form, ...], groups: dict[str, str] | None = None):
        self.store = store
        self.game = game
        self.steps = steps = game.forms()

        def step_of(command: Form) -> Form | None:
            return next((step for step in steps if set(step.verbs) & set(command.verbs)), None)

        top = {form.verb for form in commands}
        own = (groups or {}).get(game.kind)
        self.group = next((form.verbs for form in commands if form.verb == own), ())  # the pad's own group
        shown: list[Form] = []
        self.pad_commands: tuple[Form, ...] = ()
        for form in commands:
            if form.verb == own:  # the pad's own group: its steps are the pad's, 'show' is 'quest show'
                form = form._replace(commands=tuple(step_of(command) or command for command in form.commands))
                self.pad_commands = tuple(command for command in form.commands
                                          if command.verb not in top and not step_of(command))
                shown += self.pad_commands
            shown.append(form)
        self.commands = tuple(form for form in shown if step_of(form) is None)
        self.subcommands = {command.verb: command for form in commands for command in form.commands}

    def forms(self) -> tuple[Form, ...]:
        return (*self.steps, *self.commands)

    def __getattr__(self, name: str):
        """Anything else is the game's: a step's own slots ask the game (its clue kinds, its board)."""
        return getattr(self.game, name)

    def is_step(self, words: Sequence[str]) -> bool:
        """Whether ``words`` are a step of the game (recorded by the screen), not a command."""
        try:
            return grammar.form_for(self.game, words[0]) is not None
        except (InputError, IndexError):
            return False

    def values(self, slot: str) -> tuple[str, ...]:
        """The values of ``slot`` (for completion), a slot of the game's steps answered by the game."""
        if slot == "board":
            return tuple(self.store.board_names())
        if slot == "game":
            return tuple(self.store.game_names())
        if slot == "rules":
            return ("fr", "en")
        if slot == "game-kind":
            return (*self.store.board_names(), *registry.kinds(pad=True))
        if slot == "pad-kind":
            return tuple(each.kind for each in registry.printed_pads())
        board = getattr(self.game, "board", None)
        if slot == "terrains":
            return tuple(v.name for v in board.attribute("terrain").values) \
                if board is not None and board.has_attribute("terrain") else ()
        if slot == "actions":
            return (*board.questions, "cat") if board is not None and board.questions else ()
        if slot in OF_THE_BOARD_NAMED:
            return ()  # of the board named: values_here
        return self.game.values(slot)

    def values_here(self, slot: str, words: list[str]) -> tuple[str, ...]:
        """The values of ``slot`` the command begun with ``words`` takes there: a cell of the board it
        names (not a pond for my loot; a corrected one to reset), that board's own values."""
        if slot not in OF_THE_BOARD_NAMED:
            if words and key(words[0]) in map(key, self.group):
                words = words[1:]  # 'quest trick Ana' on the pad is its step 'trick Ana'
            here = getattr(self.game, "values_here", None)
            return here(slot, words) if here is not None and self.is_step(words) else self.values(slot)
        try:
            form, named, rest = grammar.resolve(self, words)
            board = self.store.board(grammar.positional(form, rest)[0])  # the board is the first word
        except (AssistantError, IndexError):
            return ()
        if slot == "corrected-cell":
            return tuple(self.store.corrected_cells(board.name))
        if slot == "board-cell":
            return tuple(board.names(board.open if form.verb == "new" else board.all))
        given = {key(word.partition("=")[0]) for word in grammar.positional(form, rest)[2:]}
        return board_values(board, given)

    def said_value(self, slot: str, word: str) -> str:
        """A value as the player reads it: a command, a board's value, in French while French is spoken."""
        if language() == DEFAULT:
            return word
        if slot == "command" and word in self.subcommands:
            return grammar.spoken_verb(self.subcommands[word])
        if slot == "board-value":
            return said_assignment(self.store, self.game, word)
        board = getattr(self.game, "board", None)
        if slot == "terrains" and board is not None:
            return board.said_word(word)
        if slot == "actions":
            return "chat" if word == "cat" else self.game.said_value("kind", word)
        if slot in OWN_SLOTS:
            return word
        return self.game.said_value(slot, word)


def board_values(board, given: Set[str] = frozenset()) -> tuple[str, ...]:
    """Every ATTRIBUTE=VALUE a cell of ``board`` takes (a fixed number of values together), pond=yes and
    pond=no; the attributes already ``given`` (folded) left out."""
    found = []
    for attribute in board.attributes:
        if key(attribute.name) in given or key(attribute.local_name) in given:
            continue
        names = [value.name for value in attribute.values]
        if attribute.kind != "one" and attribute.per_cell:  # flowers: the pairs a cell holds
            names = list(map(",".join, combinations(names, attribute.per_cell)))
        found += [f"{attribute.name}={value}" for value in names]
    return (*found, *(() if {"pond", "mare"} & given else ("pond=yes", "pond=no")))


def said_assignment(store: Store, game, word: str) -> str:
    """'terrain=gravel' as the player reads it ('terrain=gravier'); 'flowers=blue,yellow' too."""
    name, equals, values = word.partition("=")
    board = getattr(game, "board", None)
    if name == "pond":
        return f"{_('pond')}={_(values)}"
    if board is None or not equals or not board.has_attribute(name):
        return word
    attribute = board.attribute(name)
    try:
        return f"{attribute.local_name}={','.join(attribute.value(value).local_name for value in values.split(','))}"
    except InputError:
        return word


def check(speaker: Table, words: Sequence[str]) -> None:
    """Refuse, before it runs, a command whose words its form does not take: an unknown option, a word
    missing or one too many, a board, a cell or a game that is not there. One line that says what to type."""
    form, named, rest = grammar.resolve(speaker, words)
    if form.commands:
        raise InputError(_("{group} needs one of {commands}").format(
            group=named[0], commands=", ".join(grammar.spoken_verb(command) for command in form.commands)))
    found = form.read(rest)
    if "help" in found.values:
        return
    usage = form.usage
    slots = form.positional_slots(speaker, found.positional)
    plain = [slot for slot in slots if slot not in (MORE, OPTIONAL)]
    least = slots.index(OPTIONAL) if OPTIONAL in slots else len(plain)
    if len(found.positional) < least:
        raise InputError(_("missing {slot}: type {usage}").format(slot=slot_said(plain[len(found.positional)]),
                                                                  usage=usage))
    if MORE not in slots and len(found.positional) > len(plain):
        raise InputError(_("one word too many ({word}): type {usage}").format(
            word=shown(found.positional[len(plain)]), usage=usage))
    for at, word in enumerate(found.positional):
        slot = plain[min(at, len(plain) - 1)]
        _one_of(speaker, slot, word, [*named, *found.positional[:at]], usage)
    for option in form.options:
        for value in found.values.get(option.name, ()):
            if option.slot is not None:
                _one_of(speaker, option.slot, value, [*named, *found.positional], usage)


def _one_of(speaker: Table, slot: str, word: str, before: list[str], usage: str) -> None:
    """Refuse ``word`` where ``slot`` (a closed one) does not take it."""
    if slot not in CLOSED:
        return
    values = grammar.values_here(speaker, slot, before)
    if not values or key(word) in map(key, values):
        return
    said = grammar.said_values(speaker, grammar.Slot(slot, values))
    expected = _("expected one of {values}").format(values=", ".join(said)) if len(said) <= 12 else None
    raise InputError(_("{word} is no {slot} here ({hint}): type {usage}").format(
        word=shown(word), slot=slot_said(slot), hint=hint(word, said, expected), usage=usage))
