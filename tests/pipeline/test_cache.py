from pipeline.cache import JsonDirCache


def test_json_dir_cache_round_trip(tmp_path):
    cache = JsonDirCache(tmp_path / "c")
    assert "ab12" not in cache and len(cache) == 0
    cache["ab12"] = [{"x": 1}]
    assert "ab12" in cache and cache["ab12"] == [{"x": 1}] and list(cache) == ["ab12"]
    assert (tmp_path / "c" / "ab" / "ab12.json").is_file()
    del cache["ab12"]
    assert len(cache) == 0


def test_an_entry_is_compact_json_and_an_indented_one_still_reads(tmp_path):
    cache = JsonDirCache(tmp_path / "c")
    cache["ab12"] = [{"x": 1, "é": "文"}]
    path = tmp_path / "c" / "ab" / "ab12.json"
    digest = path.read_text(encoding="utf-8").split('"sha256":"')[1].split('"')[0]
    assert path.read_text(encoding="utf-8") == f'{{"sha256":"{digest}","value":[{{"x":1,"é":"文"}}]}}\n'
    path.write_text(
        f'{{\n  "sha256": "{digest}",\n  "value": [{{"x": 1, "é": "文"}}]\n}}\n', encoding="utf-8"
    )
    assert cache["ab12"] == [{"x": 1, "é": "文"}]  # as written before: an indented entry is no miss


def test_a_torn_entry_is_a_miss(tmp_path):
    cache = JsonDirCache(tmp_path / "c")
    cache["ab12"] = [{"x": 1}]
    (tmp_path / "c" / "ab" / "ab12.json").write_text('[{"x"', encoding="utf-8")
    assert cache.get("ab12") is None


def test_an_entry_edited_by_hand_is_a_miss_with_a_warning(tmp_path, capsys):
    """A candidate edited in the cohesion cache came out of the next MineBook as mined, where a clean build
    mines otherwise."""
    cache = JsonDirCache(tmp_path / "c")
    cache["ab12"] = [{"x": 1, "t": "é"}]
    assert cache["ab12"] == [{"x": 1, "t": "é"}] and capsys.readouterr().err == ""
    path = tmp_path / "c" / "ab" / "ab12.json"
    path.write_text(path.read_text(encoding="utf-8").replace('"x":1', '"x":2'), encoding="utf-8")
    assert cache.get("ab12") is None
    assert capsys.readouterr().err == f"warning: {path}: edited since it was written; computed again\n"
    cache["ab12"] = [{"x": 1, "t": "é"}]  # computed again, rewritten
    assert cache["ab12"] == [{"x": 1, "t": "é"}]


def test_an_entry_without_its_digest_is_a_miss(tmp_path):
    """An entry of the format before digests (the bare value) is computed again, silently."""
    (tmp_path / "c" / "ab").mkdir(parents=True)
    (tmp_path / "c" / "ab" / "ab12.json").write_text('[{"x": 1}]', encoding="utf-8")
    assert JsonDirCache(tmp_path / "c").get("ab12") is None
