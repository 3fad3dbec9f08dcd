"""One output folder per config: other books are refused, pruned or adopted; clean keeps hand-made files."""

from __future__ import annotations

import json

import pytest

from core.layout import Layout
from core.paths import REPO_ROOT
from pipeline.config import load_config
from pipeline.output_folder import (
    FolderRefused,
    adopt,
    adopted,
    check_folders,
    check_hand_made,
    clean,
    foreign_books,
    held_books,
    prune,
    repair,
)
from tests.helpers import local_book, local_config, run_cli


def _touch(root, *names):
    for name in names:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x", encoding="utf-8")


def test_a_config_without_output_gets_a_folder_named_after_it(tmp_path):
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")}, name="my-novels.yaml")
    assert load_config(config).output == REPO_ROOT / "output" / "my-novels"


def test_a_default_folder_that_would_fall_inside_an_outputs_layout_is_refused(tmp_path):
    config = local_config(tmp_path, {"bk": local_book(tmp_path, "bk")}, name="raw.yaml")
    with pytest.raises(ValueError, match=r"raw\.yaml: output: missing, and the default output/raw would mix"):
        load_config(config)


@pytest.mark.parametrize("text", ["[", '{"theirs": 1}', "[1]", "\udcff", None])
def test_an_adopted_list_that_is_not_a_list_of_ids_is_refused(tmp_path, text):
    if text is None:  # a folder: --adopt would fail writing it
        (tmp_path / "_adopted.json").mkdir()
    else:
        (tmp_path / "_adopted.json").write_bytes(text.encode("utf-8", "surrogateescape"))
    with pytest.raises(FolderRefused) as err:
        adopted(Layout(tmp_path))
    assert str(err.value) == (
        f"{tmp_path}/_adopted.json: not a JSON list of book ids; fix it, or delete it and rerun with --adopt"
    )


def test_books_held_prune_adopt_and_clean(tmp_path):
    layout = Layout(tmp_path)
    _touch(
        tmp_path,
        "raw/zh/mine.parquet",
        "raw/en/theirs.parquet",
        "crawl/zh/theirs.jsonl",
        "crawl/zh/theirs.log",
        "aligned/theirs.parquet",
        "rejected/crawl/theirs-zh.parquet",
        "rejected/filter/theirs.parquet",
        "stats/align/theirs.json",
        "_manifests/AlignBook/theirs.json",
        "_manifests/CrawlBook/theirs-zh.json",
        "_manifests/CrawlBook/theirs-other-zh.json",
        "corrections/theirs.parquet",
        "qc/verdicts.parquet",
        "crawl/en/old.jsonl",
        "my-novels/raw/zh/nested.parquet",
    )
    assert held_books(layout) == {"mine", "theirs", "old"}
    assert foreign_books(layout, ["mine"]) == ["old", "theirs"]
    adopt(layout, ["old"])
    assert json.loads((tmp_path / "_adopted.json").read_text()) == ["old"]
    assert foreign_books(layout, ["mine"]) == ["theirs"]
    assert prune(layout, ["theirs"]) == 9
    assert foreign_books(layout, ["mine"]) == []
    assert (tmp_path / "corrections/theirs.parquet").exists() and (
        tmp_path / "_manifests/CrawlBook/theirs-other-zh.json"
    ).exists()
    assert clean(layout) == ["corrections", "qc"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "corrections",
        "my-novels",
        "qc",
    ]  # another config's folder stays


def test_clean_removes_a_link_in_place_of_an_entry_not_what_it_points_to(tmp_path):
    """``aligned`` a symbolic link to a folder elsewhere: clean stopped half done with 'error: stdout or an
    output file: Cannot call rmtree on a symbolic link', the entries after it left in place."""
    elsewhere = tmp_path / "elsewhere"
    _touch(tmp_path, "elsewhere/keep.parquet", "out/stats/align/bk.json", "out/_manifests/AlignBook/bk.json")
    (tmp_path / "out" / "aligned").symlink_to(elsewhere)
    (tmp_path / "out" / "books.parquet").symlink_to(elsewhere / "keep.parquet")
    (tmp_path / "out" / "chapters").symlink_to("chapters")  # a loop
    assert clean(Layout(tmp_path / "out")) == []
    assert list((tmp_path / "out").iterdir()) == []
    assert [p.name for p in elsewhere.iterdir()] == ["keep.parquet"]


@pytest.mark.slow
def test_a_second_config_is_refused_by_a_folder_built_for_another_and_prune_leaves_only_its_books(tmp_path):
    out = tmp_path / "out"
    first = local_config(tmp_path, {"one": local_book(tmp_path, "one")}, name="first.yaml")
    second = local_config(tmp_path, {"two": local_book(tmp_path, "two", first=4)}, name="second.yaml")
    assert run_cli("corpus", "--config", str(first), "--output", str(out), "--until", "clean").returncode == 0
    refused = run_cli("export", "--config", str(second), "--output", str(out))
    assert refused.returncode == 2
    assert refused.stderr.splitlines() == [
        f"output folder {out} holds books that {second} does not list: one; use another --output, or rerun with "
        "--prune (delete their built files) or --adopt (keep them in this corpus)"
    ]
    pruned = run_cli("export", "--config", str(second), "--output", str(out), "--prune", "--formats", "jsonl")
    assert pruned.returncode == 0, pruned.stderr[-2000:]
    assert held_books(Layout(out)) == {"two"}
    splits = json.loads((out / "export" / "splits.json").read_text(encoding="utf-8"))
    assert set(splits["books"]) == {"two"}
    assert "warning: split valid is empty: 1 book with chapters, 0 held out" in pruned.stderr


