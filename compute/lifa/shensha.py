"""諸星章 (星煞, 神煞): which star falls on which branch, and which stars each line carries.

Source: 易冒 p222–p265 (¶441–527), with the general rules p265 and p290.

The book's basis rule (p265-s2 "地支之星以月為憑，天干之星以日為主"): a star defined by
branches is counted from the 月建, a star defined by stems from the 日干; year stars (歲君十二神)
come from the year branch, 九曜 from the hour. Every month table below is written as the book
gives it, a 12-character string for the months 寅 (正月) … 丑 (十二月) — the order the 訣
recite — so a reader can check each row against the passage quoted beside it.

Conventions (the chart records which applied, see :data:`OPTIONS`):

* ``shensha-base`` — ``month`` (book, p265-s2) or ``day`` (common 六爻 practice: 將星, 驛馬,
  咸池/桃花 and the rest of the 將星 ring counted from the 日辰).
* ``tianxi`` — ``month`` (book p235-s1: 天喜 moves every month, 寅戌 卯亥 辰子 …) or ``season``
  (common: one branch a season, 春戌 夏丑 秋辰 冬未).
* ``wenchang`` — ``book`` (辛 → 戌, p232-s3) or ``common`` (辛 → 子).
* ``yangren`` — ``book`` (yin stems one place *behind* the 祿, p251-s2/s4) or ``common``
  (祿+1 for every stem, the "近世" rule the book corrects).
* ``yingui`` — ``prose`` (陰貴 by the rule "陰貴始自地王起甲申而逆求之 … 陰貴亦然", p227-s1, s3:
  丙 亥 丁 酉, also common practice; the tables of :mod:`compute.book.liushen`) or ``verse`` (the
  陰貴
  訣 of p228-s1 as printed, which repeats the 陽貴's 丙 酉 丁 亥).
* ``diyu`` — ``prose`` (p250-s1 "地獄自正月起戌逆行") or ``jue`` (the 訣 printed after it,
  identical to 血刃/血忌).

>>> from compute.engine.chart import chart
>>> c = chart("乾", "姤", month="寅", day="甲子")
>>> c.primary.line(5).state["shensha"][:6]
['月解', '大耗', '亡人', '覆舟煞', '飛廉(月)', '白虎(大)']
"""

from __future__ import annotations

from collections.abc import Iterable

from compute.book.ganzhi import BRANCH_ZH, STEM_ZH, GanZhi, Stem
from compute.book.liuqin import Relative
from compute.book.liushen import YANG_GUI, YIN_GUI
from compute.engine.context import AS_INT, Context, context
from compute.registry import Finding, convention, doctrine, rule, table

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Final

# ---------------------------------------------------------------- helpers


def _m(months: str) -> tuple[str, ...]:
    """A month table from a string for 寅 … 丑 (正月 … 十二月) to a tuple indexed by 月建 (子 = 0).

    >>> from compute.book.ganzhi import Branch
    >>> _m("寅卯辰巳午未申酉戌亥子丑")[Branch.YIN]
    '寅'
    """
    assert len(months) == 12, months
    return tuple(months[(b - 2) % 12] for b in range(12))


def _season(spring: str, summer: str, autumn: str, winter: str) -> tuple[str, ...]:
    """A table with one value per season (寅卯辰 春, 巳午未 夏, 申酉戌 秋, 亥子丑 冬)."""
    vals = (spring,) * 3 + (summer,) * 3 + (autumn,) * 3 + (winter,) * 3
    return tuple(vals[(b - 2) % 12] for b in range(12))


def _by_stem(values: Iterable[str]) -> tuple[str, ...]:
    vals = tuple(values)
    assert len(vals) == 10
    return vals


SANHE_MIDDLE: Final = (0, 9, 6, 3)
"""將星: the middle branch of a branch's 三合 group, by branch % 4 (申子辰 子, 巳酉丑 酉, 寅午戌 午,
亥卯未 卯; p233-s2 注 "將星法起中神，子午卯酉，正中位也")."""

# ---------------------------------------------------------------- stem stars (日干)

STEM_CHANGSHENG: Final = (11, 6, 2, 9, 2, 9, 5, 0, 8, 3)
"""陰陽干長生 (p189): 甲亥 乙午 丙寅 丁酉 戊寅 己酉 庚巳 辛子 壬申 癸卯 — for 祿, 羊刃, 五符."""

TIANYUAN_LU: Final = table(
    "tianyuan-lu", "天元祿", "천원록", ("p230-s1", "p230-s2", "p181-s1"),
    _by_stem(BRANCH_ZH[(STEM_CHANGSHENG[s] + (3 if s % 2 == 0 else -3)) % 12] for s in range(10)),
    "compute.lifa.shensha.TIANYUAN_LU",
)
"""天元祿 = 臨官, four places from the stem's 長生, yang forward, yin backward (p230-s2 "甲木生亥，
臨官於寅，乙木生午，臨官於卯，丙戊生於寅，臨官於巳，丁己生於酉，臨官在午"):
甲寅 乙卯 丙巳 丁午 戊巳 己午 庚申 辛酉 壬亥 癸子."""


def _wushu_start(day_stem: int) -> int:
    """五子遁: the stem of the 子 hour for a day stem (甲己 甲子, 乙庚 丙子 …)."""
    return (2 * day_stem) % 10


def _dun_branches(day_stem: int, stem: int) -> tuple[int, ...]:
    """The branches on which 五子遁 of *day_stem* puts *stem* (one or two)."""
    b = (stem - _wushu_start(day_stem)) % 10
    return (b, b + 10) if b + 10 < 12 else (b,)


TIANYI_YANG: Final = _by_stem("未申酉亥丑子丑寅卯巳")
assert TIANYI_YANG == tuple(BRANCH_ZH[YANG_GUI[Stem(s)]] for s in range(10))
TIANYI_YIN_VERSE: Final = _by_stem("丑子酉亥未申未午巳卯")
TIANYI_YIN_PROSE: Final = _by_stem(BRANCH_ZH[YIN_GUI[Stem(s)]] for s in range(10))
table("tianyi-guiren", "天乙貴人", "천을귀인", ("p227-s1", "p227-s2", "p227-s3", "p228-s1"),
      (TIANYI_YANG, TIANYI_YIN_PROSE), "compute.lifa.shensha.TIANYI_YANG")
