from memviz.cli.main import main

raise SystemExit(main())
