from memviz import stopping

stopping.while_starting()  # a signal during the imports: one line and the signal's status, no traceback

from memviz.launch import main  # noqa: E402

raise SystemExit(main())
