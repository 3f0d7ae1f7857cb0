"""Where and how trfkit writes (issues 14 "Files" and 15 "Data loss"): permission bits like
``cp``, ``-o DIR/``, a progress bar that fits the terminal, outputs that never replace an
input, collision-free output names, ``--skip-existing`` that knows what it skips."""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from robust_helpers import TWO, invoke

from trfkit.check_many import Outcome
from trfkit.cli import many_files
from trfkit.cli.io import atomic_write
from trfkit.cli.many_files import Batch, Progress, Tally, run_batch, terminal_columns
from trfkit.diagnostics import make
from trfkit.render.diagnostics import FileReport


@pytest.fixture
def umask() -> Iterator[None]:
    previous = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(previous)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


# --- permission bits -------------------------------------------------------------------


def test_a_new_output_gets_0666_less_the_umask_not_0600(tmp_path: Path, umask: None) -> None:
    atomic_write(tmp_path / "new.json", b"{}")
    assert mode(tmp_path / "new.json") == 0o640
    os.umask(0o002)
    (tmp_path / "in").mkdir()
    src = tmp_path / "in" / "event.trf"
    src.write_bytes(TWO)
    assert (
        invoke("convert", str(src), "--to", "json", "-o", str(tmp_path / "e.json")).exit_code == 0
    )
    assert mode(tmp_path / "e.json") == 0o664
    assert invoke("convert", str(tmp_path / "in"), "-o", str(tmp_path / "out")).exit_code == 0
    assert mode(tmp_path / "out" / "event.trf") == 0o664


def test_a_replaced_output_keeps_its_mode_as_cp_keeps_it(tmp_path: Path, umask: None) -> None:
    out = tmp_path / "shared.json"
    out.write_bytes(b"old")
    out.chmod(0o644)
    atomic_write(out, b"new")
    assert out.read_bytes() == b"new" and mode(out) == 0o644
    out.chmod(0o600)
    atomic_write(out, b"newer")
    assert mode(out) == 0o600


# --- -o DIR/ and the batch usage error --------------------------------------------------


def test_a_trailing_slash_names_a_directory_made_if_need_be(tmp_path: Path) -> None:
    src = tmp_path / "event.trf"
    src.write_bytes(TWO)
    result = invoke("convert", str(src), "--to", "json", "-o", f"{tmp_path / 'newdir'}/")
    assert result.exit_code == 0, result.stderr
    assert (tmp_path / "newdir").is_dir() and (tmp_path / "newdir" / "event.json").is_file()
    refused = invoke("info", str(src), "-o", f"{tmp_path / 'other'}/")
    assert refused.exit_code == 2 and "names a directory" in refused.stderr
    assert not (tmp_path / "other").exists()


def test_several_files_without_output_say_so(tmp_path: Path) -> None:
    for name in ("a.trf", "b.trf"):
        (tmp_path / name).write_bytes(TWO)
    result = invoke("convert", str(tmp_path / "a.trf"), str(tmp_path / "b.trf"))
    assert result.exit_code == 2
    assert "2 inputs need -o DIR" in result.stderr and "directory INPUT" not in result.stderr
    assert "a directory INPUT needs -o DIR" in invoke("convert", str(tmp_path)).stderr
    glob = invoke("convert", str(tmp_path / "*.trf"))
    assert "a glob pattern INPUT needs -o DIR" in glob.stderr


# --- the progress bar -------------------------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_fits_an_80_column_terminal() -> None:
    screen = Terminal()
    bar = Progress(2, screen, columns=80)
    bar.advance("x" * 200)
    bar.advance("y")
    bar.clear()
    drawn = screen.getvalue().split("\r")
    assert max(len(part) for part in drawn) == 79


def test_the_bar_shows_a_file_name_s_controls_escaped() -> None:
    screen = Terminal()
    bar = Progress(1, screen, columns=80)
    bar.advance("in/x\r\nFAKE:1:1: T000 y\x07\x1b[31m.trf")
    drawn = screen.getvalue()
    assert "in/x\\r\\nFAKE:1:1: T000 y\\x07\\x1b[31m.trf" in drawn
    assert "\n" not in drawn and "\x07" not in drawn and "\x1b" not in drawn
    assert drawn.count("\r") == 1  # only the bar's own


