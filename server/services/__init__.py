"""Services: each command runs lock → load → pure call → stage → commit → swap → publish.

Layer rule: services hold the pod's lock for the whole command, call the pure engine, and
hand the change to `server.services.commit` as a `stage` (its statements, through
`server.db` repositories) and a `swap` (the memory change and the publish). The writer
thread commits; only then does the swap run. A failure anywhere before the commit changes
nothing, so no service undoes memory by hand, and nothing commits on the event loop.
"""
