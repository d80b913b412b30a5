"""How figures look on screen: dial colours, skulls, ranks, findings."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

SKULL = "☠"

#: The Special Abilities Card colours as cell backgrounds, each with a foreground that
#: stays readable on it.
DIAL_COLOURS: dict[str, tuple[str, str]] = {
    "red": ("#d32f2f", "#ffffff"),
    "orange": ("#f57c00", "#000000"),
    "yellow": ("#fdd835", "#000000"),
    "green": ("#43a047", "#000000"),
    "blue": ("#1e63c8", "#ffffff"),
    "purple": ("#7b1fa2", "#ffffff"),
    "grey": ("#9e9e9e", "#000000"),
    "gray": ("#9e9e9e", "#000000"),
    "black": ("#000000", "#ffffff"),
    "brown": ("#6d4c41", "#ffffff"),
    "white": ("#f5f5f5", "#000000"),
}
#: An ability whose colour the table does not know still shows as an ability.
UNKNOWN_COLOUR = ("#ce93d8", "#000000")

RANK_STARS = {"weak": "★", "standard": "★★", "tough": "★★★", "unique": "unique"}

SEVERITY_MARK = {"error": "✖", "warning": "▲", "info": "•"}
SEVERITY_STYLE = {"error": "bold red", "warning": "yellow", "info": "dim"}


def value_text(value: int | None) -> str:
    return SKULL if value is None else str(value)


def ability_style(colour: str) -> Style:
    background, foreground = DIAL_COLOURS.get(colour.strip().lower(), UNKNOWN_COLOUR)
    return Style(bgcolor=background, color=foreground, bold=True)


def swatch(colour: str) -> Text:
    return Text("   ", style=ability_style(colour))


def rank_text(rank: str) -> str:
    stars = RANK_STARS.get(rank, rank)
    return rank if rank == "unique" else f"{rank} {stars}"


def range_text(rng: int, targets: int) -> str:
    if rng <= 0:
        return "—"
    return f"{rng}" + (f"×{targets}" if targets > 1 else "")
