"""The ``engine`` commands: what the match engine plays.

    armybuilder engine coverage [--json]

lists every special ability on the catalogue's figures, whether the engine has rules for
it, and how many figures carry it. Exit status 0 when every one has rules, 1 when not.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from armybuilder.cli.render import table
from armybuilder.text import json_text, shown

if TYPE_CHECKING:
    from armybuilder.catalogue.service import Catalogue

EXIT_MISSING = 1


@dataclass(frozen=True, slots=True)
class AbilityCoverage:
    name: str
    implemented: bool
    figures: int  # catalogue figures with the ability anywhere on a dial
    source: str  # where the engine's rules come from ("" when it has none)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "implemented": self.implemented, "figures": self.figures,
                "source": self.source}


def figures_per_ability(catalogue: Catalogue) -> dict[str, int]:
    """How many figures of the catalogue carry each ability (anywhere on a dial)."""
    from sqlalchemy import distinct, func, select

    from armybuilder.catalogue.store import T_FIGURE_ABILITY

    c = T_FIGURE_ABILITY.c
    with catalogue.engine.connect() as conn:
        rows = conn.execute(select(c.ability, func.count(distinct(c.figure_key)))
                            .group_by(c.ability).order_by(c.ability)).all()
    return {name: int(count) for name, count in rows}


def coverage(catalogue: Catalogue) -> tuple[list[AbilityCoverage], list[str]]:
    """(the abilities on the catalogue's figures, the known abilities on none of them)."""
    from armybuilder.engine import REGISTRY

    counts = figures_per_ability(catalogue)
    found = []
    for name in sorted(counts):
        rule = REGISTRY.rule(name)
        found.append(AbilityCoverage(name=name, implemented=rule is not None,
                                     figures=counts[name],
                                     source="" if rule is None else rule.source))
    unused = sorted(set(catalogue.ability_table()) - set(counts))
    return found, unused


def cmd_coverage(args: argparse.Namespace) -> int:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.engine import REGISTRY

    catalogue = Catalogue.open(args.db)
    try:
        found, unused = coverage(catalogue)
    finally:
        catalogue.close()
    done = sum(1 for a in found if a.implemented)
    if args.json:
        print(json_text({
            "abilities": [a.as_dict() for a in found],
            "implemented": done, "total": len(found),
            "not_on_figures": [{"name": n, "implemented": REGISTRY.covered(n)} for n in unused],
        }))
    else:
        print(table(["ability", "engine", "figures"],
                    [[a.name, "implemented" if a.implemented else "NOT implemented", a.figures]
                     for a in found]))
        print(f"\n{done} of {len(found)} abilities on catalogue figures are implemented.")
        if unused:
            print("In the ability table but on no figure: " + ", ".join(
                f"{shown(n)} ({'implemented' if REGISTRY.covered(n) else 'not implemented'})"
                for n in unused))
    return 0 if done == len(found) else EXIT_MISSING


def add_commands(commands: Any, add_db: Any) -> None:
    engine = commands.add_parser("engine", help="the match engine")
    sub = engine.add_subparsers(dest="engine_command", metavar="ACTION", required=True)
    p = sub.add_parser("coverage", help="the catalogue's special abilities the engine plays "
                                        "(exit 1 when one has no rules)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_coverage)
    for p in sub.choices.values():
        add_db(p)
