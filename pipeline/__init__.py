"""Luigi tasks, configuration, schemas, storage and the command line of the BWB corpus pipeline."""
