"""The shape of the code, read from the source: no import cycles (Python and the pages'
JavaScript), and imports go one way: rules <- ai <- the games' catalog <- the match domain <-
accounts <- the entry points (consumer, views, API, admin, tasks) <- the site's configuration
(``site_config``); the benchmarks (``bench``) drive the site from outside and nothing imports
them. Inside a game's folder (``games/catalog/<slug>/``) each module has the layer of its role:
its ``engine``, ``notation`` and ``positions`` are rules, its ``kit``, ``diagrams`` and
``puzzles`` the catalog, the rest computer players."""

from __future__ import annotations

import ast
import posixpath
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("games", "accounts", "site_config", "bench")
OUTSIDE = ("site_config", "bench")  # above every layer: the configuration and the benchmarks


def module_names() -> dict[str, Path]:
    """Every module of our packages (migrations aside): dotted name -> file."""
    found = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node of ``tree`` that runs: not the body of an ``if TYPE_CHECKING:`` (an import
    made for the type checker alone is never run, so it closes no cycle)."""
    found, todo = [], [tree]
    while todo:
        node = todo.pop()
        found.append(node)
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def imports_of(name: str, path: Path, modules: set[str]) -> set[str]:
    """The modules of ours that ``name`` imports anywhere in its file (functions included),
    with the packages Python initialises on the way (``a.b.c`` runs ``a/__init__`` and
    ``a/b/__init__`` too, unless ``name`` lives inside them already)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in runtime_nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in modules else base)
    edges = set()
    for target in targets:
        parts = target.split(".")
        for i in range(1, len(parts) + 1):
            step = ".".join(parts[:i])
            if step in modules and step != name and not (name + ".").startswith(step + "."):
                edges.add(step)
    return edges


def graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: imports_of(name, path, set(modules)) for name, path in modules.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the list of modules around it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt) :] + [nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_the_reader_sees_imports_and_finds_a_cycle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert find_cycle(edges) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
    modules = module_names()
    consumer = imports_of("games.realtime.consumer", modules["games.realtime.consumer"], set(modules))
    assert {"games.matches.services", "games.realtime.messages", "games.matches"} <= consumer


def test_no_module_imports_one_that_imports_it_back():
    assert find_cycle(graph()) is None


# Each layer and what it may import of ours (besides itself); anything else is a wrong way.
# The longest matching name is a module's layer. Packages above these (games.web,
# games.templatetags, games.admin, games.management, games.subscribers, games.apps,
# games.models) are entry points and wiring: they may import every layer, and none of these
# layers may import them. "games" is the package's own (empty) __init__, run on the way to
# games.rules and the rest.
RULES, AI, CATALOG, MATCHES = "games.rules", "games.ai", "games.catalog", "games.matches"
LEASES = "games.leases"  # a long task's owner seen to be alive: Django only, under every task
DOMAIN = {RULES, AI, CATALOG, MATCHES, LEASES, "games.models", "games"}
LAYERS = {
    RULES: {"games"},
    LEASES: {"games"},
    AI: {RULES, "games"},
    CATALOG: {RULES, AI, "games"},
    MATCHES: DOMAIN,
    # Accounts read and write through the match domain (challenges make matches).
    "accounts": DOMAIN,
    "games.tournaments": DOMAIN,  # tournaments make matches the same way
    # Subscribers of the domain's events: they import events and services below, never the
    # sockets (they announce ``Notified`` instead).
    "games.notifications": DOMAIN | {"games.tournaments", "accounts"},
    # The one way from a thread to the sockets' loop (``games.realtime``: its empty package).
    "games.realtime.outbox": {"games", "games.realtime"},
    # The server's own turns (computer, absent players): the domain, and the outbox to the loop.
    "games.autoplay": DOMAIN | {"games.realtime.outbox", "games.realtime"},
    # The sockets and what they send.
    "games.realtime": DOMAIN
    | {
        "accounts",
        "games.tournaments",
        "games.notifications",
        "games.autoplay",
        "games.realtime.outbox",
        "games.puzzles",  # the puzzle socket checks as the puzzles' POST does
    },
    "games.bible": {"games", LEASES},
    "games.puzzles": DOMAIN,  # puzzles read the catalog's solvers and the stored matches
}
ENTRY_POINTS = ("games.web", "games.templatetags", "games.admin", "games.management", "games.subscribers")


# A game's ``puzzles`` is what the platform's puzzles ask of it, as its kit is.
# Its ``positions`` (Connect Four's typed and edited positions, read and checked) are rules.
CATALOG_ROLES = {
    "engine": RULES,
    "notation": RULES,
    "positions": RULES,
    "kit": CATALOG,
    "diagrams": CATALOG,
    "puzzles": CATALOG,
}


def catalog_layer(name: str) -> str | None:
    """The layer of a module of ``games.catalog`` by its role (None: not in the catalog). The
    packages' ``__init__`` are docstrings (the seeds import their engines through them)."""
    parts = name.split(".")
    if parts[:2] != ["games", "catalog"]:
        return None
    if len(parts) == 2 or (len(parts) == 3 and (ROOT / "games" / "catalog" / parts[2]).is_dir()):
        return RULES  # a package's __init__: a docstring, under everything
    if len(parts) == 3:
        return CATALOG  # the registry and what the platform asks of a game
    return CATALOG_ROLES.get(parts[3], AI)


def layer_of(name: str) -> str | None:
    if (layer := catalog_layer(name)) is not None:
        return layer
    found = [layer for layer in LAYERS if name == layer or name.startswith(layer + ".")]
    return max(found, key=len) if found else None


def test_imports_go_one_way():
    wrong = []
    for name, targets in graph().items():
        layer = layer_of(name)
        if layer is None:
            continue  # entry points may import every layer below them
        allowed = LAYERS[layer]
        for target in targets:
            if layer_of(target) != layer and target not in allowed and layer_of(target) not in allowed:
                wrong.append(f"{name} -> {target}")
    assert wrong == []


def test_every_package_has_a_layer_or_is_an_entry_point():
    """A new package must be placed: in a layer, or among the entry points."""
    unplaced = {
        name
        for name in graph()
        if layer_of(name) is None
        and name not in ("games", "games.apps", "games.models")
        and not name.startswith(ENTRY_POINTS + OUTSIDE)
    }
    assert unplaced == set()


def test_the_configuration_and_the_benchmarks_sit_on_top():
    """Nothing of the site imports its configuration (``settings`` comes through Django) or
    the benchmarks; the configuration imports no benchmark either."""
    wrong = sorted(
        f"{name} -> {target}"
        for name, targets in graph().items()
        for target in targets
        if (target.startswith("bench") and not name.startswith("bench"))
        or (target.startswith("site_config") and not name.startswith(OUTSIDE))
    )
    assert wrong == []


# -- the pages' JavaScript --------------------------------------------------------------------
JS_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^;'"]*?from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']""", re.M
)


def js_files() -> dict[str, Path]:
    """Every JavaScript module of the pages by its URL under ``/static/``: ``static/`` and
    each game folder's ``static/`` (served at ``games/<slug>/``)."""
    found = {str(path.relative_to(ROOT / "static")): path for path in (ROOT / "static").rglob("*.js")}
    for folder in (ROOT / "games" / "catalog").glob("*/static"):
        for path in folder.rglob("*.js"):
            found[f"games/{folder.parent.name}/{path.relative_to(folder)}"] = path
    return found


def js_graph() -> dict[str, set[str]]:
    """Every module (by its URL under ``static/``) -> the modules of ours it imports (static
    imports and re-exports; a renderer is loaded by slug at run time, which makes no cycle)."""
    edges = {}
    for url, path in sorted(js_files().items()):
        targets = set()
        for match in JS_IMPORT.finditer(path.read_text()):
            spec = match.group(1) or match.group(2)
            if spec.startswith("."):
                targets.add(posixpath.normpath(posixpath.join(posixpath.dirname(url), spec)))
        edges[url] = targets
    return edges


