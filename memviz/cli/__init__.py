"""memviz's commands and their text formats.

``memviz.cli.main`` parses the command line and runs a command; the other modules hold one command
family each (``site``, ``scenario``, ``compare``) or a text format (``textreport``, ``scenario_text``).
This file imports nothing, so a text format can be used without loading the whole command line.
"""
