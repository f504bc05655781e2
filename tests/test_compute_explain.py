"""A chart that explains itself (compute.explain): each cell's note says how the book derives
that value on this chart, agrees with the chart, cites the rule's sentences and speaks Korean;
the derivation has its steps, the verdict comes first. The expected values below are read from
the book's tables (p042–p047 納甲, p054–p055 六親, p058 六神, p065–p067 世應), not from the
code under test."""

from __future__ import annotations

import random
import re

import pytest

from compute import chart
from compute.book.gua import HEXAGRAMS
from compute.book.liuqin import LIUQIN_RULE
from compute.engine.layout import CELL_OF, render_html
from compute.explain import explained
from compute.registry import PASSAGE_RE

HANGUL = re.compile("[가-힣]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{2,}\b")
BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
STEMS = "甲乙丙丁戊己庚辛壬癸"
DAYS = [STEMS[k % 10] + BRANCHES[k % 12] for k in range(60)]


def _notes(c):  # type: ignore[no-untyped-def]
    return {n.key: n for n in explained(c).notes}


def test_zhen_first_line_takes_geng_zi_as_the_book_says() -> None:
    """震納庚 (p043), 震 inside takes 子寅辰 (p045): 震宮 初爻 庚子."""
    notes = _notes(chart("震", month="寅", day="甲子"))
    assert "震納庚" in notes["1.gan"].text and notes["1.gan"].text.endswith("初爻 庚")
    assert "子·寅·辰" in notes["1.zhi"].text and notes["1.zhi"].text.endswith("初爻 子")
    assert notes["6.who"].text.startswith("震: 震宮 八純卦 → 世 上爻, 應 三爻")


def test_kun_zhi_kan_relatives_and_shi_ying() -> None:
    """困 is 兌宮 (金) 一世: 世 初爻, 應 四爻; 初爻 寅木 is what 金 controls → 妻財."""
    notes = _notes(chart("困", "坎", month="午", day="壬戌"))
    rel = notes["1.rel"].text
    assert "兌宮" in rel and "金" in rel and "金克木" in rel and rel.endswith("妻財")
    assert "世 初爻, 應 四爻" in notes["1.who"].text and "4.who" in notes
    assert "2.who" not in notes  # only the 世 and 應 lines are explained as such
    # 壬日 starts at 元武 on the 初爻 (p058-s2 注 「壬癸起元武」)
    assert "壬癸日起元武" in notes["1.spirit"].text and notes["1.spirit"].text.endswith("元武")


def test_month_break_void_and_day_clash_are_explained_where_they_apply() -> None:
    """子月 breaks 午 (子午相沖); 壬戌日 (甲寅旬) leaves 子丑 空; 戌 clashes 辰."""
    c = chart("困", "坎", month="子", day="壬戌")
    notes = _notes(c)
    assert "3.broken" in notes and "子午 相沖" in notes["3.broken"].text
    assert "2.clash" in notes and notes["2.clash"].text.startswith("日辰 戌 沖 辰")
    assert not any(k.endswith(".void") for k in notes)  # no 子 or 丑 among the lines
    c2 = chart("坎", month="寅", day="甲寅")  # 甲寅旬: 子丑 空; 坎 上爻 is 子
    assert "6.void" in _notes(c2) and "두 地支 子丑" in _notes(c2)["6.void"].text
    assert "3.broken" not in _notes(chart("困", "坎", month="午", day="壬戌"))


def _word(me, other) -> str:  # type: ignore[no-untyped-def]
    """The 六親 table's word, from 生 and 克 alone (p054-s2 … p055-s2), not from compute."""
    if me == other:
        return "比和"
    if other.generates() == me:
        return "生我"
    if other.controls() == me:
        return "克我"
    return "我生" if me.generates() == other else "我克"


def _charts(n: int, seed: int = 7):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    for _ in range(n):
        a, b = rng.choice(HEXAGRAMS).name, rng.choice(HEXAGRAMS).name
        yield chart(a, b if b != a else None, month=rng.choice(BRANCHES), day=rng.choice(DAYS))