def test_an_input_error_shows_a_path_s_controls_escaped(tmp_path: Path) -> None:
    missing = str(tmp_path / "no\nFAKE:1:1: T000 \x1b]8;;x\x07.trf")
    result = invoke("info", missing)
    assert result.exit_code == 2
    assert "no\\nFAKE:1:1: T000 \\x1b]8;;x\\x07.trf: cannot read" in result.stderr
    assert result.stderr.count("\n") == 1 and "\x1b" not in result.stderr


def test_terminal_width_follows_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert terminal_columns(io.StringIO()) == 100
    monkeypatch.delenv("COLUMNS")
    assert terminal_columns(io.StringIO()) == 80  # no terminal behind it: the usual default


def _outcomes(n: int) -> list[Outcome]:
    found = (make("T403", "assumed", file="x.trf"),)
    return [Outcome(FileReport(f"f{i}.trf", found)) for i in range(n)]


def _run_with_bar(monkeypatch: pytest.MonkeyPatch, printed_to: io.StringIO | None) -> str:
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    monkeypatch.setattr(many_files, "ordered_map", lambda work, tasks, *a, **k: iter(tasks))
    list(run_batch(lambda x: x, _outcomes(3), Batch(1, False, 3), Tally(), printed_to=printed_to))
    return screen.getvalue()


def test_the_bar_stays_while_diagnostics_go_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    elsewhere = _run_with_bar(monkeypatch, io.StringIO())  # e.g. check's stdout to a file
    assert "3/3 f2.trf" in elsewhere
    assert elsewhere.count("\r" + " " * 20) == 1  # erased once, at the end
    shared = _run_with_bar(monkeypatch, None)  # convert: diagnostics on the same stderr
    assert "f0.trf" not in shared  # never drawn under a line that is being printed


# --- no output over an input ------------------------------------------------------------

OVERWRITES = [
    ("tiebreaks", "{a}", "--to", "trf", "-o", "{a}"),
    ("tiebreaks", "{a}", "-o", "{a}"),
    ("tiebreaks", "{a}", "--to", "csv", "-o", "{link}"),
    ("info", "{a}", "-o", "{a}"),
    ("info", "{a}", "--to", "json", "-o", "{hard}"),
    ("playoff", "{a}", "-o", "{a}"),
    ("convert", "{a}", "--report", "{a}"),
    ("convert", "{a}", "-o", "{hard}"),
    ("convert", "{a}", "-o", "{link}"),
    ("convert", "{dir}", "-o", "{out}", "--report", "{a}"),
    ("check", "{a}", "--report", "{a}"),
    ("check", "{dir}", "--report", "{dir}/x.trf"),  # would be read by the next check
    ("check", "{dir}", "--report", "{hard}"),  # a hard link of a file in the tree
    ("check", "{dir}", "--glob", "*", "--cache-dir", "{dir}"),  # the database becomes an input
]


