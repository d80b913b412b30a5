"""One database, one server and one browser for a module's web tests: starting Chromium
and an app process takes seconds. (A package, so that this is ``web.conftest``.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from armybuilder.catalogue.service import Catalogue
from web.web_support import Browser, Served, chromium, serving


@pytest.fixture(scope="module")
def web_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with the demo catalogue, made once for the module."""
    path = tmp_path_factory.mktemp("web") / "armybuilder.sqlite"
    Catalogue.open(path).close()
    return path


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    binary, driver = chromium()
    opened = Browser(binary, driver)
    try:
        yield opened
    finally:
        opened.quit()


@pytest.fixture(scope="module")
def served(web_db: Path, browser: Browser) -> Iterator[Served]:
    """`armybuilder serve` on localhost (no token), for the module's tests."""
    with serving(web_db, "--max-sessions", "6") as server:
        yield server
