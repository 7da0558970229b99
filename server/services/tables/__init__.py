"""The tables and their games: taps, results, achievements, rounds across a night's pods
and tonight's standings.

Rule: a tap is one numbered log entry under the game's lock; results are folded from
that log (`pods.game_end`), never stored apart from it.
"""
