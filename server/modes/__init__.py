"""What differs between one server process and several over one PostgreSQL (`--cluster`).

Why a package of its own: the difference used to be tested where it mattered, 21
`rt.cluster is None` branches in 13 files. Now the runtime holds one `Mode`
(`server.modes.mode`), chosen once at startup (`server.app.build_runtime`): `OneProcess`
(`server.modes.one_process`), whose memory is the truth, or the cluster's member
(`server.cluster.node.Cluster`). The callers ask the mode what to do and never which mode
it is.
"""
