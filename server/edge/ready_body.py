"""A cached answer's body made ready once: encoded in every coding we offer and tagged, so
that sending it again costs a dict lookup, not a compression and a hash on the event loop.

Why: the public standings of a big season are ~200 KB of JSON. Cached as plain bytes, each
read still went through `server.edge.compression` (brotli or gzip, per request) and
`server.edge.conditional` (a SHA-256 of the body, per request), on the loop: with twenty
readers at once those took most of the loop's time, and a phone's seat view waited
behind them. A `ReadyBody` is made where the reply is computed (in the standings' own
pool, once per season version); its answer carries its own `ETag` and `Content-Encoding`,
so both middlewares pass it through untouched, and a matching `If-None-Match` is a 304
with no body. The tag is the body's hash as `conditional` makes it, so it names the
version's bytes whatever the coding.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from starlette.datastructures import Headers
from starlette.responses import Response

from server.edge.conditional import body_tag, matches
from server.edge.encodings import MIN_BYTES, OFFERED, choose, encode


@dataclass(frozen=True)
class ReadyBody:
    """A body, its encodings (none below `MIN_BYTES`) and its tag."""

    plain: bytes
    tag: str
    encoded: Mapping[str, bytes] = field(default_factory=dict)

    @classmethod
    def of(cls, body: bytes) -> ReadyBody:
        """Encode and tag `body` (CPU-bound: call it off the event loop)."""
        encoded = ({coding: encode(body, coding, once=False) for coding in OFFERED}
                   if len(body) >= MIN_BYTES else {})
        return cls(body, body_tag(body), encoded)

    def response(self, request_headers: Headers, media_type: str,
                 headers: Mapping[str, str] | None = None) -> Response:
        """This body as an answer to a request with `request_headers`: 304 if the client
        holds it already, else in the best coding the client accepts."""
        sent = {**(headers or {}), "etag": self.tag, "vary": "Accept-Encoding"}
        if_none_match = request_headers.get("if-none-match")
        if if_none_match is not None and matches(if_none_match, self.tag):
            return Response(status_code=304, headers=sent)
        coding = choose(request_headers.get("accept-encoding", ""), self.encoded)
        if coding is None:
            return Response(self.plain, media_type=media_type, headers=sent)
        return Response(self.encoded[coding], media_type=media_type,
                        headers={**sent, "content-encoding": coding})