"""天乙貴人 by day stem (甲 … 癸). 陽貴 訣 "甲羊戊庚牛，乙猴己鼠頭，丙雞丁豬走，壬兔癸蛇游，
六辛騎猛虎"; 陰貴 訣 "甲牛戊庚羊，乙鼠己猴鄉，丙雞丁豬位，壬蛇癸兔藏，六辛乘駿馬" (p228-s1; the
text writes 巳 for 己 in both 訣). The 陰貴 verse repeats 丙酉 丁亥; the prose rule (the mirror of
the 陽貴 walk, :data:`compute.book.liushen.YIN_GUI`) gives 丙亥 丁酉, as common practice does.
"易筮不分陰陽" (p228-s1): both count as 天乙貴人."""

FUXING: Final = table(
    "fuxing-guiren", "福星貴人", "복성귀인", ("p229-s1", "p229-s2"),
    tuple(tuple(BRANCH_ZH[b] for b in _dun_branches(s, (s + 2) % 10)) for s in range(10)),
    "compute.lifa.shensha.FUXING",
)
"""福星 = 食神 (the stem two on) where 五子遁 puts it (p229-s2 "甲之五遁，丙為食神，故寅為福");
訣 "甲虎乙豬牛，丙同犬鼠遊，丁雞戊猴走，己羊庚馬頭，辛蛇癸逐兔，壬日占龍樓"."""

TIANCHU: Final = table(
    "tianchu-guiren", "天廚貴人", "천주귀인", ("p229-s3", "p229-s4"),
    tuple(
        TIANYUAN_LU[(_wushu_start(s) + BRANCH_ZH.index(TIANYUAN_LU[s])) % 10] for s in range(10)
    ),
    "compute.lifa.shensha.TIANCHU",
)
"""天廚 "祿上生祿" (p229-s4): the 祿 of the stem 五子遁 puts on the day stem's 祿; 訣 "甲丁蛇位
號天廚，丙鼠壬雞癸伴豬，乙戊辛干皆向馬，己猴庚虎"."""

WENCHANG_BOOK: Final = table(
    "wenchang", "文昌", "문창", ("p232-s1", "p232-s2", "p232-s3"),
    _by_stem("巳午申酉申酉亥戌寅卯"),
    "compute.lifa.shensha.WENCHANG_BOOK",
)
"""文昌 = 祿 + 3, but 辛 → 戌 (文庫), not 子 (帝座) (p232-s3); 訣 "甲蛇乙馬號文昌，丁己尋雞辛犬
方，庚豬癸兔壬從虎，丙戊揚猴"."""
WENCHANG_COMMON: Final = _by_stem("巳午申酉申酉亥子寅卯")
"""Common 文昌: 辛 → 子 (祿 + 3 throughout)."""

YANGREN_BOOK: Final = table(
    "yangren", "羊刃", "양인", ("p249-s4", "p251-s2", "p251-s3", "p251-s4"),
    _by_stem(BRANCH_ZH[(BRANCH_ZH.index(TIANYUAN_LU[s]) + (1 if s % 2 == 0 else -1)) % 12]
             for s in range(10)),
    "compute.lifa.shensha.YANGREN_BOOK",
)
"""羊刃 = 祿前一位, yang stems forward, yin stems backward (p251-s2 "乙祿到卯，則左逆寅為羊刃";
訣 "乙逢寅動當為刃，辛見申搖豈不凶，丁己忌巳癸憂亥")."""
YANGREN_COMMON: Final = _by_stem(BRANCH_ZH[(BRANCH_ZH.index(TIANYUAN_LU[s]) + 1) % 12]
                                 for s in range(10))
"""The 近世 羊刃 the book rejects (p251-s4 "誤認乙祿到卯，辰為羊刃之說，特為正之")."""

XISHEN: Final = table(
    "xishen", "喜神", "희신", ("p235-s2", "p235-s3", "p235-s4"),
    _by_stem("寅戌申午辰寅戌申午辰"),
    "compute.lifa.shensha.XISHEN",
)
"""喜神: where 五子遁 puts 丙 (p235-s4 "甲己五遁得丙寅，則喜神在寅也，乙庚五遁得丙戌，則喜神
在戌矣"); 訣 "甲己東北乙庚乾，丙辛獨位向坤言，丁壬二日離宮上，戊癸東南"."""

JUELU_KONGWANG: Final = table(
    "juelu-kongwang", "絕路空亡", "절로공망", ("p257-s5", "p259-s3"),
    _by_stem(("申酉", "午未", "辰巳", "寅卯", "子丑") * 2),
    "compute.lifa.shensha.JUELU_KONGWANG",
)
"""絕路空亡: where 五子遁 puts 壬癸 (訣 "甲己申酉 … 乙庚午未 … 丙辛辰巳 … 丁壬寅卯 … 戊癸子丑",
p259-s3)."""

WUFU_NAMES: Final = table(
    "wufu", "五符", "오부", ("p261-s1",),
    ("五符", "天曹", "地符", "風伯", "雷公", "雨師", "風雲", "堂符", "國印", "天關", "地匣",
     "天賊(陀羅)"),
    "compute.lifa.shensha.WUFU_NAMES",
)
"""五符 (天符) on the day stem's 祿, then its eleven attendants, yang stems forward, yin backward
(p261-s1 注 "以陰陽祿起五符，陽順陰逆 … 此從日起")."""

# ---------------------------------------------------------------- month stars (月建)

JIANGXING_RING: Final = table(
    "jiangxing", "將星", "장성", ("p233-s1", "p233-s2", "p181-s2"),
    ("將星", "攀鞍", "驛馬", "六害", "華蓋", "劫煞", "災煞", "天煞", "地煞", "年煞", "月煞",
     "亡人煞"),
    "compute.lifa.shensha.JIANGXING_RING",
)
"""The 將星 ring (p233-s1): 將星 on the middle branch of the base's 三合 group, then 攀鞍, 驛馬,
六害, 華蓋 and the seven 將後 stars."""

RING_IDS: Final = (
    ("jiangxing", None, None, None),
    ("panan", "攀鞍", "반안", ("p233-s1",)),
    ("yima", "驛馬", "역마", ("p234-s2",)),
    ("liuhai-star", "六害 (星)", "육해 (성)", ("p233-s1",)),
    ("huagai", "華蓋", "화개", ("p233-s1", "p233-s2")),
    ("jiesha", "劫煞", "겁살", ("p233-s1", "p233-s2")),
    ("zaisha", "災煞", "재살", ("p233-s1",)),
    ("tiansha", "天煞", "천살", ("p233-s1",)),
    ("disha", "地煞", "지살", ("p233-s1",)),
    ("niansha", "年煞", "연살", ("p233-s1",)),
    ("yuesha-jx", "月煞 (將後)", "월살 (장후)", ("p233-s1",)),
    ("wangren-sha", "亡人煞", "망인살", ("p233-s1",)),
)

