"""Starting a campaign, applying its actions, and its log: the save.

    campaign = new_campaign(start)        # rolls for the first player: HQs are chosen next
    apply(campaign, ChooseHQ(0, "B2"))    # or raises CampaignRuleError naming the rule
    campaign.decision()                   # what it waits for, and from whom
    again = replay(start, campaign.log)   # the same campaign, event for event

Every random thing (the first player, the weather deck and its dice) comes from the
campaign's own dice (engine.dice.Dice, seeded): the same start and the same actions give
the same campaign on any Python version. A battle's result is an action like any other
(``Fight``), so a log replays without fighting its battles again.
"""

from __future__ import annotations

from typing import Any

from armybuilder.campaign import aftermath, economy, troops, turns
from armybuilder.campaign.actions import (
    AcceptRansom,
    Action,
    Buy,
    CampaignRuleError,
    ChooseHQ,
    Fight,
    FormArmy,
    Fortify,
    KeepCaptive,
    Move,
    OfferRansom,
    Pass,
    PlantBanner,
    Respond,
    Retreat,
    Transfer,
    action_from_json,
    action_to_json,
)
from armybuilder.campaign.forces import Warrior
from armybuilder.campaign.state import AUTOMATIC, Campaign, CampaignStart

#: Which actions answer which decision.
ANSWERS: dict[str, tuple[type, ...]] = {
    "hq": (ChooseHQ,),
    "purchase": (Buy, Fortify, Transfer, FormArmy, Pass),
    "move": (Move, Transfer, FormArmy, Pass),
    "respond": (Respond, Pass),
    "battle": (Fight,),
    "retreat": (Retreat, Pass),
    "captive": (KeepCaptive, OfferRansom, Pass),
    "ransom": (AcceptRansom, Pass),
    "banner": (PlantBanner, Pass),
}
TURN = "World Conquest, Turn Structure"


class ReplayMismatch(RuntimeError):
    """A saved log whose events differ from what its actions produce now."""


def new_campaign(start: CampaignStart) -> Campaign:
    """The campaign at its start: warriors listed (the armies, then the pool), the first
    player rolled for (World Conquest, Setup 4)."""
    c = Campaign(start)
    for p, ps in enumerate(start.players):
        for key in ps.army:
            c.warriors.append(Warrior(len(c.warriors), key, start.figures[key].starting_click,
                                      owner=p))
    for key in start.pool:
        c.warriors.append(Warrior(len(c.warriors), key, start.figures[key].starting_click))
    c.events = []
    turns.roll_first_player(c)
    c.log.append({"action": None, "events": c.events})
    c.events = []
    return c


def apply(c: Campaign, action: Action) -> list[dict[str, Any]]:
    """Apply one action; returns its events, or raises CampaignRuleError and changes
    nothing."""
    if c.over:
        raise CampaignRuleError("World Conquest, Victory", "the campaign is over")
    decision = c.decision()
    if decision is None:  # pragma: no cover - a campaign always waits for something
        raise CampaignRuleError(TURN, "the campaign waits for nothing")
    who = "the battle's result" if decision.player is None else \
        c.players[decision.player].name
    if not isinstance(action, ANSWERS.get(decision.kind, ())):
        raise CampaignRuleError(TURN, f"waiting for {who}: {describe(c)}; "
                                f"{type(action).__name__} does not answer it")
    if action.player != decision.player:
        raise CampaignRuleError(TURN, f"it is {who}'s decision "
                                f"({decision.kind}), not player {action.player}'s")
    c.events = []
    try:
        # Every rule is checked before anything changes (the modules check, then act).
        _dispatch(c, action)
    except CampaignRuleError:
        if c.events:  # a check after something changed: a bug, not a rule
            raise RuntimeError("a refused campaign action changed the campaign") from None
        raise
    _advance(c)
    events = c.events
    c.events = []
    c.log.append({"action": action_to_json(action), "events": events})
    return events


