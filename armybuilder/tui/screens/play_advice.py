"""The play screen's expert keys, mixed into :class:`PlayScreen`: ``w`` shows the options
the expert AI weighed most for its last action (the estimated chance of winning after each
and the simulations behind it), ``h`` asks it for a hint on your own turn, and while it
thinks the prompt counts its simulations (it thinks in the screen's AI worker, so the
screen answers keys meanwhile)."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import work

if TYPE_CHECKING:
    from armybuilder.play.advice import Advice
    from armybuilder.play.session import PlaySession

#: The prompt's count of simulations is redrawn at most this often (seconds).
REDRAW = 0.2


class AdviceKeys:
    """What the expert weighed, on request; mixed into the play screen."""

    session: PlaySession | None

    if TYPE_CHECKING:
        app: Any

        def notify(self, message: str, **kw: Any) -> None: ...
        def _prompt(self, text: Text | str) -> None: ...
        def _ai_prompt(self) -> Text: ...

    _thought_at = 0.0

    # --- the AI's thinking, counted ------------------------------------------------------

    def _ai_thinking(self, done: int, total: int) -> None:
        """Told by the AI worker as the expert simulates (a time budget: ``total`` 0)."""
        now = time.monotonic()
        if now - self._thought_at < REDRAW and done != total:
            return
        self._thought_at = now
        try:
            self.app.call_from_thread(self._show_thinking, done, total)
        except RuntimeError:
            return  # the app is closing

    def _show_thinking(self, done: int, total: int) -> None:
        text = self._ai_prompt()
        count = f"{done}/{total}" if total else f"{done}"
        text.append(f"thinking… {count} simulations\n", style="italic")
        self._prompt(text)

    # --- the keys ------------------------------------------------------------------------

    def action_why(self) -> None:
        """The options the expert AI weighed most for its last action."""
        weighed = self.session.weighed if self.session is not None else None
        if weighed is None:
            self.notify("The AI's last action was not searched: only the expert AI "
                        "weighs its options (--opponent expert).", timeout=6)
            return
        self._tell("The AI weighed", weighed)

    def action_hint(self) -> None:
        """The expert's top three for you, thought in a worker."""
        session = self.session
        if session is None or not session.human_to_act:
            self.notify("A hint is for your own turn.", timeout=4)
            return
        self.notify("The expert AI is thinking about your position…", timeout=3)
        self._think_hint(session)

    @work(thread=True, exclusive=True, group="play-hint")
    def _think_hint(self, session: PlaySession) -> None:
        from armybuilder.play.advice import hint  # loads the expert on the first hint

        found = hint(session)
        try:
            if found is None:
                self.app.call_from_thread(self.notify, "Nothing to weigh now: a hint is "
                                          "for an action of your turn.", timeout=5)
            else:
                self.app.call_from_thread(self._tell, "Hint", found)
        except RuntimeError:
            return

    def _tell(self, title: str, advice: Advice) -> None:
        lines = advice.lines()
        self.notify("\n".join(lines), title=f"{title} ({advice.simulations} simulations, "
                    f"{advice.seconds:.1f} s)", timeout=20)
