"""Seasons: created, named, exported and imported; their standings read from stored games.

Rule: standings are recomputed from results on every read (`pods.season`), never stored
as points.
"""
