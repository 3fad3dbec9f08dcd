import os

from core.processes import die_with


def test_a_child_whose_parent_is_already_gone_exits_at_once():
    """The parent died before the death signal was asked for: the child is reparented, so it exits."""
    child = os.fork()
    if child == 0:
        die_with(os.getppid() + 1)  # a pid that is not its parent's: as if the parent had died
        os._exit(0)
    assert os.waitpid(child, 0)[1] == 1 << 8
