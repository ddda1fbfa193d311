"""Session scratch work of one server process: notes, digested outputs, read_file memory."""
