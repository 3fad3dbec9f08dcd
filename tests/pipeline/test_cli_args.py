"""Command-line values checked as parsed."""

from __future__ import annotations

import argparse
import datetime

import pytest

from pipeline.cli_args import EARLIEST_DATE, MAX_WORKERS, iso_date, port, scheduler_host, workers


@pytest.mark.parametrize("text, value", [("1", 1), (" 8 ", 8), (str(MAX_WORKERS), MAX_WORKERS)])
def test_a_worker_count_in_range_is_read(text, value):
    assert workers(text) == value


@pytest.mark.parametrize("text", ["0", "257", "-1", "1.5", "two", "", "²", "٣"])
def test_a_worker_count_out_of_range_or_not_a_number_is_refused(text):
    with pytest.raises(argparse.ArgumentTypeError) as err:
        workers(text)
    assert str(err.value) == f"{text!r} is not a whole number from 1 to 256"


@pytest.mark.parametrize("text, value", [("1", 1), ("8082", 8082), ("65535", 65535)])
def test_a_port_in_range_is_read(text, value):
    assert port(text) == value


@pytest.mark.parametrize("text", ["0", "65536", "http", "-80"])
def test_a_port_out_of_range_is_refused(text):
    with pytest.raises(argparse.ArgumentTypeError, match=r"is not a port \(1 to 65535\)$"):
        port(text)


def test_a_number_of_thousands_of_digits_is_refused_quoting_its_start():
    """int() refused it with a ValueError, which argparse reported as "invalid port value: '999...'" with all
    5,000 digits."""
    text = "9" * 5000
    for kind, problem in (
        (workers, "is not a whole number from 1 to 256"),
        (port, "is not a port (1 to 65535)"),
    ):
        with pytest.raises(argparse.ArgumentTypeError) as err:
            kind(text)
        assert str(err.value) == f"'{'9' * 40}'... (5,000 characters) {problem}"


@pytest.mark.parametrize(
    "text, host",
    [
        ("luigid", "luigid"),
        (" sched-1.example.org ", "sched-1.example.org"),
        ("10.0.0.7", "10.0.0.7"),
        ("::1", "[::1]"),
        ("[::1]", "[::1]"),
    ],
)
def test_a_scheduler_host_is_a_name_or_an_address_ready_for_luigis_url(text, host):
    assert scheduler_host(text) == host


@pytest.mark.parametrize(
    "text", ["", " ", "[::1", "http://luigid", "luigid:8082", "luigid/api", "two words", "a@b"]
)
def test_a_scheduler_host_that_is_empty_or_not_a_host_is_refused(text):
    with pytest.raises(argparse.ArgumentTypeError) as err:
        scheduler_host(text)
    assert (
        str(err.value)
        == f"{text!r} is not a host name or an IP address (e.g. luigid.example.org, 127.0.0.1, ::1)"
    )


def test_a_date_is_yyyy_mm_dd():
    assert iso_date("2026-02-28") == datetime.date(2026, 2, 28)
    with pytest.raises(argparse.ArgumentTypeError) as err:
        iso_date("2026-02-30")
    assert str(err.value) == "'2026-02-30' is not a date (YYYY-MM-DD)"


@pytest.mark.parametrize("text", ["20261201", "2026-W48-1", "２０２６-１２-０１", " 2026-12-01"])
def test_a_date_in_another_iso_form_is_refused(text):
    with pytest.raises(argparse.ArgumentTypeError) as err:
        iso_date(text)
    assert str(err.value) == f"{text!r} is not a date (YYYY-MM-DD)"


def test_a_date_in_the_future_is_refused():
    """``update --date 9999-12-31`` was taken: the update recorded under a day that has not come."""
    tomorrow = datetime.date.today() + datetime.timedelta(days=1)
    assert iso_date(datetime.date.today().isoformat()) == datetime.date.today()
    for text in (tomorrow.isoformat(), "9999-12-31"):
        with pytest.raises(argparse.ArgumentTypeError) as err:
            iso_date(text)
        assert str(err.value) == (
            f"{text!r} is in the future (today is {datetime.date.today()}): "
            "an update is dated today or, to catch up, earlier"
        )


def test_a_date_before_2000_is_refused():
    """``update --date 0001-01-01`` was taken and wrote stats/update/0001-01-01.json."""
    assert iso_date("2000-01-01") == EARLIEST_DATE
    for text in ("1999-12-31", "0001-01-01"):
        with pytest.raises(argparse.ArgumentTypeError) as err:
            iso_date(text)
        assert str(err.value) == (
            f"{text!r} is before 2000-01-01: an update is dated today or, to catch up, a recent day"
        )
