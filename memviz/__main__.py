from memviz.cli import main

raise SystemExit(main())
