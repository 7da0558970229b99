"""Values: what the services hand the views and the routes. Dataclasses of domain values
(a night as loaded, a recap, a replay, a season's book, a summary, a screen), never a
wire shape and never a sentence: the views shape them and say them in the reader's
language.

Layer rule: below the services and the views alike, so both may name these types; it
imports no service, view or route (`pyproject.toml`'s contracts). A value that needs no
web, database or live state belongs in `pods/` instead.
"""
