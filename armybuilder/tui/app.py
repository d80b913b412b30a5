"""The armybuilder app: catalogue, army builder and saved armies on the embedded database.

``create_app`` is the one factory, used by ``armybuilder`` and by the tests.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel
from textual.reactive import reactive
from textual.screen import Screen

from armybuilder.text import shown_lines
from armybuilder.tui.army_editor import ArmyChecked, ArmyEditFailed, ArmyEditor
from armybuilder.tui.commands import ActionsProvider
from armybuilder.tui.delivery import in_browser, offer_file
from armybuilder.tui.first_look import FirstLook, first_look
from armybuilder.tui.screens.armies import ArmiesScreen
from armybuilder.tui.screens.battle import BattleScreen
from armybuilder.tui.screens.battle_log import BattleLogScreen
from armybuilder.tui.screens.builder import BuilderScreen
from armybuilder.tui.screens.campaign import CampaignScreen
from armybuilder.tui.screens.catalogue import CatalogueScreen
from armybuilder.tui.screens.draft import DraftScreen
from armybuilder.tui.screens.export_army import ExportArmyScreen
from armybuilder.tui.screens.figure import FigureScreen
from armybuilder.tui.screens.gauntlet import GauntletScreen
from armybuilder.tui.screens.help import HelpScreen
from armybuilder.tui.screens.import_catalogue import ImportCatalogueScreen
from armybuilder.tui.screens.new_army import NewArmy, NewArmyScreen
from armybuilder.tui.screens.tournament import TournamentScreen
from armybuilder.tui.web_keys import web_help, web_keymap
from armybuilder.tui.widgets.figure_table import FigureTable

if TYPE_CHECKING:
    from armybuilder.armies.checks import ArmyCheck
    from armybuilder.armies.service import SavedEntry
    from armybuilder.sim.advisor import Change
    from armybuilder.tui.services import Services


#: Said in a browser where the app would read a file: a page reads none on the server's disk.
IN_BROWSER_IMPORT = ("In a browser the catalogue is loaded where the server runs: "
                     "armybuilder catalogue update (or catalogue import PATH) there, then "
                     "reopen this page.")


class ArmyBuilderApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "armybuilder"
    COMMANDS = App.COMMANDS | {ActionsProvider}
    MODES: ClassVar[dict[str, Any]] = {
        "catalogue": CatalogueScreen,
        "builder": BuilderScreen,
        "armies": ArmiesScreen,
        "battle": BattleScreen,
        "gauntlet": GauntletScreen,
        "campaign": CampaignScreen,
        "tournament": TournamentScreen,
        "draft": DraftScreen,
    }
    DEFAULT_MODE = "catalogue"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("f2", "switch_mode('catalogue')", "Catalogue"),
        Binding("f3", "switch_mode('builder')", "Builder"),
        Binding("f4", "switch_mode('armies')", "Armies"),
        # The ids name the keys a browser keeps for itself (web_keys.py).
        Binding("f5", "switch_mode('battle')", "Battle", tooltip="Test battles between armies",
                id="battle"),
        Binding("f6", "switch_mode('campaign')", "Campaign",
                tooltip="World Conquest campaigns", id="campaign"),
        # Not in the footer (it is full at 200 columns): F1 and the palette list them.
        Binding("f7", "switch_mode('tournament')", "Tournament", show=False,
                tooltip="Club tournaments: lists, pairings, results, standings",
                id="tournament"),
        Binding("f8", "switch_mode('draft')", "Draft", show=False, tooltip="Booster drafts"),
        Binding("ctrl+o", "import_catalogue", "Import catalogue", show=False),
        Binding("ctrl+n", "new_army", "New army", show=False, id="new-army"),
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True, id="quit"),
    ]

    #: Bumped when the database opens and after every import; screens watch it.
    catalogue_version: reactive[int] = reactive(0)
    army_name: reactive[str | None] = reactive(None)
    army_check: reactive[ArmyCheck | None] = reactive(None, always_update=True)
    #: Bumped whenever a saved army changes, so the armies list knows when to reload.
    armies_version: reactive[int] = reactive(0)
    #: The figure table read with plain sqlite3 while the database layer still loads.
    first_look: reactive[FirstLook | None] = reactive(None)

    def __init__(self, db_path: Path | None = None, *, first_run: bool = True,
                 play: int | None = None, choose_game: bool = False,
                 leave_to_shell: bool = False, campaign: str | None = None) -> None:
        # Start importing the database layer (SQLAlchemy, openpyxl: most of a cold start)
        # while Textual starts up; the worker that opens the database then finds it loaded.
        threading.Thread(target=_preload_services, name="preload", daemon=True).start()
        super().__init__()
        self.db_path = db_path
        self.services: Services | None = None
        self.show_first_run = first_run
        #: `armybuilder play`: the saved game to open at once, or the unfinished games.
        self.play_game = play
        self.choose_game = choose_game
        #: Leaving the game opened at once leaves the app (`armybuilder play`: back to the
        #: shell it came from).
        self.leave_to_shell = leave_to_shell
        #: `armybuilder campaign play`: the campaign whose battle ``play`` is; the game
        #: opens over that campaign's screen, so leaving it goes back there.
        self.campaign = campaign
        self.editor = ArmyEditor(self)
        self.army_names: list[str] = []  # for the command palette; kept fresh by the screens

    # --- the database -------------------------------------------------------------

    def on_mount(self) -> None:
        if in_browser(self):
            self.set_keymap(web_keymap())
        self._glance()
        self._open_database()

    def on_resize(self, event: events.Resize) -> None:
        # Rich measures text (a log's lines) against the terminal it finds on the standard
        # streams, or 80 columns where there is none (headless: tests, a pipe); the app's
        # own size is the terminal it draws on, so what it measures cannot depend on that.
        self.console.size = (event.size.width, event.size.height)

    @work(thread=True, group="first-look")
    def _glance(self) -> None:
        from armybuilder.paths import default_database

        look = first_look(self.db_path or default_database())
        if look is not None and self.services is None:
            self.call_from_thread(setattr, self, "first_look", look)

    @work(thread=True, exclusive=True, group="database")
    def _open_database(self) -> None:
        # The database layer is imported here, in the worker, so the first frame does not
        # wait for SQLAlchemy.
        from armybuilder.tui.services import Services

        try:
            services = Services.open(self.db_path)
            self.army_names = services.armies.names()
        except Exception as exc:  # a broken or newer database file: say so and stop
            self.call_from_thread(self.exit, None, 2,
                                  f"armybuilder: error: {shown_lines(exc)}")
            return
        self.call_from_thread(self._database_opened, services)

    def _database_opened(self, services: Services) -> None:
        self.services = services
        self.catalogue_version += 1
        self.first_look = None
        if self.play_game is not None or self.choose_game:
            self._open_play()
        elif self.show_first_run and services.summary.get("only_demo"):
            if in_browser(self):
                # The catalogue is loaded where the server runs, not from a page.
                self.notify(f"The catalogue holds only the demo figures. {IN_BROWSER_IMPORT}",
                            title="Demo catalogue", timeout=10)
                return
            # Imported here: Markdown is a tenth of a second of the first frame otherwise.
            from armybuilder.tui.screens.first_run import FirstRunScreen

            self.push_screen(FirstRunScreen(), self._after_first_run)

    def _open_play(self) -> None:
        from armybuilder.tui.screens.play import PlayScreen
        from armybuilder.tui.screens.play_dialogs import GamesScreen

        if self.play_game is not None:
            if self.leave_to_shell:
                # `armybuilder play`: leaving the game leaves the app, back to the shell.
                self.push_screen(PlayScreen(self.play_game), lambda _: self.exit())
            elif self.campaign is not None:
                self.run_worker(self._play_in_campaign(self.campaign, self.play_game),
                                group="campaign-play")
            else:
                self.push_screen(PlayScreen(self.play_game))
        else:
            self.push_screen(GamesScreen(only_unfinished=True))

    async def _play_in_campaign(self, name: str, game_id: int) -> None:
        # As a battle played from the campaign screen: the game over that screen, which
        # takes its result when the player leaves it.
        await self.switch_mode("campaign")
        screen = self.screen
        assert isinstance(screen, CampaignScreen)
        screen.play_at_once(name, game_id)

    def _after_first_run(self, choice: str | None) -> None:
        if choice == "import":
            self.action_import_catalogue()

    def on_unmount(self) -> None:
        if self.services is not None:
            self.services.close()

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notification is plain text: messages carry army and figure names, which
        are shown literally (armybuilder.text), never read as markup."""
        super().notify(shown_lines(message), title=shown_lines(title), severity=severity,
                       timeout=timeout, markup=False)

    def action_help_quit(self) -> None:
        """ctrl+c, pressed to leave: which key does (Textual's own words carry markup,
        and every notification here is plain text)."""
        self.notify("Press ctrl+q to quit armybuilder.", title="Do you want to quit?")

    # --- the open army ------------------------------------------------------------

    def open_army(self, name: str, show: bool = True) -> None:
        self.army_name = name
        self.editor.submit(name, lambda s, n: None)
        if show:
            self.switch_mode("builder")

    def close_army(self) -> None:
        self.army_name = None
        self.army_check = None

    def on_army_checked(self, message: ArmyChecked) -> None:
        self.army_name = message.checked.army.name
        self.army_check = message.checked
        self.armies_version += 1
        if message.said:
            self.notify(message.said, timeout=2)

    def on_army_edit_failed(self, message: ArmyEditFailed) -> None:
        if message.quiet:
            self.notify(message.error, timeout=2)
            return
        self.notify(message.error, title="Army not changed", severity="error", timeout=8)

    def undo(self, redo: bool = False) -> None:
        if self.army_name is not None:
            self.editor.undo(self.army_name, redo)

    def add_to_army(self, key: str, castle: str = "", label: str = "") -> None:
        name = self.army_name
        if name is None:
            self.notify("Open an army first (F4), or start one (ctrl+n).", severity="warning")
            return

        def add(s: Services, army: str) -> None:
            s.armies.add(army, key, castle=castle or None)

        self.editor.submit(name, add)
        if not isinstance(self.screen, BuilderScreen):
            self.notify(f"Added {label or key} to {name}", timeout=2)

    def _entry_shown(self, index: int) -> tuple[str, str, str] | None:
        """The entry at ``index`` of the army as the player sees it, by what it is: the
        saved list may have changed since (another window, another program)."""
        checked = self.army_check
        if checked is None or not 0 <= index < len(checked.army.entries):
            return None
        e = checked.army.entries[index]
        return e.figure_key, e.castle, e.passenger

    def remove_entry(self, index: int, count: int | None) -> None:
        """Take ``count`` (None: all) of the army's entry at ``index`` out of it."""
        name = self.army_name
        which = self._entry_shown(index)
        if name is None or which is None:
            return

        def remove(s: Services, army: str) -> None:
            def change(entries: list[SavedEntry]) -> list[SavedEntry]:
                for i, e in enumerate(entries):
                    if (e.figure_key, e.castle, e.passenger) == which:
                        if count is not None and e.count > count:
                            e.count -= count
                        else:
                            del entries[i]
                        break
                return entries

            s.armies.edit_entries(army, change)

        self.editor.submit(name, remove)

    def toggle_castle(self, index: int) -> None:
        name = self.army_name
        which = self._entry_shown(index)
        if name is None or which is None:
            return

        def toggle(s: Services, army: str) -> None:
            from armybuilder.tui.services import merged

            def change(entries: list[SavedEntry]) -> list[SavedEntry]:
                # Castle rules, Point Value: a section plays at its Heavy or its Light value.
                for e in entries:
                    if (e.figure_key, e.castle, e.passenger) == which:
                        e.castle = "light" if e.castle != "light" else "heavy"
                        break
                return merged(entries)

            s.armies.edit_entries(army, change)

        self.editor.submit(name, toggle)

    def apply_change(self, change: Change) -> None:
        """One of the advisor's changes (sim/advisor.py), as one undoable edit."""
        name = self.army_name
        if name is None:
            return

        def apply(s: Services, army: str) -> None:
            saved = s.armies.get(army)
            s.replace_entries(saved, change.apply(saved).entries)

        self.editor.submit(name, apply, f"Applied: {change.words} (ctrl+z undoes it)")

    def set_army(self, **values: Any) -> None:
        name = self.army_name
        if name is None:
            return
        chosen = {k: v for k, v in values.items() if v is not None}

        def change(s: Services, army: str) -> None:
            s.armies.set(army, **chosen)

        self.editor.submit(name, change)

    def view_figure(self, key: str) -> None:
        self._load_figure(key)

    @work(thread=True, exclusive=True, group="view-figure")
    def _load_figure(self, key: str) -> None:
        if self.services is None:
            return
        try:
            view = self.services.figure_view(key)
        except ValueError as exc:
            self.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.call_from_thread(self.push_screen, FigureScreen(view, self.services))

    def compare(self, marked: list[str], highlighted: str | None) -> None:
        """The marked figures side by side (the highlighted one joins a single mark)."""
        keys = list(marked)
        if len(keys) == 1 and highlighted and highlighted not in keys:
            keys.append(highlighted)
        if not 2 <= len(keys) <= 4:
            self.notify("Mark two to four figures with m, then press k.", severity="warning",
                        timeout=4)
            return
        self._load_compare(keys)

    @work(thread=True, exclusive=True, group="view-figure")
    def _load_compare(self, keys: list[str]) -> None:
        if self.services is None:
            return
        from armybuilder.tui.screens.compare import CompareScreen

        try:
            figures = [self.services.figure_view(k).figure for k in keys]
        except ValueError as exc:
            self.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.call_from_thread(self.push_screen, CompareScreen(figures, self.services.abilities))

    def share_code(self, name: str) -> None:
        self._load_code(name)

    @work(thread=True, exclusive=True, group="share-code")
    def _load_code(self, name: str) -> None:
        if self.services is None:
            return
        from armybuilder.armies.transfer import share_code
        from armybuilder.tui.screens.share_code import ShareCodeScreen

        try:
            code = share_code(self.services.armies, name)
        except ValueError as exc:
            self.call_from_thread(self.notify, str(exc), severity="error")
            return
        self.call_from_thread(self.push_screen, ShareCodeScreen(name, code))

    def export_army(self, name: str) -> None:
        if self.services is None:
            return

        def done(path: Path | None) -> None:
            if path is not None:  # None: cancelled, or downloaded by a browser
                self.notify(f"Wrote {path}", title="Army exported", timeout=6)

        self.push_screen(ExportArmyScreen(name, self.services), done)

    # --- actions ------------------------------------------------------------------

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            groups = self.binding_groups()
            # The keys of the screen you are on come first (F1 in a game: the play keys).
            here = HELP_FIRST.get(type(self.screen).__name__)
            groups.sort(key=lambda group: group[0] != here)
            self.push_screen(HelpScreen(groups))

    def action_import_catalogue(self) -> None:
        if self.services is None or isinstance(self.screen, ImportCatalogueScreen):
            return
        if in_browser(self):
            # A page reads no file on the server's disk.
            self.notify(IN_BROWSER_IMPORT, title="Import catalogue", severity="warning",
                        timeout=10)
            return

        def done(summary: dict[str, Any] | None) -> None:
            if summary is not None:
                self.catalogue_version += 1
                if self.army_name:  # its figures may have new points: check it again
                    self.editor.submit(self.army_name, lambda s, n: None)

        self.push_screen(ImportCatalogueScreen(self.services), done)

    def action_new_army(self) -> None:
        if self.services is None:
            return
        services = self.services

        def done(new: NewArmy | None) -> None:
            if new is None:
                return

            def create(s: Services, _: str) -> str:
                return s.armies.new(new.name, new.build_total, new.profile,
                                    castle_player=new.castle_player).name

            self.army_name = new.name
            self.editor.submit(new.name, create, f"New army {new.name}")
            self.switch_mode("builder")

        self.push_screen(NewArmyScreen(services.profiles), done)

    def action_export_army(self) -> None:
        if self.army_name:
            self.export_army(self.army_name)

    def action_export_catalogue(self) -> None:
        """The whole catalogue as a workbook in the layout ``catalogue import`` reads."""
        services = self.services
        if services is not None:
            offer_file(self, "armybuilder-catalogue.xlsx", services.catalogue.workbook)

    def binding_groups(self) -> list[tuple[str, list[BindingType]]]:
        """Every binding, screen by screen, for the help screen."""
        web = [("In a browser", web_help())] if in_browser(self) else []
        return [
            *web,
            ("Everywhere", [*self.BINDINGS,
                            Binding("ctrl+p", "command_palette", "Command palette")]),
            ("Catalogue (F2)", [*CatalogueScreen.BINDINGS,
                                Binding("up,down", "", "Move through the figures"),
                                Binding("enter", "", "Open the figure's card"),
                                Binding("escape", "", "Back to the table")]),
            ("Figure tables", list(FigureTable.BINDINGS)),
            ("A figure's card", [Binding("up,down,left,right", "", "Choose a dial cell"),
                                 Binding("enter,r", "", "The cell's ability: its rules text")]),
            ("Army builder (F3)", [*BuilderScreen.BINDINGS,
                                   Binding("tab", "", "Next field or table")]),
            ("Armies (F4)", list(ArmiesScreen.BINDINGS)),
            ("Battle (F5)", [*BattleScreen.BINDINGS,
                             Binding("enter", "", "Open the highlighted game's log")]),
            ("Gauntlet (ctrl+t on Battle)", [
                *GauntletScreen.BINDINGS,
                Binding("space", "", "Tick or untick the highlighted army"),
                Binding("enter", "", "Open the highlighted pair's games")]),
            ("A game's log", list(BattleLogScreen.BINDINGS)),
            ("Playing a battle", play_keys()),
            ("Campaign (F6)", [*CampaignScreen.BINDINGS,
                               Binding("enter", "", "Take the highlighted choice")]),
            ("Tournament (F7)", list(TournamentScreen.BINDINGS)),
            ("Draft (F8)", list(DraftScreen.BINDINGS)),
            ("Filters", [Binding("slash", "", "Type part of a figure's name"),
                         Binding("tab,shift+tab", "", "Next or previous filter"),
                         Binding("enter", "", "Search now and go to the table"),
                         Binding("ctrl+r", "", "Clear every filter")]),
        ]

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Database location", "Show where the catalogue and armies live",
                            self._say_database)

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        """Commands that need a name: open a saved army, choose the open army's profile."""
        out: list[tuple[str, str, Any]] = [
            (f"Open army: {name}", "Open this army in the builder", partial(self.open_army, name))
            for name in self.army_names]
        if self.army_name and self.services:
            out += [(f"Profile: {p.title or name}", p.description,
                     partial(self.set_army, profile=name))
                    for name, p in self.services.profiles.items()]
        return out

    def _say_database(self) -> None:
        where = self.services.catalogue.path if self.services else self.db_path
        self.notify(f"{where}", title="Database", timeout=8)


