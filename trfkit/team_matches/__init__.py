"""Team events: matches rebuilt from board results, and team scores (team tie-breaks
and standings: :mod:`trfkit.tiebreaks.team`)."""

from .rebuild import BoardResult, Match, TeamEvent, TeamRound, rebuild

__all__ = ["BoardResult", "Match", "TeamEvent", "TeamRound", "rebuild"]
