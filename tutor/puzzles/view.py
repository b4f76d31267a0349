"""What the learner's seat may see of a puzzle being played: the table state in the
shape of ``game.observe(seat)``, the hands, the hands shown face up and the tricks."""

from __future__ import annotations

from typing import Any

from tutor.engine.facts import seat_facts
from tutor.engine.i18n import N_
from tutor.engine.i18n import gettext as _
from tutor.engine.seats import direction
from tutor.engine.trix.contracts import contracts_title
from tutor.puzzles.words import goal_words

__all__ = ["ViewMixin"]


_TRUMP_WORDS = {"S": N_("♠ spades"), "H": N_("♥ hearts"), "D": N_("♦ diamonds"),
                "C": N_("♣ clubs")}
"""The trump in the board's info line, by its suit's letter."""


class ViewMixin:
    """The view of :class:`~tutor.puzzles.session.PuzzleSession` for the board."""

    def observation(self) -> dict[str, Any]:
        """A table state in the shape of ``game.observe(seat)``, with only what the
        learner's seat may see: their hand, the cards played, counts of other hands
        (the hands of ``visible`` seats go separately, see :meth:`open_hands`)."""
        p, pos = self.puzzle, self.position
        n = p.players
        over = self.over
        trick_pairs, tricks = self._tricks()
        obs: dict[str, Any] = {
            "game": p.game, "seat": self.seat, "players": self.names(),
            "direction": direction(p.game),  # the game's way round (RULES.md "Seats")
            "phase": "hand_over" if over else ("trex" if self.is_trex else "play"),
            "to_move": self.to_move,
            "hand": [str(c) for c in pos.hands[self.seat]],
            "hand_counts": [len(h) for h in pos.hands],
            "legal": [str(c) for c in self.legal()],
            "scores": [0] * n,
            "puzzle": True,
        }
        info = [[_("Goal"), goal_words(p)]]
        if self.is_trex:
            hands, layout = self.hands(), pos.layout
            if self._final_out is not None and self.steps[-1].card is not None:
                layout = layout.play(self.steps[-1].card)  # the card that ended the deal
                obs["hand"] = [str(c) for c in hands[self.seat]]
                obs["hand_counts"] = [len(h) for h in hands]
            obs.update(trick=[], tricks=[], contract=["trex"], layout=layout.to_json(),
                       out=list(self._final_out or pos.out),
                       passes=[sum(1 for s in self.steps if s.seat == k and s.card is None)
                               for k in range(4)])
            facts = seat_facts(p.game, n, contract=["trex"], out=obs["out"],
                               cards_left=obs["hand_counts"])
        else:
            obs.update(trick=trick_pairs, tricks=tricks, leader=pos.leader,
                       tricks_won=list(pos.won))
            if p.game == "trixter":
                obs["trump"] = "none" if p.trump is None else p.trump.letter
                info.append([_("Trump"), _("no trump") if p.trump is None else
                             _(_TRUMP_WORDS[p.trump.letter])])
            else:
                obs["contract"] = [c.text for c in p.contract]
                obs["doubles"] = [[str(c), s] for c, s in p.doubles]
                obs["taken"] = [[str(c) for c in pos.taken[s]] for s in range(n)]
                info.append([_("Contract"), contracts_title(p.contract)])
            facts = seat_facts(p.game, n, tricks_won=pos.won, bids=p.bids or None,
                               contract=p.contract, taken=pos.taken)
        obs["info"] = info
        obs["facts"] = facts  # each seat's short facts (tutor.engine.facts), the same as in play
        return obs

    def hands(self) -> list:
        """The cards each seat holds now (after the card that ended a Trex deal too)."""
        hands = list(self.position.hands)
        if self._final_out is not None and self.steps[-1].card is not None:
            last = self.steps[-1]
            hands[last.seat] = hands[last.seat].remove(last.card)
        return hands

    def open_hands(self) -> dict[str, list[str]]:
        """The hands shown face up: the puzzle's ``visible`` seats (not the learner's);
        once the puzzle is over, every hand, so its explanation can be followed."""
        hands = self.hands()
        seen = range(self.puzzle.players) if self.over else self.puzzle.seen
        return {str(s): [str(c) for c in hands[s]] for s in seen if s != self.seat}

    def _tricks(self) -> tuple[list[list], list[list[list]]]:
        """The current trick and the tricks finished since the start, as [seat, card]
        pairs (the puzzle's own trick so far included)."""
        p = self.puzzle
        if self.is_trex:
            return [], []
        n = p.players
        current = [[(p.leader + i) % n, str(c)] for i, c in enumerate(p.trick)]
        done: list[list[list]] = []
        for s in self.steps:
            current.append([s.seat, str(s.card)])
            if len(current) == n:
                done.append(current)
                current = []
        return current, done
