"""Drawing helpers the games' states, views and renderers share.

- :mod:`rulespec.drawing.svg`: small builders of well-formed SVG text;
- :mod:`rulespec.drawing.show`: how a state or view prints itself and draws
  itself in Jupyter, through the drawings its game registers.

The package sits beside the core and below the games: it imports nothing of
rulespec, and every game may import it.
"""
