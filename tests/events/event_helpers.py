"""A small invented expansion with rarities, for sealed, draft and tournament tests.

The figures are the demo figures' invented dials, copied three times into the expansion
``testset`` with frequencies 1-5 (uniques 6), one promotional and one limited-edition
copy that no pack may ever hold. Nothing here is a printed dial.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from armybuilder.catalogue.service import Catalogue
from armybuilder.figures import CatalogueData, Expansion, Figure

BOOSTERS = """
[weights]
"1" = 6
"2" = 5
"3" = 4
"4" = 3
"5" = 2
"6" = 1

[testset]
title = "Test booster"
source = "tests: invented"
slots = [
    { count = 2, frequencies = ["1", "2", "3", "4"] },
    { count = 1, frequencies = ["3", "4", "5", "6"] },
]
"""


def invented_figures(demo: dict[str, Figure]) -> dict[str, Figure]:
    out: dict[str, Figure] = {}
    number = 0
    for copy in range(3):
        for i, (_key, f) in enumerate(sorted(demo.items(), key=lambda x: x[1].number)):
            number += 1
            frequency = "6" if f.unique else str((i + copy) % 5 + 1)
            g = replace(f, expansion="testset", number=number, name=f"{f.name} {copy + 1}",
                        frequency=frequency, source="tests: invented")
            out[g.key] = g
    for promo, (freq, le) in enumerate((("PR", False), ("LE 6", True)), 1):
        f = demo["demo:2"]
        g = replace(f, expansion="testset", number=100 + promo, name=f"Promo Pikeman {promo}",
                    rank="unique", rank_stars=0, unique=True, promo=True,
                    limited_edition=le, frequency=freq, source="tests: invented")
        out[g.key] = g
    return out


def make_catalogue(path: Path) -> Catalogue:
    """A database with the demo catalogue and the ``testset`` expansion."""
    from armybuilder.catalogue import store

    catalogue = Catalogue.open(path)
    demo = catalogue.figures([f"demo:{n}" for n in range(1, 13)])
    data = CatalogueData(expansions={"testset": Expansion("testset", "Test set", "T")},
                         figures=invented_figures(demo), source="tests")
    store.save_catalogue(catalogue.engine, data, "tests")
    return catalogue


def boosters_file(folder: Path) -> Path:
    path = folder / "boosters.toml"
    path.write_text(BOOSTERS, encoding="utf-8")
    return path
