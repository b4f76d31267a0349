"""The application layer: a game at a table (session), learners and their progress store
(progress, rating, attempts), the puzzle trainer and the options a table offers.

It builds on every layer below (engine, solver, bots, advice, review) and is what the widgets
drive; nothing below imports it.
"""
