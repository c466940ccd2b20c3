"""What each command does (`check`, `context`, `init`, `hook install`), without the
CLI: the front doors (cli, hookrun, mcp_server) and the reports call these.
"""
