"""The night's recap of one pod: its JSON, its self-contained HTML file, its page and the
QR code the host screen shows for it.

Why a file with its CSS inlined and no script: it must open from a USB stick or a chat
message with no server and no network. It is a download (Content-Disposition attachment),
never a page served under the strict CSP, so inlining is allowed there and only there.
"""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from babel.dates import format_date
from fastapi import APIRouter, Header, Request, Response
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse
from markupsafe import Markup

from server.cards.card_json import dumps
from server.i18n.choice import request_language
from server.protocol.file_names import content_disposition, night_file_name
from server.routes.deps import RuntimeDep, token_hash_of
from server.routes.pages import public_base_url, render, template_env
from server.services.exports import recap as recaps
from server.views.qr import qr_svg
from server.views.recap import night_recap_json, recap_json

router = APIRouter(tags=["recap"])

PodId = Annotated[str, PathParam(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
CSS = Path(__file__).resolve().parents[2] / "frontend" / "static" / "css" / "recap.css"


@cache
def recap_css() -> Markup:
    """Our own stylesheet, marked safe to inline as written: escaping it would turn its
    quotes into `&#34;`, which a `<style>` does not decode (the browser drops the rule).
    Only this static file is marked so; every name in the recap is still escaped. A `</`
    in it could close the `<style>` early, so such a file is refused rather than inlined."""
    css = CSS.read_text(encoding="utf-8")
    if "</" in css:
        raise ValueError(f"{CSS} holds '</', which would end the inlined <style>")
    return Markup(css)


async def _recap(request: Request, pod_id: str, rt: Any,
                 authorization: str | None) -> dict[str, Any]:
    found = await recaps.recap(rt, pod_id, token_hash_of(authorization))
    return recap_json(found, public_base_url(request))


@router.get("/api/pods/{pod_id}/recap")
async def get_recap(request: Request, pod_id: PodId, rt: RuntimeDep,
                    authorization: Annotated[str | None, Header()] = None,
                    download: bool = False) -> Response:
    """The recap as JSON; `?download=true` as a file to keep."""
    data = await _recap(request, pod_id, rt, authorization)
    return recap_data(data, file_name(data, "json") if download else None)


@router.get("/api/pods/{pod_id}/recap.html")
async def get_recap_file(request: Request, pod_id: PodId, rt: RuntimeDep,
                         authorization: Annotated[str | None, Header()] = None) -> Response:
    """The recap as one self-contained HTML file, in the request's language."""
    data = await _recap(request, pod_id, rt, authorization)
    return recap_file(request, data, [data], 0)


def file_name(data: dict[str, Any], extension: str) -> str:
    """`Friday-League_2026-12-04_pod-2_recap.html`, from the recap's own label."""
    return night_file_name(data["season"], date.fromisoformat(data["held"]),
                           data["pod_number"], "recap", extension)


def recap_data(data: dict[str, Any], filename: str | None) -> Response:
    """The recap as JSON, as an attachment named `filename` when one is given."""
    headers = {"Cache-Control": "no-store"}
    if filename:
        headers["Content-Disposition"] = content_disposition(filename)
    return Response(dumps(data), media_type="application/json", headers=headers)


def recap_file(request: Request, label: dict[str, Any], pods: list[dict[str, Any]],
               hidden: int) -> Response:
    """The self-contained HTML file of these pods' recaps, in the request's language, titled
    and named by `label`'s season, date and pod (a pod's or a night's recap JSON)."""
    language = request_language(request)
    held = format_date(date.fromisoformat(label["held"]), "long", locale=language)
    html = template_env(language).get_template("recap_file.html").render(
        pods=pods, hidden_pods=hidden, css=recap_css(), lang=language,
        season=label["season"], held=held, pod_number=label["pod_number"])
    return Response(html, media_type="text/html; charset=utf-8",
                    headers={"Cache-Control": "no-store",
                             "Content-Disposition": content_disposition(
                                 file_name(label, "html"))})


async def _night(request: Request, event_id: str, rt: Any,
                 authorization: str | None) -> dict[str, Any]:
    found = await recaps.night_recap(rt, event_id, token_hash_of(authorization))
    return night_recap_json(found, public_base_url(request))


@router.get("/api/events/{event_id}/recap")
async def get_night_recap(request: Request, event_id: PodId, rt: RuntimeDep,
                          authorization: Annotated[str | None, Header()] = None,
                          download: bool = False) -> Response:
    """The night's recap: every pod whose rule shows every seat now (host or player)."""
    data = await _night(request, event_id, rt, authorization)
    return recap_data(data, file_name(data, "json") if download else None)


@router.get("/api/events/{event_id}/recap.html")
async def get_night_recap_file(request: Request, event_id: PodId, rt: RuntimeDep,
                               authorization: Annotated[str | None, Header()] = None
                               ) -> Response:
    """The night's recap as one self-contained HTML file."""
    data = await _night(request, event_id, rt, authorization)
    return recap_file(request, data, data["pods"], data["hidden_pods"])


@router.get("/pods/{pod_id}/recap", response_class=HTMLResponse, include_in_schema=False)
def recap_page(request: Request, pod_id: PodId) -> HTMLResponse:
    """The recap on a screen (and on paper): drawn from the JSON with this device's token."""
    return render(request, "recap.html", pod_id=pod_id)


@router.get("/pods/{pod_id}/recap-qr.svg", include_in_schema=False)
def recap_qr(request: Request, pod_id: PodId) -> Response:
    """The recap page's address as a QR code (the host screen shows it once it opens)."""
    return Response(qr_svg(f"{public_base_url(request)}/pods/{pod_id}/recap"),
                    media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})


