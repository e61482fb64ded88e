"""The words of ``memviz agent`` (a real model on the site), in Chinese and English."""

from __future__ import annotations

import re

from memviz.wording.words import Words

FAULTS = {
    "refused": Words("无法连接 {url}：{reason}", "cannot reach {url}: {reason}"),
    "timeout": Words(
        "{url} 在 {seconds} 秒内没有回应（试了 {tries} 次，--timeout）",
        "{url} did not answer within {seconds} s ({tries} tries, --timeout)",
    ),
    "status": Words(
        "{url} 回答了 HTTP {status}（试了 {tries} 次）", "{url} answered HTTP {status} ({tries} tries)"
    ),
    "http": Words("{url} 的回答无法读取：{reason}", "{url} gave an answer that cannot be read: {reason}"),
    "malformed": Words(
        "端点的回答不是 Chat Completions 格式：{what}",
        "the endpoint's answer is not Chat Completions: {what}",
    ),
    "off_site": Words("{url} 重定向到了站外", "{url} redirects off the site"),
}
SITE_FAULTS = {
    "refused": Words("无法访问站点 {url}", "cannot reach the site at {url}"),
    "timeout": Words(
        "站点 {url} 在 {seconds} 秒内没有回应", "the site at {url} did not answer within {seconds} s"
    ),
    "http": Words(
        "站点 {url} 的回答无法读取：{reason}",
        "the site at {url} gave an answer that cannot be read: {reason}",
    ),
    "off_site": Words("{url} 重定向到了站外", "{url} redirects off the site"),
}
RUN_STOPPED = Words(
    "第 {run} 次运行（任务 {task}）在第 {step} 步停下：{why}；已完成的步骤都在 {trace}",
    "run {run} (task {task}) stopped at step {step}: {why}; every finished step is in {trace}",
)
STEP_NOTES = {
    "retried": Words(
        "第 {step} 步：端点回答 {why}，稍后重试", "step {step}: the endpoint answered {why}; tried again"
    ),
    "reask": Words(
        "第 {step} 步：回答无法读成动作（{problem}），再问一次",
        "step {step}: the answer is no action ({problem}); asked again",
    ),
    "invalid": Words(
        "第 {step} 步：无效动作（{problem}），Agent 留在原页",
        "step {step}: invalid action ({problem}); the agent stays",
    ),
    "off_site": Words(
        "第 {step} 步：站外地址 {url}（没有请求），Agent 留在原页",
        "step {step}: off the site, {url} (not requested); the agent stays",
    ),
}
TOKENS_SPENT = Words(
    "已用 {used} token，达到 --max-total-tokens {most}：停止（已完成的运行和步骤都已保存）",
    "{used} tokens used, --max-total-tokens {most} reached: stopped (every finished run and step is kept)",
)
ESTIMATE = Words(
    "预计：运行 {runs} 次，每次最多 {budget} 步，共最多 {calls} 次调用（每个回答都要重问时 {calls2} 次）；"
    "输入约 {tokens} token（按第一个提示词估算，4 字节 UTF-8 约 1 token，记忆逐步增长；实际数以端点的 usage 为准，记在轨迹里）",
    "estimate: runs {runs} × at most {budget} steps = at most {calls} calls ({calls2} if every answer needs a re-ask); "
    "about {tokens} prompt tokens (from the first prompt at 4 bytes of UTF-8 a token, memory growing each step; "
    "the real count is the endpoint's usage, in the traces)",
)
SERVING = Words("站点：{url}（本次运行专用，127.0.0.1）", "site: {url} (served for this run, on 127.0.0.1)")
RUN_LINE = Words(
    "{task} 第 {k} 次：{steps} 步，到过 {pages} 页（覆盖率 {coverage}），声称 {claimed} 个 Bug（{true} 个属实，{dups} 个重复），"
    "页面实际显示 {shown} 个 Bug，{tokens} token，结束原因 {reason}，轨迹 {trace}",
    "{task} run {k}: steps {steps}, pages seen {pages} (coverage {coverage}), reports claimed {claimed} ({true} true, "
    "{dups} duplicates), bugs the pages showed {shown}, tokens {tokens}, ended: {reason}, trace {trace}",
)
NO_USAGE = Words("未知（端点没有给 usage）", "unknown (no usage from the endpoint)")
KEY_MISSING = Words(
    "--api-key-env：环境变量 {var} 没有设置或为空",
    "--api-key-env: the environment variable {var} is not set or empty",
)
TRACE_EXISTS = Words(
    "--trace-dir：{path} 已存在（加 --force 覆盖）", "--trace-dir: {path} exists (--force replaces it)"
)
BAD_INPUT = {
    "not_http": Words(
        "{option}：应为 http:// 或 https:// 地址，实际为 {value!r}",
        "{option}: expected an http:// or https:// address, got {value!r}",
    ),
    "no_context": Words(
        "--compaction/--turn-tokens：需要 --context W", "--compaction/--turn-tokens: they need --context W"
    ),
    "ttl_policy": Words("--ttl：限时遗忘是 --policy ttl", "--ttl: a time to live is --policy ttl"),
    "none_forgets": Words(
        "--capacity/--policy：--memory none 没有可遗忘的记忆",
        "--capacity/--policy: --memory none holds nothing to forget",
    ),
    "name": Words("{option}：应为 1 到 200 个字符的名字", "{option}: expected a name of 1..200 characters"),
    "site_with_tasks": Words(
        "--site：用 --tasks 或 --task 时，站点由任务集给出",
        "--site: with --tasks or --task the task set names its site",
    ),
    "no_task": Words(
        "--task：{tasks} 里没有任务 {task!r}（{first} …）", "--task: no task {task!r} in {tasks} ({first} …)"
    ),
    "trace_dir": Words(
        "--trace-dir：无法创建文件夹 {path}：{why}", "--trace-dir: cannot make the folder {path}: {why}"
    ),
    "opt": Words(
        "--policy：{policy} 要按策略的规则预演后面的运行，模型不遵循任何规则",
        "--policy: {policy} looks ahead by playing the strategy's rule; a model follows none",
    ),
}

