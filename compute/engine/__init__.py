"""The engine: inputs read once (:mod:`~compute.engine.inputs`), the chart built from the book's
tables and its rules run (:mod:`~compute.engine.chart`), the per-chart facts the rules share
(:mod:`~compute.engine.context`), and the one
layout of a chart (:mod:`~compute.engine.layout`)."""
