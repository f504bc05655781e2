"""Where the commentary notes are: （…） in the Chinese, "(주: …)" in the Korean.

A note is found by bracket depth: it opens at a top-level opener and closes at the matching
closer. Parentheses that the editors class as transcriber's queries (corrections.tsv,
kind=query) are skipped: they are not notes and are not counted.

A few notes run over a paragraph break (the transcription put a paragraph break inside a long
note). A note left open at the end of a paragraph continues into the following paragraph(s) only
if a later paragraph — with nothing but note text in between — has an unmatched closer; that
closer ends the note. Otherwise the note simply runs to the end of its paragraph (the closing
bracket is missing in the source). Paragraphs in between may hold balanced brackets (the
Korean glosses 신안(新安)) but no new note. Fragments are chained by ``prev``/``next``; a
fragment that starts inside a note carried over from the previous paragraph is number 0
(``p189-n0``).

>>> [n.span for n in find_notes(["甲（注）乙（又（？）注）"], "（", "（", "）")[0]]
[(1, 4), (5, 12)]
>>> chain = find_notes(["甲（注", "注。注", "注）乙"], "（", "（", "）")
>>> [(n.span, n.num, n.prev, n.next) for para in chain for n in para]
[((1, 3), 1, False, True), ((0, 3), 0, True, True), ((0, 2), 0, True, False)]
>>> [(n.span, n.closed) for n in find_notes(["甲（注", "乙"], "（", "（", "）")[0]]
[((1, 3), False)]
"""

from __future__ import annotations

from dataclasses import dataclass

LOOKAHEAD = 3  # how many paragraphs a note may continue over


@dataclass(frozen=True, slots=True)
class NoteRange:
    start: int
    end: int
    num: int  # 1, 2 … in order of opening; 0 = continuation of the previous paragraph's note
    prev: bool = False  # continues a note of the previous paragraph
    next: bool = False  # continues into the next paragraph
    closed: bool = True  # False: the source never closes it

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)


def _skipper(excluded: list[tuple[int, int]]) -> dict[int, int]:
    return {s: e for s, e in excluded}


def _unmatched_close(
    text: str, open_ch: str, close_ch: str, excluded: list[tuple[int, int]]
) -> int | None:
    """Position of the first closer that has no opener before it, or None."""
    skip = _skipper(excluded)
    depth = pos = 0
    while pos < len(text):
        if pos in skip:
            pos = skip[pos]
            continue
        ch = text[pos]
        if ch == open_ch:
            depth += 1
        elif ch == close_ch:
            depth -= 1
            if depth < 0:
                return pos
        pos += 1
    return None


def find_notes(
    texts: list[str],
    opener: str | tuple[str, ...],
    open_ch: str,
    close_ch: str,
    excluded: dict[int, list[tuple[int, int]]] | None = None,
) -> list[list[NoteRange]]:
    """Note ranges for each paragraph of ``texts`` (in book order).

    ``opener`` starts a note at top level (``"（"``, or a tuple such as ``("(주:", "(본장")``);
    ``open_ch``/``close_ch`` count depth. ``excluded[i]`` are ranges of paragraph i to skip
    (transcriber's queries).
    """
    excluded = excluded or {}
    openers = (opener,) if isinstance(opener, str) else opener
    out: list[list[NoteRange]] = []
    carried = [False] * len(texts)
    continues = [False] * len(texts)  # paragraph i's open note continues into i+1
    for i, text in enumerate(texts):
        skip = _skipper(excluded.get(i, []))
        notes: list[NoteRange] = []
        num = 0
        depth, start = (1, 0) if carried[i] else (0, -1)
        pos = 0
        while pos < len(text):
            if pos in skip:
                pos = skip[pos]
                continue
            ch = text[pos]
            if depth == 0:
                if text.startswith(openers, pos):
                    depth, start = 1, pos
                    num += 1
                    pos += 1
                    continue
            elif ch == open_ch:
                depth += 1
            elif ch == close_ch:
                depth -= 1
                if depth == 0:
                    first = start == 0 and carried[i]
                    notes.append(NoteRange(start, pos + 1, 0 if first else num, prev=first))
            pos += 1
        if depth > 0:
            first = start == 0 and carried[i]
            ahead = _continuation(texts, openers, i, open_ch, close_ch, excluded)
            for j in range(i + 1, ahead + 1):
                carried[j] = True
            continues[i] = ahead > i
            notes.append(
                NoteRange(
                    start, len(text), 0 if first else num, prev=first, next=ahead > i,
                    closed=ahead > i,
                )
            )
        out.append(notes)
    return out


def _continuation(
    texts: list[str],
    openers: tuple[str, ...],
    i: int,
    open_ch: str,
    close_ch: str,
    excluded: dict[int, list[tuple[int, int]]],
) -> int:
    """Index of the paragraph whose unmatched closer ends the note left open in paragraph i
    (i itself if none follows within LOOKAHEAD paragraphs before a new note opens)."""
    for j in range(i + 1, min(i + 1 + LOOKAHEAD, len(texts))):
        if _unmatched_close(texts[j], open_ch, close_ch, excluded.get(j, [])) is not None:
            return j
        if any(o in texts[j] for o in openers):
            return i
    return i
