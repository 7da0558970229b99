"""Plays Windows or macOS for a Python process on Linux (`FOREIGN_PLATFORM=Windows|Darwin`):
what `tests/server/cli/test_foreign_platforms.py` runs `prismatic serve` and every import under.

Python imports `sitecustomize` at start from the path, so this folder on `PYTHONPATH` is
enough. What it changes, as on those systems:
- Windows: `resource` and `fcntl` cannot be imported (a `None` in `sys.modules`), and
  `msvcrt` (Windows' file locking, for the server's lock on its database) stands in with
  a Linux lock of the same meaning; on both, `uvloop` cannot be imported (macOS has
  `resource` and `fcntl`, so they stay);
- `sys.platform` and `platform.system()` read as the other system;
- the network interfaces are that system's (psutil's answers, faked; the addresses are
  never contacted);
- Windows: no `socket.SO_REUSEPORT`, and stdout is a redirected Windows console's
  (cp1252 unless `PYTHONIOENCODING` says otherwise, set by the test).

What it cannot change is the interpreter under it: the standard library and the libraries
that pick their platform code when imported (asyncio, subprocess, click) are imported
first, as Linux, and the two Windows-only names uvicorn asks for at run time stand in with
Linux ones. What is under test is our code's platform checks, not a real Windows.
"""

from __future__ import annotations

import os
import sys

SYSTEM = os.environ.get("FOREIGN_PLATFORM", "")

INTERFACES = {
    "Windows": {"Loopback Pseudo-Interface 1": ("127.0.0.1", True),
                "vEthernet (WSL)": ("172.29.80.1", True),
                "Ethernet": ("169.254.12.3", False),
                "Wi-Fi": ("192.168.1.57", True)},
    "Darwin": {"lo0": ("127.0.0.1", True), "utun3": ("10.8.0.2", True),
               "bridge100": ("192.168.2.1", True), "en0": ("192.168.1.58", True)},
}


LINUX_FIRST = ("selectors", "subprocess", "zoneinfo", "ssl", "uuid", "mimetypes", "locale",
               "shutil", "tempfile", "multiprocessing.connection", "concurrent.futures", "ctypes",
               "ctypes.util", "logging.handlers", "importlib.metadata", "urllib.request",
               "click")
"""Modules that choose their platform code when imported: imported before the change."""


def play(system: str) -> None:
    import asyncio
    import importlib
    import platform
    import signal
    import socket
    import sysconfig
    from types import SimpleNamespace

    import psutil

    for name in LINUX_FIRST:
        importlib.import_module(name)
    sysconfig.get_config_vars()  # read once, from Linux's build data
    if system == "Windows":
        sys.modules["msvcrt"] = windows_file_locking()
    missing = ("resource", "fcntl", "uvloop") if system == "Windows" else ("uvloop",)
    for name in missing:
        sys.modules[name] = None  # type: ignore[assignment]
    sys.platform = "win32" if system == "Windows" else "darwin"
    platform.system = lambda: system
    interfaces = INTERFACES[system]
    psutil.net_if_addrs = lambda: {  # type: ignore[assignment]
        name: [SimpleNamespace(family=socket.AF_INET, address=address)]
        for name, (address, _up) in interfaces.items()}
    psutil.net_if_stats = lambda: {  # type: ignore[assignment]
        name: SimpleNamespace(isup=up) for name, (_address, up) in interfaces.items()}
    if system == "Windows":
        del socket.SO_REUSEPORT
        signal.SIGBREAK = signal.SIGUSR2  # type: ignore[attr-defined]  # uvicorn's Ctrl+Break
        asyncio.ProactorEventLoop = asyncio.SelectorEventLoop  # type: ignore[attr-defined,misc]


def windows_file_locking() -> object:
    """`msvcrt.locking` as the server uses it (a non-blocking lock of bytes from the
    file's position), made of Linux's `lockf` on the same bytes."""
    import fcntl
    import os
    from types import SimpleNamespace

    def locking(descriptor: int, mode: int, length: int) -> None:
        start = os.lseek(descriptor, 0, os.SEEK_CUR)
        operation = fcntl.LOCK_UN if mode == UNLOCK else fcntl.LOCK_EX | fcntl.LOCK_NB
        fcntl.lockf(descriptor, operation, length, start)

    NONBLOCKING, UNLOCK = 2, 0  # msvcrt.LK_NBLCK, msvcrt.LK_UNLCK
    return SimpleNamespace(locking=locking, LK_NBLCK=NONBLOCKING, LK_UNLCK=UNLOCK)


if SYSTEM in INTERFACES:
    play(SYSTEM)
