"""The words of the main window, its menus and dialogs, zh and en.

One named constant per text (:class:`memviz.wording.words.Words`), written by
``tools/move_wording.py`` from the window's inline pairs (docs/wording.md). Edit freely: rename a
constant (and its uses) or reword it; the codemod keeps using it for the same pair.
"""

from __future__ import annotations

from memviz.wording.words import Words

HOW_MEMORY_CHANGES_A_TESTING_AGENT = Words(
    "记忆如何改变测试 Agent 的探索", "How memory changes a testing agent's exploration"
)
FILE = Words("文件(&F)", "&File")
OPEN_SITE_FILE = Words("打开站点文件…", "Open site file…")
SAVE_CURRENT_VIEW_AS_PNG = Words("保存当前视图为 PNG…", "Save current view as PNG…")
COPY_CURRENT_VIEW_AS_IMAGE = Words("复制当前视图图片", "Copy current view as image")
RECORD_VIDEO = Words("录制视频…", "Record video…")
RESET_TO_DEFAULTS = Words("恢复默认设置", "Reset to defaults")
THEME = Words("主题", "Theme")
ZOOM_IN = Words("放大界面", "Zoom in")
ZOOM_OUT = Words("缩小界面", "Zoom out")
ACTUAL_SIZE = Words("界面原始大小", "Actual size")
# The View menu's presenter mode: Explore's graph and memory fill the window, the type a step larger
PRESENTER_MODE = Words("演示模式（图和记忆占满窗口）", "Presenter mode (graph and memory fill the window)")
PRESENTER = Words("演示", "presenter")
FULL_SCREEN_PRESENTING = Words("全屏（演示）", "Full screen (presenting)")
QUIT = Words("退出", "Quit")
VIEW = Words("视图(&V)", "&View")
LANGUAGE = Words("语言 / Language", "Language / 语言")
HELP = Words("帮助(&H)", "&Help")
KEYBOARD_SHORTCUTS = Words("快捷键", "Keyboard shortcuts")
ABOUT_MEMVIZ = Words("关于 memviz", "About memviz")
SITE = Words("站点：", "Site: ")
SPACE_PLAY_PAUSE_STEP_BACK_HOME = Words(
    "空格 播放/暂停 · → 下一步 · ← 上一步 · Home 重来 · +/− 调速度 · 滚轮 缩放图",
    "Space play/pause · → step · ← back · Home reset · +/− speed · wheel zoom",
)
OPEN_SITE_FILE_2 = Words("打开站点文件", "Open site file")
SITE_FILES_JSON = Words("站点文件 (*.json)", "Site files (*.json)")
CANNOT_OPEN_THE_SITE_FILE = Words("站点文件打不开", "Cannot open the site file")
COPIED_TO_THE_CLIPBOARD = Words("已复制到剪贴板", "Copied to the clipboard")
SAVE_CURRENT_VIEW = Words("保存当前视图", "Save current view")
COULD_NOT_SAVE = Words("保存失败", "Could not save")
SPACE_PLAY_PAUSE_ONE_STEP_ONE = Words(
    "空格：播放 / 暂停\n→：下一步\n←：上一步（从头重放同一个 seed）\nHome：回到第 0 步\n+ / −：加快 / 减慢",
    "Space: play / pause\n→: one step\n←: one step back (replays the seed)\nHome: back to step 0\n+ / −: faster / slower",
)
B_MEMVIZ_B_BR_SEE_HOW_N = Words(
    "<b>memviz {version__}</b><br>看记忆怎样改变一个 LLM 测试 Agent 探索 24 页博客的方式。<br>随机数用 mulberry32，数字和课程第 4 周的脚本逐位一致。<br><br>界面中文字体：Memviz Sans SC（Noto Sans CJK SC 子集，SIL OFL 1.1）。",
    "<b>memviz {version__}</b><br>See how memory changes the way an LLM testing agent explores a 24-page blog.<br>Random numbers come from mulberry32, so every figure matches the week 4 script bit for bit.<br><br>CJK UI font: Memviz Sans SC (a subset of Noto Sans CJK SC, SIL OFL 1.1).",
)
CHECK_THE_SETTINGS = Words("设置有误：", "Check the settings: ")
NOT_RECORDED_THAT_IS_A_FOLDER = Words("没有录制：这是一个文件夹。", "Not recorded: that is a folder.")
NOT_RECORDED_THE_FILE_EXISTS = Words("没有录制：文件已存在。", "Not recorded: the file exists.")
PREPARING = Words("正在准备…", "Preparing…")
REPLACE_THE_FILE = Words("替换文件？", "Replace the file?")
ALREADY_EXISTS_REPLACE_IT_WITH_THE_N = Words(
    "{path} 已经存在。要用新录像替换它吗？", "{path} already exists. Replace it with the new video?"
)
SAVE_RECORDING = Words("保存录像", "Save recording")
FRAME_N = Words("第 {done} / {total} 帧", "Frame {done} / {total}")
CANCELLED = Words("已取消。", "Cancelled.")
SAVED = Words("已保存：", "Saved: ")
RECORDING_FAILED = Words("录制失败：", "Recording failed: ")
CANCEL_RECORDING = Words("取消录制", "Cancel recording")
CLOSE = Words("关闭", "Close")
RECORDS_THE_RUN_IN_FORCE = Words("录制当前的运行：", "Records the run in force: ")
RECORD_VIDEO_2 = Words("录制视频", "Record video")
SAVE_TO = Words("保存到", "Save to")
FRAME_SIZE = Words("画面大小", "Frame size")
FRAMES_PER_SECOND = Words("帧率（帧/秒）", "Frames per second")
SECONDS_PER_STEP = Words("每步秒数", "Seconds per step")
STEPS = Words("步数", "Steps")
PICTURE = Words("画面", "Picture")
BROWSE = Words("浏览…", "Browse…")
WHOLE_RUN = Words("整次运行", "Whole run")
THE_WHOLE_EXPLORE_WINDOW = Words("整个探索窗口", "The whole Explore window")
THE_SITE_GRAPH_ONLY = Words("只有站点图", "The site graph only")
RECORD = Words("开始录制", "Record")
STEP_N = Words("第 {step} / {total} 步", "Step {step} / {total}")
MEMORY_NONE_REMEMBERS_NO_PAGE = Words("记忆：无（不记任何页面）", "Memory: none (remembers no page)")
EMPTY = Words("（空）", "(empty)")

MEMORY_N = Words("记忆 {used}/{size}：", "Memory {used}/{size}: ")

LIGHT = Words("浅色", "Light")
DARK = Words("深色", "Dark")
PROJECTOR_HIGH_CONTRAST = Words("投影（高对比）", "Projector (high contrast)")
EXPLORE = Words("探索", "Explore")
COMPARE = Words("对比", "Compare")
SCENARIOS = Words("记忆场景", "Scenarios")
ABOUT_THE_MODEL = Words("说明", "About the model")
