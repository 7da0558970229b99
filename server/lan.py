"""The machine's LAN IPv4 address, found without sending a single packet.

Why not the usual "connect a UDP socket to 8.8.8.8" trick: the server must not touch the
network beyond answering. We read each interface's address (Linux `SIOCGIFADDR`) and
prefer private ranges; anything else falls back to 127.0.0.1.
"""

from __future__ import annotations

import ipaddress
import socket
import struct

SIOCGIFADDR = 0x8915


def interface_addresses() -> list[str]:
    """IPv4 addresses of the up interfaces (empty where the ioctl is not available)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not Linux/Unix
        return []
    found = []
    try:
        names = [name for _index, name in socket.if_nameindex()]
    except OSError:
        return []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            try:
                packed = struct.pack("256s", name.encode()[:15])
                result = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, packed)
            except OSError:
                continue
            found.append(socket.inet_ntoa(result[20:24]))
    return found


def is_local_only(host: str) -> bool:
    """Whether a server bound to `host` answers this machine only (phones cannot reach it)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def choose_lan_ip(addresses: list[str]) -> str:
    """Prefer a private non-loopback address (192.168 first), else any non-loopback."""
    parsed = []
    for text in addresses:
        try:
            parsed.append(ipaddress.IPv4Address(text))
        except ValueError:
            continue
    usable = [a for a in parsed if not (a.is_loopback or a.is_link_local or a.is_unspecified)]
    private = [a for a in usable if a.is_private]

    def rank(address: ipaddress.IPv4Address) -> int:
        for i, net in enumerate(("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")):
            if address in ipaddress.IPv4Network(net):
                return i
        return 3

    if private:
        return str(sorted(private, key=rank)[0])
    return str(usable[0]) if usable else "127.0.0.1"


def lan_ip() -> str:
    return choose_lan_ip(interface_addresses())