# (id, name shown on a line, Chinese rule name, Korean name, passages, 12-char month string)
MONTH_STARS: Final = (
    ("tiande", "天德", "天德", "천덕", ("p224-s1",), "亥子丑寅卯辰巳午未申酉戌"),
    ("yuede", "月德", "月德", "월덕", ("p226-s1",), "未申酉戌亥子丑寅卯辰巳午"),
    ("tiancai", "天財", "天財", "천재", ("p231-s1",), "辰午申戌子寅辰午申戌子寅"),
    ("dicai", "地財", "地財", "지재", ("p231-s1",), "巳未酉亥丑卯巳未酉亥丑卯"),
    ("tianma", "天馬", "天馬 (乾馬)", "천마", ("p234-s1",), "午申戌子寅辰午申戌子寅辰"),
    ("tianjie", "天解", "天解", "천해", ("p236-s3", "p236-s4"), "寅寅寅巳巳巳申申申亥亥亥"),
    ("yuejie", "月解", "月解", "월해", ("p237-s1",), "申申酉酉戌戌亥亥午午未未"),
    ("hesan", "喝散", "喝散", "갈산", ("p237-s2", "p237-s3"), "巳巳巳申申申亥亥亥寅寅寅"),
    ("tianyi-doctor", "天醫", "天醫", "천의", ("p238-s1", "p238-s5", "p239-s2"),
     "卯亥丑未巳卯亥丑未巳卯亥"),
    ("huoyao", "活曜", "活曜", "활요", ("p238-s5", "p239-s3"), "卯辰巳午未申酉戌亥子丑寅"),
    ("leihuo-sha", "雷火煞", "雷火煞", "뇌화살", ("p240-s1", "p240-s2"),
     "寅亥申巳寅亥申巳寅亥申巳"),
    ("wangluo-sha", "網羅煞", "網羅煞", "망라살", ("p240-s2",), "寅亥申巳寅亥申巳寅亥申巳"),
    ("jingqi-sha", "旌旗煞", "旌旗煞", "정기살", ("p240-s2",), "卯卯卯子子子酉酉酉子子子"),
    ("tianer", "天耳", "天耳", "천이", ("p241-s1", "p241-s2", "p241-s3"),
     "巳巳巳寅寅寅亥亥亥申申申"),
    ("tianmu", "天目", "天目", "천목", ("p241-s1", "p241-s3"), "亥亥亥申申申巳巳巳寅寅寅"),
    ("tiangang-sha", "天罡煞", "天罡煞", "천강살", ("p242-s1",), "寅卯辰巳寅卯辰巳寅卯辰巳"),
    ("tianquan", "天犬", "天犬", "천견", ("p242-s2",), "戌亥子丑寅卯辰巳午未申酉"),
    ("tianzhu-pig", "天豬", "天豬", "천저", ("p242-s3",), "亥戌酉申未午巳辰卯寅丑子"),
    ("tianshu-rat", "天鼠", "天鼠", "천서", ("p242-s3",), "子亥戌酉申未午巳辰卯寅丑"),
    ("tianniu", "天牛", "天牛", "천우", ("p242-s3",), "丑子亥戌酉申未午巳辰卯寅"),
    ("da-tengshe", "大騰蛇", "大騰蛇 (勾陳煞)", "대등사", ("p243-s1",), "辰卯寅丑子亥戌酉申未午巳"),
    ("anjin-sha", "暗金煞", "暗金煞 (紅紗)", "암금살", ("p243-s2",), "巳酉丑巳酉丑巳酉丑巳酉丑"),
    ("posui-sha", "破碎煞", "破碎煞", "파쇄살", ("p243-s3",), "酉巳丑酉巳丑酉巳丑酉巳丑"),
    ("dahao", "大耗", "大耗", "대모", ("p244-s1",), "申酉戌亥子丑寅卯辰巳午未"),
    ("xiaohao", "小耗", "小耗", "소모", ("p244-s1",), "未申酉戌亥子丑寅卯辰巳午"),
    ("yuesha", "月煞", "月煞", "월살", ("p244-s1",), "丑戌未辰丑戌未辰丑戌未辰"),
    ("tianzei", "天賊", "天賊", "천적", ("p245-s1", "p245-s2"), "辰酉寅未子巳戌卯申丑午亥"),
    ("tiangou", "天狗", "天狗", "천구", ("p245-s1",), "戌卯申丑午亥辰酉寅未子巳"),
    ("dizei", "地賊", "地賊", "지적", ("p245-s3",), "丑子亥戌酉申未午巳辰卯寅"),
    ("tianzhu-candle", "天燭", "天燭", "천촉", ("p245-s4",), "巳午未申酉戌亥子丑寅卯辰"),
    ("tianhuo", "天火", "天火", "천화", ("p245-s5",), "子卯午酉子卯午酉子卯午酉"),
    ("shengqi", "生氣", "生氣", "생기", ("p246-s2", "p248-s2"), "子丑寅卯辰巳午未申酉戌亥"),
    ("siqi-guanfu", "死氣官符", "死氣 / 官符", "사기관부", ("p246-s2", "p246-s3"),
     "午未申酉戌亥子丑寅卯辰巳"),
    ("chuimen-guanfu", "錘門官符", "錘門官符", "추문관부", ("p246-s4", "p248-s3"),
     "寅子戌申午辰寅子戌申午辰"),
    ("tianyu", "天獄", "天獄", "천옥", ("p249-s1",), "亥申巳寅亥申巳寅亥申巳寅"),
    ("xueren", "血刃", "血刃", "혈인", ("p249-s3",), "丑　寅　卯　辰　巳　午　"),
    ("xueji", "血忌", "血忌", "혈기", ("p249-s3", "p251-s1"), "　未　申　酉　戌　亥　子"),
    ("yin-sha", "陰煞", "陰煞", "음살", ("p252-s1",), "寅辰午申戌子寅辰午申戌子"),
    ("zhe-sha", "折煞", "折煞", "절살", ("p252-s2",), "酉午卯子酉午卯子酉午卯子"),
    ("yupen-sha", "浴盆煞", "浴盆煞 (摧尸煞)", "욕분살", ("p252-s3",), "辰辰辰未未未戌戌戌丑丑丑"),
    ("tianku", "天哭", "天哭", "천곡", ("p255-s1",), "未申酉戌未申酉戌未申酉戌"),
    ("sangmen-yue", "喪門", "喪門 (月)", "상문 (월)", ("p255-s1",), "戌未辰丑戌未辰丑戌未辰丑"),
    ("diaoke-yue", "弔客", "弔客 (月)", "조객 (월)", ("p255-s1",), "辰丑戌未辰丑戌未辰丑戌未"),
    ("sangche", "喪車", "喪車 (亡人)", "상거 (망인)", ("p255-s1", "p255-s2"),
     "酉酉酉子子子卯卯卯午午午"),
    ("sangche", "亡人", None, None, None, "申申申亥亥亥寅寅寅巳巳巳"),
    ("wumu", "五墓", "五墓", "오묘", ("p255-s3",), "未未未戌戌戌丑丑丑辰辰辰"),
    ("sanqiu", "三坵", "三坵", "삼구", ("p255-s4",), "丑丑丑辰辰辰未未未戌戌戌"),
    ("guchen", "孤辰", "孤辰", "고진", ("p256-s1",), "巳巳巳申申申亥亥亥寅寅寅"),
    ("guasu", "寡宿", "寡宿", "과숙", ("p256-s1",), "丑丑丑辰辰辰未未未戌戌戌"),
    ("wangwang", "往亡", "往亡", "왕망", ("p257-s1", "p257-s2"), "寅巳申亥卯午酉子辰未戌丑"),
    ("guiji", "歸忌", "歸忌", "귀기", ("p257-s3", "p257-s4", "p259-s2"),
     "丑寅子丑寅子丑寅子丑寅子"),
    ("fuzhou-sha", "覆舟煞", "覆舟煞", "복주살", ("p257-s6",), "申酉戌亥子丑寅卯辰巳午未"),
    ("bailang", "白浪", "白浪", "백랑", ("p257-s6",), "寅卯辰巳午未申酉戌亥子丑"),
    ("tiangang-hekui", "天罡", "天罡 / 河魁", "천강 / 하괴", ("p262-s1", "p262-s2"),
     "巳午未申酉戌亥子丑寅卯辰"),
    ("tiangang-hekui", "河魁", None, None, None, "亥子丑寅卯辰巳午未申酉戌"),
    ("feilian-yue", "飛廉(月)", "月上飛廉", "월상비렴", ("p264-s1",), "申未午巳辰卯寅丑子亥戌酉"),
    ("wugui-yue", "五鬼(月)", "月上五鬼", "월상오귀", ("p264-s1",), "寅丑子亥戌酉申未午巳辰卯"),
    ("sanyuan", "紫微垣", "三垣", "삼원", ("p223-s2",), "子丑寅卯辰巳午未申酉戌亥"),
    ("sanyuan", "天市垣", None, None, None, "寅卯辰巳午未申酉戌亥子丑"),
    ("sanyuan", "太微垣", None, None, None, "巳午未申酉戌亥子丑寅卯辰"),
    ("da-baihu", "白虎(大)", None, None, None, "申酉戌亥子丑寅卯辰巳午未"),
)
"""Stars with one branch per month, each with the 訣 or rule of its passage:

天德 正月起亥順行; 月德 自未而順行; 天財/地財 訣 "正七起龍蛇，二八馬羊家，三九循申酉，四十犬豕
牙，子午鼠牛索，丑未寅卯查"; 天馬 "正七還騎馬，二八向猴申，三九須從犬，四十鼠相侵，五十一當寅上，
六十二定歸辰"; 天解 春寅 夏巳 秋申 冬亥; 月解 "九十月午，子丑月未，正二月申，三四月酉，五六月戌，
七八月亥"; 喝散 "春巳夏居申，秋豬冬到寅"; 天醫 "天醫正卯二豬臨，三月隨牛四未尋，五蛇六兔七居亥，
八丑九羊十巳存，十一再來尋卯上，十二亥上作醫人"; 活曜 正月從卯順行; 雷火/網羅 "正寅二亥，三申
四巳，循環三復"; 旌旗 "春卯夏子秋酉冬子" (as printed; "逆征四圉" would give 冬 午); 天耳 "春巳夏寅
秋亥冬申"; 天目 "春亥夏申秋巳冬寅"; 天罡煞 寅卯辰巳 三重; 天犬 正月從戌順行; 豬鼠牛 正月從亥子丑
逆行; 大騰蛇 正月自辰起逆行; 暗金 巳酉丑 四輪; 破碎 "辰戌丑未月在丑，寅申巳亥月在酉，子午卯酉月在
蛇"; 大耗 正月起申順行, 小耗 起未; 月煞 壬衰於丑 … (寅午戌 丑, 亥卯未 戌, 申子辰 未, 巳酉丑 辰);
天賊 "正龍二雞三虎鄉，四羊五鼠六蛇藏，七犬八兔九猴位，十牛子馬丑豬忙"; 天狗 "隨之沖擊" (read as
the clash of 天賊); 地賊 出丑而逆行; 天燭 "正月起蛇宮，蕩蕩順行"; 天火 子卯午酉 一歲三復; 生氣 正月
從子順行; 死氣官符 從午順行; 錘門官符 "正七虎行村，二八鼠當門，三九居戌位，四十弄猴猻，五十一騎馬
走，六十二跳龍門" (慮 read 虎); 天獄 "正月逢亥二月申，三月隨蛇四月寅"; 血刃 正三五七九十一月 丑寅卯
辰巳午, 血忌 二四六八十十二月 未申酉戌亥子; 陰煞 "正七寅、二八辰、三九午、四十申、五十一戌、
六十二子"; 折煞 寅午戌 酉 申子辰 卯 亥卯未 午 巳酉丑 子; 浴盆 "春辰夏未秋逢戌，冬季推來在丑"; 天哭
正未二申三酉四戌 三復; 喪門 = 月建三合之墓, 弔客 = its 沖; 喪車 "春雞夏鼠來，秋卯冬午", 亡人 = the
season's 絕; 五墓 "羊犬牛龍", 三坵 "丑辰未戌"; 孤辰/寡宿 "寅卯辰，巳孤丑寡 …"; 往亡 "正寅二巳三申
位，四豬五兔六馬悲，七雞八鼠九辰忌，十羊子犬丑牛危"; 歸忌 "寅申巳亥牛相犯，子午卯酉虎相攻，辰戌
丑未須防鼠"; 覆舟 正月從申順行, 白浪 正月從寅順行; 天罡 正月起巳順行, 河魁 正月起亥順行; 月上飛廉
正月從申逆行, 月上五鬼 正月從寅逆行; 三垣 紫微 子 天市 寅 太微 巳 "皆以正月起順行"; 大白虎 on the
月破 branch (月建 + 6, the 大六神 of p060)."""

