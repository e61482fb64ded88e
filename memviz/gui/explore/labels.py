"""Names of strategies and policies, kept here only for the recording dialog (branch `rec` moves it
to :mod:`memviz.wording`); everything else reads :mod:`memviz.wording` directly."""

from __future__ import annotations

from functools import partial

from memviz import wording

strategy_name = partial(wording.strategy_name, capital=True)
policy_name = partial(wording.policy_name, capital=True)
