"""Hand-written figure records for the rules tests (invented collector numbers and dials;
names and points only where the rulebook itself prints them). No tests live here."""

from __future__ import annotations

from armybuilder.figures import CHARIOT_DIALS, MAIN_DIAL, RANK_STARS, Click, Dial, Figure

FAKE_CLICK = Click(0, 7, 8, 15, 2)


def fig(name: str, points: int, number: int, *, rank: str = "standard",
        factions: tuple[str, ...] = ("Atlantis Guild",), expansion: str = "rebellion",
        base: str = "infantry", kind: str = "warrior", castle_section: str = "",
        dials: int = 1, unique: bool | None = None, promo: bool = False,
        limited_edition: bool = False, starting_click: int = 0) -> Figure:
    positions = CHARIOT_DIALS if dials == 4 else (MAIN_DIAL,) * dials
    return Figure(expansion=expansion, number=number, name=name, rank=rank, points=points,
                  factions=list(factions), rank_stars=RANK_STARS[rank],
                  unique=rank == "unique" if unique is None else unique, promo=promo,
                  limited_edition=limited_edition, base=base, kind=kind,
                  castle_section=castle_section, starting_click=starting_click,
                  dials=[Dial(p, [FAKE_CLICK]) for p in positions])


def chariot(name: str = "War Wagon", points: int = 90, number: int = 900, *,
            rank: str = "standard", factions: tuple[str, ...] = ("Black Powder Rebels",)
            ) -> Figure:
    return fig(name, points, number, rank=rank, factions=factions, kind="chariot",
               base="chariot", dials=4, unique=False)


def castle(section: str, number: int, printed: int = 999) -> Figure:
    return fig(section.title(), printed, number, kind="castle", base="castle",
               castle_section=section, factions=(), expansion="fixtures", unique=False,
               starting_click=1)


# Rulebook II, Building Your Army: Rich's 100-point example army.
ALTEM_GUARDSMAN = fig("Altem Guardsman", 37, 901, rank="tough")
DEMI_MAGUS = fig("Demi-Magus", 22, 902, rank="weak")
UTEM_CROSSBOWMAN = fig("Utem Crossbowman", 12, 903, rank="tough")
UTEM_GUARDSMAN = fig("Utem Guardsman", 13, 904)
LEECH_MEDIC = fig("Leech Medic", 14, 905, rank="tough", factions=("Black Powder Rebels",))
RICH = (ALTEM_GUARDSMAN, DEMI_MAGUS, UTEM_CROSSBOWMAN, UTEM_GUARDSMAN, LEECH_MEDIC)
