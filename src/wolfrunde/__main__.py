from wolfrunde.cli import main

raise SystemExit(main())
