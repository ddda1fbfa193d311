"""The project index: one entry per code symbol, resynced on every call, shared by processes."""
