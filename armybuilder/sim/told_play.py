"""The narration of setting the scene, turns, actions, movement and combat: each kind of
event's words, registered once (:func:`armybuilder.sim.narration.narrates`)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from armybuilder.engine import Work, events
from armybuilder.sim.narration import (
    Logged,
    Narration,
    attack_told,
    dice,
    modifiers,
    narrates,
    silent,
)
from armybuilder.sim.replay_map import xy
from armybuilder.sim.told_sieges import ladder
from armybuilder.text import counted

narrates("dials_set", "turn_end", "free_spin_offered", "no_free_spin", "action_ended",
         "follow_up_declined")(silent)

# --- setting the scene -------------------------------------------------------------------


@narrates("roll")
def _roll(n: Narration, action: Logged, ev: events.Roll) -> Iterator[str]:
    n.last_roll = ev["dice"]
    if ev.get("purpose") == "first player":
        yield f"{n.player(ev['player'])} rolls {dice(ev['dice'])} for first player."


@narrates("first_player")
def _first_player(n: Narration, action: Logged, ev: events.FirstPlayer) -> Iterator[str]:
    yield f"{n.player(ev['player'])} goes first."


@narrates("terrain_placed")
def _terrain_placed(n: Narration, action: Logged, ev: events.TerrainPlaced) -> Iterator[str]:
    item = ev["item"]
    name = n.pile[item] if item < len(n.pile) else f"item {item}"
    yield (f"{n.player(ev['player'])} places terrain {name} at {xy(ev['at'])}, "
           f"turned {math.degrees(ev['rotation']):.0f} degrees.")


@narrates("deployed")
def _deployed(n: Narration, action: Logged, ev: events.Deployed) -> Iterator[str]:
    n.t.pos[ev["warrior"]] = (ev["at"][0], ev["at"][1])
    n.t.facing[ev["warrior"]] = ev["facing"]
    yield f"{n.t.label(ev['warrior'])} is placed at {xy(ev['at'])}."


@narrates("fortification_set_up")
def _fortification_set_up(n: Narration, action: Logged, ev: events.FortificationSetUp
                          ) -> Iterator[str]:
    # World Conquest, Troop Movements (battle rule 1): the holder sets it up.
    wid = ev["warrior"]
    fort = n.t.works[wid]["fort"]
    n.t.stand_work(wid, Work(fort, (ev["at"][0], ev["at"][1]), ev["rotation"]))
    yield (f"{n.player(ev['player'])} sets up the {fort.kind} at {xy(ev['at'])}, "
           f"turned {math.degrees(ev['rotation']) % 360:.0f} degrees.")


@narrates("no_room")
def _no_room(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"{n.t.label(ev['warrior'])} finds no room and stays off the table."


@narrates("battle")
def _battle(n: Narration, action: Logged, ev: events.Battle) -> Iterator[str]:
    yield f"The battle begins; {n.player(ev['first_player'])} takes the first turn."
    if n.maps != "none":
        yield from n.map("the armies deployed")


@narrates("abilities_without_rules")
def _without_rules(n: Narration, action: Logged, ev: events.AbilitiesWithoutRules) -> Iterator[str]:
    yield ("Warning: the engine has no rules for "
           f"{', '.join(ev['names'])}; those abilities play as if absent.")


# --- turns and actions ----------------------------------------------------------------------


@narrates("turn")
def _turn(n: Narration, action: Logged, ev: events.Turn) -> Iterator[str]:
    new_round = ev["round"] != n.round
    if n.round and (n.maps == "turn" or (n.maps == "round" and new_round)):
        yield from n.map(f"end of round {n.round}" if new_round
                         else f"round {n.round}, after a turn")
    if new_round:
        n.round = ev["round"]
        yield ""
        yield f"=== Round {n.round} ==="
    n.base_actions, n.commands, n.extra = ev["actions"], 0, ()
    yield (f"Turn {ev['turn']}: {n.player(ev['player'])}, {ev['actions']} "
           f"action{'s' if ev['actions'] != 1 else ''}.")


@narrates("actions")
def _actions(n: Narration, action: Logged, ev: events.Actions) -> Iterator[str]:
    """The turn's actions after the start of the turn's abilities: Command's extra action
    on a 6 (told by its roll) and the keep's (Castle rules, Actions, Mage Knight: "a
    player receives 1 extra action per turn as long as his army contains a keep
    section"), each named."""
    player = ev["player"]
    extra = ev["actions"] - n.base_actions
    commands = min(n.commands, max(0, extra))
    reasons = ["Command"] * commands
    keep = n.t.keep_of(player)
    rest = extra - commands
    if rest > 0:
        reasons += ["keep" if keep is not None else "other"] * rest
    n.extra = tuple(reasons)
    why = []
    if commands:
        why.append(f"+{commands} for Command")
    if rest > 0 and keep is not None:
        why.append(f"+{rest} for the keep {n.t.label(keep)}")
    elif rest > 0:
        why.append(f"+{rest} more")
    told = f" ({', '.join(why)})" if why else ""
    yield (f"  {n.player(player)} now has {counted(ev['actions'], 'action')} this "
           f"turn{told}.")