def test_a_damaged_file_is_rebuilt_unless_it_is_hand_made_or_a_folder(tmp_path):
    layout = Layout(tmp_path)
    hand_made = (
        "it is hand-made (qc import writes it from the reviews) and no build rebuilds it: fix it or remove it"
    )
    (tmp_path / "aligned" / "b.parquet").mkdir(parents=True)
    (tmp_path / "corrections" / "c.parquet").mkdir(parents=True)
    assert [
        repair(path)
        for path in (
            layout.chapters("b"),
            layout.aligned("b"),
            layout.corrections("b"),
            layout.corrections("c"),
            layout.qc_dir() / "verdicts.parquet",
        )
    ] == [
        "run the build again to rebuild it",
        "remove that folder, then run the build again to rebuild it",
        hand_made,
        hand_made,
        hand_made,
    ]


def test_a_file_in_place_of_a_stage_folder_is_named_as_what_to_remove(tmp_path):
    layout = Layout(tmp_path)
    (tmp_path / "raw").write_text("junk\n")
    assert repair(layout.raw("zh", "b")) == (
        f"{tmp_path / 'raw'} is a file where a folder goes: remove that file, then run the build again"
    )


def test_a_link_that_loops_or_points_to_nothing_is_named_as_what_to_remove(tmp_path):
    """A read through it read "run the build again", which stopped at the same link."""
    layout = Layout(tmp_path)
    (tmp_path / "raw").symlink_to("raw")
    (tmp_path / "aligned").mkdir()
    layout.aligned("b").symlink_to("b.parquet")
    assert [repair(layout.raw("zh", "b")), repair(layout.aligned("b"))] == [
        f"{tmp_path / 'raw'} is a symbolic link that loops: remove that link, then run the build again",
        f"{layout.aligned('b')} is a symbolic link that loops: remove that link, then run the build again",
    ]


def test_clean_names_in_full_an_entry_it_may_not_delete(tmp_path, monkeypatch):
    """'error: sword-sect.parquet: Permission denied' named the file alone, not the folder holding it."""
    import os

    (tmp_path / "aligned").mkdir()
    (tmp_path / "aligned" / "bk.parquet").write_bytes(b"x")
    unlink = os.unlink

    def refuse(name, *args, **kwargs):
        if str(name).endswith(".parquet"):
            raise PermissionError(13, "Permission denied", name)
        return unlink(name, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", refuse)
    with pytest.raises(PermissionError) as err:
        clean(Layout(tmp_path))
    assert (err.value.filename, err.value.strerror) == (
        str(tmp_path / "aligned" / "bk.parquet"),
        "Permission denied",
    )


@pytest.mark.parametrize("name", ["_manifests", "raw", "cache"])
def test_a_file_where_a_built_folder_goes_is_refused_once_before_the_build(tmp_path, name):
    """Each task writing under it failed on its own, and each book's FAILED line repeated the advice."""
    (tmp_path / "books.parquet").write_text("", encoding="utf-8")  # a file where a file goes: fine
    check_folders(Layout(tmp_path))
    (tmp_path / name).write_text("", encoding="utf-8")
    with pytest.raises(FolderRefused) as err:
        check_folders(Layout(tmp_path))
    assert str(err.value) == (
        f"{tmp_path / name} is a file where a folder goes: remove that file, then run the build again"
    )


def test_a_link_to_nothing_where_a_built_folder_goes_is_refused_once_before_the_build(tmp_path):
    """Every book failed at its align task: 'FileExistsError: [Errno 17] File exists: OUTPUT/aligned'."""
    (tmp_path / "aligned").symlink_to("elsewhere")
    with pytest.raises(FolderRefused) as err:
        check_folders(Layout(tmp_path))
    assert str(err.value) == (
        f"{tmp_path / 'aligned'} is a symbolic link to elsewhere, which is not there: "
        "remove that link, then run the build again"
    )


def test_a_link_to_nothing_where_a_hand_made_folder_goes_is_refused(tmp_path):
    """``qc`` a link to a folder since removed: export, stats and qc sample read no verdicts there and went
    on without them."""
    (tmp_path / "qc").symlink_to(tmp_path / "gone")
    with pytest.raises(FolderRefused) as err:
        check_hand_made(Layout(tmp_path))
    assert str(err.value) == (
        f"{tmp_path}/qc, where the hand-made folder qc/ goes, is a symbolic link to {tmp_path}/gone, "
        "which is not there: remove that link"
    )
