"""Several server processes over one PostgreSQL (docs/scaling.md).

Every process may serve every pod. `revisions` makes each write check, under the pod's
row lock, that the process's memory is at the stored revision; `follow` catches a pod up
from the database; `listen` hears the other processes' commits (LISTEN/NOTIFY); `lease`
picks the one process that fires pick timers; `node` ties them to a runtime.
"""
