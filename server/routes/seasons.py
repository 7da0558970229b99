"""`/api/seasons`: a store's season — create it, follow its standings, fix names, move it.

Who may do what: anyone creates a season (and gets its host token); only the laptop imports
a file, one at a time; anyone reads the standings (the store's screen, a player's phone);
the season's host token renames, merges, exports and deletes.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Protocol

from fastapi import APIRouter, Depends, Header, Path, Query, Request, status
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import ValidationError

from server.db import season_repo
from server.edge.laptop import is_laptop
from server.edge.ready_body import ReadyBody
from server.protocol.file_names import content_disposition, safe_stem
from server.protocol.season_bodies import (
    SeasonCreate,
    SeasonCreated,
    SeasonMerge,
    SeasonRecover,
    SeasonRecovered,
    SeasonRename,
    SeasonSplit,
)
from server.protocol.season_file import SeasonFile
from server.protocol.shapes.season import SeasonHostView, SeasonPlayerView, SeasonStandings
from server.routes.deps import (
    ClientAddress,
    LaptopOnly,
    LimitCreate,
    LimitJoin,
    RuntimeDep,
    token_hash_of,
)
from server.runtime import Runtime
from server.services import season_reads
from server.services.events.screen_tokens import season_screen_url
from server.services.seasons import player_season, season_files, season_names, seasons
from server.values.season_book import SeasonBook
from server.views.qr import qr_data_uri
from server.views.season import (
    host_view_json,
    standings_csv_bytes,
    standings_json,
)
from server.views.season_player import season_player

router = APIRouter(prefix="/api/seasons", tags=["seasons"])

SeasonId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


async def load_book(season_id: SeasonId, rt: RuntimeDep) -> SeasonBook:
    book = await season_reads.cached_book(rt, season_id)
    if book is None:
        raise seasons.unknown_season(season_id)
    return book


async def require_season_host(season_id: SeasonId, rt: RuntimeDep, address: ClientAddress,
                              authorization: Annotated[str | None, Header()] = None) -> str:
    """The season's host token, or the laptop itself (`server.edge.laptop`: it lists
    every season with its host page, since tokens are stored only as hashes)."""
    season = await seasons.load_season(rt, season_id)
    if not is_laptop(address, rt.settings):
        seasons.check_host(season, token_hash_of(authorization))
    return season_id


BookDep = Annotated[SeasonBook, Depends(load_book)]
HostSeason = Annotated[str, Depends(require_season_host)]


@router.post("", status_code=status.HTTP_201_CREATED, response_model=SeasonCreated,
             dependencies=[LimitCreate])
async def create_season(body: SeasonCreate, rt: RuntimeDep,
                        address: ClientAddress) -> SeasonCreated:
    made = await seasons.create_season(
        rt, body.name, body.scoring, body.points,
        [a.model_dump() for a in body.achievements] if body.achievements else None,
        is_laptop(address, rt.settings))
    return _created(rt, made)


def _created(rt: Runtime, made: seasons.NewSeason) -> SeasonCreated:
    """The new season's links, its recovery code and the code's QR code."""
    season_id, token = made.row.id, made.token
    recovery_url = f"{rt.base_url}/seasons/{season_id}/host#recovery_code={made.code}"
    return SeasonCreated(season_id=season_id, host_token=token,
                         host_url=f"{rt.base_url}/seasons/{season_id}/host#host_token={token}",
                         standings_url=f"{rt.base_url}/seasons/{season_id}",
                         recovery_code=made.code, recovery_url=recovery_url,
                         recovery_qr=qr_data_uri(recovery_url))


@router.post("/{season_id}/recover", response_model=SeasonRecovered,
             dependencies=[LimitJoin])
async def recover(season_id: SeasonId, body: SeasonRecover, rt: RuntimeDep) -> SeasonRecovered:
    """The host token for the season's recovery code (403 `bad_recovery_code`); every
    try costs a join from the client's bucket, so guessing is as slow as a join code's."""
    token = seasons.check_recovery(await seasons.load_season(rt, season_id), body.code)
    return SeasonRecovered(season_id=season_id, host_token=token)


@router.post("/import", status_code=status.HTTP_201_CREATED, response_model=SeasonCreated,
             dependencies=[LaptopOnly, LimitCreate],
             openapi_extra={"requestBody": {"required": True, "content": {
                 "application/json": {"schema": SeasonFile.model_json_schema()}}}})
async def import_season(request: Request, rt: RuntimeDep,
                        existing: season_files.Existing = "ask") -> SeasonCreated:
    """The file's bytes are read only once the laptop holds the one import slot, and
    parsed off the loop straight into the file's shape (`season_files.parse_file`). A
    season of the same name already here: 409 `season_exists` unless `existing` is
    `replace` (that season is deleted) or `keep` (the new one is named "… (2)")."""
    async with season_files.one_import(rt):
        raw = await request.body()
        try:
            made = await season_files.import_file(rt, raw, existing)
        except ValidationError as error:
            raise RequestValidationError(error.errors()) from None
    return _created(rt, made)


def json_or_csv_responses(model: type, description: str) -> dict[int | str, dict[str, Any]]:
    """A reply's shapes in the schema, though the route sends cached bytes: clients (and
    the fuzzer) check the JSON against it."""
    return {200: {"model": model, "description": f"{description}: JSON, or CSV with `format=csv`",
                  "content": {"text/csv": {"schema": {"type": "string"}}}}}


class CachedReply(Protocol):
    """A season's reply as cached: its body made ready (`server.edge.ready_body`), and
    the season's name (the CSV's file)."""

    @property
    def ready(self) -> ReadyBody: ...
    @property
    def season_name(self) -> str: ...


def cached_reply(request: Request, season_id: str, reply: CachedReply | None, format: str,
                 what: str) -> Response:
    """A season's cached reply as sent: JSON, or CSV named by the season and `what`, in
    the coding the client accepts, or 304 if it holds this version; an unknown season
    (None) is 404. Nothing is encoded or hashed here: the reply was made ready once."""
    if reply is None:
        raise seasons.unknown_season(season_id)
    if format == "csv":
        return reply.ready.response(
            request.headers, "text/csv; charset=utf-8",
            {"Content-Disposition": content_disposition(
                f"{safe_stem(reply.season_name, 'season')}-{what}.csv")})
    return reply.ready.response(request.headers, "application/json")


@router.get("/{season_id}/standings", response_model=None,
            responses=json_or_csv_responses(SeasonStandings, "The season's standings"))
async def standings(request: Request, season_id: SeasonId, rt: RuntimeDep,
                    format: Literal["json", "csv"] = "json") -> Response:
    """Sent as cached bytes (`season_reads.standings_reply`): the JSON of 2,000 lines
    costs more to write, compress and hash than the read that finds it cached."""
    reply = await season_reads.standings_reply(rt, season_id, format, _RENDER[format])
    return cached_reply(request, season_id, reply, format, "standings")


_RENDER = {"json": standings_json, "csv": standings_csv_bytes}


@router.get("/{season_id}/player")
async def player(book: BookDep, rt: RuntimeDep,
                 name: Annotated[str, Query(min_length=1, max_length=64)]) -> SeasonPlayerView:
    """One player's season (any of their names), for anyone, as the standings are: their
    line, nights and games; 404 `unknown_season_player` for a name with no counted game."""
    page = await rt.season_reads.compute(lambda: player_season.player_page(book, name))
    if page is None:
        raise season_names.unknown_player(name)
    return season_player(page.season_id, page.season_name, page.held_at, page.name,
                         page.season)


HOST_RESPONSES: dict[int | str, dict[str, Any]] = {200: {
    "model": SeasonHostView, "description": "The season's host page: names and standings"}}
"""The host view's shape in the schema, though it is sent as bytes (`_host_view`)."""


