# ruff: noqa: E501 (the tables of Korean words are kept one entry beside another)
"""Draft the Korean of the 筮類 judgments' rows of editorial/rules-ko.tsv (issue 22): each
statement pairs each condition with its verdict as the book does (「…면 …다」, 해라체, terms in
their characters as the 立法 rows write them), and the compute column says what this judgment
reads — its questions, its lines, its conditions in order, and the facts it needs.

The conditions are read from their syntax trees (compute.shilei.condition.tree), a word of the
condition language becoming its Korean once (:data:`PRED`, :data:`NAME`, :data:`SEL`). The
drafts are editorial text: review them, and edit a row by hand where the book says it better;
``--write`` replaces only the rows whose judgment is given with ``--only`` (or all 筮類 rows).

    .venv/bin/python tools/judgments_ko.py --only cisong-guan-xi-ji   # print a draft
    .venv/bin/python tools/judgments_ko.py --write                    # rewrite the 筮類 rows
"""

from __future__ import annotations

import argparse
import csv
import io
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from compute.book.questions import ALL  # noqa: E402
from compute.book.questions_data import VOCABULARY  # noqa: E402
from compute.shilei.condition import tree  # noqa: E402
from compute.shilei.judgments_data import JUDGMENTS  # noqa: E402

RULES_KO = ROOT / "editorial" / "rules-ko.tsv"

SEL = {
    "用": "용신(用神)", "諸用": "용신의 모든 자리(飛·伏·變·日月)",
    "飛伏用": "용신의 비신·복신·일월 자리(飛伏用)", "元": "원신(元神)", "忌": "기신(忌神)",
    "仇": "구신(仇神)", "世": "세효(世爻)", "應": "응효(應爻)", "間": "간효(間爻)",
    "身": "괘신(卦身)", "世身": "세신(世身)", "父": "부모(父母)", "兄": "형제(兄弟)",
    "子": "자손(子孫)", "財": "처재(妻財)", "官": "관귀(官鬼)", "爻1": "초효(初爻)",
    "爻2": "이효(二爻)", "爻3": "삼효(三爻)", "爻4": "사효(四爻)", "爻5": "오효(五爻)",
    "爻6": "상효(上爻)", "內": "내괘(內卦)", "外": "외괘(外卦)", "命": "본명(本命)의 효",
    "動爻": "동효(動爻)", "靜爻": "정효(靜爻)", "伏": "복신(伏神)", "日": "일진(日辰)",
    "月": "월건(月建)", "歲": "태세(太歲)", "時": "시(時)", "限": "한(限)이 닿은 효",
    "person": "그 사람의 주속(主屬)",
    "金": "금(金)", "木": "목(木)", "水": "수(水)", "火": "화(火)", "土": "토(土)",
}
BRANCH_KO = dict(zip("子丑寅卯辰巳午未申酉戌亥", "자축인묘진사오미신유술해", strict=True))

