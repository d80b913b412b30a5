"""Saved armies as the engine's players: figure cards, build total, passengers, warnings.

A battle plays drafts too: an army that breaks a building rule is played with a warning.
Only what the engine cannot play stops it: an unknown or empty army, a figure gone from the
catalogue, and figures the engine has no rules for, each named. Chariots play with the
passengers their entries name, riding from the start (Chariot rules, Passengers: "A
chariot may start the game with a passenger"), each one of the army's own warriors.

Castle sections play at their Heavy or Light value, their dials turned on by the price
table's clicks (Castle rules, Point Value), for the game's one castle player (Castle
rules, Playing Area and Set-Up): :func:`siege` names it, the army marked so, and gives it
the engine's castle plan.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from armybuilder.armies.checks import check
from armybuilder.armies.service import Armies, SavedArmy
from armybuilder.catalogue.service import Catalogue
from armybuilder.engine import (
    CardError,
    FigureCard,
    PlayerSetup,
    TerrainItem,
    cards_from_figure,
    castle_card,
    unimplemented_abilities,
    unplayed_section_abilities,
)
from armybuilder.figures import Figure
from armybuilder.rules.army import CASTLE_MODES
from armybuilder.rules.castles import castle_mode, castle_price
from armybuilder.rules.chariots import passenger_keys


class BattleError(ValueError):
    """A battle that cannot be played as asked; the message says which army or option."""


@dataclass(frozen=True)
class BattleArmy:
    """A saved army ready for the engine. ``setup`` has no edge yet (the batch seats it)."""

    name: str
    setup: PlayerSetup
    warnings: tuple[str, ...] = ()
    #: Marked as the castle player (Castle rules, Playing Area and Set-Up).
    castle_player: bool = False
    #: Its castle sections, as "Castle Keep (fixtures:1)", in the army's order.
    sections: tuple[str, ...] = ()

    @property
    def cards(self) -> tuple[FigureCard, ...]:
        return self.setup.army

    def seated(self, edge: str, terrain: tuple[TerrainItem, ...] = ()) -> PlayerSetup:
        return replace(self.setup, edge=edge, terrain=terrain)


def unequal_totals(armies: Sequence[BattleArmy]) -> list[str]:
    """A warning naming the armies when their build totals differ: "Everyone in the game
    should agree on the build total of each player's army" (Rulebook II, Building Your
    Army), and a bigger total is more points and more actions a turn."""
    totals: dict[int, list[str]] = {}
    for army in armies:
        totals.setdefault(army.setup.build_total, []).append(repr(army.name))
    if len(totals) < 2:
        return []
    told = "; ".join(f"{total}: {', '.join(names)}" for total, names in sorted(totals.items()))
    return [f"the armies' build totals differ ({told}); the bigger total brings more points "
            "and more actions a turn (Rulebook II: the players agree on one)"]


def _round_up(points: int) -> int:
    # Rulebook II, Building Your Army: build totals are multiples of 100.
    return max(100, -(-points // 100) * 100)


def load_army(catalogue: Catalogue, name: str) -> BattleArmy:
    """The saved army ``name`` as engine cards, one card per copy, in the army's order."""
    armies = Armies(catalogue)
    try:
        army = armies.get(name)
    except ValueError as exc:
        raise BattleError(str(exc)) from exc
    return battle_army(armies, army)


def battle_army(armies: Armies, army: SavedArmy) -> BattleArmy:
    """An army, saved or not (the advisor's candidates are not), as engine cards."""
    if not army.entries:
        raise BattleError(f"army {army.name!r} has no figures (add some with "
                          f"`armybuilder army add {army.name!r} FIGURE`)")
    figures = armies.figures(army)
    missing = [f"{e.seen_name or e.figure_key} ({e.figure_key})" for e in army.entries
               if e.figure_key not in figures]
    if missing:
        raise BattleError(f"army {army.name!r}: no longer in the catalogue: "
                          f"{', '.join(missing)}")
    cards: list[FigureCard] = []
    refused: list[str] = []
    warnings: list[str] = []
    seen_unique: set[str] = set()
    carried: list[tuple[int, str]] = []  # (a chariot's place in cards, its passenger's key)
    sections: list[str] = []
    for e in army.entries:
        figure = figures[e.figure_key]
        try:
            if figure.kind == "castle":
                card = _castle_card(figure, e.castle)
                sections.append(f"{figure.name} ({figure.key})")
            else:
                card = cards_from_figure(figure)
        except CardError as exc:
            what = "castle section" if figure.kind == "castle" else (
                f"{len(figure.dials)}-dial figure" if figure.kind != "chariot" else
                f"chariot ({str(exc).split(': ', 1)[-1]})")
            refused.append(f"{figure.name} ({figure.key}), a {what}"
                           + (f" ({str(exc).split(': ', 1)[-1]})"
                              if figure.kind == "castle" else ""))
            continue
        copies = e.count
        if card.unique and (copies > 1 or card.key in seen_unique):
            # Rulebook II, Building Your Army: one of each unique figure; the engine
            # refuses a second, so the draft plays with one.
            warnings.append(f"army {army.name!r}: unique {card.name} ({card.key}) appears "
                            "more than once; playing one")
            copies = 0 if card.key in seen_unique else 1
        if card.unique:
            seen_unique.add(card.key)
        keys = passenger_keys(e.passenger) if card.sections else []
        for _ in range(copies):
            if keys:
                carried.append((len(cards), keys[0]))
            cards.append(card)
    if refused:
        raise BattleError(f"army {army.name!r}: the engine cannot play "
                          f"{'; '.join(refused)}. Single-dial warriors and chariots can "
                          "fight a test battle")
    passengers = _seat_passengers(army.name, cards, carried, warnings)
    checked = check(armies, army)
    if not checked.legal:
        errors = [f.message for f in checked.findings() if f.severity == "error"]
        first = f": {errors[0]}" if errors else ""
        warnings.insert(0, f"army {army.name!r} is not legal ({len(errors)} error"
                           f"{'s' if len(errors) != 1 else ''}{first}); playing it anyway")
    points = sum(c.points for c in cards)
    if points > army.build_total:
        # Rulebook II, Building Your Army: an army may not cost more than its build total,
        # and the engine holds to it. Playing it at a higher total would hand it an extra
        # action per turn, so the battle is refused instead.
        raise BattleError(f"army {army.name!r}: {points} points exceed its build total of "
                          f"{army.build_total}; remove figures or raise the total "
                          f"(`armybuilder army set {army.name!r} --total "
                          f"{_round_up(points)}`)")
    lacking = unimplemented_abilities(cards)
    if lacking:
        warnings.append(f"army {army.name!r} carries abilities the engine has no rules for, "
                        f"played as if absent: {', '.join(lacking)}")
    unplayed = unplayed_section_abilities(cards)
    if unplayed:
        warnings.append(f"army {army.name!r}: its chariots' sections show abilities a "
                        f"section does not play, played as if absent: {', '.join(unplayed)}")
    setup = PlayerSetup(name=army.name, army=tuple(cards), build_total=army.build_total,
                        edge="south", passengers=passengers)
    return BattleArmy(name=army.name, setup=setup, warnings=tuple(warnings),
                      castle_player=army.castle_player, sections=tuple(sections))


