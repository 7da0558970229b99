"""Every HTML page the routers draw, with each path parameter filled in: tests that must
cover every page read this, so a new page is checked without being listed by hand."""

from __future__ import annotations

import re

from fastapi.responses import HTMLResponse

from server.routes import pages, recap


def html_pages() -> tuple[str, ...]:
    return tuple(re.sub(r"\{[^}]+\}", "abc", route.path)
                 for route in (*pages.router.routes, *recap.router.routes)
                 if getattr(route, "response_class", None) is HTMLResponse)
