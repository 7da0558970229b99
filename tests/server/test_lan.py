"""LAN address choice: private addresses first, loopback only as the last resort."""

from __future__ import annotations

import ipaddress

from server.lan import choose_lan_ip, lan_ip


def test_prefers_a_home_network_address() -> None:
    assert choose_lan_ip(["127.0.0.1", "10.1.2.3", "192.168.1.20"]) == "192.168.1.20"


def test_falls_back_to_loopback_when_nothing_else_exists() -> None:
    assert choose_lan_ip(["127.0.0.1"]) == "127.0.0.1"
    assert choose_lan_ip([]) == "127.0.0.1"


def test_detected_address_is_an_ipv4_address() -> None:
    ipaddress.IPv4Address(lan_ip())


def test_a_loopback_address_is_local_only_and_a_lan_one_is_not() -> None:
    from server.lan import is_local_only

    assert is_local_only("127.0.0.1") and is_local_only("localhost") and is_local_only("::1")
    assert not is_local_only("0.0.0.0") and not is_local_only("192.168.1.20")
