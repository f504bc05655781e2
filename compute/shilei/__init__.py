"""The 筮類: the questions of the 50 chapters and their 用神 (:mod:`~compute.book.questions`),
the 用神 rules that wait for a question (:mod:`~compute.shilei.quyong`), the chapters'
judgments (:mod:`~compute.shilei.judge`), 應期 (:mod:`~compute.shilei.yingqi`) and 大限/小限
(:mod:`~compute.shilei.daxian`)."""
