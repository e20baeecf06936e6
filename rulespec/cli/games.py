"""``rulespec games``: the games, their player ranges, options and bots."""

from __future__ import annotations

import argparse
import ast
import inspect
import itertools
import json
import re
import sys
import textwrap
from typing import Any

import attrs

import rulespec
from rulespec.cli.arguments import Subcommands, add_command
from rulespec.core.game import Game

__all__ = ["add_parser", "describe", "option_docs", "run"]


_SUMMARY = "list the games, their player ranges, options and bots"
_ABOUT = """List every game rulespec knows: its id (used by the other commands), its name,
how many players, its options with their defaults, and its bots."""
_EXAMPLES = "rulespec games   (or: rulespec games --json)"


def add_parser(sub: Subcommands) -> None:
    """Add the ``games`` subcommand to ``sub``."""
    parser = add_command(sub, "games", run, _SUMMARY, _ABOUT, _EXAMPLES)
    parser.add_argument("--json", action="store_true", help="print the list as JSON")


def option_docs(cls: type) -> dict[str, str]:
    """The first line of each attribute's docstring in the source of ``cls``."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return {}
    docs: dict[str, str] = {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = _plain(after.value.value)
    return docs


def _plain(text: str) -> str:
    """reStructuredText markup out of a docstring: roles and literals as plain words."""
    text = re.sub(r":[\w:]+:`~?(?:[\w.]+\.)?([^`.]+)`", r"\1", text)
    return " ".join(text.replace("``", "").split())


def _class_docs(cls: type, names: list[str]) -> dict[str, str]:
    """Paragraphs of the class docstring that start with an option's name in ``literal``."""
    found: dict[str, str] = {}
    for paragraph in (inspect.getdoc(cls) or "").split("\n\n"):
        for name in names:
            if paragraph.startswith(f"``{name}``"):
                found[name] = _plain(paragraph)
    return found


def _json_value(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(getattr(value, "value", value))


def describe(g: Game[Any, Any, Any, Any]) -> dict[str, Any]:
    """What ``rulespec games`` says of one game, as JSON data."""
    defaults = g.default_options()
    options = []
    if attrs.has(type(defaults)):
        fields = attrs.fields(type(defaults))
        docs = _class_docs(type(defaults), [f.name for f in fields])
        docs.update(option_docs(type(defaults)))
        for field in fields:
            options.append(
                {
                    "name": field.name,
                    "default": _json_value(getattr(defaults, field.name)),
                    "about": docs.get(field.name, ""),
                }
            )
    return {
        "id": g.id,
        "name": g.name,
        "min_players": g.min_players,
        "max_players": g.max_players,
        "options": options,
        "policies": sorted(g.policies()),
        "default_policy": g.default_policy,
        "simulation_options": g.simulation_options(),
    }


def _value(value: Any) -> str:
    """``value`` in full, as ``--option NAME=VALUE`` accepts it."""
    return json.dumps(value, ensure_ascii=False)


def _text(data: dict[str, Any]) -> str:
    lines = [f"{data['id']}  {data['name']}, {data['min_players']}–{data['max_players']} players"]
    bots = ", ".join(
        f"{p} (default)" if p == data["default_policy"] else p for p in data["policies"]
    )
    lines.append(f"  bots: {bots}")
    if data["simulation_options"]:
        extra = ",".join(f"{k}={_value(v)}" for k, v in data["simulation_options"].items())
        lines.append(f"  simulations add: {extra}")
    lines.append("  options (--option NAME=VALUE):")
    for option in data["options"]:
        lines.append(f"    {option['name']}={_value(option['default'])}")
        if option["about"]:
            lines += textwrap.wrap(
                option["about"], 76, initial_indent=" " * 6, subsequent_indent=" " * 6
            )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print every game, then the plug-ins that failed to load, one line each (with
    ``--json``, on stderr, the list staying a list of games); a failure does not change
    the exit status."""
    found = [describe(g) for g in rulespec.games()]
    failures = rulespec.plugin_failures()
    if args.json:
        print(json.dumps(found, ensure_ascii=False, indent=1))
        for failure in failures:
            print(f"rulespec: not loaded: {failure}", file=sys.stderr)
        return 0
    print("\n\n".join(_text(data) for data in found))
    if failures:
        print("\nnot loaded (fix or uninstall):")
        for failure in failures:
            print(f"  {failure}")
    return 0
