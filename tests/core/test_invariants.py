"""The invariant runner: a check that raises is a violation of its invariant."""

from __future__ import annotations

from typing import Any

from rulespec.core.invariants import MALFORMED, Invariant, TransitionInvariant, Violation


def _first_card(state: Any) -> str | None:
    return None if state["hand"][0] > 0 else "the first card is not positive"


INVARIANT = Invariant("x.first", ("x.rule",), "the first card is positive", _first_card)


def test_a_check_that_holds_or_fails_says_so() -> None:
    assert INVARIANT.violation({"hand": [3]}) is None
    assert INVARIANT.violation({"hand": [-3]}) == Violation(
        "x.first", ("x.rule",), "the first card is not positive"
    )


def test_a_check_that_raises_becomes_a_violation_naming_the_error() -> None:
    for state, error in (({"hand": []}, "IndexError"), ({}, "KeyError"), (None, "TypeError")):
        found = INVARIANT.violation(state)
        assert found is not None
        assert (found.invariant, found.clauses) == ("x.first", ("x.rule",))
        assert found.message.startswith(f"{MALFORMED} {error}")


def test_a_transition_check_that_raises_becomes_a_violation() -> None:
    step = TransitionInvariant(
        "x.grows", ("x.rule",), "hands grow", lambda b, a, c: None if c[a] > b[a] else "shrank"
    )
    assert step.violation([1], 0, [2]) is None
    assert step.violation([1], 0, [0]) == Violation("x.grows", ("x.rule",), "shrank")
    found = step.violation([1], 5, [2])
    assert found is not None and found.message.startswith(f"{MALFORMED} IndexError")


def test_only_errors_are_caught() -> None:
    def interrupted(state: Any) -> str | None:
        raise KeyboardInterrupt

    try:
        Invariant("x.i", (), "", interrupted).violation(0)
    except KeyboardInterrupt:
        pass
    else:  # pragma: no cover
        raise AssertionError("KeyboardInterrupt was swallowed")
