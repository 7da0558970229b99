"""How many pods and nights may be open at once, and whose share each is.

Why shares and not one total: `POST /api/pods` and `POST /api/events` are open to anyone on
the store's Wi-Fi, and a total alone let a few strangers' junk lobbies refuse the host's own
night. So every cap has three parts (`docs/security.md`, "Caps, lifetimes and lobbies"):
- the total (`max_pods`, `max_open_events`), which only the host reaches;
- the host's reserve (`pods_reserved_for_host`, `events_reserved_for_host`): strangers
  stop that far short of the total, so the laptop and a season's host always find room;
- the laptop's own part of that reserve (`pods_reserved_for_laptop`,
  `events_reserved_for_laptop`, at most the host's): a season's host stops that far
  short of the total. Anyone may make a season, and a
  stranger who made some used their tokens to open nights until the laptop was refused;
  and since only a season made on the laptop (or imported) counts as a host's
  (`for_request`), strangers' seasons stop where strangers do, and cannot fill the
  season hosts' part either;
- a share per client address (`max_pods_per_client`, `max_open_events_per_client`), so one
  phone cannot take every stranger's place, and per season for its host's phone.
The laptop (`server.edge.laptop`) has no share of its own: only the total holds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.core.errors import ConflictError
from server.db import Session, event_repo, season_repo
from server.edge.laptop import is_laptop
from server.runtime import Runtime


@dataclass(frozen=True)
class Creator:
    """Who asks for a new pod or night: the client address, whether it is the laptop, and
    the season whose host's token the request carried (the caller checked it)."""

    address: str
    laptop: bool
    season_id: str | None = None

    @property
    def host(self) -> bool:
        """The laptop or a season's host: may use the reserve strangers cannot reach."""
        return self.laptop or self.season_id is not None


LAPTOP = Creator(address="", laptop=True)
"""In-process callers (the CLI, the bench, tests of services): the laptop itself."""


def for_address(rt: Runtime, address: str | None, season_id: str | None = None) -> Creator:
    """The creator a request from `address` is (`None`: an in-process caller, the laptop)."""
    if address is None:
        return LAPTOP if season_id is None else Creator("", True, season_id)
    return Creator(address, is_laptop(address, rt.settings), season_id)


async def for_request(rt: Runtime, address: str | None,
                      season_id: str | None = None) -> Creator:
    """The creator a request from `address` carrying the host token of `season_id` (the
    caller checked it) is: a season's host only if the season was made on the laptop
    (`SeasonRow.made_on_laptop`). Anyone may make a season, so the token of one made on a
    stranger's phone is a stranger's: strangers who made seasons filled the host's reserve
    and locked the store's season's host out (issue #42)."""
    if season_id is not None and address is not None and not is_laptop(address, rt.settings):
        known = season_id
        season = await rt.read(lambda session: season_repo.get_season(session, known))
        if season is None or not season.made_on_laptop:
            season_id = None
    return for_address(rt, address, season_id)


def room_for(creator: Creator, total: int, for_host: int, for_laptop: int) -> int:
    """How much of `total` `creator` may fill: all of it for the laptop, all but the
    laptop's part of the host's reserve for a season's host, all but the host's reserve
    for anyone else."""
    if creator.laptop:
        return total
    if creator.host:
        return max(0, total - min(for_laptop, for_host))
    return max(0, total - for_host)


def check_pod_room(rt: Runtime, creator: Creator, more: int = 1) -> None:
    """Refuse `more` new pods (a night's pods too) when they would pass `creator`'s caps."""
    settings = rt.settings
    live = [pod for pod in rt.registry.all() if pod.night.phase != "done"]
    total = room_for(creator, settings.max_pods, settings.pods_reserved_for_host,
                     settings.pods_reserved_for_laptop)
    if len(live) + more > total:
        raise ConflictError(f"this server already runs {len(live)} pods; end one first",
                            "too_many_pods")
    if creator.laptop:
        return
    mine = sum(1 for pod in live if pod.setup.created_by == creator.address)
    if mine + more > settings.max_pods_per_client:
        raise ConflictError(f"this device already runs {mine} pods; end one first",
                            "device_pods_full")


@dataclass(frozen=True)
class OpenNights:
    total: int
    from_address: int
    of_season: int


def count_open_nights(session: Session, creator: Creator) -> OpenNights:
    return OpenNights(event_repo.count_open_events(session),
                      event_repo.count_open_events(session, created_by=creator.address),
                      event_repo.count_open_events(session, season_id=creator.season_id)
                      if creator.season_id is not None else 0)


async def check_night_room(rt: Runtime, creator: Creator) -> None:
    """Refuse a new night when it would pass `creator`'s caps (read off the event loop;
    the caller holds `rt.event_lock`, so two requests cannot pass the cap together)."""
    settings = rt.settings
    counts = await rt.read(lambda session: count_open_nights(session, creator))
    total = room_for(creator, settings.max_open_events, settings.events_reserved_for_host,
                     settings.events_reserved_for_laptop)
    if counts.total >= total:
        raise ConflictError(f"this server already has {counts.total} nights open for "
                            "joining; form or end one first", "too_many_events")
    share = settings.max_open_events_per_client
    if creator.laptop:
        return
    if creator.season_id is not None:
        if counts.of_season >= share:
            raise ConflictError(f"this season already has {counts.of_season} nights open "
                                "for joining; form or end one first", "season_events_full")
    elif counts.from_address >= share:
        raise ConflictError(f"this device already has {counts.from_address} nights open "
                            "for joining; form or end one first", "device_events_full")