PRED = {  # predicate → the clause's stem, "{s}" the subject with its particle
    "動": "{s} 동하", "靜": "{s} 고요하", "暗動": "{s} 암동(暗動)하", "暗破": "{s} 암파(暗破)되",
    "實": "{s} 전실(填實)되", "散": "{s} 충산(沖散)되", "空": "{s} 공(空)이",
    "旬空": "{s} 순공(旬空)에 들", "破": "{s} 월파(月破)를 만나", "絕": "{s} 절(絕)에 들",
    "墓": "{s} 묘(墓)에 들", "長生": "{s} 장생(長生)을 만나", "帝旺": "{s} 제왕(帝旺)을 만나",
    "臨官": "{s} 임관(臨官)을 만나", "胎": "{s} 태(胎)에 들", "養": "{s} 양(養)에 들",
    "旺相": "{s} 왕상(旺相)하", "休囚": "{s} 휴수(休囚)하", "四病": "{se} 사병(四病: 空·破·散·絕)이 있",
    "疾": "{se} 병(疾: 休囚·受傷·化退)이 있", "受傷": "{s} 극을 받고 구원이 없",
    "有援": "{se} 구원(生扶)이 있", "臨日月": "{s} 일월(日月)에 임하", "臨日": "{s} 일진(日辰)에 임하",
    "臨月": "{s} 월건(月建)에 임하", "日月生扶": "{s} 일월의 생부(生扶)를 받",
    "克世": "{s} 세효(世爻)를 극하", "生世": "{s} 세효(世爻)를 생하", "合世": "{s} 세효(世爻)와 합하",
    "沖世": "{s} 세효(世爻)를 충하", "克應": "{s} 응효(應爻)를 극하", "生應": "{s} 응효(應爻)를 생하",
    "無": "{s} 괘에 없", "有": "{s} 괘나 일월에 있", "在": "{s} 있", "伏藏": "{s} 엎드려 있",
    "兩現": "{s} 둘로 나타나", "隨墓": "{s} 수묘(隨墓)하", "卦空破": "{s} 지록(地祿)이 공파(空破)되",
    "化克": "{s} 회두극(回頭克)을 받", "化生": "{s} 변하여 생(生)을 받", "化沖": "{s} 변하여 충(沖)을 받",
    "化絕": "{s} 변하여 절(絕)에 들", "化墓": "{s} 변하여 묘(墓)에 들",
    "化長生": "{s} 변하여 장생(長生)을 만나", "化退": "{s} 퇴신(退神)으로 화하",
    "化進": "{s} 진신(進神)으로 화하", "化子": "{s} 자손(子孫)으로 화하",
    "化鬼": "{s} 관귀(官鬼)로 화하", "化財": "{s} 처재(妻財)로 화하", "化兄": "{s} 형제(兄弟)로 화하",
    "化父": "{s} 부모(父母)로 화하", "陽": "{s} 양효(陽爻)이", "陰": "{s} 음효(陰爻)이",
    "反伏墓絕": "{sn}의 괘가 반음·복음·화묘절(反伏墓絕)을 만나",
    "juechu-fengsheng": "{s} 절처봉생(絕處逢生)하",
    "升": "{s} 승효(升爻)에 자리하", "降": "{s} 강효(降爻)에 자리하",
    "月絕": "{s} 월건(月建)에서 절(絕)에 들", "月長生": "{s} 월건(月建)에서 장생(長生)을 만나",
    "臨歲": "{s} 태세(太歲)에 임하", "化空": "{s} 변하여 공(空)이 되", "化破": "{s} 변하여 월파(月破)를 만나",
    "化合": "{s} 변하여 합(合)을 이루", "獨發": "{s} 홀로 동하", "獨靜": "{s} 홀로 고요하",
    "克用": "{s} 용신(用神)을 극하", "生用": "{s} 용신(用神)을 생하",
}
PRED2 = {  # predicates of two selectors: "{a}" and "{b}" (object) with their particles
    "克": "{a} {b_obj} 극하", "生": "{a} {b_obj} 생하", "合": "{a} {b_with} 합하",
    "沖": "{a} {b_obj} 충하", "比": "{a} {b_with} 비화(比和)하",
}
NAME = {
    "三沖": "삼충(三沖: 貞沖·悔沖·合處逢沖)을 만나", "助傷": "조상(助傷)이 있",
    "隨墓": "수묘(隨墓)가 있", "六沖": "육충괘(六沖卦)이", "六合": "육합괘(六合卦)이",
    "合沖": "육합괘가 육충괘로 변하", "貞沖": "본괘가 육충(六沖)이", "悔沖": "지괘가 육충(六沖)이",
    "化合": "지괘가 육합(六合)이", "靜卦": "동효가 없", "亂動": "효가 어지러이 동하",
    "動爻": "동효가 있", "游魂": "유혼괘(游魂卦)이", "歸魂": "귀혼괘(歸魂卦)이",
    "八純": "팔순괘(八純卦)이", "反伏墓絕": "반음·복음·화묘절(反伏墓絕)을 만나",
    "自占": "스스로 점치", "代占": "남을 대신해 점치", "君占": "임금이 친히 점치",
    "臣占": "신하가 점치", "男占": "남자 쪽이 점치", "女占": "여자 쪽이 점치",
    "親": "친족을 묻", "疏": "친족 아닌 남을 묻", "病久": "오래된 병이", "病新": "새 병이",
    "未間月": "아직 달을 거르지 않았", "已間月": "이미 달을 걸렀", "未收": "아직 거두지 않았",
    "已收": "이미 거두었", "我訟": "내가 송사를 걸", "彼訟": "저편이 송사를 걸",
    "出家": "출가하려 하", "求道": "도를 구하", "為利": "이익을 위해 묻", "為名": "이름을 위해 묻",
    "已住": "이미 살고 있", "未住": "아직 살지 않았",
    "反吟": "반음(反吟)을 만나", "伏吟": "복음(伏吟)을 만나", "卦墓絕": "괘가 묘절(墓絕)을 만나",
}
RULE_KIND = {"命墓": "명묘(命墓)", "世墓": "세묘(世墓)", "化爻墓": "화효묘(化爻墓)",
             "世身墓": "세신묘(世身墓)", "卦身墓": "괘신묘(卦身墓)"}
