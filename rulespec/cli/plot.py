"""``rulespec simulate --plot FILE.png``: the statistics as a picture (needs matplotlib).

Three panels: each seat's mean score, how rounds or games ended, and the
spread of game lengths, with one bar or box per option set.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rulespec.core.simulate import GameResult, Statistics

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["check", "figure", "save"]

Sets = Sequence[tuple[str, Statistics, Sequence[GameResult]]]
"""Each option set: its label, its statistics and its games."""


def check(path: str) -> None:
    """Refuse, before any game is played, a plot that cannot be drawn or written."""
    from rulespec.cli.main import CommandError

    if importlib.util.find_spec("matplotlib") is None:
        raise CommandError("--plot needs matplotlib: pip install 'rulespec[plot]'")
    target = Path(path)
    if target.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise CommandError(f"--plot {path}: name a .png, .svg or .pdf file")
    if not target.parent.is_dir():
        raise CommandError(f"--plot {path}: no folder {str(target.parent)!r}")


def _ends(stats: Statistics) -> dict[str, float]:
    """Each end reason as a share (%) of the rounds, or of the games."""
    shares: dict[str, float] = {}
    rounds = sum(v for k, v in stats.ends.items() if k.startswith("round:"))
    for key, count in stats.ends.items():
        total = rounds if key.startswith("round:") else stats.games
        shares[key] = 100 * count / max(total, 1)
    return shares


def figure(title: str, sets: Sets) -> Figure:
    """The figure: mean scores per seat, end reasons (%), steps per game."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(12, 4.2), layout="constrained")
    fig.suptitle(title)
    scores, ends, lengths = fig.subplots(1, 3)
    count = len(sets)
    width = 0.8 / count
    players = len(sets[0][1].seats)
    for k, (label, stats, _) in enumerate(sets):
        xs = [seat + (k - (count - 1) / 2) * width for seat in range(players)]
        scores.bar(xs, [s.mean_score for s in stats.seats], width, label=label)
    scores.set_title("mean score per seat")
    scores.set_xlabel("seat")
    scores.set_xticks(range(players))
    reasons = sorted({key for _, stats, _ in sets for key in stats.ends})
    for k, (label, stats, _) in enumerate(sets):
        shares = _ends(stats)
        xs = [i + (k - (count - 1) / 2) * width for i in range(len(reasons))]
        ends.bar(xs, [shares.get(key, 0.0) for key in reasons], width, label=label)
    ends.set_title("how rounds and games ended (%)")
    ends.set_xticks(range(len(reasons)), reasons, rotation=20, ha="right")
    ends.set_ylim(0, 100)
    lengths.boxplot([[r.steps for r in results] for _, _, results in sets])
    lengths.set_xticks(range(1, count + 1), [label for label, _, _ in sets])
    lengths.set_title("steps per game")
    if count > 1:
        scores.legend()
    return fig


def save(path: str, title: str, sets: Sets) -> None:
    """Draw :func:`figure` into ``path`` (PNG, SVG or PDF, by its suffix)."""
    from rulespec.cli.main import CommandError

    try:
        figure(title, sets).savefig(path, dpi=100)
    except OSError as exc:
        raise CommandError(f"--plot {path}: {exc.strerror or exc}") from None
