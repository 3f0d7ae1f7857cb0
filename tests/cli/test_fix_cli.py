"""``trfkit fix``: in place only when something changes, ``--diff``, ``-o``, stdin, and the
exit statuses (0 fixed or clean, 1 ``--diff`` with changes or refused, 2 not TRF)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from click.testing import CliRunner

from tests.conftest import ROOT
from tests.library.test_fixing import HEAD, clean, player, trf
from trfkit.cli import cli

#: players 1 and 2 swapped, player 2 declaring 2.0 points (the results give 1.5)
BROKEN = trf(*HEAD, player(2, points="2.0"), player(1), player(3), player(4))


def write(tmp_path: Path, data: bytes, name: str = "t.trf") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    os.utime(path, (1_000_000_000, 1_000_000_000))  # an old mtime: a rewrite would show
    return path


def run(*args: str, input: bytes | None = None) -> tuple[int, bytes, str]:
    result = CliRunner().invoke(cli, ["fix", *args], input=input)
    return result.exit_code, result.stdout_bytes, result.stderr


def test_in_place_rewrites_the_file_and_keeps_its_mode(tmp_path: Path) -> None:
    path = write(tmp_path, BROKEN)
    path.chmod(0o640)
    code, out, err = run(str(path))
    assert code == 0
    assert out.decode().splitlines() == [
        f"{path}: fixed the points of 1 player (2: 2.0 -> 1.5)",
        f"{path}: sorted 2 players by start number",
    ]
    assert path.read_bytes() == clean()
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.trf"]  # no temporary left


def test_nothing_to_fix_writes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, clean())
    code, out, _ = run(str(path))
    assert (code, out) == (0, f"{path}: nothing to fix\n".encode())
    assert path.stat().st_mtime == 1_000_000_000
    assert path.read_bytes() == clean()


def test_diff_shows_the_changes_and_writes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, BROKEN)
    code, out, err = run(str(path), "--diff")
    assert code == 1
    name = str(path)
    assert out.decode() == "".join(
        [
            f"--- a/{name}\n",
            f"+++ b/{name}\n",
            "@@ -3,7 +3,7 @@\n",
            " 072 4\n",
            " XXR 3\n",
            " 202 BH\n",
            f"-{player(2, points='2.0')}\n",
            f" {player(1)}\n",
            f"+{player(2)}\n",
            f" {player(3)}\n",
            f" {player(4)}\n",
        ]
    )
    assert err.splitlines() == [
        f"{name}: would have fixed the points of 1 player (2: 2.0 -> 1.5)",
        f"{name}: would have sorted 2 players by start number",
    ]
    assert path.read_bytes() == BROKEN
    assert path.stat().st_mtime == 1_000_000_000


def test_diff_of_a_clean_file_is_empty(tmp_path: Path) -> None:
    path = write(tmp_path, clean())
    code, out, err = run(str(path), "--diff")
    assert (code, out, err) == (0, b"", f"{path}: nothing to fix\n")


def test_diff_shows_changed_line_ends(tmp_path: Path) -> None:
    path = write(tmp_path, clean().replace(b"XXR 3\n", b"XXR 3\r\n"))
    code, out, _ = run(str(path), "--diff", "--newline", "lf")
    assert code == 1
    assert b"\n-XXR 3\r\n+XXR 3\n" in out


def test_output_leaves_the_input_alone(tmp_path: Path) -> None:
    path = write(tmp_path, BROKEN)
    target = tmp_path / "out.trf"
    code, out, _ = run(str(path), "-o", str(target))
    assert code == 0
    assert target.read_bytes() == clean()
    assert path.read_bytes() == BROKEN
    assert path.stat().st_mtime == 1_000_000_000


def test_output_over_the_input_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, BROKEN)
    code, _, err = run(str(path), "-o", str(path))
    assert code == 2
    assert "refusing to overwrite the input" in err
    assert path.read_bytes() == BROKEN


def test_stdin_to_stdout() -> None:
    code, out, err = run("-", input=BROKEN)
    assert code == 0
    assert out == clean()
    assert err.splitlines() == [
        "<stdin>: fixed the points of 1 player (2: 2.0 -> 1.5)",
        "<stdin>: sorted 2 players by start number",
    ]


def test_a_link_stays_a_link(tmp_path: Path) -> None:
    path = write(tmp_path, BROKEN)
    link = tmp_path / "link.trf"
    link.symlink_to(path.name)
    assert run(str(link))[0] == 0
    assert link.is_symlink()
    assert path.read_bytes() == clean()


def test_a_file_that_cannot_be_fixed_safely_is_left(tmp_path: Path) -> None:
    path = write(tmp_path, trf(*HEAD, player(1), player(2), player(3), player(3)))
    before = path.read_bytes()
    code, out, err = run(str(path))
    assert (code, out) == (1, b"")
    assert err == (
        f"{path}: cannot fix safely: line 9: start number 3 is used on line 8 too (T305); "
        "nothing fixed\n"
    )
    assert path.read_bytes() == before
    assert path.stat().st_mtime == 1_000_000_000


def test_other_formats_are_a_usage_error(tmp_path: Path) -> None:
    path = write(tmp_path, b'{"format": "trfkit-tournament", "version": 1}\n', "t.json")
    code, out, err = run(str(path))
    assert (code, out) == (2, b"")
    assert err.count("\n") == 1
    assert "fix edits TRF files only; convert it first" in err
    code, _, err = run(str(path), "--from", "json")
    assert code == 2


def test_a_text_that_is_no_report_is_a_usage_error(tmp_path: Path) -> None:
    notes = write(tmp_path, b"shopping list\nmilk\n", "notes.txt")
    for extra in ([], ["--diff"], ["-o", str(tmp_path / "out.trf")]):
        code, out, err = run(str(notes), *extra)
        assert (code, out) == (2, b"")  # as another format, not 1 "cannot fix safely"
        assert err == f"Error: {notes}: not a tournament report (T006); nothing fixed\n"
    assert notes.read_bytes() == b"shopping list\nmilk\n"
    assert notes.stat().st_mtime == 1_000_000_000 and not (tmp_path / "out.trf").exists()
    good = write(tmp_path, BROKEN, "a.trf")
    code, out, err = run(str(notes), str(good))  # of several: the others are still fixed
    assert code == 2 and good.read_bytes() == clean()
    assert err == f"Error: {notes}: not a tournament report (T006); nothing fixed\n"


def test_several_files_are_fixed_each_in_place(tmp_path: Path) -> None:
    first, second = write(tmp_path, BROKEN, "a.trf"), write(tmp_path, clean(), "b.trf")
    refused = write(tmp_path, trf(*HEAD, player(1), player(1)), "c.trf")
    other = write(tmp_path, b'{"format": "trfkit-tournament", "version": 1}\n', "d.trf")
    code, out, err = run(str(first), str(second), str(refused), str(other))
    assert code == 2  # the worst: d.trf is not TRF
    assert out.decode().splitlines() == [
        f"{first}: fixed the points of 1 player (2: 2.0 -> 1.5)",
        f"{first}: sorted 2 players by start number",
        f"{second}: nothing to fix",
    ]
    assert err.splitlines()[0] == (
        f"{refused}: cannot fix safely: line 7: start number 1 is used on line 6 too "
        "(T305); nothing fixed"
    )
    assert err.splitlines()[1].startswith(f"Error: {other}: ")
    assert first.read_bytes() == clean()
    assert second.stat().st_mtime == refused.stat().st_mtime == 1_000_000_000
    assert run(str(first), str(second), "-o", str(tmp_path / "x.trf"))[0] == 2


def test_the_pre_commit_hook_fixes_trf_names() -> None:
    import re

    text = (ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    hook = text.split("- id: trfkit-fix\n", 1)[1]
    assert "\n  entry: trfkit fix\n" in hook
    (files,) = re.findall(r"^\s*files:\s*'(.+)'\s*$", hook, flags=re.M)
    pattern = re.compile(files)
    assert [n for n in ("a.TRF", "b.tab", "c.trfx", "d.input") if pattern.search(n)] == [
        "a.TRF",
        "b.tab",
        "c.trfx",
        "d.input",
    ]
    assert not any(pattern.search(n) for n in ("e.json", "f.txt", "g.trf.bak"))


def test_diff_marks_a_last_line_without_a_line_end(tmp_path: Path) -> None:
    data = clean()[:-1].replace(player(4).encode(), player(4, points="9.0").encode())
    path = write(tmp_path, data)
    code, out, _ = run(str(path), "--diff")
    assert code == 1
    assert out.decode().endswith(
        f"-{player(4, points='9.0')}\n\\ No newline at end of file\n"
        f"+{player(4)}\n\\ No newline at end of file\n"
    )


def test_trfkits_own_json_of_a_trf_file_is_not_fixed_as_trf(tmp_path: Path) -> None:
    """The JSON model keeps its source's format ("trf"): fix read it, edited nothing and
    said ``nothing to fix`` (exit 0) instead of asking to convert it first."""
    source = write(tmp_path, BROKEN, "a.trf")
    path = tmp_path / "a.json"
    result = CliRunner().invoke(cli, ["convert", str(source), "--to", "json", "-o", str(path)])
    assert result.exit_code in (0, 1)
    before = path.read_bytes()
    assert b'"format": "trf"' in before
    code, out, err = run(str(path))
    assert (code, out) == (2, b"")
    assert err == (
        f"Error: {path}: json input, not TRF: fix edits TRF files only; "
        "convert it first (trfkit convert FILE --to trf)\n"
    )
    assert path.read_bytes() == before
    assert run(str(path), "--diff")[0] == 2


def test_diff_with_an_output_is_a_usage_error(tmp_path: Path) -> None:
    """``--diff -o FILE`` printed the diff and wrote no FILE, without a word about -o."""
    path = write(tmp_path, BROKEN, "a.trf")
    target = tmp_path / "out.trf"
    code, out, err = run(str(path), "--diff", "-o", str(target))
    assert (code, out) == (2, b"")
    assert err == "Error: --diff writes nothing: leave out -o (or --diff to write the file)\n"
    assert not target.exists()
    assert path.read_bytes() == BROKEN
