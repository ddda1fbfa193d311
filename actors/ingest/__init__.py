"""The pure text side of the ingest actor: detection, chunking and secret redaction.

Everything in this package is a plain function of its arguments: no I/O, no clock, no state. The
ingest actor (the async shell) calls these and owns the files.
"""
