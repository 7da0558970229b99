"""HTML pages, static files and the join QR code.

Why so thin: the pages are shells. Everything live (seats, packs, decks) arrives over the
API and the WebSocket described in `docs/protocol.md`, so a page route only needs the pod
id, and never touches the database. That keeps a reload cheap and keeps secrets (tokens)
out of server-rendered HTML: tokens travel in the URL fragment, which browsers never send.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from jinja2 import Environment, FileSystemLoader, select_autoescape

from server.edge.encodings import choose
from server.edge.lan import is_local_only
from server.edge.security_headers import SCRIPT_HASHES_KEY
from server.i18n.catalogs import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    plural_categories,
    plural_forms,
    translations,
)
from server.i18n.choice import remember_choice, request_language
from server.routes.page_assets import PageAssets
from server.routes.static_assets import (
    IMMUTABLE,
    REVALIDATE,
    STATIC_URL,
    StaticAssets,
    static_assets,
)
from server.views.join_line import join_line
from server.views.qr import qr_svg

router = APIRouter(tags=["pages"])

# Pod ids are server-generated URL-safe strings; anything else is a 404 before any work.
_POD_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def _frontend_dir(name: str) -> str:
    return str(resources.files("frontend").joinpath(name))


@cache
def template_env(language: str = DEFAULT_LANGUAGE) -> Environment:
    """One Jinja2 environment per language: autoescaped (player names are hostile), with
    that language's catalog installed (`docs/i18n.md`).

    Why one per language rather than swapping translations per request: an environment's
    gettext is global to it, and two phones in two languages render at the same time.
    `newstyle` gettext makes `_()` autoescape its result and format `%(name)s` safely.
    """
    env = Environment(
        loader=FileSystemLoader(_frontend_dir("templates")),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(translations(language), newstyle=True)  # type: ignore[attr-defined]
    env.globals.update(
        static=lambda path: assets().url(path),
        lang=language,
        languages=LANGUAGE_NAMES,
        # Every form of a plural message, for the browser's `tn()` (see i18n.js).
        plural_forms=lambda singular, plural: plural_forms(language, singular, plural),
        plural_categories=list(plural_categories(language)),
    )
    return env


def render(request: Request, name: str, **context: Any) -> HTMLResponse:
    """Render a page in the request's language. `no-cache`: a phone revalidates the shell
    on every load (never a stale one after a deploy or a language switch), and the answer
    is a 304 while the page's bytes are the same (`server.edge.conditional`): the page has
    no per-request nonce, its inline script is allowed by its hash."""
    language = request_language(request)
    page = PageAssets(assets())
    html = template_env(language).get_template(name).render(
        request=request, page=page, **context)
    request.scope.setdefault("state", {})[SCRIPT_HASHES_KEY] = page.script_hashes
    headers = {"Cache-Control": REVALIDATE, "Content-Language": language}
    response = HTMLResponse(html, headers=headers)
    remember_choice(request, response)
    return response


@cache
def _static_root() -> Path:
    return Path(_frontend_dir("static")).resolve()


def assets() -> StaticAssets:
    return static_assets(_static_root())


@router.get(STATIC_URL + "/{path:path}", include_in_schema=False)
def static_file(request: Request, path: str) -> Response:
    """The JS/CSS files. A route, not a `Mount`, so `include_router(router)` alone serves
    them (FastAPI does not carry mounts across routers). A hashed name is immutable for a
    year; the plain name (tools, old bookmarks) is revalidated on every load. Both answer a
    matching `If-None-Match` with 304, and send the encoding made once at start."""
    found = assets().find(path)
    if found is None:
        raise HTTPException(status_code=404, detail="not found")
    asset, hashed = found
    headers = {"Cache-Control": IMMUTABLE if hashed else REVALIDATE, "ETag": asset.etag,
               "Vary": "Accept-Encoding"}
    if asset.etag in {tag.strip() for tag in request.headers.get("if-none-match", "").split(",")}:
        return Response(status_code=304, headers=headers)
    coding = choose(request.headers.get("accept-encoding", ""), asset.encoded)
    if coding is not None:
        headers["Content-Encoding"] = coding
        return Response(asset.encoded[coding], media_type=asset.media_type, headers=headers)
    return Response(asset.body, media_type=asset.media_type, headers=headers)


def _pod_id(pod_id: str) -> str:
    if not _POD_ID.match(pod_id):
        raise HTTPException(status_code=404, detail="unknown pod")
    return pod_id


def public_base_url(request: Request) -> str:
    """The address phones should use: the app's configured base, else this request's.

    The host often opens the page as `localhost`, which is useless in a QR code, so we
    prefer the server's LAN base (`app.state.runtime.base_url`) when it has one.
    """
    runtime = getattr(request.app.state, "runtime", None)
    configured = getattr(runtime, "base_url", None)
    return str(configured or request.base_url).rstrip("/")


def join_url_for(request: Request, pod_id: str) -> str:
    return f"{public_base_url(request)}/pods/{pod_id}/join"


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
def index_page(request: Request) -> HTMLResponse:
    """Create a pod: set, seats, timer, bots; and the stored pods that could not be
    restored at start-up, so the host knows why a pod is missing."""
    runtime = getattr(request.app.state, "runtime", None)
    return render(request, "index.html", unrestored=getattr(runtime, "unrestored", []))


@router.get("/laptop", response_class=HTMLResponse, include_in_schema=False)
def laptop_page(request: Request) -> HTMLResponse:
    """Every night and lobby, with End and Delete: the page is only a shell; its list and
    actions (`/api/laptop`) answer the laptop alone, anyone else reads why."""
    return render(request, "laptop.html")


@router.get("/pods/{pod_id}/host", response_class=HTMLResponse, include_in_schema=False)
def host_page(request: Request, pod_id: str) -> HTMLResponse:
    """The host screen (laptop or TV): QR code, live seat list, controls."""
    pod_id = _pod_id(pod_id)
    return render(request, "host.html", pod_id=pod_id, join_url=join_url_for(request, pod_id),
                  local_only=listening_locally(request), **join_help(request))


def join_help(request: Request) -> dict[str, Any]:
    """What the host screen's checklist needs: when to offer it, and the laptop's own
    address for the self-test."""
    runtime = getattr(request.app.state, "runtime", None)
    seconds = getattr(getattr(runtime, "settings", None), "join_help_seconds", 60.0)
    return {"join_help_ms": round(seconds * 1000), "own_url": public_base_url(request) + "/"}


def note_arrival(request: Request, kind: str, page_id: str) -> None:
    runtime = getattr(request.app.state, "runtime", None)
    if runtime is not None:
        runtime.arrivals.note(kind, page_id, request.client.host if request.client else None)


def listening_locally(request: Request) -> str | None:
    """The address the server listens on when phones cannot reach it, else `None`: the
    host screen says so next to the join link (not only the terminal)."""
    runtime = getattr(request.app.state, "runtime", None)
    host = getattr(getattr(runtime, "settings", None), "host", None)
    return host if isinstance(host, str) and is_local_only(host) else None


@router.get("/pods/{pod_id}/join", response_class=HTMLResponse, include_in_schema=False)
async def join_page(request: Request, pod_id: str) -> HTMLResponse:
    """Enter a name, get a seat (or go straight back to the seat this phone holds).

    The pod's line (set, seats taken, whether a code is asked) is in the HTML when this
    process holds the pod (issue #46): a request after the page cost ~150 ms on a crowded
    Wi-Fi before the form was described. A pod held elsewhere (another process, a finished
    one not loaded) is described by the page's script through the API, as before: the page
    route itself never reads the database. On the event loop, as the live pod is read."""
    note_arrival(request, "pod", _pod_id(pod_id))
    runtime = getattr(request.app.state, "runtime", None)
    pod = runtime.registry.find(pod_id) if runtime is not None else None
    line = join_line(pod, request_language(request)) if pod is not None else None
    return render(request, "join.html", pod_id=pod_id, pod_line=line)


@router.get("/pods/{pod_id}/seat", response_class=HTMLResponse, include_in_schema=False)
def seat_page(request: Request, pod_id: str) -> HTMLResponse:
    """The phone: lobby, pick screen, deck builder and table, driven by the seat view."""
    return render(request, "seat.html", pod_id=_pod_id(pod_id))


def event_join_url_for(request: Request, event_id: str) -> str:
    return f"{public_base_url(request)}/events/{event_id}/join"


@router.get("/events/{event_id}/host", response_class=HTMLResponse, include_in_schema=False)
def event_host_page(request: Request, event_id: str) -> HTMLResponse:
    """The night's host screen: QR code, who joined, forming pods, each pod's progress; and,
    as on a pod's, a warning when the server listens where phones cannot reach it."""
    event_id = _pod_id(event_id)
    return render(request, "event_host.html", event_id=event_id,
                  join_url=event_join_url_for(request, event_id),
                  local_only=listening_locally(request), **join_help(request))


@router.get("/events/{event_id}/join", response_class=HTMLResponse, include_in_schema=False)
def event_join_page(request: Request, event_id: str) -> HTMLResponse:
    """Enter a name, then wait here until the host forms the pods."""
    note_arrival(request, "event", _pod_id(event_id))
    return render(request, "event_join.html", event_id=event_id)


@router.get("/events/{event_id}/qr.svg", include_in_schema=False)
def event_qr(request: Request, event_id: str) -> Response:
    return Response(qr_svg(event_join_url_for(request, _pod_id(event_id))),
                    media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})


