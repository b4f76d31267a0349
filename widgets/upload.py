"""The file-upload button of the review page and the teacher's page."""

from __future__ import annotations

import ipywidgets


# ipywidgets writes "<description> (<files chosen>)" on the upload button: "(0)" means
# nothing to a learner, so the button shows its title instead of its own text.
UPLOAD_STYLE = """<style>
.tt-upload.jupyter-button { font-size: 0 !important; }
.tt-upload::after { content: attr(title); font-size: var(--jp-widgets-font-size, 13px); }
.tt-upload i { font-size: var(--jp-widgets-font-size, 13px); margin-right: 6px; }
</style>"""


def upload_button(title: str, multiple: bool = False) -> tuple[ipywidgets.FileUpload,
                                                              ipywidgets.HTML]:
    """A ``.json`` upload button that reads ``title`` (no file count), and the style that
    makes it so: put both in the page."""
    button = ipywidgets.FileUpload(accept=".json", multiple=multiple, icon="upload",
                                   description=title, tooltip=title,
                                   layout=ipywidgets.Layout(width="auto"))
    button.add_class("tt-upload")
    return button, ipywidgets.HTML(UPLOAD_STYLE)
