"""The key bar at the foot of every screen: Textual's, without restyling each key twice.

Textual's footer builds its keys again whenever the keys in play change (every focus
change, every mode of the play screen). Each key bound to the footer's style starts out
compact and only then takes the footer's (not compact) style, so it was restyled twice as
it mounted: a quarter of the play screen's time. Here such a key starts with the footer's
style; a key not bound to it (the command palette's) keeps its own.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            # Textual's own record of the keys bound with data_bind (private: read softly,
            # so a Textual without it builds its keys as Textual does).
            bound = getattr(widget, "_reactive_connect", None) or {}
            if isinstance(widget, FooterKey) and "compact" in bound:
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget
