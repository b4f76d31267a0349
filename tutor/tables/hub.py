"""The table service on a JupyterHub: who a person is, asked of the hub.

Run by the hub as a service (``trix-tutor tables --hub``), the service takes each
person's name from their hub account and makes a hub admin, or a member of the teachers'
group (``$TRIX_TUTOR_TEACHERS_GROUP``, default ``teachers``), the teacher. A page's kernel
sends as its ``key`` the hub API token its single-user server was given
(``$JUPYTERHUB_API_TOKEN``, see :func:`kernel_key`); the service asks the hub whose it is:

1. ``GET $JUPYTERHUB_API_URL/user`` with ``Authorization: token <their token>`` (the hub's
   "whoami", which every valid token may call). Since JupyterHub 2 its answer carries
   ``kind``, ``name``, ``admin`` and ``groups`` whatever the token's scopes.
2. Only if ``admin`` or ``groups`` is missing from that answer:
   ``GET $JUPYTERHUB_API_URL/users/<name>`` with the service's own token, which needs the
   scopes ``read:users:name`` (gives ``admin``) and ``read:users:groups`` (the role given
   to the service in ``docs/teaching.md``).

The standard library only (urllib): no ``jupyterhub`` package is needed. Answers are kept
for ``ttl`` seconds per token, under the token's SHA-256 (a token is never kept, logged or
put into a message). A request to the hub blocks for at most ``timeout`` seconds; it goes
straight to the hub (no HTTP proxy from the environment, no redirects, which would carry
the token elsewhere).
"""

from __future__ import annotations

import hashlib
import http.client
import json
import logging
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

from tutor.tables.table import TableError

__all__ = ["hub_identify", "hub_prefix", "kernel_key", "BAD_TOKEN", "DEFAULT_API_URL",
           "TEACHERS_GROUP"]

log = logging.getLogger(__name__)

BAD_TOKEN = "sign in to the hub again: the hub does not know this token"
DEFAULT_API_URL = "http://127.0.0.1:8081/hub/api"
"""Where a hub's API is when ``$JUPYTERHUB_API_URL`` does not say (JupyterHub's default)."""
TEACHERS_GROUP = "teachers"
MAX_CACHED = 10_000
SCOPES = "read:users:name and read:users:groups"


def hub_prefix() -> str:
    """The service's URL prefix on the hub (``$JUPYTERHUB_SERVICE_PREFIX``, such as
    ``/services/trix-tables/``), ``/`` when it is not set."""
    prefix = os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "").strip("/")
    return f"/{prefix}/" if prefix else "/"


def kernel_key() -> str | None:
    """What a page's kernel sends as its key on a hub: the hub API token of its single-user
    server (``$JUPYTERHUB_API_TOKEN``) when ``$JUPYTERHUB_USER`` says it runs on a hub, else
    ``None`` (off a hub the page sends its learner's key)."""
    if not os.environ.get("JUPYTERHUB_USER"):
        return None
    return os.environ.get("JUPYTERHUB_API_TOKEN") or None


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None  # the 3xx comes back as an HTTPError, the token stays here


_opener = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect)


