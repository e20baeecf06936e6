"""The site in four languages: a language switch on every page, translated captions.

Each language is its own build of the same sources (``sphinx-build -D
language=fr``), English at the root of the output and the others in a folder
each: ``html/``, ``html/fr/``, ``html/es/``, ``html/de/`` (``docs/build.py``
builds them all). Every page gets, in its template context,
``site_languages``: for each language its name and the link to the same page
in that language's build; ``_templates/page.html`` shows them above the page.

The theme's footer credits Sphinx and Furo in a sentence whose words its
catalogue only half translates ("Fait avec Sphinx and @pradyunsg's Furo"):
``_templates/page.html`` passes the footer through the ``site_credit`` filter,
which writes the sentence again, whole, in the page's language (:data:`CREDITS`).

``state-picture`` captions are directive options, which Sphinx's message
catalogues do not reach: this extension translates them with the catalogue
of the page they stand on (``docs/locale/<lang>/LC_MESSAGES/<domain>.po``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from docutils import nodes
from rulespec_pictures import StatePicture
from sphinx.application import Sphinx
from sphinx.locale import init as init_locale
from sphinx.util.i18n import docname_to_domain

__all__ = ["CREDITS", "LANGUAGES", "credit", "language_links", "setup"]

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "es": "Español", "de": "Deutsch"}
"""The site's languages, each named in itself; English is the first and the root."""


SPHINX = '<a href="https://www.sphinx-doc.org/">Sphinx</a>'
FURO = '<a href="https://github.com/pradyunsg/furo">Furo</a>'
AUTHOR = '<a class="muted-link" href="https://pradyunsg.me">@pradyunsg</a>'
CREDITS: dict[str, str] = {
    "en": f"Made with {SPHINX} and {AUTHOR}'s {FURO}",
    "fr": f"Réalisé avec {SPHINX} et le thème {FURO} de {AUTHOR}",
    "es": f"Hecho con {SPHINX} y el tema {FURO} de {AUTHOR}",
    "de": f"Erstellt mit {SPHINX} und dem Theme {FURO} von {AUTHOR}",
}
"""The footer's credit to the tools that make the site, one sentence per language."""

_CREDIT = re.compile(
    r'(<div class="left-details">(?:\s*<div class="copyright">.*?</div>)?)\s*'
    r'(.*?<a href="https://github.com/pradyunsg/furo">Furo</a>)',
    re.DOTALL,
)


def credit(footer: str, lang: str) -> str:
    """``footer`` (the theme's, as rendered) with its credit to Sphinx and Furo written
    whole in ``lang``.

    >>> footer = '<div class="left-details">Fait avec <a href="https://github.com/pradyunsg/furo">Furo</a>'
    >>> credit(footer, "de")  # doctest: +ELLIPSIS
    '<div class="left-details"><span class="site-credit">Erstellt mit <a ...>Sphinx</a> und ...'
    """
    said = CREDITS.get(lang, CREDITS["en"])
    return _CREDIT.sub(lambda m: f'{m.group(1)}<span class="site-credit">{said}</span>', footer, 1)


def _root(lang: str) -> str:
    """Where ``lang``'s build stands, relative to the English build's root."""
    return "" if lang == "en" else f"{lang}/"


def language_links(current: str, pagename: str, suffix: str = ".html") -> list[dict[str, Any]]:
    """For each language, the link from ``pagename`` of the ``current`` language's build
    to the same page in that language's build.

    >>> [link["url"] for link in language_links("fr", "games/duo/how-to-play")]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['../../../games/duo/how-to-play.html', 'how-to-play.html',
     '../../../es/games/duo/how-to-play.html', '../../../de/games/duo/how-to-play.html']
    """
    up = "../" * pagename.count("/")
    to_english_root = up + ("" if current == "en" else "../")
    links = []
    for lang, name in LANGUAGES.items():
        if lang == current:
            url = pagename.rpartition("/")[2] + suffix
        else:
            url = f"{to_english_root}{_root(lang)}{pagename}{suffix}"
        links.append({"code": lang, "name": name, "url": url, "current": lang == current})
    return links


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    current = (app.config.language or "en").partition("_")[0]
    if current not in LANGUAGES:
        return
    suffix = app.builder.out_suffix if hasattr(app.builder, "out_suffix") else ".html"
    context["site_languages"] = language_links(current, pagename, suffix)
    context["site_language_label"] = {
        "en": "Language",
        "fr": "Langue",
        "es": "Idioma",
        "de": "Sprache",
    }[current]


class _CaptionTranslator:
    """Translates ``state-picture`` captions with the page's message catalogue."""

    def __init__(self, app: Sphinx) -> None:
        self.app = app
        self.dirs = [str(Path(app.srcdir) / d) for d in app.config.locale_dirs]

    def __call__(self, docname: str, text: str) -> str:
        config = self.app.config
        if not config.language or config.language == "en" or not text:
            return text
        domain = docname_to_domain(docname, config.gettext_compact)
        catalog, found = init_locale(self.dirs, config.language, domain)
        if not found:
            return text
        return str(catalog.gettext(text))


def _translated_picture(app: Sphinx) -> type[StatePicture]:
    """``state-picture`` with its caption translated."""
    translate = _CaptionTranslator(app)

    class TranslatedStatePicture(StatePicture):
        def run(self) -> list[nodes.Node]:
            if "caption" in self.options:
                self.options["caption"] = translate(self.env.docname, self.options["caption"])
            return super().run()

    return TranslatedStatePicture


def _filters(app: Sphinx) -> None:
    """``builder-inited``: the ``site_credit`` filter of the templates."""
    templates = getattr(app.builder, "templates", None)
    environment = getattr(templates, "environment", None)
    if environment is not None:
        lang = (app.config.language or "en").partition("_")[0]
        environment.filters["site_credit"] = lambda footer: credit(str(footer), lang)


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the language switch, the footer's credit and the translated captions."""
    app.connect("html-page-context", _page_context)
    app.connect("builder-inited", _filters)
    app.setup_extension("rulespec_pictures")
    app.add_directive("state-picture", _translated_picture(app), override=True)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
