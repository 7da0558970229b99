"""LAN address choice: a private address on an up, non-loopback interface, Wi-Fi first;
loopback only as the last resort. Interfaces come from psutil on every system."""

from __future__ import annotations

import ipaddress
import socket
from types import SimpleNamespace

import pytest

from server.edge import lan
from server.edge.lan import InterfaceAddress, choose_lan_ip, lan_ip


def test_prefers_a_home_network_address() -> None:
    assert choose_lan_ip(["127.0.0.1", "10.1.2.3", "192.168.1.20"]) == "192.168.1.20"


def test_falls_back_to_loopback_when_nothing_else_exists() -> None:
    assert choose_lan_ip(["127.0.0.1"]) == "127.0.0.1"
    assert choose_lan_ip([]) == "127.0.0.1"


def test_wifi_comes_before_a_wired_or_virtual_adapter() -> None:
    found = [InterfaceAddress("Loopback Pseudo-Interface 1", "127.0.0.1"),
             InterfaceAddress("vEthernet (WSL)", "192.168.160.1"),
             InterfaceAddress("Ethernet", "192.168.0.7"),
             InterfaceAddress("Wi-Fi", "10.0.0.23")]
    assert choose_lan_ip(found) == "10.0.0.23"
    assert choose_lan_ip([InterfaceAddress("docker0", "172.17.0.1"),
                          InterfaceAddress("wlp2s0", "172.20.10.4")]) == "172.20.10.4"


def test_an_interface_that_is_down_is_never_chosen() -> None:
    found = [InterfaceAddress("wlan0", "192.168.1.20", up=False),
             InterfaceAddress("eth0", "10.1.2.3")]
    assert choose_lan_ip(found) == "10.1.2.3"


def test_a_public_address_only_when_there_is_no_private_one() -> None:
    found = [InterfaceAddress("en0", "203.0.113.9"), InterfaceAddress("en1", "10.9.8.7")]
    assert choose_lan_ip(found) == "10.9.8.7"
    assert choose_lan_ip([InterfaceAddress("en0", "203.0.113.9")]) == "203.0.113.9"


def test_interfaces_are_read_from_psutil(monkeypatch: pytest.MonkeyPatch) -> None:
    def entry(family: int, address: str) -> SimpleNamespace:
        return SimpleNamespace(family=family, address=address)

    monkeypatch.setattr(lan.psutil, "net_if_addrs", lambda: {
        "lo0": [entry(socket.AF_INET, "127.0.0.1")],
        "en0": [entry(socket.AF_INET6, "fe80::1"), entry(socket.AF_INET, "192.168.1.31")],
        "en5": [entry(socket.AF_INET, "10.0.0.5")],
    })
    monkeypatch.setattr(lan.psutil, "net_if_stats", lambda: {
        "lo0": SimpleNamespace(isup=True), "en0": SimpleNamespace(isup=True),
        "en5": SimpleNamespace(isup=False),
    })
    assert lan.interface_addresses() == ["127.0.0.1", "192.168.1.31"]
    assert lan_ip() == "192.168.1.31"


def test_detected_address_is_an_ipv4_address() -> None:
    ipaddress.IPv4Address(lan_ip())


def test_a_loopback_address_is_local_only_and_a_lan_one_is_not() -> None:
    from server.edge.lan import is_local_only

    assert is_local_only("127.0.0.1") and is_local_only("localhost") and is_local_only("::1")
    assert not is_local_only("0.0.0.0") and not is_local_only("192.168.1.20")
