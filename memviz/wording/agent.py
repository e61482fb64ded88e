"""The words of ``memviz agent`` (a real model on the site), in Chinese and English."""

from __future__ import annotations

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
    "{task} run {k}: {steps} steps, {pages} pages seen (coverage {coverage}), {claimed} bugs claimed ({true} true, "
    "{dups} duplicates), {shown} bugs the pages showed, {tokens} tokens, ended by {reason}, trace {trace}",
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
