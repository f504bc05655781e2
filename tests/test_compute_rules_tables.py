"""Tables of chapters 13–41 against the book's own 訣, read from text/ (not retyped), and every
citation of those rules against the sentence ids of the source."""

from __future__ import annotations

import re

import pytest

from compute import registry as rules
from compute.book.changsheng import stage, wangxiang
from compute.book.ganzhi import BRANCH_ZH, STEM_ZH
from compute.lifa import shensha
from compute.lifa.xinghai import HAI, XING
from yimao.tei.source import load, sentence_ids

MINE = ("changsheng", "riyue", "kongpo", "richong", "fanfu", "jintui", "hechong", "ju", "xinghai",
        "guisha", "shensha", "yongshen", "guayan", "leizong")
ANIMAL = dict(zip("鼠牛虎兔龍蛇馬羊猴雞犬豬", BRANCH_ZH, strict=True))


def source_text() -> str:
    return "".join(p.text for p in load().chinese)


def jue(text: str) -> str:
    """The 訣 as the source prints it (the test fails if it is not there verbatim)."""
    assert text in source_text(), text
    return text


def by_stem(verse: str, scribal: dict[str, str] | None = None) -> dict[str, list[str]]:
    """stem → branches of a 訣 such as "甲虎乙豬牛，丙同犬鼠遊 …"."""
    out: dict[str, list[str]] = {}
    group: list[str] = []
    open_group = True
    for ch in verse:
        ch = (scribal or {}).get(ch, ch)
        if ch in STEM_ZH:
            if not open_group:
                group = []
            group.append(ch)
            open_group = True
        elif ch in ANIMAL or ch in BRANCH_ZH:
            b = ANIMAL.get(ch, ch)
            for s in group:
                out.setdefault(s, []).append(b)
            open_group = False
    return out


def test_fuxing_against_jue():
    got = by_stem(jue("甲虎乙豬牛，丙同犬鼠遊，丁雞戊猴走，己羊庚馬頭，辛蛇癸逐兔，壬日占龍樓"))
    for s in range(10):
        assert sorted(shensha.FUXING[s]) == sorted(got[STEM_ZH[s]])


def test_tianchu_against_jue():
    got = by_stem(jue("甲丁蛇位號天廚，丙鼠壬雞癸伴豬，乙戊辛干皆向馬，己猴庚虎"))
    assert {STEM_ZH[s]: [shensha.TIANCHU[s]] for s in range(10)} == got


def test_wenchang_against_jue():
    got = by_stem(jue("甲蛇乙馬號文昌，丁己尋雞辛犬方，庚豬癸兔壬從虎，丙戊揚猴"))
    assert {STEM_ZH[s]: [shensha.WENCHANG_BOOK[s]] for s in range(10)} == got


def test_tianyi_against_jue():
    """The text writes 巳 for the stem 己 in both verses (乙猴巳鼠頭, 乙鼠巳猴鄉)."""
    fix = {"巳": "己"}
    yang = by_stem(jue("甲羊戊庚牛，乙猴巳鼠頭，丙雞丁豬走，壬兔癸蛇游，六辛騎猛虎"), fix)
    yin = by_stem(jue("甲牛戊庚羊，乙鼠巳猴鄉，丙雞丁豬位，壬蛇癸兔藏，六辛乘駿馬"), fix)
    assert {STEM_ZH[s]: [shensha.TIANYI_YANG[s]] for s in range(10)} == yang
    assert {STEM_ZH[s]: [shensha.TIANYI_YIN_VERSE[s]] for s in range(10)} == yin
    # the prose rule (the default) differs from the verse only for 丙 and 丁
    diff = [STEM_ZH[s] for s in range(10) if shensha.TIANYI_YIN_PROSE[s] != yin[STEM_ZH[s]][0]]
    assert diff == ["丙", "丁"]


def test_yangren_against_jue():
    got = by_stem(jue("乙逢寅動當為刃，辛見申搖豈不凶，丁己忌巳癸憂亥"))
    for stem, (b,) in got.items():
        assert shensha.YANGREN_BOOK[STEM_ZH.index(stem)] == b
    assert shensha.YANGREN_COMMON[STEM_ZH.index("乙")] == "辰"   # p251-s4: the rejected 近世 rule


