"""The app server's one setting that needs code: kernel websockets without Nagle's delay.

Voila (``voila.json``) loads :class:`NoDelayChannels` by name; nothing else imports this
module. Jupyter's kernel websocket leaves Nagle's algorithm on, so a reply the kernel sends
right after its "busy" status waits for the browser's delayed ACK: 40 ms on Linux, up to
200 ms on Windows, on every click (``benchmarks/class_load.py`` measured a p95 of about
50 ms from that alone). Turning it off sends each message at once.
"""

from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import (
    ZMQChannelsWebsocketConnection,
)


class NoDelayChannels(ZMQChannelsWebsocketConnection):
    """Jupyter's kernel websocket connection with TCP_NODELAY set on its socket."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()
