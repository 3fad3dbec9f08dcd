"""Every command behind a figure in README § "Quality and speed", on ``../shared/eval-data``.

``data`` (the data's one path, its one gold reader, its chapters), ``metric`` (bead P/R/F1, line accuracy),
``split``, ``align``, ``crossval``, ``compare``, ``demo_align``, ``bwb_example``, ``pairing``, ``judge`` and
``recall`` (cohesion candidates), ``mt``; ``figures`` lists each README figure with the command that
prints it (``tests/evals/test_figures.py`` reruns them). Imports domain packages; nothing imports it.
"""