def test_month_verses():
    label = "正二三四五六七八九十子丑"
    for verse, months in (
        ("正龍二雞三虎鄉，四羊五鼠六蛇藏，七犬八兔九猴位，十牛子馬丑豬忙",
         dict(shensha.MONTH_STARS_BY_NAME)["天賊"]),
        ("正寅二巳三申位，四豬五兔六馬悲，七雞八鼠九辰忌，十羊子犬丑牛危",
         dict(shensha.MONTH_STARS_BY_NAME)["往亡"]),
    ):
        pairs = re.findall(f"([{label}])([{''.join(ANIMAL)}{BRANCH_ZH}])", jue(verse))
        assert "".join(ANIMAL.get(b, b) for _, b in pairs) == months


def test_yima_against_jue():
    verse = jue("寅午戌馬居申，亥卯未馬在巳，申子辰成居寅，巳酉丑馬在亥")
    for group, b in re.findall(r"(\w{3})(?:馬居|馬在|成居)(\w)", verse):
        for m in group:
            base = shensha.SANHE_MIDDLE[BRANCH_ZH.index(m) % 4]
            assert BRANCH_ZH[(base + 2) % 12] == b


def test_changsheng_examples():
    """p180-s1 "金遇巳而不克，土遇巳而不生"; p182-s1 水敗於酉, 火胎於子, 木胎在酉, 金衰在戌;
    p149-s1 "土爻用神，遇於巳月應相 … 如遇申月其土則休"."""
    assert (stage(3, 5), stage(2, 5)) == ("長生", "絕")
    assert [stage(4, 9), stage(1, 0), stage(0, 9), stage(3, 10)] == ["沐浴", "胎", "胎", "衰"]
    assert (wangxiang(2, 5), wangxiang(2, 8)) == ("相", "休")


def test_xing_and_hai():
    """p218-s1: 寅巳申、丑戌未、卯子、子卯、辰午酉亥; p220-s3: 子未為害."""
    cycle = {(BRANCH_ZH[a], BRANCH_ZH[b]) for a, b in enumerate(XING)}
    pairs_zh = "寅巳 巳申 申寅 丑戌 戌未 未丑 子卯 卯子 辰辰 午午 酉酉 亥亥"
    expected = {tuple(p) for p in pairs_zh.split()}
    assert expected == cycle
    pairs = {frozenset((BRANCH_ZH[a], BRANCH_ZH[b])) for a, b in enumerate(HAI)}
    assert pairs == {frozenset(p) for p in ("子未", "丑午", "寅巳", "卯辰", "申亥", "酉戌")}


def test_heshen_cycle():
    from compute.book.ganzhi import GanZhi

    assert shensha.heshen(GanZhi.from_zh("癸巳")) == "房北"     # 第四十五日上天而居於房北
    assert shensha.heshen(GanZhi.from_zh("戊申")) == "中宮"     # 戊申居中
    assert sum(n for _, n in shensha.HESHEN_STATIONS) == 60


def _my_rules():
    for r in rules.all_rules():
        if any(i.name.split(".")[1] in MINE for i in r.impls if i.name):
            yield r


def test_citations_resolve():
    ids = set()
    for p in load().chinese:
        ids.update(sentence_ids(p.id, p.text))
    bad = [(r.id, s) for r in _my_rules() for s in r.passages if s not in ids]
    assert bad == []


def test_every_catalogue_rule_of_ch13_41_registered():
    catalogue = {
        "fanyin-fuyin-scope", "gua-dilu", "fanyin-gua", "fanyin-yao", "zhushu",
        "fanyin-by-question", "fuyin", "youhun-guihun-use", "shengjiang", "guaqi-qiri",
        "jinshen-tuishen", "jinshen-3", "tuishen-3", "benwu-eryou", "benyou-erwu", "gua-mujue",
        "gua-kongpo", "gua-hua-shengke", "gua-wangxiang-8", "ganhua-yong", "taisui", "yuejian",
        "richen", "wangshuai-method", "shichen", "yuepo", "da-baihu", "xunkong", "xunkong-13",
        "xunkong-use", "richong-4", "richong-types", "andong", "houshi", "dufa-dujing",
        "liangxian", "changsheng-12", "shengjue-over-shengke", "si-mu-jue", "shengjue-source",
        "yinyang-gan-changsheng", "dizhi-canggan", "tu-changsheng", "guan-gui", "wu-gui",
        "juechu-fengsheng", "liuchong-gua", "liuhe-gua", "liuhe", "yao-chong-5",
        "hechu-fengchong", "suimu", "zhushang", "sanhe-ju", "sanxing", "liuhai", "liuhai-gua",
        "guayan-precedence", "guayi-table", "yongshen-source", "gua-yong-8", "yao-yong-6",
        "shi-ying-ji-10", "yuan-ji-chou", "dongbian-rules", "riyue-quan", "hechong-summary",
        "xunkong-8", "xinghai-juhua", "liushen-xingsha-subordinate", "yongshen-18", "keqi",
        "xian-suo-bushan",
    }
    registered = {r.id for r in rules.all_rules()}
    assert catalogue - registered == set()


