"""A learner's browser tab as the app's websocket sees it, for load tests: no page drawn, the same messages sent.

Streamlit's page talks to the server over one websocket (``/_stcore/stream``) with protobuf messages: the page
asks for a run (the URL's query string, the page, every widget's value, a clicked button as a trigger), the
server sends the elements and ``script_finished``. :class:`WsLearner` does the same with Streamlit's own message
classes: it keeps the widgets' ids by their keys, the texts on the page and the query string the app sets, runs
a fragment again on the interval the server asks for (as a page does for ``st.fragment(run_every=…)``), and, when
its connection drops (a replica went away), connects again through the same address and runs the page afresh,
as a browser tab reconnecting does.

>>> WsLearner("http://127.0.0.1:1", {}).ws_url
'ws://127.0.0.1:1/_stcore/stream'
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import urllib.request

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

_TEXT_KINDS = ("markdown", "alert", "heading", "text", "code")


class WsLearner:
    """One tab: ``await open(page, query)``, then ``click(key)`` / ``set_number(key, v)`` and ``wait_text``."""

    def __init__(self, base_url: str, cookies: dict[str, str], timeout: float = 30.0) -> None:
        self.base_url = base_url.rstrip("/")
        self.ws_url = self.base_url.replace("http://", "ws://") + "/_stcore/stream"
        self.cookies = dict(cookies)
        self.timeout = timeout
        self.page = ""
        self.query = ""
        self.values: dict[str, WidgetState] = {}  # set widgets' values, sent with every run, as a page keeps them
        self.widgets: dict[str, tuple[str, str]] = {}  # user key → (widget id, fragment id)
        self.texts: list[str] = []
        self.reconnects = 0
        self._ws = None
        self._reader: asyncio.Task | None = None
        self._pollers: dict[str, asyncio.Task] = {}
        self._changed = asyncio.Event()

    # ---- the connection -----------------------------------------------------------------

    def _load_page(self) -> None:
        """GET the page as a browser does first, keeping the cookies it sets (the proxy's sticky replica)."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        request = urllib.request.Request(f"{self.base_url}/{self.page}", headers={"Cookie": cookie})
        with urllib.request.urlopen(request, timeout=self.timeout) as response:
            for header in response.headers.get_all("Set-Cookie") or []:
                name, _, rest = header.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]

    async def _connect(self) -> None:
        await asyncio.to_thread(self._load_page)
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self._ws = await websockets.connect(self.ws_url, subprotocols=["streamlit"], max_size=None,
                                            additional_headers={"Cookie": cookie}, open_timeout=self.timeout)
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            async for data in self._ws:
                msg = ForwardMsg()
                msg.ParseFromString(data)
                self._take(msg)
        except websockets.ConnectionClosed:
            pass
        self._changed.set()

    def _take(self, msg: ForwardMsg) -> None:
        kind = msg.WhichOneof("type")
        if kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            sub = getattr(element, element.WhichOneof("type"))
            wid = getattr(sub, "id", "")
            if wid.startswith("$$ID-") and wid.count("-") >= 2:
                self.widgets[wid.split("-", 2)[2]] = (wid, msg.delta.fragment_id)
            if element.WhichOneof("type") in _TEXT_KINDS:
                self.texts.append(getattr(sub, "body", "") or getattr(sub, "code_text", ""))
            elif element.WhichOneof("type") == "progress":
                self.texts.append(sub.text)
        elif kind == "page_info_changed":
            self.query = msg.page_info_changed.query_string
        elif kind == "auto_rerun":
            self._poll(msg.auto_rerun.fragment_id, msg.auto_rerun.interval)
        elif kind == "new_session":
            self.texts = []
        self._changed.set()

    def _poll(self, fragment_id: str, interval: float) -> None:
        if fragment_id in self._pollers:
            return

        async def again() -> None:
            while True:
                await asyncio.sleep(interval)
                await self._send(fragment_id=fragment_id, auto=True)

        self._pollers[fragment_id] = asyncio.create_task(again())

    async def _send(self, trigger: str = "", fragment_id: str = "", auto: bool = False) -> None:
        msg = BackMsg()
        run = msg.rerun_script
        run.query_string = self.query
        run.page_name = self.page
        run.fragment_id = fragment_id
        run.is_auto_rerun = auto
        run.widget_states.widgets.extend(self.values.values())
        if trigger:
            run.widget_states.widgets.append(WidgetState(id=trigger, trigger_value=True))
        with contextlib.suppress(websockets.ConnectionClosed):
            await self._ws.send(msg.SerializeToString())

    async def _restart(self) -> None:
        """The replica went away: connect again (the proxy picks a live one) and run the page afresh."""
        self.reconnects += 1
        for task in self._pollers.values():
            task.cancel()
        self._pollers.clear()
        self.values.clear()
        self.widgets.clear()
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                await self._connect()
                break
            except (OSError, websockets.InvalidHandshake):
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.2)
        await self._send()

    def _dropped(self) -> bool:
        return self._reader is None or self._reader.done()

    # ---- what a test does ------------------------------------------------------------------

    async def open(self, page: str, query: str = "") -> None:
        """Open ``page`` (its URL path) with ``query``, as typing the address does."""
        self.page, self.query = page, query
        self.values.clear()
        self.widgets.clear()
        self.texts = []
        for task in self._pollers.values():
            task.cancel()
        self._pollers.clear()
        if self._ws is not None:
            await self._ws.close()
            if self._reader is not None:
                await self._reader
        await self._connect()
        await self._send()

    async def wait_for(self, test, what: str) -> None:
        """Wait until ``test()`` holds, reconnecting when the connection drops; TimeoutError names ``what``."""
        deadline = time.monotonic() + self.timeout
        while not test():
            if self._dropped():
                await self._restart()
                continue
            self._changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"waited {self.timeout:.0f} s for {what}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), left)

    async def wait_text(self, part: str) -> None:
        await self.wait_for(lambda: any(part in t for t in self.texts), repr(part))

    async def wait_widget(self, key: str) -> None:
        await self.wait_for(lambda: key in self.widgets, f"the widget {key!r}")

    async def key_starting(self, prefix: str) -> str:
        """The user key of a drawn widget that starts with ``prefix`` (tile buttons end in their place)."""
        found: list[str] = []

        def seen() -> bool:
            found[:] = [k for k in self.widgets if k.startswith(prefix)]
            return bool(found)

        await self.wait_for(seen, f"a widget {prefix}…")
        return found[0]

    async def click(self, key: str) -> None:
        """Press the button with user key ``key`` (the run of its fragment, as the page asks)."""
        await self.wait_widget(key)
        wid, fragment = self.widgets.pop(key)
        self.texts = []
        await self._send(trigger=wid, fragment_id=fragment)

    async def set_number(self, key: str, value: float) -> None:
        """Type a whole number into the number field with user key ``key`` (sent with the next run)."""
        await self.wait_widget(key)
        wid = self.widgets[key][0]
        self.values[wid] = WidgetState(id=wid, int_value=int(value))

    async def close(self) -> None:
        for task in self._pollers.values():
            task.cancel()
        if self._ws is not None:
            await self._ws.close()
