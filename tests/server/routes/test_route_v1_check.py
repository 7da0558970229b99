"""FastAPI's check that no route uses a pydantic v1 model, answered once per annotation by
the test apps (tests/server/support/route_fields.py), answers as FastAPI's own."""

from __future__ import annotations

import warnings

from fastapi import utils as fastapi_utils
from pydantic import BaseModel

from tests.server.support import route_fields

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # pydantic.v1 warns on Pythons it no longer supports
    from pydantic import v1


class Modern(BaseModel):
    name: str


class Legacy(v1.BaseModel):
    name: str


ANNOTATIONS = [Modern, Legacy, list[Legacy], Legacy | None, dict[str, int], str | None]


def test_the_pydantic_v1_check_answers_as_fastapis_own_and_once_per_annotation() -> None:
    with route_fields.fresh_route_fields():
        own = [fastapi_utils.annotation_is_pydantic_v1(a) for a in ANNOTATIONS]
    assert own == [False, True, True, True, False, False]
    if not route_fields.shared_v1_checks():
        return
    shared = fastapi_utils.annotation_is_pydantic_v1
    assert shared is not route_fields._ORIGINAL_V1_CHECK
    assert [shared(a) for a in ANNOTATIONS] == own
    assert all(route_fields._same(a) in route_fields._V1_ANSWERS for a in ANNOTATIONS)
    assert [shared(a) for a in ANNOTATIONS] == own  # answered from what is kept
