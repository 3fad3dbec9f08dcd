import platform

from core.allocator import keep_freed_memory


def test_glibc_keeps_freed_memory_and_other_c_libraries_are_left_alone():
    assert keep_freed_memory() is (platform.libc_ver()[0] == "glibc")
