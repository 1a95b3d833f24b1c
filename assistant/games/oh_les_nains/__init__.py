"""Oh ! les Nains: the rope between two sides, its gnomes, pulls and rounds (``rope``)."""

from assistant.engine.i18n import N_
from assistant.engine.registry import Acts, Command, GameType, Start, register

KIND = "oh-les-nains"

# What Oh ! les Nains declares for the faces: its group of commands (``tug``), its titles, how it starts
# (two sides of one or two players), and its acts, every one played face up on the table.
COMMANDS = (
    Command(("tug",), "tug", N_(
        "Oh ! les Nains: the rope tracker.\n\n"
        "Where the rules are silent the tool chose: players alternate strictly, one of each side in turn "
        "(at four: Ana, Ben, Cleo, Dan for --sides Ana+Cleo,Ben+Dan), and at four the first-named player of "
        "the losing team starts the next round (tug starts NAME chooses the other); each round starts with empty "
        "lines, "
        "the hose centred and every player placing a first gnome (no card, nothing pulled); the path is 16 "
        "flagstones unless tug new --flagstones says otherwise; a pull card names at least one colour; "
        "contre multi counters the colour of the move it answers."),
        french=("corde",)),
    Command(("tug", "new"), "tug", N_(
        "Start an Oh ! les Nains match; each player then places a first "
        "gnome: assistant tug gnome red --by Ana.\n\n"
        "The path: 16 flagstones, 8 a side of the fence at the start, unless "
        "--flagstones N says what your box shows (an even number, 4 to 60). 16 "
        "comes from one public source and 8 a side is inferred: the tool says so "
        "when it uses them.\n\n"
        "Example: assistant tug new --sides Ana+Cleo,Ben+Dan --flagstones 16"),
        slots={"name": "new-name", "sides": "sides", "starts": "name",
               "flagstones": "number"}),
    Command(("tug", "gnome"), "tug", N_(
        "Add a gnome (the other side pulls 2) on the free flagstone in front "
        "of your line (one gnome a flagstone: refused when none is free); at a "
        "round's start, place your first gnome (no card, nothing pulled)."),
        french=("nain",)),
    Command(("tug", "pull"), "tug", N_(
        "Play a pull card: the stronger side pulls by the difference. A card "
        "names at least one colour.\n\n"
        "Example: assistant tug pull --two green --zero blue"),
        french=("tirer",)),
    Command(("tug", "squirrels"), "tug", N_(
        "Play a squirrel card: pull the hose 1, 2 or 3 flagstones "
        "towards you."),
        french=("ecureuils", "écureuils")),
    Command(("tug", "exchange"), "tug", N_(
        "Exchange cards instead of playing: the other side pulls 1."),
        french=("echange", "échange")),
    Command(("tug", "contre"), "tug", N_(
        "Counter the gnome just added: it leaves (optional rule). A card of its "
        "colour, or multi (which counters the colour of the gnome just added "
        "unless you name another).")),
    Command(("tug", "sur-contre"), "tug", N_(
        "Answer a counter: place two gnomes of that colour, the hose "
        "stays (optional rule).")),
    Command(("tug", "sur-sur-contre"), "tug", N_(
        "Answer a sur-contre: take the two gnomes into your team "
        "(optional rule).")),
    Command(("tug", "starts"), "tug", N_(
        "Choose who starts the round, before its first card (the rules: "
        "the loser of the last round starts).\n\n"
        "Example: assistant tug starts Dan"),
        french=("depart", "départ", "commence")),
    Command(("tug", "show"), "tug", N_(
        "Draw the hose, the fence and both lines of gnomes: each gnome is the "
        "letter of its colour (R B Y G; in French R B J V), in its colour, with a "
        "legend.\n\n"
        "--json prints the match: sides, flagstones, rounds, each side's line "
        "(back to front), the hose, who plays.")),
)

TITLES = {
    "a-game": N_("a Oh ! les Nains match (assistant tug new)"),
    "stats-rounds": N_("Oh ! les Nains: rounds won"),
}

START = Start(("tug", "new"), "sides", 1, 2, "Ana,Ben")

ACTS = Acts(public=("gnome", "pull", "squirrels", "exchange", "contre", "sur-contre", "sur-sur-contre", "starts"))

register(GameType(KIND, "Oh ! les Nains", "Oh ! les Nains", pad=True,
                  game_class_path="assistant.games.oh_les_nains.rope:TugGame", group="tug",
                  words=("rope", "corde", "ohlesnains", "tug"), picture="rope",
                  commands=COMMANDS, titles=TITLES, start=START, acts=ACTS))
