"""A schema-driven fuzz of the API (schemathesis over the OpenAPI spec, in process): whatever
the body, no endpoint answers 5xx other than the documented 503 (busy or past its deadline),
and every 4xx is a JSON error. Bounded: RECTLOGIC_API_FUZZ examples per operation (25)."""

from __future__ import annotations

import json
import os

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings

from rectlogic.web import create_app

from .test_fuzz import boards

EXAMPLES = int(os.environ.get("RECTLOGIC_API_FUZZ", "25"))
schema = schemathesis.openapi.from_asgi("/openapi.json", create_app(workers=2))


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_no_server_errors(case) -> None:
    response = case.call()
    assert response.status_code < 500 or response.status_code == 503, (
        response.status_code, response.text[:300])
    if 400 <= response.status_code < 500:
        assert "error" in response.json(), response.text[:300]


ANALYZE_EXAMPLES = max(10, EXAMPLES)
analyzer = TestClient(create_app(workers=1, deadlines={"analyze": 2.0}),
                      raise_server_exceptions=False)
"""An app of its own for the analyses: one worker, a short deadline (its pool starts on the
first request)."""


@settings(max_examples=ANALYZE_EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(text=boards())
def test_fuzzed_boards_analysed_over_the_api(text: str) -> None:
    """POST /api/analyze (status, grade, score, suggestions) on mutated boards and boards at
    the edges of grading: an answer, a 4xx JSON error, or the documented 503 — never a 500."""
    body = json.dumps({"puzzle": text})  # ASCII: a lone surrogate travels as \udcff
    response = analyzer.post("/api/analyze", content=body,
                             headers={"content-type": "application/json"})
    assert response.status_code < 500 or response.status_code == 503, (
        response.status_code, response.text[:300])
    if response.status_code != 200:
        assert "error" in response.json(), response.text[:300]
