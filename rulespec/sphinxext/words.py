"""The words of the site in the reader's language (``language`` in ``conf.py``).

The English words are written here and in the directives; their translations
are in :mod:`rulespec.i18n`'s message catalogues, so the site in French says
"Mise en place" where the English one says "Setup". Catalogue texts (a
clause's title, notes and readings) are translated with their clause id as
context.

>>> from rulespec.i18n import translation
>>> status_label(translation("de"), "implemented")
'umgesetzt'
>>> language_name(translation("es"), "fr")
'francés'
"""

from __future__ import annotations

from rulespec.i18n import Translation, local_label
from rulespec.rulebook.clauses import LANGUAGE_NAMES_EN, Catalogue
from rulespec.sphinxext._data import STATUS_LABELS, edition_of, section_title

__all__ = [
    "edition_name",
    "language_name",
    "local_label",
    "section_heading",
    "status_label",
]

ENGLISH = "English"


def language_name(tr: Translation, lang: str) -> str:
    """The name of ``lang`` (``en``, ``fr``, ``es``, ``de``) in the reader's language."""
    return tr(ENGLISH if lang == "en" else LANGUAGE_NAMES_EN[lang])


def status_label(tr: Translation, status: str) -> str:
    """A clause status as its badge says it."""
    return tr(STATUS_LABELS[status])


def section_heading(tr: Translation, section: str, overrides: dict[str, str]) -> str:
    """The heading of a catalogue section."""
    return tr(section_title(section, overrides))


def edition_name(tr: Translation, cat: Catalogue, lang: str) -> str | None:
    """The edition of ``cat``'s game in ``lang``, named in the reader's language."""
    edition = edition_of(cat, lang)
    return None if edition is None else tr(edition, context=cat.game)
