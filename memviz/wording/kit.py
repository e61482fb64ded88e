"""The words of the window's shared pieces (playback bar, plots, computed views), zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words

THE_SETTINGS_HAVE_CHANGED_THE_RESULTS_N = Words(
    "设置已改变：下面的结果还是按之前的设置算的。点「{}」按现在的设置重新计算。",
    "The settings have changed: the results below are for the earlier settings. Press “{}” to compute them for the current settings.",
)
RUNS = Words("次数", "Runs")
FIRST_SEED = Words("起始 seed", "First seed")
RUNS_PER_CONFIGURATION_ONE_SEED_EACH = Words(
    "每种配置跑多少次（每次一个 seed）", "Runs per configuration (one seed each)"
)
THE_FIRST_SEED_EACH_FURTHER_RUN = Words(
    "第一个 seed；之后依次加 1", "The first seed; each further run uses the next one"
)
SEED_CLICK_TO_OPEN_IT_IN_N = Words(
    "seed {seed}：{zh}\n点击：在探索视图里打开", "seed {seed}: {en}\nclick to open it in Explore"
)
CLICK_A_DOT_TO_OPEN_THAT = Words(
    "点一个点：在探索视图里打开这次运行", "Click a dot to open that run in Explore"
)
EXPORT_EVERYTHING_TO_A_FOLDER = Words("全部导出到文件夹…", "Export everything to a folder…")
NO_RESULTS_YET = Words("还没有结果", "No results yet")
COMPUTE_FIRST_THEN_EXPORT = Words("先计算，再导出。", "Compute first, then export.")
EXPORT_TO_FOLDER = Words("导出到文件夹", "Export to folder")
REPLACE_EXISTING_FILES = Words("替换已有文件？", "Replace existing files?")
EXPORT_FAILED = Words("导出失败", "Export failed")
PAUSE = Words("暂停", "Pause")
REPLAY = Words("重播", "Replay")
PLAY = Words("播放", "Play")
RESET = Words("重来", "Reset")
BACK_TO_STEP_0_HOME = Words("回到第 0 步（Home）", "Back to step 0 (Home)")
BACK = Words("上一步", "Back")
ONE_STEP_BACK_REPLAYS_THE_SEED = Words(
    "退回一步（←）：从头重放同一个 seed", "One step back (←): replays the seed"
)
STEP = Words("下一步", "Step")
ONE_STEP = Words("走一步（→）", "One step (→)")
PLAY_PAUSE_SPACE = Words("自动播放 / 暂停（空格）", "Play / pause (Space)")
SPEED = Words("速度", "Speed")
FASTER_SLOWER = Words("加快 +，减慢 −", "Faster +, slower −")
TIMELINE = Words("进度", "Timeline")
DRAG_TO_JUMP_TO_ANY_STEP = Words("拖动跳到任意一步", "Drag to jump to any step")
SEEDS_RUNS_N = Words("seed {seed0}～{last}（{runs}）", "seeds {seed0}–{last} ({runs})")  # runs: counted
HIGHER_IN_ALL_RUNS_N = Words("{n} 次全部更高", "higher in all {n} runs")
HIGHER_IN_OF_RUNS_N = Words("{n} 次里 {wins} 次更高", "higher in {wins} of {n} runs")
CANCEL = Words("取消", "Cancel")
V_M_RUNS = Words("%v / %m 次运行", "%v / %m runs")
STEP_WHICH_LINK_WILL_THE_AGENT_N = Words(
    "第 {call} 步：Agent 会点哪个链接？", "Step {call}: which link will the agent click?"
)
STEP_MEMORY_IS_FULL_WHICH_ENTRY_N = Words(
    "第 {call} 步：记忆满了。{name} 会忘掉哪一条？",
    "Step {call}: memory is full. Which entry will {name} forget?",
)
PREDICT_THEN_REVEAL = Words("先猜再揭晓：", "Predict, then reveal:")
PREDICT_THEN_REVEAL_GUESS_EACH_EVICTION = Words(
    "先猜再揭晓：每次忘掉之前先猜", "Predict, then reveal: guess each eviction"
)
WHEN_TICKED_EACH_CLICK_WITH_A = Words(
    "勾上以后，Agent 每次点链接之前（有得选的时候）先停下，让大家猜它会点哪个，再揭晓它为什么去那里。",
    "When ticked, each click with a choice waits for the class to guess which link the agent follows, then says why it went there.",
)
WHEN_TICKED_A_STEP_THAT_FORGETS = Words(
    "勾上以后，记忆要忘掉一条的那一步会先停下，让大家猜忘掉哪一条，再揭晓规则的选择。",
    "When ticked, a step that forgets an entry waits for the class to guess which one goes, then shows the rule's choice.",
)

PLOT_N = Words("图：{zh}（{kind}）…", "Plot: {en} ({kind})…")
ALREADY_HOLDS_OF_THESE_FILES_REPLACE_N = Words(
    "文件夹 {folder} 里已经有 {files} 个同名文件。替换它们吗？",
    "{folder} already holds {files} of these files. Replace them?",
)
STEP_S_N = Words("{speed} 步/秒", "{speed} step/s")
STEPS_S_N = Words("{speed} 步/秒", "{speed} steps/s")

CANCELLING = Words("正在取消…", "Cancelling…")
CANCELLED = Words("已取消", "Cancelled")
# In place of a view's headline and over its plots while it computes (the old ones said nothing true)
COMPUTING_N = Words("正在计算… {done} / {total} 次运行", "Computing… {done} / {total} runs")
TOOK_N_S = Words("用时 {seconds} 秒", "took {seconds} s")
FAILED_N = Words("出错：{message}", "Failed: {message}")
RESULTS_ONE_ROW_PER_RUN_CSV = Words("结果：每次运行一行（CSV）…", "Results: one row per run (CSV)…")
RESULTS_JSON = Words("结果（JSON）…", "Results (JSON)…")
ENTRY = Words("条", "entry")
WHICH_ENTRY_IS_FORGOTTEN = Words("忘掉哪一条", "which entry is forgotten")
WHERE_THE_AGENT_GOES = Words("Agent 去哪", "where the agent goes")
# the settings file, told once at start-up
SETTINGS_FILE_DAMAGED_N = Words(
    "设置文件损坏，已用默认设置；原文件保存为 {copy}",
    "The settings file was damaged; defaults are used and it was kept as {copy}",
)
SETTINGS_ARE_NOT_SAVED_N = Words("设置不会被保存：{problem}", "Settings are not saved: {problem}")
