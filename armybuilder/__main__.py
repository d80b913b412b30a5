from armybuilder.cli import main

raise SystemExit(main())
