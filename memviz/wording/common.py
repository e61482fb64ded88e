"""The words of more than one tab, zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words

EXPORT = Words("导出", "Export")
UNLIMITED = Words("不限", "unlimited")

STRATEGY = Words("策略", "Strategy")

CAPACITY = Words("容量", "Capacity")

COMPUTING = Words("正在计算…", "Computing…")

BATCH = Words("批量", "Batch")
SWEEP = Words("扫描", "Sweep")
COST = Words("成本", "Cost")
RUN = Words("次", "run")
# the Evaluate tab's title and its button (common: the window names its tabs without loading the view)
EVALUATE = Words("评测", "Evaluate")
# an answer checked, and found right (Exercises, Scenarios)
CHECK = Words("检查答案", "Check")
RIGHT = Words("答对了！", "Right!")

COVERAGE = Words("覆盖率", "coverage")
NAME_SEPARATOR = Words("、", ", ")  # between names in a list
MEAN_TOKENS = Words("平均 token", "mean tokens")