@router.get("/pods/{pod_id}/qr.svg", include_in_schema=False)
def join_qr(request: Request, pod_id: str) -> Response:
    """The join URL as a QR code, made here so it works without Internet."""
    return Response(
        qr_svg(join_url_for(request, _pod_id(pod_id))),
        media_type="image/svg+xml",
        headers={"Cache-Control": "no-cache"},
    )




@router.get("/screen", response_class=HTMLResponse, include_in_schema=False)
def screen_page(request: Request) -> HTMLResponse:
    """The store's screen on a TV: the night's view arrives over its socket; the token is
    in the link's fragment, which the browser never sends here (docs/protocol.md)."""
    return render(request, "screen.html")


@router.get("/pods/{pod_id}/replay", response_class=HTMLResponse, include_in_schema=False)
def replay_page(request: Request, pod_id: str) -> HTMLResponse:
    """A drafted seat pick by pick, for whoever the host's rule lets see it (the phone's
    seat token or the host's, from this device's storage)."""
    return render(request, "replay.html", pod_id=_pod_id(pod_id))


@router.get("/seasons/new", response_class=HTMLResponse, include_in_schema=False)
def season_new_page(request: Request) -> HTMLResponse:
    """Start a season, or import one exported by another server."""
    return render(request, "season_new.html")


