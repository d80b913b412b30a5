"""A real `armybuilder serve` and a real headless Chromium for the web page's tests.

The page draws the app on a canvas (xterm.js), so what it shows is read from what it was
sent: a script added to every page before its own keeps each websocket frame the page
receives (and when), and pyte, a terminal emulator, plays them back into rows of text.
The same script notes the time of every key the page is handed, so that the keystroke's
round trip (key down to the app's answer arriving) is measured in the browser itself.
"""

from __future__ import annotations

import base64
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = ("chromium", "chromium-browser", "google-chrome")
DRIVER = "chromedriver"
#: Chromium as the tests run it: no sandbox (root in CI), nothing fetched from outside
#: (the machine's network is closed), a profile of its own each time.
CHROMIUM_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage", "--window-size=1280,800")
#: Up to this long for the app to answer (a loaded two-core machine starts an app process
#: in seconds).
PATIENCE = 60.0

#: Runs in every page before its own script: keeps what each websocket receives.
HOOK = r"""
(() => {
  const Real = window.WebSocket;
  window.__frames = []; window.__keys = [];
  window.WebSocket = function (url, protocols) {
    const ws = new Real(url, protocols);
    const size = new URL(url).searchParams;
    window.__frames.push({size: [+size.get('width'), +size.get('height')],
                          at: performance.now()});
    const send = ws.send.bind(ws);
    ws.send = (data) => {
      try {
        const m = JSON.parse(data);
        if (m[0] === 'resize') {
          window.__frames.push({size: [m[1].width, m[1].height], at: performance.now()});
        }
      } catch (e) {}
      return send(data);
    };
    ws.addEventListener('message', (e) => {
      if (typeof e.data === 'string') return;
      const b = new Uint8Array(e.data); let s = '';
      for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]);
      window.__frames.push({data: btoa(s), at: performance.now()});
    });
    return ws;
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  document.addEventListener('keydown', () => window.__keys.push(performance.now()), true);
})();
"""


def chromium() -> tuple[str, str]:
    """Chromium and its driver, or the test is skipped saying why."""
    try:
        import pyte  # noqa: F401
        import selenium  # noqa: F401
    except ImportError as exc:  # pragma: no cover - the test extra installs both
        pytest.skip(f"the browser tests need selenium and pyte ({exc})")
    browser = next((found for name in CHROMIUM if (found := shutil.which(name))), None)
    driver = shutil.which(DRIVER)
    if browser is None or driver is None:
        pytest.skip("no headless Chromium here: the browser tests need Debian's chromium and "
                    "chromium-driver (apt-get install chromium chromium-driver; .ci/run "
                    "installs them)")
    return browser, driver


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Served:
    """An `armybuilder serve` running in a process of its own."""

    process: subprocess.Popen[str]
    db: Path
    port: int
    said: list[str]

    @property
    def address(self) -> str:
        """The first address the server printed to open."""
        return next(line.split("open ", 1)[1] for line in self.said if "open http" in line)

    def stop(self) -> tuple[int, float]:
        """ctrl+c, as at a terminal: (exit status, seconds to stop)."""
        start = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        try:
            status = self.process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise
        return status, time.monotonic() - start

    def apps(self) -> list[int]:
        """The app processes this server started (each runs on its database)."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if str(self.db).encode() in words and b"app" in words:
                found.append(int(entry.name))
        return found


@contextmanager
def serving(db: Path, *options: str) -> Iterator[Served]:
    """`armybuilder --db DB serve --port P OPTIONS`, until it has printed where to open.
    Its output is read all along (a full pipe would stop the server)."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "armybuilder", "--db", str(db), "serve", "--port", str(port),
         *options],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    said: list[str] = []
    assert process.stdout is not None
    reader = threading.Thread(target=lambda: said.extend(process.stdout or ()), daemon=True)
    reader.start()
    served = Served(process, db, port, said)
    try:
        deadline = time.monotonic() + PATIENCE
        while not any("Press ctrl+c" in line for line in list(said)):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"serve did not start ({process.poll()}): {said}")
            time.sleep(0.05)
        yield served
    finally:
        if process.poll() is None:
            served.stop()
        reader.join(timeout=PATIENCE)
        process.stdout.close()


@dataclass
class Tab:
    """One browser tab on the app: what it shows, the keys it is handed."""

    window: str
    screen: Any
    stream: Any
    seen: int = 0
    times: list[float] = field(default_factory=list)  # when each frame played back came


