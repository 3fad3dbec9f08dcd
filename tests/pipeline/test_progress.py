import io

import luigi

from pipeline.progress import BuildProgress


class Leaf(luigi.Task):
    n = luigi.IntParameter()
    finished = luigi.BoolParameter(default=False, significant=False)

    def complete(self) -> bool:
        return bool(self.finished)


class Top(luigi.Task):
    def requires(self) -> list[Leaf]:
        return [Leaf(n=0, finished=True), Leaf(n=1), Leaf(n=2)]

    def complete(self) -> bool:
        return False


def test_a_stage_counts_only_the_tasks_to_run_and_prints_one_line_when_done_off_a_terminal():
    stream = io.StringIO()
    progress = BuildProgress(stream)
    progress.plan([Top()])
    assert progress.todo == {"Top": 1, "Leaf": 2}
    progress.finished(Leaf(n=1))
    assert stream.getvalue() == ""  # not a terminal: nothing until the stage is done (or a minute passed)
    progress.finished(Leaf(n=2))
    line = stream.getvalue()
    assert line.startswith("  Leaf       : 100%|") and "| 2/2 [" in line and line.endswith("]\n")
    assert line.count("\n") == 1


def test_failures_print_one_line_each():
    stream = io.StringIO()
    BuildProgress(stream).failed(Leaf(n=3), RuntimeError("bk/zh: toc_empty: no chapter link"))
    assert (
        stream.getvalue()
        == "  FAIL  Leaf         corpus                   bk/zh: toc_empty: no chapter link\n"
    )


def test_with_a_central_scheduler_each_task_run_here_gets_a_line():
    stream = io.StringIO()
    progress = BuildProgress(stream, per_task=True)
    progress.began(Leaf(n=3))
    progress.finished(Leaf(n=3))  # not planned here: only its own line
    assert stream.getvalue().startswith("  done  Leaf         corpus                   ")
    assert stream.getvalue().count("\n") == 1