def _dispatch(c: Campaign, a: Action) -> None:
    kind = c.pending[0].kind
    if isinstance(a, ChooseHQ):
        turns.apply_choose_hq(c, a)
    elif isinstance(a, Buy):
        economy.apply_buy(c, a)
    elif isinstance(a, Fortify):
        economy.apply_fortify(c, a)
    elif isinstance(a, Transfer):
        economy.apply_transfer(c, a)
    elif isinstance(a, FormArmy):
        economy.apply_form_army(c, a)
    elif isinstance(a, Move):
        troops.apply_move(c, a)
    elif isinstance(a, Respond):
        troops.apply_respond(c, a)
    elif isinstance(a, Fight):
        aftermath.apply_fight(c, a)
    elif isinstance(a, Retreat):
        aftermath.apply_retreat(c, a)
    elif isinstance(a, KeepCaptive):
        aftermath.apply_keep(c, a)
    elif isinstance(a, OfferRansom):
        aftermath.apply_offer(c, a)
    elif isinstance(a, AcceptRansom):
        aftermath.apply_accept(c, a)
    elif isinstance(a, PlantBanner):
        aftermath.apply_banner(c, a)
    elif isinstance(a, Pass):
        _pass(c, kind)


def _pass(c: Campaign, kind: str) -> None:
    player = c.pending[0].player
    if kind == "purchase":
        c.emit("purchases done", player=player)
        c.pending[0].kind = "move"
    elif kind == "move":
        c.pending.pop(0)
        turns.end_turn(c)
    elif kind == "respond":
        c.emit("no response", player=player)
        c.pending.pop(0)
    elif kind == "retreat":
        aftermath.nowhere_to_go(c)
    elif kind == "captive":
        aftermath.pass_captive(c)
    elif kind == "ransom":
        aftermath.refuse(c)
    elif kind == "banner":
        aftermath.no_banner(c)


def _advance(c: Campaign) -> None:
    """Carry out the steps that need no one's decision."""
    while c.pending and c.pending[0].kind in AUTOMATIC and not c.over:
        d = c.pending.pop(0)
        if d.kind == "arrive":
            troops.arrive(c, d.data["territory"], d.data["mover"])
        elif d.kind == "battle over":
            aftermath.battle_over(c, d.data["territory"])
        elif d.kind == "next turn":
            turns.begin_turn(c)


# --- what the campaign waits for, in words ---------------------------------------------


def describe(c: Campaign) -> str:
    d = c.decision()
    if c.over:
        return f"{c.players[c.winner].name} has won"  # type: ignore[index]
    if d is None:  # pragma: no cover
        return "nothing"
    who = c.players[d.player].name if d.player is not None else ""
    data = d.data
    return {
        "hq": f"{who} chooses a Head Quarters",
        "purchase": f"{who} buys warriors and fortifications (or passes)",
        "move": f"{who} moves troops (or passes to end the turn)",
        "respond": f"{who} may respond to the movement into {data.get('territory')}",
        "battle": f"the battle in {data.get('territory')} is to be fought",
        "retreat": f"{who} withdraws from {data.get('territory')} to a territory",
        "captive": f"{who} decides on the captive "
                   f"{c.label(data['warrior']) if 'warrior' in data else ''}",
        "ransom": f"{who} may ransom {c.label(data['warrior']) if 'warrior' in data else ''}"
                  f" for {data.get('gold')} gold",
        "banner": f"{who} may buy and place a banner in {data.get('territory')}",
    }.get(d.kind, d.kind)


# --- the log ---------------------------------------------------------------------------


def replay(start: CampaignStart, log: list[dict[str, Any]],
           check: bool = True) -> Campaign:
    """The campaign again from its start and its log; ``check``: every entry's events must
    be what its action produces now."""
    c = new_campaign(start)
    if check and log and log[0]["events"] != c.log[0]["events"]:
        raise ReplayMismatch("entry 0: the start's events differ")
    for i, entry in enumerate(log[1:], start=1):
        try:
            events = apply(c, action_from_json(entry["action"]))
        except (CampaignRuleError, ValueError) as exc:
            raise ReplayMismatch(f"entry {i}: the recorded action is not legal here: "
                                 f"{exc}") from exc
        if check and events != entry["events"]:
            raise ReplayMismatch(f"entry {i}: recorded events differ from the replay")
    return c
