"""Configuration files feeding the options: ``--config``, ``--isolated`` and ``ctx.default_map``.

How a key reaches an option: every key of :data:`trfkit.config.KEYS` but
``per-file-ignores`` is the long name of an option (``fail-on`` is ``--fail-on``, whose
parameter is ``fail_on``: :data:`KEY_OPTIONS`). When the group has resolved a command,
:func:`prepare` reads the command's arguments once (click's own parser, nothing
processed), finds the configuration (``--config PATH``; none with ``--isolated``; else
the closest one to the working directory, else to the first input) and sets the group
context's ``default_map`` to ``{command: {parameter: value}}``, which click hands to the
command's context. Click then takes a value from the command line first, then from an
environment variable (``TRFKIT_CACHE_DIR``), then from the file, then the option's
default; values from the file pass through the option's own type, so a wrong one is an
error located in the file. A documented key whose option a command lacks (``fail-on``
for ``info``, ``profile`` where no ``--profile`` exists) is left unused; a key that is not
documented is an error (:mod:`trfkit.config`).

``check`` goes further per input (:func:`per_input`): each input's closest configuration
decides its selection, encodings and ``per-file-ignores`` unless the command line set them.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Final

import click
from click.core import ParameterSource

from ..config import PER_FILE_KEYS, Config, ConfigError, Finder, input_directory, read_config
from ..selection import Selector
from .io import InputError
from .options import FALLBACK_KEY

if TYPE_CHECKING:
    from ..check_many import Job, Settings

#: configuration key -> the parameter name of its option (``per-file-ignores`` has none).
KEY_OPTIONS: Final = {
    "select": "select",
    "extend-select": "extend_select",
    "ignore": "ignore",
    "min-severity": "min_severity",
    "fail-on": "fail_on",
    "encoding": "encoding",
    "fallback-encoding": "fallback_encoding",
    "rules": "rules",
    "profile": "profile",
    "cache-dir": "cache_dir",
}
#: ``ctx.meta`` key of the :class:`Resolved` configuration of the running command.
META_KEY: Final = "trfkit.config"
_MARK: Final = "trfkit_configured"  # set on a command once the two options are added


@dataclass(frozen=True, slots=True)
class Resolved:
    """The configuration of one run: ``mode`` is ``isolated``, ``explicit`` (``--config``),
    ``found`` or ``none``; ``run`` feeds the options, ``finder`` finds each input's own."""

    mode: str
    run: Config | None = None
    finder: Finder | None = field(default=None, compare=False)
    #: the working directory's configuration, which an input without one of its own uses
    #: (a configuration found from the first input is that input's, not the others')
    fallback: Config | None = None

    def config_for(self, path: str) -> Config | None:
        """The configuration an input uses: its closest one, else the working directory's."""
        if self.mode in ("isolated", "explicit") or self.finder is None:
            return self.run
        try:
            own = self.finder.config_of(input_directory(path))
        except ConfigError as exc:
            raise InputError(str(exc)) from None
        return own if own is not None else self.fallback


def attach(command: click.Command) -> click.Command:
    """Give a command that has options a configuration sets ``--config`` and
    ``--isolated`` (once; called by the group for every command it loads)."""
    names = {p.name for p in command.params}
    if getattr(command, _MARK, False) or not names & set(KEY_OPTIONS.values()):
        return command
    command.params.append(
        click.Option(
            ["--config", "config_file"],
            metavar="FILE",
            expose_value=False,
            help="Read the settings from this trfkit.toml or pyproject.toml "
            "(default: the closest one, see README).",
        )
    )
    command.params.append(
        click.Option(
            ["--isolated"],
            is_flag=True,
            expose_value=False,
            help="Ignore every configuration file.",
        )
    )
    setattr(command, _MARK, True)
    return command


def _raw_options(
    ctx: click.Context, name: str, command: click.Command, args: list[str]
) -> dict[str, Any] | None:
    """The command's arguments as click's parser reads them (nothing converted), or None
    when they do not parse (the real parse then says why)."""
    sub = click.Context(command, info_name=name, parent=ctx, resilient_parsing=True)
    try:
        opts, _, _ = command.make_parser(sub).parse_args(args=list(args))
    except click.ClickException:
        return None
    return dict(opts)


