"""``yimao chart``: cast a chart and print it in the traditional layout, or as JSON.

    yimao chart 震 兌 --month 寅 --day 癸酉
    yimao chart --lines 987876 --at 1663-04-12T09:00 --json

The layout (:mod:`compute.engine.layout`, the one the site shows too), top line first: 六神, 六親
干支
五行, the line (○ 重, × 交), 世/應, the changed line after →, the 伏神 beside; then every
finding with its passages.
"""

from __future__ import annotations

import argparse

from compute.engine import inputs
from compute.engine.chart import Chart, chart_from_fields
from compute.engine.fields import OPTIONS
from compute.engine.layout import MOVE_MARK, YANG_BAR, YIN_BAR, render_text
from compute.engine.moment import DATE_POLICY, DEFAULT_TZ
from compute.messages import LANGS

__all__ = ["MOVE_MARK", "YANG_BAR", "YIN_BAR", "build", "configure", "render", "run"]


def configure(parser: argparse.ArgumentParser) -> None:
    """The options of ``yimao chart``: every value is text, read by
    :func:`compute.engine.chart.chart_from_fields` (the same reading as the API's and the
    browser's).

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> p.parse_args(["震", "兌", "--month", "寅", "--day", "癸酉"]).changed
    '兌'
    """
    parser.epilog = DATE_POLICY
    parser.add_argument("primary", nargs="?", help="本卦: 乾 … 未濟, or a full name (水地比)")
    parser.add_argument("changed", nargs="?", help="之卦 (omit for a static hexagram)")
    parser.add_argument("--month", help="月建: 寅, 寅建, 寅月, 正月 … 十二月, or a pillar (丙寅)")
    parser.add_argument("--day", help="日辰: a pillar (癸酉 or 癸酉日)")
    parser.add_argument("--year", help="太歲: a pillar (癸卯 or 癸卯年)")
    parser.add_argument("--hour", help="時: a branch (子, 子時) or a pillar (甲子)")
    parser.add_argument("--birth", help="本命: the asker's birth year (戊午, 戊午年生, or 午)")
    parser.add_argument("--lines", help="a cast, bottom first: 6 老陰 7 少陽 8 少陰 9 老陽 "
                        "(full-width digits too) or 單拆重交")
    parser.add_argument("--at", help="the moment of the cast, e.g. 1663-04-12T09:00 (read in "
                        "--tz unless it carries an offset such as +09:00)")
    parser.add_argument("--tz", help=f"the zone of --at: an offset (default {DEFAULT_TZ}, "
                        "UTC+8, the calendar's clock) or an IANA name such as Asia/Seoul")
    parser.add_argument("--julian", action="store_const", const="julian", default="gregorian",
                        dest="calendar", help="the date of --at is in the Julian calendar")
    parser.add_argument("--najia-stems", default="book", metavar="{book,trigram,common}",
                        help="二老時遷 for the 八純 乾坤 (book, default), for every 乾 or 坤 "
                        "trigram (trigram), or never swap the stems (common)")
    parser.add_argument("--solstice", metavar="{before,after}",
                        help="in a 子 or 午 month without a date: before or after the solstice")
    parser.add_argument("--fushen", default="book", metavar="{book,common}",
                        help="伏卦 after the book (default) or common practice")
    parser.add_argument("--hu", default="book", metavar="{book,common}", help="互卦 rule")
    parser.add_argument("--zi", default="23", metavar="{23,0}",
                        help="with --at: the day starts at 23:00 (default) or at midnight")
    parser.add_argument("--convention", action="append", default=[], metavar="NAME=CHOICE",
                        help="pick a registered convention (yimao rules --json lists the rules; "
                        "the chart's options show every convention and its choice)")
    parser.add_argument("--question", help="a question of the 筮類: its id (shilei-14-q5) or its "
                        "wording (養病); yimao topics lists them")
    parser.add_argument("--yongshen", help="the 用神 given by hand: 父母 兄弟 子孫 妻財 官鬼, 世, "
                        "應, 初爻 … 上爻, 內卦, 外卦 … (several joined by 、)")
    parser.add_argument("--facts", help="what the chart cannot know about the asking: 自占 or "
                        "代占, 男占 or 女占, 親 or 疏 …, person=長男 (主屬) or person=妻 (who is "
                        "asked about: it chooses the 用神), thing=蠶, 年=戊子 (joined by 、)")
    parser.add_argument("--json", action="store_true", help="print chart.to_dict() as JSON")
    parser.add_argument("--explain", action="store_true",
                        help="print the verdict first and the derivation step by step after the "
                        "chart, each step with its passages (in Korean; with --json, the "
                        "explained layout's JSON: each cell's note, the steps, the verdict)")
    parser.add_argument("--lang", choices=LANGS, help="the language of an error message: ko "
                        "(Korean) or en (English); by default the locale's (LC_ALL, "
                        "LC_MESSAGES, LANG): Korean under a Korean locale, else English")


def build(args: argparse.Namespace) -> Chart:
    """The chart the command-line arguments ask for.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> build(p.parse_args(["震", "兌", "--month", "寅", "--day", "癸酉"]))
    chart('震', '兌', month='寅', day='癸酉')
    """
    fields = {name: getattr(args, name, None) or "" for name in inputs.FIELDS}
    options = {name: getattr(args, name, None) or "" for name in OPTIONS}
    options["conventions"] = " ".join(getattr(args, "convention", None) or ())
    return chart_from_fields(fields, **options)


def render(c: Chart) -> str:
    """The chart as text, the top line first: :func:`compute.engine.layout.render_text`.

    >>> from compute import chart
    >>> print(render(chart("乾", month="寅", day="甲子")).splitlines()[3])
    元武  父母壬戌土  ▅▅▅▅▅   世    伏 兄弟癸酉金
    """
    return render_text(c)


def run(args: argparse.Namespace) -> int:
    """Print the chart (or its JSON); 0 on success.

    >>> p = argparse.ArgumentParser(); configure(p)
    >>> args = p.parse_args(["乾", "--month", "寅", "--day", "甲子", "--json"])
    >>> run(args) == 0  # doctest: +ELLIPSIS
    {...
    True
    """
    c = build(args)
    if getattr(args, "explain", False):
        print(explain_text(c, as_json=args.json))
    elif args.json:
        import json

        print(json.dumps(c.to_dict(), ensure_ascii=False, indent=1))
    else:
        print(render(c))
    return 0


def explain_text(c: Chart, as_json: bool = False) -> str:
    """``yimao chart --explain``: the verdict, the chart, then the derivation, one numbered
    step a line with its passages (:func:`compute.explain.explained`); *as_json*: the explained
    layout as JSON.

    >>> from compute import chart
    >>> out = explain_text(chart("困", "坎", month="午", day="壬戌")).splitlines()
    >>> out[0][:13], [ln[:6] for ln in out if ln.startswith(" 4.")]
    ('물음 없이 세운 괘: 世', [' 4. 納甲'])
    """
    from compute.explain import explained

    lay = explained(c)
    if as_json:
        import json

        return json.dumps(lay.to_dict(), ensure_ascii=False, indent=1)
    out = [f"{n.text}  [{' '.join(n.passages)}]" for n in lay.verdict]
    out += ["", render_text(lay), "", "풀이 순서"]
    out += [f"{k:2}. {n.title}: {n.text}  [{' '.join(n.passages)}]"
            for k, n in enumerate(lay.steps, 1)]
    return "\n".join(out)
