"""The JSON the server answers with, as types: every view (`server.views`) builds one of
these, so `mypy --strict` checks each view's shape against docs/protocol.md.
One module per view family (`pod`, `seat`, `host`, `game`, `decks`, `cards`, `summary`,
`events`, `screen`, `season`); a family imports only the families it is built from.

Why TypedDicts and not models: a view is built once per request or socket update and
sent as it is; a TypedDict is a plain dict at run time (nothing is validated or copied
on the hot path), and the JSON on the wire stays exactly what the dict holds.

Why here and not in `server.views`: the routes and the card data (`server.cards.card_json`,
below the views) name them too. No service does: services hand the views values
(`server.values`), an import-linter contract.
"""
