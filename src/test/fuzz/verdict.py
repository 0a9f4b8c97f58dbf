"""The fuzzing stage's verdict on one Schemathesis run, from its JUnit report (.ci/fuzz).

Schemathesis exits non-zero on a failure, which is the API's, and on an error, which may be its own. One error is
its own and is not the API's: "does not support a `not` whose complement is not spelled out". Negative cases are
drawn by negating one member's schema, and the JSON Schema library under it (jsonschema_rs, pinned with
Schemathesis 4.25.0) declines to negate a nullable object of more than 15 properties (a PATCH's `design`, 17) or a
union of 11 objects (a request's typed `content`): `negate()` hands back `not` over its input, which the generator
refuses below the document's root. A schema of 16 nullable-string properties, {"anyOf": [{"type": "null"},
{"$ref": "#/$defs/O"}]}, is declined, the same with 15 is not, nor with 20 when the object is not nullable. The
operation's remaining draws in that phase are lost, which this reports; every other error, and every failure,
fails the run.
"""
import os
import sys
import xml.etree.ElementTree as ET

GENERATOR_LIMIT = "does not support a `not` whose complement is not spelled out"


def main(reports):
    reports = [report for report in reports if os.path.exists(report)]
    if not reports:
        print("no JUnit report: Schemathesis did not finish")
        return 1
    failed = 0
    for report in reports:
        for case in ET.parse(report).getroot().iter("testcase"):
            for outcome in case:
                text = (outcome.get("message") or "") + (outcome.text or "")
                if outcome.tag == "error" and GENERATOR_LIMIT in text:
                    print(f"=== generator limit, not the API's: {case.get('name')}: its remaining draws in that phase"
                          f" were lost (src/test/fuzz/verdict.py says why)")
                elif outcome.tag in ("error", "failure"):
                    failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