MONTH_STARS_BY_NAME: Final = tuple((name, months)  # 正月 … 十二月 is the string's own order
                                   for _rid, name, _zh, _ko, _p, months in MONTH_STARS)
"""(name, the 12 values for 正月 … 十二月) — the month stars as strings in the 訣's order."""

DIYU_PROSE: Final = _m("戌酉申未午巳辰卯寅丑子亥")
DIYU_JUE: Final = _m("丑未寅申卯酉辰戌巳亥午子")
table("diyu-sha", "地獄煞", "지옥살", ("p249-s2", "p250-s1"), DIYU_PROSE,
      "compute.lifa.shensha.DIYU_PROSE")
"""地獄煞: prose "戌為地網，故地獄自正月起戌逆行" (p250-s1) — the default; the 訣 printed after it
("正牛二未三寅虎 …") repeats the 血刃/血忌 sequence and is kept as the ``jue`` variant."""

TIANDE_GAN: Final = table(
    "tiande-gan", "天德 (干)", "천덕 (간)", ("p224-s2", "p225-s1"),
    _m("丁申壬辛亥甲癸寅丙乙巳庚"),
    "compute.lifa.shensha.TIANDE_GAN",
)
"""天干天德 訣 "正丁二申宮，三壬四辛同，五亥六甲上，七癸八寅從，九丙十居乙，子巳丑庚逢" (p224-s2):
a stem matches a line's 納甲 stem (p225-s1 "如寅建丁亥子孫發動，以丁為天德也"); in 卯午酉子 months
the value is a branch."""

