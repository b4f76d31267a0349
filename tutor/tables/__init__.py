"""Tables of people: one authoritative table service that holds every table (the engine,
who sits where, the computer seats) and sends each seat only what it may see.

- :mod:`tutor.tables.table`: one table, pure: seats, actions checked by the engine, the
  message each role receives (a seat's view, a spectator's, the teacher's).
- :mod:`tutor.tables.store`: tables kept in SQLite (the embedded default) or Redis (several
  service processes sharing tables).
- :mod:`tutor.tables.service`: the service: connections, the protocol, and the stand-in
  for a player who is away; built on :mod:`tutor.tables.changes` (one path for every
  change of a table) and :mod:`tutor.tables.computers` (the computer seats driven).
- :mod:`tutor.tables.server` and :mod:`tutor.tables.client`: the service over a WebSocket
  (tornado, the app extra), and the client a page's kernel, the tests and the benchmark use.

It sits in the application layer: it imports the engine, the bots and the app's words, and
nothing below imports it. The standard library is all that :mod:`table`, :mod:`store` and
:mod:`service` (with its parts) need; tornado and redis are imported by the modules that
speak over a network only.
"""
