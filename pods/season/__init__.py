"""A store's season: scoring schemes, standings and the seating of rounds, as pure functions."""
