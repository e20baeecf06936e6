"""The optional parts of rulespec and what each needs: a missing extra named, with the
command that installs it.

``import rulespec`` needs attrs alone. The command line, the conformance kit, the
agents' environments and the Sphinx extension need more; each part asks
:func:`require` for its extra first, so a missing package is one line that names
the extra and how to install it rather than a bare :class:`ModuleNotFoundError`:

>>> require("testing", "rulespec.testing.check")  # installed here: nothing happens
>>> str(MissingExtra("rl", "rulespec.pettingzoo", "pettingzoo")).split(":")[0]
'rulespec.pettingzoo needs the rl extra (pettingzoo is not installed)'
"""

from __future__ import annotations

import importlib

__all__ = ["EXTRAS", "MissingExtra", "install_hint", "require"]

EXTRAS: dict[str, tuple[str, ...]] = {
    "testing": ("hypothesis", "pytest"),
    "cli": ("rich",),
    "plot": ("matplotlib",),
    "docs": ("sphinx",),
    "rl": ("numpy", "gymnasium", "pettingzoo", "pyspiel", "PIL"),
}
"""The modules each extra of ``pyproject.toml`` brings (the ones rulespec imports)."""


def install_hint(extra: str) -> str:
    """How to install ``extra`` today, the README's way: no package index serves
    rulespec yet, so it installs from a clone of the repository.

    >>> print(install_hint("rl"))
    in a clone of rulespec, uv sync --extra rl (or pip install '.[rl]')
    """
    return f"in a clone of rulespec, uv sync --extra {extra} (or pip install '.[{extra}]')"


class MissingExtra(ModuleNotFoundError):
    """A part of rulespec was imported without the extra it needs.

    A :class:`ModuleNotFoundError` (so ``except ImportError`` still catches it)
    whose message names the part, the extra, the missing module and the install
    command.
    """

    def __init__(self, extra: str, part: str, missing: str) -> None:
        self.extra = extra
        self.part = part
        super().__init__(
            f"{part} needs the {extra} extra ({missing} is not installed): {install_hint(extra)}",
            name=missing,
        )


def require(extra: str, part: str, *modules: str) -> None:
    """Import the modules ``extra`` brings (or only ``modules``), raising
    :class:`MissingExtra` for ``part`` at the first one missing."""
    for name in modules or EXTRAS[extra]:
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name is None or exc.name.split(".")[0] != name.split(".")[0]:
                raise
            raise MissingExtra(extra, part, name) from None