#: The help screen's group for each screen's keys, put first when F1 is pressed there.
HELP_FIRST = {"PlayScreen": "Playing a battle", "BattleLogScreen": "A game's log",
              "GauntletScreen": "Gauntlet (ctrl+t on Battle)"}


def play_keys() -> list[BindingType]:
    from armybuilder.tui.screens.play import PlayScreen

    return [*PlayScreen.BINDINGS,
            Binding("arrows", "", "Steer the ghost base (a move, a placement)"),
            Binding("mouse", "", "Click a figure to select it, or a place to steer to")]


def _preload_services() -> None:
    import armybuilder.tui.services  # noqa: F401


def create_app(db_path: Path | None = None, *, first_run: bool = True,
               play: int | None = None, choose_game: bool = False,
               leave_to_shell: bool = False, campaign: str | None = None) -> ArmyBuilderApp:
    """The app on ``db_path`` (None: ARMYBUILDER_DB or the user data folder); ``play``
    opens that saved game at once (``leave_to_shell``: leaving it closes the app;
    ``campaign``: the game is that campaign's battle, and leaving it goes to the
    campaign's screen), ``choose_game`` the list of unfinished games."""
    return ArmyBuilderApp(Path(db_path) if db_path is not None else None, first_run=first_run,
                          play=play, choose_game=choose_game, leave_to_shell=leave_to_shell,
                          campaign=campaign)


def run_app(db_path: Path | None = None, play: int | None = None,
            choose_game: bool = False, leave_to_shell: bool = False,
            campaign: str | None = None) -> int:
    app = create_app(db_path, play=play, choose_game=choose_game,
                     leave_to_shell=leave_to_shell, campaign=campaign)
    app.run()
    return app.return_code or 0