ORDER = {"first": "용신보다 먼저 보는 판단", "yong": "용신에 대한 판단",
         "detail": "무엇·어디·누구를 가리는 부차적 판단"}


def _batchim(text: str) -> int | None:
    """The final consonant index of the last Hangul syllable of *text* (0: none), or None."""
    for ch in reversed(re.sub(r"\([^()]*\)", "", text)):
        if "가" <= ch <= "힣":
            return (ord(ch) - 0xAC00) % 28
    return None


def particle(word: str, with_final: str, without: str) -> str:
    """*word* with the particle its last syllable takes (이/가, 을/를, 과/와)."""
    b = _batchim(word)
    if b is None:       # hanja alone: read it (a branch, a hexagram)
        b = 1
    return word + (with_final if b else without)


def ending(stem: str, end: str) -> str:
    """*stem* + 면 / 고 / 거나 / 다 (으면 after a final consonant other than ㄹ)."""
    if end == "면":
        b = _batchim(stem)
        return stem + ("으면" if b and b != 8 else "면")
    return stem + end


def sel(t: Any) -> str:
    """A selector as a Korean noun phrase."""
    k = t[0]
    if k == "sel":
        name = t[1]
        if name in SEL:
            return SEL[name]
        if name in BRANCH_KO:
            return f"{BRANCH_KO[name]}({name})"
        return name
    if k == "both":
        a, b = t[1], t[2]
        if a == ("sel", "伏"):
            return f"엎드린 {sel(b)}"
        if b == ("sel", "伏"):
            return f"엎드린 {sel(a)}"
        return f"{sel(b)}의 {sel(a)}"
    if k == "any":
        return "나 ".join(sel(x) for x in t[1])
    if k == "filter":
        _, name, value = t[2]
        label = {"白虎": "백호(白虎)", "青龍": "청룡(青龍)", "天喜": "천희(天喜)"}.get(value, value)
        return f"{particle(label, '이', '가')} {'붙은' if name != '星' else '든'} {sel(t[1])}"
    if k == "變":
        return f"{sel(t[1])}의 변효"
    if k == "call" and t[1] == "變":
        return f"{sel(t[2][0])}의 변효"
    if k == "call" and t[1] == "伏":
        return f"{sel(t[2][0])} 아래 엎드린 복신"
    return str(t)


def _subject(t: Any) -> Any:
    """The first selector of a predicate (its subject), or None."""
    if t[0] == "call" and t[2] and t[1] not in PRED2:
        return t[2][0]
    if t[0] in ("and", "or"):
        return _subject(t[1])
    return None


