"""The worked cases in a reader's words: what the site's case pages and ``yimao case --lang ko``
both say of a case — its kind and each claim's status in Korean, its date as the translation
writes it, and compute's English notes (a verdict's computation, a placeholder date, why a
claim cannot be decided, how the 用神 was chosen) in Korean.

The two front ends (yimao/web/, yimao/cli/) import these from here and nothing of each other
(tests/test_model_boundaries.py). Nothing here imports lxml or the rest of the read model: the
case commands stay quick.

>>> STATUS["confirmed"], TYPE_KO["reported"], month_day("寅建 癸酉日")
(('✓', '계산과 일치'), '실제 점례', '寅月 癸酉日')
"""

from __future__ import annotations

import re

STATUS = {
    # status: (mark, Korean label)
    "confirmed": ("✓", "계산과 일치"),
    "contradicted": ("✗", "계산과 어긋남"),
    "not_computable": ("?", "계산할 수 없음"),
    "two_readings": ("±", "책의 두 읽기가 갈림"),
}
"""A claim's status as a reader sees it: its mark and its Korean label."""
TYPE_KO = {
    "reported": "실제 점례",
    "schematic": "가정한 예",
    "example": "설명용 예",
    "historical": "고사(古事)",
}
"""The kinds of case in the words the site uses."""

_JIAN = re.compile(r"建(?=\s|$)")


def month_day(date: str) -> str:
    """A case's date as the translation writes it: the month by its branch and 月 (寅月 甲子日),
    where the record keeps the book's 建 (寅建 甲子日; the 月建 is the same month).

    >>> month_day("寅建 甲子日"), month_day("辛卯年 丙申建 丙子日"), month_day("巳日")
    ('寅月 甲子日', '辛卯年 丙申月 丙子日', '巳日')
    >>> month_day("丑建 甲寅旬"), month_day("")
    ('丑月 甲寅旬', '')
    """
    return _JIAN.sub("月", date)


PLACEHOLDER_KO = (
    (re.compile(r"no month given: (\S+) used as a placeholder"),
     "본문에 달이 없어 {0}월을 임시로 넣어 계산했다 (달에 매인 판단은 하지 않는다)."),
    (re.compile(r"no day given: (\S+) used as a placeholder"),
     "본문에 날이 없어 {0}일을 임시로 넣어 계산했다 (날에 매인 판단은 하지 않는다)."),
    (re.compile(r"day given by its branch only: (\S+) used for the chart"),
     "본문은 날의 지지만 말하므로 {0}일로 계산했다 (일간에 매인 六神은 임시)."),
    (re.compile(r"day given by its stem only: (\S+) used for the chart"),
     "본문은 날의 천간만 말하므로 {0}일로 계산했다 (일지에 매인 판단은 임시)."),
    (re.compile(r"only the 旬 is given: its first day (\S+) used for the chart"),
     "본문은 旬만 말하므로 그 첫날 {0}일로 계산했다."),
)


_DETAIL = re.compile(r"(?P<kind>\w+): (?P<value>.*?) \(text: (?P<want>.*?)\)"
                     r"(?: on all (?P<n>\d+) neutral dates the text allows)?")
_DETAIL_ALL = re.compile(r"(?P<kind>\w+): (?P<want>.*?) on all (?P<n>\d+) neutral dates the "
                         r"text allows")


def detail_ko(detail: str) -> str:
    """A verdict's computation (:func:`yimao.model.cases.evaluate`: ``kind: value (text: want)``,
    parts joined by ``; ``) in Korean: what compute gives beside what the text says. A part
    in another form is left out (readers see no English).

    >>> detail_ko("line: 死 (text: 死)")
    '계산 「死」 · 본문 「死」'
    >>> detail_ko("relation: 生 (text: 克); line: 午 on all 12 neutral dates the text allows")
    '계산 「生」 · 본문 「克」; 계산 「午」 · 본문 「午」 (본문이 허용하는 날짜 12가지 모두)'
    >>> detail_ko("something else")
    ''
    """
    out = []
    for part in detail.split("; "):
        m = _DETAIL.fullmatch(part) or _DETAIL_ALL.fullmatch(part)
        if m is None:
            continue
        d = m.groupdict()
        value = d.get("value") or d["want"]
        text = f"계산 「{value}」 · 본문 「{d['want']}」"
        if d.get("n"):
            text += f" (본문이 허용하는 날짜 {d['n']}가지 모두)"
        out.append(text)
    return "; ".join(out)


def placeholder_ko(note: str) -> str:
    """A note of :func:`yimao.model.cases.setting` on a placeholder date, in Korean.

    >>> placeholder_ko("no month given: 寅 used as a placeholder")
    '본문에 달이 없어 寅월을 임시로 넣어 계산했다 (달에 매인 판단은 하지 않는다).'
    >>> placeholder_ko("something new"), placeholder_ko("暗動")
    ('', '暗動')
    """
    for pattern, ko in PLACEHOLDER_KO:
        m = pattern.fullmatch(note)
        if m:
            return ko.format(*m.groups())
    return note if not re.search("[A-Za-z]", note) else ""


def choice_ko(choice: str) -> str:
    """compute's note on how the 用神 was found, in a reader's words
    (:func:`compute.shilei.roles.say_choice`).

    >>> choice_ko("伏藏: 舍飛從伏"), choice_ko("竟無"), choice_ko("")
    ('飛爻에 없어 그 아래 伏神을 쓴다(舍飛從伏).', '飛爻에도 伏神에도 없다(竟無).', '')
    >>> print(choice_ko("兩現: 初爻 丑 (空), 上爻 未 → 取 上爻: 舍其有傷，取其無傷 (p173-s2)"))
    用神이 두 번 나타난다(兩現): 初爻 丑(空)、上爻 未. 「舍其有傷，取其無傷」에 따라 上爻를 취한다.
    """
    from compute.shilei.roles import say_choice

    said = say_choice(choice)
    return said if not re.search("[A-Za-z]", said) else ""


NOT_COMPUTABLE_KO = (
    (re.compile(r"the case does not give (.*)"), "본문이 날짜를 다 말하지 않아 판단할 수 없다."),
    (re.compile(r"compute has no rule .*"), "이 판의 계산 엔진에 아직 이 규칙이 없다."),
    (re.compile(r".*the claim holds on (\d+) of the (\d+) neutral dates.*"),
     "본문이 허용하는 날짜 {1}가지 가운데 {0}가지에서만 성립하여 판단할 수 없다."),
)


def not_computable_ko(reason: str) -> str:
    """Why a claim cannot be decided, in Korean (compute's reason is in English).

    >>> not_computable_ko("compute has no rule 'jieqi' yet")
    '이 판의 계산 엔진에 아직 이 규칙이 없다.'
    >>> not_computable_ko("x: the claim holds on 3 of the 12 neutral dates the text allows")
    '본문이 허용하는 날짜 12가지 가운데 3가지에서만 성립하여 판단할 수 없다.'
    """
    for pattern, ko in NOT_COMPUTABLE_KO:
        m = pattern.fullmatch(reason)
        if m:
            return ko.format(*m.groups())
    return "이 판의 계산 엔진으로는 판단할 수 없다."


__all__ = ["NOT_COMPUTABLE_KO", "PLACEHOLDER_KO", "STATUS", "TYPE_KO", "choice_ko", "detail_ko",
           "month_day", "not_computable_ko", "placeholder_ko"]
