"""Benchmarks (``make bench``): throughput and peak memory per stage. Never run as tests."""
