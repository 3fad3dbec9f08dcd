"""One module per export format; each ``export_*(docs, folder)`` replaces ``folder`` atomically."""
