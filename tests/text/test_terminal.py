from text.terminal import without_escape_sequences


def test_escape_sequences_are_removed_whole_and_their_characters_counted():
    text = "\x1b[1;31mA\x1b[0m \x1b]0;title\x07B\x1b(B\x1b[m C\x1b\n\x1b[2KD \x1bEnd"
    assert without_escape_sequences(text) == ("A B C\x1b\nD \x1bEnd", 31)
    assert without_escape_sequences("plain") == ("plain", 0)
