"""A pseudo-language for the tests: every message of the template "translated" by a marker
around it, so a test can tell a marked word from one that would stay English."""

from __future__ import annotations

import io
from gettext import GNUTranslations
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

POT = Path(__file__).resolve().parent.parent / "tutor" / "locale" / "trix-tutor.pot"


def pseudo_catalog(locale: str) -> GNUTranslations:
    """Every message of the template "translated" by a marker around it (a counted one by
    the number of its form), compiled, for ``locale``'s plural rule."""
    with POT.open("rb") as f:
        template = read_po(f)
    catalog = Catalog(locale=locale)
    forms = catalog.num_plurals
    for m in template:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            one, many = m.id
            catalog.add(m.id, tuple(f"«{one if k == 0 else many}#{k}»" for k in range(forms)))
        else:
            catalog.add(m.id, f"«{m.id}»")
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return GNUTranslations(out)
