"""`GET /images/{set}/{number}.jpg`: card images the host cached, served on the local Wi-Fi."""

from __future__ import annotations

import re

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

from server.cards.images import image_path
from server.routes.deps import RuntimeDep

router = APIRouter(tags=["images"])
SAFE = re.compile(r"^[A-Za-z0-9_-]{1,16}$")
WEEK = 7 * 24 * 3600


@router.get("/images/{set_code}/{number}.jpg")
async def card_image(set_code: str, number: str, rt: RuntimeDep) -> FileResponse:
    """The cached file, or 404 (the phone then keeps its text card)."""
    if not (SAFE.match(set_code) and SAFE.match(number)):
        raise HTTPException(status_code=404)
    path = image_path(rt.settings.data_dir, set_code, number)
    if not path.is_file():
        raise HTTPException(status_code=404)
    return FileResponse(path, media_type="image/jpeg",
                        headers={"Cache-Control": f"public, max-age={WEEK}"})
