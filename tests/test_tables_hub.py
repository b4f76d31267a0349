"""The table service on a JupyterHub (tutor.tables.hub): names and teachers come from the hub.

A fake hub API (http.server in a thread) answers like JupyterHub's REST API does:
``GET /hub/api/user`` (whoami: any valid token; since JupyterHub 2 the answer carries
``kind``, ``name``, ``admin``, ``groups``, ``scopes``; an unknown token gets 403) and
``GET /hub/api/users/<name>`` (needs ``read:users:name``/``read:users:groups``; 403 without
them, 404 for nobody).
"""

from __future__ import annotations

import asyncio
import json
import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

import pytest

from tutor.tables.hub import BAD_TOKEN, hub_identify, hub_prefix, kernel_key
from tutor.tables.service import TableService
from tutor.tables.store import SQLiteStore
from tutor.tables.table import TableError

USERS = {"ana": {"admin": False, "groups": ["class-4b"]},
         "ben": {"admin": False, "groups": []},
         "tess": {"admin": False, "groups": ["teachers", "class-4b"]},
         "root": {"admin": True, "groups": []},
         "zoë@school.example": {"admin": False, "groups": ["staff"]}}
TOKENS = {"tok-ana": "ana", "tok-ben": "ben", "tok-tess": "tess", "tok-root": "root",
          "tok-zoe": "zoë@school.example"}
SERVICE = "svc-secret"


