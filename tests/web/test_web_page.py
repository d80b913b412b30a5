"""The whole app on a web page (`armybuilder serve`), in a real headless Chromium: the page
loads and draws the app, keys reach it, an export arrives as a downloaded file, a page
without its token is refused, and four tabs building armies at once lose no write.

The page's load time and the keystroke's round trip are measured here, on the page's own
clock, and printed (``-s`` shows them; the README quotes them)."""

from __future__ import annotations

import io
import statistics
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from openpyxl import load_workbook
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from armybuilder.armies.service import Armies
from armybuilder.armies.transfer import share_code
from armybuilder.catalogue.service import Catalogue
from web.web_support import PATIENCE, Browser, Served, Tab, serving

#: One worker runs the module: its browser and server are started once, not on each.
pytestmark = pytest.mark.xdist_group("browser")

#: The browser's window; the page's terminal fills it.
WINDOW = (1280, 800)


def army(db: Path, name: str) -> dict[str, int]:
    """The saved army's figures and counts, read from the database file."""
    catalogue = Catalogue.open(db)
    try:
        return {e.figure_key: e.count for e in Armies(catalogue).get(name).entries}
    finally:
        catalogue.close()


def answer_ms(browser: Browser, tab: Tab, *expected: str, gone: tuple[str, ...] = ()
              ) -> float:
    """Milliseconds from the last key handed to the page to the frame that showed
    ``expected``: a keystroke's round trip through the server and the app, on the page's
    own clock."""
    browser.wait_for(tab, *expected, gone=gone)
    return tab.times[-1] - browser.keys_at()[-1]


def typed_ms(browser: Browser, tab: Tab, text: str) -> list[float]:
    """Each letter of ``text`` typed into the focused name filter, waiting for its echo:
    the round trip of one keystroke, letter by letter."""
    out = []
    for at in range(1, len(text) + 1):
        browser.press(tab, text[at - 1])
        browser.wait_until(tab, lambda screen, typed=text[:at]: screen.splitlines()[1]
                           .strip().startswith(typed), f"{text[:at]!r} in the name filter")
        out.append(tab.times[-1] - browser.keys_at()[-1])
    return out


def test_the_builder_in_a_browser(browser: Browser, served: Served, web_db: Path) -> None:
    tab = browser.open(served.address)
    text = browser.wait_for(tab, "Catalogue", "Demo Warlord", "alt+b Battle")
    load_ms = tab.times[-1]  # navigation start is 0 on the page's clock
    assert "f5 Battle" not in text  # the footer offers what a browser leaves to the page

    switches = []
    browser.press(tab, Keys.F3)
    switches.append(answer_ms(browser, tab, "armybuilder — Army builder"))
    browser.press(tab, Keys.F2)
    switches.append(answer_ms(browser, tab, "armybuilder — Catalogue"))
    # A search: / to the name filter, the name typed, enter back to the table.
    browser.press(tab, "/")
    echoes = typed_ms(browser, tab, "Pikeman")
    browser.press(tab, Keys.ENTER)
    browser.wait_for(tab, "3 figures", "Demo Pikeman", gone=("Demo Warlord",))

    # A new army (alt+n: ctrl+n would open a browser window), then a figure added to it.
    browser.press(tab, "alt+n")
    switches.append(answer_ms(browser, tab, "New army", "castle player"))
    browser.press(tab, "Browser Club", Keys.ENTER)
    browser.wait_for(tab, "armybuilder — Army builder", "Browser Club", "0 / 200 points")
    browser.press(tab, "/", "Pikeman", Keys.ENTER)
    browser.wait_for(tab, "3 figures", "Demo Pikeman", gone=("Demo Warlord",))
    browser.press(tab, "a")
    added_ms = answer_ms(browser, tab, "10 / 200 points")
    assert army(web_db, "Browser Club") == {"demo:1": 1}  # saved as it was shown

    builder_looks_drawn(browser)

    # An export: the army as a workbook, downloaded and read back.
    browser.press(tab, "e")
    browser.wait_for(tab, "Export army", "your browser saves it")
    browser.press(tab, Keys.ENTER)
    book = load_workbook(browser.download("Browser Club.xlsx"))
    cells = [c for row in book["Army"].iter_rows(values_only=True) for c in row if c]
    assert "Browser Club" in cells and "Demo Pikeman" in cells

    # The share code, as text in a tab of its own: a page's clipboard needs https.
    browser.press(tab, Keys.CONTROL + "k")
    browser.wait_for(tab, "Share code", "Open as text")
    browser.press(tab, "o")
    deadline = time.monotonic() + PATIENCE
    while len(browser.driver.window_handles) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    browser.driver.switch_to.window(
        next(h for h in browser.driver.window_handles if h != tab.window))
    catalogue = Catalogue.open(web_db)
    code = share_code(Armies(catalogue), "Browser Club")
    catalogue.close()
    while browser.body().strip() != code and time.monotonic() < deadline:
        time.sleep(0.05)
    assert browser.body().strip() == code
    browser.driver.close()
    browser.press(tab, Keys.ESCAPE)

    print(f"\nweb page: loaded and drawn in {load_ms:.0f} ms; a letter typed echoed in "
          f"{statistics.median(echoes):.0f} ms (median of {len(echoes)}, "
          f"{min(echoes):.0f}-{max(echoes):.0f}); a figure added shown in {added_ms:.0f} ms; "
          f"a screen opened in {[round(t) for t in switches]} ms")


