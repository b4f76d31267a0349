"""The rules: cards, actions, the game protocol, tricks, both games and their records.

The lowest layer: nothing here imports another part of the tutor (the solver, the bots, the
advice or the application), so every other layer can build on it.
"""
