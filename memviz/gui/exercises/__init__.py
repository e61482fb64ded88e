"""The Exercises tab: auto-graded exercises, their answer widgets and the learner's progress."""
