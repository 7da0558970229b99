"""A load generator of phones for `prismatic bench`: real sockets against a real server."""
