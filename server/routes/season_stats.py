"""`/api/seasons/{id}/cards` and `/commanders`: what the season's drafts teach (anyone).

Public like the standings: a card's row counts the whole season, and a night counts only
once every seat of it is shown (docs/statistics.md). Sent as cached bytes
(`server.services.season_stats.reads`).
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import Response

from pods.season_stats.season import SeasonStatistics
from server.protocol.file_names import content_disposition, safe_stem
from server.protocol.shapes.season_stats import SeasonCards, SeasonCommanders
from server.routes.deps import RuntimeDep
from server.routes.seasons import SeasonId
from server.services.season_stats.reads import StatsReply, statistics_reply
from server.services.seasons import seasons
from server.views.season_stats import cards_csv, commanders_csv, season_cards, season_commanders

router = APIRouter(prefix="/api/seasons", tags=["seasons"])

SetFilter = Annotated[str | None, Query(alias="set", min_length=1, max_length=8,
                                        pattern=r"^(\*|[A-Za-z0-9]+)$")]
"""One set's rows, or "*" for the figures over every set; none: every row."""


def _responses(model: type) -> dict[int | str, dict[str, Any]]:
    return {200: {"model": model, "description": "JSON, or CSV with `format=csv`",
                  "content": {"text/csv": {"schema": {"type": "string"}}}}}


@router.get("/{season_id}/cards", response_model=None, responses=_responses(SeasonCards))
async def cards(season_id: SeasonId, rt: RuntimeDep,
                format: Literal["json", "csv"] = "json", set: SetFilter = None) -> Response:
    """Each card drafted in the season's shown nights, per set and over all sets."""
    def render(stats: SeasonStatistics) -> bytes:
        view = season_cards(season_id, stats, set)
        return (cards_csv(view["cards"]) if format == "csv" else _json(view)).encode("utf-8")

    reply = await statistics_reply(rt, season_id, ("cards", format, set), render)
    return _sent(season_id, reply, format, "cards")


@router.get("/{season_id}/commanders", response_model=None,
            responses=_responses(SeasonCommanders))
async def commanders(season_id: SeasonId, rt: RuntimeDep,
                     format: Literal["json", "csv"] = "json") -> Response:
    """Each commander line and color identity of the season's shown nights."""
    def render(stats: SeasonStatistics) -> bytes:
        view = season_commanders(season_id, stats)
        return (commanders_csv(view) if format == "csv" else _json(view)).encode("utf-8")

    reply = await statistics_reply(rt, season_id, ("commanders", format), render)
    return _sent(season_id, reply, format, "commanders")


def _json(view: object) -> str:
    return json.dumps(view, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def _sent(season_id: str, reply: StatsReply | None, format: str, what: str) -> Response:
    if reply is None:
        raise seasons.unknown_season(season_id)
    if format == "csv":
        return Response(reply.body, media_type="text/csv; charset=utf-8",
                        headers={"Content-Disposition": content_disposition(
                            f"{safe_stem(reply.season_name, 'season')}-{what}.csv")})
    return Response(reply.body, media_type="application/json")
