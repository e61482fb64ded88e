"""Qt-free presentation rules: what a view shows, worked out without drawing it.

The graph's layout on screen, the memory list's folds, the Compare frame table's columns and the
narration's sentences are plain functions of the core's events, so tests check them without a
window and the views only draw what these say.
"""