def test_the_javascript_has_no_import_cycle():
    edges = js_graph()
    assert {"js/socket.js", "js/ready.js"} <= edges["js/lobby.js"]  # read as imported
    assert edges["games/reversi/render.js"] >= {"games/reversi/options.js", "js/grid_keys.js"}
    missing = sorted(
        f"{url} -> {target}" for url, targets in edges.items() for target in targets if target not in edges
    )
    assert missing == []  # every import names a module the site serves
    assert find_cycle(edges) is None, find_cycle(edges)


def test_the_package_the_outbox_lives_in_imports_nothing():
    """``games.autoplay`` may reach ``games.realtime.outbox``, which runs the package's
    ``__init__`` first: it must stay empty of imports, or autoplay would import the sockets."""
    assert graph()["games.realtime"] == set()


def test_the_domain_and_below_never_import_django_channels_or_entry_points_they_must_not():
    pure = [name for name in graph() if layer_of(name) in (RULES, AI, CATALOG)]
    for name in pure:
        tree = ast.parse(module_names()[name].read_text())
        roots = {
            (alias.name if isinstance(node, ast.Import) else node.module or "").split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom) and not getattr(node, "level", 0)
            for alias in node.names
        }
        assert not roots & {"django", "channels", "asgiref"}, name
    domain = [name for name in graph() if layer_of(name) == "games.matches"]
    for name in domain:
        text = module_names()[name].read_text()
        assert "channels" not in {
            (a.name if isinstance(n, ast.Import) else n.module or "").split(".")[0]
            for n in ast.walk(ast.parse(text))
            if isinstance(n, ast.Import | ast.ImportFrom)
            for a in n.names
        }, name


def test_the_words_live_below_everyone_who_says_them():
    """Results are worded once, in ``games.matches.wording``: it imports only the rules and the
    registry of games (no Django either), and the template tags that mark its words up are for templates only:
    no module of ours imports them (the notifications once did, a wrong way)."""
    edges = graph()
    assert edges["games.matches.wording"] <= {"games.rules", "games.catalog", "games.catalog.registry"}
    tree = ast.parse(module_names()["games.matches.wording"].read_text())
    roots = {
        (alias.name if isinstance(node, ast.Import) else node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert not roots & {"django", "channels", "asgiref"}, roots
    wrong = sorted(
        f"{name} -> {target}"
        for name, targets in edges.items()
        if not name.startswith("games.templatetags")
        for target in targets
        if target.startswith("games.templatetags")
    )
    assert wrong == []


# -- inside the match domain: the match itself and the ideas around it --------------------------
IDEAS = ("talking", "offers", "pairing", "study", "challenges", "ratings")  # games/matches/<idea>/
# What each part of games.matches may import of the others. The match itself (the modules at
# the top: models, services, selectors, events...) rates a finished match and names the chat
# rooms a seat may use; the ideas around it use the match and its ratings, never each other;
# ratings read the models alone.
MAY_IMPORT = {
    "match": {"match", "ratings", "games.matches.talking.chat_models"},
    "ratings": {"ratings", "games.matches.models", "games.matches.errors", "games.matches.clocks"},
    **{idea: {idea, "match", "ratings"} for idea in IDEAS if idea != "ratings"},
}


def part_of(name: str) -> str | None:
    """``match`` or the idea a module of games.matches belongs to (None: not in the domain)."""
    parts = name.split(".")
    if parts[:2] != ["games", "matches"]:
        return None
    return parts[2] if len(parts) > 2 and parts[2] in IDEAS else "match"


def test_the_match_domain_keeps_its_ideas_apart():
    edges = graph()
    packages = {"games.matches", *(f"games.matches.{idea}" for idea in IDEAS)}
    assert all(edges[package] == set() for package in packages)  # docstrings: run on the way, import nothing
    wrong = []
    for name, targets in edges.items():
        if (part := part_of(name)) is None or name in packages:
            continue
        for target in targets - packages:
            other, allowed = part_of(target), MAY_IMPORT[part]
            if other is not None and other not in allowed and target not in allowed:
                wrong.append(f"{name} -> {target}")
    assert wrong == []
    assert part_of("games.matches.offers.draws") == "offers" and part_of("games.matches.services") == "match"
