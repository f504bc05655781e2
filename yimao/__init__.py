"""yimao: the 易冒 edition — the source text, its TEI encoding, and the command-line tool."""