@router.get("/{season_id}/host", response_model=None, responses=HOST_RESPONSES)
async def host(season_id: HostSeason, rt: RuntimeDep) -> Response:
    return await _host_view(rt, season_id)


@router.post("/{season_id}/players/rename", response_model=None, responses=HOST_RESPONSES)
async def rename(body: SeasonRename, season_id: HostSeason, rt: RuntimeDep) -> Response:
    await season_names.rename(rt, season_id, body.name, body.to)
    return await _host_view(rt, season_id)


@router.post("/{season_id}/players/merge", response_model=None, responses=HOST_RESPONSES)
async def merge(body: SeasonMerge, season_id: HostSeason, rt: RuntimeDep) -> Response:
    await season_names.merge(rt, season_id, body.name, body.into)
    return await _host_view(rt, season_id)


@router.post("/{season_id}/players/split", response_model=None, responses=HOST_RESPONSES)
async def split(body: SeasonSplit, season_id: HostSeason, rt: RuntimeDep) -> Response:
    """Undo a merge: the merged name is an entry of its own again (409 `not_merged`)."""
    await season_names.split(rt, season_id, body.name)
    return await _host_view(rt, season_id)


@router.delete("/{season_id}")
async def delete(season_id: HostSeason, rt: RuntimeDep) -> dict[str, bool]:
    """The season's host deletes the season (the host page confirms and offers the export
    first); what is gone is gone, so the page says so."""
    await seasons.delete_season(rt, season_id)
    return {"deleted": True}


@router.get("/{season_id}/export")
async def export(season_id: HostSeason, book: BookDep) -> JSONResponse:
    return JSONResponse(season_files.export(book), headers={
        "Content-Disposition": content_disposition(
            f"{safe_stem(book.row.name, 'season')}-season.json")})


async def _host_view(rt: Runtime, season_id: str) -> Response:
    """Written as JSON in the standings' pool and sent as bytes: FastAPI's encoding of
    the 2,000 players and lines of a big season cost 100 ms of the event loop a reply."""
    book = await season_reads.cached_book(rt, season_id)
    if book is None:
        raise seasons.unknown_season(season_id)
    last = await rt.read(lambda session: season_repo.last_event(session, season_id))
    url = season_screen_url(rt.base_url, season_id, book.row.host_token_hash)
    body = await rt.season_reads.compute(
        lambda: host_view_json(book, url, qr_data_uri(url), last))
    return Response(body, media_type="application/json")
