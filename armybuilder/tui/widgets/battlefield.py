"""The battlefield map widget: the drawing of :mod:`armybuilder.tui.battlefield`, scaled to
the widget, with zoom, pan and clicks on figures or places."""

from __future__ import annotations

from dataclasses import dataclass

from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from armybuilder.play.board import Board, Point
from armybuilder.tui.battlefield import Canvas, Overlay, View, draw, terrain_layer


class Battlefield(Widget, can_focus=True):
    """Draws a :class:`Board` with an :class:`Overlay`; the screen sets both."""

    DEFAULT_CSS = """
    Battlefield { width: 1fr; height: 1fr; }
    """

    @dataclass
    class Clicked(Message):
        """A click on the map: the table point, and the figure there if any."""

        at: Point
        piece: int | None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.board: Board | None = None
        self.overlay = Overlay()
        self.view: View | None = None
        self._ground: tuple[tuple[object, ...], Canvas] | None = None
        self._canvas: Canvas | None = None

    # --- what is shown ---------------------------------------------------------------

    def show(self, board: Board, overlay: Overlay | None = None) -> None:
        if self.board is None or self.board.table != board.table:
            self.view = None
        self.board = board
        if overlay is not None:
            self.overlay = overlay
        self._canvas = None
        self.refresh()

    def mark(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self._canvas = None
        self.refresh()

    def zoom(self, factor: float) -> None:
        view = self._view()
        if view is not None:
            view.zoom_by(factor)
            self._redraw()

    def fit(self) -> None:
        view = self._view()
        if view is not None:
            view.zoom = 1.0
            view.clamp()
            self._redraw()

    def pan(self, dx: int, dy: int) -> None:
        view = self._view()
        if view is not None:
            view.pan(dx, dy)
            self._redraw()

    def centre_on(self, at: Point) -> None:
        """Keep ``at`` in view when zoomed in."""
        view = self._view()
        if view is None or view.zoom <= 1.0:
            return
        col, row = view.cell(*at)
        if not (2 <= col < view.cols - 2 and 1 <= row < view.rows - 1):
            view.cx, view.cy = at
            view.clamp()
            self._redraw()

    def _redraw(self) -> None:
        self._canvas = None
        self.refresh()

    @property
    def step(self) -> float:
        """Inches one column spans now: a keystroke steers the ghost by this much."""
        view = self._view()
        return view.scale if view is not None else 0.5

    # --- drawing ---------------------------------------------------------------------

    def _view(self) -> View | None:
        if self.board is None:
            return None
        width, height = self.size.width, self.size.height
        if width <= 0 or height <= 0:
            return None
        view = self.view
        if view is None or (view.cols, view.rows) != (width, height):
            zoom, centre = (view.zoom, (view.cx, view.cy)) if view is not None else (1.0, None)
            view = View(self.board.table, width, height, zoom)
            if centre is not None:
                view.cx, view.cy = centre
            view.clamp()
            self.view = view
        return view

    def canvas(self) -> Canvas | None:
        """The drawing as it stands (made again after any change)."""
        view = self._view()
        if view is None or self.board is None:
            return None
        if self._canvas is None:
            key = (view.cols, view.rows, view.zoom, view.cx, view.cy, self.board.patches,
                   self.board.table, self.board.castle)
            if self._ground is None or self._ground[0] != key:
                self._ground = (key, terrain_layer(self.board, view))
            self._canvas = draw(self.board, self.overlay, view, self._ground[1])
        return self._canvas

    def render_line(self, y: int) -> Strip:
        canvas = self.canvas()
        if canvas is None or not 0 <= y < canvas.rows:
            return Strip.blank(self.size.width)
        return Strip(canvas.segments(y), canvas.cols)

    def on_resize(self, event: events.Resize) -> None:
        self._canvas = None

    # --- the mouse -------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        view = self._view()
        inside = event.get_content_offset(self)
        if view is None or self.board is None or inside is None:
            return
        at = view.point(inside.x, inside.y)
        found = None
        best = None
        for piece in self.board.pieces:
            if not piece.on_table:
                continue
            d = ((piece.x - at[0]) ** 2 + (piece.y - at[1]) ** 2) ** 0.5
            if d <= max(piece.radius, view.scale * 1.5) and (best is None or d < best):
                found, best = piece.id, d
        self.post_message(self.Clicked(at, found))
