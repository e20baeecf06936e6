"""The shape of the package: who may import whom, and what every game package holds.

The checks read the source with :mod:`ast` (nothing is imported to find the
imports), so they see the imports that only run inside a function too:

- the command line's modules share public functions only, never ``_private``
  names of one another (the core's modules likewise);
- the core imports nothing of rulespec outside the core: not the top-level
  package, not a game, not the command line; nor does it read the installed
  distributions' entry points, which ``rulespec.discovery`` (a layer of one module
  above the core) does, installed in the core's registry;
- the drawing helpers (``rulespec.drawing``) sit beside the core, and the
  rulebook (``rulespec.rulebook``: the clause catalogue, the worked examples)
  above it: each imports the core only;
- the tools for writing a game (``rulespec.plugin``: the builders, the lazy
  sequences, the samplers' and encodings' helpers, the codec's table of forms, the
  parts of a declaration only the tools read, the plug-in defaults) import the core,
  the drawing helpers and the rulebook only;
- a game imports the core, the drawing helpers, the rulebook and the tools for
  writing a game only (its kit the conformance kit too, its schema the schema
  language), and the tools (``rulespec.tools``: simulation, search, verifier,
  traceability) the core, the rulebook and the tools for writing a game only: they
  reach a game through the registry, and nothing below them imports them;
- no module of the package imports, however indirectly, one that imports it
  (imports inside functions and for type checkers included);
- the modules of a game package import one another without a cycle;
- every game package has the same roles (``state``, ``rules``, ``codec``...).
"""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

import rulespec
from rulespec.core.invariants import Invariant, TransitionInvariant

SOURCE = Path(rulespec.__file__).parent

GAME_PACKAGES = sorted({type(g).__module__.rpartition(".")[0] for g in rulespec.games()})
"""The package of every registered game, such as ``rulespec.duo``."""

