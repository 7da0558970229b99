"""The join page's line about its pod, rendered into the page (issue #46).

Why on the server: the page used to fetch the pod's summary after its script loaded, one
more round trip (~150 ms on a crowded Wi-Fi) before the form was described. The line is
the one the script wrote: the pod's set and its people's seats taken (bots not counted),
and whether the lobby asks a join code, so the code field shows at once.
"""

from __future__ import annotations

from dataclasses import dataclass

from server.i18n.catalogs import translations
from server.realtime.live import LivePod
from server.views.pod import summary


@dataclass(frozen=True)
class JoinLine:
    text: str
    code_required: bool


def join_line(pod: LivePod, language: str) -> JoinLine:
    """What the join page says of `pod`, in `language`."""
    described = summary(pod)
    taken = sum(1 for player in described["players"] if not player["bot"])
    seats = translations(language).gettext("{n} of {seats} seats taken").format(
        n=taken, seats=described["seats"])
    return JoinLine(f"{described['set']} · {seats}", described["code_required"])
