"""``battle gauntlet``, ``battle results`` and ``battle merge``: every saved army against
every other, the kept results, and shards from other machines.

    armybuilder battle gauntlet ARMY... [--all] [--games N] [--seed S] [--terrain P]
                [--rounds R] [--workers K] [--backend local|ray] [--players KIND]
                [--shard K/N [--out PATH]] [--fresh] [--json] [--xlsx PATH]
                [--independent] [--until-clear [--margin POINTS] [--max-games N]]
    armybuilder battle results [--clear] [--json]
    armybuilder battle merge FILE... [--json]

pandas is imported only with ``--xlsx``; numpy and choix (the ranking) only when a full
gauntlet is reported. The workbook and the shard file are written as every export is
(armybuilder/files.py): whole or not at all, never over a file without ``--force``, never
through a symbolic link; both destinations are checked before the first game.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from armybuilder.cli.battle import StderrBar, thinking
from armybuilder.cli.questions import closeness_words, rule_line, stop_rule, whole_pairs
from armybuilder.cli.render import table
from armybuilder.sim.armies import BattleError
from armybuilder.text import counted, json_text, shown

if TYPE_CHECKING:
    from armybuilder.sim.gauntlet import GauntletProgress, GauntletReport

#: A run stopped with ctrl+c (128 + SIGINT, as shells report it).
EXIT_CANCELLED = 130


def run(word: str, args: argparse.Namespace) -> int:
    only = {"gauntlet": {"--all", "--backend", "--xlsx", "--shard", "--out", "--fresh",
                         "--force", "--until-clear", "--independent", "--margin",
                         "--max-games"},
            "results": {"--clear"}, "merge": {"--verify", "--verify-seed"}}[word]
    given = {"--all": args.all, "--backend": args.backend, "--xlsx": args.xlsx,
             "--shard": args.shard, "--out": args.out, "--fresh": args.fresh,
             "--clear": args.clear, "--log": args.log, "--force": args.force,
             "--until-clear": args.until_clear, "--independent": args.independent,
             "--margin": args.margin is not None, "--max-games": args.max_games is not None,
             "--verify": args.verify, "--verify-seed": args.verify_seed is not None}
    for flag, value in given.items():
        if value and flag not in only:
            raise BattleError(f"{flag} does not go with battle {word}")
    if word == "gauntlet":
        return cmd_gauntlet(args)
    if word == "results":
        if len(args.words) > 1:
            raise BattleError("battle results takes no names (it lists every kept result)")
        return cmd_results(args)
    return cmd_merge(args)


def _shard(text: str | None) -> tuple[int, int] | None:
    if text is None:
        return None
    k, _, n = text.partition("/")
    # ASCII digits: str.isdigit and int() take other scripts' digits too ("١/٢" is 1/2).
    if not (re.fullmatch(r"[0-9]{1,9}", k) and re.fullmatch(r"[0-9]{1,9}", n)) or int(n) < 1:
        raise BattleError(f"--shard takes K/N, the K-th of N slices (say 2/5), not {text!r}")
    return int(k), int(n)


def _player(text: str | None) -> str:
    from armybuilder.ai.registry import PLAYERS
    from armybuilder.sim.defaults import DEFAULT_PLAYER

    kinds = {k.strip() for k in (text or DEFAULT_PLAYER).split(",")}
    if len(kinds) != 1:
        raise BattleError(f"--players: a gauntlet plays every army with one kind of player "
                          f"({', '.join(PLAYERS.kinds())}), not {text!r}")
    return kinds.pop()


def cmd_gauntlet(args: argparse.Namespace) -> int:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.gauntlet import GauntletRequest, play_gauntlet, prepare_gauntlet
    from armybuilder.sim.kept import KeptResults

    shard = _shard(args.shard)
    if args.out and shard is None:
        raise BattleError("--out names the shard file: use it with --shard K/N")
    if shard is not None and args.xlsx:
        raise BattleError("--xlsx writes a whole gauntlet's tables: merge the shards "
                          "(battle merge), then run the gauntlet without --shard")
    from armybuilder.cli import names

    games = whole_pairs(args, "games a pair")
    request = GauntletRequest(
        armies=tuple(names.army(args.db, word) for word in args.words[1:]),
        all_armies=args.all, games=games, seed=args.seed,
        rounds=args.rounds, terrain=args.terrain, workers=args.workers,
        backend=args.backend or "local", shard=shard,
        player=thinking(_player(args.players), args.think),
        fresh=args.fresh, pairs=not args.independent, until_clear=stop_rule(args))
    if args.xlsx:
        _check_writable(Path(args.xlsx), args.force)
    if shard is not None:
        from armybuilder.files import ExportError, check_destination
        from armybuilder.sim.shards import default_path

        try:
            check_destination(Path(args.out) if args.out else default_path(*shard), args.force)
        except ExportError as exc:
            raise BattleError(f"--out: {exc}") from None
    catalogue = Catalogue.open(args.db)
    try:
        gauntlet = prepare_gauntlet(catalogue, request)
        for warning in gauntlet.warnings:
            print(f"armybuilder: warning: {shown(warning)}", file=sys.stderr)
        kept = KeptResults(catalogue.engine)
        bar = StderrBar() if sys.stderr.isatty() else None
        done = [0]

        def progress(p: GauntletProgress) -> None:
            done[0] = p.games_done
            if bar is not None:
                clear = "clear" if request.until_clear else "done"
                bar.draw(p.games_done, p.games, f"{p.games_done}/{_n(p.games, 'game')}, "
                                                f"{p.pairs_done}/{_n(p.pairs, 'pair')} {clear}   ")

        try:
            report = play_gauntlet(gauntlet, kept, progress, figures=shard is not None)
        except KeyboardInterrupt:
            # ctrl+c: the workers are stopped; every finished chunk of games is kept.
            print(f"\narmybuilder: cancelled; the {_n(done[0], 'game')} played are kept (the same "
                  "command plays the rest)", file=sys.stderr)
            return EXIT_CANCELLED
        finally:
            if bar is not None:
                bar.close()
        if shard is not None:
            return _write_shard(args, gauntlet, report)
        data = report.as_json()
        if args.xlsx:
            from armybuilder.export.gauntlet_book import kept_games, write_gauntlet_book

            write_gauntlet_book(Path(args.xlsx), report, data,
                                kept_games(kept, request.most_games), args.force)
    finally:
        catalogue.close()
    if args.json:
        print(json_text(data))
    else:
        print_gauntlet(report, data)
    if args.xlsx:
        print(f"wrote {shown(args.xlsx)}", file=sys.stderr)
    return 0


def _check_writable(path: Path, force: bool) -> None:
    # Refused before hours of games, not after.
    from armybuilder.files import ExportError, check_destination

    if path.suffix.lower() != ".xlsx":
        raise BattleError(f"--xlsx: {shown(path)} must end in .xlsx")
    if not path.parent.is_dir() and str(path.parent):
        raise BattleError(f"--xlsx: the folder {shown(path.parent)} does not exist")
    try:
        check_destination(path, force)
    except ExportError as exc:
        raise BattleError(f"--xlsx: {exc}") from None


def _write_shard(args: argparse.Namespace, gauntlet: Any, report: GauntletReport) -> int:
    from armybuilder.sim.shards import default_path, shard_document, write_shard

    k, n = gauntlet.request.shard
    path = Path(args.out) if args.out else default_path(k, n)
    write_shard(path, shard_document(gauntlet, report), args.force)
    games = sum(len(p.results) for p in report.pairs)
    if args.json:
        print(json_text({"shard": [k, n], "file": str(path), "games": games,
                         "pairs": len(report.pairs), "played": report.played,
                         "kept": report.kept, "seconds": round(report.seconds, 3)}))
    else:
        print(f"Shard {k} of {n}: {_n(games, 'game')} of {_n(len(report.pairs), 'pair')} "
              f"({report.played} played now, {report.kept} kept from earlier runs) in "
              f"{report.seconds:.1f} s.")
        print(f"Wrote {shown(path)}: add it to the kept results on the machine that reports, "
              f"with armybuilder battle merge {shown(path)}")
    return 0


# --- the report as text ---------------------------------------------------------------


_n = counted  # "1 game", "2 games"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _interval(ci: list[float]) -> str:
    return f"{100 * ci[0]:.0f}–{100 * ci[1]:.0f}"


def print_gauntlet(report: GauntletReport, data: dict[str, Any]) -> None:
    r = report.request
    names = list(report.armies)
    pairs = len(report.pairs)
    print(f"Gauntlet of {len(names)} armies: {_n(pairs, 'pair')}, {r.games_words}, "
          f"seed {r.seed}, {r.rounds} rounds, terrain {r.terrain}, {r.player} players")
    print(f"Played {_n(report.played, 'game')}, {report.kept} kept from earlier runs, in "
          f"{report.seconds:.1f} s.")
    print()
    print("Win rate of the row's army against the column's, a draw counting half "
          "(95% interval):")
    matrix = data["matrix"]
    headers = ["", *[str(i) for i in range(1, len(names) + 1)]]
    rows = []
    for i, row in enumerate(names, start=1):
        cells = [f"{i} {row}"]
        for col in names:
            c = matrix[row].get(col)
            cells.append("·" if c is None else f"{_pct(c['rate'])} {_interval(c['ci95'])}")
        rows.append(cells)
    print(table(headers, rows))
    print()
    print("Ranking: a Bradley–Terry fit of every game on the Elo scale (the field's mean 0), "
          "with 95% intervals;")
    print("ranks: the places those intervals allow.")
    print(table(["rank", "army", "rating", "95% interval", "ranks", "win rate",
                 "95% interval", "games"],
                [[x["rank"], x["army"], f"{x['rating']:+.0f}",
                  f"{x['ci95'][0]:+.0f} to {x['ci95'][1]:+.0f}",
                  f"{x['ranks'][0]}" if x["ranks"][0] == x["ranks"][1]
                  else f"{x['ranks'][0]}–{x['ranks'][1]}",
                  f"{100 * x['win_rate']:.1f}%", _interval(x["win_rate_ci95"]), x["games"]]
                 for x in data["ranking"]]))
    print()
    if report.request.until_clear is not None:
        _print_verdicts(report)
        return
    undecided = data["undecided"]
    if undecided:
        print(f"Not yet told apart from 50% ({len(undecided)} of {_n(pairs, 'pair')}; more games "
              "would tell):")
        for u in undecided:
            print(f"  {shown(u['row'])} v {shown(u['col'])}: {100 * u['rate']:.1f}% "
                  f"({_interval(u['ci95'])}), {_n(u['games'], 'game')}")
    else:
        print("Every pair is told apart from 50%.")


def _print_verdicts(report: GauntletReport) -> None:
    from armybuilder.sim.stopping import verdict_words

    rule = report.request.until_clear
    assert rule is not None
    print("Until clear, pair by pair (side A: the first army of each pair):")
    rows = []
    for p in report.pairs:
        said = verdict_words(p.verdict, p.a, p.b, rule.margin) or \
            f"not clear ({closeness_words(p.closeness, p.leaning)})"
        rows.append([p.a, p.b, len(p.results), said])
    print(table(["army A", "army B", "games", "verdict"], rows))
    print(rule_line(rule))


# --- kept results and merging -----------------------------------------------------------


def cmd_results(args: argparse.Namespace) -> int:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.kept import KeptResults
    from armybuilder.sim.keys import RULES_VERSION

    catalogue = Catalogue.open(args.db)
    try:
        kept = KeptResults(catalogue.engine)
        if args.clear:
            matchups, games = kept.clear()
            if args.json:
                print(json_text({"cleared": {"matchups": matchups, "games": games}}, None))
            else:
                print(f"Forgot {_n(games, 'kept game')} of {_n(matchups, 'matchup')}.")
            return 0
        listing = kept.matchups()
        now = _current_contents(catalogue, {n for m in listing
                                            for n in (m.info.army_a, m.info.army_b)})
    finally:
        catalogue.close()
    rows = []
    for m in listing:
        i = m.info
        if i.rules_version != RULES_VERSION:
            state = "older rules"
        else:
            changed = [name for name, contents in ((i.army_a, i.contents_a),
                                                   (i.army_b, i.contents_b))
                       if now.get(name.casefold()) != contents]
            state = "current" if not changed else "changed since: " + ", ".join(changed)
        rows.append({**i.as_dict(), "games": m.games, "wins": m.wins, "updated": m.updated,
                     "state": state})
    if args.json:
        print(json_text({"rules_version": RULES_VERSION,
                         "games": sum(r["games"] for r in rows), "matchups": rows}))
        return 0
    if not rows:
        print("No kept results: a gauntlet keeps every game it plays "
              "(armybuilder battle gauntlet ARMY...).")
        return 0
    print(f"Kept results: {_n(sum(r['games'] for r in rows), 'game')} of "
          f"{_n(len(rows), 'matchup')} "
          "(A swaps edges with B game by game; in mirrored pairs, seats too).")
    print(table(["army A", "army B", "games", "A wins", "B wins", "draws", "terrain", "rounds",
                 "seed", "players", "pairs", "state"],
                [[r["army_a"], r["army_b"], r["games"], r["wins"]["a"], r["wins"]["b"],
                  r["wins"]["draw"], r["terrain"], r["rounds"], r["seed"],
                  r["player_a"] if r["player_a"] == r["player_b"]
                  else f"{r['player_a']},{r['player_b']}", "yes" if r["pairs"] else "no",
                  r["state"]] for r in rows]))
    print("A gauntlet uses only current results: a changed army or engine plays its pairs "
          "again. `battle results --clear` forgets them all.")
    return 0


def _current_contents(catalogue: Any, names: set[str]) -> dict[str, str]:
    """The contents digest of every saved army of these names the engine can play."""
    from armybuilder.sim.armies import load_army
    from armybuilder.sim.keys import army_contents, army_data

    out = {}
    for name in names:
        try:
            army = load_army(catalogue, name)
        except BattleError:
            continue
        out[name.casefold()] = army_contents(army_data(army.setup))
    return out


def cmd_merge(args: argparse.Namespace) -> int:
    from armybuilder.catalogue.service import Catalogue
    from armybuilder.sim.shards import EVERY_GAME, merge_shards

    paths = [Path(p) for p in args.words[1:]]
    if not paths:
        raise BattleError("battle merge needs one or more shard files: armybuilder battle "
                          "merge FILE...")
    most = _verify(args.verify)
    if args.verify_seed is not None and most is EVERY_GAME:
        raise BattleError("--verify-seed draws the sample of --verify N; every game is "
                          "played again without it")
    if args.workers is not None and args.workers < 1:
        raise BattleError(f"--workers must be at least 1, not {args.workers}")
    bar = StderrBar() if sys.stderr.isatty() else None
    catalogue = Catalogue.open(args.db)
    try:
        merged = merge_shards(catalogue.engine, paths, most, args.verify_seed,
                              args.workers, bar)
    except KeyboardInterrupt:
        print("\narmybuilder: cancelled; nothing was merged", file=sys.stderr)
        return EXIT_CANCELLED
    finally:
        if bar is not None:
            bar.close()
        catalogue.close()
    checked = merged.verified
    assert checked is not None
    if args.json:
        print(json_text({"files": merged.files, "matchups": merged.matchups,
                         "added": merged.added, "already_kept": merged.already,
                         "verified": checked.games, "games": checked.of,
                         "sample_seed": checked.sample_seed}, None))
    else:
        print(f"Merged {merged.files} shard file{'s' if merged.files != 1 else ''}: "
              f"{_n(merged.added, 'game')} added to the kept results, {merged.already} already "
              f"kept, of {_n(merged.matchups, 'matchup')}.")
        sampled = "" if checked.sample_seed is None else \
            f" (a sample, --verify-seed {checked.sample_seed})"
        print(f"Played {checked.games} of their {checked.of} games again: each came out as "
              f"its file says{sampled}.")
    return 0


def _verify(text: str | None) -> int | None:
    """--verify: None for every game, else the sample's size per file."""
    if text is None or text.strip().lower() == "all":
        return None
    value = text.strip()
    # ASCII digits: str.isdigit and int() take other scripts' digits too ("٣" is 3).
    if not (value.isascii() and value.isdigit()) or len(value) > 9 or int(value) < 1:
        raise BattleError(f"--verify takes all or a number of games from 1 to 999,999,999, "
                          f"not {shown(text)[:40]!r}")
    return int(value)
