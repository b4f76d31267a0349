"""The terminal game: scripted input, junk input, and the demo."""

from __future__ import annotations

import io

from tutor import cli


def test_demo_prints_a_scored_hand():
    out = io.StringIO()
    assert cli.demo(seed=1, out=out) == 0
    text = out.getvalue()
    assert text.count("points") == 4 and "wins" in text


def test_play_survives_junk_and_plays_a_hand():
    # Seat 0 is never the dealer of hand 1 with seed 3 (the dealer is seat 1).
    inp = io.StringIO("help\nXX\nbid 0\nbid 0\nTS\n")
    out = io.StringIO()
    assert cli.play(seed=3, inp=inp, out=out, hands=1) == 0
    text = out.getvalue()
    assert "Not possible: not an action: 'XX'" in text
    assert "Hand over. Points:" in text
    assert "You" in text