@narrates("command")
def _command(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    if ev.get("extra_action", True):
        n.commands += 1
    yield (f"  {n.t.label(ev['warrior'])} rolls {dice(n.last_roll)} for Command: "
           "one more action this turn.")


@narrates("action")
def _action(n: Narration, action: Logged, ev: events.ActionGiven) -> Iterator[str]:
    t = n.t
    who = t.label(ev["warrior"])
    kind = ev["kind"]
    with_ = ""
    if ev.get("formation"):
        with_ = " in formation with " + ", ".join(t.marks[m] for m in ev["formation"])
    ability = f" using {ev['ability']}" if ev.get("ability") else ""
    section = ev.get("section")
    if isinstance(section, str):
        # Chariot rules, Actions: the section given the action (a ladder's "section" is
        # the wall it stands against: Castle rules, Planking and Ladders).
        who = f"The {section} section of {who}"
    elif 0 <= ev["warrior"] < len(t.riding) and t.riding[ev["warrior"]] >= 0 \
            and kind in ("ranged", "close"):
        who = f"{who}, riding in {t.marks[t.riding[ev['warrior']]]},"
    if kind == "pass":
        yield f"  {who} passes."
    elif ev.get("sections"):
        sections = ev["sections"]
        yield (f"  {who} is given {len(sections)} move action"
               f"{'s' if len(sections) != 1 else ''} ({', '.join(sections)}), "
               f"combined: up to {ev['speed']:g} inches.")
    elif ev.get("board") is not None or ev.get("disembark") is not None:
        return  # told by the boarding or getting off itself
    elif kind in ("ranged", "close", "capture"):
        yield _attack(n, ev, who, ability, with_)
    elif kind in ("place ladder", "remove ladder"):
        yield from ladder(n, who, ev)
    elif kind == "move formation":
        members = ", ".join(t.marks[m] for m in ev.get("members", []))
        yield f"  {who} leads a movement formation ({members}), speed {ev.get('speed')}."
    elif ev.get("ability"):
        yield f"  {who} uses {ev['ability']}."


def _attack(n: Narration, ev: events.ActionGiven, who: str, ability: str, with_: str) -> str:
    t = n.t
    if ev["kind"] == "ranged":
        targets = ", ".join(t.label(x) for x in ev.get("targets", []))
        # Castle rules, Long Range Attacks: double range, printed damage -2.
        shot = ("a long-range shot (double range, damage -2)" if ev.get("long_range")
                else "a ranged attack")
        return f"  {who} makes {shot}{ability}{with_} at {targets or 'everyone'}."
    # Castle rules, Close Combat: "the two figures fighting on the stairs or ladder
    # between their two positions".
    across = " across connected access points" if ev.get("across") else ""
    verb = "attacks" if ev["kind"] == "close" else "tries to capture"
    return (f"  {who} {verb} {t.label(ev['target'])}{ability}{with_} in close "
            f"combat{across}.")


@narrates("cancelled")
def _cancelled(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"  {n.t.label(ev['warrior'])} cancels {ev['ability']} for this turn."


@narrates("free_action")
def _free_action(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"  {n.t.label(ev['warrior'])} acts for free."


@narrates("tokens")
def _tokens(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    if ev["tokens"] == 2:
        yield f"  {n.t.label(ev['warrior'])} is pushed (a second action token)."


@narrates("turn_ended")
def _turn_ended(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    # Given with EndTurn: a free move (Quickness) left untaken.
    yield f"  {n.player(ev['player'])} ends the turn."


@narrates("withdrew")
def _withdrew(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"{n.player(ev['player'])} withdraws."


@narrates("removed")
def _removed(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    n.t.pos[ev["warrior"]] = None
    yield f"  {n.t.label(ev['warrior'])} leaves the battlefield."


# --- movement -------------------------------------------------------------------------------


@narrates("moved")
def _moved(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield "  " + n.moved(action, ev)


@narrates("break_away")
def _break_away(n: Narration, action: Logged, ev: events.BreakAway) -> Iterator[str]:
    verb = "breaks away" if ev["success"] else "fails to break away"
    yield f"  {n.t.label(ev['warrior'])} {verb} (rolled {dice(n.last_roll)})."


@narrates("free_spin")
def _free_spin(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    if ev.get("facing") is not None:
        n.t.facing[ev["warrior"]] = ev["facing"]
        yield f"  {n.t.label(ev['warrior'])} turns to face the mover (free spin)."


@narrates("faced")
def _faced(n: Narration, action: Logged, ev: events.Faced) -> Iterator[str]:
    n.t.facing[ev["warrior"]] = ev["facing"]
    how = f" ({ev['ability']})" if ev.get("ability") else ""
    yield (f"  {n.t.label(ev['warrior'])} turns to face "
           f"{math.degrees(ev['facing']):.0f} degrees{how}.")


@narrates("confused_move")
def _confused_move(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"  {n.t.label(ev['by'])} moves {n.t.label(ev['warrior'])} (Magic Confusion)."


@narrates("returned", "levitated")
def _set_down(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    t = n.t
    wid = ev["warrior"]
    at = ev["at"] if "at" in ev else ev["to"]
    t.pos[wid] = (at[0], at[1])
    t.out[wid] = False
    if ev["e"] == "returned":
        t.click[wid] = ev.get("click", t.click[wid])
    verb = "returns" if ev["e"] == "returned" else "is levitated"
    yield f"  {t.label(wid)} {verb} by {t.label(ev['by'])} to {xy(at)}."


@narrates("necromancy_failed")
def _necromancy_failed(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"  {n.t.label(ev['by'])} fails to raise {n.t.label(ev['warrior'])} (Necromancy)."


@narrates("follow_up_lost")
def _follow_up_lost(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"  {n.t.label(ev['warrior'])} loses its follow-up attack."


# --- combat ---------------------------------------------------------------------------------


@narrates("hit", "miss")
def _strike(n: Narration, action: Logged, ev: events.Hit | events.Miss) -> Iterator[str]:
    crit = " (critical)" if ev.get("critical") else ""
    splash = " (splash)" if ev.get("splash") else ""
    where = f" ({ev['section']} section)" if ev.get("section") else ""
    yield (f"    {n.t.label(ev['target'])}{where}{splash}: rolled "
           f"{dice(n.last_roll)}{attack_told(dict(ev))} {ev['total']} vs defense "
           f"{ev['defense']}{modifiers(ev.get('defense_modifiers'))}, "
           f"{ev['e']}{crit}.")


@narrates("damage")
def _damage(n: Narration, action: Logged, ev: events.Damage) -> Iterator[str]:
    t = n.t
    wid = ev["warrior"]
    cause = ev.get("ability") or ev["cause"]
    plural = "s" if ev["clicks"] != 1 else ""
    if ev.get("section"):
        yield n.section_damage(dict(ev), cause)
    elif ev["clicks"] <= 0:
        yield f"  {t.label(wid)} takes no damage ({cause})."
    elif wid in t.works and ev["click"] >= len(t.cards[wid].clicks):
        # World Conquest, Upgrading Defenses: its last click (the banner: a hit) brings
        # it down, told next.
        t.click[wid] = min(ev["click"], len(t.cards[wid].clicks) - 1)
        yield f"  {t.label(wid)} takes {ev['clicks']} click{plural} ({cause})."
    else:
        t.click[wid] = min(ev["click"], len(t.cards[wid].clicks) - 1)
        yield (f"  {t.label(wid)} takes {ev['clicks']} click{plural} ({cause}), "
               f"now {t.status(wid)}.")


@narrates("healed")
def _healed(n: Narration, action: Logged, ev: events.Healed) -> Iterator[str]:
    n.t.click[ev["warrior"]] = ev["click"]
    yield (f"  {n.t.label(ev['warrior'])} heals {ev['clicks']} click"
           f"{'s' if ev['clicks'] != 1 else ''} ({ev['cause']}), "
           f"now {n.t.status(ev['warrior'])}.")


@narrates("eliminated")
def _eliminated(n: Narration, action: Logged, ev: events.Eliminated) -> Iterator[str]:
    t = n.t
    wid = ev["warrior"]
    t.pos[wid] = None
    t.out[wid] = True
    t.captive[wid] = False
    # A castle section's rubble, a fortification knocked down: told as its kind tells it.
    told = t.records[wid].eliminated(n, wid)
    if told is not None:
        yield from told
    else:
        yield f"  {t.label(wid)} is eliminated."


@narrates("score")
def _score(n: Narration, action: Logged, ev: events.Scored) -> Iterator[str]:
    if ev.get("warrior") in n.t.works and not ev["points"]:
        return  # World Conquest, Upgrading Defenses: bought with gold, scores nothing
    yield (f"  {n.player(ev['player'])} scores {ev['points']} victory points "
           f"({ev['reason']}).")


@narrates("captured")
def _captured(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    n.t.captive[ev["warrior"]] = True
    yield f"  {n.t.label(ev['warrior'])} is captured by {n.t.label(ev['by'])}."


@narrates("released")
def _released(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    n.t.captive[ev["warrior"]] = False
    yield f"  {n.t.label(ev['warrior'])} is released."


@narrates("dodged")
def _dodged(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"  {n.t.label(ev['warrior'])} dodges."


@narrates("frozen")
def _frozen(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"  {n.t.label(ev['warrior'])} is frozen ({ev['tokens']} action tokens)."


@narrates("berserk_kills_captive")
def _berserk(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield (f"  {n.t.label(ev['warrior'])} goes berserk and eliminates its captive "
           f"{n.t.label(ev['captive'])}.")


@narrates("ability_frees_captive")
def _frees_captive(n: Narration, action: Logged, ev: Any) -> Iterator[str]:
    yield f"  {n.t.label(ev['warrior'])} lets its captive go ({ev['ability']})."


@narrates("game_over")
def _game_over(n: Narration, action: Logged, ev: events.GameOver) -> Iterator[str]:
    if n.maps != "none":
        yield from n.map("the end")
    yield ""
    scores = ", ".join(f"{n.player(s[0])} {s[4]} VP (eliminations {s[1]}, captives "
                       f"{s[2]}, survivors {s[3]})" for s in ev["scores"])
    winners = [n.player(w) for w in ev["winners"]]
    verdict = (f"{winners[0]} wins." if len(winners) == 1
               else "A draw." if winners else "Nobody wins.")
    yield f"Game over in round {ev['round']} ({ev['termination']}): {scores}. {verdict}"