@router.get("/seasons/{season_id}", response_class=HTMLResponse, include_in_schema=False)
def season_page(request: Request, season_id: str) -> HTMLResponse:
    """A season's standings for anyone: a phone at the store, the store's TV."""
    return render(request, "season.html", season_id=_pod_id(season_id))


@router.get("/seasons/{season_id}/player", response_class=HTMLResponse, include_in_schema=False)
def season_player_page(request: Request, season_id: str) -> HTMLResponse:
    """One player's season (`?name=…`), reached from the standings, for anyone."""
    return render(request, "season_player.html", season_id=_pod_id(season_id))


@router.get("/seasons/{season_id}/cards", response_class=HTMLResponse, include_in_schema=False)
def season_cards_page(request: Request, season_id: str) -> HTMLResponse:
    """Cards of the season (docs/statistics.md), for anyone, as the standings are."""
    return render(request, "season_cards.html", season_id=_pod_id(season_id))


@router.get("/seasons/{season_id}/commanders", response_class=HTMLResponse,
            include_in_schema=False)
def season_commanders_page(request: Request, season_id: str) -> HTMLResponse:
    """Commanders and color identities of the season, for anyone."""
    return render(request, "season_commanders.html", season_id=_pod_id(season_id))


@router.get("/seasons/{season_id}/screen", response_class=HTMLResponse, include_in_schema=False)
def season_screen_page(request: Request, season_id: str) -> HTMLResponse:
    """The store's TV for a whole season: tonight's night, whichever it is, and the
    season's standings between nights (the token is in the fragment, as a night's)."""
    return render(request, "screen.html", season_id=_pod_id(season_id))


@router.get("/seasons/{season_id}/host", response_class=HTMLResponse, include_in_schema=False)
def season_host_page(request: Request, season_id: str) -> HTMLResponse:
    """The season's host page: nights, names to fix, the CSV and the season file."""
    return render(request, "season_host.html", season_id=_pod_id(season_id))
