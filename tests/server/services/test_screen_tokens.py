"""The store's screen token: derived from the host token, so the host can be given the
same link at any time while only its hash is stored."""

from __future__ import annotations

import re

from server.core.security import hash_token, new_token
from server.services.events.screen_tokens import (
    opens_season_screen,
    screen_hash,
    screen_token,
    screen_url,
    season_screen_token,
    season_screen_url,
)


def test_the_same_host_token_always_gives_the_same_screen_token() -> None:
    host = new_token()
    assert screen_token(host) == screen_token(host)
    assert screen_hash(host) == hash_token(screen_token(host))


def test_screen_tokens_are_url_safe_256_bit_and_unlike_their_host_token() -> None:
    hosts = [new_token() for _ in range(50)]
    tokens = [screen_token(host) for host in hosts]
    assert len(set(tokens)) == len(hosts)
    for host, token in zip(hosts, tokens, strict=True):
        assert re.fullmatch(r"[A-Za-z0-9_-]{43}", token)
        assert token != host and host not in token
        assert screen_hash(host) != hash_token(host)  # the host's hash opens no screen


def test_the_link_carries_the_token_in_its_fragment() -> None:
    host = new_token()
    url = screen_url("http://192.168.1.20:8000", host)
    assert url == f"http://192.168.1.20:8000/screen#screen_token={screen_token(host)}"


def test_a_seasons_screen_token_comes_from_its_host_tokens_hash_and_opens_only_its_screen(
) -> None:
    host = new_token()
    stored = hash_token(host)
    token = season_screen_token(stored)
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}", token) and token == season_screen_token(stored)
    assert token not in (host, stored, screen_token(host)), "no night's token, no host's"
    assert opens_season_screen(token, stored)
    for wrong in ("", host, stored, screen_token(host), token[:-1],
                  season_screen_token(hash_token(new_token()))):
        assert not opens_season_screen(wrong, stored)
    assert season_screen_url("http://10.0.0.2:8000", "s1", stored) == \
        f"http://10.0.0.2:8000/seasons/s1/screen#screen_token={token}"