@pytest.mark.parametrize("args", OVERWRITES, ids=lambda args: " ".join(args))
def test_no_command_writes_over_an_input(args: tuple[str, ...], tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    a = folder / "a.trf"
    a.write_bytes(TWO)
    (tmp_path / "link.trf").symlink_to(a)
    os.link(a, tmp_path / "hard.trf")
    names = {
        "a": str(a),
        "link": str(tmp_path / "link.trf"),
        "hard": str(tmp_path / "hard.trf"),
        "dir": str(folder),
        "out": str(tmp_path / "out"),
    }
    before = sorted(p.name for p in folder.iterdir())
    result = invoke(*(arg.format(**names) for arg in args))
    assert result.exit_code == 2, result.stderr
    assert "refusing to overwrite the input" in result.stderr
    assert a.read_bytes() == TWO and sorted(p.name for p in folder.iterdir()) == before
    assert not (tmp_path / "out").exists()  # refused before anything was written


#: Every output option of every command, with ``{t}`` the path it is given.
OUTPUT_OPTIONS = [
    ("tiebreaks", "{a}", "-o", "{t}"),
    ("tiebreaks", "{a}", "--to", "trf", "-o", "{t}"),
    ("tiebreaks", "{a}", "--to", "csv", "-o", "{t}"),
    ("tiebreaks", "{a}", "--to", "json", "-o", "{t}"),
    ("info", "{a}", "-o", "{t}"),
    ("info", "{a}", "--to", "json", "-o", "{t}"),
    ("playoff", "{a}", "-o", "{t}"),
    ("playoff", "{a}", "--to", "json", "-o", "{t}"),
    ("convert", "{a}", "-o", "{t}"),
    ("convert", "{a}", "--to", "json", "-o", "{t}"),
    ("convert", "{a}", "--to", "csv", "-o", "{t}"),
    ("convert", "{a}", "--to", "json", "-o", "{out}/x.json", "--report", "{t}"),
    ("convert", "{dir}", "-o", "{out}", "--report", "{t}"),
    ("check", "{a}", "--report", "{t}"),
    ("check", "{a}", "--report", "{t}", "--report-format", "sarif"),
    ("check", "{dir}", "--report", "{t}"),
    ("check", "{glob}", "--report", "{t}"),
]
#: Ways of naming the input ``in/a.trf`` as an output.
TARGETS = ["{a}", "{link}", "{hard}", "{inner_link}", "{inner_hard}"]


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("args", OUTPUT_OPTIONS, ids=lambda args: " ".join(args))
def test_every_output_is_refused_against_every_name_of_an_input(
    args: tuple[str, ...], target: str, tmp_path: Path
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    a = folder / "a.trf"
    a.write_bytes(TWO)
    (tmp_path / "link.trf").symlink_to(a)
    os.link(a, tmp_path / "hard.trf")
    (folder / "inner.trf").symlink_to("a.trf")  # (a link inside the tree, relative)
    os.link(a, folder / "inner-hard.txt")
    names = {
        "a": str(a),
        "link": str(tmp_path / "link.trf"),
        "hard": str(tmp_path / "hard.trf"),
        "inner_link": str(folder / "inner.trf"),
        "inner_hard": str(folder / "inner-hard.txt"),
        "dir": str(folder),
        "glob": str(folder / "*.trf"),
        "out": str(tmp_path / "out"),
    }
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    listing = sorted(p.name for p in folder.iterdir())
    result = invoke(*(arg.format(**names, t=target.format(**names)) for arg in args))
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    assert "refusing to overwrite the input" in result.stderr
    assert result.stdout == ""  # nothing read: no output at all
    assert a.read_bytes() == TWO and sorted(p.name for p in folder.iterdir()) == listing
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before
    assert not (tmp_path / "out").exists()


def test_the_cache_database_may_not_be_an_input(tmp_path: Path) -> None:
    a = tmp_path / "a.trf"
    a.write_bytes(TWO)
    cache = tmp_path / "cache"
    cache.mkdir()
    from trfkit.check_cache import FILE_NAME

    (cache / FILE_NAME).symlink_to(a)  # the database's name is a link to the input
    result = invoke("check", str(a), "--cache-dir", str(cache))
    assert result.exit_code == 2 and "refusing to overwrite the input" in result.stderr
    assert a.read_bytes() == TWO
    os.unlink(cache / FILE_NAME)
    os.link(a, cache / (FILE_NAME + "-journal"))  # and a hard link as its journal
    result = invoke("check", str(a), "--cache-dir", str(cache))
    assert result.exit_code == 2 and "refusing to overwrite the input" in result.stderr
    assert a.read_bytes() == TWO


def test_outputs_beside_the_inputs_are_still_allowed(tmp_path: Path) -> None:
    a = tmp_path / "a.trf"
    a.write_bytes(TWO)
    assert invoke("check", str(a), "--report", str(tmp_path / "r.json")).exit_code == 0
    assert invoke("tiebreaks", str(a), "--to", "trf", "-o", str(tmp_path / "b.trf")).exit_code == 0
    assert invoke("info", str(a), "-o", "-").exit_code == 0


# --- output names -----------------------------------------------------------------------


def test_output_names_depend_on_the_input_name_alone() -> None:
    from trfkit.cli.output_names import output_name

    assert output_name("a.trf", ".json") == "a.json"
    assert output_name("club/2024/a.TRF", ".json") == "club/2024/a.json"
    assert output_name("a.tab", ".json") == "a.tab.json"
    assert output_name("a.input", ".json") == "a.input.json"
    assert output_name("x.TUNX", ".trf") == "x.TUNX.trf"
    assert output_name("a.json", ".trf") == "a.trf"
    assert output_name("a.trf", ".trf") == "a.trf"
    assert output_name("README", ".json") == "README.json"
    assert output_name(".trf", ".json") == ".trf.json"  # a hidden name is no extension


def _names(folder: Path) -> list[str]:
    return sorted(
        p.relative_to(folder).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and not p.name.startswith(".")
    )


def test_a_folder_of_same_stems_converts_the_same_in_any_company(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    for name in ("a.trf", "a.tab", "a.input"):
        (src / name).write_bytes(TWO)
    assert invoke("convert", str(src), "-o", str(tmp_path / "all"), "--to", "json").exit_code == 0
    assert _names(tmp_path / "all") == ["a.input.json", "a.json", "a.tab.json"]
    (src / "a.trf").unlink()
    assert invoke("convert", str(src), "-o", str(tmp_path / "two"), "--to", "json").exit_code == 0
    assert _names(tmp_path / "two") == ["a.input.json", "a.tab.json"]  # not renamed to a.json


def test_two_inputs_for_one_output_name_are_refused_up_front(tmp_path: Path) -> None:
    src = tmp_path / "in"
    (src / "sub").mkdir(parents=True)
    (src / "sub" / "a.trf").write_bytes(TWO)
    (src / "sub" / "a.json").write_bytes(TWO)  # (its content does not matter: never read)
    (src / "b.trf").write_bytes(TWO)
    out = tmp_path / "out"
    result = invoke("convert", str(src), "-o", str(out), "--to", "trf")
    assert result.exit_code == 2
    assert (
        f"{out / 'sub' / 'a.trf'}: the output of {src / 'sub' / 'a.json'}, "
        f"{src / 'sub' / 'a.trf'}" in result.stderr
    )
    assert not out.exists()  # nothing converted, not even b.trf
    assert (
        invoke("convert", str(src), "-o", str(out), "--to", "json", "--glob", "*.trf").exit_code
        == 0
    )


# --- --skip-existing knows what it skips -------------------------------------------------


def _event(name: str) -> bytes:
    return TWO.replace(b"012 Robust Open", f"012 {name}".encode())


def test_skip_existing_reconverts_what_changed(tmp_path: Path) -> None:
    import json

    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    (src / "a.trf").write_bytes(_event("First A"))
    (src / "b.trf").write_bytes(_event("First B"))
    assert invoke("convert", str(src), "-o", str(out), "--to", "json").exit_code == 0
    (src / "b.trf").write_bytes(_event("Corrected B"))  # corrected after the first run
    (out / "c.json").write_text("{}")  # an output nobody recorded (another tool, a copy)
    (src / "c.trf").write_bytes(_event("Added C"))
    result = invoke("convert", str(src), "-o", str(out), "--to", "json", "--skip-existing")
    assert result.exit_code == 0, result.stderr
    assert "1 skipped, 2 written" in result.stderr
    names = {
        p: json.loads((out / p).read_text())["header"]["records"][0]["value"]
        for p in ("a.json", "b.json", "c.json")
    }
    assert names == {"a.json": "First A", "b.json": "Corrected B", "c.json": "Added C"}
    other = invoke(
        "convert", str(src), "-o", str(out), "--to", "json", "--newline", "crlf", "--skip-existing"
    )  # other options: every output is stale
    assert "3 written" in other.stderr and "skipped" not in other.stderr


# --- whatever trfkit writes, trfkit reads back -----------------------------------------


def widest(players: int, rounds: int) -> bytes:
    """A TRF with ``players`` x ``rounds`` results, built directly (no pairing engine)."""
    lines = ["012 Widest Open", f"XXR {rounds}"]
    for i in range(1, players + 1):
        opponent = i + 1 if i % 2 else i - 1
        if opponent > players:
            blocks = ["0000 - U"] * rounds
        else:
            blocks = [f"{opponent:4d} {'w' if i % 2 else 'b'} {'1' if i % 2 else '0'}"] * rounds
        name = f"Player, Number {i}"  # (a comma in every name: it must not count as a value)
        lines.append(
            f"001 {i:4d} m    {name:<33} 1800 FRA {10000000 + i:11d} 2000/01/01 "
            f"{0.0:4.1f} {i:4d}  " + "  ".join(blocks)
        )
    return ("\n".join(lines) + "\n").encode()


def _json_of(data: bytes) -> bytes:
    from trfkit import formats

    return formats.write(formats.read(data, "trf").tournament, "json").encode()


def test_the_json_value_limit_covers_the_largest_tournament_trfkit_reads() -> None:
    from trfkit import limits

    short, long = (limits.json_values(_json_of(widest(300, rounds))) for rounds in (10, 20))
    per_entry = (long - short) / (300 * 10)
    assert per_entry <= limits.JSON_VALUES_PER_ROUND_ENTRY
    lines = 302  # 012, XXR and the players
    assert long <= (
        limits.JSON_VALUES_PER_ROUND_ENTRY * 300 * 20
        + limits.JSON_VALUES_PER_PLAYER * 300
        + limits.JSON_VALUES_PER_LINE * lines
    )
    # the issue's 9999 x 50 (2.7 million values) and anything else within the other limits
    assert limits.MAX_JSON_VALUES >= (
        limits.JSON_VALUES_PER_ROUND_ENTRY * limits.MAX_ROUND_ENTRIES
        + limits.JSON_VALUES_PER_PLAYER * 2 * limits.MAX_PLAYERS
        + limits.JSON_VALUES_PER_LINE * limits.MAX_LINES
    )
    assert limits.MAX_JSON_VALUES > 2_750_000


def test_commas_inside_strings_are_not_values() -> None:
    from trfkit import formats, limits

    name = "," * (limits.MAX_JSON_VALUES + 1)
    data = (
        '{"format": "trfkit-tournament", "version": 1, "players": [{"start": 1, "name": "'
        + name
        + '"}]}'
    ).encode()
    assert limits.json_values(data) < 10
    assert "T007" not in {d.code for d in formats.read(data, "json").diagnostics}


def test_a_json_output_trfkit_would_refuse_is_not_written(tmp_path: Path) -> None:
    from trfkit.conversion import UnreadableOutput, render_document
    from trfkit.document import Document
    from trfkit.model import Player, Tournament

    many = Tournament(players=tuple(Player(i, "P") for i in range(1, 20_001)))
    found, text = render_document(Document(many, (), None), "json", {})
    assert found == [] and text is not None and not isinstance(text, str)  # blocks, guarded
    with pytest.raises(UnreadableOutput) as refused:
        "".join(text)  # the block past the limit raises: the writer removes its temporary file
    assert refused.value.diagnostic.code == "T604"
    assert "20000 start numbers" in refused.value.diagnostic.message
    assert "not written" in refused.value.diagnostic.message
    found, text = render_document(Document(many, (), None), "trf", {})
    # TRF is written, with a T603 for each of the five-digit start numbers 10000..20000
    assert [d.code for d in found] == ["T603"] * 10_001
    assert isinstance(text, str) and len(text.splitlines()) == 20_000


@pytest.mark.skipif(
    not os.environ.get("TRFKIT_SLOW_TESTS"), reason="about 10 s: set TRFKIT_SLOW_TESTS=1"
)
def test_a_9999_player_50_round_json_is_read_back(tmp_path: Path) -> None:
    src = tmp_path / "widest.trf"
    src.write_bytes(widest(9999, 50))
    out = tmp_path / "widest.json"
    assert invoke("convert", str(src), "--to", "json", "-o", str(out)).exit_code == 0
    back = invoke("info", str(out), "--to", "json")
    assert back.exit_code == 0, back.stderr
    assert '"players": 9999' in back.stdout and '"rounds": 50' in back.stdout


def test_a_batch_output_that_is_a_hard_link_of_an_input_is_refused(tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    out.mkdir()
    (src / "a.trf").write_bytes(TWO)
    (src / "b.trf").write_bytes(TWO)
    os.link(src / "a.trf", out / "a.trf")  # the output a.trf would replace a's inode's name
    result = invoke("convert", str(src), "-o", str(out), "--to", "trf")
    assert result.exit_code == 2
    assert f"{out / 'a.trf'}: refusing to overwrite an input" in result.stderr
    assert (src / "a.trf").read_bytes() == TWO and (out / "b.trf").is_file()


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
def test_the_bar_on_a_real_80_column_terminal_stays_while_diagnostics_go_to_a_file(
    tmp_path: Path,
) -> None:
    """End to end: stderr on a pseudo-terminal 80 columns wide (no $COLUMNS), stdout to a
    file. Before, the bar was 119 columns and was erased before every file with a diagnostic."""
    import fcntl
    import pty
    import struct
    import termios

    src = tmp_path / "in"
    src.mkdir()
    cp1252 = (Path(__file__).resolve().parents[2] / "samples" / "cp1252.trf").read_bytes()
    for n in range(40):
        (src / f"event-with-a-long-name-{n:03d}.trf").write_bytes(cp1252)  # each one a T002
    main, side = pty.openpty()
    fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])
    with (tmp_path / "out.txt").open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "trfkit", "check", str(src), "-v", "-j", "1"],
            stdout=out,
            stderr=side,
            env=env,
        )
    os.close(side)
    screen = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        screen += chunk
    assert proc.wait(timeout=120) == 0
    os.close(main)
    frames = [part for part in screen.split(b"\r") if part.startswith(b"[")]
    assert frames and all(len(f) == 79 for f in frames)  # one column short of the width
    assert screen.count(b"\r" + b" " * 79 + b"\r") == 1  # erased once, at the end
    assert (tmp_path / "out.txt").read_text().count(" T002 ") == 40


