"""The source transcription in text/ is the received seed, untouched."""

from pathlib import Path

from yimao.tei import source

SHARED_SEED = Path(__file__).resolve().parents[2] / "shared" / "seed" / source.SEED.name


def test_paragraph_counts():
    src = source.load()
    assert len(src.chinese) == 694
    assert len(src.korean) == 693
    assert src.korean[0].corresp == ("p001", "p002")


def test_sentences_rejoin_to_paragraphs():
    for p in source.load().chinese:
        assert "".join(source.sentences(p.text)) == p.text


def test_text_matches_shared_seed_when_available():
    if not SHARED_SEED.exists():
        return  # the seed lives outside the repository; CI has it beside the clone
    assert source.SEED.read_bytes() == SHARED_SEED.read_bytes()
