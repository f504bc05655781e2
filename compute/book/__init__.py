"""The book's tables: 干支, 五行, 卦 and 八宮, 納甲, 六親, 六神, 長生, 星宿, 卦身, 伏神, and the 節
of
the calendar. Each table is registered under its rule id with the sentences that state it; this
floor imports only the ground floor (:mod:`compute.errors`, :mod:`compute.values`,
:mod:`compute.registry`)."""
