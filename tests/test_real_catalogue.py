"""Integration with the real figure data in ../shared/data (skipped when it is absent)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from armybuilder.catalogue.service import Catalogue
from armybuilder.figures import STATS


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Catalogue]:
    from conftest import SHARED_DATA
    source = SHARED_DATA / "rebuilt" / "mkstats_rebuilt.json"
    if not source.is_file():
        pytest.skip("../shared/data is not present")
    cat = Catalogue.open(tmp_path_factory.mktemp("real") / "cat.sqlite")
    cat.update_from_feed(source)
    yield cat
    cat.close()


def test_published_sample_with_its_companion_files(shared_data: Path, tmp_path: Path) -> None:
    cat = Catalogue.open(tmp_path / "cat.sqlite")
    summary = cat.update_from_feed(shared_data / "mageknight_net" / "mkstats_sample.json")
    assert len(summary.added) == 13
    abydor = cat.figure("L160")
    assert (abydor.name, abydor.points, abydor.base) == ("Abydor", 49, "cavalry")
    assert abydor.limited_edition and abydor.unique
    assert cat.figure("Amazon Draconum").factions == ["Black Powder Rebels", "Draconum"]
    assert cat.expansions()["rebellion"].set_letter == "R"
    cat.close()


def test_full_catalogue_counts_and_errata(rebuilt: Catalogue) -> None:
    info = rebuilt.summary()
    assert info["figures"] - info["demo_figures"] - info["expansions"].get("fixtures", 0) == 1054
    assert info["expansions"]["rebellion"] == 176
    status = {e.id: e.status for e in rebuilt.errata()}
    assert status["pyramid-1"] == "applied"  # Hooded Assassin range 0 -> 10
    assert rebuilt.figure("pyramid:64").range == 10
    assert status["whirlwind-2"] == "already correct"  # Sig Eightfingers range 10
    assert status["rebellion-1a"] == status["rebellion-1b"] == "already correct"
    assert status["unlimited-1a"] == "not in catalogue"
    assert status["dungeons-1"] == "applied"
    assert rebuilt.figure("dungeons:72").starting_click == 4
    assert rebuilt.figure("minions:107").name == "Marrow (Skeleton)"


@pytest.mark.parametrize("expansion", ["rebellion", "lancers"])
def test_every_clixsim_figure_matches(rebuilt: Catalogue, shared_data: Path,
                                      expansion: str) -> None:
    source = json.loads((shared_data / "clixsim" / f"{expansion}.json").read_text())
    figures = source["figures"]
    assert len(figures) == {"rebellion": 160, "lancers": 142}[expansion]
    by_id = {a.feed_id: a.name for a in rebuilt.ability_table().values()}
    ours = rebuilt.figures([f"{expansion}:{int(f['figure_number'])}" for f in figures])
    assert len(ours) == len(figures)
    for f in figures:
        mine = ours[f"{expansion}:{int(f['figure_number'])}"]
        assert (mine.points, mine.range, mine.targets, mine.arc) == (
            f["points"], f["range"], f["targets"], int(f["arc_raw"])), mine.key
        live = mine.main_dial.live_clicks
        assert len(live) == len(f["dial"]), mine.key
        for theirs, click in zip(f["dial"], live, strict=True):
            assert tuple(click.value(s) for s in STATS) == tuple(theirs[s] for s in STATS)
            names = {s: by_id[a["id"]] for s, a in theirs["abilities"].items() if a}
            assert click.abilities == names, (mine.key, click.index)


def test_engine_plays_every_ability_of_the_real_catalogue(
        rebuilt: Catalogue, capsys: pytest.CaptureFixture[str]) -> None:
    from armybuilder.cli import main
    # Issue 6: the full catalogue's 39 abilities, every one with rules in the engine.
    assert main(["--db", str(rebuilt.path), "engine", "coverage", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["implemented"], report["total"]) == (39, 39)
    assert main(["--db", str(rebuilt.path), "engine", "coverage"]) == 0
    assert "39 of 39 abilities on catalogue figures are implemented" in capsys.readouterr().out
