"""Saved armies in the database: create, change, copy, rename, delete, and flags after a
catalogue re-import."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import tiny_feed_models, write_feed

from armybuilder.armies.service import Armies, ArmyError
from armybuilder.catalogue.service import Catalogue
from armybuilder.catalogue.store import save_rule_tables
from armybuilder.importers import rule_tables


@pytest.fixture
def armies(tmp_path: Path) -> Iterator[Armies]:
    cat = Catalogue.open(tmp_path / "cat.sqlite", seed=False)
    with cat.engine.begin() as conn:
        save_rule_tables(conn, rule_tables.load_abilities().values(),
                         rule_tables.load_factions().values())
    cat.update_from_feed(write_feed(tmp_path / "feed"))
    yield Armies(cat)
    cat.close()


def test_create_add_remove_and_list(armies: Armies) -> None:
    armies.new("Saturday", 200, "standard", notes="for the shop tournament")
    armies.add("Saturday", "R001", count=2)
    armies.add("Saturday", "test grunt tough")
    army = armies.add("saturday", "rebellion:1")  # names are case-insensitive
    assert [(e.figure_key, e.count) for e in army.entries] == [("rebellion:1", 3),
                                                              ("rebellion:3", 1)]
    assert army.notes == "for the shop tournament"
    army = armies.remove("Saturday", "rebellion:1", count=2)
    assert [(e.figure_key, e.count) for e in army.entries] == [("rebellion:1", 1),
                                                              ("rebellion:3", 1)]
    army = armies.remove("Saturday", "R003")
    assert [e.figure_key for e in army.entries] == ["rebellion:1"]
    assert armies.names() == ["Saturday"]


def test_copy_rename_delete(armies: Armies) -> None:
    armies.new("A", 100, "casual")
    armies.add("A", "rebellion:1")
    copy = armies.copy("A", "B")
    assert [e.figure_key for e in copy.entries] == ["rebellion:1"]
    armies.rename("B", "C")
    assert armies.names() == ["A", "C"]
    armies.delete("A")
    assert armies.names() == ["C"]
    assert armies.get("C").entries[0].seen_points == 11


@pytest.mark.parametrize(("call", "message"), [
    (lambda a: a.new("A", 150, "casual"), "positive multiple of 100"),
    (lambda a: a.new("a", 100, "casual"), "already exists"),
    (lambda a: a.new("  ", 100, "casual"), "needs a name"),
    (lambda a: a.add("Nope", "rebellion:1"), "no army named 'Nope'"),
    (lambda a: a.add("A", "nobody:3"), "unknown figure"),
    (lambda a: a.add("A", "rebellion:1", count=0), "at least 1"),
    (lambda a: a.add("A", "rebellion:1", castle="heavy"), "not a castle section"),
    (lambda a: a.remove("A", "rebellion:3"), "is not in army"),
    (lambda a: a.rename("A", "A2") and a.rename("A2", "a2 "), None),
])
def test_bad_requests_change_nothing(armies: Armies, call, message) -> None:  # type: ignore[no-untyped-def]
    armies.new("A", 100, "casual")
    armies.add("A", "rebellion:1")
    before = [a.as_dict() for a in armies.list()]
    if message is None:
        call(armies)
        return
    with pytest.raises(ArmyError, match=message):
        call(armies)
    assert [a.as_dict() for a in armies.list()] == before


def test_reimport_flags_missing_and_repriced_figures(armies: Armies, tmp_path: Path) -> None:
    armies.new("A", 200, "standard")
    armies.add("A", "rebellion:1")
    armies.add("A", "lancers:160")
    models = tiny_feed_models()[:2]
    models[0]["Model.UnitCost"] = "12"
    # The player accepts removing a figure the army holds (tests/test_feed_safety.py: the
    # import is refused without it).
    armies.catalogue.update_from_feed(write_feed(tmp_path / "feed2", models),
                                      allow_removals=True)
    army = armies.get("A")
    flags = {f.figure_key: f.problem for f in armies.flags(army)}
    assert flags == {"rebellion:1": "points", "lancers:160": "missing"}
    # Nothing was silently changed: the entries still say what was added.
    assert [(e.figure_key, e.seen_points) for e in army.entries] == [("rebellion:1", 11),
                                                                    ("lancers:160", 49)]
    army = armies.accept_changes("A")
    assert {f.figure_key for f in armies.flags(army)} == {"lancers:160"}
    army = armies.remove("A", "Test Hero")  # gone from the catalogue, found by its old name
    assert [e.figure_key for e in army.entries] == ["rebellion:1"]
