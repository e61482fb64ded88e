"""How many examples a property test tries, by hypothesis profile (tests/conftest.py registers them).

A test that sets its own count writes `max_examples=examples(60)`: 60 in the "default" profile (every
run, as before), three times as many under `HYPOTHESIS_PROFILE=ci` (a thorough run). The factor is the
loaded profile's own count over hypothesis's 100, so a test's count follows the profile it runs in.
"""

from __future__ import annotations

from hypothesis import settings

DEFAULT_EXAMPLES = 100  # hypothesis's own default count, the "default" profile's


def examples(default_run: int) -> int:
    """`default_run` examples in the default profile, scaled like the loaded profile's count."""
    return max(default_run, default_run * settings.default.max_examples // DEFAULT_EXAMPLES)
