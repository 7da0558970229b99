"""HTTP and WebSocket routers. Each router sets its own prefix and tags; routes only
parse, authorise (via `server.deps`) and call a service."""
