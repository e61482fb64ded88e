"""``memviz agent``: a real model explores the site over an OpenAI-compatible endpoint (docs/agent.md).

Qt-free. ``client`` (Chat Completions over httpx), ``page`` (a page as the model is shown it),
``memory`` (the simulation's memory, injected), ``prompt`` (the templates), ``actions`` (the answer
read as actions), ``run`` (one run, step by step), ``traceout`` (the trace, appended), ``serving``
(the blog on a free port when no URL is given).
"""
