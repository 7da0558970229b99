"""The shell around the pure cores: web app, database, sockets, timers and the CLI.

Layer rule: this is the only package that imports FastAPI, SQLModel, Jinja2 or asyncio.
It owns the clock and the randomness seeds, and every state change goes
lock → load → pure call (`draft`, `pods`) → save → commit → publish.
"""
