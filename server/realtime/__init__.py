"""Realtime: the live state. The live pods in memory (`live`), the fan-out of their changes
(`hub`), the steady clock (`clock`), which join pages phones have opened (`arrivals`) and
the process's trace (`trace`). The phones' sockets are routes (`server.routes.sockets`).

Layer rule: memory here changes only in a service's swap, after the commit; the hub only
says "version N, these seats"; a socket builds its own seat's view when it sends, so a
slow phone never holds up the others.
"""
