"""`prismatic deck check|export` and `prismatic split`: the deck rules from the command line."""

from __future__ import annotations

import click

COMMANDS: list[click.Command] = []
