"""``python -m rulespec``: the command line."""

if __name__ == "__main__":
    from rulespec.cli.main import entry

    entry()
