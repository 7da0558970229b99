"""Realtime: the live pods in memory (`live`), the fan-out of their changes (`hub`), the
phones' WebSockets (`sockets`), and which join pages phones have opened (`arrivals`).

Layer rule: memory here changes only in a service's swap, after the commit; the hub only
says "version N, these seats"; a socket builds its own seat's view when it sends, so a
slow phone never holds up the others.
"""
