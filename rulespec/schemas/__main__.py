"""``python -m rulespec.schemas --write`` writes the schema files from the codecs;
``--check`` exits 1 when a file differs from what the generator makes."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rulespec.schemas import source


def main(argv: Sequence[str] | None = None) -> int:
    """Write or check the schema files; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rulespec.schemas", description=__doc__)
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="write every schema file")
    mode.add_argument("--check", action="store_true", help="list the files that differ")
    args = parser.parse_args(argv)
    if args.write:
        for file in source.write():
            print(file.relative_to(source.FOLDER))
        return 0
    stale = source.check()
    for name in stale:
        print(f"{name}.json differs from the generator's", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
