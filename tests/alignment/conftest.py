import pytest

from text.lexicon import Lexicon


@pytest.fixture(scope="session")
def lexicon() -> Lexicon:
    return Lexicon()
