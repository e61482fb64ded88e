"""memviz's text formats, the same in a terminal and in the window: a run, a batch, the chapter's
report (``report``) and a memory scenario's figures (``scenario``)."""
