"""The project's hand-made castle and chariot figures (imports/fixtures, invented dials),
read as an import reads them: the FAQ's figure corrections applied."""

from __future__ import annotations

from functools import cache

from armybuilder.figures import CatalogueData, Figure


@cache
def fixture_catalogue() -> CatalogueData:
    from armybuilder.importers import errata, rule_tables, spreadsheet
    from armybuilder.paths import imports_dir
    data = spreadsheet.read_catalogue(imports_dir() / "fixtures",
                                      known_abilities=rule_tables.load_abilities())
    errata.apply_errata(data, errata.load_errata())
    return data


def fixture_castle_figures() -> dict[str, Figure]:
    """The fixture castle sections by piece ("keep", "round tower", "gatehouse", "wall")."""
    return {f.castle_section: f for f in fixture_catalogue().figures.values()
            if f.kind == "castle"}
