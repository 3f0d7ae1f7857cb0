"""Team events: the matches rebuilt from the board results and the team lists.

:mod:`.rebuild` finds who met whom on which boards, :mod:`.scores` the teams' match and
game points, :mod:`.byes` the team byes a file does not encode. The team tie-breaks and
standings built on them are in :mod:`trfkit.tiebreaks.team`.
"""

from .rebuild import BoardResult, Match, TeamEvent, TeamRound, rebuild

__all__ = ["BoardResult", "Match", "TeamEvent", "TeamRound", "rebuild"]
