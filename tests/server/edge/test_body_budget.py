"""All the bodies being received at once are bounded: stalled uploads from any number of
connections share one budget, a file past its share is refused at once (503, the error
envelope), a phone's small request still fits, and a body's bytes come back when its
connection ends."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack

import httpx
import pytest

from server.edge.body_budget import BodyBudget
from tests.server.support.live import LiveServer

SMALL = 64 * 1024
STALLED_FILE = 300_000
"""A season file's size: three of these pass the large share of a 1 MiB budget."""


def test_a_file_that_would_pass_the_large_share_is_refused() -> None:
    budget = BodyBudget(total_bytes=1_000_000, small_body_bytes=SMALL)
    assert budget.reserve(STALLED_FILE) and budget.reserve(STALLED_FILE)
    assert not budget.reserve(STALLED_FILE)
    assert budget.used_bytes == 2 * STALLED_FILE, "a refusal reserves nothing"


def test_a_phone_request_fits_where_files_no_longer_do() -> None:
    budget = BodyBudget(total_bytes=1_000_000, small_body_bytes=SMALL)
    assert budget.reserve(750_000)
    assert not budget.reserve(SMALL + 1)
    assert budget.reserve(8 * 1024), "the last quarter is kept for phones"
    assert not budget.reserve(300_000, body_so_far=0) and budget.used_bytes == 758_192


def test_a_chunked_body_counts_as_a_file_once_it_grows_past_the_small_cap() -> None:
    budget = BodyBudget(total_bytes=1_000_000, small_body_bytes=SMALL)
    assert budget.reserve(740_000)
    assert budget.reserve(SMALL, body_so_far=0)
    assert not budget.reserve(1, body_so_far=SMALL), "one byte more makes it a file"


def test_released_bytes_can_be_reserved_again() -> None:
    budget = BodyBudget(total_bytes=1_000_000, small_body_bytes=SMALL)
    assert budget.reserve(700_000)
    budget.release(700_000)
    assert budget.used_bytes == 0 and budget.reserve(700_000)


def import_head(length: int) -> bytes:
    return (b"POST /api/seasons/import HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nExpect: 100-continue\r\n"
            b"Content-Length: " + str(length).encode() + b"\r\n\r\n")


def answer_to(sock: socket.socket, within: float = 10) -> bytes:
    sock.settimeout(within)
    return sock.recv(65536)


def body_of(sock: socket.socket, answer: bytes) -> bytes:
    """The rest of an answer whose first bytes were `answer`, by its `Content-Length`."""
    head, _, body = answer.partition(b"\r\n\r\n")
    while not _:
        more = answer_to(sock)
        assert more, "the answer's head was cut off"
        head, _, body = (answer := answer + more).partition(b"\r\n\r\n")
    length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        more = answer_to(sock)
        assert more, "the answer's body was cut off"
        body += more
    return body


@pytest.fixture
def sockets() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


def stalled_upload(server: LiveServer, sockets: ExitStack) -> tuple[socket.socket, bytes]:
    """An import whose head is sent and whose body never is: the server's first answer
    (`100 Continue` once the body's bytes are reserved and the server waits for them)."""
    sock = sockets.enter_context(socket.create_connection(("127.0.0.1", server.port),
                                                          timeout=10))
    sock.sendall(import_head(STALLED_FILE))
    return sock, answer_to(sock)


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_stalled_uploads_share_one_budget_and_give_it_back(
    live_server: Callable[..., LiveServer], sockets: ExitStack
) -> None:
    server = live_server(PRISMATIC_MAX_BODY_BUFFER_BYTES=str(1024 * 1024))
    first, answer = stalled_upload(server, sockets)
    assert answer.startswith(b"HTTP/1.1 100"), answer[:80]
    _second, answer = stalled_upload(server, sockets)
    assert answer.startswith(b"HTTP/1.1 100"), answer[:80]

    _third, refusal = stalled_upload(server, sockets)
    assert refusal.startswith(b"HTTP/1.1 503"), refusal[:80]
    assert json.loads(body_of(_third, refusal))["error"]["code"] == "uploads_busy"

    phone = httpx.post(f"{server.base_url}/api/pods", json={"set_code": "nope"}, timeout=10)
    assert phone.status_code != 503, "a phone's small request still fits"

    first.close()
    deadline = time.monotonic() + 10
    while True:  # the server hears the hang-up and gives the bytes back
        _sock, answer = stalled_upload(server, sockets)
        if answer.startswith(b"HTTP/1.1 100") or time.monotonic() > deadline:
            break
    assert answer.startswith(b"HTTP/1.1 100"), answer[:80]
