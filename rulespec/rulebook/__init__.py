"""The rulebook around the rules: the clause catalogue and the worked examples.

- :mod:`rulespec.rulebook.clauses`: load and check each game's ``spec/*.toml``
  catalogue, the clause ids that code and tests cite;
- :mod:`rulespec.rulebook.examples`: the worked examples each game lists, a
  move drawn before and after beside the clauses it shows;
- :mod:`rulespec.rulebook.implements`: the ``@implements`` marks that tie the
  code to the clauses it carries out, read by the traceability checks.

The package imports the core only and finds a game through the registry; the
games, the tools, the Sphinx extension, the command line and the translations
read it.
"""
