"""A page's message to a widget's Python side, as the browser sends it."""

from __future__ import annotations

from typing import Any


def send(widget: Any, content: Any) -> None:
    """Deliver a custom message the way ipywidgets does for a comm message (a widget's
    own ``model.send``, or a Text's ``{"event": "submit"}`` on Enter)."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})
