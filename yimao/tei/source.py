"""The transcription as received (text/), split into the book's paragraphs and sentences.

This module fixes the edition's identifiers, which never change once published:

* Chinese paragraphs are numbered 1..694 in book order: ``p001`` … ``p694``.
* The Korean paragraph that translates them is ``p001-ko`` (title *and* byline share it),
  then ``p003-ko`` … ``p694-ko``.
* Sentences of a Chinese paragraph are ``p027-s1``, ``p027-s2`` … (see :func:`sentences`).

The design notes count "¶" over every non-empty line of the seed from 0 (Chinese and Korean
alike); :func:`para_id_from_design` converts.

>>> src = load()
>>> len(src.chinese), len(src.korean)
(694, 693)
>>> src.chinese[0].id, src.chinese[0].text
('p001', '易冒')
>>> src.korean[0].id, src.korean[0].corresp
('p001-ko', ('p001', 'p002'))
>>> para_id_from_design(51)
'p027'
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from yimao import ids

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT / "text" / "000_f2c3b46164ae43d7.txt"

SENTENCE_END = "。！？"
NOTE_OPEN, NOTE_CLOSE = "（", "）"


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph of the source: ``lang`` is ``"lzh"`` or ``"ko"``; ``line`` is the
    0-based index among non-empty lines (the design notes' ¶ number)."""

    id: str
    lang: str
    text: str
    line: int
    corresp: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Source:
    chinese: tuple[Paragraph, ...]
    korean: tuple[Paragraph, ...]

    def by_id(self, pid: str) -> Paragraph:
        for p in self.chinese + self.korean:
            if p.id == pid:
                return p
        raise KeyError(pid)


def para_id(n: int) -> str:
    """Id of the n-th Chinese paragraph (1-based).

    >>> para_id(27)
    'p027'
    """
    return ids.paragraph(n)


def para_id_from_design(line: int) -> str:
    """The Chinese paragraph id for a design-note ¶ number (Chinese lines only).

    >>> [para_id_from_design(n) for n in (0, 1, 3, 5, 587)]
    ['p001', 'p002', 'p003', 'p004', 'p295']
    """
    if line in (0, 1):
        return para_id(line + 1)
    if line < 3 or line % 2 == 0:
        raise ValueError(f"¶{line} is a Korean line; Chinese lines are ¶0, ¶1 and odd ¶3 …")
    return para_id((line + 1) // 2 + 1)


def parse(text: str) -> Source:
    """Split the seed: non-empty lines separated by exactly one blank line; line 0 title,
    line 1 byline, line 2 their shared Korean; then Chinese/Korean alternate."""
    lines = text.split("\n\n")
    if any("\n" in line or not line for line in lines):
        raise ValueError("the source must be non-empty paragraphs separated by one blank line")
    zh_lines = [0, 1, *range(3, len(lines), 2)]
    chinese = tuple(Paragraph(para_id(i + 1), "lzh", lines[n], n) for i, n in enumerate(zh_lines))
    korean = [Paragraph(ids.korean("p001"), "ko", lines[2], 2, ("p001", "p002"))]
    for i, n in enumerate(range(4, len(lines), 2)):
        zh = chinese[i + 2]
        korean.append(Paragraph(ids.korean(zh.id), "ko", lines[n], n, (zh.id,)))
    return Source(chinese, tuple(korean))


@functools.cache
def load(path: Path = SEED) -> Source:
    return parse(path.read_text(encoding="utf-8"))


def sentences(text: str) -> list[str]:
    """Split a Chinese paragraph into sentences; ``"".join`` gives the text back.

    A sentence ends at 。！？ outside the commentary （…）; commentary notes that follow the
    full stop directly belong to the sentence they follow. Text inside a note is never split.

    >>> sentences("甲子乙丑海中金。（注。又注）丙寅丁卯爐中火？餘")
    ['甲子乙丑海中金。（注。又注）', '丙寅丁卯爐中火？', '餘']
    >>> sentences("易冒")
    ['易冒']
    """
    out: list[str] = []
    start = depth = 0
    ended = False
    for i, ch in enumerate(text):
        if ch == NOTE_OPEN:
            depth += 1
        elif ch == NOTE_CLOSE:
            depth = max(depth - 1, 0)
            continue
        if depth:
            continue
        if ended and ch not in SENTENCE_END:
            out.append(text[start:i])
            start, ended = i, False
        if ch in SENTENCE_END:
            ended = True
    if start < len(text):
        out.append(text[start:])
    return out


def sentence_ids(pid: str, text: str) -> list[str]:
    """Ids ``{pid}-s1`` … for :func:`sentences` of a paragraph.

    >>> sentence_ids("p027", "甲。乙。")
    ['p027-s1', 'p027-s2']
    """
    return [ids.sentence(pid, k) for k in range(1, len(sentences(text)) + 1)]
