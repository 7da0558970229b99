"""Everything before a route: connection, body and rate limits, host checks,
security headers, hang-ups, refusals, log redaction, the LAN address.
Imports no services, routes or realtime (an import contract)."""
