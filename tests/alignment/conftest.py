import pytest

from alignment.lexicon import Lexicon


@pytest.fixture(scope="session")
def lexicon() -> Lexicon:
    return Lexicon()
