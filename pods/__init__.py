"""Night-level rules: color identity, deck legality, commanders, formats, game split.

Layer rule: standard library plus `draft`'s value types. No web, database or template
library; every function is pure, and randomness comes in as a seeded `random.Random`.
"""
