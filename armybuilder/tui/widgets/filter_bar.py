"""The filter bar over the figure table: name, faction, expansion, rank, points, ability,
range. It posts one ``FilterBar.Changed`` a short moment after the last keystroke."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Select

from armybuilder.text import literal

if TYPE_CHECKING:
    from armybuilder.catalogue.queries import SearchFilter


#: Long enough to fold a burst of keystrokes into one search, short enough not to be felt.
DEBOUNCE_SECONDS = 0.03

_NUMBERS = ("min-points", "max-points", "min-range", "max-range")


class FigureCount(Widget):
    """How many figures the filters let through. Repainted, never laid out again: a
    Label's update would re-measure the whole screen on every keystroke."""

    DEFAULT_CSS = """
    FigureCount { width: 14; height: 1; color: $text-muted; }
    """

    count: reactive[int | None] = reactive(None)

    def render(self) -> str:
        if self.count is None:
            return ""
        return f"{self.count} figure{'s' if self.count != 1 else ''}".rjust(14)


class FilterBar(Vertical):
    """Every filter the catalogue offers; values come down with ``set_facets``."""

    DEFAULT_CSS = """
    FilterBar {
        height: auto;
        padding: 0 1;
        background: $boost;
    }
    FilterBar > Horizontal { height: 1; }
    FilterBar Input { width: 1fr; margin-right: 1; }
    FilterBar Select { width: 1fr; margin-right: 1; }
    FilterBar #text { width: 2fr; }
    FilterBar SelectCurrent { padding: 0 1; }
    FilterBar SelectCurrent #label { text-wrap: nowrap; text-overflow: ellipsis; }
    FilterBar #rank { width: 12; }
    FilterBar .number { width: 10; max-width: 10; }
    FilterBar Checkbox { width: auto; margin-right: 1; }
    """

    class Changed(Message):
        def __init__(self, bar: FilterBar, search: SearchFilter) -> None:
            super().__init__()
            self.bar = bar
            self.search = search

        @property
        def control(self) -> FilterBar:
            return self.bar

    def __init__(self, *, narrow: bool = False, id: str | None = None,
                 army_filters: bool = True) -> None:
        """``army_filters``: offer "owned" (your collection) and "fits" (the open army's
        points left); a list that is neither the catalogue nor for an army (a campaign's
        pool) leaves them out."""
        super().__init__(id=id)
        self.narrow = narrow
        self.army_filters = army_filters
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        # As long as a search may be (catalogue.queries.MAX_TEXT).
        text = Input(placeholder="name  ( / )", id="text", compact=True, max_length=200)
        faction = Select[str]([], prompt="faction", id="faction", compact=True)
        expansion = Select[str]([], prompt="expansion", id="expansion", compact=True)
        rank = Select[str]([], prompt="rank", id="rank", compact=True)
        ability = Select[str]([], prompt="ability", id="ability", compact=True)
        numbers = [Input(placeholder=label, id=name, type="integer", classes="number",
                         compact=True)
                   for name, label in zip(_NUMBERS, ("min pts", "max pts", "min rng", "max rng"),
                                          strict=True)]
        count = FigureCount(id="count")
        owned = Checkbox("owned", id="owned", compact=True,
                         tooltip="Only figures in your collection")
        fits = Checkbox("fits", id="fits", compact=True,
                        tooltip="Only figures that fit in the open army's points left")
        owned.display = fits.display = self.army_filters
        rows: list[list[Widget]]
        rows = ([[text, owned, fits, count], [faction, expansion, rank], [ability, *numbers]]
                if self.narrow
                else [[text, faction, expansion, rank], [ability, *numbers, owned, fits, count]])
        for row in rows:
            yield Horizontal(*row)

    def set_facets(self, facets: dict[str, list[str]], expansions: dict[str, str]) -> None:
        """Fill the selectors; ``expansions`` maps slug to the name to show."""
        # Option labels are Text, shown literally: a string label would be read as markup.
        self._fill("faction", [(literal(f), f) for f in facets.get("factions", [])])
        self._fill("expansion", [(literal(expansions.get(s, s)), s)
                                 for s in facets.get("expansions", [])])
        self._fill("rank", [(literal(r), r) for r in facets.get("ranks", [])])
        self._fill("ability", [(literal(a), a) for a in facets.get("abilities", [])])

    def _fill(self, name: str, options: list[tuple[Text, str]]) -> None:
        select: Select[str] = self.query_one(f"#{name}", Select)
        keep = select.value
        with self.prevent(Select.Changed):
            select.set_options(options)
            if keep is not Select.NULL and any(v == keep for _, v in options):
                select.value = keep

    def show_count(self, shown: int) -> None:
        self.query_one(FigureCount).count = shown

    @property
    def search(self) -> SearchFilter:
        from armybuilder.catalogue.queries import SearchFilter

        def chosen(name: str) -> str:
            value = self.query_one(f"#{name}", Select).value
            return "" if value is Select.NULL else str(value)

        numbers: dict[str, int | None] = {}
        for name in _NUMBERS:
            text = self.query_one(f"#{name}", Input).value.strip()
            numbers[name] = int(text) if text.lstrip("-").isdigit() else None
        return SearchFilter(
            text=self.query_one("#text", Input).value.strip(),
            faction=chosen("faction"), expansion=chosen("expansion"), rank=chosen("rank"),
            ability=chosen("ability"),
            min_points=numbers["min-points"], max_points=numbers["max-points"],
            min_range=numbers["min-range"], max_range=numbers["max-range"],
            owned_only=self.query_one("#owned", Checkbox).value)

    @property
    def fits(self) -> bool:
        """Only figures that fit in the open army's points left."""
        return self.query_one("#fits", Checkbox).value

    def toggle(self, name: str) -> bool:
        box = self.query_one(f"#{name}", Checkbox)
        box.value = not box.value
        return box.value

    @property
    def pending(self) -> bool:
        """A search is waiting for the typing to pause."""
        return self._timer is not None

    def focus_text(self) -> None:
        # At once, not as Widget.focus() does it (after the messages already queued): the
        # letters typed right after "/" belong to the name filter, not to the table's keys
        # ("Pikeman" typed quickly opened the export dialog on its "e").
        self.screen.set_focus(self.query_one("#text", Input))

    def clear(self) -> None:
        """Every filter back to 'any'."""
        for name in ("text", *_NUMBERS):
            self.query_one(f"#{name}", Input).value = ""
        for select in self.query(Select):
            select.clear()
        with self.prevent(Checkbox.Changed):
            for box in self.query(Checkbox):
                box.value = False
        self._changed()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._schedule()

    def on_select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._changed()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()
        self._changed()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # Enter searches at once; the browser hands the keyboard to the table.
        self._changed()

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(DEBOUNCE_SECONDS, self._changed)

    def _changed(self, *_: Any) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.post_message(self.Changed(self, self.search))