def test_an_unreadable_json_output_leaves_the_file_alone_and_says_what_stdout_got(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trfkit import limits

    monkeypatch.setattr(limits, "MAX_JSON_VALUES", 40)  # TWO's JSON has more values than that
    src = tmp_path / "two.trf"
    src.write_bytes(TWO)
    out = tmp_path / "out.json"
    out.write_text("old\n")
    result = invoke("convert", str(src), "--to", "json", "-o", str(out))
    assert result.exit_code == 1
    assert "T604" in result.stderr and "so it was not written" in result.stderr
    assert out.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "two.trf"]  # no temp file
    streamed = invoke("convert", str(src), "--to", "json")
    assert streamed.exit_code == 1
    assert "not written" not in streamed.stderr
    assert "so stdout stops here, incomplete (-o FILE writes all or nothing)" in streamed.stderr


def test_the_skipped_line_shows_a_path_s_controls_escaped(tmp_path: Path) -> None:
    src = tmp_path / "a.trf"
    src.write_bytes(TWO)
    out = str(tmp_path / "x\x1b[31m\nFAKE.trf")
    assert invoke("convert", str(src), "-o", out, "--skip-existing").exit_code == 0
    again = invoke("convert", str(src), "-o", out, "--skip-existing")
    assert again.exit_code == 0
    assert "x\\x1b[31m\\nFAKE.trf: up to date, skipped (--skip-existing)" in again.stderr


def test_a_batch_output_refused_by_t604_is_not_called_nothing_to_convert(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trfkit import limits

    monkeypatch.setattr(limits, "MAX_JSON_VALUES", 40)
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    (src / "a.trf").write_bytes(TWO)
    result = invoke("convert", str(src), "-o", str(out), "--to", "json", "-j", "1")
    assert result.exit_code == 1
    assert "T604" in result.stderr and "so it was not written" in result.stderr
    assert "nothing to convert" not in result.stderr  # there was: it was too large
    assert not (out / "a.json").exists() and not (out / ".a.json.source").exists()
