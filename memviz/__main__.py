from memviz.launch import main

raise SystemExit(main())
