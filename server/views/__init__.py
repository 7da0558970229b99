"""Views: what each screen may see, as JSON (`pod`: seat and host views, `game`: the board).

Layer rule: views read live pods and never change them; a seat's view holds only what
that seat may see (its pack and pool, public facts about the table).
"""