class FakeHub:
    """What the service sees of a hub: ``whoami_full`` (JupyterHub ≥ 2: whoami tells admin
    and groups) or not (an older hub: name only); ``service_scoped``: whether the service's
    token may read users. ``hits`` counts requests by path, ``auth`` the tokens used."""

    def __init__(self) -> None:
        self.whoami_full = True
        self.service_scoped = True
        self.hits: dict[str, int] = {}
        self.auth: list[str] = []
        hub = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                path = self.path.split("?")[0]
                hub.hits[path] = hub.hits.get(path, 0) + 1
                header = self.headers.get("Authorization", "")
                token = header[len("token "):] if header.startswith("token ") else ""
                hub.auth.append(token)
                status, body = hub.answer(path, token)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.api = f"http://127.0.0.1:{self.server.server_address[1]}/hub/api"
        self.thread = threading.Thread(target=self.server.serve_forever,
                                       kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def answer(self, path: str, token: str) -> tuple[int, dict]:
        if path == "/hub/api/user":
            if token == SERVICE:
                return 200, {"kind": "service", "name": "trix-tables", "roles": [],
                             "scopes": ["read:users:groups", "read:users:name"]}
            name = TOKENS.get(token)
            if name is None:  # SelfAPIHandler: no user for the token
                return 403, {"status": 403, "message": "Forbidden"}
            model = {"kind": "user", "name": name, "session_id": None, "token_id": "a1",
                     "scopes": [f"access:servers!server={name}/",
                                f"users:activity!user={name}"]}
            if self.whoami_full:
                model.update(USERS[name])
            return 200, model
        if path.startswith("/hub/api/users/"):
            if token != SERVICE and token not in TOKENS:
                return 403, {"status": 403, "message": "Missing or invalid credentials."}
            if token != SERVICE or not self.service_scoped:
                return 403, {"status": 403, "message": "Action is not authorized with current "
                             "scopes; requires any of [read:users, read:users:name, ...]"}
            name = unquote(path[len("/hub/api/users/"):])
            if name not in USERS:
                return 404, {"status": 404, "message": "Not Found"}
            return 200, {"kind": "user", "name": name, "roles": ["user"], "server": None,
                         "pending": None, "last_activity": None, **USERS[name]}
        return 404, {"status": 404, "message": "Not Found"}

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def hub():
    h = FakeHub()
    yield h
    h.close()


@pytest.fixture(autouse=True)
def _fresh(hub):
    hub.whoami_full, hub.service_scoped = True, True
    hub.hits.clear()
    hub.auth.clear()


def identify_for(hub: FakeHub, **kw):
    return hub_identify(api_url=hub.api, service_token=SERVICE, **kw)


def test_names_and_teachers_come_from_the_hub(hub):
    identify = identify_for(hub)
    assert identify("tok-ana") == ("ana", False)
    assert identify("tok-ben") == ("ben", False)
    assert identify("tok-tess") == ("tess", True)  # in the teachers' group
    assert identify("tok-root") == ("root", True)  # a hub admin
    # whoami said it all: the service's own token was never needed
    assert set(hub.hits) == {"/hub/api/user"} and SERVICE not in hub.auth


def test_the_teachers_group_is_chosen(hub, monkeypatch):
    monkeypatch.setenv("TRIX_TUTOR_TEACHERS_GROUP", "class-4b")
    identify = identify_for(hub)
    assert identify("tok-ana") == ("ana", True)
    assert identify("tok-tess") == ("tess", True)
    assert identify("tok-ben") == ("ben", False)
    assert identify_for(hub, teachers_group="staff")("tok-zoe") == ("zoë@school.example", True)


def test_a_forged_token_is_refused_with_the_reason(hub):
    identify = identify_for(hub)
    for forged in ("tok-eve", "", "tok-ana "):
        with pytest.raises(TableError) as e:
            identify(forged)
        assert str(e.value) == BAD_TOKEN == \
            "sign in to the hub again: the hub does not know this token"
    with pytest.raises(TableError, match="not a service's"):
        identify(SERVICE)  # a service's token is no person


def test_an_older_hub_is_asked_with_the_service_token(hub):
    hub.whoami_full = False  # whoami names the person only
    identify = identify_for(hub)
    assert identify("tok-tess") == ("tess", True)
    assert identify("tok-ben") == ("ben", False)
    assert identify("tok-root") == ("root", True)
    assert identify("tok-zoe") == ("zoë@school.example", False)  # a quoted name
    assert hub.hits["/hub/api/users/tess"] == 1
    assert hub.hits["/hub/api/users/zo%C3%AB%40school.example"] == 1
    # each person's token asked who; the service's own token read their account
    assert hub.auth == ["tok-tess", SERVICE, "tok-ben", SERVICE, "tok-root", SERVICE,
                        "tok-zoe", SERVICE]


def test_a_service_without_the_scopes_says_which_it_needs(hub):
    hub.whoami_full, hub.service_scoped = False, False
    with pytest.raises(TableError, match="read:users:name and read:users:groups"):
        identify_for(hub)("tok-ana")
    with pytest.raises(TableError, match="no hub token of its own"):
        hub_identify(api_url=hub.api, service_token="")("tok-ana")


def test_answers_are_kept_for_ttl_seconds(hub):
    now = [1000.0]
    identify = identify_for(hub, ttl=60, clock=lambda: now[0])
    for _ in range(5):
        assert identify("tok-tess") == ("tess", True)
        with pytest.raises(TableError, match="sign in to the hub again"):
            identify("tok-eve")
    assert hub.hits == {"/hub/api/user": 2}
    now[0] += 59
    identify("tok-tess")
    assert hub.hits == {"/hub/api/user": 2}
    now[0] += 2  # past the ttl: asked again
    identify("tok-tess")
    assert hub.hits == {"/hub/api/user": 3}
    assert identify_for(hub, ttl=0)("tok-ben") == ("ben", False)
    assert hub.hits == {"/hub/api/user": 4}


def test_a_hub_out_of_reach_is_said_plainly(hub):
    with ThreadingHTTPServer(("127.0.0.1", 0), BaseHTTPRequestHandler) as closed:
        port = closed.server_address[1]  # nobody listens there once closed
    identify = hub_identify(api_url=f"http://127.0.0.1:{port}/hub/api", service_token=SERVICE,
                            timeout=2)
    with pytest.raises(TableError, match=r"the hub cannot be reached at http://127\.0\.0\.1"):
        identify("tok-ana")
    with pytest.raises(TableError, match="answered 404"):  # the hub's URL without /hub/api
        hub_identify(api_url=hub.api[:-len("/hub/api")], service_token=SERVICE)("tok-ana")


def test_the_prefix_and_the_kernels_key(monkeypatch):
    monkeypatch.delenv("JUPYTERHUB_SERVICE_PREFIX", raising=False)
    assert hub_prefix() == "/"
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/services/trix-tables/")
    assert hub_prefix() == "/services/trix-tables/"
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/services/trix-tables")
    assert hub_prefix() == "/services/trix-tables/"
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "tok-ana")
    assert kernel_key() is None  # not on a hub: the page sends its learner's key
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    assert kernel_key() == "tok-ana"


