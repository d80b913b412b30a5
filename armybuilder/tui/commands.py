"""The command palette: every key binding active on the screen, by its description,
plus commands that need a name (open an army, choose a profile)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher

from armybuilder.text import shown

#: Already offered by Textual's own commands, or meaningless from the palette.
SKIP = {"command_palette", "quit", "help_quit", "focus_next", "focus_previous"}


class ActionsProvider(Provider):
    def commands(self) -> list[tuple[str, str, Callable[[], Any]]]:
        screen = self.screen
        out: list[tuple[str, str, Callable[[], Any]]] = []
        seen: set[str] = set()
        for active in screen.active_bindings.values():
            b = active.binding
            if not b.description or not active.enabled or b.action in SKIP:
                continue
            title = b.description
            if title in seen:
                continue
            seen.add(title)
            shown = self.app.get_key_display(b)
            help_text = f"{b.tooltip} ({shown})" if b.tooltip else f"key: {shown}"
            out.append((title, help_text, partial(self.app.run_action, b.action, active.node)))
        extra = getattr(self.app, "palette_commands", None)
        if callable(extra):
            out.extend(extra())
        return out

    async def discover(self) -> Hits:
        for title, help_text, callback in self.commands():
            yield DiscoveryHit(Content(shown(title)), callback, text=title, help=help_text)

    async def search(self, query: str) -> AsyncIterator[Hit]:
        matcher = self.matcher(query)
        for title, help_text, callback in self.commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, _highlight(matcher, title), callback, text=title,
                          help=help_text)


def _highlight(matcher: Matcher, title: str) -> Content:
    """The title with the letters the query matched marked, shown literally: Textual's own
    ``Matcher.highlight`` reads the title as markup (an army named "Bad[/]Army")."""
    text = shown(title)
    content = Content(text)
    _, offsets = matcher.fuzzy_search.match(matcher.query, text)
    for offset in offsets:
        if not text[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content
