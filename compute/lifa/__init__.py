"""The rules of the 立法 chapters, one module per topic in the book's order (findings: chapters
1–12; 長生 … 神煞: chapters 13–41). Each registers its line annotators and finding detectors
with the sentences that state them."""
