"""The ``trfkit`` command line: a click group whose commands load lazily.

Each command lives in its own module under :mod:`trfkit.cli`; importing it only
when it is invoked keeps ``trfkit --version`` and one-file checks fast.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any, NoReturn

import click

from .. import __version__

#: command name -> "module:attribute" inside trfkit.cli
COMMANDS: dict[str, str] = {
    "convert": "convert:convert",
    "info": "info:info",
    "check": "check:check",
    "rules": "rules:rules",
    "rule": "rules:rule",
    "tiebreaks": "tiebreaks:tiebreaks",
    "codes": "codes:codes",
    "explain": "tiebreaks:explain",
    "playoff": "playoff:playoff",
    "schema": "schema:schema",
    "fix": "fix:fix",
    "report": "report:report",
}


#: Exit status after Ctrl-C, as a shell reports a program ended by SIGINT (128 + 2).
INTERRUPTED = 130
#: Exit status when stdout was closed early (``trfkit check ... | head -1``): what a
#: program ended by SIGPIPE gives (128 + 13), as grep does; nothing is printed.
CLOSED_STDOUT = 141


def closed_stdout() -> NoReturn:
    """End quietly after the reader of stdout went away.

    Python would otherwise report the failed flush of its buffered stdout at exit, so
    stdout is pointed at the null device first (the recipe of the ``signal`` docs).
    """
    real = sys.__stdout__
    if real is not None and sys.stdout is real:  # not a test runner's capture (its own fd)
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, real.fileno())
        except (OSError, ValueError):
            pass
    sys.exit(CLOSED_STDOUT)


class LazyGroup(click.Group):
    """A group that imports a command's module only when the command is used.

    It also ends every command the same way on a closed stdout (exit 141, silent) and
    on Ctrl-C (exit 130), which click alone would both turn into exit 1.
    """

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            closed_stdout()
        except KeyboardInterrupt:
            sys.exit(INTERRUPTED)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in COMMANDS if self._load(name) is not None)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._load(cmd_name)

    @staticmethod
    def _load(name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        try:
            module = importlib.import_module(f"{__name__}.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{module_name}":
                return None  # command not built yet
            raise
        command: click.Command = getattr(module, attr)
        from .choices import harmonise
        from .configured import attach  # with the command: --config and --isolated

        return attach(harmonise(command))

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """As click's, with "did you mean" for a mistyped command (``trfkit chekc``)."""
        name = args[0] if args else ""
        if (
            name
            and not name.startswith("-")
            and not ctx.resilient_parsing
            and self.get_command(ctx, name) is None
        ):
            from .choices import suggestion

            ctx.fail(f"No such command {name!r}.{suggestion(name, self.list_commands(ctx))}")
        found, command, rest = super().resolve_command(ctx, args)
        if found is not None and command is not None:
            from .configured import prepare  # loaded with the command already

            prepare(ctx, found, command, rest)  # the configuration file's values as defaults
        return found, command, rest


def _debug(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        ctx.meta["trfkit.debug"] = True  # read by trfkit.cli.io.debug_enabled


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="trfkit")
@click.option(
    "--debug",
    is_flag=True,
    expose_value=False,
    callback=_debug,
    help="Show the traceback of an internal error (T999) before the one-line report.",
)
def cli() -> None:
    """Read, check, convert and tie-break chess tournament report files.

    \b
    Examples:
      trfkit info samples/swiss.trf
      trfkit check samples/ --output-format github
      trfkit convert samples/swiss.trf --to json
      trfkit tiebreaks samples/swiss.trf --tb BH/C1 --tb SB
    """


def main(argv: list[str] | None = None) -> Any:
    """Entry point of the console script; exit codes 0/1/2 as documented."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:  # a latin-1 or cp1252 console must not turn a Greek name into T999
        reconfigure(errors="backslashreplace")
    try:
        try:
            return cli.main(args=argv, prog_name="trfkit")
        finally:
            sys.stdout.flush()  # here, not at exit: a closed pipe must not print a warning
    except BrokenPipeError:  # `trfkit ... | head`, found while flushing
        closed_stdout()
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)
    except Exception as exc:  # noqa: BLE001 - last resort outside any command: never a traceback
        if "--debug" in (sys.argv[1:] if argv is None else argv):
            import traceback

            traceback.print_exc()
        click.echo(
            f"trfkit: internal error (T999): {type(exc).__name__}: {exc}; please report a bug",
            err=True,
        )
        sys.exit(2)
