"""HTTP and WebSocket routers. Each router sets its own prefix and tags; routes only
parse, authorise (via `server.routes.deps`) and call a service."""
