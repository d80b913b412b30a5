"""The army builder: build a legal army with single keys, push it over the build total
and see the error (first, naming its rule), castle Heavy/Light, profile and total."""

from __future__ import annotations

from pathlib import Path

from armybuilder.tui.app import create_app
from armybuilder.tui.screens.builder import BuilderScreen
from armybuilder.tui.widgets.army_entries import ArmyEntries
from armybuilder.tui.widgets.figure_table import FigureTable
from tui.tui_support import SIZE, new_army, search, settle, shown, started


async def test_build_a_legal_army_then_break_the_rules(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await new_army(pilot, "Rich")
        assert isinstance(app.screen, BuilderScreen)
        assert app.army_check is not None and app.army_check.army.build_total == 200

        await pilot.press("slash", "w", "a", "r", "l", "escape")  # Esc leaves the filter
        assert isinstance(app.screen.focused, FigureTable)
        await pilot.press("ctrl+r")
        await search(pilot, "warlord")
        await pilot.press("a")  # Demo Warlord, unique, 80
        await search(pilot, "pikeman")
        await pilot.press("down", "down", "a", "plus", "a")  # 3 tough pikemen, 14 each
        await settle(pilot)

        checked = app.army_check
        assert checked is not None
        assert checked.report.points == 80 + 3 * 14
        assert checked.legal
        totals = shown(pilot, "#army-totals")
        assert "122 / 200 points" in totals and "78 left" in totals
        assert "2 actions per turn" in totals and "✔ legal" in totals
        assert app.screen.query_one(ArmyEntries).row_count == 2
        formations = shown(pilot, "#formations")
        assert "Atlantis Guild" in formations and "✔ movement/ranged" in formations

        await search(pilot, "herald")
        await pilot.press("a")  # Demo Herald, 95: 217 points
        await settle(pilot)
        checked = app.army_check
        assert checked is not None and not checked.legal
        totals = shown(pilot, "#army-totals")
        assert "217 / 200 points" in totals and "17 over" in totals and "not legal" in totals
        findings = shown(pilot, "#findings", width=300).splitlines()
        assert findings[0].startswith("✖ error over-build-total")  # errors first, by rule
        assert "Rulebook II, Building Your Army" in findings[0]
        assert "17 over its build total" in findings[1]

        await pilot.press("minus")  # the herald is highlighted: take it out again
        await settle(pilot)
        assert app.army_check is not None and app.army_check.legal
        assert app.army_check.report.points == 122

        await search(pilot, "warlord")
        await pilot.press("a")  # a second unique warlord
        await settle(pilot)
        assert app.army_check is not None and not app.army_check.legal
        lines = shown(pilot, "#findings", width=300).splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith("✖ error unique"))
        assert "Demo Warlord (demo:7) is unique" in lines[at + 1]


async def test_entries_keys_remove_and_add(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await new_army(pilot, "Keys")
        await search(pilot, "ranger")
        await pilot.press("a", "a", "a")
        await settle(pilot)
        await pilot.press("right_square_bracket")  # to the army's entries
        assert isinstance(app.focused, ArmyEntries)
        await pilot.press("minus")
        await settle(pilot)
        assert app.army_check is not None and app.army_check.army.entries[0].count == 2
        await pilot.press("plus")
        await settle(pilot)
        assert app.army_check.army.entries[0].count == 3
        await pilot.press("x")
        await settle(pilot)
        assert app.army_check.army.entries == []


async def test_castle_heavy_light_and_settings(tui_db: Path) -> None:
    async with create_app(tui_db, first_run=False).run_test(size=SIZE) as pilot:
        app = await started(pilot)
        await new_army(pilot, "Siege", total=300)
        checked = app.army_check
        assert checked is not None and checked.army.profile == "open"
        await pilot.press("c")  # castle player
        await search(pilot, "keep")
        await pilot.press("a")
        await settle(pilot)
        checked = app.army_check
        assert checked is not None and checked.army.castle_player
        assert checked.report.points == 173  # Castle rules, Point Value: Keep, Heavy
        assert checked.report.actions == 4  # 3 for 300 points, 1 more for the keep

        await pilot.press("right_square_bracket", "h")
        await settle(pilot)
        checked = app.army_check
        assert checked is not None and checked.army.entries[0].castle == "light"
        assert checked.report.points == 84  # Light
        assert "Light" in str(app.screen.query_one(ArmyEntries).get_row_at(0)[3])

        await pilot.press("t")  # build total +100
        await settle(pilot)
        assert app.army_check is not None and app.army_check.army.build_total == 400
        await pilot.press("p")  # next profile
        await settle(pilot)
        assert app.army_check.army.profile != "open"