def test_the_env_is_read_when_nothing_is_given(hub, monkeypatch):
    monkeypatch.setenv("JUPYTERHUB_API_URL", hub.api + "/")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", SERVICE)
    hub.whoami_full = False
    assert hub_identify()("tok-root") == ("root", True)
    assert hub.auth == ["tok-root", SERVICE]


class Conn:
    def __init__(self) -> None:
        self.got: list[dict] = []

    def send(self, message: dict) -> None:
        self.got.append(message)

    def last(self, kind: str) -> dict:
        return next(m for m in reversed(self.got) if m["type"] == kind)


def test_a_table_on_the_hub(hub):
    """Two hub users sit by their tokens and show under their hub names, whatever name
    they send; a student may not teach, the teacher may."""

    async def run() -> None:
        service = TableService(SQLiteStore(":memory:"), pause=0,
                               executor=ThreadPoolExecutor(1), identify=identify_for(hub))
        await service.start()
        try:
            ana, ben, tess, eve = conns = [Conn() for _ in range(4)]
            for c in conns:
                service.connect(c)
            await service.receive(ana, {"type": "open", "game": "trixter",
                                        "options": {"players": 4, "first_hand": 2},
                                        "people": [0, 1], "level": "beginner",
                                        "name": "The Teacher", "key": "tok-ana", "id": 1})
            code = ana.last("opened")["code"]
            await service.receive(ben, {"type": "join", "code": code, "name": "ana",
                                        "key": "tok-ben"})
            names = [x["name"] for x in ben.last("view")["sitters"][:2]]
            assert names == ["ana", "ben"]
            assert [x["name"] for x in ana.last("view")["sitters"][:2]] == ["ana", "ben"]

            await service.receive(eve, {"type": "join", "code": code, "name": "Eve",
                                        "key": "tok-eve", "id": "e"})
            assert eve.got == [{"type": "refused", "reason": BAD_TOKEN, "id": "e"}]
            await service.receive(eve, {"type": "join", "code": code, "name": "Eve", "id": 2})
            assert eve.last("refused")["reason"] == "sign in to the hub to sit at a table"

            await service.receive(ben, {"type": "teach", "token": "tok-ben", "id": 3})
            assert ben.got[-1] == {"type": "refused", "id": 3,
                                   "reason": "only a teacher of this hub may watch every hand"}
            await service.receive(ben, {"type": "sheet", "id": 4})
            assert ben.got[-1]["type"] == "refused"

            await service.receive(tess, {"type": "teach", "token": "tok-tess", "id": 5})
            assert tess.got[-1] == {"type": "teaching", "id": 5}
            await service.receive(tess, {"type": "watch", "code": code})
            assert tess.last("view")["role"] == "teacher"
            await service.receive(tess, {"type": "sheet", "id": 6})
            assert tess.got[-1]["type"] == "sheet"

            # ana, back on another connection (a new page) with the same token, gets her seat
            again = Conn()
            service.connect(again)
            await service.receive(again, {"type": "join", "code": code, "name": "x",
                                          "key": "tok-ana"})
            assert again.last("view")["seat"] == 0
        finally:
            await service.stop()

    asyncio.run(run())
    # two sitters, one refusal and two teach checks, each token asked of the hub once
    assert hub.hits == {"/hub/api/user": 4}
