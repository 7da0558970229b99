"""A season file read from its bytes a piece at a time: its head (format, version, season,
players) whole, then its nights one by one.

Why not parsed whole: a 4 MiB file parsed into one `SeasonFile` holds a model per placing
and costs some twenty times its size (issue #42). Read a night at a time, an import holds
the bytes, the head and one night's models. Each piece is still checked by the file's own
models (`server.protocol.season_file`), so a wrong shape gets the same `invalid` errors,
located in the whole file (`nights.3.results.0.placings`).

Why two passes over the bytes (both by ijson's incremental parser): a JSON object's keys
come in any order, and a night's results are checked against the players, so the head is
read first and the nights after it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import ijson
from pydantic import ValidationError

from server.protocol.season_file import MAX_NIGHTS, FileNight, SeasonFile

NIGHTS = "nights"
_OPENS = {"start_map", "start_array"}
_CLOSES = {"end_map", "end_array"}


class SeasonFileReader:
    """The file's head as a `SeasonFile` without nights (its attributes read through), and
    `nights`: each night checked as it is read, a fresh pass over the bytes each time."""

    def __init__(self, raw: bytes) -> None:
        self._raw = raw
        self.head = _read_head(raw)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.head, name)

    @property
    def nights(self) -> Iterator[FileNight]:
        for index, night in enumerate(_parsed(ijson.items(self._raw, f"{NIGHTS}.item",
                                                          use_float=True))):
            try:
                yield FileNight.model_validate(night)
            except ValidationError as error:
                raise _located(error, (NIGHTS, index)) from None


def _read_head(raw: bytes) -> SeasonFile:
    """Every top-level value but the nights, built and checked as a `SeasonFile` whose
    nights are counted, not built (a placeholder list); raises `ValidationError`."""
    events = _parsed(ijson.parse(raw, use_float=True))
    _, event, value = next(events, ("", "start_map", None))
    if event != "start_map":
        SeasonFile.model_validate([] if event == "start_array" else value)
    head: dict[str, Any] = {}
    for _, event, key in events:
        if event != "map_key":
            break
        if key in head:
            raise _twice(key)
        _, event, value = next(events)
        if key == NIGHTS and event == "start_array":
            count = _skip_items(events)
            if count > MAX_NIGHTS:
                raise _too_many_nights(count)
            head[key] = []
        else:
            head[key] = _built(event, value, events)
    return SeasonFile.model_validate(head)


def _skip_items(events: Iterator[tuple[str, str, Any]]) -> int:
    """Consume an array whose start was read; returns how many items it held."""
    depth, count = 1, 0
    for _, event, _ in events:
        if depth == 1 and event != "end_array":
            count += 1
        if event in _OPENS:
            depth += 1
        elif event in _CLOSES:
            depth -= 1
            if depth == 0:
                return count
    return count


def _built(event: str, value: Any, events: Iterator[tuple[str, str, Any]]) -> Any:
    """The value whose first event was read, built whole (a head value is small)."""
    builder = ijson.ObjectBuilder()
    builder.event(event, value)
    depth = 1 if event in _OPENS else 0
    while depth:
        _, event, value = next(events)
        builder.event(event, value)
        depth += (event in _OPENS) - (event in _CLOSES)
    return builder.value


def _parsed(items: Iterator[Any]) -> Iterator[Any]:
    """ijson's items or events, its error on broken JSON turned into pydantic's own."""
    try:
        yield from items
    except ijson.JSONError as error:
        raise ValidationError.from_exception_data(SeasonFile.__name__, [
            {"type": "json_invalid", "loc": (), "input": "", "ctx": {"error": str(error)}},
        ]) from None


def _too_many_nights(count: int) -> ValidationError:
    return ValidationError.from_exception_data(SeasonFile.__name__, [
        {"type": "too_long", "loc": (NIGHTS,), "input": [],
         "ctx": {"field_type": "List", "max_length": MAX_NIGHTS, "actual_length": count}}])


def _twice(key: str) -> ValidationError:
    """A key given twice: which of its values the file means is not for us to guess."""
    return ValidationError.from_exception_data(SeasonFile.__name__, [
        {"type": "value_error", "loc": (key,), "input": key,
         "ctx": {"error": ValueError("this key is given twice")}}])


def _located(error: ValidationError, where: tuple[str | int, ...]) -> ValidationError:
    """A piece's errors as errors of the whole file: each location prefixed with `where`."""
    return ValidationError.from_exception_data(SeasonFile.__name__, [
        {"type": item["type"], "loc": (*where, *item["loc"]), "input": item["input"],
         **({"ctx": item["ctx"]} if "ctx" in item else {})}  # type: ignore[typeddict-item]
        for item in error.errors()])
