"""The version of rulespec, as its package metadata states it.

>>> import rulespec
>>> rulespec.__version__ == __version__
True
"""

__all__ = ["__version__"]

__version__ = "0.1.0.dev0"
"""The version, as :pep:`440` spells it (also ``rulespec.__version__``)."""
