"""A season's recovery code: typed any way on any phone, it derives the one host token;
nothing else does."""

from __future__ import annotations

import re

from server.core.security import hash_token
from server.services.seasons import recovery


def test_a_code_is_five_groups_of_four_unambiguous_symbols() -> None:
    code = recovery.new_code()
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}", code)
    assert recovery.new_code() != code


def test_case_spaces_dashes_and_look_alike_letters_do_not_matter() -> None:
    code = "0A1B-2C3D-4E5F-6G7H-8J9K"
    token = recovery.host_token_of(code)
    typed = "oa lb 2c3d 4e5f 6g7h 8j9k".replace("oa", "Oa").replace(" lb", "IB")
    assert recovery.host_token_of(typed) == token
    assert recovery.code_opens(typed.lower(), hash_token(token))


def test_another_code_or_something_that_is_no_code_opens_nothing() -> None:
    stored = hash_token(recovery.host_token_of("0A1B-2C3D-4E5F-6G7H-8J9K"))
    for typed in ("0A1B-2C3D-4E5F-6G7H-8J9M", "0A1B-2C3D-4E5F-6G7H", "", "UUUU-" * 5,
                  "0A1B-2C3D-4E5F-6G7H-8J9K-0"):
        assert not recovery.code_opens(typed, stored), typed
    assert recovery.host_token_of("short") == ""
