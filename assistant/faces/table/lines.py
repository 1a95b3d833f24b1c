"""A text panel of the table screen drawn line by line, each line kept while it stays the same.

A Static draws its whole text again whenever any of it changes: Rich's text made into Textual's, every
line wrapped and cut into strips. The history is thirty entries and one of them changes at each entry
(a new one below, or the last struck out by an undo): drawn whole, it was the largest share of what
an entry cost the screen. Here each line's strips are kept under the line itself (its words, its
styles) and the panel's width, so a redraw makes strips for the lines that are new, and takes the
others as they were.
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget


def line_key(line: Text) -> tuple:
    """What a line is drawn from: its words, its styles and its base style."""
    return line.plain, tuple(line.spans), str(line.style)


class TextLines(Widget):
    """A block of text as tall as its lines once wrapped (a Static's ``height: auto``), drawn from strips
    kept line by line. ``update`` takes a Rich Text, as a Static's does; a change that leaves the panel's
    height as it was is repainted without a new layout (a layout draws the whole screen again)."""

    DEFAULT_CSS = """
    TextLines { height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.least = 0  # lines the panel takes at the least (``keep_lines``), the last ones blank
        self._text: Text | None = Text("")  # the whole text, joined from its lines when asked for
        self._lines: list[Text] = [Text("")]
        self._keys = [line_key(line) for line in self._lines]
        # Per width: each line's strips as the text's first line (by its key), and each row moved to its place
        # ((key, line's place, row)). Two widths are kept: a layout measures a panel with and without its scrollbar.
        self._kept: dict[int, tuple[dict[tuple, list[Strip]], dict[tuple, Strip]]] = {}
        self._drawn: dict[int, list[tuple[tuple, int, int, Strip]]] = {}  # width -> its rows (``_rows``)

    @property
    def content(self) -> Text:
        """The text shown (a Static's ``content``)."""
        if self._text is None:
            self._text = Text("\n").join(self._lines)
        return self._text

    def update(self, text: Text | list[Text]) -> None:
        """Show ``text`` (or these lines): nothing is redrawn if it is shown already; a layout only if its height
        changed."""
        whole = text if isinstance(text, Text) else None
        lines = list(text.split("\n", allow_blank=True)) if isinstance(text, Text) else text
        keys = [line_key(line) for line in lines]
        if keys == self._keys:
            self._text = whole
            return
        before = self.lines_taken()
        self._text, self._lines, self._keys, self._drawn = whole, lines, keys, {}
        after = self.lines_taken()
        self.refresh(layout=before is None or before != after)

    def keep_lines(self, least: int) -> None:
        """Take ``least`` lines at the least, whatever the text takes: a panel that keeps its height needs no
        new layout when its text gets a line longer or shorter."""
        if least != self.least:
            before = self.lines_taken()
            self.least = least
            self.refresh(layout=before is None or before != self.lines_taken())

    def lines_taken(self) -> int | None:
        """The lines the panel takes at its width (None before it has one)."""
        width = self.size.width
        return max(self.least, len(self._rows(width))) if width else None

    def text_lines(self) -> int:
        """The lines the text takes once wrapped at the panel's width (before it has one: its own lines)."""
        return len(self._rows(self.size.width)) if self.size.width else len(self._lines)

    def render(self) -> Text:
        """The whole text: what a selection is taken from (and drawn with, while there is one)."""
        return self.content

    def notify_style_update(self) -> None:
        # A new colour or theme: every line is drawn again in it.
        self._kept, self._drawn = {}, {}
        super().notify_style_update()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(self.least, len(self._rows(width))) if width else 0

    def render_line(self, y: int) -> Strip:
        if self.text_selection is not None:  # a selection is drawn over the text by Textual's own rendering
            return super().render_line(y)
        width = self.size.width
        rows = self._rows(width)
        if y >= len(rows):
            return Strip.blank(width, self.visual_style.rich_style)
        said, line, row, strip = rows[y]
        if line == 0:
            return strip
        kept = self._kept[width][1]  # moved to its place when it is drawn: most lines of a history are not shown
        moved = kept.get((said, line, row))
        if moved is None:
            moved = kept[said, line, row] = placed(strip, line)
        return moved

    def _rows(self, width: int) -> list[tuple[tuple, int, int, Strip]]:
        """Each row of the text at ``width``: (its line's key, the line's place, the row's place in the line, the
        row drawn as the text's first line). The lines drawn before are taken as they were; those no longer
        shown are forgotten."""
        if width in self._drawn:
            return self._drawn[width]
        was_first, was_kept = self._kept.get(width, ({}, {}))
        first: dict[tuple, list[Strip]] = {}
        rows: list[tuple[tuple, int, int, Strip]] = []
        for y, (line, said) in enumerate(zip(self._lines, self._keys, strict=True)):
            made = first.get(said) or was_first.get(said)
            if made is None:
                made = Visual.to_strips(self, visualize(self, line), width, None, self.visual_style)
            first[said] = made
            rows += [(said, y, row, strip) for row, strip in enumerate(made)]
        places = {(said, y) for y, said in enumerate(self._keys)}
        kept = {key: strip for key, strip in was_kept.items() if key[:2] in places}
        self._kept = {**{other: caches for other, caches in self._kept.items() if other != width}, width: (first, kept)}
        while len(self._kept) > 2:
            del self._kept[next(iter(self._kept))]
        self._drawn[width] = rows
        return rows


def placed(strip: Strip, y: int) -> Strip:
    """``strip``, drawn as the text's first line, as its line ``y``: where a selection finds each character is in
    its styles (Textual's 'offset' meta: the character's place in its line, and the line's)."""
    return Strip([segment if segment.style is None or "offset" not in (meta := segment.style.meta) else
                  Segment(segment.text, segment.style + Style.from_meta({"offset": (meta["offset"][0], y)}))
                  for segment in strip], strip.cell_length)


KEPT_WIDTHS = 4  # widths a picture keeps its drawing for: a layout measures a panel with and without its scrollbar


class Kept:
    """A Rich picture drawn once per width and kept: a Static draws its content at each layout (once to
    measure its height, again to paint it), and a start or an entry lays the screen out several times, while
    the sheets (Tables in Columns: thousands of cells measured and drawn) stay the same until the game does.
    The segments kept are those Rich yields for the picture itself, so it is drawn exactly as before."""

    def __init__(self, renderable: RenderableType) -> None:
        self.renderable = renderable
        self._drawn: dict[tuple, list[Segment]] = {}
        self._measured: dict[tuple, Measurement] = {}

    @staticmethod
    def _key(console: Console, options: ConsoleOptions) -> tuple:
        # Everything a picture's Text, Table, Columns or Group read, and the colours (pictures.Palette). Not the
        # height: none of them reads it, and a Static measures without one and paints with one.
        return (console.color_system, options.min_width, options.max_width, options.justify, options.overflow,
                options.no_wrap, options.highlight, options.markup, options.encoding, options.legacy_windows,
                options.is_terminal)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> list[Segment]:
        key = self._key(console, options)
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = list(console.render(self.renderable, options))
            self._drawn[key] = drawn
            while len(self._drawn) > KEPT_WIDTHS:
                del self._drawn[next(iter(self._drawn))]
        return drawn

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        key = self._key(console, options)
        measured = self._measured.get(key)
        if measured is None:
            measured = Measurement.get(console, options, self.renderable)
            self._measured[key] = measured
            while len(self._measured) > KEPT_WIDTHS:
                del self._measured[next(iter(self._measured))]
        return measured
