"""``yimao chart``: cast a chart and print it in the traditional layout, or as JSON.

    yimao chart 震 兌 --month 寅 --day 癸酉
    yimao chart --lines 987876 --at 1663-04-12T09:00 --json

The layout, top line first: 六神, 六親 干支 五行, the line (○ 重, × 交), 世/應, the changed line
after →, the 伏神 beside; then every finding with its passages.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
from typing import Any

from compute.chart import Chart, ChartLine, chart
from compute.errors import InputError

YANG_BAR, YIN_BAR = "▅▅▅▅▅", "▅▅ ▅▅"
MOVE_MARK = {"重": "○", "交": "×"}


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``yimao chart``.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> p.parse_args(["震", "兌", "--month", "寅", "--day", "癸酉"]).changed
    '兌'
    """
    parser.add_argument("primary", nargs="?", help="本卦: 乾 … 未濟, or a full name (水地比)")
    parser.add_argument("changed", nargs="?", help="之卦 (omit for a static hexagram)")
    parser.add_argument("--month", help="月建: a branch (寅) or a pillar (丙寅)")
    parser.add_argument("--day", help="日辰: a pillar (癸酉)")
    parser.add_argument("--year", help="太歲: a pillar (癸卯)")
    parser.add_argument("--hour", help="時: a branch (子) or a pillar")
    parser.add_argument("--birth", help="本命: the asker's birth year (戊午)")
    parser.add_argument("--lines",
                        help="a cast, bottom first: 6 老陰 7 少陽 8 少陰 9 老陽 (or 單拆重交)")
    parser.add_argument("--at", help="the moment of the cast, e.g. 1663-04-12T09:00")
    parser.add_argument("--najia-stems", default="book", choices=("book", "common"),
                        help="二老時遷 (book, default) or never swap 乾坤 stems (common)")
    parser.add_argument("--solstice", choices=("before", "after"),
                        help="in a 子 or 午 month without a date: before or after the solstice")
    parser.add_argument("--fushen", default="book", choices=("book", "common"),
                        help="伏卦 after the book (default) or common practice")
    parser.add_argument("--hu", default="book", choices=("book", "common"), help="互卦 rule")
    parser.add_argument("--zi", default="23", choices=("23", "0"),
                        help="with --at: the day starts at 23:00 (default) or at midnight")
    parser.add_argument("--convention", action="append", default=[], metavar="NAME=CHOICE",
                        help="pick a registered convention (yimao rules --json lists the rules; "
                        "the chart's options show every convention and its choice)")
    parser.add_argument("--json", action="store_true", help="print chart.to_dict() as JSON")


def _moment(text: str | None) -> _dt.datetime | None:
    if text is None:
        return None
    try:
        return _dt.datetime.fromisoformat(text)
    except ValueError:
        raise InputError(f"--at {text!r}: expected a date and time such as 1663-04-12T09:00") \
            from None


def _conventions(items: list[str]) -> dict[str, str]:
    out = {}
    for item in items:
        name, sep, choice = item.partition("=")
        if not sep:
            raise InputError(f"--convention {item!r}: expected NAME=CHOICE, e.g. fu-riyue=p102")
        out[name.strip()] = choice.strip()
    return out


def build(args: argparse.Namespace) -> Chart:
    """The chart the command-line arguments ask for.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> build(p.parse_args(["震", "兌", "--month", "寅", "--day", "癸酉"]))
    chart('震', '兌', month='寅', day='癸酉')
    """
    kwargs: dict[str, Any] = dict(
        month=args.month, day=args.day, year=args.year, hour=args.hour, birth=args.birth,
        lines=args.lines, at=_moment(args.at), najia_stems=args.najia_stems,
        solstice=args.solstice, fushen=args.fushen, hu=args.hu, zi=args.zi,
        conventions=_conventions(getattr(args, "convention", [])) or None,
    )
    return chart(args.primary, args.changed, **kwargs)


def _row(c: Chart, ln: ChartLine) -> str:
    bar = YANG_BAR if ln.yang else YIN_BAR
    mark = MOVE_MARK.get(ln.mark, " ")
    who = "世" if ln.position == c.primary.shi else "應" if ln.position == c.primary.ying else "  "
    who = who if len(who) == 2 else who + " "
    left = f"{ln.spirit}  {ln.relative}{ln.ganzhi.zh}{ln.element}  {bar} {mark} {who}"
    change = ""
    if c.changed is not None:
        ch = c.changed.line(ln.position)
        if ln.moving:
            change = f"→ {ch.relative}{ch.ganzhi.zh}{ch.element}"
        else:
            change = " " * 10
    fu = ln.hidden
    hidden = f"  伏 {fu.relative}{fu.ganzhi.zh}{fu.element}" if fu else ""
    return f"{left} {change}{hidden}".rstrip()


def render(c: Chart) -> str:
    """The chart as text, the top line first.

    >>> print(render(chart("乾", month="寅", day="甲子")).splitlines()[3])
    元武  父母壬戌土  ▅▅▅▅▅   世    伏 兄弟癸酉金
    """
    p = c.primary
    head = f"{p.full_name} ({p.palace}宮 {p.palace_element} {p.generation})"
    if c.changed:
        q = c.changed
        head += f" 之 {q.full_name} ({q.palace}宮 {q.generation})"
    date = []
    if c.year:
        date.append(f"{c.year.zh}年")
    date.append(f"{c.month_pillar.zh if c.month_pillar else c.month}月")
    date.append(f"{c.day.zh}日")
    if c.hour:
        date.append(f"{c.hour.zh}時")
    if c.birth is not None:
        date.append(f"本命 {c.birth}")
    out = [head, f"{' '.join(date)}  ({c.xun}旬 空 {''.join(map(str, c.void))}; "
           f"納甲 {c.option('najia_season')})", ""]
    out += [_row(c, ln) for ln in reversed(p.lines)]
    shen = "".join(map(str, p.guashen_lines)) or "不現"
    out += ["", f"卦身 {p.guashen} ({shen})  世身 {p.shishen}爻  互 {p.hugua}  "
                f"伏卦 {p.hidden_hexagram or '—'}  五星 {p.star}  經星 {p.jing_xiu}", ""]
    for f in c.findings:
        out.append(f"- {f.rule}: {f.summary}  [{' '.join(f.passages)}]")
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    """Print the chart (or its JSON); 0 on success.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> args = p.parse_args(["乾", "--month", "寅", "--day", "甲子", "--json"])
    >>> run(args) == 0  # doctest: +ELLIPSIS
    {...
    True
    """
    c = build(args)
    if args.json:
        print(json.dumps(c.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(render(c))
    return 0
