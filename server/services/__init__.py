"""Services: each command runs lock → load → pure call → save → commit → publish.

Layer rule: services hold the pod's lock for the whole command, call the pure engine,
write through `server.db.repo` in one transaction, commit once, and only then swap the new
state into memory and publish. A failure anywhere before the commit changes nothing.
"""
