"""After a fuzz run (.ci/fuzz): nothing the API said it did is lost.

Reads the run's HAR (every request Schemathesis sent and every answer) and asks the server, once every buffered
scan is written:
- records: every resource a 201 created can still be read, unless a 2xx DELETE in the run removed it (or, for a
  dynamic code and its QR record, the other of the pair);
- the audit log: every such creation has its `create` entry, and every 204 DELETE its `delete` entry (`erase` when
  it erased the scans too), with the resource's id;
- scans: every dynamic code's `scanCount` equals what its analytics count since 2000 (people's scans plus bots'),
  so no scan was counted without its detail, or stored without its count.
Exits 1 on the first kind of loss found, after printing each.
"""
import argparse
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

CREATED_COLLECTIONS = ("qr", "dynamic", "campaigns", "templates", "webhooks", "domains")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--management", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--har", nargs="+", required=True)
    args = parser.parse_args()
    api = Api(args.url, args.key)
    await_scans_written(args.management)

    created, deleted, removed = {}, set(), set()
    for har in args.har:
        with open(har, encoding="utf-8") as file:
            entries = json.load(file)["log"]["entries"]
        for entry in entries:
            read(entry, created, deleted, removed)
    losses = []
    losses += check_records(api, created, deleted)
    losses += check_audit(api, created, removed)
    scans, scan_losses = check_scans(api)
    losses += scan_losses
    print(f"consistency: {len(created)} created resources, {len(deleted)} deletions, {scans} dynamic codes' scans"
          f" checked; {len(losses)} losses")
    for loss in losses[:50]:
        print("  LOST: " + loss)
    sys.exit(1 if losses else 0)


class Api:
    def __init__(self, url, key):
        self.url = url.rstrip("/")
        self.key = key

    def get(self, path):
        request = urllib.request.Request(self.url + path, headers={"Authorization": "Bearer " + self.key})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, None

    def pages(self, path):
        cursor = None
        while True:
            separator = "&" if "?" in path else "?"
            page_path = path + separator + "limit=200" + ("&cursor=" + urllib.parse.quote(cursor) if cursor else "")
            status, page = self.get(page_path)
            if status != 200:
                raise SystemExit(f"GET {page_path} answered {status}")
            yield from page["items"]
            cursor = page.get("nextCursor")
            if not cursor:
                return


def await_scans_written(management):
    deadline = time.time() + 120
    while time.time() < deadline:
        with urllib.request.urlopen(management + "/health/ready", timeout=30) as response:
            checks = json.loads(response.read())["checks"]
        buffer = next(c["data"] for c in checks if c["name"] == "scan-buffer")
        if buffer.get("bufferedScans") == 0 and buffer.get("unwrittenCounts") == 0:
            return
        time.sleep(1)
    raise SystemExit("scans still buffered two minutes after the run")


def read(entry, created, deleted, removed):
    """Notes what the entry created, and what it deleted (2xx), and what it removed (204: the first delete)."""
    method = entry["request"]["method"]
    path = urllib.parse.urlsplit(entry["request"]["url"]).path
    status = entry["response"]["status"]
    parts = path.strip("/").split("/")
    if len(parts) < 3 or parts[:2] != ["api", "v1"]:
        return
    if method == "POST" and status == 201 and len(parts) == 3 and parts[2] in CREATED_COLLECTIONS:
        text = entry["response"].get("content", {}).get("text") or ""
        try:
            body = json.loads(text)
        except ValueError:
            return
        if isinstance(body, dict) and isinstance(body.get("id"), str):
            # A dynamic code and its QR record go together: deleting either deletes both.
            partner = body.get("qr", {}).get("id") if isinstance(body.get("qr"), dict) else None
            created[body["id"]] = {"collection": parts[2], "partner": partner}
    elif method == "DELETE" and 200 <= status < 300 and len(parts) == 4:
        deleted.add(parts[3])
        if status == 204:
            removed.add(parts[3])


def check_records(api, created, deleted):
    losses = []
    for resource_id, facts in created.items():
        status, body = api.get(f"/api/v1/{facts['collection']}/{resource_id}")
        gone = resource_id in deleted or (facts["partner"] in deleted)
        if facts["collection"] == "qr" and status == 404:
            gone = gone or any(f.get("partner") == resource_id and i in deleted for i, f in created.items())
        if status == 200 or (status == 404 and gone):
            continue
        losses.append(f"{resource_id} answered {status} without a DELETE in the run")
    return losses


def check_audit(api, created, removed):
    entries = {(e["action"], e["resourceId"]) for e in api.pages("/api/v1/audit")}
    losses = []
    for resource_id in created:
        if ("create", resource_id) not in entries:
            losses.append(f"{resource_id}: its creation is not in the audit log")
    for resource_id in removed & created.keys():
        # A delete that also erased the scans is audited as one "erase".
        if ("delete", resource_id) not in entries and ("erase", resource_id) not in entries:
            losses.append(f"{resource_id}: its deletion is not in the audit log")
    return losses


def check_scans(api):
    losses = []
    checked = 0
    for code in api.pages("/api/v1/dynamic"):
        status, analytics = api.get(f"/api/v1/qr/{code['id']}/analytics?from=2000-01-01T00:00:00Z&granularity=month")
        if status != 200:
            losses.append(f"{code['id']}: analytics answered {status}")
            continue
        counted = analytics["totalScans"] + analytics["botScans"]
        checked += 1
        if counted != code["scanCount"]:
            losses.append(f"{code['id']}: scanCount {code['scanCount']}, analytics {counted}")
    return checked, losses


if __name__ == "__main__":
    main()
