"""``rulespec verify RECORD.json``: replay a game record and report what it holds.

Exit status: 0 when every step is legal, 1 at an illegal step or setup
(reported with its player, action and clause), 2 when the record cannot be
read or is malformed, or says it was cut at its length cap when it was not (or
is cut there without saying so), with one line on stderr, never a traceback;
130 on Ctrl-C.
The verdict names the options the record was played with (they come from the
record), and says when the steps follow a position (the record's ``start``).
"""

from __future__ import annotations

import argparse
import json
import sys

from rulespec.cli.arguments import Subcommands, add_command
from rulespec.cli.errors import CommandError
from rulespec.tools.verifier import MAX_BYTES, Verdict, VerifyError, verify, verify_file

__all__ = ["add_parser", "run"]


_SUMMARY = "replay a game record: legal, or the first illegal step and its clause"
_ABOUT = """Replay a rulespec game record (JSON) under the options it names. Print the
options and the final scores when every step is legal (exit 0), or the first illegal step
(or an illegal setup) with the player, the action and the clause it breaks (exit 1). A
record that cannot be read exits 2."""
_EXAMPLES = "rulespec verify game.json   (use - to read standard input)"


def add_parser(sub: Subcommands) -> None:
    """Add the ``verify`` subcommand to ``sub``."""
    parser = add_command(sub, "verify", run, _SUMMARY, _ABOUT, _EXAMPLES)
    parser.add_argument("record", help="the record file (JSON), or - for standard input")
    parser.add_argument("--json", action="store_true", help="print the verdict as one JSON object")


def _data(verdict: Verdict) -> dict[str, object]:
    illegal = verdict.illegal
    return {
        "game": verdict.game,
        "players": verdict.players,
        "options": verdict.options,
        "steps": verdict.steps,
        "legal": verdict.legal,
        "over": verdict.over,
        "truncated": verdict.truncated,
        "position": verdict.position,
        "scores": list(verdict.scores),
        "winners": list(verdict.winners),
        "illegal": None
        if illegal is None
        else {
            "index": illegal.index,
            "player": illegal.player,
            "action": illegal.action,
            "clause": illegal.clause,
            "reason": illegal.reason,
        },
    }


def run(args: argparse.Namespace) -> int:
    """Verify ``args.record``; raise ``CommandError`` with one line when it cannot."""
    name = args.record
    try:
        source = sys.stdin.buffer.read(MAX_BYTES + 1) if name == "-" else None
        verdict = verify_file(name) if source is None else verify(source)
    except VerifyError as exc:
        text = str(exc)
        raise CommandError(text if text.startswith(f"{name}:") else f"{name}: {text}") from None
    except Exception as exc:  # a bug of ours: still one line
        raise CommandError(f"{name}: internal error ({type(exc).__name__}: {exc})") from None
    if args.json:
        print(json.dumps(_data(verdict), ensure_ascii=False))
    else:
        print(f"{name}: {verdict}")
    return 0 if verdict.legal else 1
