"""The draft engine: a pure core that knows cards, boosters, seats and picks.

Layer rule: standard library only. Nothing here imports a web, database or template
library, holds a timer or global mutable state, or reads the clock. Randomness comes
in as a seeded `random.Random`; every function takes state and returns new state.
"""