class _Refused(Exception):
    """The hub answered with an HTTP error ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def hub_identify(api_url: str | None = None, service_token: str | None = None,
                 teachers_group: str | None = None, ttl: float = 60, *,
                 timeout: float = 5.0,
                 clock: Callable[[], float] = time.monotonic) -> Callable[[str], tuple[str, bool]]:
    """A function from a person's hub API token to ``(name, is_teacher)``, for
    :class:`~tutor.tables.service.TableService`'s ``identify``.

    ``api_url``: the hub's API (``$JUPYTERHUB_API_URL``); ``service_token``: the service's
    own token (``$JUPYTERHUB_API_TOKEN``), used only when the hub's whoami does not say
    ``admin`` and ``groups``; ``teachers_group``: whose members are teachers
    (``$TRIX_TUTOR_TEACHERS_GROUP``, default ``teachers``); ``ttl``: seconds an answer is
    kept. An unknown or expired token raises :class:`TableError` (:data:`BAD_TOKEN`), and
    so does a hub that cannot be reached or will not answer, with the reason."""
    return HubIdentity(
        (api_url or os.environ.get("JUPYTERHUB_API_URL") or DEFAULT_API_URL).rstrip("/"),
        service_token if service_token is not None else
        os.environ.get("JUPYTERHUB_API_TOKEN", ""),
        teachers_group or os.environ.get("TRIX_TUTOR_TEACHERS_GROUP") or TEACHERS_GROUP,
        ttl, timeout, clock)


class HubIdentity:
    """:func:`hub_identify`'s answer: asks the hub, keeps each answer ``ttl`` seconds."""

    def __init__(self, api: str, own: str, group: str, ttl: float, timeout: float,
                 clock: Callable[[], float]) -> None:
        self.api, self.own, self.group = api, own, group
        self.ttl, self.timeout, self.clock = ttl, timeout, clock
        self.cache: dict[str, tuple[float, tuple[str, bool] | None]] = {}
        self.lock = threading.Lock()

    def get(self, path: str, token: str) -> Any:
        api = self.api
        request = urllib.request.Request(api + path, headers={
            "Authorization": f"token {token}", "Accept": "application/json"})
        try:
            with _opener.open(request, timeout=self.timeout) as reply:
                body = reply.read()
        except urllib.error.HTTPError as e:
            e.close()
            raise _Refused(e.code) from None
        except (OSError, http.client.HTTPException, ValueError) as e:
            reason = getattr(e, "reason", None) or str(e) or type(e).__name__
            raise TableError(f"the hub cannot be reached at {api} ({reason}): try again in "
                             "a moment, or tell the hub's admin") from None
        try:
            model = json.loads(body)
        except ValueError:
            model = None
        if not isinstance(model, dict):
            raise TableError(f"the hub's answer at {api}{path} is not a JSON object: is "
                             "JUPYTERHUB_API_URL the hub's API (…/hub/api)?")
        return model

    def ask(self, token: str) -> tuple[str, bool] | None:
        """The hub's answer for ``token``; ``None`` if the hub does not know it."""
        api = self.api
        try:
            me = self.get("/user", token)
        except _Refused as e:
            if e.status in (401, 403):
                return None
            raise TableError(f"the hub answered {e.status} to who a person is ({api}/user): "
                             "is JUPYTERHUB_API_URL the hub's API (…/hub/api)?") from None
        name = me.get("name")
        if me.get("kind", "user") != "user" or not isinstance(name, str) or not name:
            raise TableError("a seat needs a person's hub token, not a service's")
        admin, groups = me.get("admin"), me.get("groups")
        if admin is None or groups is None:
            if not self.own:
                raise TableError("the table service has no hub token of its own "
                                 "(JUPYTERHUB_API_TOKEN): run it as a hub service")
            try:
                them = self.get("/users/" + urllib.parse.quote(name, safe=""), self.own)
            except _Refused as e:
                raise TableError(f"the hub will not tell the table service who {name} is "
                                 f"(HTTP {e.status}): give the service's role the scopes "
                                 f"{SCOPES}") from None
            admin, groups = them.get("admin"), them.get("groups")
            if groups is None:
                raise TableError(f"the hub does not show the table service the groups of "
                                 f"{name}: give the service's role the scopes {SCOPES}")
        teacher = bool(admin) or (isinstance(groups, list) and self.group in groups)
        return name, teacher

    def __call__(self, token: str) -> tuple[str, bool]:
        if not isinstance(token, str) or not token:
            raise TableError(BAD_TOKEN)
        digest = hashlib.sha256(token.encode()).hexdigest()
        now = self.clock()
        with self.lock:
            kept = self.cache.get(digest)
        if kept is not None and kept[0] > now:
            answer = kept[1]
        else:
            answer = self.ask(token)  # a TableError here (the hub away) is not kept
            self._keep(digest, answer, now)
            if answer is None:
                log.info("the hub does not know a token sent to the table service")
            else:
                log.info("hub user %s%s", answer[0], " (teacher)" if answer[1] else "")
        if answer is None:
            raise TableError(BAD_TOKEN)
        return answer

    def _keep(self, digest: str, answer: tuple[str, bool] | None, now: float) -> None:
        with self.lock:
            cache = self.cache
            if len(cache) >= MAX_CACHED:
                for d in [d for d, (until, _) in cache.items() if until <= now]:
                    del cache[d]
                while len(cache) >= MAX_CACHED:
                    del cache[next(iter(cache))]
            cache[digest] = (now + self.ttl, answer)
