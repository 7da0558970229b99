"""`python -m server` is the same as the `prismatic` command."""

from server.cli import main

main()
