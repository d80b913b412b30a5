"""``armybuilder --version``: the program's version and what its catalogue holds (the
data's last import, the FAQ edition its errata come from and what they did)."""

from __future__ import annotations

from pathlib import Path

from armybuilder.text import counted, shown


def program_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("armybuilder")
    except PackageNotFoundError:  # a checkout run without installing it
        return "unknown (not installed)"


def report(db: Path | None) -> list[str]:
    """The lines ``--version`` prints. A database not made yet is not made by asking."""
    from armybuilder.importers.errata import FAQ_EDITION, STATUSES
    from armybuilder.paths import default_database

    lines = [f"armybuilder {program_version()}"]
    path = Path(db).expanduser() if db is not None else default_database()
    if not path.exists():
        lines.append(f"catalogue data: none yet ({shown(path)} is made on the first run)")
        lines.append(f"errata: {FAQ_EDITION}")
        return lines
    from armybuilder.catalogue.connection import DatabaseError
    from armybuilder.catalogue.service import Catalogue

    try:
        catalogue = Catalogue.open(path, seed=False)
        try:
            summary = catalogue.summary()
            errata = catalogue.errata()
        finally:
            catalogue.close()
    except DatabaseError as exc:  # a newer or damaged database: the version still shows
        lines.append(f"catalogue data: cannot be read ({shown(exc)})")
        lines.append(f"errata: {FAQ_EDITION}")
        return lines
    figures = counted(summary["figures"], "figure")
    last = summary["last_import"]
    if last is None:
        lines.append(f"catalogue data: {figures}, never imported ({shown(path)})")
    else:
        made = "the demo catalogue" if summary["only_demo"] else shown(last["source"])
        lines.append(f"catalogue data: {figures} from {made}, imported {last['at'][:10]} "
                     f"({shown(path)})")
    done = {s: sum(1 for e in errata if e.status == s) for s in STATUSES}
    told = ", ".join(f"{n} {s}" for s, n in done.items() if n)
    lines.append(f"errata: {FAQ_EDITION}; {counted(len(errata), 'correction')}"
                 + (f" ({told})" if told else ""))
    return lines
