"""SVG snapshots of every screen on the demo catalogue, each at 80 × 24 (the smallest
terminal the app is made for) and 120 × 40 (see ``SIZES`` for why not wider).

Update them after a deliberate change with
``.venv/bin/python -m pytest tests/tui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.message import Message
from textual.pilot import Pilot
from textual.widgets import Input

from armybuilder.sim import batch, replay
from armybuilder.sim.batch import BattleReport, BattleRequest
from armybuilder.sim.stats import GameResult
from armybuilder.tui.app import ArmyBuilderApp, create_app
from armybuilder.tui.screens.armies import ArmiesScreen
from tui.test_battle_screen import choose
from tui.tui_support import battle_armies, saved_army, search, settle, started

Steps = Callable[[Pilot[None]], Awaitable[None]]

#: Every screen at the smallest terminal the app is made for and at a usual one. Every
#: width at which a screen changes its layout is at most 120 columns (the builder's and the
#: battle screen's side by side at 110, the gauntlet's at 120, the catalogue's card and the
#: armies' panes at 100, the play screen's panel at 100), so a wider terminal shows the
#: 120 x 40 layout with more room: the screens that draw into that room (the play screen's
#: map, the campaign's map) are taken at 200 x 60 as well (``all_sizes``).
SIZES = [(80, 24), (120, 40)]
ALL_SIZES = [*SIZES, (200, 60)]


def _sized(chosen: list[tuple[int, int]]) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("size", chosen, ids=[f"{w}x{h}" for w, h in chosen])


sizes = _sized(SIZES)
all_sizes = _sized(ALL_SIZES)


def snapshot(snap_compare, db: Path, steps: Steps | None = None,  # type: ignore[no-untyped-def]
             first_run: bool = False, size: tuple[int, int] = SIZES[1]) -> bool:
    async def run_before(pilot: Pilot[None]) -> None:
        await started(pilot, keep_first_run=first_run)
        if steps is not None:
            await steps(pilot)
        await settle(pilot)
        pilot.app.clear_notifications()
        for field in pilot.app.screen.query("Input, TextArea"):
            field.cursor_blink = False  # a blinking cursor would differ run to run
        await pilot.pause()

    return snap_compare(create_app(db, first_run=first_run), terminal_size=size,
                        run_before=run_before)


async def _army(pilot: Pilot[None]) -> None:
    """Open the saved army (see saved_army) in the builder."""
    app = pilot.app
    assert isinstance(app, ArmyBuilderApp)
    app.open_army("Rich")
    await settle(pilot)


@sizes
def test_first_run(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                   size: tuple[int, int]) -> None:
    assert snapshot(snap_compare, tui_db, first_run=True, size=size)


@sizes
def test_catalogue(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                   size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("down", "down", "down", "down", "down", "down", "down", "down")
        await pilot.press("enter")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_catalogue_errata(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                          size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await search(pilot, "ram")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("end")  # the FAQ corrections under the four dials

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_builder(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                 size: tuple[int, int]) -> None:
    saved_army(tui_db)
    assert snapshot(snap_compare, tui_db, _army, size=size)


@sizes
def test_armies(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The list comes from a worker; here always after the footer is drawn without an
    army to open (as on a slow disk, or a test run alone): its keys must come alive."""
    saved_army(tui_db)
    listed = threading.Event()
    post = ArmiesScreen.post_message

    def held(screen: ArmiesScreen, message: Message) -> bool:
        if isinstance(message, ArmiesScreen.Listed):
            listed.wait(30)
        return post(screen, message)

    monkeypatch.setattr(ArmiesScreen, "post_message", held)

    async def steps(pilot: Pilot[None]) -> None:
        await _army(pilot)
        await settle(pilot)
        await pilot.press("f4")
        for _ in range(500):
            keys = [k for k in pilot.app.screen.query("FooterKey")
                    if getattr(k, "action", None) == "open"]
            if keys:
                assert keys[0].has_class("-disabled")  # nothing listed yet
                break
            await pilot.pause(0.01)
        else:
            raise TimeoutError("the armies screen's footer was not drawn")
        listed.set()

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_help(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
              size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("f1")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_new_army_dialog(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                         size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+n")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_export_dialog(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                       size: tuple[int, int]) -> None:
    saved_army(tui_db)
    async def steps(pilot: Pilot[None]) -> None:
        await _army(pilot)
        await settle(pilot)
        await pilot.press("e")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_import_dialog(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                       size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+o")
        await pilot.pause()
        pilot.app.screen.query_one("#path", Input).value = "~/Downloads/mkstats.json"

    assert snapshot(snap_compare, tui_db, steps, size=size)


#: Twelve hand-made games: the battle screens' look, whatever the engine and players play
#: today (tests/tui/test_battle_screen.py runs the real batch).
GAMES = [("a", 130, 70), ("b", 60, 140), ("a", 150, 50), ("draw", 100, 100),
         ("a", 120, 80), ("a", 200, 20), ("b", 90, 110), ("a", 140, 60), ("a", 110, 90),
         ("b", 40, 160), ("a", 170, 30), ("a", 125, 75)]
STORY = ["A setup on a 36\" table, 3 round limit, 9 actions logged.",
         "  Rich: A Demo Warlord (demo:7, 80 pts)", "  Ian: a Demo Pikeman (demo:1, 10 pts)",
         "", "=== Round 1 ===", "Turn 1: Ian, 2 actions.",
         "  a Demo Pikeman moves 7.0\" to (17.1, 9.5).", "  -- round 1, after a turn --",
         "  +----+", "  |.a..|", "  |..A.|", "  +----+", "Turn 2: Rich, 2 actions.",
         "  A Demo Warlord attacks a Demo Pikeman: 2 clicks.", "",
         "Game over in round 1 (time limit): Rich 10 VP, Ian 0 VP. Rich wins."]


@pytest.fixture
def made_up_battles(monkeypatch: pytest.MonkeyPatch) -> None:
    def run_battles(db: Path, request: BattleRequest,
                    progress: Callable[[int, int], None] | None = None) -> BattleReport:
        results = tuple(GameResult(i, 1000 + i, w, a, b, 3 + i % 4, "time limit",
                                   "a" if i % 2 else "b", "south", ())
                        for i, (w, a, b) in enumerate(GAMES[: request.games]))
        return BattleReport(request, request.army_a, request.army_b, results, 1.5)

    class Told:
        def log_json(self) -> str:
            return "{}"

    monkeypatch.setattr(batch, "run_battles", run_battles)
    monkeypatch.setattr(batch, "replay_game", lambda db, request, index: Told())
    monkeypatch.setattr(replay, "narrate", lambda data, maps="round": iter(STORY))


@pytest.mark.usefixtures("made_up_battles")
@sizes
def test_battle(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                size: tuple[int, int]) -> None:
    battle_armies(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await choose(pilot, games=12)
        await pilot.press("ctrl+g")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@pytest.mark.usefixtures("made_up_battles")
@sizes
def test_battle_log(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                    size: tuple[int, int]) -> None:
    battle_armies(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await choose(pilot, games=12)
        await pilot.press("ctrl+g")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("right")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_builder_army_pane(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                           size: tuple[int, int]) -> None:
    """On a narrow terminal the builder shows the army on w; wider, this is the builder."""
    saved_army(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await _army(pilot)
        await pilot.press("w")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_figure_dialog(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                       size: tuple[int, int]) -> None:
    saved_army(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await _army(pilot)
        await search(pilot, "warlord")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("right", "down")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_ability_text(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                      size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await search(pilot, "warlord")
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("right", "right", "right", "enter")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_compare(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                 size: tuple[int, int]) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await search(pilot, "demo")
        await pilot.press("m", "m", "down", "down", "m", "down", "down", "down", "m")
        await settle(pilot)  # the card beside the table shows the figure under the cursor
        await pilot.press("k")

    assert snapshot(snap_compare, tui_db, steps, size=size)


@sizes
def test_share_code(snap_compare, tui_db: Path,  # type: ignore[no-untyped-def]
                    size: tuple[int, int]) -> None:
    saved_army(tui_db)

    async def steps(pilot: Pilot[None]) -> None:
        await _army(pilot)
        await pilot.press("ctrl+k")

    assert snapshot(snap_compare, tui_db, steps, size=size)
