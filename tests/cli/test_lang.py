"""``--lang en|ru`` of playoff, tiebreaks, explain, info and report: the choice (option,
``TRFKIT_LANG``, a Russian locale on a terminal), the Russian texts, and what never changes
with the language (JSON, CSV, English output)."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from html_check import page_text

from trfkit.cli import cli
from trfkit.i18n import translator

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
DATA = ROOT / "tests" / "data"
FILES = sorted(
    [*SAMPLES.glob("*.trf"), *(DATA / "trf").glob("*.trf"), *(DATA / "playoff").glob("*.trf")]
)
INDIVIDUAL = [f for f in FILES if f.name != "team.trf"]
TEAM = SAMPLES / "team.trf"


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=env)
    return result.exit_code, result.stdout, result.stderr


# ---------------------------------------------------------------- exact Russian texts


def test_playoff_for_two_in_russian_is_the_announcement_word_for_word() -> None:
    code, out, _ = run("playoff", "--tied", "2", "--lang", "ru")
    assert code == 0
    assert out == (DATA / "i18n" / "playoff-tied-2.ru.txt").read_text(encoding="utf-8")


def test_playoff_for_ten_in_russian_gives_the_snake_groups_as_trfkits_reading() -> None:
    _, out, _ = run("playoff", "--tied", "10", "--lang", "ru")
    lines = out.splitlines()
    assert "    Группа 1: место 1, место 4, место 5, место 8, место 9" in lines
    assert "    Группа 2: место 2, место 3, место 6, место 7, место 10" in lines
    reading = [x for x in lines if x.startswith("  - Толкование trfkit: 32.5.6.9 ")]
    assert len(reading) == 1
    assert "змейкой: 1, 4, 5 и 2, 3, 6): 1, 4, 5, 8, 9 и 2, 3, 6, 7, 10." in reading[0]
    # the clause itself, quoted from the Article, says nothing of the composition
    assert (
        "  32.5.6.9. Если десять игроков имеют равное число очков, они играют в двух группах "
        "по пять человек как в п. 32.5.6.4. Два победителя играют как в п. 32.5.6.1.2."
    ) in lines


def test_playoff_from_a_file_names_the_players_in_russian() -> None:
    _, out, _ = run("playoff", str(DATA / "playoff" / "two-tied.trf"), "--lang", "ru")
    assert out.splitlines()[4:7] == [
        "Игроки с равным числом очков за первое место (2), в порядке дополнительных показателей:",
        "   1. Casey, Cian (стартовый № 3), очки: 2",
        "   2. Abbott, Alan (стартовый № 1), очки: 2",
    ]


def test_standings_header_and_legend_in_russian() -> None:
    code, out, _ = run("tiebreaks", str(SAMPLES / "swiss.trf"), "--lang", "ru")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (
        "Положение после 5-го тура из 5 - правила fide-2009: правила дополнительных "
        "показателей ФИДЕ до 2023 года (виртуальный соперник, решение 2009 года о "
        "несыгранных партиях)"
    )
    assert lines[2].split() == [
        "Место",
        "№",
        "Участник",
        "Фед.",
        "Рейтинг",
        "Очки",
        "BH/C1",
        "BH",
        "SB",
        "DE",
    ]
    assert lines[3].split()[:4] == ["1", "2", "Brennan,", "Liam"]
    assert lines[-5:] == [
        "Дополнительные показатели:",
        "  BH/C1  Усечённый Бухгольц - 1",
        "  BH     Коэффициент Бухгольца",
        "  SB     Система Зонненборна-Бергера",
        "  DE     Личные встречи",
    ]


def test_article_32_terms_beside_their_codes() -> None:
    codes = ["BH/C2", "BH/M1", "BH/C3", "ARO", "ARO/C1", "PS/C1", "KS", "WIN", "BPG", "SOBH"]
    args = [x for c in codes for x in ("--tb", c)]
    _, out, _ = run(
        "tiebreaks", str(SAMPLES / "swiss.trf"), "--rules", "ru-2013", *args, "--lang", "ru"
    )
    legend = out.split("Дополнительные показатели:\n")[1].splitlines()
    assert [re.split(r"\s{2,}", x.strip(), maxsplit=1) for x in legend] == [
        ["BH/C2", "Усечённый Бухгольц - 2"],
        ["BH/M1", "Усреднённый Бухгольц - 1"],
        ["BH/C3", "Усечённый Бухгольц"],  # a cut the Article does not name: the family's term
        ["ARO", "Средний рейтинг соперников"],
        ["ARO/C1", "Усечённый средний рейтинг"],
        ["PS/C1", "Усечённая сумма нарастающего числа очков (усечённый коэффициент прогресса)"],
        ["KS", "Система Койя"],
        ["WIN", "Число выигранных партий"],
        ["BPG", "Число партий, сыгранных чёрными фигурами"],
        ["SOBH", "Суммарный Бухгольц"],
    ]


def test_info_labels_in_russian() -> None:
    _, out, _ = run("info", str(SAMPLES / "swiss.trf"), "--lang", "ru")
    assert [line.split(":")[0] for line in out.splitlines()] == [
        "файл", "название", "место проведения", "даты", "тип", "участники", "туры", "команды",
        "формат", "кодировка", "проблемы",
    ]  # fmt: skip
    assert "туры:             5 (с результатами: 5)\n" in out
    assert "проблемы:         ошибок: 0, предупреждений: 0, сведений: 1\n" in out


def test_explain_in_russian() -> None:
    args = ("explain", str(SAMPLES / "swiss.trf"), "--player", "2", "--tb", "BH/C1")
    _, out, _ = run(*args, "--lang", "ru")
    assert out.splitlines()[:2] == [
        "BH/C1: #2 Brennan, Liam, правила fide-2009",
        "  тур 1: 2.5  (сыграна против #7 Rossi, Giulia, скорректированные очки которого 2.5)",
    ]
    assert out.endswith("  отсечено: тур 3, значение 2\n  итого: 12\n")


# ---------------------------------------------------------------- what the language never changes


def command_lines() -> Iterator[list[str]]:
    """Every command of the slice over the samples and fixtures, without ``--lang``."""
    for n in range(2, 14):
        yield ["playoff", "--tied", str(n)]
        yield ["playoff", "--tied", str(n), "--late"]
        yield ["playoff", "--tied", str(n), "--time-limited"]
    yield ["playoff", "--tied", "2", "--agreed-tc", "900+10"]
    for f in FILES:
        yield ["playoff", str(f)]
        yield ["info", str(f)]
        yield ["tiebreaks", str(f)]
        yield ["tiebreaks", str(f), "--rules", "ru-2013"]
    for f in INDIVIDUAL:
        for tb in ("BH/C1", "SB", "FB", "PS/C1", "KS", "AOB", "DE", "ARO", "TPR"):
            for rules in ("fide-2009", "fide-2026"):
                yield ["explain", str(f), "--player", "2", "--tb", tb, "--rules", rules]
    for tb in ("BH:MP/C1", "EGGSB", "FB:GP", "AOB", "MPTS"):
        for rules in ("fide-2009", "fide-2026", "ru-2013"):
            yield ["explain", str(TEAM), "--team", "2", "--tb", tb, "--rules", rules]
    yield [
        "explain",
        str(SAMPLES / "swiss.trf"),
        "--player",
        "3",
        "--tb",
        "DE",
        "--rules",
        "ru-2013",
    ]
    yield ["explain", str(SAMPLES / "swiss.trf"), "--player", "5", "--tb", "DE", "--order", "BH,DE"]
    for f in FILES:  # the page to stdout: its text is read as a browser shows it
        yield ["report", str(f)]
    yield ["report", str(SAMPLES / "swiss.trf"), "--rules", "ru-2013", "--tb", "ARO", "--tb", "KS"]
    yield ["report", str(SAMPLES / "swiss.trf"), "--after-round", "3"]


def test_json_and_csv_are_the_same_in_every_language() -> None:
    machine = [
        *(["playoff", "--tied", str(n), "--to", "json"] for n in range(2, 14)),
        *(["playoff", str(f), "--to", "json"] for f in FILES),
        *(["info", str(f), "--to", "json"] for f in FILES),
        *(["tiebreaks", str(f), "--to", to] for f in FILES for to in ("json", "csv")),
    ]
    for args in machine:  # stdout and status; stderr's note on the list is for people
        english = run(*args)[:2]
        assert run(*args, "--lang", "ru")[:2] == english, args
        assert run(*args, env={"TRFKIT_LANG": "ru"})[:2] == english, args


def test_lang_en_is_the_output_of_no_lang() -> None:
    for args in command_lines():
        assert run(*args, "--lang", "en") == run(*args), args


def file_words(args: list[str]) -> set[str]:
    """The words of the input file and its path: names, places and the file's own texts
    may be English."""
    words: set[str] = set()
    for a in args:
        words |= set(WORD.findall(a))
        if a.endswith(".trf"):
            words |= set(WORD.findall(Path(a).read_bytes().decode("latin-1")))
            words |= _reading_words(a)
    return words


@functools.cache
def _reading_words(path: str) -> set[str]:
    """How ``info`` says the file was read (format, edition, dialect, encoding): codes."""
    info = json.loads(run("info", path, "--to", "json")[1])
    keys = ("read_as", "format", "edition", "dialect", "encoding", "encoding_alternative")
    return {w for k in keys for w in WORD.findall(info[k] or "")}


WORD = re.compile(r"[A-Za-z][A-Za-z']*")
#: Latin words a Russian output may hold besides the file's: the rule editions' names, the
#: program's name and the option it names (``--order``).
ALLOWED = {"fide", "ru", "trfkit", "order"}


def _codes() -> set[str]:
    listed = json.loads(run("codes", "--to", "json")[1])["codes"]
    return {c["code"] for c in listed} | {a for c in listed for a in c["aliases"]}


#: The tie-break codes, however a file spells them (``MPvGP``).
CODES = _codes()


def english_words(text: str, allowed: set[str]) -> set[str]:
    """Latin words of ``text`` that are neither codes (upper case: BH, PTS, MP, LF, C.07; a
    tie-break's name in any case), single letters (group A, 1v4), nor ``allowed``."""
    return {
        w
        for w in WORD.findall(text)
        if len(w) > 1 and not w.isupper() and w.upper() not in CODES and w not in allowed
    }


#: Latin words a Russian page may hold besides ``ALLOWED`` and the file's: the Tab key, the
#: ``trfkit check`` and ``trfkit explain ... --player --tb`` commands it names.
PAGE_ALLOWED = {"Tab", "check", "explain", "player", "tb"}


def test_every_russian_output_is_russian_and_every_string_is_in_the_catalog() -> None:
    ru = translator("ru")
    ru.missing.clear()
    for args in command_lines():
        code, out, err = run(*args, "--lang", "ru")
        assert code in (0, 1), args
        allowed = ALLOWED | file_words(args)
        if args[0] == "report":
            assert '<html lang="ru">' in out, args
            out, allowed = page_text(out), allowed | PAGE_ALLOWED
        assert english_words(out, allowed) == set(), args
        notes = "\n".join(line for line in err.splitlines() if not DIAGNOSTIC.match(line))
        assert english_words(notes, ALLOWED | file_words(args)) == set(), args
        assert ru.missing == set(), args


#: A diagnostic line, English by design (``check`` and its codes stay English).
DIAGNOSTIC = re.compile(r"^.+:\d+:\d+: [A-Z]\d{3} ")


def test_the_note_naming_the_tie_break_list_is_russian_too() -> None:
    _, _, err = run("tiebreaks", str(SAMPLES / "swiss.trf"), "--lang", "ru")
    assert (
        err == "дополнительные показатели по умолчанию для швейцарской системы: BH/C1, BH, SB, DE\n"
    )
    _, _, err = run("tiebreaks", str(SAMPLES / "roundrobin.trf"), "--lang", "ru")
    assert err.startswith("дополнительные показатели по умолчанию для круговой системы: SB, DE")
    _, _, err = run("tiebreaks", str(SAMPLES / "swiss.trf"))
    assert err == "default tie-breaks for a Swiss: BH/C1, BH, SB, DE\n"


def test_the_english_words_check_finds_english() -> None:
    assert english_words("тур 1: Brennan, played vs BH/C1", {"Brennan"}) == {"played", "vs"}


def test_the_page_text_is_what_a_reader_sees_but_what_is_marked_english() -> None:
    page = (
        '<html lang="ru"><head><style>body { color: red }</style></head><body>'
        '<p title="round one">Тур <b>first</b><span lang="en">a message <i>here</i></span>'
        "<br>после</p><script>let sorted = 1;</script></body></html>"
    )
    assert english_words(page_text(page), set()) == {"round", "one", "first"}


# ---------------------------------------------------------------- the language chosen


def test_trfkit_lang_chooses_russian_and_the_option_wins() -> None:
    _, out, _ = run("playoff", "--tied", "3", env={"TRFKIT_LANG": "ru"})
    assert out.startswith("ПЛЕЙ-ОФФ ЗА ПЕРВОЕ МЕСТО\n")
    _, out, _ = run("playoff", "--tied", "3", "--lang", "en", env={"TRFKIT_LANG": "ru"})
    assert out.startswith("PLAY-OFF FOR FIRST PLACE\n")


@pytest.mark.parametrize(
    ("args", "env", "message"),
    [
        (["--lang", "de"], {}, "Error: --lang: unknown language 'de' (choose en or ru)\n"),
        (
            [],
            {"TRFKIT_LANG": "xx"},
            "Error: TRFKIT_LANG: unknown language 'xx' (choose en or ru)\n",
        ),
    ],
)
@pytest.mark.parametrize(
    "command",
    [
        ["playoff", "--tied", "2"],
        ["tiebreaks", str(SAMPLES / "swiss.trf")],
        ["info", str(SAMPLES / "swiss.trf")],
        ["explain", str(SAMPLES / "swiss.trf"), "--player", "1", "--tb", "BH"],
    ],
)
def test_an_unknown_language_is_one_line_and_exit_2(
    command: list[str], args: list[str], env: dict[str, str], message: str
) -> None:
    code, out, err = run(*command, *args, env=env)
    assert (code, out, err) == (2, "", message)


def _trfkit(env: dict[str, str], terminal: bool) -> str:
    """``trfkit playoff --tied 2`` in a child process, stdout a pseudo-terminal or a pipe."""
    full = {**os.environ, **env, "PYTHONPATH": str(ROOT)}
    for name in ("LC_ALL", "LC_MESSAGES", "LANG", "TRFKIT_LANG"):
        if name not in env:
            full.pop(name, None)
    command = [sys.executable, "-m", "trfkit", "playoff", "--tied", "2"]
    if not terminal:
        return subprocess.run(command, env=full, capture_output=True, check=True).stdout.decode()
    import pty  # POSIX only; the test is skipped elsewhere

    leader, follower = pty.openpty()
    child = subprocess.Popen(command, env=full, stdout=follower, stderr=subprocess.DEVNULL)
    os.close(follower)  # the child holds it: reading ends when the child has gone
    chunks = []
    try:
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the terminal's other end is closed, all is read
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
        assert child.wait(timeout=60) == 0
    return b"".join(chunks).decode()


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_a_russian_locale_on_a_terminal_chooses_russian_and_a_pipe_stays_english() -> None:
    russian = {"LANG": "ru_RU.UTF-8"}
    assert _trfkit(russian, terminal=True).startswith("ПЛЕЙ-ОФФ ЗА ПЕРВОЕ МЕСТО")
    assert _trfkit(russian, terminal=False).startswith("PLAY-OFF FOR FIRST PLACE")
    assert _trfkit({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, terminal=True).startswith("PLAY-OFF")
    assert _trfkit({"LANG": "en_GB.UTF-8"}, terminal=True).startswith("PLAY-OFF")


def test_explain_de_order_line_is_not_looked_up_as_a_message() -> None:
    """The line ordering a DE group (``  -> #2 Player 2 | #4 Player 4``) holds names only:
    it was a plain string the translator looked up and recorded as missing."""
    ru = translator("ru")
    ru.missing.clear()
    path = DATA / "rules" / "T309-bye-with-opponent.clean.trf"
    code, out, _ = run("explain", str(path), "--player", "2", "--tb", "DE", "--lang", "ru")
    assert code == 0
    assert "    -> #2 Player 2 | #4 Player 4\n" in out
    assert ru.missing == set()
    english = run("explain", str(path), "--player", "2", "--tb", "DE")[1]
    assert "    -> #2 Player 2 | #4 Player 4\n" in english


def test_a_team_codes_term_is_its_individual_codes() -> None:
    """``BH:MP/C1`` fell back to the family's "Усечённый Бухгольц", losing the "- 1" that
    ``BH/C1`` has; the score type names no other term."""
    _, out, _ = run("tiebreaks", str(TEAM), "--tb", "BH:MP/C1", "--tb", "SB:GP", "--lang", "ru")
    legend = out.split("Дополнительные показатели:\n")[1].splitlines()
    assert [re.split(r"\s{2,}", x.strip(), maxsplit=1) for x in legend] == [
        ["BH:MP/C1", "Усечённый Бухгольц - 1"],
        ["SB:GP", "Система Зонненборна-Бергера"],
    ]
