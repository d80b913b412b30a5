"""A campaign's actions: every choice a player makes, as frozen records the log keeps.

Each action names the player making it; the campaign checks it against the decision it is
waiting for (``Campaign.decision``) and the rules, and refuses it with the rule it breaks
(:class:`CampaignRuleError`). ``Pass`` answers any decision with "no more" or "no": end the
purchases, end the turn, do not respond, refuse a ransom, plant no banner, keep a captive.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any


class CampaignRuleError(ValueError):
    """An action the World Conquest rules (or the campaign's house rules) forbid."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.reason = message


@dataclass(frozen=True, slots=True)
class ChooseHQ:
    player: int
    territory: str


@dataclass(frozen=True, slots=True)
class Buy:
    """A warrior from the pool for an army the player controls."""

    player: int
    figure: str  # figure key
    army: int


@dataclass(frozen=True, slots=True)
class Fortify:
    """A banner, outpost, fort or castle for a territory the player controls."""

    player: int
    territory: str
    level: str


@dataclass(frozen=True, slots=True)
class Transfer:
    """Warriors moved into another of the player's bands in the same territory."""

    player: int
    warriors: tuple[int, ...]
    band: int


@dataclass(frozen=True, slots=True)
class FormArmy:
    """A unique warrior declared the General of the warriors listed (and itself)."""

    player: int
    general: int
    warriors: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """A troop movement: an army or a unique warrior alone to ``to``."""

    player: int
    band: int
    to: str


@dataclass(frozen=True, slots=True)
class Respond:
    """Armies moved to the territory an opponent's army has just moved into."""

    player: int
    bands: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Fight:
    """The battle's result (campaign/battle.py: ``BattleResult.to_dict``)."""

    result: dict[str, Any]

    @property
    def player(self) -> None:
        return None


@dataclass(frozen=True, slots=True)
class Retreat:
    """Where a player who withdrew from a battle takes the survivors."""

    player: int
    territory: str


@dataclass(frozen=True, slots=True)
class KeepCaptive:
    player: int
    warrior: int


@dataclass(frozen=True, slots=True)
class OfferRansom:
    player: int
    warrior: int
    buyer: int
    gold: int


@dataclass(frozen=True, slots=True)
class AcceptRansom:
    player: int
    warrior: int
    army: int  # the buyer's army the warrior joins


@dataclass(frozen=True, slots=True)
class PlantBanner:
    player: int


@dataclass(frozen=True, slots=True)
class Pass:
    player: int


Action = (ChooseHQ | Buy | Fortify | Transfer | FormArmy | Move | Respond | Fight | Retreat
          | KeepCaptive | OfferRansom | AcceptRansom | PlantBanner | Pass)

ACTION_TYPES: dict[str, type] = {
    "hq": ChooseHQ, "buy": Buy, "fortify": Fortify, "transfer": Transfer, "form": FormArmy,
    "move": Move, "respond": Respond, "fight": Fight, "retreat": Retreat,
    "keep": KeepCaptive, "ransom": OfferRansom, "accept": AcceptRansom,
    "banner": PlantBanner, "pass": Pass,
}
_NAMES = {cls: name for name, cls in ACTION_TYPES.items()}


def action_to_json(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    for k, v in asdict(action).items():
        out[k] = list(v) if isinstance(v, tuple) else v
    return out


def action_from_json(data: Any) -> Action:
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise ValueError(f"not a campaign action: {str(data)[:80]}")
    cls = ACTION_TYPES[data["type"]]
    values = {}
    for f in fields(cls):
        if f.name not in data:
            raise ValueError(f"campaign action {data['type']}: missing {f.name!r}")
        v = data[f.name]
        values[f.name] = tuple(v) if isinstance(v, list) else v
    return cls(**values)
