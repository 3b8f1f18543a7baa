"""A schema-driven fuzz of the API (schemathesis over the OpenAPI spec, in process): whatever
the body, no endpoint answers 5xx other than the documented 503 (busy or past its deadline),
and every 4xx is a JSON error. Bounded: RECTLOGIC_API_FUZZ examples per operation (25)."""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings

from rectlogic.web import create_app

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