def _castle_card(figure: Figure, mode: str) -> FigureCard:
    """Castle rules, Point Value: a section costs its Heavy or Light value and starts
    Light with its dial turned the price table's clicks clockwise from its Starting
    Position (imports/castle_sections.csv)."""
    where = f"figure {figure.key} ({figure.name})"
    chosen = castle_mode(mode)
    if chosen not in CASTLE_MODES:
        raise CardError(f"{where}, field castle: heavy or light, not {mode!r}")
    price = castle_price(figure)
    if price is None:
        raise CardError(f"{where}, field castle_section: no Heavy or Light price for "
                        f"{figure.castle_section or 'an unnamed section'!r}")
    return castle_card(figure, clicks=price.clicks(chosen), points=price.points(chosen))


CASTLE_SIDES = ("a", "b")


def siege(a: BattleArmy, b: BattleArmy, castle: str = "") -> tuple[BattleArmy, BattleArmy]:
    """The two armies, checked for one castle player (Castle rules, Playing Area and
    Set-Up: "choose which player will be allowed to use them"): the army marked as the
    castle player that fields sections, or ``castle`` ("a" or "b") when both do.
    Sections of any other army are refused, in one line."""
    armies = (a, b)
    if castle and castle not in CASTLE_SIDES:
        raise BattleError(f"--castle: a or b (the army that holds the castle), not {castle!r}")
    if castle:
        chosen = armies[CASTLE_SIDES.index(castle)]
        if not chosen.castle_player:
            raise BattleError(f"--castle {castle}: army {chosen.name!r} is not marked as the "
                              f"castle player (`armybuilder army set {chosen.name!r} "
                              "--castle-player`)")
        if not chosen.sections:
            raise BattleError(f"--castle {castle}: army {chosen.name!r} has no castle "
                              "sections to hold")
        holder: int | None = CASTLE_SIDES.index(castle)
    else:
        could = [i for i, army in enumerate(armies) if army.castle_player and army.sections]
        if len(could) == 2:
            raise BattleError(f"both {a.name!r} and {b.name!r} are castle players with "
                              "castle sections; a game has one castle player: choose it "
                              "with --castle a or --castle b")
        holder = could[0] if could else None
    for i, army in enumerate(armies):
        if army.sections and i != holder:
            # Castle rules, Playing Area and Set-Up: only the castle player uses sections.
            why = ("is not marked as the castle player" if not army.castle_player else
                   f"is not the castle player ({armies[holder].name!r} is)"
                   if holder is not None else "is not the castle player")
            raise BattleError(f"army {army.name!r} {why}, so it cannot field its castle "
                              f"sections: {', '.join(army.sections)}")
    # The castle player's setup keeps an empty castle plan: the engine places its sections
    # by castle_setup.default_plan along whichever edge it is seated at (the batch swaps
    # edges game by game).
    return a, b


def _seat_passengers(name: str, cards: list[FigureCard], carried: list[tuple[int, str]],
                     warnings: list[str]) -> tuple[tuple[int, int], ...]:
    """Each chariot's passenger: a copy of the figure its entry names among the army's own
    warriors, not yet riding (Chariot rules, Passengers). One that cannot ride (not in the
    army, mounted, a chariot) is left out with a warning: the army check names it too."""
    seated: list[tuple[int, int]] = []
    riding: set[int] = set()
    for chariot, key in carried:
        place = next((i for i, c in enumerate(cards) if c.key == key and not c.sections
                      and i not in riding), None)
        if place is None:
            warnings.append(f"army {name!r}: no {key} left in the army to ride in "
                            f"{cards[chariot].name}; it starts without a passenger")
            continue
        if cards[place].horseshoe:
            warnings.append(f"army {name!r}: {cards[place].name} ({key}) has the horseshoe "
                            f"speed symbol and cannot ride in {cards[chariot].name}; it "
                            "starts without a passenger")
            continue
        riding.add(place)
        seated.append((place, chariot))
    return tuple(seated)
