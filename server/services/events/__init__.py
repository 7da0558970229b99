"""Nights bigger than one pod (events) and the store's screen that shows them.

Rule: an event's tokens carry over into its pods; the screen's token reads a night and
never a seat.
"""
