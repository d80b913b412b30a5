"""An army check as text: running totals, findings (errors first, each naming its rule)
and the formations each faction can make."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from armybuilder.text import literal, shown
from armybuilder.tui.looks import SEVERITY_MARK, SEVERITY_STYLE

if TYPE_CHECKING:
    from armybuilder.armies.checks import ArmyCheck
    from armybuilder.rules import Finding, FormationGroup


def totals_text(checked: ArmyCheck) -> Text:
    """Points of the build total, points left (or over), actions per turn, and legality."""
    report = checked.report
    out = Text()
    out.append(f"{report.points} / {report.build_total} points", style="bold")
    out.append("  ·  ")
    left = report.points_left
    if left < 0:
        out.append(f"{-left} over", style="bold red")
    else:
        out.append(f"{left} left")
    out.append(f"  ·  {report.actions} action{'s' if report.actions != 1 else ''} per turn\n")
    errors = sum(1 for f in checked.findings() if f.severity == "error")
    if checked.legal:
        out.append("✔ legal", style="bold green")
    else:
        out.append(f"✖ not legal: {errors} error{'s' if errors != 1 else ''}", style="bold red")
    out.append(f" in the {shown(report.profile)} profile", style="dim")
    return out


def findings_text(findings: Sequence[Finding]) -> RenderableType:
    """One finding a row: its mark, then the rule and where it is written, then the
    message, indented under them."""
    if not findings:
        return Text("Nothing to report.", style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=1)
    grid.add_column(ratio=1)
    for f in findings:
        style = SEVERITY_STYLE.get(f.severity, "")
        body = Text()
        body.append(f"{f.severity} ", style=style)
        body.append(shown(f.rule), style=f"bold {style}".strip())
        body.append(f" · {shown(f.source)}\n", style="dim")
        body.append(shown(f.message))
        grid.add_row(Text(SEVERITY_MARK.get(f.severity, "•"), style=style), body)
    return grid


def formations_text(groups: Sequence[FormationGroup]) -> RenderableType:
    if not groups:
        return Text("No figures that can form up yet.", style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(ratio=1)
    grid.add_column(no_wrap=True)
    for g in groups:
        name = literal(g.faction, style="bold")
        name.append(f"  {g.count} figure{'s' if g.count != 1 else ''}", style="")
        if g.note:
            name.append(f"\n{shown(g.note)}", style="dim")
        verdict = Text()
        verdict.append(*_possible("movement/ranged", g.movement_ranged))
        verdict.append("  ")
        verdict.append(*_possible("close", g.close))
        grid.add_row(name, verdict)
    return grid


def _possible(label: str, yes: bool) -> tuple[str, str]:
    return (f"✔ {label}", "green") if yes else (f"✖ {label}", "dim")
