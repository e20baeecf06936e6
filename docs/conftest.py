"""pytest runs the site's code examples (``>>>`` blocks in the .rst pages) as doctests."""

collect_ignore = ["conf.py"]
collect_ignore_glob = ["_build/*", "games/*"]