YUEDE_GAN: Final = table(
    "yuede-gan", "月德 (干)", "월덕 (간)", ("p226-s2",),
    _m("丙甲壬庚丙甲壬庚丙甲壬庚"),
    "compute.lifa.shensha.YUEDE_GAN",
)
"""天干月德: 寅午戌 丙, 亥卯未 甲, 巳酉丑 庚, 申子辰 壬 (p226-s2)."""

YUEKONG: Final = table(
    "yuekong", "月空", "월공", ("p244-s1",),
    _m("壬庚丙甲壬庚丙甲壬庚丙甲"),
    "compute.lifa.shensha.YUEKONG",
)
"""月空: the stem 廢 in the month (p244-s1 注 "寅午戌月壬廢為月空 … 亥卯未月庚廢 … 申子辰月丙廢
… 巳酉丑月甲廢")."""

HUANGWU: Final = table(
    "huangwu", "荒蕪", "황무", ("p244-s1",),
    _season("巳酉丑", "申子辰", "亥卯未", "寅午戌"),
    "compute.lifa.shensha.HUANGWU",
)
"""荒蕪 (季廢): "春巳酉丑，夏辰申子，秋卯未亥，冬寅午戌" (p244-s1 注)."""

GUANSUO: Final = table(
    "guansuo", "關鎖", "관쇄", ("p256-s2",),
    _season("丑巳", "辰申", "未亥", "戌寅"),
    "compute.lifa.shensha.GUANSUO",
)
"""關鎖 訣 "春關牛與蛇，夏鎖龍猴嗟，秋忌羊豬位，冬犬虎交加" (p256-s2 注)."""

TIANXI_MONTH: Final = _m("戌亥子丑寅卯辰巳午未申酉")
TIANXI_SEASON: Final = _season("戌", "丑", "辰", "未")
table("tianxi", "天喜", "천희", ("p235-s1",), TIANXI_MONTH, "compute.lifa.shensha.TIANXI_MONTH")
"""天喜 "孟春建寅，則喜在戌，仲春建卯，則喜在亥，季春建辰，則喜在子，蓋以成為喜也" (p235-s1):
月建 + 8, a new branch each month; 訣 "春戌夏丑為天喜，秋辰冬未三三指". Common tables keep one
branch per season (:data:`TIANXI_SEASON`)."""

SUISHA_12: Final = table(
    "suisha-12", "歲君十二神", "세군십이신", ("p263-s1", "p263-s2", "p263-s3", "p263-s4",
                                          "p263-s5", "p263-s6", "p263-s7", "p263-s8", "p264-s1"),
    (("太歲",), ("太陽",), ("喪門",), ("太陰",), ("官符", "五鬼"), ("死符",), ("歲破", "欄杆"),
     ("龍德",), ("白虎", "飛廉"), ("福德",), ("弔客", "天狗"), ("病符",)),
    "compute.lifa.shensha.SUISHA_12",
)
"""四利三元法 (p264-s1): offsets 0–11 from the year branch: 太歲 太陽 喪門 太陰 官符 死符 歲破 龍德
白虎 福德 弔客 病符, with 五鬼 on 官符, 欄杆 on 歲破, 飛廉 on 白虎, 天狗 on 弔客 (p263-s3 … s6)."""

HESHEN_STATIONS: Final = table(
    "heshen", "鶴神 (游神)", "학신 (유신)", ("p260-s1",),
    (("艮", 6), ("震", 5), ("巽", 6), ("離", 5), ("坤", 6), ("兌", 5), ("乾", 6), ("坎", 5),
     ("房北", 5), ("房中", 2), ("南", 3), ("西", 1), ("東", 4), ("中宮", 1)),
    "compute.lifa.shensha.HESHEN_STATIONS",
)
"""鶴神: from 己酉 (the text's 巳酉) six days on each 維, five on each 正, then in heaven 房北 5,
房中 2, 南 3, 西 1, 東 4, and 戊申 in the 中宮 (p260-s1)."""

_HESHEN_BY_DAY: Final = tuple(
    name for name, n in HESHEN_STATIONS for _ in range(n)
)


def heshen(day: GanZhi) -> str:
    """The station of the 鶴神 on a day.

    >>> [heshen(GanZhi.from_zh(d)) for d in ("己酉", "甲子", "戊申")]
    ['艮', '巽', '中宮']
    """
    return _HESHEN_BY_DAY[(day.index - 45) % 60]


TIANSHE: Final = table(
    "tianshe", "天赦", "천사", ("p236-s1", "p236-s2"),
    _season("戊寅", "甲午", "戊申", "甲子"),
    "compute.lifa.shensha.TIANSHE",
)
"""天赦 days: 冬至 甲子, 春首 戊寅, 夏至 甲午, 秋首 戊申 (p236-s2). The book does not fix the
season boundaries; here the season of the 月建 (寅卯辰 春 …) decides."""

