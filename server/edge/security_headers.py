"""Browser security headers on every answer, and the page's content policy.

Why each one:
- `frame-ancestors 'none'` and `X-Frame-Options: DENY`: a page on another port framed the
  signed-in host page and a click on its "Pause" paused the pod (clickjacking).
- `X-Content-Type-Options: nosniff`: a browser never runs a card name as a script.
- `Referrer-Policy: no-referrer`: pod ids never leak to the card image host.
- `Content-Security-Policy`: scripts, styles and sockets only from the server itself; the
  one inline script (the page's strings) runs by its hash, which the page notes in the
  request's state (`SCRIPT_HASHES_KEY`) as it renders. Not a nonce: a per-request nonce
  made every page new bytes on every load, so no reload could be a 304; images from
  the server and, while phones get remote images (`CardMedia.images == "remote"`: the
  host's `--images remote`, or `auto` once the image host answered), the card image host.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

REMOTE_IMAGE_SOURCES = ("https://cards.scryfall.io", "https://api.scryfall.com")
"""Where `server.cards.media.remote_image_url` points a card's `image_url` (the API
redirects to the CDN, and a policy checks every redirect)."""
SCRIPT_HASHES_KEY = "csp_script_hashes"
"""Where a rendered page leaves the `'sha256-…'` sources of its inline scripts."""


def content_policy(remote_images: bool, script_hashes: tuple[str, ...] = ()) -> str:
    images = " ".join(("'self'", "data:", *(REMOTE_IMAGE_SOURCES if remote_images else ())))
    scripts = " ".join(("'self'", *script_hashes))
    return "; ".join((
        "default-src 'self'",
        f"script-src {scripts}",
        "style-src 'self'",
        f"img-src {images}",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ))


def _remote_images(scope: Scope) -> bool:
    """Whether phones are now told remote image URLs (the mode may change while running)."""
    app = scope.get("app")
    runtime = getattr(getattr(app, "state", None), "runtime", None)
    media = getattr(runtime, "media", None)
    return getattr(media, "images", None) == "remote"


class SecurityHeaders:
    """ASGI middleware: adds the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        state = scope.setdefault("state", {})

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                hashes = tuple(state.get(SCRIPT_HASHES_KEY) or ())
                policy = content_policy(_remote_images(scope), hashes).encode()
                message["headers"] = [
                    *message.get("headers", ()),
                    (b"content-security-policy", policy),
                    (b"x-frame-options", b"DENY"),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                ]
            await send(message)

        await self.app(scope, receive, send_with_headers)
