"""Team events: matches rebuilt from board results, team scores, team standings."""

from .matches import BoardResult, Match, TeamEvent, TeamRound, rebuild

__all__ = ["BoardResult", "Match", "TeamEvent", "TeamRound", "rebuild"]