def stem(t: Any, elide: Any = None) -> str:
    """A condition as a clause stem (to take 면, 고, 거나); a subject the clause before it
    named (*elide*) is not named again (「관귀(官鬼)가 동하고 세효를 극하」)."""
    k = t[0]
    if k in ("and", "or"):
        join = "고" if k == "and" else "거나"
        first = stem(t[1], elide)
        return f"{ending(first, join)} {stem(t[2], _subject(t[1]) or elide)}"
    if k == "call" and elide is not None and t[2] and t[2][0] == elide and t[1] not in PRED2:
        return PRED.get(t[1], "{s} " + t[1]).format(s="", se="", sn="").strip()
    if k == "not":
        return f"{ending(stem(t[1]), '지')} 않"
    if k == "name":
        return NAME.get(t[1], t[1])
    if k == "rule":
        return f"{RULE_KIND.get(t[2], t[2])}가 있"
    if k == "eq":
        if t[1] == "topic":
            return f"물음이 「{t[2]}」이"
        if t[1] == "grade":
            return f"용신의 등급이 {t[2]}이"
        if t[1] == "thing":
            return f"묻는 것이 {t[2]}이"
        return f"{t[1]}이 {t[2]}이"
    if k == "in":
        what = {"卦": "괘", "卦候": "괘후(卦候)", "宮": "궁", "內卦": "내괘(內卦)",
                "外卦": "외괘(外卦)", "變卦": "변괘(變卦)"}.get(t[1], t[1])
        of = f"{'·'.join(sel(a) for a in t[2])}의 " if t[2] else ""
        return f"{of}{particle(what, '이', '가')} {'·'.join(t[3])} 가운데 하나이"
    if k in ("all", "none"):
        p = t[1][1]
        s = sel(t[2])
        if k == "none" and p == "在":
            return f"{particle(s, '이', '가')} 없"
        if k == "all":
            return PRED.get(p, "{s} " + p).format(s=particle(s, "이", "가") + " 모두",
                                                  se=f"{s}에 모두", sn=s)
        base = PRED.get(p, "{s} " + p).format(s=f"{s} 어느 것도", se=f"{s} 어디에도", sn=s)
        return f"{ending(base, '지')} 않"
    if k == "call":
        name, args = t[1], t[2]
        if name in PRED2 and len(args) == 2:
            a, b = sel(args[0]), sel(args[1])
            return PRED2[name].format(a=particle(a, "이", "가"), b_obj=particle(b, "을", "를"),
                                      b_with=particle(b, "과", "와"))
        s = sel(args[0]) if args else ""
        return PRED.get(name, "{s} " + name).format(s=particle(s, "이", "가") if args else "",
                                                    se=f"{s}에" if args else "", sn=s)
    return str(t)


def clause(condition: str) -> str:
    """The condition as 「…면」 (empty for ``true``)."""
    t = tree(condition)
    return "" if t == ("name", "true") else ending(stem(t), "면")


def verdict_text(ko: str, verdict: str) -> str:
    """「흉(凶): 무엇이다.」 → 「무엇이다(凶).」; a gloss without its label stays as it is."""
    m = re.match(r"^[^():]{1,8}\(([^()]{1,4})\): (.*)$", ko)
    if m:
        body = m.group(2).rstrip(".")
        return f"{body}({m.group(1)})."
    return ko if ko.endswith(".") else ko + "."


def _words(text: str) -> set[str]:
    return {w for w in re.sub(r"\([^()]*\)", "", text).split() if len(w) >= 2}


def _restates(gloss: str, condition_ko: str) -> bool:
    """Whether the verdict's Korean gloss already says its condition (a 「…면」, or two words of
    the condition's Korean)."""
    body = gloss.split(": ", 1)[-1]
    common = len(_words(body) & _words(condition_ko))
    return common >= 2 or (common >= 1 and bool(re.search(r"(면|때)[ ,]", body)))


def statement(j: dict[str, Any]) -> str:
    """「zh」 — then each condition with its verdict."""
    gate = clause(j["condition"])
    outs = j.get("outcomes") or ({"condition": "true", "verdict": j.get("verdict", ""),
                                  "verdict_ko": j.get("verdict_ko", "")},)
    parts = []
    for o in outs:
        c = clause(o["condition"])
        v = verdict_text(o["verdict_ko"], o["verdict"])
        paired = _restates(v, c)    # the gloss states the condition already
        parts.append(f"{c} {v}" if c and not paired else v)
    head = f"{gate} " if gate else ""
    return f"「{j['zh']}」 — {head}{' '.join(parts)}"


def questions_of(j: dict[str, Any]) -> str:
    """The questions the judgment answers, as the book words them."""
    from compute.shilei.judge import applies

    qs = [q for q in ALL if applies(j, q)]
    return "·".join(q.text for q in qs) or "없음"


