"""What the app's main screens share."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from textual.screen import Screen

if TYPE_CHECKING:
    from armybuilder.tui.app import ArmyBuilderApp


class AppScreen(Screen[None]):
    """A main screen of the army builder (catalogue, builder, armies, battle)."""

    @property
    def army_app(self) -> ArmyBuilderApp:
        """The app, with its services and the army being built."""
        return cast("ArmyBuilderApp", self.app)
