"""`/api/seasons/{id}/cards` and `/commanders`: what the season's drafts teach (anyone).

Public like the standings: a card's row counts the whole season, and a night counts only
once every seat of it is shown (docs/statistics.md). Sent as cached bytes
(`server.services.season_stats.reads`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from pods.season_stats.season import SeasonStatistics
from server.protocol.shapes.season_stats import SeasonCards, SeasonCommanders
from server.routes.deps import RuntimeDep
from server.routes.seasons import SeasonId, cached_reply, json_or_csv_responses
from server.services.season_stats.reads import statistics_reply
from server.views.season_stats import cards_csv, commanders_csv, season_cards, season_commanders

router = APIRouter(prefix="/api/seasons", tags=["seasons"])

SetFilter = Annotated[str | None, Query(alias="set", min_length=1, max_length=8,
                                        pattern=r"^(\*|[A-Za-z0-9]+)$")]
"""One set's rows, or "*" for the figures over every set; none: every row."""


@router.get("/{season_id}/cards", response_model=None,
            responses=json_or_csv_responses(SeasonCards, "Cards of the season"))
async def cards(request: Request, season_id: SeasonId, rt: RuntimeDep,
                format: Literal["json", "csv"] = "json", set: SetFilter = None) -> Response:
    """Each card drafted in the season's shown nights, per set and over all sets."""
    key, render = cards_reply(season_id, format, set)
    reply = await statistics_reply(rt, season_id, key, render)
    return cached_reply(request, season_id, reply, format, "cards")


@router.get("/{season_id}/commanders", response_model=None,
            responses=json_or_csv_responses(SeasonCommanders,
                                             "Commanders of the season"))
async def commanders(request: Request, season_id: SeasonId, rt: RuntimeDep,
                     format: Literal["json", "csv"] = "json") -> Response:
    """Each commander line and color identity of the season's shown nights."""
    key, render = commanders_reply(season_id, format)
    reply = await statistics_reply(rt, season_id, key, render)
    return cached_reply(request, season_id, reply, format, "commanders")


Reply = tuple[Hashable, Callable[[SeasonStatistics], bytes]]
"""A reply's cache key and how it is written from the statistics."""


def cards_reply(season_id: str, format: str, set: str | None) -> Reply:
    def render(stats: SeasonStatistics) -> bytes:
        view = season_cards(season_id, stats, set)
        return (cards_csv(view["cards"]) if format == "csv" else _json(view)).encode("utf-8")

    return ("cards", format, set), render


def commanders_reply(season_id: str, format: str) -> Reply:
    def render(stats: SeasonStatistics) -> bytes:
        view = season_commanders(season_id, stats)
        return (commanders_csv(view) if format == "csv" else _json(view)).encode("utf-8")

    return ("commanders", format), render


def pages_replies(season_id: str) -> list[Reply]:
    """The replies the season's two pages ask for first (JSON, every set): what the
    start's warm-up writes ahead (`Runtime.statistics_replies`)."""
    return [cards_reply(season_id, "json", None), commanders_reply(season_id, "json")]


def _json(view: object) -> str:
    return json.dumps(view, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