@pytest.mark.parametrize("name, choices", [
    ("tu-changsheng", ("申", "寅")), ("fanfu-static", ("book", "folk")),
    ("zhushang", ("book", "common")),
    ("shensha-base", ("month", "day")), ("tianxi", ("month", "season")),
])
def test_conventions_recorded(name, choices):
    """Every convention is recorded in the chart, the book's choice first (the default)."""
    from compute import chart

    c = chart("乾", month="子", day="甲子")
    conv = {x.name: x for x in rules.conventions()}
    assert conv[name].choices == choices and dict(c.options)[name] == choices[0]


def test_tu_changsheng_convention_changes_the_stage():
    from compute import chart

    book = chart("坤", month="巳", day="丁巳")
    other = chart("坤", month="巳", day="丁巳", conventions={"tu-changsheng": "寅"})
    assert book.primary.line(1).state["changsheng"]["day"] == "絕"      # 土遇巳而不生 (p180-s1)
    assert other.primary.line(1).state["changsheng"]["day"] == "臨官"


def paired_months(verse: str, sep: str = "，", scribal: dict[str, str] | None = None,
                  nth: int = 0) -> str:
    """A 訣 of six segments "正七 …，二八 …" → the twelve values 正月 … 十二月 (the *nth*
    animal or branch of each segment, after the month numerals)."""
    animals = dict(ANIMAL, 豕="亥")
    segments = jue(verse).split(sep)
    assert len(segments) == 6, segments
    values = []
    for seg in segments:
        rest = re.sub(r"^(正七|二八|三九|四十|五十一|六十二|子午|丑未)", "", seg)
        body = "".join((scribal or {}).get(ch, ch) for ch in rest)
        found = [animals.get(ch, ch) for ch in body if ch in animals or ch in BRANCH_ZH]
        values.append(found[nth])
    return "".join(values) * 2


TIANMA = "正七還騎馬，二八向猴申，三九須從犬，四十鼠相侵，五十一當寅上，六十二定歸辰"
CAI = "正七起龍蛇，二八馬羊家，三九循申酉，四十犬豕牙，子午鼠牛索，丑未寅卯查"
CHUIMEN = "正七慮行村，二八鼠當門，三九居戌位，四十弄猴猻，五十一騎馬走，六十二跳龍門"


@pytest.mark.parametrize("name, verse, sep, scribal, nth", [
    ("天馬", TIANMA, "，", None, 0),
    ("天財", CAI, "，", None, 0),
    ("地財", CAI, "，", None, 1),
    ("錘門官符", CHUIMEN, "，", {"慮": "虎"}, 0),
    ("陰煞", "正七寅、二八辰、三九午、四十申、五十一戌、六十二子", "、", None, 0),
])
def test_paired_month_verses(name, verse, sep, scribal, nth):
    assert dict(shensha.MONTH_STARS_BY_NAME)[name] == paired_months(verse, sep, scribal, nth)


@pytest.mark.parametrize("name, verse", [
    ("喪車", "春雞夏鼠來，秋卯冬午"),
    ("天耳", "春巳夏寅秋亥冬申"),
    ("天目", "春亥夏申秋巳冬寅"),
    ("喝散", "春巳夏居申，秋豬冬到寅"),
    ("浴盆煞", "春辰夏未秋逢戌，冬季推來在丑"),
])
def test_season_verses(name, verse):
    animals = dict(ANIMAL)
    values = [animals.get(ch, ch) for ch in jue(verse) if ch in animals or ch in BRANCH_ZH]
    assert len(values) == 4
    assert dict(shensha.MONTH_STARS_BY_NAME)[name] == "".join(v * 3 for v in values)