@pytest.mark.parametrize("c", list(_charts(120)))
def test_every_note_agrees_with_the_chart_and_cites_its_rule(c) -> None:  # type: ignore[no-untyped-def]
    notes = _notes(c)
    table = dict(LIUQIN_RULE.rows) if hasattr(LIUQIN_RULE, "rows") else dict(LIUQIN_RULE)
    for ln in c.primary.lines:
        k = ln.position
        assert notes[f"{k}.gan"].text.endswith(str(ln.stem))
        assert notes[f"{k}.zhi"].text.endswith(str(ln.branch))
        assert notes[f"{k}.spirit"].text.endswith(str(ln.spirit))
        # the note's relation word, looked up in the book's table, is the chart's 六親
        word = _word(c.primary.palace_element, ln.element)
        assert f"({word})" in notes[f"{k}.rel"].text and table[word] == ln.relative
        assert (f"{k}.fu" in notes) == (ln.hidden is not None)
        assert (f"{k}.chg" in notes) == (c.changed is not None and ln.moving)
    for n in notes.values():
        assert n.passages and all(PASSAGE_RE.match(p) for p in n.passages), n
        assert HANGUL.search(n.text), n.text
        assert not LATIN_WORD.search(n.text), n.text


def test_the_derivation_has_its_steps_each_citing_a_sentence() -> None:
    for c in _charts(40, seed=3):
        steps = explained(c).steps
        assert len(steps) >= 8
        assert [s.title for s in steps[:9]] == [
            "起卦", "本卦와 之卦", "八宮과 世應", "納甲", "六親", "六神", "日月", "動變", "伏神"]
        assert all(s.passages for s in steps)


def test_an_asked_chart_opens_with_its_verdict() -> None:
    c = chart("困", "坎", month="午", day="壬戌", question="囤積")
    lay = explained(c)
    keys = [n.key for n in lay.verdict]
    assert keys == ["question", "yong", "judgment", "yingqi"]
    assert "囤積" in lay.verdict[0].text and "妻財" in lay.verdict[1].text
    first = next(f for f in c.findings if f.rule == "yingqi" and dict(f.data)["rank"] == 1)
    name = dict(first.data)["names"][0]
    assert lay.verdict[3].text.startswith(f"應期: {name['term']} {name['value']}")
    # the roles are marked: 用 on 初爻 寅 妻財, 元 on the 子孫
    notes = {n.key: n for n in lay.notes}
    assert notes["1.role"].title == "用神" and notes["4.role"].title == "元神"
    assert [t.title for t in lay.topics][:3] == ["用神", "판단", "應期"]


def test_the_html_marks_each_explained_cell_and_carries_the_notes() -> None:
    lay = explained(chart("困", "坎", month="子", day="壬戌", question="囤積"))
    html = render_html(lay, lambda p: f"/p/{p}", derivation_open=True)
    rows = re.findall(r'<tr class="[a-z]*"><td class="pos">(\d)</td>(.*?)</tr>', html)
    cell_re = r'<td class="([a-z]+)[^"]*" data-why="([a-z0-9- ]+)"'
    cells = [(f"{pos}.{cls}", rules.split()) for pos, row in rows
             for cls, rules in re.findall(cell_re, row)]
    notes = {n.key: n.rule for n in lay.notes}
    for cell, rules in cells:  # each rule a cell names is that of one of its notes
        pos, cls = cell.split(".")
        mine = {r for k, r in notes.items() if k.startswith(f"{pos}.")
                and CELL_OF.get(k.split(".")[1], k.split(".")[1]) == cls}
        assert set(rules) == mine, cell
    assert len(cells) >= 20, cells
    assert html.count('<li data-step="') == len(lay.steps) >= 8
    assert '<script type="application/json" class="why-data">' in html
    assert "<" not in html.split('class="why-data">')[1].split("</script>")[0]
