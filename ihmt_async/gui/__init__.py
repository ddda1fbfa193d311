"""The local web GUI (``ihmt-async gui``): explore, diagnose, timeline, review and forget.

It is one more edge over the same ``Runtime`` and actors as the MCP server: handlers build actor
messages and turn replies into JSON; the pages are static files rendered by a little JavaScript.
It must never touch the store's files except through the store's public functions, and never
listen anywhere but the loopback address.
"""
