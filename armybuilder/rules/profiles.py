"""Format profiles: how strictly a format judges an army, read from imports/profiles.toml.

A profile fixes the build total it plays (if any), whether castles are used, which
expansions and promotional or limited-edition figures are allowed, and the severity of
each rule (``severity`` per rule, ``max_severity`` as a cap over all of them).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from armybuilder.paths import imports_dir
from armybuilder.rules.findings import PROFILE_SEVERITIES, RULES, SEVERITIES, Finding


class ProfileError(ValueError):
    """A profile that does not exist or a profiles file that cannot be read."""


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    title: str = ""
    description: str = ""
    source: str = ""  # where the format comes from: "Rulebook VII, The Standard Game"
    build_total: int | None = None  # the build total the format plays; None: any
    castles: bool = True  # whether the format's games may have a castle player
    expansions: tuple[str, ...] = ()  # allowed expansion slugs; empty: every expansion
    promos: bool = True
    limited_editions: bool = True
    pool: bool = False  # only the figures of the player's pool (sealed and draft)
    max_severity: str = "error"  # no finding is graded worse than this
    severity: dict[str, str] = field(default_factory=dict)  # rule -> severity or "off"

    def grade(self, f: Finding) -> Finding | None:
        """The finding at this profile's severity, or None when the profile turns it off."""
        wanted = self.severity.get(f.rule, f.severity)
        if wanted == "off":
            return None
        if SEVERITIES.index(wanted) < SEVERITIES.index(self.max_severity):
            wanted = self.max_severity
        return f if wanted == f.severity else replace(f, severity=wanted)


FIELDS: dict[str, type | tuple[type, ...]] = {
    "title": str, "description": str, "source": str, "build_total": int, "castles": bool,
    "expansions": list, "promos": bool, "limited_editions": bool, "pool": bool, "max_severity": str,
    "severity": dict,
}


def default_profiles_file() -> Path:
    return imports_dir() / "profiles.toml"


def load_profiles(path: Path | str | None = None) -> dict[str, Profile]:
    """Every profile in the file (imports/profiles.toml unless told otherwise), by name."""
    if path is None:
        return dict(_default())
    return _read(Path(path))


@lru_cache(maxsize=1)
def _default() -> dict[str, Profile]:
    return _read(default_profiles_file())


def default_profile(build_total: int) -> str:
    """The profile of an army made without one chosen."""
    # The standard game is 200 points (Rulebook VII); other totals play the rulebook's
    # rules without the standard game's fixed total.
    return "standard" if build_total == 200 else "open"


def get_profile(name: str, profiles: dict[str, Profile] | None = None) -> Profile:
    """The profile called ``name`` (any case); an unknown name lists the known ones."""
    known = _default() if profiles is None else profiles
    found = known.get(name.strip().lower())
    if found is None:
        from armybuilder.suggest import did_you_mean, suggestions

        meant = did_you_mean(suggestions(name, known))
        raise ProfileError(f"unknown profile {name!r}; " + (f"{meant} (" if meant else "")
                           + f"known profiles: {', '.join(sorted(known)) or 'none'}"
                           + (")" if meant else ""))
    return found


def _read(path: Path) -> dict[str, Profile]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ProfileError(f"{path}: cannot read the format profiles ({exc})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"{path}: not valid TOML ({exc})") from exc
    profiles: dict[str, Profile] = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            raise ProfileError(f"{path}: {name!r} must be a [table] naming a profile")
        key = name.strip().lower()
        if key in profiles:
            raise ProfileError(f"{path}, profile {name!r}: defined twice (names ignore case)")
        profiles[key] = _profile(path, key, table)
    if not profiles:
        raise ProfileError(f"{path}: no profiles defined")
    return profiles


def _profile(path: Path, name: str, table: dict[str, Any]) -> Profile:
    where = f"{path}, profile {name!r}"
    for key, value in table.items():
        wanted = FIELDS.get(key)
        if wanted is None:
            raise ProfileError(f"{where}, field {key!r}: unknown field (known: "
                               f"{', '.join(FIELDS)})")
        # bool is an int in Python; a build total of true is still wrong.
        if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
            raise ProfileError(f"{where}, field {key!r}: expected "
                               f"{getattr(wanted, '__name__', wanted)}, got {value!r}")
    build_total = table.get("build_total")
    # Rulebook II, Building Your Army: build totals are always in multiples of 100.
    if build_total is not None and (build_total <= 0 or build_total % 100):
        raise ProfileError(f"{where}, field 'build_total': must be a positive multiple of "
                           f"100, got {build_total}")
    expansions = table.get("expansions", [])
    if not all(isinstance(x, str) and x.strip() for x in expansions):
        raise ProfileError(f"{where}, field 'expansions': expected expansion slugs such as "
                           f"\"rebellion\", got {expansions!r}")
    cap = table.get("max_severity", "error")
    if cap not in SEVERITIES:
        raise ProfileError(f"{where}, field 'max_severity': expected one of "
                           f"{', '.join(SEVERITIES)}, got {cap!r}")
    severity: dict[str, str] = {}
    for rule, level in table.get("severity", {}).items():
        if rule not in RULES:
            raise ProfileError(f"{where}, field 'severity.{rule}': unknown rule (rules: "
                               f"{', '.join(RULES)})")
        if level not in PROFILE_SEVERITIES:
            raise ProfileError(f"{where}, field 'severity.{rule}': expected one of "
                               f"{', '.join(PROFILE_SEVERITIES)}, got {level!r}")
        severity[rule] = level
    return Profile(name=name, title=table.get("title", name), description=table.get(
        "description", ""), source=table.get("source", ""), build_total=build_total,
        castles=table.get("castles", True),
        expansions=tuple(x.strip().lower() for x in expansions),
        promos=table.get("promos", True), limited_editions=table.get("limited_editions", True),
        pool=table.get("pool", False), max_severity=cap, severity=severity)
