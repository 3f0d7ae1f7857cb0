"""A play-off plan as text an arbiter can pin on the wall, or as JSON for scripts.

The JSON shape is a contract (README "Play-off"): ``tied``, ``clause``, ``stages``,
``excluded``, ``notes`` at the top; a stage has ``clause``, ``format``, ``groups``,
``pairings``, ``games``, ``time_control`` and ``if_tied``. Both renderers walk the
same :class:`~trfkit.playoff.plan.Plan`, so they cannot disagree.
"""

from __future__ import annotations

from typing import Any

from ..finite import dumps
from ..terminal import escape_controls
from .plan import (
    ArmageddonClock,
    Branch,
    Clock,
    Entrant,
    IfTied,
    NoteKind,
    Numbering,
    Plan,
    Stage,
    TimeControl,
)

# ---------------------------------------------------------------- JSON


def time_control_json(tc: TimeControl | None) -> dict[str, Any] | None:
    """``{"base_seconds", "increment_seconds"}`` or the Armageddon triple; None if not stated."""
    if isinstance(tc, Clock):
        return {"base_seconds": tc.base_seconds, "increment_seconds": tc.increment_seconds}
    if isinstance(tc, ArmageddonClock):
        return {
            "white_seconds": tc.white_seconds,
            "black_seconds": tc.black_seconds,
            "draw_winner": tc.draw_winner,
        }
    return None


def _sequence_json(stages: tuple[Stage, ...]) -> dict[str, Any]:
    return {
        "stage": stage_json(stages[0]) if stages else None,
        "then": [stage_json(s) for s in stages[1:]],
    }


def _branch_json(branch: Branch) -> dict[str, Any]:
    return {
        "level": branch.level,
        "clause": branch.clause,
        "text": branch.text,
        **_sequence_json(branch.stages),
    }


def if_tied_json(if_tied: IfTied | None) -> dict[str, Any] | None:
    """``{"text", "stage", "then", "branches"}``: the next stage and any further ones."""
    if if_tied is None:
        return None
    return {
        "text": if_tied.text,
        **_sequence_json(if_tied.stages),
        "branches": [_branch_json(b) for b in if_tied.branches],
    }


def stage_json(stage: Stage) -> dict[str, Any]:
    """One stage as a JSON object (``groups``/``pairings`` are null when not given)."""
    return {
        "clause": stage.clause,
        "format": stage.format.value,
        "title": stage.title,
        "groups": [list(g) for g in stage.groups] if stage.groups is not None else None,
        "group_names": list(stage.group_names),
        "group_sizes": list(stage.group_sizes),
        "pairings": [list(p) for p in stage.pairings] if stage.pairings is not None else None,
        "entrants": stage.entrants or None,
        "numbering": stage.numbering.value,
        "games": stage.games,
        "time_control": time_control_json(stage.time_control),
        "colours": stage.colours,
        "as_in": stage.as_in or None,
        "if_tied": if_tied_json(stage.if_tied),
        "notes": list(stage.notes),
    }


def plan_json(plan: Plan) -> dict[str, Any]:
    """The whole plan as the JSON object of the ``--to json`` contract."""
    out: dict[str, Any] = {
        "tied": plan.tied,
        "clause": plan.clause or None,
        "title": plan.title,
        "stages": [stage_json(s) for s in plan.stages],
        "excluded": list(plan.excluded),
        "notes": [n.text for n in plan.notes],
        "options": {
            "time_limited": plan.options.time_limited,
            "late": plan.options.late,
            "agreed_time_control": time_control_json(plan.options.agreed),
        },
    }
    if plan.entrants:
        out["players"] = [
            {"seed": e.seed, "start": e.start, "name": e.name, "points": e.points}
            for e in plan.entrants
        ]
    if plan.standings_round is not None:  # as the standings' JSON says it
        out["after_round"], out["rounds"] = plan.standings_round
    return out


def render_json(plan: Plan) -> str:
    return dumps(plan_json(plan))


# ---------------------------------------------------------------- text

NOTE_HEADINGS = (
    (NoteKind.SOURCE, "How the tied players were found"),
    (NoteKind.PROVISION, "Rules for every stage (Article 32.5)"),
    (NoteKind.OPTION, "Circumstances declared"),
    (NoteKind.TYPO, "Misprints in the text"),
    (NoteKind.SILENT, "Where the text is silent (trfkit's reading; fix in advance, 32.5.1)"),
)


class _Names:
    """How a number in a group or pairing is printed: with the player's name when known."""

    def __init__(self, entrants: tuple[Entrant, ...]) -> None:
        self.by_seed = {e.seed: e for e in entrants}

    def seed(self, n: int) -> str:
        e = self.by_seed.get(n)
        return f"{n}. {e.name} (start no. {e.start})" if e else f"seed {n}"

    def number(self, n: int, numbering: Numbering) -> str:
        if numbering is Numbering.LOT:
            return f"No. {n}"
        return self.seed(n)


