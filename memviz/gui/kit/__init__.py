"""The GUI kit: what every feature of the window shares.

Style and themes, the UI language, fonts, playback (bar and keys), the predict-then-reveal strip,
plots, background workers, notices. A feature package (``explore``, ``compare``, ``scenarios``,
``analysis``, ``exercises``) may use the kit, never another feature (pyproject.toml's contracts).
"""
