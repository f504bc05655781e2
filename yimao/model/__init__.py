"""The read model: the TEI parsed once into plain values (Edition, text runs) and the worked cases
read from it.
"""
