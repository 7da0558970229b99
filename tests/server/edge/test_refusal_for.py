"""One translator for HTTP and sockets: every error a request or a frame may raise is a
refusal with a status, a stable code and an English sentence, or a bug (None)."""

from __future__ import annotations

import sqlite3

import pytest
from pydantic import BaseModel, Field, ValidationError

from draft.errors import NoPackError, UnknownCardError
from pods.errors import BadNameError
from server.core.errors import ConflictError, UnknownPodError
from server.db import OperationalError
from server.edge.refusal_for import PROBLEMS_NAMED, Refusal, invalid, refusal_for


class Form(BaseModel):
    a: int = Field(ge=1)
    b: int = Field(ge=1)
    c: int = Field(ge=1)
    d: int = Field(ge=1)


def validation_error() -> ValidationError:
    with pytest.raises(ValidationError) as raised:
        Form.model_validate({"a": 0, "b": 0, "c": 0, "d": 0})
    return raised.value


def test_each_family_of_refusal_keeps_its_status_and_code() -> None:
    assert refusal_for(UnknownPodError("no pod")) == Refusal(404, "unknown_pod", "no pod")
    assert refusal_for(ConflictError("busy", "pod_full")) == Refusal(409, "pod_full", "busy")
    assert refusal_for(NoPackError("wait")).status == 409  # not now, rather than never
    assert refusal_for(UnknownCardError("no card")).status == 422
    refused = refusal_for(BadNameError("that name has a control character"))
    assert refused is not None and (refused.status, refused.code) == (422, BadNameError.code)


def test_a_full_disk_is_disk_full_and_a_locked_database_is_try_again() -> None:
    full = OperationalError("INSERT", {}, sqlite3.OperationalError("database or disk is full"))
    locked = OperationalError("INSERT", {}, sqlite3.OperationalError("database is locked"))
    assert (refusal_for(full) or Refusal(0, "", "")).code == "disk_full"
    assert (refusal_for(locked) or Refusal(0, "", "")).code == "db_busy"


def test_a_bad_message_names_its_first_problems_by_field() -> None:
    refused = refusal_for(validation_error())
    assert refused is not None and (refused.status, refused.code) == (422, "invalid")
    assert refused.message.split("; ")[0].startswith("a: ")
    assert refused.message.count("; ") == PROBLEMS_NAMED - 1


def test_unparsable_json_is_malformed() -> None:
    assert invalid([{"type": "json_invalid", "loc": ("body",)}]).code == "malformed"


def test_anything_else_is_a_bug_not_a_refusal() -> None:
    assert refusal_for(KeyError("x")) is None
    assert refusal_for(ValueError("x")) is None
