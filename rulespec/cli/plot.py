"""``rulespec simulate --plot FILE.png``: the statistics as a picture (needs matplotlib).

Three panels: each seat's mean score (and whether the lowest or the highest
wins), how rounds or games ended (in words when there is a single way), and
the spread of game lengths, with one bar or box per option set and their
legend below the panels.
"""

from __future__ import annotations

import importlib.util
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rulespec.cli.errors import CommandError, needs_extra
from rulespec.tools.simulation import GameResult, Statistics

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["check", "figure", "save"]

Sets = Sequence[tuple[str, Statistics, Sequence[GameResult]]]
"""Each option set: its label, its statistics and its games."""


def check(path: str) -> None:
    """Refuse, before any game is played, a plot that cannot be drawn or written."""
    if importlib.util.find_spec("matplotlib") is None:
        raise CommandError(needs_extra("--plot", "plot"))
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


def _reason(key: str, kinds: set[str]) -> str:
    """A tick label for ``round:single-pile``: ``single pile``, with ``(round)`` when
    rounds and games mix, on short lines."""
    kind, _, name = key.partition(":")
    label = name.replace("-", " ") if name else key
    if len(kinds) > 1:
        label += f" ({kind})"
    return textwrap.fill(label, 14)


def _ends_as_text(reasons: list[str], sets: Sets) -> str:
    """The end reasons when a bar chart would say nothing: a single reason."""
    lines = ["How they ended", ""]
    for key in reasons:
        kind, _, name = key.partition(":")
        what = "rounds" if kind == "round" else "matches" if kind == "match" else "games"
        for label, stats, _ in sets:
            share = _ends(stats).get(key, 0.0)
            head = f"{label}: " if len(sets) > 1 else ""
            lines.append(f"{head}{share:.0f}% of {what}: {name or key}")
    return "\n".join(lines)


def figure(title: str, sets: Sets, lowest_wins: bool | None = None) -> Figure:
    """The figure: mean scores per seat, end reasons (%), steps per game.

    ``lowest_wins`` says on the scores panel which end of the scale wins. An
    end-reason chart with a single bar would say nothing: the panel says it in
    words instead. Several option sets share one legend, below the panels.
    """
    from matplotlib.figure import Figure

    fig = Figure(figsize=(12, 4.2), layout="constrained")
    fig.suptitle(title, fontsize="large")
    scores, ends, lengths = fig.subplots(1, 3)
    count = len(sets)
    width = 0.8 / count
    players = len(sets[0][1].seats)
    for k, (label, stats, _) in enumerate(sets):
        xs = [seat + (k - (count - 1) / 2) * width for seat in range(players)]
        scores.bar(xs, [s.mean_score for s in stats.seats], width, label=label)
    scores.set_title("Mean score per seat", fontsize="medium")
    scores.set_xlabel("seat")
    if lowest_wins is not None:
        scores.set_ylabel(f"mean score ({'lowest' if lowest_wins else 'highest'} wins)")
    scores.set_xticks(range(players))
    reasons = sorted({key for _, stats, _ in sets for key in stats.ends})
    if len(reasons) < 2:
        ends.axis("off")
        ends.text(0.5, 0.5, _ends_as_text(reasons, sets), ha="center", va="center", wrap=True)
    else:
        for k, (label, stats, _) in enumerate(sets):
            shares = _ends(stats)
            xs = [i + (k - (count - 1) / 2) * width for i in range(len(reasons))]
            ends.bar(xs, [shares.get(key, 0.0) for key in reasons], width, label=label)
        kinds = {key.partition(":")[0] for key in reasons}
        of = "rounds" if kinds == {"round"} else "games" if kinds == {"end"} else "each"
        ends.set_title(f"How they ended (% of {of})", fontsize="medium")
        ends.set_xticks(range(len(reasons)), [_reason(k, kinds) for k in reasons])
        ends.set_ylim(0, 100)
    lengths.boxplot([[r.steps for r in results] for _, _, results in sets])
    lengths.set_xticks(range(1, count + 1), [label for label, _, _ in sets])
    lengths.set_title("Steps per game", fontsize="medium")
    if count > 1:
        handles, labels = scores.get_legend_handles_labels()
        fig.legend(handles, labels, loc="outside lower center", ncols=count, frameon=False)
    return fig


def save(path: str, title: str, sets: Sets, lowest_wins: bool | None = None) -> None:
    """Draw :func:`figure` into ``path`` (PNG, SVG or PDF, by its suffix)."""
    try:
        figure(title, sets, lowest_wins).savefig(path, dpi=100)
    except OSError as exc:
        raise CommandError(f"--plot {path}: {exc.strerror or exc}") from None
