"""Which language a request gets: `?lang=`, then the `prismatic_lang` cookie, then the
browser's `Accept-Language`, then English.

Why a cookie per browser: each phone and the host's laptop choose for themselves, and the
choice must survive reloads and reach the API and the socket without any JavaScript.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection
from starlette.responses import Response

from server.i18n.catalogs import DEFAULT_LANGUAGE
from server.i18n.catalogs import supported as supported  # the requests' reader, kept here

COOKIE = "prismatic_lang"
QUERY = "lang"
ONE_YEAR = 365 * 24 * 3600


def from_accept_language(header: str | None) -> str | None:
    """The best supported language of an `Accept-Language` header, by quality."""
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((header or "").split(",")):
        tag, _, params = part.partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        language = supported(tag)
        if language and quality > 0:
            ranked.append((-quality, position, language))
    return min(ranked)[2] if ranked else None


def chosen_language(connection: HTTPConnection) -> str | None:
    """An explicit choice: `?lang=` on this request, else the remembered cookie."""
    return supported(connection.query_params.get(QUERY)) or supported(
        connection.cookies.get(COOKIE)
    )


def request_language(connection: HTTPConnection) -> str:
    """The language to answer in (works for HTTP requests and WebSockets alike)."""
    return (
        chosen_language(connection)
        or from_accept_language(connection.headers.get("accept-language"))
        or DEFAULT_LANGUAGE
    )


def remember_choice(connection: HTTPConnection, response: Response) -> None:
    """Set the cookie when the request carried `?lang=`: the switcher's links do."""
    language = supported(connection.query_params.get(QUERY))
    if language:
        response.set_cookie(COOKIE, language, max_age=ONE_YEAR, samesite="lax", httponly=True)


async def _language_dependency(connection: HTTPConnection) -> str:
    """`request_language` as a dependency that runs on the event loop (no thread hop)."""
    return request_language(connection)


LanguageDep = Annotated[str, Depends(_language_dependency)]
