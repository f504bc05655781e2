"""What compute says to a person, in English and in Korean: one catalogue of messages, each
under an id with named parameters (standard library only; it runs under Pyodide).

An :class:`~compute.errors.InputError` carries a message id and its values; :func:`render`
writes it in a language (``en`` for the CLI's English mode and the existing API, ``ko`` for the
reading site's Run panel and the CLI under a Korean locale). The structured data
(``to_dict``) never holds these words: it stays language-neutral.

A parameter is written by its name:

* ``value``, ``value2`` … (a name starting ``value``): the bad value itself, quoted
  (:func:`quote`: ``'XX'`` in English, ``「XX」`` in Korean);
* ``field``, ``what``, ``side``: a word of :data:`TERMS` (``day`` → 日辰), as a reader knows it;
* ``accepted``: a field whose accepted forms (:data:`ACCEPTS`) the message lists;
* ``reason``: another message (an :class:`~compute.errors.InputError`), written in the same
  language;
* any other: the value as text (干支, dates, numbers, lists already joined).

>>> render("hexagram.unknown_field", {"field": "primary", "value": "XX"}, "ko")[:28]
'本卦 「XX」: 그런 괘는 없습니다. 乾·姤·既濟·'
>>> render("field.missing_day", {}, "en")
"chart needs a day (日辰, e.g. day='癸酉') or a date (at=datetime)"
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Final

LANGS: Final = ("en", "ko")
"""The languages of the catalogue; the first is the default."""

SHOWN: Final = 24
"""How many characters of a bad value a message quotes."""


TERMS: Final = {
    "primary": ("primary", "本卦"),
    "changed": ("changed", "之卦"),
    "month": ("month", "月建"),
    "day": ("day", "日辰"),
    "year": ("year", "年(太歲)"),
    "hour": ("hour", "時"),
    "birth": ("birth", "本命"),
    "lines": ("lines", "여섯 효"),
    "at": ("at", "일시"),
    "tz": ("tz", "시간대"),
    "time zone": ("time zone", "시간대"),
    "question": ("question", "筮類 물음"),
    "yongshen": ("yongshen", "用神"),
    "facts": ("facts", "물은 사정"),
    "najia_stems": ("najia_stems", "二老時遷 방식"),
    "fushen": ("fushen", "伏卦 방식"),
    "hu": ("hu", "互卦 방식"),
    "zi": ("zi", "子時 기준"),
    "solstice": ("solstice", "冬至·夏至 전후"),
    "calendar": ("calendar", "역법"),
    "conventions": ("conventions", "관례"),
    "stem": ("stem", "天干"),
    "branch": ("branch", "地支"),
    "trigram": ("trigram", "소성괘(八卦)"),
    "relative": ("relative", "六親"),
    "phase": ("phase", "五行"),
    "spirit": ("spirit", "六神"),
    "season": ("season", "계절"),
    "before": ("before", "전(前)"),
    "after": ("after", "후(後)"),
}
"""The words messages name things by: (English, Korean). The Korean is the reader's word (the
form's labels: 本卦, 月建, 日辰 …), never a field's code name."""


ACCEPTS: Final = {
    "month": ("a branch (辰), 辰建, 辰月, a month number (三月) or a pillar (丙辰)",
              "地支 하나(辰), 辰建, 辰月, 달 수(三月) 또는 干支(丙辰)"),
    "day": ("a pillar, a stem and a branch such as 癸酉 or 癸酉日",
            "干支 두 글자(癸酉 또는 癸酉日)"),
    "year": ("a pillar, a stem and a branch such as 癸卯 or 癸卯年",
             "干支 두 글자(癸卯 또는 癸卯年)"),
    "hour": ("a branch (巳), 巳時 or a pillar (丁巳)", "地支 하나(巳), 巳時 또는 干支(丁巳)"),
    "birth": ("a branch (午) or a pillar (戊午), also 戊午年 or 戊午年生",
              "地支(午)나 干支(戊午), 또는 戊午年·戊午年生"),
}
"""What each field accepts: (English, Korean)."""


_PAIR_KO: Final = ("六十甲子에 없는 짝입니다. 陽干(甲丙戊庚壬)은 陽支(子寅辰午申戌)와, "
                   "陰干(乙丁己辛癸)은 陰支(丑卯巳未酉亥)와 짝합니다.")
_CAST_KO: Final = "여섯 효를 아래 효부터 적으십시오(6·7·8·9 또는 單拆重交, 예: 987876)."

CATALOGUE: Final[dict[str, tuple[str, str]]] = {
    # ---------------------------------------------------------------- a field's text
    "field.bad": (
        "{field} {value}: expected {accepted}",
        "{field} {value}: 읽을 수 없습니다. {accepted} 꼴로 적으십시오."),
    "field.bad_pillar": (
        "{field} {value}: {reason}",
        "{field} {value}: " + _PAIR_KO),
    "field.not_text": (
        "{field} {value}: expected text, {accepted}",
        "{field} {value}: 글자로 적으십시오({accepted})."),
    "field.not_text_bare": (
        "{field} {value}: expected text",
        "{field} {value}: 글자로 적으십시오."),
    "field.empty": (
        "{field} is empty: expected {accepted}",
        "{field} 칸이 비었습니다. {accepted} 꼴로 적으십시오."),
    "field.empty_bare": (
        "{field} is empty: expected a value",
        "{field} 칸이 비었습니다. 값을 적으십시오."),
    "field.too_long": (
        "{field} {value} is too long: expected {accepted}",
        "{field} {value}: 너무 깁니다. {accepted} 꼴로 적으십시오."),
    "field.too_long_bare": (
        "{field} {value} is too long: expected a short value",
        "{field} {value}: 너무 깁니다. 짧게 적으십시오."),
    "field.unknown": (
        "unknown field {value}; fields are {names}",
        "입력 칸 {value}: 그런 칸은 없습니다. 칸 이름: {names}."),
    "field.twice": (
        "{field} given twice",
        "{field}: 두 번 주어졌습니다. 한 번만 적으십시오."),
    "field.not_text_field": (
        "field {field} {value}: expected text",
        "{field} {value}: 글자로 적으십시오."),
    "fields.not_mapping": (
        "fields {value}: expected a mapping of field names to text",
        "입력 {value}: 칸 이름과 그 글자의 짝으로 주십시오."),
    "option.bad": (
        "{field} {value}: expected one of {choices}",
        "{field} {value}: 다음 가운데 하나로 적으십시오: {choices}."),
    "names.unknown": (
        "unknown {what} {value}; expected {expected}",
        "{what} {value}: 그런 이름은 없습니다. 다음 가운데 하나를 적으십시오: {choices}."),
    # ---------------------------------------------------------------- hexagrams and casts
    "hexagram.not_text": (
        "{field} hexagram {value}: expected a name such as 乾 or 既濟",
        "{field} {value}: 乾이나 既濟 같은 괘 이름을 적으십시오."),
    "hexagram.too_long": (
        "{field} hexagram {value} is too long: expected a name such as 乾, 既濟 or 水火既濟",
        "{field} {value}: 너무 깁니다. 乾·既濟·水火既濟 같은 괘 이름을 적으십시오."),
    "hexagram.unknown": (
        "unknown hexagram {value}; expected a name such as 乾, 姤, 既濟, 歸妹, a full name "
        "such as 水地比 or 乾為天",
        "괘 이름 {value}: 그런 괘는 없습니다. 乾·姤·既濟·歸妹 같은 괘 이름이나 "
        "水地比·乾為天 같은 온이름을 적으십시오."),
    "hexagram.unknown_field": (
        "unknown hexagram {value}; expected a name such as 乾, 姤, 既濟, 歸妹, a full name "
        "such as 水地比 or 乾為天",
        "{field} {value}: 그런 괘는 없습니다. 乾·姤·既濟·歸妹 같은 괘 이름이나 "
        "水地比·乾為天 같은 온이름을 적으십시오."),
    "hexagram.bits": (
        "hexagram bits {value} outside 0-63",
        "괘의 번호 {value}: 0부터 63까지만 있습니다."),
    "cast.both": (
        "give either hexagram names or lines, not both",
        "괘 이름(本卦·之卦)과 여섯 효를 함께 적었습니다. 둘 가운데 하나만 적으십시오."),
    "cast.changed_alone": (
        "changed hexagram {value} without a primary hexagram",
        "之卦 {value}만 있고 本卦가 없습니다. 本卦를 함께 적으십시오."),
    "cast.missing": (
        "chart needs a hexagram (e.g. chart('震', '兌', ...)) or lines='987876'",
        "괘가 없습니다. 本卦(움직인 효가 있으면 之卦도)를 적거나 여섯 효(예: 987876)를 "
        "적으십시오."),
    "cast.primary_names_changed": (
        "primary {value} already names the changed hexagram; drop changed {value2}",
        "本卦 {value}에 之卦까지 들어 있습니다. 之卦 칸({value2})을 비우십시오."),
    "cast.bad": (
        "cast {value}: give six lines, bottom first (digits 6-9 or 單拆重交)",
        "여섯 효 {value}: " + _CAST_KO),
    "cast.too_long": (
        "cast {value} is too long: give six lines, bottom first (digits 6-9 or 單拆重交)",
        "여섯 효 {value}: 너무 깁니다. " + _CAST_KO),
    "cast.line": (
        "cast line {value}: expected 6 (交 老陰), 7 (單 少陽), 8 (拆 少陰), 9 (重 老陽) or the "
        "marks 單拆重交",
        "효 {value}: 6(交 老陰), 7(單 少陽), 8(拆 少陰), 9(重 老陽) 또는 單拆重交 가운데 하나로 "
        "적으십시오."),
    "cast.line_number": (
        "cast line {value}: expected 6 (交 老陰), 7 (單 少陽), 8 (拆 少陰) or 9 (重 老陽)",
        "효 {value}: 6(交 老陰), 7(單 少陽), 8(拆 少陰), 9(重 老陽) 가운데 하나로 적으십시오."),
    "cast.mark": (
        "unknown line mark {value}; expected 單, 拆, 重 or 交 (or 6-9)",
        "효의 표시 {value}: 單·拆·重·交(또는 6·7·8·9) 가운데 하나로 적으십시오."),
    "cast.backs": (
        "coin backs {value}: three coins show 0-3 backs",
        "동전의 뒷면 {value}: 동전 세 닢의 뒷면은 0개에서 3개까지입니다."),
    # ---------------------------------------------------------------- pillars
    "ganzhi.index": (
        "sexagenary index {value} outside 0-59",
        "六十甲子의 번호 {value}: 0부터 59까지만 있습니다."),
    "ganzhi.not_pair": (
        "{pair} is not a stem-branch pair: a yang stem takes a yang branch (甲丙戊庚壬 with "
        "子寅辰午申戌), a yin stem a yin branch",
        "{pair}: " + _PAIR_KO),
    "ganzhi.malformed": (
        "malformed 干支 {value}; expected a stem and a branch, e.g. 癸酉",
        "干支 {value}: 天干과 地支 두 글자(예: 癸酉)로 적으십시오."),
    "ganzhi.direction": (
        "{value} has no place among the 24 directions; give a stem, branch or 卦",
        "{value}: 24방위에 없는 글자입니다. 天干·地支·괘 이름 가운데 하나를 적으십시오."),
    "date.contradicts": (
        "{field} {given} contradicts the date {when} ({actual})",
        "{field} {given}: 일시 {when}에 따르면 {actual}입니다. 둘 가운데 하나를 "
        "고치십시오."),
    "date.solstice_contradicts": (
        "solstice {side} contradicts the date {when}",
        "冬至·夏至 {side}: 일시 {when}에 맞지 않습니다. 둘 가운데 하나를 고치십시오."),
    "field.missing_month": (
        "chart needs a month (月建, e.g. month='寅') or a date (at=datetime)",
        "月建이 없습니다. 月建(예: 寅)이나 일시(예: 1663-04-12T09:00)를 적으십시오."),
    "field.missing_day": (
        "chart needs a day (日辰, e.g. day='癸酉') or a date (at=datetime)",
        "日辰이 없습니다. 日辰(예: 癸酉)이나 일시(예: 1663-04-12T09:00)를 적으십시오."),
    "month.contradicts_year": (
        "month {month} contradicts year {year}: by 五虎遁 the month is {expected}",
        "月建 {month}: 年이 {year}일 때 五虎遁에 따르면 그 달은 {expected}입니다. 둘 가운데 "
        "하나를 고치십시오."),
    "hour.contradicts_day": (
        "hour {hour} contradicts day {day}: by 五子遁 the hour is {expected}",
        "時 {hour}: 日辰이 {day}일 때 五子遁에 따르면 그 時는 {expected}입니다. 둘 가운데 "
        "하나를 고치십시오."),
    # ---------------------------------------------------------------- conventions, options
    "convention.not_pair": (
        "convention {value}: expected NAME=CHOICE",
        "관례 {value}: 「이름=선택」 꼴로 적으십시오."),
    "conventions.not_mapping": (
        "conventions {value}: expected a mapping {{name: choice}}",
        "관례 {value}: 이름과 선택의 짝으로 주십시오."),
    "convention.unknown": (
        "unknown convention {value}; expected one of {choices}",
        "관례 {value}: 그런 관례는 없습니다. 다음 가운데 하나를 적으십시오: {choices}."),
    "convention.none": (
        "unknown convention {value}; expected one of (none registered)",
        "관례 {value}: 그런 관례는 없습니다(등록된 관례가 없습니다)."),
    "convention.bad_choice": (
        "convention {name} {value}: expected one of {choices}",
        "관례 {name} {value}: 다음 가운데 하나로 적으십시오: {choices}."),
    "najia.scope": (
        "二老時遷 scope {value}: expected 'pure' or 'trigram'",
        "二老時遷의 범위 {value}: 'pure'(八純卦만)나 'trigram'(乾坤 소성괘마다)으로 "
        "적으십시오."),
    "najia.solstice": (
        "solstice {value}: expected 'before' or 'after'",
        "冬至·夏至 전후 {value}: 'before'(전)나 'after'(후)로 적으십시오."),
    "fushen.mode": (
        "伏神 mode {value}: expected 'book' or 'common'",
        "伏神 방식 {value}: 'book'(책대로)이나 'common'(통설)으로 적으십시오."),
    "hugua.mode": (
        "互卦 mode {value}: expected 'book' or 'common'",
        "互卦 방식 {value}: 'book'(책대로)이나 'common'(통설)으로 적으십시오."),
    "zi.bad": (
        "子時 convention {value}: expected '23' (day starts 23:00) or '0'",
        "子時 기준 {value}: '23'(하루가 23시에 시작)이나 '0'(자정에 시작)으로 적으십시오."),
    "rules.unknown": (
        "rules: unknown rule {value}; `yimao rules` lists the ids",
        "규칙 {value}: 그런 규칙은 없습니다. 규칙 목록에 있는 것을 적으십시오."),
    # ---------------------------------------------------------------- dates and zones
    "tz.not_text": (
        "time zone {value}: expected an offset such as +08:00 or an IANA name such as "
        "Asia/Shanghai",
        "시간대 {value}: +08:00 같은 시차를 적으십시오."),
    "tz.range": (
        "time zone {value}: an offset is at most ±23:59",
        "시간대 {value}: 시차는 ±23:59를 넘지 못합니다."),
    "tz.unknown": (
        "time zone {value}: unknown; give an offset such as +08:00 (the default, UTC+8) or an "
        "IANA name such as Asia/Shanghai",
        "시간대 {value}: 모르는 시간대입니다. +09:00 같은 시차를 적으십시오(비우면 UTC+8)."),
    "at.reason": (
        "at {value}: {reason}",
        "일시 {value}: {reason}"),
    "at.no_such_date": (
        "at {value}: no such Gregorian date ({detail}); a Julian date needs calendar julian",
        "일시 {value}: 그레고리력(양력)에 없는 날짜입니다. 날짜를 고치십시오."),
    "at.date_only": (
        "at {value}: give a date and time (a datetime or text such as 1663-04-12T09:00); the "
        "hour decides the hour pillar",
        "일시 {value}: 시각까지 적으십시오(예: 1663-04-12T09:00). 時의 干支는 시각으로 "
        "정해집니다."),
    "at.bad": (
        "at {value}: expected a date and time such as 1663-04-12T09:00 (seconds and an offset "
        "such as +08:00 optional)",
        "일시 {value}: 1663-04-12T09:00처럼 날짜와 시각을 적으십시오(초와 +08:00 같은 시차는 "
        "없어도 됩니다)."),
    "at.no_such_time": (
        "at {value}: no such time of day ({detail})",
        "일시 {value}: 그런 시각은 없습니다(시는 0–23, 분과 초는 0–59)."),
    "at.range": (
        "at {value}: the calendar covers the years {first}-{last} (in UTC+8, Gregorian)",
        "일시 {value}: 역법 표는 {first}년부터 {last}년까지만 있습니다(UTC+8, 그레고리력)."),
    "at.too_long": (
        "at {value} is too long: expected a date and time such as 1663-04-12T09:00",
        "일시 {value}: 너무 깁니다. 1663-04-12T09:00 같은 날짜와 시각으로 적으십시오."),
    "at.not_moment": (
        "at {value}: expected a datetime or text such as 1663-04-12T09:00",
        "일시 {value}: 1663-04-12T09:00 같은 날짜와 시각으로 적으십시오."),
    "at.own_offset": (
        "at {value} carries its own offset: give tz only for a time without one",
        "일시 {value}에 시차가 이미 들어 있습니다. 시간대 칸을 비우거나 일시의 시차를 "
        "지우십시오."),
    "julian.month": (
        "Julian date {date}: month outside 1-12",
        "율리우스력 날짜 {date}: 달은 1부터 12까지입니다."),
    "julian.day": (
        "Julian date {date}: {month_name} {year} has {length} days",
        "율리우스력 날짜 {date}: {year}년 {month}월은 {length}일까지 있습니다."),
    "julian.range": (
        "Julian date {date} falls outside the Gregorian years 1-9999",
        "율리우스력 날짜 {date}: 그레고리력 1년부터 9999년 사이를 벗어납니다."),
    "calendar.table": (
        "the table of the 節 (compute/book/jieqi_data.py) does not match the years "
        "{first}-{last}: regenerate it (tools/jieqi_table.py)",
        "節의 표가 {first}년부터 {last}년까지와 맞지 않습니다. 표를 다시 만들어야 합니다."),
    "calendar.year": (
        "year {year}: the calendar covers the years {first}-{last} (UTC+8, Gregorian)",
        "{year}년: 역법 표는 {first}년부터 {last}년까지만 있습니다(UTC+8, 그레고리력)."),
    "calendar.not_datetime": (
        "date {value}: expected a datetime such as 1663-04-12T09:00",
        "날짜 {value}: 1663-04-12T09:00 같은 날짜와 시각으로 적으십시오."),
    "calendar.utc8_range": (
        "date {date}: in UTC+8 it falls outside the years {first}-{last} the calendar covers",
        "날짜 {date}: UTC+8로 옮기면 역법 표의 {first}년부터 {last}년까지를 벗어납니다."),
    "calendar.range": (
        "date {date}: the calendar covers the years {first}-{last} (UTC+8, Gregorian)",
        "날짜 {date}: 역법 표는 {first}년부터 {last}년까지만 있습니다(UTC+8, 그레고리력)."),
    # ---------------------------------------------------------------- the 筮類 asked
    "question.not_text": (
        "question {value}: expected text, a question id or its wording",
        "筮類 물음 {value}: 물음의 번호나 낱말을 글자로 적으십시오."),
    "question.ambiguous": (
        "question {value} is asked in {count} chapters: {ids}; give its id",
        "筮類 물음 {value}: {count}개 장(章)에 같은 물음이 있습니다. 번호({ids}) 가운데 "
        "하나를 적으십시오."),
    "question.unknown": (
        "question {value}: expected a question id ({first} … {last}) or the wording of a "
        "question of the 筮類 (yimao topics lists them)",
        "筮類 물음 {value}: 그런 물음은 없습니다. 筮類 각 장의 물음 낱말(養病, 囤積 따위)이나 "
        "물음 번호를 적으십시오. 물음은 筮類 물음 목록 쪽에 모두 있습니다."),
    "yongshen.bad": (
        "yongshen {value}: expected one of {choices}",
        "用神 {value}: 다음 가운데 하나로 적으십시오: {choices}."),
    "yongshen.empty": (
        "yongshen '': expected one of {choices}",
        "用神 칸이 비었습니다. 다음 가운데 하나로 적으십시오: {choices}."),
    "fact.year": (
        "fact {value}: the year asked is a pillar of the sixty, such as 戊子",
        "물은 사정 {value}: 묻는 해는 戊子 같은 六十甲子의 干支로 적으십시오."),
    "fact.bad": (
        "fact {value}: expected one of {choices}, person=長男 ({persons}), thing=…, 年=戊子",
        "물은 사정 {value}: {choices} 가운데 하나, 또는 主屬=長男({persons}), 事=…, "
        "年=戊子 꼴로 적으십시오."),
    "facts.exclusive": (
        "facts {first} and {second} exclude each other",
        "물은 사정 {first}·{second}: 둘은 함께 적을 수 없습니다. 하나만 적으십시오."),
    "daxian.year": (
        "大限/小限 need the year of the divination (year=…)",
        "大限·小限을 보려면 점친 해의 干支(年)를 적으십시오."),
    "daxian.fugua": (
        "the 伏卦 is missing (fushen option)",
        "伏卦가 없습니다(伏卦 방식을 확인하십시오)."),
    # ---------------------------------------------------------------- compute's own values
    "model.fushen": (
        "伏神 {branch}: element {element} is not the branch's",
        "伏神 {branch}의 五行이 {element}일 수 없습니다."),
    "model.role": (
        "line role {value}: expected 'primary' or 'changed'",
        "효의 자리 {value}: 'primary'(本卦)나 'changed'(之卦)여야 합니다."),
    "model.position": (
        "line position {value} outside 1-6",
        "효의 위치 {value}: 1부터 6까지만 있습니다."),
    "model.pillar": (
        "line {position}: {pillar} {element} is not a consistent pillar",
        "{position}효: {pillar} {element}: 서로 맞지 않는 干支와 五行입니다."),
    "model.lines": (
        "a chart hexagram needs lines 1-6 in order",
        "괘에는 1효부터 6효까지 차례로 있어야 합니다."),
    "model.cast": (
        "a chart needs six cast lines",
        "괘에는 여섯 효가 있어야 합니다."),
    "model.changed": (
        "a chart has a changed hexagram exactly when a line moves",
        "움직인 효가 있을 때에만 之卦가 있습니다."),
    "condition.read": (
        "condition {value}: cannot read at {value2}",
        "조건 {value}: {value2}부터 읽을 수 없습니다."),
    "condition.expected": (
        "condition {value}: expected {want}, got {value2}",
        "조건 {value}: 기대한 것 {want}, 실제 {value2}."),
    "condition.unexpected": (
        "condition {value}: unexpected {value2}",
        "조건 {value}: 뜻밖의 것이 있습니다: {value2}."),
    "condition.selector": (
        "unknown selector {value}",
        "조건의 선택어 {value}: 그런 선택어는 없습니다."),
    "condition.predicate": (
        "unknown predicate {name}=",
        "조건의 술어 {name}=: 그런 술어는 없습니다."),
    "condition.predicate_name": (
        "unknown predicate {value}",
        "조건의 술어 {value}: 그런 술어는 없습니다."),
    "condition.relative_selector": (
        "{name}({key}): expected a 六親 selector",
        "{name}({key}): 六親을 가리키는 선택어가 와야 합니다."),
    "condition.relation": (
        "unknown relation {value}",
        "조건의 관계 {value}: 그런 관계는 없습니다."),
    "condition.set_test": (
        "unknown set test {value}",
        "조건의 집합 검사 {value}: 그런 검사는 없습니다."),
    "condition.fact": (
        "unknown fact {name}=",
        "조건의 사정 {name}=: 그런 사정은 없습니다."),
    "condition.atom": (
        "unknown rule atom {name}[{kind}]",
        "조건의 규칙 항목 {name}[{kind}]: 그런 항목은 없습니다."),
}
"""Every message compute gives a person: id → (English, Korean)."""


def quote(value: object, lang: str = "en") -> str:
    """A bad value as a message shows it: in English its repr, in Korean 「…」; cut after
    :data:`SHOWN` characters.

    >>> quote("乾"), quote(12), quote("x" * 100)
    ("'乾'", '12', "'xxxxxxxxxxxxxxxxxxxxxxxx'… (100 characters)")
    >>> quote("乾", "ko"), quote("x" * 30, "ko")
    ('「乾」', '「xxxxxxxxxxxxxxxxxxxxxxxx…」(30자)')
    >>> q = quote(list(range(100))); q.startswith("list [0, 1, 2"), q.endswith(" …"), len(q) < 60
    (True, True, True)
    """
    if isinstance(value, str):
        if lang == "ko":
            if len(value) <= SHOWN:
                return f"「{value}」"
            return f"「{value[:SHOWN]}…」({len(value)}자)"
        if len(value) <= SHOWN:
            return repr(value)
        return f"{value[:SHOWN]!r}… ({len(value)} characters)"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 (a hostile __repr__ must not hide the real error)
        text = f"<{type(value).__name__}>"
    if isinstance(value, bool | int | float | type(None)) and len(text) <= SHOWN:
        return text
    text = " ".join(text.split())
    name = type(value).__name__
    body = text if len(text) <= 2 * SHOWN else text[: 2 * SHOWN].rstrip() + " …"
    return body if body.startswith(name) else f"{name} {body}"


def term(word: object, lang: str = "en") -> str:
    """A word of :data:`TERMS` in *lang* (any other word as it is).

    >>> term("day", "ko"), term("day"), term("日辰", "ko")
    ('日辰', 'day', '日辰')
    """
    pair = TERMS.get(word) if isinstance(word, str) else None
    return str(word) if pair is None else pair[LANGS.index(lang)]


def _param(name: str, value: object, lang: str) -> str:
    """One parameter written for a message in *lang* (see the module's docstring)."""
    if isinstance(value, BaseException):
        key, params = getattr(value, "key", None), getattr(value, "params", None)
        return render(key, params, lang) if key in CATALOGUE and params is not None \
            else str(value)
    if name.startswith("value"):
        return quote(value, lang)
    if name in ("field", "what", "side"):
        return term(value, lang)
    if name == "accepted":
        return ACCEPTS[str(value)][LANGS.index(lang)]
    return str(value)


def render(key: str, params: dict[str, object], lang: str = "en") -> str:
    """The message *key* in *lang* (``en`` or ``ko``; another language reads as ``en``), its
    parameters written by :func:`_param`.

    >>> render("field.bad", {"field": "day", "value": "甲", "accepted": "day"}, "ko")
    '日辰 「甲」: 읽을 수 없습니다. 干支 두 글자(癸酉 또는 癸酉日) 꼴로 적으십시오.'
    """
    lang = lang if lang in LANGS else LANGS[0]
    template = CATALOGUE[key][LANGS.index(lang)]
    return template.format_map({n: _param(n, v, lang) for n, v in params.items()})


def language(environ: dict[str, str] | None = None) -> str:
    """The language of the locale: ``ko`` when ``LC_ALL``, ``LC_MESSAGES`` or ``LANG`` (the
    first of them set, as the C library reads them) names Korean, else ``en``.

    >>> language({"LANG": "ko_KR.UTF-8"}), language({"LC_ALL": "C", "LANG": "ko_KR.UTF-8"})
    ('ko', 'en')
    >>> language({})
    'en'
    """
    if environ is None:
        import os

        environ = dict(os.environ)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return "ko" if value.lower().startswith("ko") else "en"
    return "en"


__all__ = ["ACCEPTS", "CATALOGUE", "LANGS", "SHOWN", "TERMS", "language", "quote", "render",
           "term"]
