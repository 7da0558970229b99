"""The server's ground floor: settings, the error classes, token security and the
process's heap settings. Imports nothing of `server` (an import contract)."""
