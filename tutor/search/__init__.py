"""The search both the advice and the computer players stand on.

A layer of its own between the solver and the advice: it imports only
:mod:`tutor.engine` and :mod:`tutor.solver`, and nothing above it imports it back.

- :mod:`tutor.search.tree`: the information-set Monte Carlo tree search (Trixter); the
  play-out policy is passed in (``rollout``), as OpenSpiel's IS-MCTS takes an evaluator;
- :mod:`tutor.search.policy`: the play-out policies, the beginner's strategy on card masks
  for both games, and the play-outs they drive;
- :mod:`tutor.search.reading`: how likely the cards the other seats have played are with
  the hands a layout gives them (the tree draws its layouts by them, as by the bids);
- :mod:`tutor.search.estimate`: how many tricks a Trixter hand can expect (the beginner's
  bid, the bid model of the tree, the bid advisor);
- :mod:`tutor.search.legal`: :func:`~tutor.search.legal.legal_actions`, the choices a seat
  really has (without Trixter's take-backs).
"""
