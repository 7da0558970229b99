"""Whether a token is some host's: a live pod's, a night's or a season's.

Why one question for all three: a few things on the laptop may be started by any host but
by no stranger (the card download, which spends the store's bandwidth and the laptop's
disk); who hosts what does not matter there, only that the token is a host's.
"""

from __future__ import annotations

from server.db import event_repo
from server.runtime import Runtime


async def is_some_host(rt: Runtime, token_hash: str) -> bool:
    if any(pod.is_host(token_hash) for pod in rt.registry.all()):
        return True
    return await rt.read(lambda session: event_repo.is_some_host(session, token_hash))
