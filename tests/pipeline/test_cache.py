from pipeline.cache import JsonDirCache


def test_json_dir_cache_round_trip(tmp_path):
    cache = JsonDirCache(tmp_path / "c")
    assert "ab12" not in cache and len(cache) == 0
    cache["ab12"] = [{"x": 1}]
    assert "ab12" in cache and cache["ab12"] == [{"x": 1}] and list(cache) == ["ab12"]
    assert (tmp_path / "c" / "ab" / "ab12.json").is_file()
    del cache["ab12"]
    assert len(cache) == 0


def test_a_torn_entry_is_a_miss(tmp_path):
    cache = JsonDirCache(tmp_path / "c")
    cache["ab12"] = [{"x": 1}]
    (tmp_path / "c" / "ab" / "ab12.json").write_text('[{"x"', encoding="utf-8")
    assert cache.get("ab12") is None
