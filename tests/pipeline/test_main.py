import subprocess
import sys

# Run as ``python -m pipeline``, with Ctrl-C arriving while core.processes is imported (a finder raises it)
INTERRUPTED_IMPORT = """
import runpy, sys

class Interrupt:
    def find_spec(self, name, path=None, target=None):
        if name == "core.processes":
            raise KeyboardInterrupt

sys.meta_path.insert(0, Interrupt())
sys.argv = ["pipeline", "--help"]
runpy.run_module("pipeline", run_name="__main__", alter_sys=True)
"""


def test_ctrl_c_before_the_commands_handler_is_in_is_one_line():
    """It was a KeyboardInterrupt traceback: a Ctrl-C in the first 0.04 s (0.3 s on a loaded machine)."""
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_IMPORT], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "interrupted\n")
