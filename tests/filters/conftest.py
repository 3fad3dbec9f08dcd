import pytest

from tests.filters.books import book_rows


@pytest.fixture
def book() -> list[dict]:
    return book_rows()
