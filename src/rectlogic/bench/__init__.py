"""Benchmarks: solve a corpus, time every puzzle, compare with published answers."""

from .corpus import BenchReport, PuzzleTiming, load_corpus, run_corpus

__all__ = ["BenchReport", "PuzzleTiming", "load_corpus", "run_corpus"]
