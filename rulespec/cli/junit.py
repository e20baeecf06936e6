"""JUnit XML reports: the test-report format that CI services display.

GitHub Actions (through a report action), GitLab (``artifacts:reports:junit``) and
Jenkins (its JUnit plugin) all read the same common schema: ``<testsuites>`` holding
a ``<testsuite>`` of ``<testcase>`` elements, each with at most one ``<failure>``,
``<error>`` or ``<skipped>``. :func:`junit_xml` writes it with the standard library;
every text goes through :func:`xml_text`, so that what an engine prints (terminal
colours, stray bytes) never makes the document unreadable.

>>> case = Case("rulespec.conform.duo", "2 players", 0.5, failure=Problem("a & b", "scores"))
>>> print(junit_xml("rulespec conform duo", [case], seconds=0.75))
<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="rulespec conform duo" tests="1" failures="1" errors="0" skipped="0" time="0.750">
  <testsuite name="rulespec conform duo" tests="1" failures="1" errors="0" skipped="0" time="0.750">
    <testcase classname="rulespec.conform.duo" name="2 players" time="0.500">
      <failure message="a &amp; b" type="scores" />
    </testcase>
  </testsuite>
</testsuites>
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

__all__ = ["Case", "Problem", "junit_xml", "write_junit", "xml_text"]

# Characters XML 1.0 forbids, even escaped: the C0 controls but tab, newline and carriage
# return; lone surrogates; U+FFFE and U+FFFF.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """``text`` with the characters XML cannot hold written as ``\\xNN`` or ``\\uNNNN``.

    >>> xml_text("\\x1b[31mred\\x1b[0m, tab\\tkept")
    '\\\\x1b[31mred\\\\x1b[0m, tab\\tkept'
    """

    def visible(match: re.Match[str]) -> str:
        code = ord(match.group())
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _FORBIDDEN.sub(visible, text)


@attrs.frozen
class Problem:
    """A test case's failure or error: a one-line ``message``, a ``type`` and the full
    ``text``."""

    message: str
    type: str
    text: str = ""


@attrs.frozen
class Case:
    """One ``<testcase>``: what it is (``classname``, ``name``), how long it took, and
    how it ended: a ``failure`` (a check that did not hold), an ``error`` (the test
    could not run), ``skipped`` (the reason), or none of them (it passed). ``output``
    goes to its ``<system-out>``."""

    classname: str
    name: str
    seconds: float
    failure: Problem | None = None
    error: Problem | None = None
    skipped: str | None = None
    output: str = ""


def _counts(element: ET.Element, cases: Sequence[Case], seconds: float) -> None:
    element.set("tests", str(len(cases)))
    element.set("failures", str(sum(c.failure is not None for c in cases)))
    element.set("errors", str(sum(c.error is not None for c in cases)))
    element.set("skipped", str(sum(c.skipped is not None for c in cases)))
    element.set("time", f"{seconds:.3f}")


def _problem(parent: ET.Element, tag: str, problem: Problem) -> None:
    element = ET.SubElement(
        parent, tag, message=xml_text(problem.message), type=xml_text(problem.type)
    )
    if problem.text:
        element.text = xml_text(problem.text)


def junit_xml(
    suite: str,
    cases: Sequence[Case],
    *,
    seconds: float,
    timestamp: str | None = None,
    properties: Mapping[str, str] | None = None,
    output: str = "",
) -> str:
    """The JUnit XML document of one test suite named ``suite``: ``cases``, the whole
    run's ``seconds``, its start (``timestamp``, ISO 8601), ``properties`` (name and
    value pairs that describe the run) and the suite's ``<system-out>``."""
    root = ET.Element("testsuites", name=xml_text(suite))
    _counts(root, cases, seconds)
    element = ET.SubElement(root, "testsuite", name=xml_text(suite))
    _counts(element, cases, seconds)
    if timestamp is not None:
        element.set("timestamp", timestamp)
    if properties:
        listed = ET.SubElement(element, "properties")
        for name, value in properties.items():
            ET.SubElement(listed, "property", name=xml_text(name), value=xml_text(value))
    for case in cases:
        item = ET.SubElement(
            element,
            "testcase",
            classname=xml_text(case.classname),
            name=xml_text(case.name),
            time=f"{case.seconds:.3f}",
        )
        if case.failure is not None:
            _problem(item, "failure", case.failure)
        if case.error is not None:
            _problem(item, "error", case.error)
        if case.skipped is not None:
            ET.SubElement(item, "skipped", message=xml_text(case.skipped))
        if case.output:
            ET.SubElement(item, "system-out").text = xml_text(case.output)
    if output:
        ET.SubElement(element, "system-out").text = xml_text(output)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")


def write_junit(path: str | Path, document: str) -> str | None:
    """Write ``document`` to ``path`` as UTF-8; ``None``, or why it could not."""
    try:
        Path(path).write_text(document + "\n", encoding="utf-8")
    except OSError as exc:
        return f"cannot write {path}: {exc.strerror or exc}"
    return None
