"""Benchmarks (``make bench``): throughput and peak memory per stage; tests run each at a tiny size, never timed."""
