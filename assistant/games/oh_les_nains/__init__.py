"""Oh ! les Nains: the rope between two sides, its gnomes, pulls and rounds (``rope``)."""

from assistant.engine.i18n import N_
from assistant.engine.registry import Acts, Arg, Command, GameType, Setting, Start, register

KIND = "oh-les-nains"

# What Oh ! les Nains declares for the faces: its group of commands (``tug``), its titles, how it starts
# (two sides of one or two players), and its acts, every one played face up on the table.
BY = Arg("by", N_("Who plays (default: whose turn it is)."))
COUNTER = (Arg("card", N_("The card: the countered colour, or multi."), required=True),
           Arg("chosen", N_("With multi: the colour countered (default: the move's).")), BY)

COMMANDS = (
    Command(("tug",), "pads", N_(
        "Oh ! les Nains: the rope tracker.\n\n"
        "Where the rules are silent the tool chose: players alternate strictly, one of each side in turn "
        "(at four: Ana, Ben, Cleo, Dan for --sides Ana+Cleo,Ben+Dan), and at four the first-named player of "
        "the losing team starts the next round (tug starts NAME chooses the other); each round starts with empty "
        "lines, "
        "the hose centred and every player placing a first gnome (no card, nothing pulled); the path is 16 "
        "flagstones unless tug new --flagstones says otherwise; a pull card names at least one colour; "
        "contre multi counters the colour of the move it answers."),
        french=("corde",)),
    Command(("tug", "new"), "pads", N_(
        "Start an Oh ! les Nains match; each player then places a first "
        "gnome: assistant tug gnome red --by Ana.\n\n"
        "The path: 16 flagstones, 8 a side of the fence at the start, unless "
        "--flagstones N says what your box shows (an even number, 4 to 60). 16 "
        "comes from one public source and 8 a side is inferred: the tool says so "
        "when it uses them.\n\n"
        "Example: assistant tug new --sides Ana+Cleo,Ben+Dan --flagstones 16"),
        slots={"name": "new-name", "sides": "sides", "starts": "name",
               "flagstones": "number"}),
    Command(("tug", "gnome"), "pads", N_(
        "Add a gnome (the other side pulls 2) on the free flagstone in front "
        "of your line (one gnome a flagstone: refused when none is free); at a "
        "round's start, place your first gnome (no card, nothing pulled)."),
        french=("nain",),
        args=(Arg("card", N_("The card's colour, or multi."), required=True),
              Arg("chosen", N_("The colour placed (multicolour, or none of the card's left).")), BY)),
    Command(("tug", "pull"), "pads", N_(
        "Play a pull card: the stronger side pulls by the difference. A card "
        "names at least one colour.\n\n"
        "Example: assistant tug pull --two green --zero blue"),
        french=("tirer",),
        args=(Arg("zero", N_("Colours worth 0, e.g. green (repeat or join with commas).")),
              Arg("two", N_("Colours worth 2, e.g. blue,yellow (repeat or join with commas).")), BY)),
    Command(("tug", "squirrels"), "pads", N_(
        "Play a squirrel card: pull the hose 1, 2 or 3 flagstones "
        "towards you."),
        french=("ecureuils", "écureuils"),
        args=(Arg("count", N_("1, 2 or 3 squirrels."), required=True), BY)),
    Command(("tug", "exchange"), "pads", N_(
        "Exchange cards instead of playing: the other side pulls 1."),
        french=("echange", "échange"),
        args=(BY,)),
    Command(("tug", "contre"), "pads", N_(
        "Counter the gnome just added: it leaves (optional rule). A card of its "
        "colour, or multi (which counters the colour of the gnome just added "
        "unless you name another)."), args=COUNTER),
    Command(("tug", "sur-contre"), "pads", N_(
        "Answer a counter: place two gnomes of that colour, the hose "
        "stays (optional rule)."), args=COUNTER),
    Command(("tug", "sur-sur-contre"), "pads", N_(
        "Answer a sur-contre: take the two gnomes into your team "
        "(optional rule)."), args=COUNTER),
    Command(("tug", "starts"), "pads", N_(
        "Choose who starts the round, before its first card (the rules: "
        "the loser of the last round starts).\n\n"
        "Example: assistant tug starts Dan"),
        french=("depart", "départ", "commence"),
        args=(Arg("player", N_("The player who plays the round's first card."), required=True),)),
    Command(("tug", "show"), "pads", N_(
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

START = Start(("tug", "new"), "sides", 1, 2, "Ana,Ben",
              help=N_("Two players, or two teams: Ana,Ben or Ana+Cleo,Ben+Dan."),
              name_help=N_("The match's name (default: its kind, numbered)."),
              settings=(Setting("counters", ("--counters", "--contres"),
                                N_("Play with contre, sur-contre, sur-sur-contre."), flag=True),
                        Setting("starts", ("--starts", "--commence"),
                                N_("Who plays first (the smallest player; default: the first named).")),
                        Setting("flagstones", ("--flagstones", "--dalles"), N_(
                            "The flagstones of the path in your box, both sides together (default: 16, "
                            "unverified)."))))

# What the command line does or prints that is the rope's own: a match started with its settings, its first
# lines, the match as data (``tug show --json``).
HOOKS = {"new": "assistant.games.oh_les_nains.told:new", "started": "assistant.games.oh_les_nains.told:started",
         "show-json": "assistant.games.oh_les_nains.told:described"}

ACTS = Acts(public=("gnome", "pull", "squirrels", "exchange", "contre", "sur-contre", "sur-sur-contre", "starts"))

register(GameType(KIND, "Oh ! les Nains", "Oh ! les Nains", pad=True,
                  game_class_path="assistant.games.oh_les_nains.rope:TugGame", group="tug",
                  words=("rope", "corde", "ohlesnains", "tug"), picture="rope",
                  commands=COMMANDS, titles=TITLES, start=START, acts=ACTS, hooks=HOOKS))
