"""Request and response bodies of `/api/seasons` (docs/protocol.md, "Seasons")."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from server.protocol.bodies import Body, Name


class AchievementBody(Body):
    name: str = Field(min_length=1, max_length=48)
    points: int = Field(ge=0, le=100)


class SeasonCreate(Body):
    name: str = Field(min_length=1, max_length=64)
    scoring: str = Field("win-draw-loss", min_length=1, max_length=32)
    """`win-draw-loss` (5/1/0) or `placement` (4/3/2/1); a wrong one is 422 `bad_scoring`."""
    points: dict[Annotated[str, Field(max_length=16)], Any] | None = Field(None, max_length=8)
    """Points overriding the scheme's defaults (`{"win": 3}`); checked by `Scheme.parse`."""
    achievements: list[AchievementBody] | None = Field(None, max_length=20)


class SeasonCreated(BaseModel):
    season_id: str
    host_token: str
    host_url: str
    standings_url: str
    recovery_code: str
    """The key the host keeps on paper: it opens the host page on any device."""
    recovery_url: str
    """The host page that takes the code (`…/host#recovery_code=…`), as in the QR code."""
    recovery_qr: str
    """`recovery_url` as a QR code (`data:image/svg+xml;base64,…`)."""


class SeasonRecover(Body):
    code: str = Field(min_length=1, max_length=64)
    """The recovery code as typed: case, spaces and dashes do not matter."""


class SeasonRecovered(BaseModel):
    season_id: str
    host_token: str


class LaptopSeason(BaseModel):
    """A season on the laptop's list: its host page opens there without a token."""

    season_id: str
    name: str
    created_at: str
    host_path: str
    standings_path: str


class SeasonRename(Body):
    name: Name
    """The player as the season shows them now."""
    to: Name


class SeasonMerge(Body):
    name: Name
    """The entry that goes away (a typo)…"""
    into: Name
    """…into the entry that stays, with its name."""


class SeasonSplit(Body):
    name: Name
    """A name merged into another entry, which becomes an entry of its own again."""
