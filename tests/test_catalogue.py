"""The catalogue service on a real SQLite file: first run, imports, errata, bad input."""

from __future__ import annotations

import functools
import hashlib
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import feed_model, tiny_feed_models, write_feed

from armybuilder.catalogue.queries import SearchFilter
from armybuilder.catalogue.service import Catalogue
from armybuilder.catalogue.store import RemovalRefused
from armybuilder.importers.feed import FeedError


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def dump(cat: Catalogue) -> list[str]:
    raw = cat.engine.raw_connection()
    try:
        return list(raw.driver_connection.iterdump())  # type: ignore[union-attr]
    finally:
        raw.close()


@pytest.fixture
def cat(tmp_path: Path) -> Iterator[Catalogue]:
    catalogue = Catalogue.open(tmp_path / "cat.sqlite")
    yield catalogue
    catalogue.close()


def test_first_run_has_rule_tables_and_only_demo_figures(cat: Catalogue) -> None:
    info = cat.summary()
    assert info["only_demo"] is True
    assert info["figures"] > 0
    assert len(cat.ability_table()) == 43
    assert {"Apocalypse", "Shyft", "Mage Spawn", "Solonavi", "Heroes"} <= set(cat.factions())
    demo = cat.search(SearchFilter(expansion="demo"))
    assert demo and all(cat.figure(r.key).source.startswith("demo") for r in demo)


def test_feed_import_then_reimport_changes_nothing(cat: Catalogue, tmp_path: Path) -> None:
    write_feed(tmp_path / "feed")
    first = cat.update_from_feed(tmp_path / "feed")
    assert len(first.added) == 3 and not first.updated
    before = dump(cat)
    again = cat.update_from_feed(tmp_path / "feed")
    assert (len(again.added), len(again.updated), again.unchanged) == (0, 0, 3)
    assert dump(cat) == before
    assert cat.summary()["only_demo"] is False
    grunt = cat.figure("rebellion:3")
    assert grunt.factions == ["Orc Raiders", "Necropolis Sect"]
    assert cat.resolve("R003") == "rebellion:3"
    assert cat.resolve("test grunt tough") == "rebellion:3"


def test_changed_and_dropped_figures(cat: Catalogue, tmp_path: Path) -> None:
    write_feed(tmp_path / "feed")
    cat.update_from_feed(tmp_path / "feed")
    models = tiny_feed_models()[:2]
    models[0]["Model.UnitCost"] = "12"
    write_feed(tmp_path / "feed", models)
    # Lancers would be left empty: refused until the player accepts removals.
    with pytest.raises(RemovalRefused, match=r"would remove 1 of 3 figures \(all of Lancers\)"):
        cat.update_from_feed(tmp_path / "feed")
    assert cat.figure("lancers:160") and cat.figure("rebellion:1").points == 11
    summary = cat.update_from_feed(tmp_path / "feed", allow_removals=True)
    assert summary.updated == ["rebellion:1"]
    assert summary.removed == ["lancers:160"]
    assert cat.figure("rebellion:1").points == 12
    # The demo figures belong to another origin and stay.
    assert cat.search(SearchFilter(expansion="demo"))


BAD_FEEDS = {
    "truncated": lambda text: text[: len(text) // 2],
    "wrong type": lambda text: text.replace('"Model.UnitCost": "11"', '"Model.UnitCost": 11', 1),
    "missing key": lambda text: text.replace('"Model.Arc": "90", ', "", 1),
    "unknown ability": lambda text: text.replace('AbilityId": 98', 'AbilityId": 4242', 1),
    "negative points": lambda text: text.replace('"Model.UnitCost": "11"',
                                                 '"Model.UnitCost": "-11"', 1),
}


@pytest.mark.parametrize("case", sorted(BAD_FEEDS))
def test_bad_feed_leaves_database_byte_for_byte(case: str, tmp_path: Path) -> None:
    db = tmp_path / "cat.sqlite"
    cat = Catalogue.open(db)
    write_feed(tmp_path / "good")
    cat.update_from_feed(tmp_path / "good")
    cat.close()
    before = file_digest(db)
    path = write_feed(tmp_path / "bad")
    path.write_text(BAD_FEEDS[case](json.dumps({"Models": tiny_feed_models()})))
    cat = Catalogue.open(db)
    with pytest.raises(FeedError) as err:
        cat.update_from_feed(path)
    assert "mkstats.json" in str(err.value)
    cat.close()
    assert file_digest(db) == before


def test_duplicate_and_dead_then_live_are_refused(cat: Catalogue, tmp_path: Path) -> None:
    models = tiny_feed_models()
    models.append({**feed_model(9, "Copy", number=1), "Model.ModelId": 77})
    path = write_feed(tmp_path / "dup", models)
    with pytest.raises(FeedError, match="duplicate figure rebellion:1"):
        cat.update_from_feed(path)
    assert not cat.search(SearchFilter(expansion="rebellion"))


@pytest.fixture
def loopback_feed(tmp_path: Path) -> Iterator[str]:
    folder = tmp_path / "served"
    write_feed(folder)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *a, **k: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_update_from_a_loopback_url(cat: Catalogue, loopback_feed: str) -> None:
    summary = cat.update_from_feed(loopback_feed)
    assert len(summary.added) == 3
    assert cat.figure("lancers:160").limited_edition


def test_errata_are_recorded_and_shown(cat: Catalogue, tmp_path: Path) -> None:
    # A hand-made stand-in for Pyramid #64 with the misprinted range 0.
    model = feed_model(64, "Hooded Assassin", "Unique", expansion="Pyramid", expansion_id=6,
                       number=64, rng="0", factions="Atlantis Guild", letter="P")
    cat.update_from_feed(write_feed(tmp_path / "feed", [model]))
    assert cat.figure("pyramid:64").range == 10
    rows = {e.id: e for e in cat.errata()}
    assert rows["pyramid-1"].status == "applied"
    assert rows["pyramid-1"].found == "0"
    assert rows["unlimited-1a"].status == "not in catalogue"
    shown = cat.figure_errata("pyramid:64")
    assert [(e.field, e.status) for e in shown] == [("range", "applied")]


def test_search_filters(cat: Catalogue, tmp_path: Path) -> None:
    cat.update_from_feed(write_feed(tmp_path / "feed"))
    keys = lambda **kw: [r.key for r in cat.search(SearchFilter(expansion="rebellion", **kw))]  # noqa: E731
    assert keys() == ["rebellion:1", "rebellion:3"]
    assert keys(rank="tough") == ["rebellion:3"]
    assert keys(min_targets=2) == ["rebellion:3"]
    assert keys(faction="necropolis sect") == ["rebellion:3"]
    assert keys(max_points=11) == ["rebellion:1"]
    assert keys(ability="Flight") == ["rebellion:1", "rebellion:3"]
    assert keys(start_ability="Demoralized") == []
    assert keys(min_attack=9) == ["rebellion:1", "rebellion:3"]
    assert keys(min_range=1) == ["rebellion:3"]
    assert keys(text="GRUNT", unique=False) == ["rebellion:1", "rebellion:3"]
