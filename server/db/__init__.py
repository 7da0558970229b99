"""Database shell: tables, engine setup, migrations and the repository of queries.

Layer rule: only this package writes SQL. Repository functions never commit; the service
that owns the unit of work commits once, after the pure call succeeded.
"""
