"""A play-off plan as text an arbiter can pin on the wall, or as JSON for scripts.

The JSON shape is a contract (README "Play-off"): ``tied``, ``clause``, ``stages``,
``excluded``, ``notes`` at the top; a stage has ``clause``, ``format``, ``groups``,
``pairings``, ``games``, ``time_control`` and ``if_tied``. Both renderers walk the
same :class:`~trfkit.playoff.plan.Plan`, so they cannot disagree.
"""

from __future__ import annotations

from typing import Any

from ..finite import dumps
from ..i18n import DEFAULT, Translator, translator
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

#: The gettext context of the Article's own words (``pgettext("article", "32.5.6.5")``):
#: a translation quotes the clause in the language the Article was written in.
ARTICLE = "article"
#: Clauses quoted after the plan's own in a translated announcement (32.5.1-32.5.5 are the
#: provisions, quoted in the notes).
ALWAYS_QUOTED = ("32.5.7", "32.5.8")


class _Names:
    """How a number in a group or pairing is printed: with the player's name when known."""

    def __init__(self, entrants: tuple[Entrant, ...], tr: Translator) -> None:
        self.by_seed = {e.seed: e for e in entrants}
        self._ = tr.gettext

    def seed(self, n: int) -> str:
        e = self.by_seed.get(n)
        if e:
            return self._("{seed}. {name} (start no. {start})").format(
                seed=n, name=e.name, start=e.start
            )
        return self._("seed {n}").format(n=n)

    def number(self, n: int, numbering: Numbering) -> str:
        if numbering is Numbering.LOT:
            return self._("No. {n}").format(n=n)
        return self.seed(n)


def _stage_lines(
    stage: Stage, names: _Names, tr: Translator, indent: str, lead: str = ""
) -> list[str]:
    _, say = tr.gettext, tr.say
    where = _("{clause}, as {as_in}") if stage.as_in else "{clause}"
    lines = [f"{indent}{lead}{say(stage.title)} ({where.format(**_clauses(stage))})"]
    pad = indent + " " * len(lead) + "  "
    if stage.entrants:
        lines.append(pad + _("Players: {who}").format(who=say(stage.entrants)))
    if stage.numbering is Numbering.LOT and (stage.groups or stage.pairings):
        among = names.by_seed and not stage.entrants
        lines.append(
            pad
            + (
                _("Pairing numbers: drawn by lot among the players above")
                if among
                else _("Pairing numbers: drawn by lot")
            )
        )
    if stage.groups:
        group_names = stage.group_names or tuple(str(i) for i in range(1, len(stage.groups) + 1))
        for name, group in zip(group_names, stage.groups, strict=False):
            members = ", ".join(names.number(n, stage.numbering) for n in group)
            label = _("Group {name}").format(name=name) if len(stage.groups) > 1 else _("Players")
            lines.append(f"{pad}{label}: {members}")
    elif stage.group_sizes:
        sizes = sorted(set(stage.group_sizes))
        each = str(sizes[0]) if len(sizes) == 1 else "/".join(map(str, stage.group_sizes))
        lines.append(
            pad
            + _(
                "Groups: {count} groups of {each} players; who plays in which group is not "
                "stated by the text (fix it in advance, 32.5.1)"
            ).format(count=len(stage.group_sizes), each=each)
        )
    if stage.pairings:
        pairs = [
            _("{a} v {b}").format(
                a=names.number(a, stage.numbering), b=names.number(b, stage.numbering)
            )
            for a, b in stage.pairings
        ]
        if len(pairs) == 1:
            lines.append(pad + _("Pairing: {pair}").format(pair=pairs[0]))
        else:
            lines.append(pad + _("Pairings:"))
            lines.extend(f"{pad}  - {pair}" for pair in pairs)
    games = _("1 game") if stage.games == 1 else _("{n} games").format(n=stage.games)
    lines.append(pad + _("Games: {games} per pairing").format(games=games))
    clock = say(stage.time_control.label) if stage.time_control else _("not stated by the text")
    lines.append(pad + _("Time control: {clock}").format(clock=clock))
    if stage.colours:
        lines.append(pad + _("Colours: {colours}").format(colours=say(stage.colours)))
    for note in stage.notes:
        lines.append(pad + _("Note: {note}").format(note=say(note)))
    if stage.if_tied is not None:
        lines.extend(_if_tied_lines(stage.if_tied, names, tr, pad))
    return lines


def _clauses(stage: Stage) -> dict[str, str]:
    return {"clause": stage.clause, "as_in": stage.as_in}


