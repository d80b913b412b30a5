"""The engine's shape: no import cycle longer than two modules (imports at the top of a
module and inside functions alike: those run), imports inside functions only where a
comment says why (ten at most), and kinds of figure behind one interface
(engine/figure_kinds.py): a new kind is one module and one registration."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from engine_helpers import NORTH, SOUTH, card, scenario, w

from armybuilder.engine import IllegalAction, Pass, figure_kinds, victory
from armybuilder.engine.figure_kinds import FigureKind, kind_for

ENGINE = Path(__file__).resolve().parents[2] / "armybuilder" / "engine"


def _modules() -> dict[str, Path]:
    out = {}
    for p in ENGINE.rglob("*.py"):
        parts = list(p.relative_to(ENGINE.parent.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def _imports() -> tuple[dict[str, set[str]], list[tuple[str, int, bool]]]:
    """The engine's modules each module imports when it runs (not under TYPE_CHECKING),
    and every import inside a function: (module, line, a comment says why)."""
    mods = _modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}
    inside: list[tuple[str, int, bool]] = []
    for m, path in mods.items():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        tree = ast.parse(text)
        parents = {c: n for n in ast.walk(tree) for c in ast.iter_child_nodes(n)}
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            q: ast.AST = node
            in_function = checking = False
            while q in parents:
                q = parents[q]
                in_function = in_function or isinstance(q, ast.FunctionDef)
                checking = checking or (isinstance(q, ast.If)
                                        and "TYPE_CHECKING" in ast.unparse(q.test))
            if checking:
                continue
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                base = node.module or ""
                subs = [f"{base}.{a.name}" for a in node.names]
                names = [n for n in subs if n in mods] or [base]
            names = [n for n in names if n in mods and n not in (m, "armybuilder.engine")]
            graph[m] |= set(names)
            if in_function:
                said = "#" in lines[node.lineno - 1] or "#" in lines[node.lineno - 2]
                inside.append((m, node.lineno, said))
    return graph, inside


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for u in graph[v]:
            if u not in index:
                visit(u)
                low[v] = min(low[v], low[u])
            elif u in stack:
                low[v] = min(low[v], index[u])
        if low[v] == index[v]:
            group = set()
            while True:
                u = stack.pop()
                group.add(u)
                if u == v:
                    break
            if len(group) > 1:
                out.append(group)

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_no_import_cycle_longer_than_two_modules() -> None:
    graph, _ = _imports()
    long = [sorted(c) for c in _cycles(graph) if len(c) > 2]
    assert long == []


def test_imports_inside_functions_are_few_and_say_why() -> None:
    _, inside = _imports()
    assert len(inside) <= 10, inside
    assert [(m, line) for m, line, said in inside if not said] == []


# --- a new kind of figure: one module, one registration --------------------------------


class Totem(FigureKind):
    """A kind made up for the test: a figure of a ``test:totem`` card keeps no side in
    the game and is given no action."""

    name = "totem"
    keeps_side = False
    no_actions = "Test rules: a totem is given no action"

    def claims(self, c: object) -> bool:
        return getattr(c, "key", "") == "test:totem"


def test_a_new_kind_of_figure_is_one_class_and_one_registration(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(figure_kinds, "_KINDS", list(figure_kinds.kinds()))
    totem = figure_kinds.register(Totem())
    foot = card("Footman", 20)
    pole = card("Totem", 10, key="test:totem")
    assert kind_for(pole) is totem and kind_for(foot) is figure_kinds.WARRIOR
    game = scenario(w(foot, 0, 10, 10, NORTH), w(pole, 0, 12, 10, NORTH),
                    w(foot, 1, 10, 30, SOUTH))
    assert game.warriors[1].kind is totem and totem in game.kinds_in_play
    # The shared rules ask the kind: no action for it, and it keeps no side in the game.
    with pytest.raises(IllegalAction, match="a totem is given no action"):
        game.check(Pass(1))
    assert victory.several_sides(game)
    game.warriors[0].on_table = False
    assert not victory.several_sides(game)


def test_every_kind_is_registered_once_and_claims_its_cards() -> None:
    from chariot_cards import chariot
    from fixture_figures import fixture_castle_figures

    from armybuilder.engine import Fortification, castle_card
    from armybuilder.engine.fortifications import card_for

    names = [k.name for k in figure_kinds.kinds()]
    assert names == ["castle section", "chariot", "structure"]
    assert kind_for(chariot()).name == "chariot"
    assert kind_for(castle_card(fixture_castle_figures()["keep"])).name == "castle section"
    banner = Fortification("banner", 0, 0.955, 12, 1)
    assert kind_for(card_for(banner)).name == "structure"
    assert kind_for(card("Footman")).name == "warrior"
