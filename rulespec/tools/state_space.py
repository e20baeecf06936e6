"""The counts of the "State space" page: every small configuration explored.

``python -m rulespec.tools.state_space --write`` explores each configuration of
game (:func:`~rulespec.tools.explore.configs`) with and without symmetry reduction and writes
``docs/_data/state-space.json`` and the page ``docs/reference/state-space.rst`` made
from it; ``--config GAME:CONFIG`` explores only that configuration and keeps the file's
counts of the others. The test suite checks that the page is the file's and that the
counts are still the engine's, so that a rule change that changes them is a deliberate
one.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulespec.core.game import game, games
from rulespec.tools.explore import config, configs, explore, small_options

__all__ = ["DATA", "PAGE", "counts", "main", "page"]

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "docs" / "_data" / "state-space.json"
PAGE = ROOT / "docs" / "reference" / "state-space.rst"


def counts(game_id: str, name: str, symmetry: bool) -> dict[str, Any]:
    """The counts of one configuration, with or without symmetry reduction."""
    g = game(game_id)
    small = config(game_id, name)
    options = small_options(game_id, name)
    canonical = small.symmetry(options) if symmetry and small.symmetry else None
    starts = None if small.start is None else small.start(options)
    report = explore(
        g, small.players, options, symmetry=canonical, starts=starts, endless=small.endless
    )
    return {
        "states": report.states,
        "terminal": report.terminal,
        "depth": report.depth,
        "longest": report.longest,
        "cycles": report.cycles,
        "per_depth": report.per_depth,
        "terminal_per_depth": report.terminal_per_depth,
        "winners": dict(sorted(report.winners.items())),
    }


def collect(
    only: set[str] | None = None, kept: Sequence[dict[str, Any]] = ()
) -> list[dict[str, Any]]:
    """Every configuration's counts, as the data file holds them; with ``only`` (names
    ``GAME:CONFIG``), the others are taken from ``kept`` (the rows of the file)."""
    rows = []
    for g in games():
        if g.declaration.small is None:
            continue
        for small in configs(g):
            row: dict[str, Any] = {"game": g.id, "config": small.name, "deep": small.deep}
            row |= {"players": small.players, "options": small.options}
            row |= {"description": small.description, "note": small.note, "law": small.law}
            name = f"{g.id}:{small.name}"
            old = [r for r in kept if r["game"] == g.id and r["config"] == small.name]
            if only is not None and name not in only:
                if old:  # a configuration not yet explored is left out
                    rows.append(row | {k: old[0][k] for k in ("full", "reduced") if k in old[0]})
                continue
            row["full"] = counts(g.id, small.name, False)
            if small.symmetry is not None:
                row["reduced"] = counts(g.id, small.name, True)
            rows.append(row)
    return rows


def page(rows: list[dict[str, Any]]) -> str:
    """The reStructuredText page of ``rows``."""
    out = [
        "State space",
        "===========",
        "",
        "``rulespec explore`` walks every state reachable from a new game of a small",
        "configuration: every action, every chance outcome (each distinct ordering of each",
        "shuffled pile), each state kept once. It checks every invariant on every state and",
        "step, that someone can act until the game is over, that no state comes back, and",
        "that ``sample_state`` draws each view's states as it should. The small",
        "configurations are not rules of the game: each game lists its own (the ``small``",
        "module its declaration names), from a new game with options that shrink the deck,",
        "or, where a deal has far too many outcomes, from a position late in a game; chance",
        "steps after the start are walked outcome by outcome. Where the rules let a game go",
        "on for ever, the states on or after a cycle are counted, not found wrong.",
        "",
        "The views are checked on a few information sets of each player: every draw of",
        "``sample_state`` must show the view, and the draws must fall on the states of the",
        "set as often as the game's law says (a chi-squared test at the 10⁻⁴ level), each",
        "state weighed by the arrangements of its hidden cards when copies of a card are",
        "told apart. The sets tested first are the largest that look *whole*: every",
        "arrangement the view allows was explored, as at a start made of every arrangement",
        "of the hidden cards. A walk from a position holds only some arrangements of what",
        "a view forgets later (the cards drawn since the start, say); draws outside the",
        "walk are counted, and the test runs on the others. Each configuration below says",
        "its law.",
        "",
        "The counts below are pinned by the test suite: a change of the rules that changes",
        "them must update this page, with",
        "``uv run --frozen python -m rulespec.tools.state_space --write``.",
        "*Reduced* keeps one state per symmetry class (each configuration says which).",
        "The first configuration of each game is its default, which the test suite",
        "explores under the ``ci`` profile; the larger ones, of up to 10⁶ states, under",
        "the ``deep`` profile (``RULESPEC_PROFILE=deep``).",
        "",
    ]
    for row in rows:
        title = f"{row['game']}: {row['config']}"
        out += [title, "-" * len(title), "", f"{row['description']} (``rulespec explore "]
        out[-1] += f"{row['game']} --config {row['config']}``)."
        out += ["", f"Options: ``{json.dumps(row['options'])}``.", ""]
        if row["deep"]:
            out += ["A larger configuration, explored under the deep profile.", ""]
        out += [f"{row['note']}", ""] if row["note"] else []
        out += [f"Law of the views' samples: {row['law']}.", ""]
        last = "on or after a cycle" if row["full"]["cycles"] else "longest"
        out += [".. list-table::", "   :header-rows: 1", ""]
        out += ["   * - \u00a0", "     - states", "     - final", "     - depth", f"     - {last}"]
        for kind in ("full", "reduced"):
            if kind in row:
                c = row[kind]
                out.append(f"   * - {kind}")
                for key in ("states", "terminal", "depth", "cycles" if c["cycles"] else "longest"):
                    out.append(f"     - {c[key]:,}")
        full = row["full"]
        out += ["", f"States per depth: {', '.join(f'{n:,}' for n in full['per_depth'])}."]
        out += [
            "",
            f"Final states per depth: {', '.join(f'{n:,}' for n in full['terminal_per_depth'])}.",
        ]
        won = ", ".join(f"{k}: {v:,}" for k, v in full["winners"].items())
        out += ["", f"Final states by winning seats: {won}.", ""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Write the data file and the page (``--write``), or print the data."""
    parser = argparse.ArgumentParser(prog="python -m rulespec.tools.state_space")
    parser.add_argument("--write", action="store_true", help="write the data file and the page")
    parser.add_argument(
        "--config",
        action="append",
        metavar="GAME:CONFIG",
        help="explore only this configuration, the others as the data file has them (repeat "
        "for several)",
    )
    args = parser.parse_args(argv)
    kept = json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else []
    rows = collect(None if args.config is None else set(args.config), kept)
    text = json.dumps(rows, indent=1) + "\n"
    if args.write:
        DATA.write_text(text, encoding="utf-8")
        PAGE.write_text(page(rows), encoding="utf-8")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
