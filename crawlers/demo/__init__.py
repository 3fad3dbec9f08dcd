"""The bundled demo novel sites: sources written as aligned beads, rendered to static HTML."""
