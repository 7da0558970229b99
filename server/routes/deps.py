"""FastAPI dependencies: the runtime, the pod in the path, and who is asking.

Why here and only here: routes declare `HostPod` or `Seat` in their signature and get an
authenticated pod (and player) or a clear 401/403/404; no route repeats the checks.

Why `async def` although nothing here awaits: FastAPI runs a plain `def` dependency in its
thread pool. These only read memory and hash a token, so each thread hop (three per pick
request) cost more than the work, and under load the pool's 40 threads became a queue.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Header, Request

from server.core.errors import BadTokenError, ForbiddenError, RateLimitedError, WrongRoleError
from server.core.security import bearer_token, hash_token
from server.edge.laptop import client_address, is_laptop
from server.realtime.live import LivePlayer, LivePod
from server.runtime import Runtime
from server.services.host_tokens import is_some_host
from server.services.night import done_pods


async def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]


async def get_pod(pod_id: str, rt: RuntimeDep) -> LivePod:
    await rt.mode.touch(pod_id)  # several processes: made elsewhere, or not followed here
    return await done_pods.get_pod(rt, pod_id)  # a finished pod is loaded when asked for


PodDep = Annotated[LivePod, Depends(get_pod)]


def token_hash_of(authorization: str | None) -> str:
    """The hash of the request's bearer token; 401 `no_token` without one."""
    token = bearer_token(authorization)
    if token is None:
        raise BadTokenError("send your token as 'Authorization: Bearer <token>'", "no_token")
    return hash_token(token)


async def require_host(
    pod: PodDep, authorization: Annotated[str | None, Header()] = None
) -> LivePod:
    token_hash = token_hash_of(authorization)
    if pod.is_host(token_hash):
        return pod
    if pod.seat_token_owner(token_hash) is not None:
        raise WrongRoleError("only the host can do that")
    raise BadTokenError("this token does not belong to this pod")


async def require_seat(
    pod: PodDep, authorization: Annotated[str | None, Header()] = None
) -> tuple[LivePod, LivePlayer]:
    token_hash = token_hash_of(authorization)
    player = pod.seat_token_owner(token_hash)
    if player is not None:
        return pod, player
    if pod.is_host(token_hash):
        raise WrongRoleError("that is a seat action; use a seat token")
    raise BadTokenError("this token does not belong to this pod")


HostPod = Annotated[LivePod, Depends(require_host)]
Seat = Annotated[tuple[LivePod, LivePlayer], Depends(require_seat)]


async def require_seat_or_host(
    pod: PodDep, authorization: Annotated[str | None, Header()] = None
) -> tuple[LivePod, LivePlayer | None]:
    """A seat (the player) or the host (`None`): for what both may do, like the games."""
    token_hash = token_hash_of(authorization)
    if pod.is_host(token_hash):
        return pod, None
    player = pod.seat_token_owner(token_hash)
    if player is not None:
        return pod, player
    raise BadTokenError("this token does not belong to this pod")


SeatOrHost = Annotated[tuple[LivePod, LivePlayer | None], Depends(require_seat_or_host)]


async def get_client_address(request: Request) -> str:
    return client_address(request)


ClientAddress = Annotated[str, Depends(get_client_address)]
"""The asking client's address: whose share of the caps a new pod or night is."""


def _rate_limit(action: str, what: str) -> Any:
    async def limit(request: Request, rt: RuntimeDep) -> None:
        client = client_address(request)
        wait = rt.client_limits().take(action, client)
        if wait is not None:
            raise RateLimitedError(f"too many {what} from this device; try again in "
                                   f"{int(wait)} s", wait)

    return Depends(limit)


LimitCreate = _rate_limit("create", "new pods and nights")
"""Route dependency: one client's pods and events (`server.edge.rate_limits`)."""
LimitJoin = _rate_limit("join", "joins")
"""Route dependency: one client's seats and event places."""


async def require_laptop_or_host(request: Request, rt: RuntimeDep,
                                 authorization: Annotated[str | None, Header()] = None) -> None:
    """The laptop (`server.edge.laptop`), or a request with some host's token (a pod's,
    a night's or a season's); 403 `laptop_or_host_only` for anyone else, seats included."""
    if is_laptop(client_address(request), rt.settings):
        return
    token = bearer_token(authorization)
    if token is not None and await is_some_host(rt, hash_token(token)):
        return
    raise ForbiddenError("only the laptop or a host can do that; open it on the laptop",
                         "laptop_or_host_only")


LaptopOrHost = Depends(require_laptop_or_host)
"""Route dependency: the laptop or some host (the card download)."""


async def require_laptop(request: Request, rt: RuntimeDep) -> None:
    """Only the host's laptop (loopback, or an address in `rate_limit_exempt`); 403
    `laptop_only` for any other device on the Wi-Fi."""
    if not is_laptop(client_address(request), rt.settings):
        raise WrongRoleError("only the host's laptop can do that; open this page on the "
                             "laptop that runs the server", "laptop_only")


LaptopOnly = Depends(require_laptop)
"""Route dependency: the request comes from the laptop running the server."""
