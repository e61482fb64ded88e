from memviz.cli.commands import main

raise SystemExit(main())
