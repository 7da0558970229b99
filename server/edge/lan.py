"""The machine's LAN IPv4 address, found without sending a single packet.

Why not the usual "connect a UDP socket to 8.8.8.8" trick: the server must not touch the
network beyond answering. We read each interface's addresses and whether it is up from
psutil (`net_if_addrs`, `net_if_stats`), which does it the native way on Linux, macOS and
Windows alike; a hand-written ioctl only ever worked on Linux. Of those, a phone can reach
a private address on an up, non-loopback interface: Wi-Fi first (that is where the phones
are), virtual adapters (Docker, VPNs, virtual machines) last; with none, 127.0.0.1.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import psutil

WIFI_NAMES = ("wl", "wi-fi", "wifi", "wlan", "wireless", "airport")
"""How Wi-Fi interfaces are named: `wlan0`/`wlp2s0` (Linux), `Wi-Fi`/`WLAN` (Windows)."""
VIRTUAL_NAMES = ("docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "vethernet", "utun",
                 "tun", "tap", "tailscale", "zt", "wg", "bridge", "awdl", "llw", "lxc", "lxd")
"""Adapters a phone on the room's Wi-Fi never reaches: containers, VMs, VPN tunnels."""
PRIVATE_RANGES = tuple(ipaddress.IPv4Network(net)
                       for net in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12"))


@dataclass(frozen=True)
class InterfaceAddress:
    """One IPv4 address of one network interface."""

    name: str
    address: str
    up: bool = True


def interfaces() -> list[InterfaceAddress]:
    """Every IPv4 address of every interface, with whether its interface is up."""
    try:
        addresses, stats = psutil.net_if_addrs(), psutil.net_if_stats()
    except (OSError, RuntimeError):  # a sandbox that hides the interfaces
        return []
    return [InterfaceAddress(name, entry.address, stats[name].isup if name in stats else True)
            for name, entries in addresses.items()
            for entry in entries if entry.family == socket.AF_INET]


def interface_addresses() -> list[str]:
    """IPv4 addresses of the up interfaces: the names this laptop answers to."""
    return [entry.address for entry in interfaces() if entry.up]


def is_local_only(host: str) -> bool:
    """Whether a server bound to `host` answers this machine only (phones cannot reach it)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _named(name: str, words: Iterable[str]) -> bool:
    lowered = name.lower()
    return any(lowered.startswith(word) or word in lowered for word in words)


def choose_lan_ip(addresses: Sequence[str | InterfaceAddress]) -> str:
    """The address for the join link: private, up, not loopback; Wi-Fi, then real adapters,
    then virtual ones; 192.168 before 10 before 172.16. Else any usable one, else 127.0.0.1."""
    usable: list[tuple[InterfaceAddress, ipaddress.IPv4Address]] = []
    for item in addresses:
        entry = item if isinstance(item, InterfaceAddress) else InterfaceAddress("", item)
        try:
            parsed = ipaddress.IPv4Address(entry.address)
        except ValueError:
            continue
        if entry.up and not (parsed.is_loopback or parsed.is_link_local or parsed.is_unspecified):
            usable.append((entry, parsed))

    def rank(pair: tuple[InterfaceAddress, ipaddress.IPv4Address]) -> tuple[int, ...]:
        entry, address = pair
        ranges = [i for i, net in enumerate(PRIVATE_RANGES) if address in net]
        virtual = _named(entry.name, VIRTUAL_NAMES)
        wifi = _named(entry.name, WIFI_NAMES) and not virtual
        return (not address.is_private, virtual, not wifi, ranges[0] if ranges else 3)

    return str(min(usable, key=rank)[1]) if usable else "127.0.0.1"


def lan_ip() -> str:
    return choose_lan_ip(interfaces())
