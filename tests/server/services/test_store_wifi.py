"""The store's Wi-Fi for the TV's QR code: the text phones read, with every character the
format gives a meaning escaped; a name and password a network can have; kept in a file
only the server's user reads."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from server.core.errors import InvalidError
from server.services.events.store_wifi import StoreWifi, checked, escape, qr_text, read, save


def test_every_special_character_of_the_format_is_escaped_with_a_backslash() -> None:
    assert escape('a\\b;c,d:e"f') == 'a\\\\b\\;c\\,d\\:e\\"f'
    assert escape("Café 5 GHz") == "Café 5 GHz"


def test_the_qr_text_is_a_wpa_network_or_an_open_one() -> None:
    assert qr_text(StoreWifi('Games;Store', 'p:ss,"w"\\1')) == \
        'WIFI:T:WPA;S:Games\\;Store;P:p\\:ss\\,\\"w\\"\\\\1;;'
    assert qr_text(StoreWifi("Guests", "")) == "WIFI:T:nopass;S:Guests;;"


@pytest.mark.parametrize(("name", "password"), [
    ("", "password1"), ("x" * 33, "password1"), ("é" * 17, "password1"),
    ("Store", "short"), ("Store", "p" * 64), ("Store\n", "password1"), ("Store", "pass\tword"),
])
def test_a_name_or_password_no_network_has_is_refused(name: str, password: str) -> None:
    with pytest.raises(InvalidError) as refused:
        checked(name, password)
    assert refused.value.code == "bad_wifi"


def test_it_is_kept_in_a_file_only_the_servers_user_reads_and_forgotten_on_request(
    tmp_path: Path,
) -> None:
    assert read(tmp_path) is None
    save(tmp_path, checked("Store", "password1"))
    assert read(tmp_path) == StoreWifi("Store", "password1")
    mode = stat.S_IMODE((tmp_path / "store_wifi.json").stat().st_mode)
    assert mode == 0o600
    save(tmp_path, None)
    assert read(tmp_path) is None


def test_an_unreadable_file_means_no_wifi(tmp_path: Path) -> None:
    (tmp_path / "store_wifi.json").write_text("{not json", "utf-8")
    assert read(tmp_path) is None
