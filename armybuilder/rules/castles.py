"""Castle sections in an army: Heavy or Light point values, and who may field them.

The prices are data (imports/castle_sections.csv, from Castle rules, Point Value): a
section plays Heavy at its Starting Position or Light with its dial turned
``light_clicks`` clicks clockwise from it.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from armybuilder.figures import Figure
from armybuilder.paths import imports_dir
from armybuilder.rules.army import CASTLE_MODES, Army, is_castle_section, label
from armybuilder.rules.findings import Finding, finding

COLUMNS: tuple[str, ...] = ("section", "heavy_points", "light_points", "light_clicks")


class CastleTableError(ValueError):
    """imports/castle_sections.csv cannot be read; the message names file, row and field."""


@dataclass(frozen=True, slots=True)
class CastlePrice:
    section: str  # "Keep", as the castle rules write it
    heavy_points: int
    light_points: int
    light_clicks: int

    def points(self, mode: str) -> int:
        return self.light_points if mode == "light" else self.heavy_points

    def clicks(self, mode: str) -> int:
        """Clicks clockwise from the Starting Position the section begins the game at."""
        return self.light_clicks if mode == "light" else 0


def default_castle_table() -> Path:
    return imports_dir() / "castle_sections.csv"


def load_castle_prices(path: Path | str | None = None) -> dict[str, CastlePrice]:
    """The castle section prices by lower-case section name ("round tower")."""
    if path is None:
        return dict(_default_prices())
    return _read(Path(path))


@lru_cache(maxsize=1)
def _default_prices() -> dict[str, CastlePrice]:
    return _read(default_castle_table())


def _read(path: Path) -> dict[str, CastlePrice]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise CastleTableError(f"{path}: cannot read the castle section prices ({exc})") from exc
    reader = csv.DictReader(text.splitlines())
    missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise CastleTableError(f"{path}: header lacks column(s) {', '.join(missing)}; "
                               f"expected {','.join(COLUMNS)}")
    prices: dict[str, CastlePrice] = {}
    for row_number, row in enumerate(reader, start=2):
        section = (row["section"] or "").strip()
        if not section:
            raise CastleTableError(f"{path}, row {row_number}, field section: empty")
        numbers: list[int] = []
        for column in COLUMNS[1:]:
            raw = (row[column] or "").strip()
            if not raw.isdigit():
                raise CastleTableError(f"{path}, row {row_number} ({section}), field {column}: "
                                       f"expected a whole number of at least 0, got {raw!r}")
            numbers.append(int(raw))
        if section.lower() in prices:
            raise CastleTableError(f"{path}, row {row_number}, field section: {section!r} "
                                   "is listed twice")
        prices[section.lower()] = CastlePrice(section, *numbers)
    return prices


def castle_mode(option: str) -> str:
    # Castle rules, Point Value: Heavy is the dial as printed, so no choice means Heavy.
    return option.strip().lower() or "heavy"


def castle_price(figure: Figure, prices: dict[str, CastlePrice] | None = None
                 ) -> CastlePrice | None:
    """The section's price row, or None when the figure is no priced castle section."""
    if not is_castle_section(figure):
        return None
    table = _default_prices() if prices is None else prices
    return table.get(figure.castle_section.strip().lower())


def figure_points(figure: Figure, castle: str = "",
                  prices: dict[str, CastlePrice] | None = None) -> int:
    """What one copy of a figure costs the army: its printed points, except castle
    sections, which cost their Heavy or Light value (Castle rules, Point Value)."""
    price = castle_price(figure, prices)
    mode = castle_mode(castle)
    if price is None or mode not in CASTLE_MODES:
        return figure.points
    return price.points(mode)


def starting_click(figure: Figure, castle: str = "",
                   prices: dict[str, CastlePrice] | None = None) -> int:
    """The dial click a figure starts the game at; Light castle sections start further on."""
    price = castle_price(figure, prices)
    mode = castle_mode(castle)
    if price is None or mode not in CASTLE_MODES:
        return figure.starting_click
    return figure.starting_click + price.clicks(mode)


def has_keep(army: Army) -> bool:
    return any(e.count > 0 and is_castle_section(e.figure)
               and e.figure.castle_section.strip().lower() == "keep" for e in army.entries)


def check_castles(army: Army, castles_allowed: bool, profile_name: str,
                  prices: dict[str, CastlePrice]) -> list[Finding]:
    out: list[Finding] = []
    sections: list[str] = []
    for e in army.entries:
        f = e.figure
        if f.kind != "castle":
            if e.castle.strip():
                out.append(finding("entry", f"{label(f)} is not a castle section; only castle "
                                   f"sections are priced Heavy or Light (got {e.castle!r})",
                                   [f.key]))
            continue
        sections.append(f.key)
        mode = castle_mode(e.castle)
        if mode not in CASTLE_MODES:
            out.append(finding("entry", f"{label(f)}: castle option must be heavy or light, "
                               f"not {e.castle!r}", [f.key]))
        if not f.castle_section:
            out.append(finding("castle-price", f"{label(f)} is a castle figure with no section "
                               "named (keep, round tower, gatehouse or wall), so it has no "
                               f"Heavy or Light price; counted at its {f.points} printed points",
                               [f.key]))
        elif castle_price(f, prices) is None:
            known = ", ".join(p.section for p in prices.values())
            out.append(finding("castle-price", f"{label(f)}: no price for castle section "
                               f"{f.castle_section!r} (priced sections: {known}); counted at its "
                               f"{f.points} printed points", [f.key]))
    if not sections:
        return out
    keys = tuple(dict.fromkeys(sections))
    if not castles_allowed:
        out.append(finding("castles", f"the {profile_name} format does not use castles; "
                           f"remove the castle sections", keys))
    elif not army.castle_player:
        # Castle rules, Playing Area and Set-Up: the players choose one castle player.
        out.append(finding("castle-player", "castle sections belong only to the game's castle "
                           f"player; mark {army.name!r} as the castle player or remove them",
                           keys))
    return out