XIANCHI_OF_MIDDLE: Final = table(
    "xianchi", "咸池 (桃花)", "함지 (도화)", ("p252-s4", "p254-s1"),
    {0: 9, 9: 6, 6: 3, 3: 0},
    "compute.lifa.shensha.XIANCHI_OF_MIDDLE",
)
"""咸池 (桃花) = the 沐浴 of the group's phase: 申子辰 酉, 巳酉丑 午, 寅午戌 卯, 亥卯未 子 (p252-s4,
p254-s1 訣 "寅午戌，兔從卯裡出，亥卯未，鼠子當頭忌，申子辰，雞叫亂人偷，巳酉丑，躍馬南方來");
keyed by the group's 將星."""

TWELVE_GATES: Final = table(
    "twelve-gates", "十二門", "십이문", ("p226-s2", "p227-s2"),
    ("帝座", "黃泉殺", "鬼路", "雷門", "天羅", "地戶", "端門", "廣寒宮", "神門", "佛境", "地網",
     "天門"),
    "compute.lifa.shensha.TWELVE_GATES",
)
"""The positional names, 子 … 亥 (p226-s2 注 "古法以子為帝座，午為端門，卯為雷門，酉為佛境，
亥為天門，巳為地戶，申為神門，寅為鬼路，辰為天羅，戌為地網，丑為黃泉殺，未為廣寒宮也")."""

JIUYAO: Final = table(
    "jiuyao", "九曜 (破軍 / 左輔 / 右弼)", "구요 (파군 / 좌보 / 우필)", ("p223-s1",),
    ("破軍", "左輔", "右弼"),
    "compute.lifa.shensha.JIUYAO",
)
"""破軍 = 月建 + (hour − 戌), 左輔 and 右弼 the two places after it ("月月常加戌，時時起破軍，
破軍前兩位", p223-s1 注: 寅建午時 → 破軍 戌, 左輔 亥, 右弼 子). The other six 曜 are not placed."""

TIAN_GUANFU_PALACES: Final = table(
    "tian-guanfu", "天官符 (九宮)", "천관부 (구궁)", ("p246-s1", "p248-s1", "p248-s2"),
    ("中", "乾", "兌", "艮", "離", "坎", "坤", "震", "巽"),
    "compute.lifa.shensha.TIAN_GUANFU_PALACES",
)
"""九宮 順行 from the 中宮 (p248-s1: 子年 十月 中, 十一月 乾, 十二月 兌, 正月 中, 二月 乾 …
九月 巽)."""

# ---------------------------------------------------------------- conventions

for _name, _choices, _rid, _note in (
    ("shensha-base", ("month", "day"), "shensha-general",
     "month: branch stars (將星 ring, 咸池) from the 月建 (p265-s2); day: from the 日辰 (common)"),
    ("tianxi", ("month", "season"), "tianxi",
     "month: 天喜 = 月建 + 8 (p235-s1); season: 春戌 夏丑 秋辰 冬未 (common)"),
    ("wenchang", ("book", "common"), "wenchang", "book: 辛 → 戌 (p232-s3); common: 辛 → 子"),
    ("yangren", ("book", "common"), "yangren",
     "book: yin stems 祿 − 1 (p251-s2); common: 祿 + 1 for every stem (rejected p251-s4)"),
    ("yingui", ("prose", "verse"), "tianyi-guiren",
     "prose: 陰貴 by the rule of p227-s1 (丙 亥, 丁 酉; = compute.book.liushen and common "
     "practice); "
     "verse: the 陰貴 訣 of p228-s1 as printed (丙 酉, 丁 亥)"),
    ("diyu", ("prose", "jue"), "diyu-sha",
     "prose: 地獄 正月起戌逆行 (p250-s1); jue: the 訣 printed after it (= 血刃/血忌)"),
):
    convention(_name, _choices, _rid, _note)

# ---------------------------------------------------------------- registry of the month tables

for _rid, _name, _zh, _ko, _passages, _months in MONTH_STARS:
    table(_rid, _zh, _ko, _passages, _m(_months),
          f"compute.lifa.shensha.MONTH_STARS[{_name}]")
for _k, (_rid, _zh, _ko, _passages) in enumerate(RING_IDS):
    table(_rid, _zh, _ko, _passages, _k, f"compute.lifa.shensha.JIANGXING_RING[{_k}]")


# ---------------------------------------------------------------- per chart


_MONTH_TABLES: Final = tuple((name, tuple(BRANCH_ZH.find(ch) for ch in _m(months)))
                             for _rid, name, _zh, _ko, _p, months in MONTH_STARS)