ROLES = frozenset(
    {
        "actions",
        "cards",
        "codec",
        "encoding",
        "examples",
        "game",
        "invariants",
        "position",
        "render",
        "rules",
        "scoring",
        "state",
        "view",
    }
)
"""The modules every game package has, each with the same job."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module a ``from ... import`` reads from, relative imports resolved."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    base = base[: len(base) - node.level + (1 if is_package else 0)]
    return ".".join(base + ([node.module] if node.module else []))


def imported(
    source: str, module: str, *, is_package: bool = False, top_level: bool = False
) -> Iterator[tuple[str, str]]:
    """Every ``(module, name)`` that ``source`` imports (``name`` is ``""`` for ``import
    module``): wherever the import stands, or with ``top_level`` only those that run when
    the module is imported (outside functions and classes; under ``if`` and ``try``
    included).

    >>> sorted(imported("import a.b\\nfrom .c import _d\\ndef f():\\n import e", "p.q"))
    [('a.b', ''), ('e', ''), ('p.c', '_d')]
    >>> sorted(imported("import a.b\\ndef f():\\n import e", "p.q", top_level=True))
    [('a.b', '')]
    """
    tree = ast.parse(source)
    nodes: Iterator[ast.AST] = ast.walk(tree) if not top_level else _top_level(tree.body)
    for node in nodes:
        if isinstance(node, ast.Import):
            yield from ((alias.name, "") for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            origin = _absolute(node, module, is_package)
            yield from ((origin, alias.name) for alias in node.names)


def _top_level(statements: list[ast.stmt]) -> Iterator[ast.stmt]:
    for node in statements:
        yield node
        if isinstance(node, ast.If | ast.Try | ast.With):
            for field in ("body", "orelse", "finalbody"):
                yield from _top_level(getattr(node, field, []))
            for handler in getattr(node, "handlers", []):
                yield from _top_level(handler.body)


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The groups of nodes that reach one another (each a sorted list, every group of
    two or more, and a node that points to itself).

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}, "d": {"d"}})
    [['a', 'b'], ['d']]
    """
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in order:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], order[target])
        if low[node] == order[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1 or node in graph.get(node, ()):
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return sorted(groups)


def _sources(package: str) -> dict[str, tuple[str, bool]]:
    """Each module of ``package`` (not its subpackages): name → (source, is a package)."""
    folder = SOURCE.parent.joinpath(*package.split("."))
    return {
        _module_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
        for path in sorted(folder.glob("*.py"))
    }


def package_graph() -> dict[str, set[str]]:
    """Which modules of rulespec each module of rulespec imports, wherever the import
    stands (inside a function and under ``if TYPE_CHECKING`` too).

    A name imported from a package that is not one of its modules is an import of the
    package's ``__init__``; the parent packages that Python runs first are not counted
    (every module would then import ``rulespec``, which imports the games).
    """
    sources = {
        _module_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
        for path in sorted(SOURCE.rglob("*.py"))
    }
    graph: dict[str, set[str]] = {}
    for name, (source, is_package) in sources.items():
        targets = set()
        for origin, imported_name in imported(source, name, is_package=is_package):
            if f"{origin}.{imported_name}" in sources:
                targets.add(f"{origin}.{imported_name}")
            elif origin in sources:
                targets.add(origin)
        graph[name] = targets - {name}
    return graph


def import_graph(package: str) -> dict[str, set[str]]:
    """Which modules of ``package`` each of its modules imports when it is imported.

    A name imported from the package itself that is not one of its modules (a name its
    ``__init__`` re-exports) is an import of the package's ``__init__``.
    """
    sources = _sources(package)
    graph: dict[str, set[str]] = {}
    for name, (source, is_package) in sources.items():
        targets = set()
        for origin, imported_name in imported(source, name, is_package=is_package, top_level=True):
            if f"{origin}.{imported_name}" in sources:
                targets.add(f"{origin}.{imported_name}")
            elif origin in sources:
                targets.add(origin)
        graph[name] = targets
    return graph


# -- the scanners themselves --------------------------------------------------------


def test_the_scanners_see_what_the_checks_forbid() -> None:
    nested = "def run():\n    from rulespec.cli.main import _game, CommandError\n"
    assert ("rulespec.cli.main", "_game") in set(imported(nested, "rulespec.cli.play"))
    relative = "from .main import _game\n"
    assert ("rulespec.cli.main", "_game") in set(
        imported(relative, "rulespec.cli.play", is_package=False)
    )
    guarded = "if TYPE_CHECKING:\n    from rulespec.duo import view\n"
    assert ("rulespec.duo", "view") in set(imported(guarded, "rulespec.duo.state", top_level=True))
    assert cycles({"x.a": {"x.b"}, "x.b": {"x.c"}, "x.c": {"x.a"}}) == [["x.a", "x.b", "x.c"]]
    assert cycles({"x.a": {"x.b"}, "x.b": set()}) == []


# -- private names ------------------------------------------------------------------


@pytest.mark.parametrize("package", ["rulespec.cli", "rulespec.core"])
def test_modules_share_no_private_names(package: str) -> None:
    offences = []
    for name, (source, is_package) in _sources(package).items():
        for origin, imported_name in imported(source, name, is_package=is_package):
            private = imported_name.startswith("_") and not imported_name.startswith("__")
            if origin.startswith("rulespec") and origin != name and private:
                offences.append(f"{name} imports {imported_name} from {origin}")
    assert offences == []


# -- the core's dependencies --------------------------------------------------------


def test_the_core_imports_nothing_of_rulespec_outside_the_core() -> None:
    offences = []
    for name, (source, is_package) in _sources("rulespec.core").items():
        for origin, imported_name in imported(source, name, is_package=is_package):
            target = f"{origin}.{imported_name}" if imported_name else origin
            outside = target.split(".")[:2] != ["rulespec", "core"]
            if target.split(".")[0] == "rulespec" and outside:
                offences.append(f"{name} imports {target}")
    assert offences == []


def test_the_core_leaves_finding_the_installed_games_to_the_discovery() -> None:
    readers = sorted(
        name
        for name, (source, is_package) in _sources("rulespec.core").items()
        for origin, imported_name in imported(source, name, is_package=is_package)
        if "importlib.metadata" in (origin, f"{origin}.{imported_name}")
    )
    assert readers == []
    assert LAYERS[DISCOVERY] == (CORE, DISCOVERY)


def test_importing_rulespec_leaves_the_tools_for_writing_a_game_unloaded() -> None:
    # The registry loads a game on first use; until then only the core is needed.
    probe = "import sys, rulespec; print(sorted(m for m in sys.modules if m.startswith(%r)))"
    found = subprocess.run(
        [sys.executable, "-c", probe % WRITING], capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "[]"
    assert importlib.import_module(f"{WRITING}.builder").__name__ == f"{WRITING}.builder"


CORE, DRAWING, RULEBOOK = "rulespec.core", "rulespec.drawing", "rulespec.rulebook"
WRITING, DISCOVERY = "rulespec.plugin", "rulespec.discovery"

LAYERS: dict[str, tuple[str, ...]] = {
    DISCOVERY: (CORE, DISCOVERY),
    DRAWING: (CORE, DRAWING),
    RULEBOOK: (CORE, RULEBOOK),
    WRITING: (CORE, DRAWING, RULEBOOK, WRITING),
    "rulespec.tools": (CORE, RULEBOOK, WRITING, "rulespec.tools"),
    # the protocol's schemas take the kit's list of optional queries
    "rulespec.schemas": (CORE, "rulespec.testing.adapter", "rulespec.schemas"),
} | {p: (CORE, DRAWING, RULEBOOK, WRITING, p) for p in GAME_PACKAGES}
"""The packages that may import only the given packages (themselves included)."""

ROLE_LAYERS = {"kit": ("rulespec.testing",), "schema": ("rulespec.schemas",)}
"""What a game's module of that role may import besides its game's layers."""


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_a_layer_imports_the_layers_below_it_only(package: str) -> None:
    folder = SOURCE.parent.joinpath(*package.split("."))
    paths = sorted(folder.rglob("*.py")) if folder.is_dir() else [folder.with_suffix(".py")]
    assert paths and paths[0].is_file()
    offences = []
    for path in paths:
        name = _module_name(path)
        role = name.rpartition(".")[2] if package in GAME_PACKAGES else ""
        allowed = LAYERS[package] + ROLE_LAYERS.get(role, ())
        source = path.read_text(encoding="utf-8")
        for origin, imported_name in imported(source, name, is_package=path.name == "__init__.py"):
            target = f"{origin}.{imported_name}" if imported_name else origin
            inside = any(target == a or target.startswith(f"{a}.") for a in allowed)
            if target.split(".")[0] == "rulespec" and not inside:
                offences.append(f"{name} imports {target}")
    assert offences == []


def test_the_package_has_no_import_cycle() -> None:
    graph = package_graph()
    # imports inside functions count: the command line reads the traceability lazily
    assert "rulespec.tools.trace" in graph["rulespec.cli.rules"]
    assert "rulespec.tools.simulation" in graph["rulespec.tools"]  # for type checkers only
    assert cycles(graph) == []


def test_the_game_packages_are_found() -> None:
    assert {"rulespec.duck_cover", "rulespec.duo", "rulespec.canardage"} <= set(GAME_PACKAGES)


# -- each game package ---------------------------------------------------------------


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_game_package_imports_its_modules_without_a_cycle(package: str) -> None:
    graph = import_graph(package)
    assert f"{package}.rules" in graph[f"{package}.game"]  # the graph is not empty
    assert cycles(graph) == []


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_game_package_has_every_role(package: str) -> None:
    modules = {name.rpartition(".")[2] for name in _sources(package)} - {"__init__"}
    assert modules >= ROLES, f"{package} lacks {sorted(ROLES - modules)}"


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_each_role_plays_its_part(package: str) -> None:
    game = importlib.import_module(f"{package}.game").GAME
    assert game.position is importlib.import_module(f"{package}.position").position
    assert game is rulespec.game(game.id)
    assert game.codec is importlib.import_module(f"{package}.codec")
    assert game.encoding is importlib.import_module(f"{package}.encoding")
    invariants = importlib.import_module(f"{package}.invariants")
    assert game.invariants == invariants.INVARIANTS
    assert game.transition_invariants == invariants.TRANSITION_INVARIANTS
    assert all(isinstance(i, Invariant) for i in game.invariants)
    assert all(isinstance(i, TransitionInvariant) for i in game.transition_invariants)
    state = importlib.import_module(f"{package}.state")
    assert game.state_type is state.State and game.options_type is state.Options
    assert game.view_type is importlib.import_module(f"{package}.view").View
    examples = importlib.import_module(f"{package}.examples").examples()
    assert examples and all(e.clauses for e in examples)


# -- no state kept between calls ------------------------------------------------------


def test_no_module_rebinds_a_global() -> None:
    # A module-level cache rebound on a hot path races under free-threaded Python.
    offences = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Global):
                offences.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    assert offences == []


# -- no game named outside its package --------------------------------------------


_USER_TEXT = frozenset({"help", "epilog", "description", "usage"})
"""Keyword arguments whose text a user reads (a command's examples may name a game)."""
_USER_TEXT_NAME = re.compile(r"(?:^|_)(?:SUMMARY|ABOUT|EXAMPLES)$")
"""Constants whose text a user reads: a command's summary, description and examples
(see :func:`rulespec.cli.arguments.add_command`)."""


def _docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            for statement in node.body:
                if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                    found.add(id(statement.value))
    return found


def _user_text(node: ast.keyword | ast.Assign) -> bool:
    """Whether ``node`` gives a text that a user reads: a help keyword, or a constant named
    as one."""
    if isinstance(node, ast.keyword):
        return node.arg in _USER_TEXT
    return all(isinstance(t, ast.Name) and _USER_TEXT_NAME.search(t.id) for t in node.targets)


def names_in_code(source: str) -> Iterator[tuple[int, str]]:
    """Every name and string of ``source`` that its code uses, with its line: not its
    docstrings, nor the text of a command's help.

    >>> [text for _, text in names_in_code('x = f("duo", help="e.g. duo")')]
    ['x', 'f', 'duo']
    >>> [text for _, text in names_in_code('_EXAMPLES = "rulespec games duo"; y = "duo"')]
    ['_EXAMPLES', 'y', 'duo']
    """
    tree = ast.parse(source)
    skipped = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword | ast.Assign) and _user_text(node):
            skipped.update(id(n) for n in ast.walk(node.value))
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = None if id(node) in skipped else node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.alias):
            text = node.name
        elif isinstance(node, ast.ImportFrom):
            text = node.module
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            text = node.name
        if text:
            yield getattr(node, "lineno", 0), text


