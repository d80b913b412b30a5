"""Booster packs: a pack model per expansion, read from imports/boosters.toml, and packs
opened from the catalogue's figures with the project's seeded dice.

A pack is a list of slots; a slot holds ``count`` figures drawn from the expansion's figures
whose frequency (the feed's rarity, "1".."6") the slot lists, each weighted by its
frequency's weight. Promotional and limited-edition figures ("PR", "LE 6") are in no slot:
they were given away, never sold in packs. The readings behind every number are in
imports/BOOSTERS_NOTES.md.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from armybuilder.engine import Dice
from armybuilder.figures import BASES, Figure
from armybuilder.paths import imports_dir


class BoosterError(ValueError):
    """A pack model that cannot be read, or packs that cannot be opened; says which."""


@dataclass(frozen=True, slots=True)
class Slot:
    count: int
    frequencies: tuple[str, ...]
    base: str = ""  # "" any base; "cavalry": Lancers' mounted figure

    def takes(self, figure: Figure) -> bool:
        return figure.frequency in self.frequencies and (not self.base
                                                         or figure.base == self.base)

    def as_dict(self) -> dict[str, Any]:
        return {"count": self.count, "frequencies": list(self.frequencies), "base": self.base}


@dataclass(frozen=True, slots=True)
class PackModel:
    expansion: str
    title: str
    source: str
    slots: tuple[Slot, ...]
    weights: tuple[tuple[str, int], ...]  # (frequency, weight of one such figure)

    @property
    def size(self) -> int:
        return sum(s.count for s in self.slots)

    def weight(self, figure: Figure) -> int:
        return dict(self.weights).get(figure.frequency, 0)

    def as_dict(self) -> dict[str, Any]:
        return {"expansion": self.expansion, "title": self.title, "source": self.source,
                "size": self.size, "slots": [s.as_dict() for s in self.slots],
                "weights": dict(self.weights)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PackModel:
        return cls(data["expansion"], data["title"], data["source"],
                   tuple(Slot(s["count"], tuple(s["frequencies"]), s.get("base", ""))
                         for s in data["slots"]),
                   tuple((str(k), int(v)) for k, v in data["weights"].items()))


def default_boosters_file() -> Path:
    return imports_dir() / "boosters.toml"


def load_models(path: Path | str | None = None) -> dict[str, PackModel]:
    """Every expansion's pack model in the file (imports/boosters.toml by default)."""
    where = Path(path) if path is not None else default_boosters_file()
    try:
        data = tomllib.loads(where.read_text(encoding="utf-8"))
    except OSError as exc:
        raise BoosterError(f"{where}: cannot read the pack models ({exc})") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise BoosterError(f"{where}: not valid TOML ({exc})") from exc
    weights = _weights(where, data.pop("weights", None))
    models: dict[str, PackModel] = {}
    for slug, table in data.items():
        models[slug.strip().lower()] = _model(where, slug.strip().lower(), table, weights)
    if not models:
        raise BoosterError(f"{where}: no expansion's pack is described")
    return models


def _weights(where: Path, table: object) -> tuple[tuple[str, int], ...]:
    if not isinstance(table, dict) or not table:
        raise BoosterError(f"{where}, [weights]: a table of frequency = weight is needed")
    out: list[tuple[str, int]] = []
    for frequency, weight in table.items():
        if not isinstance(weight, int) or isinstance(weight, bool) or weight < 1:
            raise BoosterError(f"{where}, [weights], {frequency!r}: a whole number of at "
                               f"least 1, not {weight!r}")
        out.append((str(frequency), weight))
    return tuple(out)


