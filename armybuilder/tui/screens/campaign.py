"""World Conquest: the map, the players' gold and armies, and each step of the turn as a
prompt with its choices. The AI's decisions and AI-only battles run in a worker with their
progress shown (escape stops between steps); every step is saved as it is taken, so a
campaign opened again resumes where it stood.

A battle a human takes part in is played on the play screen (pushed over this one: q
leaves it, saved) or auto-resolved, as the human chooses. Back from the play screen, a
game played to its end is the battle's result and the campaign goes on; a game left
half-played is offered again ("go on with the battle"), or the AI may finish it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Header, OptionList, RichLog, Select, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from armybuilder.text import counted, literal, literal_lines, shown
from armybuilder.tui.screens.base import AppScreen
from armybuilder.tui.widgets.campaign_map import PLAYER_STYLES, CampaignMap
from armybuilder.tui.widgets.footer import Footer

if TYPE_CHECKING:
    from armybuilder.campaign.choices import Choice
    from armybuilder.campaign.service import Runner

PROGRESS_SECONDS = 0.2
LOG_LINES = 200


@dataclass
class View:
    """What the screen shows of a campaign, made in a worker."""

    name: str
    data: dict[str, Any]
    prompt: str
    choices: list[Choice]
    human: bool  # a human decides now (else the AI, or the campaign is over)
    battle: list[str] = field(default_factory=list)  # the last battle's report


class CampaignScreen(AppScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "run", "Run the AI", tooltip="AI decisions and AI-only battles until a "
                                                  "human decides"),
        Binding("escape", "stop", "Stop", show=False),
        Binding("n", "new_campaign", "New campaign"),
        Binding("b", "last_battle", "Last battle", tooltip="The last battle's result"),
    ]

    @dataclass
    class Names(Message):
        names: list[str]

    @dataclass
    class Shown(Message):
        view: View

    @dataclass
    class Progressed(Message):
        turn: int
        round: int
        battles: int
        steps: int

    @dataclass
    class Failed(Message):
        error: str

    @dataclass
    class Finished(Message):
        why: str
        steps: int

    class Answered(Message):
        """A human player has decided: the AI players' decisions that follow run at once."""

    def __init__(self) -> None:
        super().__init__()
        self.runner: Runner | None = None
        self.view: View | None = None
        self.running = False
        self._choices: list[Choice] = []
        self._moving: int | None = None  # the band whose destination is being chosen
        self._wanted: str | None = None  # the campaign opened at once, shown in the list

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="campaign-bar"):
            yield Select[str]([], prompt="campaign", id="campaign-name", compact=True)
            yield Button("New (n)", id="campaign-new", compact=True)
            yield Button("Run AI (r)", id="campaign-run", variant="primary", compact=True)
            yield Static("", id="campaign-status")
        with Horizontal(id="campaign-body"):
            yield CampaignMap(id="campaign-map")
            with Vertical(id="campaign-side"):
                yield Static("", id="campaign-players")
                yield Static("", id="campaign-prompt")
                yield OptionList(id="campaign-choices")
                yield RichLog(id="campaign-log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "World Conquest"
        # Anchored: the newest entry stays in view through every layout until the player
        # scrolls back to read.
        self.query_one("#campaign-log", RichLog).anchor()
        self._status(Text("Open a campaign or start one with n (new); r runs the AI "
                          "players.", style="dim"))
        self.watch(self.app, "catalogue_version", lambda _: self._list())

    def on_screen_resume(self) -> None:
        self._list()

    def _status(self, text: str | Text) -> None:
        self.query_one("#campaign-status", Static).update(
            literal_lines(text) if isinstance(text, str) else text)

    # --- opening ------------------------------------------------------------------

    def _list(self) -> None:
        if self.army_app.services is not None:
            self._list_names()

    @work(thread=True, exclusive=True, group="campaign-names")
    def _list_names(self) -> None:
        from armybuilder.campaign.store import Campaigns

        services = self.army_app.services
        assert services is not None
        self.post_fresh(self.Names(Campaigns(services.catalogue).names()))

    def on_campaign_screen_names(self, message: Names) -> None:
        select: Select[str] = self.query_one("#campaign-name", Select)
        keep = select.value if select.value is not Select.NULL else self._wanted
        with self.prevent(Select.Changed):
            select.set_options([(literal(n), n) for n in message.names])
            if keep in message.names:
                select.value = keep

    @on(Select.Changed, "#campaign-name")
    def _chosen(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL and not self.running:
            self.open_campaign(str(event.value))

    def open_campaign(self, name: str) -> None:
        self._status(f"Opening {name}…")
        self._open(name)

    def play_at_once(self, name: str, game_id: int) -> None:
        """`armybuilder campaign play`: the campaign opened and its battle's game played
        over this screen, as when the player chooses to play it here: q on the play
        screen comes back to the campaign, which takes the game's result if it is over."""
        self._wanted = name
        self.open_campaign(name)
        self._open_play(game_id)

    @work(thread=True, exclusive=True, group="campaign")
    def _open(self, name: str) -> None:
        from armybuilder.campaign.service import Runner

        services = self.army_app.services
        assert services is not None
        try:
            runner = Runner.open(services.catalogue, name)
        except Exception as exc:  # CampaignError names the campaign and what is wrong
            self.post_message(self.Failed(str(exc)))
            return
        self.runner = runner
        self._take_played(runner)

    def _take_played(self, runner: Runner) -> None:
        """Show the campaign; a battle's game played to its end on the play screen is
        taken as its result first, reported, and the AI players go on (in a worker)."""
        from armybuilder.campaign.choices import battle_report

        try:
            taken = runner.take_played()
        except Exception as exc:  # PlayedError: which game, and why it is not the battle
            self.post_message(self.Failed(str(exc)))
            taken = None
        if taken is None:
            self.post_message(self.Shown(self._view(runner)))
            return
        report = battle_report(runner.campaign, taken)
        self.post_message(self.Shown(self._view(runner, report)))
        self.app.call_from_thread(self._report, report)
        self.post_message(self.Answered())

    @staticmethod
    def _view(runner: Runner, battle: list[str] | None = None) -> View:
        from armybuilder.campaign.choices import battle_report, choices
        from armybuilder.campaign.game import describe
        from armybuilder.campaign.narrate import as_json

        c = runner.campaign
        if battle is None:
            last: list[dict[str, Any]] = next((e["events"] for e in reversed(c.log)
                         if any(ev["e"] == "battle fought" for ev in e["events"])), [])
            battle = battle_report(c, last)
        human = runner.human_to_decide()
        saved = runner.playing() if human else None
        playing = None if saved is None else (saved.id, saved.round)
        return View(runner.name, as_json(c, runner.name, LOG_LINES), describe(c),
                    choices(c, playing) if human else [], human, battle)

    def on_campaign_screen_shown(self, message: Shown) -> None:
        self.view = message.view
        self._moving = None
        self._show(message.view)

    def on_campaign_screen_failed(self, message: Failed) -> None:
        self.running = False
        self._status(literal_lines(message.error, style="bold red"))
        self.notify(message.error, title="Campaign", severity="error", timeout=8,
                    markup=False)

    # --- showing ------------------------------------------------------------------

    def _show(self, view: View) -> None:
        data = view.data
        self.query_one(CampaignMap).data = data
        names = [p["name"] for p in data["players"]]
        players = Text()
        players.append(f"Turn {data['turn']}, round {data['round']}, "
                       f"{counted(data['battles'], 'battle')}\n", style="bold")
        for i, p in enumerate(data["players"]):
            players.append(f" {shown(p['name'])} ", style=PLAYER_STYLES[i % len(
                PLAYER_STYLES)])
            armies = sum(1 for a in p["armies"] if a["kind"] == "army")
            players.append(f" {p['gold']} gold, {len(p['territories'])} terr., {armies} "
                           f"arm.{' (out)' if p['out'] else ''} {p['seat']}\n")
        self.query_one("#campaign-players", Static).update(players)
        prompt = literal(view.prompt, style="bold")
        if data.get("winner"):
            prompt = literal(f"{data['winner']} controls every territory and wins.",
                             style="bold green")
        elif not view.human:
            prompt.append("\nAn AI decision: r runs the AI players.", style="dim")
        self.query_one("#campaign-prompt", Static).update(prompt)
        self._offer(view.choices)
        log = self.query_one("#campaign-log", RichLog)
        log.clear()
        for entry in data["log"][-LOG_LINES:]:
            log.write(literal(entry["text"]))
        self._status(literal(f"{view.name}: {len(names)} players, seed {data['seed']}"))

    def _offer(self, offered: list[Choice]) -> None:
        self._choices = offered
        options = self.query_one("#campaign-choices", OptionList)
        options.clear_options()
        options.add_options([Option(literal(ch.label), id=str(i))
                             for i, ch in enumerate(offered)])
        options.display = bool(offered)
        if offered:
            options.highlighted = 0
            options.focus()

    # --- choosing -----------------------------------------------------------------

    @on(OptionList.OptionSelected, "#campaign-choices")
    def _picked(self, event: OptionList.OptionSelected) -> None:
        if self.running or self.runner is None:
            return
        index = int(event.option.id or 0)
        if not 0 <= index < len(self._choices):
            return
        self.choose(self._choices[index])

    def choose(self, ch: Choice) -> None:
        from armybuilder.campaign import choices as options

        runner = self.runner
        assert runner is not None
        if ch.action is not None:
            self._do(ch.action)
        elif ch.needs == options.MOVE and ch.band is not None:
            self._moving = ch.band
            back = options.Choice("Back to the list")
            self._offer([*options.destinations(runner.campaign, ch.band), back])
        elif ch.needs == options.BUY:
            self._open_pool()
        elif ch.needs == options.FIGHT:
            self._fight()
        elif ch.needs == options.PLAY:
            self._status("Setting the scene for the battle…")
            self._play()
        elif self.view is not None:  # "Back"
            self._offer(self.view.choices)

    def _open_pool(self) -> None:
        from armybuilder.campaign import choices as options
        from armybuilder.tui.screens.campaign_dialogs import PoolScreen

        runner = self.runner
        assert runner is not None
        c = runner.campaign
        d = c.decision()
        assert d is not None and d.player is not None
        player = d.player
        armies = [(f"army {b.id} in {b.territory} ({counted(len(b.warriors), 'warrior')})", b.id)
                  for b in sorted(c.armies_of(player), key=lambda b: b.id)]

        def bought(purchase: Any) -> None:
            if purchase is not None:
                from armybuilder.campaign.actions import Buy

                self._do(Buy(player, purchase.figure, purchase.army))

        self.app.push_screen(PoolScreen(
            options.pool_rows(c, player), options.pool_facets(c), armies,
            c.players[player].gold, lambda f: options.pool_rows(c, player, f)), bought)

    @work(thread=True, exclusive=True, group="campaign")
    def _do(self, action: Any) -> None:
        runner = self.runner
        assert runner is not None
        try:
            runner.act(action)
        except Exception as exc:  # CampaignRuleError names the rule
            self.post_message(self.Failed(str(exc)))
            return
        self.post_message(self.Shown(self._view(runner)))
        self.post_message(self.Answered())

    @work(thread=True, exclusive=True, group="campaign")
    def _fight(self) -> None:
        from armybuilder.campaign.choices import battle_report

        runner = self.runner
        assert runner is not None
        self.post_message(self.Progressed(runner.campaign.turn, runner.campaign.round,
                                          runner.campaign.battles, -1))
        try:
            events = runner.fight()
        except Exception as exc:
            self.post_message(self.Failed(str(exc)))
            return
        report = battle_report(runner.campaign, events)
        self.post_message(self.Shown(self._view(runner, report)))
        self.app.call_from_thread(self._report, report)
        self.post_message(self.Answered())

    # --- a battle played on the play screen ---------------------------------------

    @work(thread=True, exclusive=True, group="campaign")
    def _play(self) -> None:
        runner = self.runner
        assert runner is not None
        try:
            game_id = runner.play_battle()
        except Exception as exc:  # CampaignError: no battle awaits a human
            self.post_message(self.Failed(str(exc)))
            return
        self.app.call_from_thread(self._open_play, game_id)

    def _open_play(self, game_id: int) -> None:
        from armybuilder.tui.screens.play import PlayScreen

        self._status(f"Battle played as game {game_id}: q on the play screen comes back "
                     "here (saved)")
        self.app.push_screen(PlayScreen(game_id), self._back_from_play)

    def _back_from_play(self, _: object = None) -> None:
        if self.runner is not None:
            self._status("Back from the play screen…")
            self._after_play()

    @work(thread=True, exclusive=True, group="campaign")
    def _after_play(self) -> None:
        runner = self.runner
        assert runner is not None
        self._take_played(runner)

    def _report(self, lines: list[str]) -> None:
        from armybuilder.tui.screens.campaign_dialogs import BattleResultScreen

        if lines:
            self.app.push_screen(BattleResultScreen(lines))

    def action_last_battle(self) -> None:
        if self.view is not None:
            self._report(self.view.battle)

    # --- the AI -------------------------------------------------------------------

    def on_campaign_screen_answered(self, message: Answered) -> None:
        view = self.view
        if view is not None and not view.human and not view.data.get("winner"):
            self.action_run()

    @on(Button.Pressed, "#campaign-run")
    def action_run(self) -> None:
        if self.runner is None or self.running:
            return
        self.running = True
        self.query_one("#campaign-run", Button).disabled = True
        self._status("The AI players are deciding…")
        self._run_ai()

    @work(thread=True, exclusive=True, group="campaign-run")
    def _run_ai(self) -> None:
        runner = self.runner
        assert runner is not None
        worker = get_current_worker()
        last = [0.0]
        first = len(runner.campaign.log)

        def progress(c: Any, kind: str) -> None:
            now = time.monotonic()
            if now - last[0] >= PROGRESS_SECONDS:
                last[0] = now
                self.post_message(self.Progressed(c.turn, c.round, c.battles,
                                                  len(c.log) - first))

        try:
            why = runner.run(progress=progress, stop=lambda: worker.is_cancelled)
        except Exception as exc:
            self.post_message(self.Failed(str(exc)))
            return
        view = self._view(runner)
        self.post_message(self.Shown(view))
        self.post_message(self.Finished(why, len(runner.campaign.log) - first))

    def on_campaign_screen_progressed(self, message: Progressed) -> None:
        if message.steps < 0:
            self._status("The battle is being fought…")
            return
        self._status(f"AI: turn {message.turn}, round {message.round}, "
                     f"{counted(message.battles, 'battle')}, {counted(message.steps, 'step')} "
                     "so far (esc stops)")

    def on_campaign_screen_finished(self, message: Finished) -> None:
        self.running = False
        self.query_one("#campaign-run", Button).disabled = False
        said = {"won": "the campaign is won", "human": "a human player decides now",
                "stopped": "stopped"}.get(message.why, message.why)
        self._status(f"{counted(message.steps, 'step')}: {said}")

    def action_stop(self) -> None:
        if self.running:
            self.workers.cancel_group(self, "campaign-run")
            self._status("Stopping after this step…")

    # --- a new campaign -----------------------------------------------------------

    @on(Button.Pressed, "#campaign-new")
    def action_new_campaign(self) -> None:
        services = self.army_app.services
        if services is None or self.running:
            return
        from armybuilder.tui.screens.campaign_dialogs import NewCampaignScreen

        def made(new: Any) -> None:
            if new is not None:
                self._status(f"Mustering {new.name}…")
                self._create(new)

        self.app.push_screen(NewCampaignScreen(self.army_app.army_names), made)

    @work(thread=True, exclusive=True, group="campaign")
    def _create(self, new: Any) -> None:
        from armybuilder.campaign.service import Runner, muster

        services = self.army_app.services
        assert services is not None
        try:
            mustered = muster(services.catalogue, new.armies, seats=new.seats, seed=new.seed,
                              pool=new.pool)
            runner = Runner.new(services.catalogue, new.name, mustered.start)
        except Exception as exc:  # CampaignError: which army, which rule
            self.post_message(self.Failed(str(exc)))
            return
        from armybuilder.campaign.store import Campaigns

        self.runner = runner
        self.post_message(self.Names(Campaigns(services.catalogue).names()))
        self.post_message(self.Shown(self._view(runner)))
        if mustered.notes:
            # The names taken for typos and what the pool left out, as the command says.
            self.app.call_from_thread(self.notify, "\n".join(mustered.notes),
                                      title="Campaign", timeout=8, markup=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "stop" and not self.running:
            return None
        if action in ("run", "last_battle") and self.runner is None:
            return None
        return True