def _fmt_points(value: float) -> str:
    return f"{value:g} point" + ("" if value == 1 else "s")


def _stage_lines(stage: Stage, names: _Names, indent: str, lead: str = "") -> list[str]:
    lines = [
        f"{indent}{lead}{stage.title} ({stage.clause}"
        + (f", as {stage.as_in}" if stage.as_in else "")
        + ")"
    ]
    pad = indent + " " * len(lead) + "  "
    if stage.entrants:
        lines.append(f"{pad}Players: {stage.entrants}")
    if stage.numbering is Numbering.LOT and (stage.groups or stage.pairings):
        among = " among the players above" if names.by_seed and not stage.entrants else ""
        lines.append(f"{pad}Pairing numbers: drawn by lot{among}")
    if stage.groups:
        group_names = stage.group_names or tuple(str(i) for i in range(1, len(stage.groups) + 1))
        for name, group in zip(group_names, stage.groups, strict=False):
            members = ", ".join(names.number(n, stage.numbering) for n in group)
            label = f"Group {name}" if len(stage.groups) > 1 else "Players"
            lines.append(f"{pad}{label}: {members}")
    elif stage.group_sizes:
        sizes = sorted(set(stage.group_sizes))
        each = str(sizes[0]) if len(sizes) == 1 else "/".join(map(str, stage.group_sizes))
        lines.append(
            f"{pad}Groups: {len(stage.group_sizes)} groups of {each} players; who plays "
            "in which group is not stated by the text (fix it in advance, 32.5.1)"
        )
    if stage.pairings:
        pairs = [
            f"{names.number(a, stage.numbering)} v {names.number(b, stage.numbering)}"
            for a, b in stage.pairings
        ]
        if len(pairs) == 1:
            lines.append(f"{pad}Pairing: {pairs[0]}")
        else:
            lines.append(f"{pad}Pairings:")
            lines.extend(f"{pad}  - {pair}" for pair in pairs)
    games = "1 game" if stage.games == 1 else f"{stage.games} games"
    lines.append(f"{pad}Games: {games} per pairing")
    clock = stage.time_control.label if stage.time_control else "not stated by the text"
    lines.append(f"{pad}Time control: {clock}")
    if stage.colours:
        lines.append(f"{pad}Colours: {stage.colours}")
    for note in stage.notes:
        lines.append(f"{pad}Note: {note}")
    if stage.if_tied is not None:
        lines.extend(_if_tied_lines(stage.if_tied, names, pad))
    return lines


def _if_tied_lines(if_tied: IfTied, names: _Names, indent: str) -> list[str]:
    lines = [f"{indent}{if_tied.text}"]
    for stage in if_tied.stages:
        lines.extend(_stage_lines(stage, names, indent, "-> "))
    for branch in if_tied.branches:
        lines.append(f"{indent}* {branch.clause}: {branch.text}")
        for stage in branch.stages:
            lines.extend(_stage_lines(stage, names, indent + "  ", "-> "))
    return lines


def render_text(plan: Plan) -> str:
    """The plan as an announcement: heading, players, stages in order, then the notes."""
    names = _Names(plan.entrants)
    out = [
        "PLAY-OFF FOR FIRST PLACE",
        f"Article 32.5 of the Russian chess rules (2013), item {plan.clause}"
        if plan.clause
        else "Article 32.5 of the Russian chess rules (2013)",
        plan.title,
        "",
    ]
    if plan.entrants:
        out.append(
            f"Players tied for first place ({plan.tied}), in tie-break order:"
            if plan.stages
            else "Leader:"
        )
        for e in plan.entrants:
            dropped = "  (drops out, 32.5.6.10)" if e.seed in plan.excluded else ""
            out.append(
                f"  {e.seed:>2}. {e.name} (start no. {e.start}), {_fmt_points(e.points)}{dropped}"
            )
        out.append("")
    elif plan.stages:
        out.append(
            f"Players tied for first place: {plan.tied}, numbered 1-{plan.tied} in tie-break order."
        )
        out.append("")
    if plan.excluded:
        seeds = f"{plan.excluded[0]}-{plan.excluded[-1]}"
        out.append(
            f"Seeds {seeds} drop out and share a part of the prize fund fixed in advance "
            "(32.5.6.10)."
        )
        out.append("")
    if plan.stages:
        out.append(
            "Start: at least 30 minutes after the last regular game of the play-off "
            "players has ended (32.5.3)."
        )
        out.append("")
    for number, stage in enumerate(plan.stages, 1):
        if number > 1:
            out.append("  (break of at least 10 minutes, 32.5.3)")
            out.append("")
        out.append(f"STAGE {number}")
        out.extend(_stage_lines(stage, names, "  "))
        out.append("")
    for kind, heading in NOTE_HEADINGS:
        notes = [n for n in plan.notes if n.kind is kind]
        if notes:
            out.append(heading + ":")
            out.extend(f"  - {n.text}" for n in notes)
            out.append("")
    return "\n".join(map(escape_controls, out)).rstrip("\n") + "\n"  # names: the file's text
