"""Chariot cards for the tests: hand-made ones with chosen section dials, and the
project's fixture chariots (imports/fixtures, invented dials) as an import reads them."""

from __future__ import annotations

from functools import cache
from typing import Any

from armybuilder.engine.cards import ClickStats, FigureCard

#: A chariot's four sections, as the engine names them (Chariot rules, Combat Dials).
SECTION_NAMES = ("front", "left", "right", "rear")


def chariot(name: str = "War Cart", points: int = 110, *,
            values: dict[str, tuple[int, int, int, int]] | None = None,
            abilities: dict[str, dict[int, tuple[str, ...]]] | None = None,
            live: int = 4, **kwargs: Any) -> FigureCard:
    """A hand-made chariot card: each section's first click shows ``values[section]``
    (speed, attack, defense, damage; defaults below), ``live`` clicks of numbers wearing
    down, then a click with one skull (damage), one with two (attack and damage) and one
    with three (inactive). ``abilities[section][click]``: what that click shows; other
    keywords (``range``, ``targets``) go to the card."""
    values = values or {}
    abilities = abilities or {}
    base = {"front": (6, 9, 16, 3), "left": (4, 7, 15, 2), "right": (4, 7, 15, 2),
            "rear": (4, 8, 16, 2)}
    sections = []
    for section in SECTION_NAMES:
        s, a, d, g = values.get(section, base[section])
        shown = abilities.get(section, {})
        dial = []
        for i in range(live + 3):
            skulls = max(0, i - live + 1)
            click = ClickStats(
                speed=0 if skulls >= 3 else max(0, s - i // 2),
                attack=0 if skulls >= 2 else max(0, a - i),
                defense=0 if skulls >= 3 else max(0, d - i // 2),
                damage=0 if skulls >= 1 else g,
                abilities=shown.get(i, ()))
            dial.append((click, skulls))
        sections.append(tuple(dial))
    start = [d[0][0] for d in sections]
    glance = ClickStats(max(c.speed for c in start), max(c.attack for c in start),
                        max(c.defense for c in start), max(c.damage for c in start))
    return FigureCard(
        key=kwargs.pop("key", f"test:{name.lower().replace(' ', '-')}"), name=name,
        points=points, factions=kwargs.pop("factions", ("Atlantis Guild",)),
        clicks=(glance,), arc=360, base="chariot", base_radius=1.4,
        sections=tuple(sections), **kwargs)


@cache
def fixture_chariots() -> dict[str, FigureCard]:
    """The project's hand-made chariots (imports/fixtures, invented dials; the FAQ's
    figure corrections applied, as an import applies them), by figure key."""
    from fixture_figures import fixture_catalogue

    from armybuilder.engine.adapter import cards_from_figure
    return {f.key: cards_from_figure(f) for f in fixture_catalogue().figures.values()
            if f.kind == "chariot"}
