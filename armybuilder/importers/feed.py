"""The mageknight.net dial-stats feed: ``mkstats.json`` with its three companion files.

Every value in the feed is a string except the ids; ranges read "10 (2 Targets)"; dead
clicks show "Dead" with ability 93; ability 85 is a blank slot. A file that does not
look exactly like that is refused with its file, model and field named, before anything
is written.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from armybuilder.figures import (
    CHARIOT_DIALS,
    MAIN_DIAL,
    RANK_STARS,
    STATS,
    Ability,
    CatalogueData,
    Click,
    Dial,
    Expansion,
    Faction,
    Figure,
    expansion_slug,
)
from armybuilder.text import control_in, shown

BLANK_ABILITY = 85
DEAD_ABILITY = 93
STARTING_POSITION_ABILITY = 120
CLICK = "Model.Dial.Clicks.Click."
_RANGE = re.compile(r"^\s*(\d+)\s*(?:\(\s*(\d+)\s*Targets?\s*\)\s*)?$",
                    re.IGNORECASE | re.ASCII)
_SET_ID = re.compile(r"^([A-Za-z]+)(\d+)$", re.ASCII)
_SYMBOLS = {"ab_squ": "square", "ab_circ": "circle", "ab_skull": "skull"}
_COLOURS = {"1.0,0.582,0.0,1.0": "orange"}
#: Bounds of the feed's numbers: generous for any Mage Knight figure, and far inside what
#: SQLite's integers hold (a larger number is refused, never stored).
MAX_ID = 2**31 - 1
MAX_NUMBER = 99_999  # collector numbers and points
MAX_RANGE = 999
MAX_TARGETS = 99
MAX_STAT = 999  # speed, attack, defense, damage on a click
MAX_CLICKS = 999
#: The longest name the feed may give a figure, expansion, faction or ability.
MAX_NAME = 200

MODEL_KEYS = (
    "Model.ModelId",
    "Model.Name",
    "Model.ExpansionId",
    "Model.ExpansionName",
    "Model.Rank",
    "Model.Frequency",
    "Model.UnitCost",
    "Model.FigureNumber",
    "Model.Range",
    "Model.Arc",
    "Model.Factions",
    "Dials",
)


class Entry(str):
    """An entry of a companion file, as a message names it (``expansion entry 3``); any
    other label is a model of mkstats.json (``model 12 'Grunt'``)."""


class FeedError(ValueError):
    """A feed file that cannot be imported; the message names file, model (or entry) and
    field."""

    def __init__(self, file: str, message: str, model: str = "", field: str = "") -> None:
        where = file
        if model:
            where += f", {model}" if isinstance(model, Entry) else f", model {model}"
        if field:
            where += f", field {field}"
        super().__init__(f"{where}: {message}")
        self.file, self.model, self.field = file, model, field


@dataclass(slots=True)
class FeedFiles:
    """The parsed JSON of one feed; companions are None when the source lacks them."""

    stats: Any
    stats_name: str = "mkstats.json"
    abilities: Any = None
    expansions: Any = None
    factions: Any = None


def parse_json(text: str | bytes, file: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FeedError(file, f"not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    except UnicodeDecodeError as exc:
        raise FeedError(file, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    except RecursionError:
        raise FeedError(file, "not a feed: its JSON is nested too deep") from None
    except ValueError as exc:  # Python's limit on the digits of an integer
        raise FeedError(file, f"not a feed: {exc}") from None


def _name(value: Any, file: str, label: str, field: str) -> str:
    """A name: text, not empty, no control characters, not too long."""
    if not isinstance(value, str):
        raise FeedError(file, f"expected a name (text), got {_kind(value)}", label, field)
    text = " ".join(value.split())
    if not text:
        raise FeedError(file, "the name is empty", label, field)
    bad = control_in(text)
    if bad is not None:
        raise FeedError(file, f"the name holds a control character ({shown(bad)})", label,
                        field)
    if len(text) > MAX_NAME:
        raise FeedError(file, f"a name has at most {MAX_NAME} characters, not {len(text):,}",
                        label, field)
    return text


def _optional_text(model: dict, key: str, file: str, label: str) -> str:
    """A field the feed may leave out or null; when given, it is text."""
    value = model.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise FeedError(file, f"expected text or null, got {_kind(value)}", label, key)
    return value


def _whole(value: Any, file: str, label: str, field: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise FeedError(file, f"expected an integer, got {_kind(value)}", label, field)
    if not low <= value <= high:
        raise FeedError(file, f"must be from {low:,} to {high:,}, not {value:,}", label, field)
    return value


def _kind(value: Any) -> str:
    """A wrong value as an error message shows it: its type and a short, literal repr."""
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{type(value).__name__} {shown(text)}"


def read_feed(
    files: FeedFiles,
    known_abilities: Mapping[str, Ability],
    known_factions: Mapping[str, Faction],
) -> CatalogueData:
    """Turn the feed into catalogue records, checking every field on the way."""
    abilities_by_id = _abilities(files, known_abilities)
    expansions_by_id = _expansions(files)
    factions = _factions(files, known_factions)

    stats = files.stats
    if not isinstance(stats, dict) or not isinstance(stats.get("Models"), list):
        raise FeedError(files.stats_name, 'expected an object with a "Models" list')

    data = CatalogueData(source=files.stats_name)
    data.factions = dict(factions)
    used_abilities: set[str] = set()
    seen_ids: dict[int, str] = {}
    for position, model in enumerate(stats["Models"]):
        figure, expansion = _figure(model, position, files.stats_name, abilities_by_id,
                                    expansions_by_id, factions)
        label = _label(model, position)
        model_id = model["Model.ModelId"]
        if model_id in seen_ids:
            raise FeedError(files.stats_name, f"duplicate model id {model_id} "
                            f"(also {seen_ids[model_id]})", label, "Model.ModelId")
        seen_ids[model_id] = label
        if figure.key in data.figures:
            raise FeedError(files.stats_name, f"duplicate figure {figure.key} "
                            f"({data.figures[figure.key].source})", label, "Model.FigureNumber")
        known = data.expansions.get(expansion.slug)
        if known is None or (not known.set_letter and expansion.set_letter):
            data.expansions[expansion.slug] = expansion
        data.figures[figure.key] = figure
        for dial in figure.dials:
            for click in dial.clicks:
                used_abilities.update(click.abilities.values())
    data.abilities = {name: abilities_by_id_name(abilities_by_id, name) for name in used_abilities}
    return data


def abilities_by_id_name(by_id: Mapping[int, Ability], name: str) -> Ability:
    return next(a for a in by_id.values() if a.name == name)


def _label(model: Any, position: int) -> str:
    if isinstance(model, dict):
        name = model.get("Model.Name")
        model_id = model.get("Model.ModelId")
        if isinstance(model_id, int) and not isinstance(model_id, bool) \
                and abs(model_id) <= MAX_ID:
            return f"{model_id} '{shown(name)[:60]}'" if isinstance(name, str) and name \
                else str(model_id)
        if isinstance(name, str) and name:
            return f"#{position + 1} '{shown(name)[:60]}'"
    return f"#{position + 1}"


def _abilities(files: FeedFiles, known: Mapping[str, Ability]) -> dict[int, Ability]:
    """Feed ability ids to the project's abilities, by the feed's own table when given."""
    ours = {a.feed_id: a for a in known.values() if a.feed_id is not None}
    if files.abilities is None:
        return ours
    name = "specialabilities.json"
    table = files.abilities
    if not isinstance(table, dict) or not isinstance(table.get("SpecialAbilityTypes"), list):
        raise FeedError(name, 'expected an object with a "SpecialAbilityTypes" list')
    out: dict[int, Ability] = {}
    for i, entry in enumerate(table["SpecialAbilityTypes"]):
        where = Entry(f"ability entry {i + 1}")
        for key in ("SpecialAbilityTypeKey", "SpecialAbilityShortName", "Stat"):
            if not isinstance(entry, dict) or key not in entry:
                raise FeedError(name, "missing key", where, key)
        ability_id = _whole(entry["SpecialAbilityTypeKey"], name, where,
                            "SpecialAbilityTypeKey", 0, MAX_ID)
        for key in ("SpecialAbilityDisplayName", "Stat", "AbilityColor", "AbilitySymbol",
                    "SpecialAbilityDescription"):
            _optional_text(entry, key, name, where)
        if ability_id in (BLANK_ABILITY, DEAD_ABILITY, STARTING_POSITION_ABILITY):
            continue
        if ability_id in ours:
            out[ability_id] = ours[ability_id]
            continue
        # An ability the project does not know yet (a later expansion's): keep the
        # feed's own name and text so the dial still shows what the figure has.
        display = entry.get("SpecialAbilityDisplayName") or entry["SpecialAbilityShortName"]
        out[ability_id] = Ability(
            name=_name(display, name, where, "SpecialAbilityDisplayName"),
            slot=str(entry["Stat"]).lower(),
            colour=_colour(str(entry.get("AbilityColor", ""))),
            symbol=_SYMBOLS.get(str(entry.get("AbilitySymbol", "")), "square"),
            optional=bool(entry.get("IsOptional", False)),
            text=str(entry.get("SpecialAbilityDescription", "")),
            text_source="mageknight.net feed (published text)",
            feed_id=ability_id,
        )
    return out


def _colour(text: str) -> str:
    return _COLOURS.get(text, text)


def _expansions(files: FeedFiles) -> dict[int, Expansion] | None:
    if files.expansions is None:
        return None
    name = "expansions.json"
    table = files.expansions
    if not isinstance(table, dict) or not isinstance(table.get("Expansions"), list):
        raise FeedError(name, 'expected an object with an "Expansions" list')
    out: dict[int, Expansion] = {}
    for i, entry in enumerate(table["Expansions"]):
        where = Entry(f"expansion entry {i + 1}")
        for key in ("ExpansionId", "ExpansionName"):
            if not isinstance(entry, dict) or key not in entry:
                raise FeedError(name, "missing key", where, key)
        expansion_id = _whole(entry["ExpansionId"], name, where, "ExpansionId", 0, MAX_ID)
        # A null or empty name would re-key the whole expansion ("none:7"): refused.
        title = _name(entry["ExpansionName"], name, where, "ExpansionName")
        if expansion_id in out:
            raise FeedError(name, f"expansion id {expansion_id} appears twice", where,
                            "ExpansionId")
        out[expansion_id] = Expansion(
            slug=expansion_slug(title),
            name=title,
            set_letter=_optional_text(entry, "ShortName", name, where).strip().upper(),
            feed_id=expansion_id,
        )
    return out


def _factions(files: FeedFiles, known: Mapping[str, Faction]) -> dict[str, Faction]:
    out = dict(known)
    if files.factions is None:
        return out
    name = "factions.json"
    table = files.factions
    if not isinstance(table, dict) or not isinstance(table.get("Factions"), list):
        raise FeedError(name, 'expected an object with a "Factions" list')
    for i, entry in enumerate(table["Factions"]):
        where = Entry(f"faction entry {i + 1}")
        if not isinstance(entry, dict) or "FactionName" not in entry:
            raise FeedError(name, "missing key", where, "FactionName")
        title = _name(entry["FactionName"], name, where, "FactionName")
        feed_id = entry.get("FactionID")
        if feed_id is not None:
            feed_id = _whole(feed_id, name, where, "FactionID", 0, MAX_ID)
        short = _optional_text(entry, "FactionShortName", name, where).strip()
        if title not in out:
            out[title] = Faction(name=title, short_name=short, feed_id=feed_id)
    return out


def _text(model: dict, key: str, file: str, label: str) -> str:
    value = model[key]
    if not isinstance(value, str):
        raise FeedError(file, f"expected a string, got {_kind(value)}", label, key)
    return value


def _int_text(model: dict, key: str, file: str, label: str, low: int = 0,
              high: int = MAX_NUMBER) -> int:
    value = _text(model, key, file, label).strip()
    if not re.fullmatch(r"-?[0-9]+", value):
        raise FeedError(file, f"expected a whole number, got '{shown(value)[:40]}'", label, key)
    negative, digits = value.startswith("-"), value.lstrip("-").lstrip("0") or "0"
    if len(digits) > 12:  # far past any bound: never made a number
        raise FeedError(file, f"too {'small' if negative else 'large'}: must be from "
                        f"{low:,} to {high:,}, not '{value[:40]}'", label, key)
    number = -int(digits) if negative else int(digits)
    if not low <= number <= high:
        raise FeedError(file, f"must be from {low:,} to {high:,}, not {number:,}", label, key)
    return number


def _figure(
    model: Any,
    position: int,
    file: str,
    abilities: Mapping[int, Ability],
    expansions: Mapping[int, Expansion] | None,
    factions: Mapping[str, Faction],
) -> tuple[Figure, Expansion]:
    label = _label(model, position)
    if not isinstance(model, dict):
        raise FeedError(file, f"expected an object, got {type(model).__name__}", label)
    for key in MODEL_KEYS:
        if key not in model:
            raise FeedError(file, "missing key", label, key)
    for key in ("Model.ModelId", "Model.ExpansionId"):
        _whole(model[key], file, label, key, 0, MAX_ID)

    expansion_name = _name(model["Model.ExpansionName"], file, label, "Model.ExpansionName")
    expansion = Expansion(slug=expansion_slug(expansion_name), name=expansion_name,
                          feed_id=model["Model.ExpansionId"])
    if expansions is not None:
        listed = expansions.get(model["Model.ExpansionId"])
        if listed is None:
            raise FeedError(file, f"expansion id {model['Model.ExpansionId']} is not in "
                            "expansions.json", label, "Model.ExpansionId")
        expansion = listed
    set_id = _optional_text(model, "Model.CorrectNameID", file, label).strip()
    match = _SET_ID.match(set_id)
    if match and not expansion.set_letter:
        expansion.set_letter = match.group(1).upper()

    number = _int_text(model, "Model.FigureNumber", file, label)
    points = _int_text(model, "Model.UnitCost", file, label, low=-MAX_NUMBER)
    if points < 0:
        raise FeedError(file, f"points cannot be negative ({points})", label, "Model.UnitCost")
    range_text = _text(model, "Model.Range", file, label)
    found = _RANGE.match(range_text) if len(range_text) < 40 else None
    if not found:
        raise FeedError(file, f"expected a range like '10' or '10 (2 Targets)', got "
                        f"'{shown(range_text)[:40]}'", label, "Model.Range")
    range_value, targets = int(found.group(1)), int(found.group(2) or 1)
    if range_value > MAX_RANGE:
        raise FeedError(file, f"a range is at most {MAX_RANGE}, not {range_value:,}", label,
                        "Model.Range")
    if not 1 <= targets <= MAX_TARGETS:
        # Rulebook IV, Ranged Combat: a figure has at least one target (the bolt symbols).
        raise FeedError(file, f"targets must be from 1 to {MAX_TARGETS}, not {targets:,}",
                        label, "Model.Range")
    arc = _int_text(model, "Model.Arc", file, label, high=360)
    if arc not in (90, 180, 270, 360):
        raise FeedError(file, f"front arc must be 90, 180, 270 or 360, got {arc}", label,
                        "Model.Arc")

    rank, stars, promo, limited = _rank(model, file, label)
    faction_names = [" ".join(f.split())
                     for f in _text(model, "Model.Factions", file, label).split(",")
                     if f.strip()]
    for name in faction_names:
        if name not in factions:
            raise FeedError(file, f"unknown faction '{shown(name)[:60]}'", label,
                            "Model.Factions")
    base = (_optional_text(model, "Model.BaseType", file, label).strip().lower()
            or "infantry")
    if base not in ("infantry", "cavalry"):
        raise FeedError(file, f"unknown base type '{shown(base)[:40]}'", label,
                        "Model.BaseType")

    dials = _dials(model, file, label, abilities)
    kind = "chariot" if len(dials) == 4 else "warrior"
    full_name = _name(model["Model.Name"], file, label, "Model.Name")
    correct = _optional_text(model, "Model.CorrectName", file, label)
    name = (_name(correct, file, label, "Model.CorrectName") if correct.strip()
            else _name(_strip_rank(full_name), file, label, "Model.Name"))
    figure = Figure(
        expansion=expansion.slug,
        number=number,
        name=name,
        rank=rank,
        points=points,
        factions=faction_names,
        rank_stars=stars,
        unique=stars == 0,
        promo=promo,
        limited_edition=limited,
        frequency=_text(model, "Model.Frequency", file, label).strip(),
        range=range_value,
        targets=targets,
        arc=arc,
        base="chariot" if kind == "chariot" else base,
        kind=kind,
        starting_click=0,  # the feed has no starting-position field: click 0 (data README)
        source=f"mageknight.net model {model['Model.ModelId']}"
        + (f" ({set_id})" if set_id else ""),
        dials=dials,
    )
    return figure, expansion


def _strip_rank(name: str) -> str:
    return re.sub(r"\s+-\s+(\*{1,3}|Unique|Promo|LE)\s*$", "", name).strip()


def _rank(model: dict, file: str, label: str) -> tuple[str, int, bool, bool]:
    """Rank, rank stars, promo and limited edition from the feed's Rank and Frequency."""
    rank_text = _text(model, "Model.Rank", file, label).strip()[:40]
    frequency = _text(model, "Model.Frequency", file, label).strip().upper()
    limited = frequency.startswith("LE") or bool(re.fullmatch(r"PROMO\s+L\d", rank_text, re.I))
    lowered = rank_text.lower()
    if lowered in RANK_STARS:
        return lowered, RANK_STARS[lowered], False, limited
    if lowered.startswith("promo"):
        # Promotional and limited-edition figures carry no rank stars, so they are
        # unique (Rulebook II, Building Your Army: "A figure is unique if it has no
        # rank stars on its base").
        return "unique", 0, True, limited
    raise FeedError(file, f"unknown rank '{shown(rank_text)}'", label, "Model.Rank")


