"""The reading site: the Sphinx extension, the page renderers, the Pyodide runtime and the local
server.
"""