def _model(where: Path, slug: str, table: object,
           weights: tuple[tuple[str, int], ...]) -> PackModel:
    at = f"{where}, [{slug}]"
    if not isinstance(table, dict):
        raise BoosterError(f"{at}: must be a table naming the pack's slots")
    unknown = set(table) - {"title", "source", "slots"}
    if unknown:
        raise BoosterError(f"{at}: unknown field {sorted(unknown)[0]!r} (fields: title, "
                           "source, slots)")
    slots_raw = table.get("slots")
    if not isinstance(slots_raw, list) or not slots_raw:
        raise BoosterError(f"{at}, slots: a list of {{count, frequencies}} tables is needed")
    known = dict(weights)
    slots: list[Slot] = []
    for i, raw in enumerate(slots_raw, 1):
        here = f"{at}, slot {i}"
        if not isinstance(raw, dict):
            raise BoosterError(f"{here}: must be a table")
        count, freqs, base = raw.get("count"), raw.get("frequencies"), raw.get("base", "")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 20:
            raise BoosterError(f"{here}, count: from 1 to 20, not {count!r}")
        if not isinstance(freqs, list) or not freqs or not all(
                isinstance(f, str) and f in known for f in freqs):
            raise BoosterError(f"{here}, frequencies: frequencies the [weights] table "
                               f"weighs ({', '.join(known)}), not {freqs!r}")
        if base and base not in BASES:
            raise BoosterError(f"{here}, base: one of {', '.join(BASES)}, not {base!r}")
        slots.append(Slot(count, tuple(freqs), base))
    return PackModel(slug, str(table.get("title", slug)), str(table.get("source", "")),
                     tuple(slots), weights)


def model_for(expansion: str, models: dict[str, PackModel]) -> PackModel:
    found = models.get(expansion.strip().lower())
    if found is None:
        raise BoosterError(f"no booster pack is described for expansion {expansion!r} "
                           f"(packs: {', '.join(sorted(models))})")
    return found


def pack_figures(model: PackModel, figures: Iterable[Figure]) -> list[Figure]:
    """The figures of the model's expansion a pack can hold, in catalogue order."""
    return sorted((f for f in figures if f.expansion == model.expansion
                   and model.weight(f) > 0 and any(s.takes(f) for s in model.slots)),
                  key=lambda f: f.number)


def open_pack(model: PackModel, figures: Sequence[Figure], dice: Dice) -> list[Figure]:
    """One pack: each slot's figures drawn by weight, never one figure twice in a pack."""
    pack: list[Figure] = []
    for slot in model.slots:
        for _ in range(slot.count):
            candidates = [f for f in figures if slot.takes(f) and f not in pack]
            if not candidates:
                raise BoosterError(f"a {model.title} slot of frequency "
                                   f"{'/'.join(slot.frequencies)}"
                                   f"{' on a ' + slot.base + ' base' if slot.base else ''} "
                                   f"finds no figure in the catalogue's {model.expansion} "
                                   "figures")
            pack.append(_weighted(candidates, [model.weight(f) for f in candidates], dice))
    return pack


def open_packs(model: PackModel, figures: Iterable[Figure], dice: Dice,
               count: int) -> list[list[Figure]]:
    pool = pack_figures(model, figures)
    if not pool:
        raise BoosterError(f"the catalogue has no {model.expansion} figures a pack can "
                           "hold (load the real catalogue: `armybuilder catalogue update`)")
    return [open_pack(model, pool, dice) for _ in range(count)]


def _weighted(items: Sequence[Figure], weights: Sequence[int], dice: Dice) -> Figure:
    roll = dice.below(sum(weights))
    for item, weight in zip(items, weights, strict=True):
        if roll < weight:
            return item
        roll -= weight
    raise AssertionError("a weighted draw fell off the end")


def slot_odds(slot: Slot, model: PackModel, figures: Sequence[Figure]) -> dict[str, float]:
    """The chance that one draw of ``slot`` (from a full pool) is of each frequency: what
    the notes promise a player, and what the statistical test checks openings against."""
    total: dict[str, int] = {}
    for f in figures:
        if slot.takes(f):
            total[f.frequency] = total.get(f.frequency, 0) + model.weight(f)
    whole = sum(total.values())
    return {k: v / whole for k, v in sorted(total.items())} if whole else {}
