"""assistant: the core of a companion for board game tables. No I/O but files.

Glossary (each with an example):

Cell
    An int, a board cell's index in row-major order. On the 3x6 garden
    ``B3`` (column B, row 3) is cell 13.
CellSet
    A set of cells as an int bitmask: ``CellSet.of([0, 13])`` is A1 and B3.
Board
    A grid whose cells carry attributes, loaded from YAML:
    ``gnom-street`` (terrain, two flower colours, ponds), ``new-york``.
Clue
    A statement about a hidden cell: ``Clue("area", ("B2",))``, "within one
    cell of B2"; answered yes or no by each player asked.
Fact
    One answer about one hidden item: red's loot is not in the area of B2.
    (A deal's summary of what its tricks hold is ``Facts`` in the Roi des
    Nains pad: not the same thing.)
Sheet
    Every hidden item's possible cells given the facts: what the paper
    investigation sheet shows, with the reasoning across opponents.
Map
    An opponent's map of my loot (``mirror``): a one-item sheet of where they
    can still place it from the answers they heard. After ``asked area B3
    --by red`` (a question put to me, answered yes) red's map is the area of
    B3; ``--aloud`` puts the answer on every opponent's map.
Fight
    A round's ranking from the gnome cards played (``fight``): ``fight Léa=5
    red=3 blue=5 yellow=2 --throw blue,Léa`` ranks red, yellow, blue, Léa; a
    player then asks only those ranked after them.
Item
    What one opponent hides (their loot: the item ``red``), or the board's own
    hidden thing (New York's ``thief``). A sheet keeps each item's cells.
Event
    One thing said at the table, as a value: ``ClueEvent(Clue("area", ("B2",)),
    (("red", False),))``, an accusation, a piece placed, a deal, ``Retract(None)``.
Step
    An event's words, as typed, saved and replayed: ``clue area B2 red=no``.
    Each event type owns its words: ``from_words`` reads them, ``words`` writes
    them back, and ``read_step(step(e)) == e`` for every event.
Form
    The words of one kind of step, declared once: verbs in English and French
    (``clue``, ``indice``), the slots of its words, its options.
Slot
    What may be typed at one place of a step, and the values of this game that
    fit it: after ``clue area``, the slot ``asking-cell`` (A1, A2, ...).
    ``grammar.expect(game, words)`` answers it; completion is built on it.
Entry
    A numbered event in a game's history (undo and retract are not entries:
    they take one back, and it stays listed, struck out).
Log
    What every game offers, sheet or score pad (``assistant.log``): record,
    restore, undo and retract (``Retract``), history, summary, report, the
    saved form. Callers never ask which kind of game they hold.
DeductionGame
    A board, who hides what, and the append-only list of events (the words of
    commands: ``clue area B2 red=no``, ``undo``). Everything else is replayed,
    once per game value (``DeductionGame.state``). The garden's ``GardenGame``
    and the city's ``CityGame`` are built on it, each in its game's package.
Store
    The user's data folder: games, board corrections, the current game.
Pad
    A score pad: a game whose log records deals or moves, not clues, and
    whose totals are always derived: ``assistant quest new --players
    Ana,Ben,Cleo`` starts a Le Roi des Nains pad (``pads.roi``).
Quest
    One face of a Le Roi des Nains quest tile, the scoring rule of a deal:
    ``13A`` Capture the Kings, "+3 per K, -3 per Q" (tile 13, face A).
Deal
    One hand of Le Roi des Nains, played under a quest with one special card
    shuffled in: ``deal 13A --special flag-bearer --won Ana=Kg,Kb``, given
    as a summary or trick by trick.
Trick
    One card from each player, clockwise from the leader; the highest card of
    the suit led wins: ``trick Ana 5g 7g Kb`` (Ana led, Ben's 7g wins).
Link
    A game's secret address on the phones' page (``assistant serve``):
    ``http://192.168.1.20:8765/g/TOKEN/``, the token 192 random bits; a score
    pad has the scorekeeper's link and the table's read-only one.

One word, one meaning: a token's ``face`` is mole or bait (None while it lies
face down); a game's ``kind`` is what it is played on (a board's name or a
score pad's kind); a ``ClueKind`` is a kind of clue (area, north-of, ...).
``standing`` entries are those not taken back.

Values are immutable ``NamedTuple``s (a frozen dataclass costs several times more
to create at import, and start-up is budgeted). ``cli.py`` is the only place that
knows about the command line; ``render`` is the only module that imports rich.
"""
