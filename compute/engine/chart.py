"""The chart (卦): the cast, its date, every line computed, every registered rule run.

>>> c = chart("震", "兌", month="寅", day="癸酉")
>>> c
chart('震', '兌', month='寅', day='癸酉')
>>> c.primary.name, c.changed.name, [str(b) for b in c.void]
('震', '兌', ['戌', '亥'])
>>> [(ln.position, ln.ganzhi.zh, str(ln.relative), str(ln.spirit)) for ln in c.primary.lines][:2]
[(1, '庚子', '父母', '元武'), (2, '庚寅', '兄弟', '青龍')]

Building order: the cast and the pillars → the primary and changed hexagrams with their
lines (納甲, 五行, 六親, 六神, 伏神 …) → every ``line`` annotator of :mod:`compute.registry`, in
registration order, merging its keys into ``line.state`` → every ``finding`` detector.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Mapping

from compute import registry
from compute.book.ganzhi import Branch, GanZhi
from compute.book.gua import HEXAGRAMS, Hexagram
from compute.engine import inputs
from compute.engine.lines import DRAFTS, build_lines, make_hexagram
from compute.engine.model import Chart, ChartHexagram, ChartLine, Hidden, new_blank
from compute.engine.run import run_rules, selected_rules
from compute.engine.tables import FIXED, HIDDEN_MODE, NUMBER_OF, YAO_FACTS, hu_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from compute.book.questions import Asking


def chart(
    primary: str | Hexagram | None = None,
    changed: str | Hexagram | None = None,
    *,
    month: str | Branch | GanZhi | None = None,
    day: str | GanZhi | None = None,
    year: str | GanZhi | None = None,
    hour: str | Branch | GanZhi | None = None,
    birth: str | GanZhi | Branch | None = None,
    lines: str | int | Iterable[int | str] | None = None,
    at: _dt.datetime | str | None = None,
    tz: str | _dt.tzinfo | None = None,
    calendar: str = "gregorian",
    najia_stems: str = "book",
    solstice: str | None = None,
    fushen: str = "book",
    hu: str = "book",
    zi: str = "23",
    conventions: Mapping[str, str] | str | None = None,
    rules: Iterable[str] | None = None,
    question: str | None = None,
    yongshen: str | None = None,
    facts: str | None = None,
) -> Chart:
    """Compute a chart.

    The book's way: ``chart("困", "坎", month="午", day="壬戌")`` (本卦, 之卦, 月建, 日辰;
    ``chart("困之坎", …)`` too);
    or a cast, bottom line first (6 老陰, 7 少陽, 8 少陰, 9 老陽, or 單拆重交):
    ``chart(lines="987876", at=datetime(1663, 4, 12, 9))``. Every input is read and checked by
    :mod:`compute.engine.inputs` (the accepted forms are listed there); bad input raises
    :class:`~compute.errors.InputError` and nothing else.

    The date: *at* is a datetime or text (``"1663-04-12T09:00"``). A time without an offset is
    read in *tz* (default ``"+08:00"``: UTC+8, China's clock, which the calendar keeps; any
    offset or an IANA name such as ``"Asia/Seoul"``); a time with an offset is converted from
    it. *calendar* ``"julian"`` reads the date in the Julian calendar. The chart keeps the
    moment in UTC+8 (``chart.at``) and the zone and calendar it was read in
    (``chart.options``).

    Options (recorded in ``chart.options``):

    * ``najia_stems``: ``"book"`` (二老時遷: from 夏至 to 冬至 the 八純 乾 takes 壬 inside
      and 甲 outside, the 八純 坤 癸 and 乙, p044-s1, as the book's cases p170-s1 and p171-s5
      read it), ``"trigram"`` (the same for every 乾 or 坤 trigram) or ``"common"`` (fixed
      stems). *solstice* (``"before"``/``"after"``) places a
      cast in a 子 or 午 month relative to the solstice when no date is given (default: past).
    * ``fushen``: ``"book"`` (純卦 hide their pair; 游魂, 歸魂 after 京房) or ``"common"``.
    * ``hu``: ``"book"`` (互卦 inner from the changed hexagram) or ``"common"``.
    * ``zi``: the 子時 convention for *at* (``"23"`` the day starts at 23:00, or ``"0"``).
    * ``conventions``: ``{name: choice}`` for the conventions the rule modules register
      (:func:`compute.registry.conventions`); the book's choice is the default.
    * ``question``: a question of the 筮類 (its id ``shilei-14-q5`` or its wording), and/or
      ``yongshen`` (its 用神 given by hand: 妻財, 世, 應, 五爻 …): the 用神 rules of
      :mod:`compute.shilei.quyong` and each chapter's judgments (:mod:`compute.shilei.judge`) then
      run;
      ``facts`` says what the chart cannot know about the asking (自占, 女占, 病久, person=長男,
      person=子 …, :func:`compute.book.questions.read_facts`), and chooses among the book's 用神
      of the question (:func:`compute.book.questions.choose`); ``chart.options`` records all three.

    *rules*: the registered rule ids whose line annotators and finding detectors run (default:
    every one). ``rules=()`` gives the static chart alone (納甲, 五行, 六親, 六神, 伏神, 世應,
    卦身 … and no states or findings); a subset runs in registration order. A rule reading the
    states another rule adds (most of chapters 13–41 read ``riyue``'s and ``kongpo``'s) needs
    that rule in the subset too. ``chart.options`` then records ``rules``.

    >>> c = chart("困", "坎", month="午", day="壬戌", rules=())
    >>> c.findings, c.primary.line(1).state, c.primary.line(1).ganzhi.zh
    ((), {}, '戊寅')
    >>> c
    chart('困', '坎', month='午', day='壬戌', rules=())
    >>> only = chart("困", "坎", month="午", day="壬戌", rules=["shi-ying-shengke", "liuqin"])
    >>> [f.rule for f in only.findings], only.option("rules")
    (['shi-ying-shengke'], 'liuqin shi-ying-shengke')

    >>> c = chart("困", "坎", month="午", day="壬戌")
    >>> c.primary.shi, c.primary.line(1).ganzhi.zh, str(c.primary.line(1).relative)
    (1, '戊寅', '妻財')
    >>> c.moving, c.changed.line(4).ganzhi.zh
    ((4,), '戊申')
    >>> chart("困之坎", month="午", day="壬戌").to_dict() == c.to_dict()
    True
    >>> chart("乾", "小畜", month="未", day="戊午").primary.line(4).ganzhi.zh  # p170-s1
    '甲午'
    >>> chart("乾", "小畜", month="未", day="戊午", najia_stems="common").primary.line(4).ganzhi.zh
    '壬午'
    >>> chart("乾", "兌", month="寅")
    Traceback (most recent call last):
    compute.errors.InputError: chart needs a day (日辰, e.g. day='癸酉') or a date (at=datetime)
    """
    r = inputs.parse(
        primary, changed, month=month, day=day, year=year, hour=hour, birth=birth, lines=lines,
        at=at, tz=tz, calendar=calendar, najia_stems=najia_stems, solstice=solstice,
        fushen=fushen, hu=hu, zi=zi, conventions=conventions,
    )
    asking = None if question is None and yongshen is None and facts is None \
        else _asking(question, yongshen, facts)  # most charts are asked nothing: no call
    call = r.call if asking is None else asking.call(r.call)
    primary_h, changed_h, stems_used = _hexagrams(r)
    options = (
        ("najia_stems", r.options[0][1]), ("najia_season", stems_used),
        ("najia_basis", r.basis), *r.options[1:],
    ) + r.conventions + (() if asking is None else asking.options)
    selected = None
    if rules is not None:
        selected = selected_rules(rules)
        call = f"{call[:-1]}, rules={tuple(sorted(selected))!r})"
        options += (("rules", " ".join(sorted(selected))),)
    c = new_blank(DRAFTS[3])  # every field of values computed here: a draft, then frozen
    c.cast = r.cast
    c.primary = primary_h
    c.changed = changed_h
    c.month = r.month
    c.day = r.day
    c.month_pillar = r.month_pillar
    c.year = r.year
    c.hour = r.hour
    c.birth = r.birth
    c.at = r.at
    c.options = options
    c.findings = ()
    c.call = call
    c.context = None
    c.asking = asking
    c.__class__ = Chart
    return run_rules(c, selected)


def _asking(question: str | None, yongshen: str | None, facts: str | None) -> Asking | None:
    """What the chart is asked, read once (the 筮類's table and rules load only then)."""
    if question is None and yongshen is None and facts is None:
        return None
    from compute.book.questions import Asking  # the question table: only a chart asked loads it

    registry.load_all()
    return Asking.read(question, yongshen, facts)


def _hexagrams(r: inputs.Reading) -> tuple[ChartHexagram, ChartHexagram | None, str]:
    """The primary and changed hexagrams of a reading, with their lines, and the 納甲 season."""
    najia_stems, fushen, hu = r.options[0][1], r.options[1][1], r.options[2][1]
    swap = r.after_xiazhi and najia_stems != "common"
    way = (2 if najia_stems == "trigram" else 1) if swap else 0
    facts = tuple(map(YAO_FACTS, map(NUMBER_OF, r.cast)))  # per line (yang, moving, mark)
    y0, y1, y2, y3, y4, y5 = facts
    bits = y0[0] | y1[0] << 1 | y2[0] << 2 | y3[0] << 3 | y4[0] << 4 | y5[0] << 5
    mask = y0[1] | y1[1] << 1 | y2[1] << 2 | y3[1] << 3 | y4[1] << 4 | y5[1] << 5
    c_bits = bits ^ mask if mask else None
    p_hex = HEXAGRAMS[bits]
    palace_phase = p_hex.palace.phase
    mode = HIDDEN_MODE[fushen]
    fu_hex = FIXED[bits][mode]
    day_gz, month_b, hour_gz = r.day, r.month, r.hour
    primary_h = make_hexagram(
        "primary", p_hex,
        build_lines("primary", bits, facts, True, palace_phase, way, day_gz, month_b, hour_gz,
                    fu_hex),
        fu_hex, hu_of(bits, c_bits, hu),
    )
    changed_h = None
    if c_bits is not None:
        changed_h = make_hexagram(
            "changed", HEXAGRAMS[c_bits],
            build_lines("changed", c_bits, facts, False, palace_phase, way, day_gz, month_b,
                        hour_gz, None),
            FIXED[c_bits][mode], hu_of(c_bits, None, hu),
        )
    stems_used = ("夏至後" if r.after_xiazhi else "冬至後") if najia_stems != "common" else "common"
    return primary_h, changed_h, stems_used


def chart_from_fields(fields: Mapping[str, object], **options: object) -> Chart:
    """The chart of form fields given as text (:func:`~compute.engine.inputs.parse_fields`):
    what the CLI and the in-browser runner call. Raises only
    :class:`~compute.errors.InputError`; its :func:`~compute.errors.message` is the line to
    show.

    >>> c = chart_from_fields({"lines": "987876", "at": "1663-04-12T09:00", "tz": ""})
    >>> c.day.zh, c.hour.zh, c.at.isoformat(), c.option("tz")
    ('癸酉', '丁巳', '1663-04-12T09:00:00+08:00', '+08:00')
    """
    return chart(**inputs.parse_fields(fields, **options))

__all__ = ["Chart", "ChartHexagram", "ChartLine", "Hidden", "chart", "chart_from_fields"]