def _game_words() -> re.Pattern[str]:
    words = set()
    for g in rulespec.games():
        package = type(g).__module__.split(".")[1]
        words |= {re.escape(g.id), re.escape(package), re.escape(type(g).__name__)}
        words.add(re.escape(g.declaration.prefix) + "[a-z]")
    return re.compile("|".join(rf"(?<![a-z]){w}" for w in sorted(words)), re.IGNORECASE)


def test_no_module_outside_a_game_package_names_a_game() -> None:
    words = _game_words()
    inside = tuple(str(SOURCE.parent.joinpath(*p.split("."))) for p in GAME_PACKAGES)
    offences = []
    for path in sorted(SOURCE.rglob("*.py")):
        if str(path).startswith(inside):
            continue
        for line, text in names_in_code(path.read_text(encoding="utf-8")):
            if words.search(text):
                offences.append(f"{path.relative_to(SOURCE.parent)}:{line}: {text[:60]!r}")
    assert offences == []


def test_the_name_scanner_sees_a_game_named_in_code() -> None:
    words = _game_words()
    source = 'GAMES = {"duck-and-cover": 1}\nfrom rulespec.duo import cards\nx = "can.turn"\n'
    found = sorted(t for _, t in names_in_code(source) if words.search(t))
    assert found == ["can.turn", "duck-and-cover", "rulespec.duo"]
