"""``trfkit report --lang ru``: the page and the index in Russian, valid and escaped as the
English ones, the breakdowns as ``trfkit explain --lang ru`` says them, and the problems'
messages kept English (marked ``lang="en"``, with a note saying so)."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from html_check import check_page, page_text
from swiss_edits import SAMPLES, SWISS, cli_run, put, swiss_lines

from trfkit.cli import cli

RULES = Path(__file__).resolve().parents[1] / "data" / "rules"
T301 = RULES / "T301-unknown-opponent.trf"
SCRIPT_NAME = "<script>alert(1)</script>"


def page(*args: object) -> str:
    result = cli_run("report", *args, "--lang", "ru")
    assert result.exit_code in (0, 1), result.output
    return result.stdout


def headings(html: str) -> list[str]:
    return re.findall(r"<h2>(.*?)</h2>", html)


def test_a_russian_page_is_valid_and_says_its_sections_in_russian() -> None:
    html = page(SWISS)
    checked = check_page(html)
    assert checked.scripts == 1
    assert html.startswith('<!DOCTYPE html>\n<html lang="ru">\n')
    assert "<title>trfkit Spring Open 2024: отчёт trfkit</title>" in html
    assert headings(html) == [
        "Проблемы",
        "Файл",
        "Положение",
        "Таблица",
        "Игроки",
        "Ход турнира",
    ]
    head = html.split('<table class="standings sortable"><thead><tr>')[1].split("</tr>")[0]
    assert re.findall(r">([^<>]+)</th>", head) == [
        "Место", "№", "Участник", "Звание", "Фед.", "Рейтинг", "Очки", "BH/C1", "BH", "SB", "DE",
    ]  # fmt: skip
    assert 'title="Усечённый Бухгольц - 1">BH/C1</th>' in head  # Article 32's term
    assert "<dt>BH/C1</dt><dd>Усечённый Бухгольц - 1</dd>" in html  # the legend
    assert "<strong>без проблем</strong>: ошибок: 0, предупреждений: 0, сведений: 1" in html
    assert "<dt>туры</dt><dd>5 (с результатами: 5)</dd>" in html  # info's rows, translated
    assert (
        "<dt>примечание</dt><dd>дополнительные показатели по умолчанию для швейцарской "
        "системы: BH/C1, BH, SB, DE</dd>"
    ) in html


def test_a_breakdown_is_what_explain_says_in_russian() -> None:
    html = page(SWISS)
    boxes = re.findall(r'<div class="explain">(.*?)</div>', html, re.S)
    said = cli_run("explain", SWISS, "--player", "2", "--tb", "BH/C1", "--lang", "ru").stdout
    expected = [line.strip() for line in said.splitlines()]
    (found,) = [b for b in boxes if b.startswith("BH/C1: #2 Brennan, Liam")]
    assert [line.strip() for line in found.split("\n")] == expected
    assert expected[-2:] == ["отсечено: тур 3, значение 2", "итого: 12"]


def test_the_problems_messages_stay_english_and_the_page_says_so() -> None:
    html = page(T301)
    check_page(html)
    problems = html.split('<section id="problems"')[1].split("</section>")[0]
    assert (
        '<p class="section-note">Сообщения о проблемах и подсказки даны по-английски, как их '
        "выводит trfkit check; их коды неизменны.</p>"
    ) in problems
    item = re.search(r'<li id="m\d+" class="problem sev-error">.*?</li>', problems).group(0)
    assert "<code>T301</code>" in item and "ошибка</span>" in item
    assert re.search(r', <a href="#L\d+">строка \d+, столбцы \d+-\d+</a>: <span lang="en">', item)
    # every tip of the grid is a diagnostic: English, said so to the reader's browser
    grid = html.split('<pre class="text">')[1]
    assert grid.count('<span class="tip" role="tooltip" lang="en">') == grid.count('class="tip"')
    assert 'class="tip"' in grid


def test_names_from_the_file_stay_text_on_a_russian_page() -> None:
    lines = swiss_lines()
    lines[0] = f"012 {SCRIPT_NAME} \"Open\" 'A&B'"
    p1 = next(i for i, line in enumerate(lines) if line.startswith("001    1"))
    lines[p1] = put(lines[p1], 15, f"{SCRIPT_NAME:<33}")
    lines[p1] = put(lines[p1], 92, "   7")  # an error on that line: marked in the grid
    result = cli_run("report", "-", "--lang", "ru", stdin="\n".join(lines).encode())
    html = result.stdout
    checked = check_page(html)
    assert checked.scripts == 1  # the page's own
    assert SCRIPT_NAME not in html and "alert(1)</script>" not in html
    assert "<title>&lt;script&gt;alert(1)&lt;/script&gt; &quot;Open&quot;" in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html.split('id="players"')[1]


def test_a_team_event_and_a_round_robin_in_russian_are_valid() -> None:
    team = page(SAMPLES / "team.trf")
    check_page(team)
    assert headings(team)[:3] == ["Проблемы", "Файл", "Командное положение"]
    assert "<h3>Составы</h3>" in team
    robin = page(SAMPLES / "roundrobin.trf")
    check_page(robin)
    assert "Круговая система: в клетке партии участника строки" in robin


def test_the_index_in_russian(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = cli_run("report", SWISS, T301, "--lang", "ru", "-o", out)
    assert result.exit_code == 1
    index = (out / "index.html").read_text(encoding="utf-8")
    check_page(index)
    assert '<html lang="ru">' in index and "<h1>Отчёты trfkit</h1>" in index
    assert "<p>Страниц: 2, входных файлов: 2.</p>" in index
    assert re.findall(r'tabindex="0">([^<]+)</th>', index) == [
        "входной файл", "турнир", "участники", "туры", "итог",
    ]  # fmt: skip
    assert "<strong>ошибки</strong>" in index
    assert '<html lang="ru">' in (out / "swiss.html").read_text(encoding="utf-8")


def test_trfkit_lang_chooses_russian_and_english_stays_the_default() -> None:
    runner = CliRunner()
    russian = runner.invoke(cli, ["report", str(SWISS)], env={"TRFKIT_LANG": "ru"}).stdout
    assert '<html lang="ru">' in russian
    english = runner.invoke(cli, ["report", str(SWISS)], env={"TRFKIT_LANG": ""}).stdout
    assert '<html lang="en">' in english and "<h2>Standings</h2>" in english
    assert 'lang="en">' not in english.split("<html", 1)[1].split("\n", 1)[1]
    assert english == runner.invoke(cli, ["report", str(SWISS), "--lang", "en"]).stdout
    wrong = runner.invoke(cli, ["report", str(SWISS), "--lang", "de"])
    assert (wrong.exit_code, wrong.stdout) == (2, "")
    assert wrong.stderr == "Error: --lang: unknown language 'de' (choose en or ru)\n"


def test_a_russian_page_reads_russian_outside_the_diagnostics() -> None:
    text = page_text(page(T301))
    assert "Подсказка:" in text and "Help:" not in text
    assert "unknown opponent" not in text.lower()  # the message is marked English
