"""The browser side: Jinja2 templates and static JS/CSS, served by `server.routes.pages`.

Layer rule: no Python logic lives here. Templates only lay out pages and translatable
strings; the JS modules talk to the protocol in `docs/protocol.md` and nothing else. No
build step and no CDN: a draft night often has no Internet, so every byte is served locally.
"""
