import os
import signal
import time

from core.processes import Terminated, die_with, quiet_interrupts


def test_a_child_whose_parent_is_already_gone_exits_at_once():
    """The parent died before the death signal was asked for: the child is reparented, so it exits."""
    child = os.fork()
    if child == 0:
        die_with(os.getppid() + 1)  # a pid that is not its parent's: as if the parent had died
        os._exit(0)
    assert os.waitpid(child, 0)[1] == 1 << 8


class _SignalledWhenFinalized:
    def __del__(self) -> None:
        signal.raise_signal(signal.SIGTERM)  # the handler raises Terminated here, where Python drops it


def _stopped_by_a_sigterm_in_a_finalizer() -> int:
    """3 when the SIGTERM a finalizer swallowed still stops the code after it, 0 when that code runs on."""
    with quiet_interrupts():
        if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
            return 2  # started with SIGTERM ignored or handled elsewhere: nothing to test
        try:
            _SignalledWhenFinalized()  # finalized at once
            for _ in range(500):  # five seconds of work
                time.sleep(0.01)
        except Terminated:
            return 3
    return 0


def test_an_interrupt_a_finalizer_dropped_is_raised_again_after_it():
    """A SIGTERM (or Ctrl-C) that lands in a ``__del__`` is dropped by Python with a printed traceback; the
    command must still stop. Run in a child, so that a signal gone astray cannot end the test run."""
    child = os.fork()
    if child == 0:
        os._exit(_stopped_by_a_sigterm_in_a_finalizer())
    assert os.waitpid(child, 0)[1] >> 8 == 3


def test_prctl_is_looked_up_before_a_fork_not_in_the_child():
    """A child's ``die_with`` looked libc's prctl up after the fork (dlopen, dlsym), which waits for ever on a
    loader lock that another thread of the parent held at the fork; ``ready_to_fork`` looks it up before."""
    from core import processes

    processes._prctl.cache_clear()
    processes.ready_to_fork()
    child = os.fork()
    if child == 0:
        os._exit(0 if processes._prctl.cache_info().currsize == 1 else 1)
    assert os.waitpid(child, 0)[1] == 0
