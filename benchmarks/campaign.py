"""World Conquest campaign benchmarks: all-AI 4-player campaigns to their winner, printed.

    .venv/bin/python benchmarks/campaign.py [campaigns]

Four 300-point Rebellion armies (Atlantis Guild, Necropolis Sect, Elemental League, Black
Powder Rebels, each a unique General and the cheapest figures after it) from the real feed
(../shared/data/rebuilt, read by the product's importer), the Rebellion figures as the
pool; each campaign played by the campaign AI and the engine's AI to its winner. Printed:
CPU seconds per full campaign, per turn (one player's) and per battle, the share of the
time spent in battles, turns and battles per campaign; then the same campaigns through the
database (every step saved, as `armybuilder campaign run` does): seconds per step saved
and per campaign loaded (the log replayed). Without the shared data, invented figures.
Asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from armybuilder.campaign import battle as battles
from armybuilder.campaign.actions import Fight
from armybuilder.campaign.ai import CampaignAI
from armybuilder.campaign.battle import derive
from armybuilder.campaign.game import apply, new_campaign, replay
from armybuilder.campaign.house_rules import HouseRules
from armybuilder.campaign.state import Campaign, CampaignStart, PlayerStart
from armybuilder.campaign.world import generate
from armybuilder.engine import FigureCard
from armybuilder.engine.adapter import playable_cards
from armybuilder.engine.cards import ClickStats
from armybuilder.engine.dice import Dice

REPO = Path(__file__).resolve().parents[1]
SOURCE = REPO.parent / "shared" / "data" / "rebuilt" / "mkstats_rebuilt.json"
FACTIONS = ("Atlantis Guild", "Necropolis Sect", "Elemental League", "Black Powder Rebels")
MAP_FACTIONS = (*FACTIONS, "Knights Immortal", "Orc Raiders", "Mage Spawn", "Shyft",
                "Draconum")
TURN_LIMIT = 600


def real_cards() -> list[FigureCard] | None:
    if not SOURCE.is_file():
        return None
    from armybuilder.importers.feed import read_feed
    from armybuilder.importers.rule_tables import load_abilities, load_factions
    from armybuilder.importers.sources import feed_files

    data = read_feed(feed_files(SOURCE), load_abilities(), load_factions())
    return [c for c in playable_cards(data.figures.values()) if c.key.startswith("rebellion:")]


def invented_cards() -> list[FigureCard]:
    out = []
    for f, faction in enumerate(MAP_FACTIONS):
        for k, (points, unique) in enumerate(((60, True), (30, False), (40, False),
                                              (50, False))):
            dial = tuple(ClickStats(8 - i // 2, 9 - i, 16 - i, 2) for i in range(6))
            out.append(FigureCard(key=f"bench:{f * 10 + k}", name=f"{faction} {k}",
                                  points=points, clicks=dial, factions=(faction,),
                                  unique=unique, rank="unique" if unique else "standard"))
    return out


def start(cards: list[FigureCard], seed: int) -> CampaignStart:
    players = []
    for faction in FACTIONS:
        own = sorted((c for c in cards if c.factions == (faction,)), key=lambda c: c.key)
        general = min((c for c in own if c.unique), key=lambda c: (c.points, c.key))
        army, left = [general.key], 300 - general.points
        for c in own:
            if not c.unique and c.points <= left:
                army.append(c.key)
                left -= c.points
        players.append(PlayerStart(faction, "ai", faction, tuple(army), general.key))
    pool = [c.key for c in cards if set(c.factions) & set(MAP_FACTIONS)]
    return CampaignStart(seed=seed, rules=HouseRules(),
                         world=generate(Dice(seed=derive(seed, "map"))),
                         players=tuple(players), figures={c.key: c for c in cards},
                         pool=tuple(pool))


def play(s: CampaignStart) -> tuple[Campaign, float, float]:
    """The campaign to its winner: (campaign, CPU seconds in all, CPU seconds in battles)."""
    c = new_campaign(s)
    ai = CampaignAI()
    fighting = 0.0
    began = time.process_time()
    while not c.over and c.turn < TURN_LIMIT:
        d = c.decision()
        if d.kind == "battle":
            t = time.process_time()
            result = battles.fight(c).result
            fighting += time.process_time() - t
            apply(c, Fight(result))
        else:
            apply(c, ai.choose(c))
    return c, time.process_time() - began, fighting


def through_the_database(s: CampaignStart) -> tuple[int, float, float]:
    """(steps, CPU seconds per step saved, CPU seconds to load the finished campaign)."""
    from armybuilder.campaign.service import Runner
    from armybuilder.catalogue.service import Catalogue

    with tempfile.TemporaryDirectory() as folder:
        catalogue = Catalogue.open(Path(folder) / "bench.sqlite", seed=False)
        runner = Runner.new(catalogue, "Bench", s)
        t = time.process_time()
        runner.run(turns=TURN_LIMIT)
        steps = len(runner.campaign.log)
        per_step = (time.process_time() - t) / max(1, steps)
        t = time.process_time()
        Runner.open(catalogue, "Bench")
        loaded = time.process_time() - t
        catalogue.close()
    return steps, per_step, loaded


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    cards = real_cards()
    source = "real Rebellion figures" if cards else "invented figures (no ../shared/data)"
    cards = cards or invented_cards()
    print(f"World Conquest, 4 AI players, 300-point armies of {source}; {count} campaigns; "
          f"CPU time ({time.strftime('%Y-%m-%d %H:%M')})")
    rows = []
    for seed in range(1, count + 1):
        c, seconds, fighting = play(start(cards, seed))
        rows.append((c, seconds, fighting))
        won = c.players[c.winner].name if c.winner is not None else "nobody (turn limit)"
        print(f"  seed {seed}: {seconds:6.2f} s, {c.turn:3d} turns, {c.battles:3d} battles, "
              f"won by {won}")
    seconds = [r[1] for r in rows]
    turns = [r[0].turn for r in rows]
    fights = [r[0].battles for r in rows]
    in_battle = sum(r[2] for r in rows)
    print(f"per campaign: median {statistics.median(seconds):.2f} s (min {min(seconds):.2f}, "
          f"max {max(seconds):.2f}); {statistics.median(turns):.0f} turns, "
          f"{statistics.median(fights):.0f} battles")
    print(f"per turn: {sum(seconds) / sum(turns) * 1000:.1f} ms; per battle: "
          f"{in_battle / max(1, sum(fights)) * 1000:.1f} ms; battles take "
          f"{100 * in_battle / sum(seconds):.0f}% of the time")
    steps, per_step, loaded = through_the_database(start(cards, 1))
    print(f"through the database (seed 1): {steps} steps, {per_step * 1000:.2f} ms per step "
          f"with its save; loading the finished campaign (replaying its log) "
          f"{loaded:.2f} s")
    t = time.process_time()
    replay(rows[0][0].start, rows[0][0].log)
    print(f"replaying seed 1's log in memory: {time.process_time() - t:.2f} s")


if __name__ == "__main__":
    main()
