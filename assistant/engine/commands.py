"""The commands of the command line as the table screen's grammar: forms, slots, values.

A step of the game has its ``Form`` in the core (game.py, garden.py, the pads); a command of the
command line ('tally', 'new gnom-street --opponents red,blue', 'board set gnom-street C2
terrain=gravel') has one too, built here from the command line's own parameters (``cli.command_params``:
plain data, so that no word is typed twice) and the French command words (``cli.ALIASES``). ``Table``
is the grammar's Speaker for the table screen: the game's steps, then these commands, each slot
offering only the values its place takes (the cells of the board named, the boards and games that
exist, the game's players), in the language spoken. The phones' page keeps to the game's steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence, Set
from itertools import combinations
from typing import TYPE_CHECKING, NamedTuple

from assistant.engine import grammar, registry
from assistant.engine.errors import AssistantError, InputError
from assistant.engine.grammar import MORE, OPTIONAL, Form, Option
from assistant.engine.i18n import DEFAULT, N_, _, language
from assistant.engine.words import french_word, hint, key, shown

if TYPE_CHECKING:  # the store is handed in: the engine imports no store
    from assistant.store.folder import Store

# The slot of each parameter of a command, by its name; OVERRIDES where a command gives the name
# another meaning; FREE: the words the command reads itself (no values to offer). A new parameter in none of
# them fails tests/test_table.py until its slot is chosen.
SLOTS = {"board": "board", "name": "game", "old": "game", "game": "game", "path": "file", "file": "file",
         "svg": "file", "html": "file", "cell": "cell", "opponent": "opponent", "ask": "opponent",
         "rules": "rules", "kind": "game-kind", "player": "player", "left": "terrains", "actions": "actions",
         "mine": "board-cell", "values": "board-value"}
OVERRIDES: dict[tuple[str, ...], dict[str, str]] = {
    ("new",): {"name": "new-name"}, ("import",): {"name": "new-name"}, ("rename",): {"new": "new-name"},
    ("quest", "new"): {"name": "new-name"}, ("tug", "new"): {"name": "new-name"},
    ("board", "set"): {"name": "board", "cell": "board-cell"},
    ("board", "reset"): {"name": "board", "cell": "corrected-cell"},
    **{("board", verb): {"name": "board"} for verb in ("show", "export", "verify")},
    ("print", "pad"): {"kind": "pad-kind"}}
FREE = {"opponents": "names", "me": "name", "players": "names", "sides": "sides", "starts": "name",
        "flagstones": "number", "since": "date", "top": "number", "port": "number"}
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


class Param(NamedTuple):
    """A parameter of a command, as ``cli.command_params`` gives it."""

    name: str
    spellings: tuple[str, ...]  # () for a positional word
    flag: bool
    required: bool
    repeat: bool


def slot_of(words: Sequence[str], param: str) -> str | None:
    """The slot of parameter ``param`` of command ``words`` (None: not declared, a free word named after it)."""
    return OVERRIDES.get(tuple(words), {}).get(param) or SLOTS.get(param) or FREE.get(param)


def build(specs: Iterable[tuple[Sequence[str], Sequence[tuple]]], aliases: dict[str, str]) -> tuple[Form, ...]:
    """The forms of the commands ``specs`` (``cli.command_params``): a group ('board', 'quest') is one form
    whose commands are its subcommands."""
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

    A pad's own group ('quest' on a Le Roi des Nains pad) has the pad's steps among its commands,
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
            return tuple(each.kind for each in registry.registered() if each.picture == "deals")  # printed pads
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