class Browser:
    """A headless Chromium driven by Selenium, its downloads in a folder of their own."""

    def __init__(self, binary: str, driver: str) -> None:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service

        self.profile = Path(tempfile.mkdtemp(prefix="armybuilder-chromium-"))
        self.downloads = self.profile / "downloads"
        self.downloads.mkdir()
        options = Options()
        options.binary_location = binary
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={self.profile / 'profile'}")
        self.driver = webdriver.Chrome(service=Service(driver), options=options)
        self.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {
            "behavior": "allow", "downloadPath": str(self.downloads)})
        self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
        self.tabs: dict[str, Tab] = {}

    def quit(self) -> None:
        self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)

    # --- pages ----------------------------------------------------------------------------

    def open(self, address: str, new_tab: bool = False) -> Tab:
        """``address`` in this tab (or a new one); the tab's screen starts blank."""
        import pyte

        if new_tab:
            self.driver.switch_to.new_window("tab")
            # A new tab is a new page: the hook must be added to it too.
            self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                        {"source": HOOK})
        self.driver.get(address)
        screen = pyte.Screen(80, 24)
        tab = Tab(self.driver.current_window_handle, screen, pyte.ByteStream(screen))
        self.tabs[tab.window] = tab
        return tab

    def to(self, tab: Tab) -> None:
        self.driver.switch_to.window(tab.window)

    def body(self) -> str:
        return str(self.driver.execute_script("return document.body.innerText"))

    # --- what a tab shows -------------------------------------------------------------------

    def text(self, tab: Tab, until: Callable[[str], bool] | None = None) -> str:
        """The tab's screen as rows of text, from every frame received so far; with
        ``until``, frames are played one at a time and the first that makes it true stops
        there (its time is ``tab.times[-1]``)."""
        self.to(tab)
        frames = self.driver.execute_script(
            "return window.__frames ? window.__frames.slice(arguments[0]) : []", tab.seen)
        for frame in frames:
            tab.seen += 1
            if "size" in frame:
                tab.screen.resize(lines=frame["size"][1], columns=frame["size"][0])
                continue
            tab.stream.feed(base64.b64decode(frame["data"]))
            tab.times.append(float(frame["at"]))
            if until is not None and until(shown(tab)):
                break
        return shown(tab)

    def wait_for(self, tab: Tab, *words: str, gone: tuple[str, ...] = (),
                 timeout: float = PATIENCE) -> str:
        """Wait until the tab shows every word of ``words`` and none of ``gone``."""
        return self.wait_until(
            tab, lambda text: all(w in text for w in words) and not any(g in text for g in gone),
            f"{words} without {gone}", timeout)

    def wait_until(self, tab: Tab, there: Callable[[str], bool], what: str,
                   timeout: float = PATIENCE) -> str:
        """Wait until the tab's screen makes ``there`` true; the frame that did is the last
        of ``tab.times``."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.text(tab, until=there)
            if there(text):
                return text
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never showed {what}:\n{text}")
            time.sleep(0.02)

    def keys_at(self) -> list[float]:
        """When (on the page's clock) each key was handed to the page."""
        return [float(t) for t in self.driver.execute_script("return window.__keys")]

    # --- keys --------------------------------------------------------------------------------

    def press(self, tab: Tab, *keys: str) -> None:
        """Keys as a player types them on the page: Selenium's key names (Keys.F2), plain
        text, or "alt+b"."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys

        self.to(tab)
        field = self.driver.find_element(By.CSS_SELECTOR, ".xterm-helper-textarea")
        for key in keys:
            if key.startswith("alt+"):
                # Into the focused page, no element named: naming one clicks it first, and a
                # click on the app is a click (the header's icon opens the palette).
                self.driver.execute_script("arguments[0].focus()", field)
                (ActionChains(self.driver).key_down(Keys.ALT).send_keys(key[4:])
                 .key_up(Keys.ALT).perform())
            else:
                field.send_keys(key)

    def download(self, name: str, timeout: float = PATIENCE) -> Path:
        """The file ``name`` once the browser has saved all of it."""
        path = self.downloads / name
        deadline = time.monotonic() + timeout
        while not path.is_file() or any(self.downloads.glob("*.crdownload")):
            if time.monotonic() > deadline:
                raise AssertionError(f"no download {name}: {os.listdir(self.downloads)}")
            time.sleep(0.05)
        return path


def shown(tab: Tab) -> str:
    return "\n".join(line.rstrip() for line in tab.screen.display)