def branch_stars(month: int, day: int, day_stem: int, year: int | None, hour: int | None,
                 opts: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The stars on each branch 子 … 亥 for a month, day, year and hour (:func:`stars_on` of
    each branch).

    >>> o = ("shensha-base=", "tianxi=", "wenchang=", "yangren=", "yingui=", "diyu=")
    >>> branch_stars(2, 0, 0, None, None, o)[2][:3] == stars_on(2, 2, 0, 0, None, None, o)[:3]
    True
    """
    return tuple(stars_on(b, month, day, day_stem, year, hour, opts) for b in range(12))


def stars_on(b: int, month: int, day: int, day_stem: int, year: int | None, hour: int | None,
             opts: tuple[str, ...]) -> tuple[str, ...]:
    """The stars on branch *b* (in the order of the book's tables, each once), read from
    :func:`star_parts`: the month's tables, the ring of 將星 (from the month, or the day when
    ``shensha-base=day``) with 咸池, the month's single stars, the day stem's, the year's, the
    hour's 九曜.

    >>> o = ("shensha-base=", "tianxi=", "wenchang=", "yangren=", "yingui=", "diyu=")
    >>> "天乙貴人" in stars_on(1, 2, 0, 0, None, None, o)   # 甲 日: 天乙 丑 未
    True
    """
    parts = STAR_PARTS
    base = day if "shensha-base=day" in opts else month
    post = parts[2][month * 4 + ("tianxi=season" in opts) * 2 + ("diyu=jue" in opts)]
    stem = parts[3][day_stem * 8 + ("yingui=verse" in opts) * 4 + ("wenchang=common" in opts) * 2
                    + ("yangren=common" in opts)]
    names = parts[0][month][b] + parts[1][base][b] + post[b] + stem[b]
    if year is not None:
        names += parts[4][year][b]
    if hour is not None:
        names += parts[5][(month + hour - 10) % 12][b]
    return tuple(dict.fromkeys(names))


Part = tuple[tuple[tuple[str, ...], ...], ...]


def star_parts() -> tuple[Part, ...]:
    """The stars of each branch by what places them, as six tables over the book's small
    domains (about 200 rows of 12 branches; ~1 ms), built once at import (:data:`STAR_PARTS`): [0]
    by month (the month tables), [1] by the base of the ring (將星 … and 咸池), [2] by month × 天喜
    choice × 地獄 choice (天喜, 地獄煞, 荒蕪, 關鎖, 天德(干)), [3] by day stem × 陰貴 choice × 文昌
    choice × 羊刃 choice, [4] by year branch (歲煞), [5] by the 破軍 branch (九曜 of the hour).

    >>> [len(t) for t in STAR_PARTS], star_parts() == STAR_PARTS
    ([12, 12, 48, 80, 12, 12], True)
    """

    def rows(fill: Any) -> tuple[tuple[str, ...], ...]:
        out: list[list[str]] = [[], [], [], [], [], [], [], [], [], [], [], []]
        fill(out)
        return tuple(map(tuple, out))

    def pre(month: int) -> Any:
        def fill(out: list[list[str]]) -> None:
            for name, table_ in _MONTH_TABLES:
                b = table_[month]
                if b >= 0:
                    out[b].append(name)
        return fill

    def ring(base: int) -> Any:
        def fill(out: list[list[str]]) -> None:
            middle = SANHE_MIDDLE[base % 4]
            for k, name in enumerate(JIANGXING_RING):
                out[(middle + k) % 12].append(name)
            out[XIANCHI_OF_MIDDLE[middle]].append("咸池")
        return fill

    def post(month: int, season: bool, jue: bool) -> Any:
        def fill(out: list[list[str]]) -> None:
            tianxi = TIANXI_SEASON if season else TIANXI_MONTH
            out[BRANCH_ZH.index(tianxi[month])].append("天喜")
            diyu = DIYU_JUE if jue else DIYU_PROSE
            out[BRANCH_ZH.index(diyu[month])].append("地獄煞")
            for ch in HUANGWU[month]:
                out[BRANCH_ZH.index(ch)].append("荒蕪")
            for ch in GUANSUO[month]:
                out[BRANCH_ZH.index(ch)].append("關鎖")
            ch = TIANDE_GAN[month]
            if ch in BRANCH_ZH:
                out[BRANCH_ZH.index(ch)].append("天德(干)")
        return fill

    def stem(s: int, flags: int) -> Any:
        opts = ((("yingui=verse",) if flags & 4 else ())
                + (("wenchang=common",) if flags & 2 else ())
                + (("yangren=common",) if flags & 1 else ()))
        return lambda out: _day_stem_stars(out, s, opts)

    def year(y: int) -> Any:
        def fill(out: list[list[str]]) -> None:
            for k, names in enumerate(SUISHA_12):
                out[(y + k) % 12].extend(names)
        return fill

    def hour(pojun: int) -> Any:
        def fill(out: list[list[str]]) -> None:
            for k, name in enumerate(JIUYAO):
                out[(pojun + k) % 12].append(name)
        return fill

    return (
        tuple(rows(pre(m)) for m in range(12)),
        tuple(rows(ring(b)) for b in range(12)),
        tuple(rows(post(m, bool(f & 2), bool(f & 1))) for m in range(12) for f in range(4)),
        tuple(rows(stem(s, f)) for s in range(10) for f in range(8)),
        tuple(rows(year(y)) for y in range(12)),
        tuple(rows(hour(p)) for p in range(12)),
    )


def _day_stem_stars(out: list[list[str]], s: int, opts: tuple[str, ...]) -> None:
    yin = TIANYI_YIN_VERSE if "yingui=verse" in opts else TIANYI_YIN_PROSE
    for ch in {TIANYI_YANG[s]: 0, yin[s]: 0}:   # once where the verse puts both (丙 酉, 丁 亥)
        out[BRANCH_ZH.index(ch)].append("天乙貴人")
    for ch in FUXING[s]:
        out[BRANCH_ZH.index(ch)].append("福星貴人")
    out[BRANCH_ZH.index(TIANCHU[s])].append("天廚貴人")
    out[BRANCH_ZH.index(TIANYUAN_LU[s])].append("天元祿")
    wen = WENCHANG_COMMON if "wenchang=common" in opts else WENCHANG_BOOK
    out[BRANCH_ZH.index(wen[s])].append("文昌")
    ren = YANGREN_COMMON if "yangren=common" in opts else YANGREN_BOOK
    out[BRANCH_ZH.index(ren[s])].append("羊刃")
    out[BRANCH_ZH.index(XISHEN[s])].append("喜神")
    for ch in JUELU_KONGWANG[s]:
        out[BRANCH_ZH.index(ch)].append("絕路空亡")
    lu = BRANCH_ZH.index(TIANYUAN_LU[s])
    step = 1 if s % 2 == 0 else -1
    for k, name in enumerate(WUFU_NAMES):
        out[(lu + step * k) % 12].append(name)


STAR_PARTS: Final = star_parts()
"""The six tables of :func:`star_parts`, built at import."""


def stem_stars(month: int, stem: int) -> tuple[str, ...]:
    """Stars that fall on a line by its 納甲 stem: 天德 (干), 月德 (干), 月空."""
    ch = STEM_ZH[stem]
    out = []
    if TIANDE_GAN[month] == ch:
        out.append("天德(干)")
    if YUEDE_GAN[month] == ch:
        out.append("月德(干)")
    if YUEKONG[month] == ch:
        out.append("月空")
    return tuple(out)


_STEM_STARS: Final = tuple(tuple(stem_stars(m, s) for s in range(10)) for m in range(12))
"""``_STEM_STARS[month][stem]``: :func:`stem_stars` (120 rows, built at import)."""

@rule("shensha-general", "星煞通則", "성살통칙", ("p222-s1", "p222-s2", "p222-s3", "p265-s1",
                                             "p265-s2", "p265-s3", "p265-s4"), kind="line",
                                             lines="shown")
def shensha_state(chart, lines, states) -> None:
    """``shensha``: the stars on the line (branch stars from the 月建, stem stars from the 日干,
    year stars from the year, 九曜 from the hour; p265-s2). Lines of the changed hexagram get
    theirs when they are 變爻. (It sets the key in each line's state.)

    Each line's stars are those of :func:`stars_on` for its branch, then its stem's: the parts
    of :data:`STAR_PARTS` share no name but the year's 喪門 弔客 天狗 (also month stars), so
    only a year name already among the month's is left out.
    """
    c = chart.context or context(chart)
    first, stem, year, hour = _rows(c)
    by_stem = _STEM_STARS[c.month]
    if year is None:
        for k, ln in enumerate(lines):
            if ln.role == "primary" or ln.moving:
                b = AS_INT[ln.branch]
                states[k]["shensha"] = [*first[b], *stem[b], *hour[b], *by_stem[ln.stem]]
        return
    y = c.year
    for k, ln in enumerate(lines):
        if ln.role == "primary" or ln.moving:
            b = AS_INT[ln.branch]
            fb, ys = first[b], year[b]
            if _YEAR_SHARED[b - y]:   # a year star that is also a month star: once, first met
                ys = [n for n in ys if n not in fb]
            states[k]["shensha"] = [*fb, *stem[b], *ys, *hour[b], *by_stem[ln.stem]]


_FIRST: Final = tuple(
    tuple(tuple(dict.fromkeys(STAR_PARTS[0][m][b] + STAR_PARTS[1][m][b]
                              + STAR_PARTS[2][m * 4][b])) for b in range(12))
    for m in range(12))
"""The month's tables, the 將星 ring and the month's single stars on each branch, each name
once, for the book's conventions (ring from the month, 天喜 by month, 地獄 by the prose):
``_FIRST[month][branch]``."""
_NO_ROW: Final = ((),) * 12
_MONTH_NAMES: Final = frozenset(name for _rid, name, *_rest in MONTH_STARS)
_YEAR_SHARED: Final = tuple(not _MONTH_NAMES.isdisjoint(names) for names in SUISHA_12)
"""``_YEAR_SHARED[k]``: the year star *k* places from the year branch (:data:`SUISHA_12`) is
also a month star (喪門, 弔客, 天狗; tests/test_compute_shensha.py holds that the parts share
no other name); indexed by branch − year (negative from the end)."""


def _rows(c: Context) -> tuple[Any, ...]:
    """The rows of :data:`STAR_PARTS` that place stars on this chart, as :func:`stars_on` picks
    them from its month, day, day stem, year, hour and conventions: the first three parts merged
    (each name once: a row of :data:`_FIRST` under the book's conventions), the day stem's, the
    year's (None without a year) and the hour's (none without an hour), each by branch."""
    parts, get, month = STAR_PARTS, c.opts.get, c.month
    day_base, season, jue = get("shensha-base") == "day", get("tianxi") == "season", \
        get("diyu") == "jue"
    if day_base or season or jue:
        r0, r1 = parts[0][month], parts[1][c.day if day_base else month]
        r2 = parts[2][month * 4 + season * 2 + jue]
        first: Any = tuple(tuple(dict.fromkeys(r0[b] + r1[b] + r2[b])) for b in range(12))
    else:
        first = _FIRST[month]
    stem = parts[3][c.day_stem * 8 + (get("yingui") == "verse") * 4
                    + (get("wenchang") == "common") * 2 + (get("yangren") == "common")]
    year = None if c.year is None else parts[4][c.year]
    hour = _NO_ROW if c.hour is None else parts[5][(month + c.hour - 10) % 12]
    return first, stem, year, hour


@rule("shensha-general", kind="finding")
def moving_stars(chart) -> list[Finding]:
    """Stars count chiefly when their line moves ("各伺其動，不動則不伺", p265-s3): a finding per
    moving line that carries stars."""
    out: list[Finding] = []
    c = chart.context or context(chart)
    for p in c.moving:
        names = c.lines[p - 1].state.get("shensha") or []
        if names:
            out.append(Finding("shensha-general", f"{c.line_name(p)} 動: {'、'.join(names)}", (p,)))
    return out


_GUANGUI: Final = Relative.GUANGUI
_TRIGRAM_OF_STATION = {"坤": 0, "震": 1, "坎": 2, "兌": 3, "艮": 4, "離": 5, "巽": 6, "乾": 7}


def _gui_moving_in(c, chart, trigram: int) -> list[int]:
    h = chart.primary.hexagram
    out = []
    for p in c.moving:
        t = int(h.lower) if p <= 3 else int(h.upper)
        if t == trigram and c.lines[p - 1].relative == _GUANGUI:
            out.append(p)
    return out


@rule("heshen", kind="finding")
def heshen_finding(chart) -> list[Finding]:
    """鶴神: a moving 官鬼 in the trigram where it stands → do not travel that way (p260-s1 "若鬼
    搖是宮出行是戒"); the trigram holding the line is taken as "是宮"."""
    out: list[Finding] = []
    c = chart.context or context(chart)
    station = heshen(chart.day)
    t = _TRIGRAM_OF_STATION.get(station)
    if t is None:
        return out
    for p in _gui_moving_in(c, chart, t):
        out.append(Finding("heshen", f"鶴神在{station}: {c.line_name(p)} 鬼搖是宮 (出行是戒)",
                           (p,)))
    return out


@rule("tianshe", kind="finding")
def tianshe_finding(chart) -> list[Finding]:
    """天赦日 (p236-s2): 春 戊寅, 夏 甲午, 秋 戊申, 冬 甲子 — for punishment and prison
    questions."""
    out: list[Finding] = []
    c = chart.context or context(chart)
    if TIANSHE[c.month] == chart.day.zh:
        out.append(Finding("tianshe", f"天赦日 {chart.day.zh} (刑罪之占，得逢解網)"))
    return out


@rule("tian-guanfu", kind="finding")
def tian_guanfu_finding(chart) -> list[Finding]:
    """天官符 (p246-s1, p248): a moving 官鬼 in the trigram of the month's 九宮 palace. Only for
    申子辰 and 亥卯未 years, where the book's 子年 example fixes 正月 in the 中宮; for 寅午戌 and
    巳酉丑 years "進三位而復退" leaves 正月's palace open and nothing is computed."""
    out: list[Finding] = []
    c = chart.context or context(chart)
    if c.year is None or c.year % 4 not in (0, 3):
        return out
    palace = TIAN_GUANFU_PALACES[(c.month - 2) % 12 % 9]
    t = _TRIGRAM_OF_STATION.get(palace)
    if t is None:
        return out
    for p in _gui_moving_in(c, chart, t):
        out.append(Finding("tian-guanfu", f"天官符在{palace}: {c.line_name(p)} 鬼動 (詞訟之凶)",
                           (p,)))
    return out


doctrine(
    "liushen-xingsha-subordinate", "六神星煞 參看", "육신성살 참간", ("p290-s1", "p290-s2",
                                                              "p290-s3", "p290-s4"),
    "stars and 六神 are read through the line and its 六親 and never decide alone; compute lists "
    "them (line state shensha) and leaves the weighing to the reader",
)
