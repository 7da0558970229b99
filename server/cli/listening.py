"""The server's listening socket, bound before anything is printed.

Why bind here and not let uvicorn do it: uvicorn binds only once it runs, after `serve` has
printed the join link and its QR code; on a port that something else holds, the QR then
sends phones to that other program, and the host reads `[Errno 98]` under it. Bound first,
a taken port is one sentence and a non-zero exit, and nothing points anywhere.
"""

from __future__ import annotations

import errno
import socket

import click

ADDRESS_IN_USE = frozenset({errno.EADDRINUSE, 10048})
"""`EADDRINUSE` (98 on Linux, 48 on macOS) and Windows' `WSAEADDRINUSE`."""
BACKLOG = 2048


def reuse_port_supported() -> bool:
    """Whether several processes may listen on one port (`SO_REUSEPORT`: Linux, macOS)."""
    return hasattr(socket, "SO_REUSEPORT")


def listening_socket(host: str, port: int, *, reuse_port: bool = False) -> socket.socket:
    """A socket listening on `host:port`, or a `ClickException` saying the port is taken.

    `SO_REUSEADDR` lets a restarted server bind while the last one's connections linger
    (POSIX); on Windows it would let a second server take a port in use, so there the port
    is held exclusively instead."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):  # Windows
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
        sock.listen(BACKLOG)
    except OSError as error:
        sock.close()
        if error.errno in ADDRESS_IN_USE or getattr(error, "winerror", None) in ADDRESS_IN_USE:
            raise click.ClickException(port_taken(host, port)) from error
        raise click.ClickException(
            f"cannot listen on {host}:{port}: {error.strerror or error}") from error
    return sock


def port_taken(host: str, port: int) -> str:
    following = f" --port {port + 1}" if port < 65535 else " --port N"
    return (f"port {port} on {host} is already in use (another Prismatic may be running): "
            f"stop it, or start with{following}")
