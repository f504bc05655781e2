"""Stand-ins for two modules of Pyodide's Python, served in the reading site's standard library
in their place (see :data:`yimao.web.pyodide_zips.STAND_INS`): what a Run never uses, left out of a
first Run's download. Never imported by the edition itself."""
