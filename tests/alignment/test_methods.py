from alignment.methods import align_chapters
from alignment.translator import FileTranslator
from core.rejection import Rejection


def test_bleualign_without_a_chapters_translation_rejects_that_chapter(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "1.txt").write_text("The lamp is red.\nShe paid.\n", encoding="utf-8")
    chapters = [(["灯是红的。", "她付了钱。"], ["The lamp is red.", "She paid."])] * 2
    results, _ = align_chapters(
        "bleualign", chapters, ["b/1", "b/2"], translator=FileTranslator(tmp_path, ".txt")
    )
    assert [bead.key for bead in results[0]] == [((0,), (0,)), ((1,), (1,))]
    assert results[1] == Rejection("bad_machine_translation", f"{tmp_path}/b/2.txt: missing")
