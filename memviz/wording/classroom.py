"""The words of a class testing the blog: ``memviz class summary`` and the window's Watch the class."""

from __future__ import annotations

from memviz.wording.words import Words

# The figures of a student, in the order the table shows them (key, words).
COLUMNS = (
    ("name", Words("学生", "student")),
    ("steps", Words("步数", "steps")),
    ("coverage", Words("覆盖率", "coverage")),
    ("repeats", Words("重复访问", "repeats")),
    ("home_visits", Words("回首页", "home visits")),
    ("bugs_seen", Words("见到的 Bug", "bugs seen")),
    ("reports", Words("报告", "reports")),
    ("bugs_found", Words("报对的 Bug", "bugs found")),
    ("duplicate_reports", Words("重复报告", "duplicate reports")),
    ("precision", Words("报告准确率", "precision")),
)
CLASS_LINE = Words(
    "全班 {students} 人，共 {steps} 步：见到 {seen} 个 Bug，报对 {found} 个；{reports} 份报告，"
    "重复 {duplicates} 份，准确率 {precision}",
    "The class: {students} students, {steps} steps; bugs seen {seen}, found {found}; reports {reports}, "
    "duplicates {duplicates}, precision {precision}",
)
BESIDE_AGENT = Words(
    "{name}：{steps} 步里回首页 {home} 次；同样步数，没有记忆的 Agent {none} 次，有已访问集合的 {visited} 次",
    "{name}: home {home} times in {steps} steps; the agent on as many steps: {none} without memory, "
    "{visited} with a visited set",
)
NO_STUDENTS = Words(
    "{folder} 里还没有学生的轨迹（visitor-*.jsonl）。", "No student traces (visitor-*.jsonl) in {folder} yet."
)
UNREADABLE = Words("读不了 {file}：{why}", "cannot read {file}: {why}")
NOT_A_FOLDER = Words("class summary：{folder} 不是文件夹", "class summary: {folder} is not a folder")
AGENT_NOTE = Words(
    "（Agent：seed 1000，与章节开头的运行相同；站点取自 --site 或默认博客）",
    "(the agent: seed 1000, the chapter's opening run; the site from --site or the default blog)",
)
# The window: File → Watch the class.
WATCH_THE_CLASS = Words("观察全班…", "Watch the class…")
WATCH_TITLE = Words("全班", "The class")
CHOOSE_TRACE_FOLDER = Words("选择 memviz serve 的轨迹文件夹", "Choose memviz serve's trace folder")
WATCHING = Words("正在读取 {folder}（每秒更新）", "Watching {folder} (updated every second)")
CLICK_A_STUDENT = Words(
    "点一个学生：把他和同样步数的 Agent（无记忆、已访问集合）放进“对比”",
    "Click a student to put them in Compare beside the agent on as many steps (no memory, a visited set)",
)
STUDENT_LANE = Words("{name}（{steps} 步）", "{name} ({steps} steps)")
NO_MEMORY_AGENT = Words("Agent，无记忆", "agent, no memory")
VISITED_AGENT = Words("Agent，已访问集合", "agent, visited set")
LEGEND_NEW = Words("新页面", "new page")
LEGEND_REPEAT = Words("重复", "repeat")
LEGEND_BUG = Words("Bug 所在页", "bug page")
LEGEND_REPORT = Words("▼ 报告", "▼ report")
LANE_TIP = Words("{name}，第 {step} 步：{page}", "{name}, step {step}: {page}")
