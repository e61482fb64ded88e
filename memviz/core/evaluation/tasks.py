"""Task sets for an evaluation (issue 26): which site, which version of it, which start page.

A task is what the chapter's "真实评测怎么设计" pairs on: a site snapshot × a start page (× an
account state, which the simulated agent has none of). Two configs run the same tasks, each several
times, and are compared task by task (:mod:`memviz.core.evaluation.stats`).

A task file, ``memviz-tasks/1``::

    {"format": "memviz-tasks/1", "name": "blog, two versions",
     "site": "conduit24-versions",           # a built-in site, or a memviz-site/1 file next to this one
     "tasks": [{"id": "v1/0", "version": "v1", "start": 0}, ...]}

The built-in task set (:func:`builtin_tasks`) is the blog in versions v1 and v2, started on every
page that hides a bug in neither version: 16 pages, v1 first, pages ascending, 32 tasks. A task's
id is ``VERSION/PAGE`` (``v1/0`` is version v1 started on page 0, the chapter's own run).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memviz.core.jsonfile import read_json
from memviz.core.limits import shown
from memviz.core.registry import ConfigError
from memviz.core.resources import resource_path
from memviz.core.site import Site, SiteError

TASKS_FORMAT = "memviz-tasks/1"
MOST_TASKS = 2000  # tasks in one file: an evaluation makes tasks × repeats × 2 runs
MOST_ID = 200  # characters of a task id or a task set's name
BUILTIN_SITES = {"conduit24": "conduit24.json", "conduit24-versions": "conduit24-versions.json"}
BUILTIN_TASK_SITE = "conduit24-versions"
BUILTIN_NAME = "built-in"  # the built-in task set's name


class TaskError(ConfigError):
    """A task file that cannot be used; the message names the file and the field at fault (a
    ConfigError: the command line says it in one line, exit status 2)."""


@dataclass(frozen=True)
class Task:
    id: str
    version: str
    start: int


@dataclass(frozen=True)
class TaskSet:
    name: str
    site: Site  # the site as its file gives it (its first version); a task runs on site.at_version
    tasks: tuple[Task, ...]

    def site_of(self, task: Task) -> Site:
        return self.site.at_version(task.version)

    def index(self, task_id: str) -> int:
        return next(i for i, task in enumerate(self.tasks) if task.id == task_id)


def builtin_site(name: str) -> Site:
    return Site.from_file(resource_path("sites", BUILTIN_SITES[name]))


def version_names(site: Site) -> tuple[str, ...]:
    return (site.version, *(v.name for v in site.versions))


def builtin_tasks() -> TaskSet:
    """The blog in v1 and v2 started on each page without a bug in either version (32 tasks)."""
    site = builtin_site(BUILTIN_TASK_SITE)
    versions = version_names(site)
    buggy = {page for v in versions for page in site.at_version(v).bug_by_page}
    clean = [p for p in range(site.n_pages) if p not in buggy]
    tasks = tuple(Task(f"{v}/{p}", v, p) for v in versions for p in clean)
    return TaskSet(BUILTIN_NAME, site, tasks)


def load_tasks(path: str | Path | None) -> TaskSet:
    """The task set in ``path`` (``memviz-tasks/1``), or the built-in one when no path is given."""
    if path is None:
        return builtin_tasks()
    path = Path(path)
    data = read_json(path, "task file", TaskError)
    return tasks_from_dict(data, source=str(path), folder=path.parent)


def tasks_from_dict(data: Any, source: str = "tasks", folder: Path | None = None) -> TaskSet:
    # Over the core's size rule (60 lines, cyclomatic 15) on purpose: a reader of a task file: one check per
    # field, each with the message that names it.
    def fail(where: str, problem: str) -> TaskError:
        return TaskError(f"{source}: {where}: {problem}")

    if not isinstance(data, dict):
        raise fail("top level", "expected a JSON object")
    if data.get("format") != TASKS_FORMAT:
        raise fail("format", f'expected "{TASKS_FORMAT}", got {shown(data.get("format"))}')
    name = data.get("name", Path(source).stem)
    if not isinstance(name, str) or not name.strip() or len(name) > MOST_ID:
        raise fail("name", f"expected a name of 1..{MOST_ID} characters, got {shown(name)}")
    site = _site(data.get("site"), folder, fail)
    raw = data.get("tasks")
    if not isinstance(raw, list) or not raw:
        raise fail("tasks", "expected a non-empty list of tasks")
    if len(raw) > MOST_TASKS:
        raise fail("tasks", f"at most {MOST_TASKS} tasks, got {len(raw)}")
    versions = version_names(site)
    tasks, ids = [], set()
    for k, item in enumerate(raw):
        where = f"tasks[{k}]"
        if not isinstance(item, dict):
            raise fail(where, "expected an object")
        task_id = item.get("id")
        if not isinstance(task_id, str) or not task_id.strip() or len(task_id) > MOST_ID:
            raise fail(f"{where}.id", f"expected an id of 1..{MOST_ID} characters, got {shown(task_id)}")
        if task_id in ids:
            raise fail(f"{where}.id", f"id {task_id!r} appears twice")
        ids.add(task_id)
        version = item.get("version", site.version)
        if version not in versions:
            raise fail(f"{where}.version", f"expected one of {', '.join(versions)}, got {shown(version)}")
        start = item.get("start", site.start)
        if isinstance(start, bool) or not isinstance(start, int):
            raise fail(f"{where}.start", f"expected a page number, got {shown(start)}")
        if not 0 <= start < site.n_pages:
            raise fail(f"{where}.start", f"page {shown(start)} is out of range 0..{site.n_pages - 1}")
        tasks.append(Task(task_id, version, start))
    return TaskSet(name, site, tuple(tasks))


def _site(value: Any, folder: Path | None, fail) -> Site:
    if not isinstance(value, str) or not value.strip():
        raise fail("site", "expected a built-in site name or a site file next to the task file")
    if value in BUILTIN_SITES:
        return builtin_site(value)
    path = Path(value)
    if not path.is_absolute() and folder is not None:
        path = folder / path
    try:
        return Site.from_file(path)
    except SiteError as exc:
        raise fail("site", str(exc)) from None