def _dials(model: dict, file: str, label: str, abilities: Mapping[int, Ability]) -> list[Dial]:
    raw_dials = model["Dials"]
    if not isinstance(raw_dials, list) or not raw_dials:
        raise FeedError(file, "expected a non-empty list of dials", label, "Dials")
    if len(raw_dials) not in (1, 4):
        raise FeedError(file, f"{len(raw_dials)} dials: a figure has one, a chariot four",
                        label, "Dials")
    # The feed has never published a multi-dial model; the project reads four dials in
    # the order the chariot rules name them (front, two sides, rear).
    positions = (MAIN_DIAL,) if len(raw_dials) == 1 else CHARIOT_DIALS
    dials: list[Dial] = []
    for position, raw in zip(positions, raw_dials, strict=True):
        where = f"Dials[{positions.index(position)}]"
        if not isinstance(raw, dict) or not isinstance(raw.get("Clicks"), list):
            raise FeedError(file, 'expected an object with a "Clicks" list', label, where)
        clicks = [_click(c, i, file, label, where, abilities, chariot=len(positions) == 4)
                  for i, c in enumerate(raw["Clicks"])]
        clicks.sort(key=lambda c: c.index)
        for expected, click in enumerate(clicks):
            if click.index != expected:
                raise FeedError(file, f"click numbers must run 0, 1, 2...; found {click.index} "
                                f"where {expected} was expected", label,
                                f"{where}.ClickNumber")
        if not clicks or clicks[0].dead:
            raise FeedError(file, "the starting click is dead", label, where)
        seen_dead = False
        for click in clicks:
            if click.dead:
                seen_dead = True
            elif seen_dead and position == MAIN_DIAL:
                raise FeedError(file, f"live click {click.index} after a dead click", label,
                                f"{where}.Clicks[{click.index}]")
        dials.append(Dial(position=position, clicks=clicks))
    return dials


