"""What a night leaves to read: downloads, the recap, the replays and the host's summary.

Rule: nothing here changes a night; what a viewer may read is decided by the pod's
reveal rule and the viewer's token, never by what the phone asks for.
"""