def reads(j: dict[str, Any]) -> str:
    """Which lines the judgment reads: the question's 用神, or the lines its sentence names."""
    texts = [j["condition"], *(o["condition"] for o in j.get("outcomes", ()))]
    names: list[str] = []
    for text in texts:
        for m in re.finditer(r"[(,∩|]\s*([^\s(),|∩\[\]]+)", text):
            w = m.group(1)
            if w in SEL and SEL[w] not in names:
                names.append(SEL[w])
    own = "물음의 용신(用神)"
    r = j.get("reads")
    if isinstance(r, (tuple, list)):        # compiled: ((thing, 用神), …)
        r = dict(r)
    if isinstance(r, str) and r:
        own = f"문장이 용(用)으로 이르는 {VOCABULARY.get(r, r)}"
    elif isinstance(r, dict):
        rest = f"그 밖에는 {r['']}" if r.get("") else "묻는 것을 말하지 않으면 판단하지 않음"
        ways = "·".join(f"{k}이면 {v}" for k, v in r.items() if k) + f", {rest}"
        own = f"문장이 용(用)으로 이르는 효(묻는 것에 따라: {ways})"
    names = [own if n == "용신(用神)" else n for n in names]
    return "·".join(names) or "괘 전체"


FACTS = ("自占", "代占", "君占", "臣占", "男占", "女占", "親", "疏", "病久", "病新", "未間月",
         "已間月", "未收", "已收", "我訟", "彼訟", "出家", "求道", "為利", "為名", "已住", "未住")


def compute_sentence(j: dict[str, Any], chapter_ko: str) -> str:
    """What compute does for this judgment: its questions, its lines, its conditions, its facts."""
    outs = j.get("outcomes") or ()
    n = len(outs)
    gate = clause(j["condition"])
    tried = (f"조건 {n}개를 책의 순서대로 따져 처음 성립하는 것을 판단으로 보고한다" if n > 1
             else f"{clause(outs[0]['condition'])} 그 판단을 보고한다" if n == 1
             else "그 판단을 보고한다")
    gate_text = (f"{gate} 그때에만 " if n else f"{gate} ") if gate else ""
    texts = " ".join([j["condition"], *(o["condition"] for o in outs)])
    facts = [f for f in FACTS if re.search(rf"(?<![\w]){re.escape(f)}(?![\w])", texts)]
    needs = (f"; 묻는 사람의 사정({'·'.join(facts)})은 괘가 알 수 없으니 사정 칸에 주어야 판단하고, "
             "주지 않으면 모름으로 둔다") if facts else ""
    if "命" in texts or "person" in texts:
        needs += "; 본명(本命)·주속(主屬)이 주어져야 그 효를 읽는다"
    if "限" in texts:
        needs += "; 물은 해가 주어져야 한(限)을 읽는다"
    listed = "; ".join(f"{k}. {clause(o['condition']) or '그 밖에는'} {o['verdict']}"
                       for k, o in enumerate(outs, 1) if n > 1)
    listed = f" — {listed}" if listed else ""
    return (f"{chapter_ko}의 물음({questions_of(j)})을 물은 괘에서 {particle(reads(j), '을', '를')} "
            f"읽는다: {gate_text}{tried}({ORDER.get(j['order'], j['order'])}){needs}{listed}.")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="rewrite the rows in rules-ko.tsv")
    ap.add_argument("--only", nargs="*", help="these judgment ids only")
    args = ap.parse_args(argv)
    text = RULES_KO.read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE))
    by_id = {j["id"]: j for j in JUDGMENTS}
    n = 0
    for row in rows[1:]:
        j = by_id.get(row[0])
        if j is None or (args.only and row[0] not in args.only):
            continue
        m = re.match(r"^(\S+\([^)]*章\))", row[3])
        chapter_ko = m.group(1) if m else j["chapter"]
        new = [row[0], row[1], statement(dict(j)), compute_sentence(dict(j), chapter_ko)]
        if not args.write:
            print("\n".join(new[2:]), end="\n\n")
        row[:] = new
        n += 1
    if args.write:
        out = io.StringIO()
        csv.writer(out, delimiter="\t", quoting=csv.QUOTE_NONE, lineterminator="\n",
                   escapechar=None).writerows(rows)
        RULES_KO.write_text(out.getvalue(), encoding="utf-8")
        print(f"rewrote {n} rows of {RULES_KO.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
