"""Alignment quality control: review samples, verdicts, accuracy, and reviewed corrections of beads."""
