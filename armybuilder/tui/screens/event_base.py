"""What the tournament and draft screens share: one event shown at a time (``[`` ``]``
go through the others), loaded in a worker, and every step of the event run in a worker
and followed by a fresh load."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import work
from textual.message import Message

from armybuilder.tui.screens.base import AppScreen


def answer_fields(answer: str, defaults: tuple[str, ...]) -> list[str]:
    """A prompt's comma-separated answer ("Club night, 4, 200"), a field left out or empty
    taking its default."""
    parts = [x.strip() for x in answer.split(",")]
    return [parts[i] if i < len(parts) and parts[i] else d for i, d in enumerate(defaults)]


def numbers(fields: list[str]) -> list[int] | None:
    try:
        return [int(f) for f in fields]
    except ValueError:
        return None


class EventScreen(AppScreen):
    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []
        self.wanted: str | None = None

    def on_mount(self) -> None:
        self.watch(self.app, "catalogue_version", lambda _: self.action_reload())

    def on_screen_resume(self) -> None:
        self.action_reload()

    def catalogue(self) -> Any:
        services = self.army_app.services
        assert services is not None
        return services.catalogue

    def service(self) -> Any:
        """The events service the screen works with (Tournaments, Drafts)."""
        raise NotImplementedError

    def action_reload(self) -> None:
        if self.army_app.services is not None:
            self._load(self.wanted)

    @work(thread=True, exclusive=True, group="event-load")
    def _load(self, wanted: str | None) -> None:
        """Load the event called ``wanted`` (or the first) in a worker, then show it."""
        self.post_fresh(self.read(wanted))  # a later load (after a step) may overtake it

    def read(self, wanted: str | None) -> Message:
        """The event called ``wanted`` (or the first) and the names, as the screen's
        Loaded message (in the loading worker)."""
        raise NotImplementedError

    def current_name(self) -> str | None:
        raise NotImplementedError

    def action_other(self, step: int) -> None:
        name = self.current_name()
        if self.names and name is not None:
            at = self.names.index(name) if name in self.names else 0
            self.wanted = self.names[(at + step) % len(self.names)]
            self.action_reload()

    def step(self, what: str, run: Callable[[Any], str | None]) -> None:
        """Run one step of the event (``run`` gets the service, returns what to say)."""
        self._run_step(what, run)

    @work(thread=True, exclusive=True, group="event-step")
    def _run_step(self, what: str, run: Callable[[Any], str | None]) -> None:
        try:
            said = run(self.service())
        except (ValueError, OSError) as exc:
            self.app.call_from_thread(self.army_app.notify, f"{what}: {exc}",
                                      severity="error", timeout=8)
            return
        if said:
            self.app.call_from_thread(self.army_app.notify, said, timeout=4)
        self.app.call_from_thread(self.action_reload)
