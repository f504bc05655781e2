"""The TEI side: ids, the source reading, the builder and its layers (text/ + editorial/ +
compute's registry → tei/yimao.xml).
"""
