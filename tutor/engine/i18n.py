"""The words a learner reads, ready for a second language: marked the standard Python way
(:mod:`gettext`), extracted by Babel into ``tutor/locale/trix-tutor.pot`` (``make pot``; a
test checks the catalog is current).

Mark a sentence with :func:`_` where it is said, a counted one with :func:`ngettext`, and a
word kept in a table with :func:`N_` (:func:`Nn_` if counted), translated where it is used.
A sentence with values in it is one message with named fields, so a translation may put
them in its own order::

    _("{who} bid {n}.").format(who=who, n=n)

English is the catalog's own text: with no translation installed every message reads as
written, word for word. A second language is a catalog
(``tutor/locale/<language>/LC_MESSAGES/trix-tutor.mo``) chosen by
``TRIX_TUTOR_LANGUAGE`` or :func:`use`, not a change to the code. Only the standard
library: the tutor runs in a browser kernel (Pyodide) too.

>>> _("The hand is over.")
'The hand is over.'
>>> [ngettext("{n} trick", "{n} tricks", n).format(n=n) for n in (1, 2)]
['1 trick', '2 tricks']
>>> [ordinal(n) for n in (1, 2, 3, 4, 11)]
['1st', '2nd', '3rd', '4th', '11th']
"""

from __future__ import annotations

import os
import re
from gettext import NullTranslations, translation
from pathlib import Path

__all__ = ["DOMAIN", "LOCALE_DIR", "use", "gettext", "ngettext", "N_", "Nn_", "ordinal",
           "ORDINALS", "plural_rule", "speaking_english", "JS_STRING", "js_code"]

DOMAIN = "trix-tutor"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogs are: the template ``trix-tutor.pot`` and one folder per language."""

_catalog: NullTranslations = NullTranslations()


def use(language: str | None = None,
        catalog: NullTranslations | None = None) -> NullTranslations:
    """Speak ``language`` (a catalog in :data:`LOCALE_DIR`; English, the words as written,
    when there is none) or the given ``catalog``, from now on; the one in use before is
    returned, so a test can put it back."""
    global _catalog
    before = _catalog
    if catalog is not None:
        _catalog = catalog
    elif language and language != "en":
        _catalog = translation(DOMAIN, LOCALE_DIR, [language], fallback=True)
    else:
        _catalog = NullTranslations()
    return before


def gettext(message: str) -> str:
    """``message`` in the learner's language; modules import it as ``_``
    (``from tutor.engine.i18n import gettext as _``), the name Babel looks for."""
    return _catalog.gettext(message)


_ = gettext  # this module's own short name; others import ``gettext as _``


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the learner's language (some languages
    have more than two)."""
    return _catalog.ngettext(singular, plural, n)


def speaking_english() -> bool:
    """Whether no catalog is in use: every message reads as written."""
    return type(_catalog) is NullTranslations


def plural_rule() -> tuple[int, str]:
    """The catalog's plural forms: how many, and the rule choosing one for ``n`` as its
    header writes it (a C expression, e.g. ``n != 1``), for the widgets' JavaScript to say
    a counted message as :func:`ngettext` does. English: ``(2, "n != 1")``.

    >>> plural_rule()
    (2, 'n != 1')
    """
    header = _catalog.info().get("plural-forms", "")
    parts = dict(p.strip().split("=", 1) for p in header.split(";") if "=" in p)
    try:
        return int(parts["nplurals"]), parts["plural"].strip()
    except (KeyError, ValueError):
        return 2, "n != 1"


def N_(message: str) -> str:
    """Marks a message kept in a table for extraction; :func:`_` translates it where it
    is said."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted message kept in a table; :func:`ngettext` says it for a count."""
    return singular, plural


ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"), N_("7th"),
            N_("8th"), N_("9th"), N_("10th"), N_("11th"), N_("12th"), N_("13th"))
"""The one ordinals table: places, seats, tricks (a game has at most 13 of any)."""


def ordinal(n: int) -> str:
    """``n`` as a place: "1st", "2nd" ... (1 to 13)."""
    return _(ORDINALS[n - 1])


# The widgets' JavaScript marks its words too (widgets/common.js): read by the template's
# extraction (scripts/pot.py) and by the words each widget carries (widgets/js_words.py).
JS_STRING = r'"(?:[^"\\\n]|\\.)*"'
"""A double-quoted JavaScript string: how a widget's module writes a marked text."""


def js_code(source: str) -> str:
    """A widget module's ``source`` with its comments blanked to spaces (which quote
    examples of marked calls), its strings kept whole and every text in its place."""
    return re.sub(rf'({JS_STRING}|`(?:[^`\\]|\\.)*`|\'(?:[^\'\\\n]|\\.)*\')'
                  r"|//[^\n]*|/\*.*?\*/",
                  lambda m: m.group(1) or re.sub(r"[^\n]", " ", m.group(0)), source, flags=re.S)


use(os.environ.get("TRIX_TUTOR_LANGUAGE"))
