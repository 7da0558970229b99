"""Translations of everything the interface says (issue #10): English, Russian, Italian.

Why in the shell: `draft/` and `pods/` speak in stable codes with parameters and English
defaults; only the server knows who is asking, so only the server picks a language. The
catalogs are standard gettext `.po` files under `server/locale/` (see `docs/i18n.md`).
"""
