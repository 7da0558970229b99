"""A refused API call from a browser test closes its connection before the error reaches
the test.

Why: `urllib`'s `HTTPError` holds the response and its socket. Left open, the socket warns
when it is collected, and with warnings as errors that fails whichever test runs then
(`test_cancel_keeps_the_season` failed in CI for `test_delete_asks…`'s 404)."""

from __future__ import annotations

import http.server
import threading
import urllib.error
from collections.abc import Iterator

import pytest

from tests.browser.support import call_api


class _Refuses(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(404)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args: object) -> None:
        """Quiet: the test reads the status, not the server's log."""


@pytest.fixture
def refusing_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Refuses)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


def test_a_refused_call_reaches_the_test_with_its_status_and_its_socket_closed(
        refusing_server: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as refused:
        call_api(refusing_server, "GET", "/api/seasons/missing/standings")
    assert refused.value.code == 404
    assert refused.value.fp.closed
