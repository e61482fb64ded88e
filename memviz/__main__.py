from memviz import stopping

stopping.while_starting()  # a signal during the imports: one line and the signal's status, no traceback

import gc  # noqa: E402

from memviz.launch import main  # noqa: E402

status = main()  # a command that said it may has ended the process in it (memviz.cli.end_now_if_done)
# The process ends here: the cycle collector's passes over every object left (numpy's, the core's) as
# the interpreter shuts down free nothing a command needs, and cost ~0.005 s CPU of a report (issue 41).
gc.freeze()
raise SystemExit(status)
