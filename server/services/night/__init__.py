"""One pod's night, from lobby to end: the host's commands and joining, picks and timers,
deck building, restoring after a restart and the snapshot after the night.

Rule: every command here holds the pod's lock and writes through `server.services.commit`.
"""
