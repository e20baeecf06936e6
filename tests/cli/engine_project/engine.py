"""A Canardage engine with one rule bug: the engine of the conformance CI example.

It is rulespec's reference engine (``python -m rulespec.testing.serve``) with the
check of Pan (Shoot) left out: it accepts a Pan at a space no target aims at, which
the rules refuse (clause ``can.action.pan``). This folder is laid out as the
repository of such an engine, with the CI jobs that run ``rulespec conform`` on it:
``.github/workflows/conformance.yml`` and ``.gitlab-ci.yml``.

Run it as ``python engine.py``: it speaks the engine protocol on its standard input
and output.
"""

from __future__ import annotations

import sys
from typing import Any

from rulespec.testing.serve import Engine, serve


class PanAnywhere(Engine):
    """The reference engine, but a Pan the rules refuse for want of a target is taken."""

    def answer(self, request: Any) -> dict[str, Any]:
        """The reference engine's answer, with that one refusal turned into a yes."""
        answer = super().answer(request)
        refused = answer.get("refused")
        if isinstance(refused, dict) and refused.get("clause") == "can.action.pan":
            answer = {key: value for key, value in answer.items() if key != "refused"}
            answer["value"] = None
        return answer


if __name__ == "__main__":
    sys.exit(serve(PanAnywhere(["canardage"]), sys.stdin, sys.stdout))
