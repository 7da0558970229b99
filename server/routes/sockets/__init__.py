"""The socket endpoints: the phone's and host's pod socket (`phone`), the store's screen
(`screen`).

Rule: socket endpoints are routes; only `server.routes` and `server.app` import them.
"""