# -- the window: File → Run a model… (memviz.gui.agent_dialog) -------------------------------------------
RUN_A_MODEL = Words("运行模型…", "Run a model…")
LIVE_AGENT = Words("实时 Agent：真实模型探索站点", "Live agent: a real model explores the site")
ENDPOINT = Words("端点（Chat Completions）", "Endpoint (Chat Completions)")
MODEL = Words("模型", "Model")
KEY_VARIABLE = Words("API key 所在的环境变量", "Environment variable with the API key")
KEY_PLACEHOLDER = Words(
    "可选，例如 COURSE_KEY（只写变量名，不写 key）", "optional, e.g. COURSE_KEY (its name, never the key)"
)
INJECTED_MEMORY = Words("注入的记忆", "Injected memory")
TRACE_FOLDER = Words("轨迹文件夹", "Trace folder")
RUN = Words("运行", "Run")
WHAT_THE_MODEL_SAW = Words("模型看到了什么", "What the model saw")
THE_REPLY = Words("模型的回答", "The model's reply")
MEMORY_MARK = Words("黄色底色：每轮注入的记忆块", "Yellow: the memory block injected this round")
NO_STEP_YET = Words(
    "还没有步骤：填好端点和模型，点“运行”。", "No step yet: fill in the endpoint and the model, then Run."
)
STARTING = Words(
    "启动中：在 127.0.0.1 上提供站点，调用模型…",
    "Starting: serving the site on 127.0.0.1, calling the model…",
)
LIVE_STATUS = Words(
    "第 {step}/{budget} 步 · 到过 {pages} 页 · {tokens} token · 轨迹 {path}",
    "step {step}/{budget} · {pages} pages seen · {tokens} tokens · trace {path}",
)
CANCELLING = Words(
    "正在取消：正在进行的调用不再等待，已完成的步骤都在轨迹里",
    "Cancelling: the call in flight is not waited for; every finished step is in the trace",
)
LIVE_DONE = Words(
    "结束（{reason}）：{steps} 步，轨迹 {path}", "Finished ({reason}): {steps} steps, trace {path}"
)
LIVE_FAILED = Words(
    "停下：{why}；已完成的步骤都在 {path}", "Stopped: {why}; every finished step is in {path}"
)
NEEDS_ENDPOINT = Words(
    "需要 http:// 或 https:// 端点和模型名", "Needs an http:// or https:// endpoint and a model name"
)
STOP_REASONS = {
    "budget": Words("步数用完", "budget"),
    "done": Words("模型说 done", "done"),
    "max_total_tokens": Words("达到 --max-total-tokens", "--max-total-tokens"),
    "cancelled": Words("已取消", "cancelled"),
    "fault": Words("出错", "fault"),
}


def stop_reason(reason: str, lang: str) -> str:
    words = STOP_REASONS.get(reason)
    return reason if words is None else words.pick(lang)


# Why an answer was unreadable or invalid: written in English in the trace (``invalid``), said in the
# user's language on the terminal. (English pattern, Chinese) in the order they are tried.
_PROBLEMS_ZH = (
    ("no action could be read", "读不出任何动作"),
    ("left out: ", "略去了："),
    ("a second move", "第二个移动"),
    ("click without a link number", "click 没有链接编号"),
    ("report without route, error and message", "report 缺少 route、error 或 message"),
    ("malformed answer: ", "回答格式不对："),
    ("reports past ", "超出上限的报告："),
    (
        "not a Chat Completions answer (choices[0].message)",
        "不是 Chat Completions 的回答（choices[0].message）",
    ),
)


def problem_text(problem: str, lang: str) -> str:
    """An answer's problem in ``lang``: "no link 99 (the page has 11)" → "没有第 99 个链接（页面有 11 个）"."""
    if lang != "zh" or not problem:
        return problem
    text = re.sub(r"no link (-?\d+) \(the page has (\d+)\)", r"没有第 \1 个链接（页面有 \2 个）", problem)
    for en, zh in _PROBLEMS_ZH:
        text = text.replace(en, zh)
    return text


PROMPT_PROBLEMS = {
    "too_big": Words(
        "--prompts：{path}：模板最多 {most} 字节", "--prompts: {path}: a template has at most {most} bytes"
    ),
    "not_folder": Words("--prompts：{path} 不是文件夹", "--prompts: {path} is not a folder"),
    "not_utf8": Words("--prompts：{path}：不是 UTF-8 文本", "--prompts: {path}: not UTF-8 text"),
    "unreadable": Words("--prompts：无法读取 {path}：{why}", "--prompts: cannot read {path}: {why}"),
}
CONTEXT_OFF = Words("关（不发历史）", "off (no history sent)")
COMPACTION_SETTING = Words("压缩方式", "Compaction")
EARLIER_TURNS = Words(
    "（这条消息之前还发了 {turns} 轮历史）", "({turns} earlier turns were sent before this message)"
)
