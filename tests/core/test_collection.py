import gc

from core.collection import gc_paused


def test_gc_paused_stops_collection_inside_and_restores_the_setting_after():
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause leaves the outer one in force
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # collection that was off stays off
    finally:
        gc.enable()