def _if_tied_lines(if_tied: IfTied, names: _Names, tr: Translator, indent: str) -> list[str]:
    lines = [f"{indent}{tr.say(if_tied.text)}"]
    for stage in if_tied.stages:
        lines.extend(_stage_lines(stage, names, tr, indent, "-> "))
    for branch in if_tied.branches:
        lines.append(f"{indent}* {branch.clause}: {tr.say(branch.text)}")
        for stage in branch.stages:
            lines.extend(_stage_lines(stage, names, tr, indent + "  ", "-> "))
    return lines


def _cited(plan: Plan) -> list[str]:
    """Every clause the plan's stages rest on, in the Article's order (for the quotes)."""
    found: set[str] = {plan.clause} if plan.clause else set()

    def walk(stage: Stage) -> None:
        found.update(c for c in (stage.clause, stage.as_in) if c)
        if stage.if_tied is not None:
            for s in stage.if_tied.stages:
                walk(s)
            for b in stage.if_tied.branches:
                found.add(b.clause)
                for s in b.stages:
                    walk(s)

    for stage in plan.stages:
        walk(stage)
    found.update(ALWAYS_QUOTED if plan.stages else ())
    return sorted(found, key=lambda c: tuple(int(x) for x in c.split(".")))


def _quotes(plan: Plan, tr: Translator) -> list[str]:
    """The Article's clauses the plan rests on, quoted in the catalog's language (a
    translated announcement only: the English one paraphrases them in its notes)."""
    if tr.lang == DEFAULT or not plan.stages:
        return []
    out = [tr.gettext("The text of the Article (quoted):")]
    out.extend(f"  {c}. {tr.pgettext(ARTICLE, c)}" for c in _cited(plan))
    return [*out, ""]


def render_text(plan: Plan, tr: Translator | None = None) -> str:
    """The plan as an announcement: heading, players, stages in order, then the notes;
    in the language of ``tr`` (English by default)."""
    tr = tr or translator(DEFAULT)
    _, say = tr.gettext, tr.say
    names = _Names(plan.entrants, tr)
    out = [
        _("PLAY-OFF FOR FIRST PLACE"),
        _("Article 32.5 of the Russian chess rules (2013), item {clause}").format(
            clause=plan.clause
        )
        if plan.clause
        else _("Article 32.5 of the Russian chess rules (2013)"),
        say(plan.title),
        "",
    ]
    if plan.entrants:
        out.append(
            _("Players tied for first place ({count}), in tie-break order:").format(count=plan.tied)
            if plan.stages
            else _("Leader:")
        )
        for e in plan.entrants:
            dropped = _("  (drops out, 32.5.6.10)") if e.seed in plan.excluded else ""
            points = _("{points:g} point") if e.points == 1 else _("{points:g} points")
            out.append(
                f"  {e.seed:>2}. "
                + _("{name} (start no. {start}), {points}").format(
                    name=e.name, start=e.start, points=points.format(points=e.points)
                )
                + dropped
            )
        out.append("")
    elif plan.stages:
        out.append(
            _(
                "Players tied for first place: {count}, numbered 1-{count} in tie-break order."
            ).format(count=plan.tied)
        )
        out.append("")
    if plan.excluded:
        seeds = f"{plan.excluded[0]}-{plan.excluded[-1]}"
        out.append(
            _(
                "Seeds {seeds} drop out and share a part of the prize fund fixed in advance "
                "(32.5.6.10)."
            ).format(seeds=seeds)
        )
        out.append("")
    if plan.stages:
        out.append(
            _(
                "Start: at least 30 minutes after the last regular game of the play-off "
                "players has ended (32.5.3)."
            )
        )
        out.append("")
    for number, stage in enumerate(plan.stages, 1):
        if number > 1:
            out.append(_("  (break of at least 10 minutes, 32.5.3)"))
            out.append("")
        out.append(_("STAGE {number}").format(number=number))
        out.extend(_stage_lines(stage, names, tr, "  "))
        out.append("")
    out.extend(_quotes(plan, tr))
    reading = tr.lang != DEFAULT  # a translation marks each reading, as the heading does
    for kind, heading in NOTE_HEADINGS:
        notes = [n for n in plan.notes if n.kind is kind]
        if notes:
            out.append(_(heading) + ":")
            for n in notes:
                text = say(n.text)
                if reading and kind is NoteKind.SILENT:
                    text = _("trfkit's reading: {note}").format(note=text)
                out.append(f"  - {text}")
            out.append("")
    return "\n".join(map(escape_controls, out)).rstrip("\n") + "\n"  # names: the file's text
