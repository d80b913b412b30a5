"""The World Conquest map: 36 territories coloured by their owner, each with its faction
region, the HQ, fortifications, weather and the warriors standing there. The cells grow
with the widget: one line each on a small terminal, up to three on a large one."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from armybuilder.text import shown

#: Owners' colours, by seat; neutral territories stay on the screen's background.
PLAYER_STYLES = ("bold white on dark_red", "bold white on dark_blue",
                 "bold black on green3", "bold black on gold3",
                 "bold white on dark_magenta", "bold black on dark_cyan")
#: The faction regions' codes in colour, so that a region reads as one.
REGION_STYLES = {"AG": "cyan", "NS": "magenta", "EL": "green", "BP": "yellow",
                 "KI": "bright_white", "OR": "red", "MS": "bright_magenta",
                 "SH": "bright_blue", "DR": "bright_red"}
FORT = {"banner": "b", "outpost": "O", "fort": "F", "castle": "C"}
PAD = " "


class CampaignMap(Widget):
    """Renders the ``map`` and ``players`` of ``campaign.narrate.as_json``."""

    DEFAULT_CSS = """
    CampaignMap { width: auto; height: auto; min-width: 40; }
    """

    data: reactive[dict[str, Any] | None] = reactive(None, layout=True)

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return 4 + 6 * self._cell_width(viewport.width)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return 2 + 6 * self._cell_height(viewport.height) + len(
            _key_lines(4 + 6 * self._cell_width(viewport.width)))

    @staticmethod
    def _cell_width(width: int) -> int:
        return 6 if width < 100 else 10 if width < 160 else 14

    @staticmethod
    def _cell_height(height: int) -> int:
        return 1 if height < 30 else 2 if height < 50 else 3

    def render(self) -> RenderableType:
        data = self.data
        if data is None:
            return Text("No campaign open.", style="dim")
        screen = self.app.size
        cw, ch = self._cell_width(screen.width), self._cell_height(screen.height)
        names = [p["name"] for p in data["players"]]
        out = Text(no_wrap=True, overflow="crop")
        out.append(PAD * 3 + "".join(f"{PAD}{c:<{cw - 1}}" for c in "ABCDEF") + "\n",
                   style="bold")
        cells = {t["territory"]: t for t in data["map"]}
        for row in range(1, 7):
            for line in range(ch):
                out.append(f"{PAD}{row} " if line == 0 else PAD * 3, style="bold")
                for col in "ABCDEF":
                    t = cells[f"{col}{row}"]
                    out.append_text(self._cell(t, line, cw, names))
                out.append("\n")
        out.append_text(self._legend(names))
        return out

    def _cell(self, t: dict[str, Any], line: int, width: int, names: list[str]) -> Text:
        from armybuilder.campaign.world import CODE_OF

        owner = t["owner"]
        style = PLAYER_STYLES[names.index(owner) % len(PLAYER_STYLES)] if owner else ""
        code = CODE_OF[t["faction"]]
        mark = ("*" if t["hq_of"] else "") + FORT.get(t["fortification"] or "", "")
        weather = "~" if t["weather"] else ""
        waste = "x" if t["wasteland"] else ""
        troops = str(t["warriors"]) if t.get("warriors") else ""
        if line == 0:
            left = f"{code}{mark}{weather}{waste}"
            text = f" {left:<{width - 1 - len(troops) - 1}}{troops} " if width >= 8 \
                else f"{code}{mark[:1]}{(weather or waste)[:1]}{troops[:2]}"
            cell = Text(f"{text:<{width}}"[:width], style=style)
            if not owner:
                cell.stylize(REGION_STYLES.get(code, ""), 0, 3)
            return cell
        if line == 1:
            words = shown(owner or "") + (f" {', '.join(t['weather'])}" if t["weather"]
                                          and width >= 12 else "")
        else:
            words = t["territory"]
        return Text(f" {words}"[:width].ljust(width), style=style or "dim")

    def _legend(self, names: list[str]) -> Text:
        out = Text(PAD)
        for i, name in enumerate(names):
            out.append(f" {shown(name)} ", style=PLAYER_STYLES[i % len(PLAYER_STYLES)])
            out.append(" ")
        # The key in as many lines as the map is wide: whole on a small terminal too.
        for line in _key_lines(4 + 6 * self._cell_width(self.app.size.width)):
            out.append(f"\n{PAD}{line}", style="dim")
        return out


#: What the marks on the map mean.
KEY = ("* HQ", "b banner", "O outpost", "F fort", "C castle", "~ weather", "x wasteland")


def _key_lines(width: int) -> list[str]:
    """The map's key in lines of at most ``width`` characters (after the margin)."""
    lines = [""]
    for item in KEY:
        if lines[-1] and len(PAD) + len(lines[-1]) + 2 + len(item) > width:
            lines.append("")
        lines[-1] += ("  " if lines[-1] else "") + item
    return lines