def _click(raw: Any, i: int, file: str, label: str, where: str,
           abilities: Mapping[int, Ability], chariot: bool) -> Click:
    at = f"{where}.Clicks[{i}]"
    if not isinstance(raw, dict):
        raise FeedError(file, "expected an object", label, at)
    number = _whole(raw.get(CLICK + "ClickNumber"), file, label, at + ".ClickNumber", 0,
                    MAX_CLICKS)
    values: dict[str, int | None] = {}
    slot_abilities: dict[str, str] = {}
    ids: dict[str, int] = {}
    for stat in STATS:
        key = CLICK + stat.capitalize()
        id_key = key + "AbilityId"
        if key not in raw:
            raise FeedError(file, "missing key", label, f"{at}.{stat.capitalize()}")
        if id_key not in raw:
            raise FeedError(file, "missing key", label, f"{at}.{stat.capitalize()}AbilityId")
        value, ability_id = raw[key], raw[id_key]
        ability_id = _whole(ability_id, file, label, f"{at}.{stat.capitalize()}AbilityId", 0,
                            MAX_ID)
        ids[stat] = ability_id
        if value == "Dead":
            values[stat] = None
        elif isinstance(value, str) and re.fullmatch(r"[0-9]{1,3}", value.strip()):
            values[stat] = int(value)
        else:
            raise FeedError(file, f'expected a number (0 to {MAX_STAT}) as text or "Dead", '
                            f"got {_kind(value)}", label, f"{at}.{stat.capitalize()}")
        if ability_id in (BLANK_ABILITY, DEAD_ABILITY):
            continue
        if ability_id not in abilities:
            raise FeedError(file, f"unknown ability id {ability_id}", label,
                            f"{at}.{stat.capitalize()}AbilityId")
        slot_abilities[stat] = abilities[ability_id].name
    dead_words = sum(1 for v in values.values() if v is None)
    dead_ids = sum(1 for v in ids.values() if v == DEAD_ABILITY)
    if dead_words == 0 and dead_ids and all(v == 0 for v in values.values()):
        # Known feed quirk: a few dead clicks are all zeros with the DEAD ability.
        values = dict.fromkeys(STATS)
    elif not chariot and (dead_words not in (0, 4) or (dead_words == 4 and dead_ids not in (0, 4))):
        # Chariot sections show one or two skulls before three (Chariot rules, Combat
        # Dials); any other figure's click is dead in all four areas or in none.
        raise FeedError(file, "a click is either dead in all four areas or in none", label, at)
    return Click(index=number, abilities=slot_abilities, **values)
