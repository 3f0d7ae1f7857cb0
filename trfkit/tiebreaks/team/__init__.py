"""Team tie-breaks and team standings (C.07 team rules): :mod:`.context` holds the
team run's per-team arrays (built on :mod:`trfkit.team_matches`, the matches rebuilt from
the board results), :mod:`.definitions` the team tie-breaks, :mod:`.direct` the team
direct encounter, :mod:`.standings` the team standings and :mod:`.explain` one
team's tie-break round by round.

Nothing is imported here: an individual run never loads the team modules.
"""
