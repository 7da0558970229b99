"""A season's card and commander statistics, from its stored nights (docs/statistics.md)."""
