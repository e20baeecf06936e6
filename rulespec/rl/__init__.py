"""What the learning-environment wrappers share, in plain Python (attrs only).

:mod:`rulespec.rl.lengths` bounds the length of a game for the environments'
declared maximum length; :mod:`rulespec.rl.episode` drives one game for
learning agents (chance steps, action ids, rewards, the step cap). The
wrappers themselves (:mod:`rulespec.pettingzoo`) need the ``rl`` extra;
these modules do not, and ``import rulespec`` imports none of them.
"""
