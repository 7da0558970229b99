"""What crosses the wire: request bodies, the views' JSON shapes and download
file names. Imports nothing of `server` (an import contract)."""