def _inputs(command: click.Command, raw: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for param in command.params:
        if isinstance(param, click.Argument) and param.name in raw:
            value = raw[param.name]
            found += [str(v) for v in value] if isinstance(value, (list, tuple)) else [str(value)]
    return [v for v in found if v != "-"]


def resolve(command: click.Command, raw: dict[str, Any]) -> Resolved:
    """Which configuration the run uses (ConfigError when it is broken)."""
    if raw.get("isolated"):
        if raw.get("config_file"):
            raise InputError("--config and --isolated exclude each other")
        return Resolved("isolated")
    if raw.get("config_file"):
        return Resolved("explicit", read_config(str(raw["config_file"])))
    finder = Finder()
    try:
        here = finder.config_of(os.getcwd())
    except FileNotFoundError:  # the working directory was deleted under us
        here = None
    run = here
    inputs = _inputs(command, raw)
    if run is None and inputs:
        run = finder.config_of(input_directory(inputs[0]))
    return Resolved("found" if run else "none", run, finder, here)


def defaults(ctx: click.Context, command: click.Command, config: Config) -> dict[str, Any]:
    """The ``default_map`` of ``command`` from ``config``, each value checked by its option."""
    params = {p.name: p for p in command.params}
    mapping: dict[str, Any] = {}
    for key, value in config.values.items():
        param = params.get(KEY_OPTIONS.get(key, ""))
        if param is None:
            continue  # documented, but this command has no such option
        try:
            param.type_cast_value(ctx, list(value) if isinstance(value, tuple) else value)
        except click.BadParameter as exc:
            raise ConfigError(
                config.shown, config.lines.get(key, 1), f"{key}: {exc.message}"
            ) from None
        mapping[param.name or key] = value
    return mapping


def prepare(ctx: click.Context, name: str, command: click.Command, args: list[str]) -> None:
    """Find the configuration of ``command`` run with ``args`` and feed it to the options."""
    if not getattr(command, _MARK, False) or ctx.resilient_parsing:
        return
    raw = _raw_options(ctx, name, command, args)
    if raw is None or raw.get("help"):
        return
    try:
        resolved = resolve(command, raw)
        ctx.meta[META_KEY] = resolved
        if resolved.run is not None:
            ctx.default_map = {name: defaults(ctx, command, resolved.run)}
    except ConfigError as exc:
        raise InputError(str(exc)) from None


def resolved_config() -> Resolved:
    ctx = click.get_current_context()
    found: Resolved = ctx.meta.get(META_KEY, Resolved("none"))
    return found


# ------------------------------------------------------------------------ check, per input


def _given(ctx: click.Context, param: str) -> bool:
    return ctx.get_parameter_source(param) in (
        ParameterSource.COMMANDLINE,
        ParameterSource.ENVIRONMENT,
    )


def per_input(ctx: click.Context, base: Settings) -> Callable[[Job], Settings] | None:
    """``check``'s settings of each input (its own configuration's per-file keys and
    ``per-file-ignores``), or None when every input uses ``base``."""
    resolved = resolved_config()
    if resolved.mode == "isolated" or (resolved.mode == "explicit" and resolved.run is None):
        return None
    given = {key for key in PER_FILE_KEYS if _given(ctx, KEY_OPTIONS[key])}
    memo: dict[str | None, Settings] = {}

    def settings(config: Config | None) -> Settings:
        key = None if config is None else config.path
        if key not in memo:
            memo[key] = base if config is resolved.run else _own(ctx, base, config, given)
        return memo[key]

    def for_job(job: Job) -> Settings:
        path = job.display if job.path == "-" else job.path
        config = resolved.config_for(path)
        chosen = settings(config)
        ignored = config.file_ignores(path) if config is not None else ()
        return replace(chosen, file_ignores=ignored) if ignored else chosen

    return for_job


def _own(ctx: click.Context, base: Settings, config: Config | None, given: set[str]) -> Settings:
    """``base`` with the per-file keys of ``config`` where the command line left them."""
    values = config.values if config is not None else {}

    def pick(key: str) -> Any:
        return ctx.params.get(KEY_OPTIONS[key]) if key in given else values.get(key)

    chosen = Selector.from_options(pick("select") or None, pick("extend-select"), pick("ignore"))
    fallback = (
        ctx.meta.get(FALLBACK_KEY)
        if "fallback-encoding" in given
        else values.get("fallback-encoding")
    )
    return replace(
        base,
        select=chosen.select,
        ignore=chosen.ignore,
        encoding=pick("encoding"),
        fallback_encoding=codecs.lookup(fallback).name if fallback else None,
    )


# ------------------------------------------------------------------------ --show-settings


def _source(ctx: click.Context, param: str, config: Config | None) -> str:
    source = ctx.get_parameter_source(param)
    if source is ParameterSource.COMMANDLINE:
        return "command line"
    if source is ParameterSource.ENVIRONMENT:
        return "environment"
    if source is ParameterSource.DEFAULT_MAP and config is not None:
        return config.shown
    return "default"


def _shown(value: Any) -> str:
    import json  # --show-settings only

    if value is None:
        return "(not set)"
    if isinstance(value, (tuple, list)):
        return json.dumps(list(value))
    return json.dumps(value)


def show_settings(ctx: click.Context, first: str | None = None) -> str:
    """The resolved settings of the running command, each with where it came from; with
    ``first`` (an input) its per-file keys as its own closest configuration gives them."""
    resolved = resolved_config()
    config = resolved.run
    own = resolved.config_for(first) if first and first != "-" else config
    head = {
        "isolated": "none (--isolated)",
        "explicit": config.shown if config else "",
        "found": config.shown if config else "",
        "none": "none found (defaults)",
    }[resolved.mode]
    rows = [(f"# configuration: {head}", "")]
    if own is not config:
        rows.append((f"# {first}: per-file keys from {own.shown if own else 'none'}", ""))
    params = {p.name: p for p in ctx.command.params}
    for key, name in KEY_OPTIONS.items():
        if name not in params:
            if config is not None and key in config.values:
                unused = f"{config.shown}, not used by {ctx.info_name}"
                rows.append((f"{key} = {_shown(config.values[key])}", unused))
            continue
        value = ctx.meta.get(FALLBACK_KEY) if key == "fallback-encoding" else ctx.params.get(name)
        where = _source(ctx, name, config)
        if key in PER_FILE_KEYS and own is not config and not _given(ctx, name):
            value = own.values.get(key, () if "select" in key else None) if own else None
            where = own.shown if own and key in own.values else "default"
        rows.append((f"{key} = {_shown(value)}", where))
        if key == "ignore":
            pairs = own.values.get("per-file-ignores", ()) if own else ()
            table = ", ".join(f"{_shown(g)} = {_shown(c)}" for g, c in pairs)
            source = own.shown if pairs and own else "default"
            rows.append((f"per-file-ignores = {{{table}}}", source))
    width = max(len(text) for text, _ in rows)
    return "".join(
        f"{text:<{width}}  # {where}\n" if where else f"{text}\n" for text, where in rows
    )
