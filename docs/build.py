"""Build the site in its four languages: ``uv run python docs/build.py``.

English goes to ``docs/_build/html``, French, Spanish and German to
``docs/_build/html/fr``, ``…/es`` and ``…/de``; each is one ``sphinx-build -W``
of the same sources with ``-D language=<lang>``, at most ``--jobs`` of them at a
time. Options: ``--languages fr,de`` builds only those; ``--out DIR`` changes
the output folder; ``--no-strict`` turns warnings back into warnings. The exit
status is the first failing build's, and each build's time is printed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

DOCS = Path(__file__).resolve().parent
LANGUAGES = ("en", "fr", "es", "de")


def command(lang: str, out: Path, strict: bool) -> list[str]:
    """The ``sphinx-build`` command of one language."""
    target = out if lang == "en" else out / lang
    doctrees = out.parent / "doctrees" / lang
    cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-d", str(doctrees)]
    cmd += ["-D", f"language={lang}"]
    if strict:
        cmd.append("-W")
    return [*cmd, str(DOCS), str(target)]


def main(argv: list[str] | None = None) -> int:
    """Build the languages asked for; print each one's time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default=",".join(LANGUAGES))
    parser.add_argument("--out", type=Path, default=DOCS / "_build" / "html")
    parser.add_argument("--jobs", type=int, default=2, help="builds run at once (default 2)")
    parser.add_argument("--no-strict", dest="strict", action="store_false")
    args = parser.parse_args(argv)
    wanted = [lang for lang in args.languages.split(",") if lang]
    unknown = [lang for lang in wanted if lang not in LANGUAGES]
    if unknown:
        parser.error(f"unknown language {unknown[0]!r} (choose among {', '.join(LANGUAGES)})")
    # The game pages are written once here, not by builds running side by side.
    from rulespec.sphinxext.pages import write_game_pages

    write_game_pages(DOCS / "games", api=True)
    start = time.monotonic()
    waiting = list(wanted)
    running: list[tuple[str, subprocess.Popen[bytes], float]] = []
    status = 0
    while waiting or running:
        while waiting and len(running) < max(args.jobs, 1):
            lang = waiting.pop(0)
            running.append(
                (lang, subprocess.Popen(command(lang, args.out, args.strict)), time.monotonic())
            )
        time.sleep(0.2)
        for entry in list(running):
            lang, process, began = entry
            code = process.poll()
            if code is None:
                continue
            running.remove(entry)
            print(
                f"docs: {lang} built in {time.monotonic() - began:.0f} s (exit {code})", flush=True
            )
            status = status or code
    print(f"docs: {len(wanted)} languages in {time.monotonic() - start:.0f} s", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
