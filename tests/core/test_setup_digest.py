from core.setup_digest import setup_digest


def test_a_setup_whose_code_was_edited_since_the_process_started_is_another_setup(monkeypatch):
    """The cohesion cache is keyed by the miner's setup: a miner edited while a build ran mined with the code
    it had loaded before, under the edited files' key, and the next build, which mined again, took those
    chapters from the cache."""
    before = setup_digest("cohesion.miner")
    monkeypatch.setattr("core.loaded_code.STARTED_NS", 0)  # every file modified since the process started
    assert setup_digest("cohesion.miner") != before
