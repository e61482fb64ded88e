"""The kinds of exercise and how an answer is worked out: :mod:`.kind` (what every kind has),
:mod:`.one_run` and :mod:`.batches` (the kinds), :mod:`.registry` (them by name), :mod:`.compute`
(asking, solving, grading) and :mod:`.parse` (reading what a learner typed)."""
