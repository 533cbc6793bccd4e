"""One module per command, each with ``run(args, out, err) -> int`` (the exit status),
set as the command's handler by the parser (knightviz/cli/parser.py)."""