def builder_looks_drawn(browser: Browser) -> None:
    """The builder as the browser paints it: the window's size, and the app's colours
    where the app draws them — a blank page, or a page still waiting, fails."""
    shot = Image.open(io.BytesIO(browser.driver.get_screenshot_as_png())).convert("RGB")
    viewport = browser.driver.execute_script(
        "return [innerWidth * devicePixelRatio, innerHeight * devicePixelRatio]")
    assert shot.size == tuple(viewport) and shot.size[0] == WINDOW[0]
    # The page fits its window, its styles applied (no scroll bars, the terminal's own
    # input field hidden): without its stylesheet the terminal overflows the window.
    assert browser.driver.execute_script(
        "const page = document.documentElement;"
        "const field = document.querySelector('.xterm-helper-textarea');"
        "return page.scrollHeight <= innerHeight && page.scrollWidth <= innerWidth"
        " && getComputedStyle(field).opacity === '0'")
    width, height = shot.size
    for y in (0, height // 3, height - 40):  # the header, the tables, the footer
        row = shot.crop((0, y, width, y + 16))
        assert len(row.getcolors(width * 16) or []) > 4, f"nothing drawn at y={y}"
    colours = shot.getcolors(width * height) or []
    background = max(colours)[0]  # the most common colour
    assert width * height - background > width * height // 20  # text and lines drawn


def test_a_page_without_its_token_is_refused(browser: Browser, web_db: Path) -> None:
    """Off localhost every page and websocket needs the token printed at start."""
    with serving(web_db, "--host", "0.0.0.0") as server:
        printed = server.address
        assert "?token=" in printed
        token = printed.split("?token=", 1)[1].strip()
        here = f"http://127.0.0.1:{server.port}/"
        # The browser shows the refusal; the wrong and the empty token get the same page.
        browser.driver.get(here)
        assert "needs its access token" in browser.body()
        for address in (here, f"{here}?token=wrong{token[5:]}", f"{here}?token="):
            code, page = fetched(address)
            assert code == 403 and "needs its access token" in page, address
        assert websocket_status(f"ws://127.0.0.1:{server.port}/ws", here) == 403

        tab = browser.open(f"{here}?token={token}")
        browser.wait_for(tab, "Catalogue", "Demo Warlord")
        # A download is a page of its own: the token goes with it too. (Escape to the
        # figure table, and until the table has the keys: an escape and a letter at once
        # read as alt+letter.)
        browser.press(tab, Keys.ESCAPE)
        browser.wait_for(tab, "s Sort")
        browser.press(tab, "e")
        book = load_workbook(browser.download("armybuilder-catalogue.xlsx"))
        assert "Demo Warlord" in [c for row in book["Figures"].iter_rows(values_only=True)
                                  for c in row]
        # The page's websocket carried the token as a cookie; another site's page cannot
        # use it, and a page of this address opened later can (as Jupyter's). That page's
        # script is not run: it would start an app for nothing.
        browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        try:
            browser.driver.get(here)
            assert "needs its access token" not in browser.body()
            assert browser.driver.find_elements(By.ID, "terminal")  # the app's own page
        finally:
            browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled",
                                           {"value": False})


def fetched(address: str) -> tuple[int, str]:
    """A plain GET's status and page."""
    try:
        with urllib.request.urlopen(address, timeout=PATIENCE) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def websocket_status(url: str, origin: str, cookie: str = "") -> int:
    """The HTTP status a websocket handshake gets (101: the app starts)."""
    import asyncio

    import aiohttp

    async def connect() -> int:
        headers = {"Cookie": cookie} if cookie else {}
        async with aiohttp.ClientSession() as session:
            try:
                async with session.ws_connect(url, origin=origin, headers=headers) as ws:
                    await ws.close()
                    return 101
            except aiohttp.WSServerHandshakeError as exc:
                return exc.status

    return asyncio.run(connect())


@pytest.mark.slow
def test_four_tabs_build_armies_at_once(browser: Browser, served: Served,
                                        web_db: Path) -> None:
    """Four tabs, four app processes on one database file, their writes interleaved:
    every army made and every figure added is there."""
    tabs = [browser.open(served.address, new_tab=True) for _ in range(4)]
    for tab in tabs:
        browser.wait_for(tab, "Catalogue", "Demo Warlord")
    for tab in tabs:
        browser.press(tab, "alt+n")
    for number, tab in enumerate(tabs):
        browser.wait_for(tab, "New army", "castle player")
        browser.press(tab, f"Tab {number}", Keys.ENTER)
    for number, tab in enumerate(tabs):
        browser.wait_for(tab, "armybuilder — Army builder", f"Tab {number}", "0 / 200 points")
    for _ in range(3):  # round and round: each tab's key while the others' are written
        for tab in tabs:
            browser.press(tab, "a")  # the first figure of the table: the Atlantean Ram
    for number, tab in enumerate(tabs):
        browser.wait_for(tab, "330 / 200 points")
        assert army(web_db, f"Tab {number}") == {"fixtures:6": 3}
    for tab in tabs:
        browser.to(tab)
        browser.driver.close()
