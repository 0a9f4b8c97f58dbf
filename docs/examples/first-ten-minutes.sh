#!/usr/bin/env bash
# The first ten minutes with qrforge, as a script: every call the README's walk-through makes, against a running
# server. WalkthroughIT runs it against the test suite's server, so it keeps working as the API changes.
#
#   bash docs/examples/first-ten-minutes.sh
#   QRFORGE_URL=http://localhost:8081 QRFORGE_KEY=qrk_… OUT=/tmp/qr bash docs/examples/first-ten-minutes.sh
#
# Needs bash, curl (7.76 or newer, for --fail-with-body) and jq.
set -euo pipefail

QRFORGE_URL=${QRFORGE_URL:-http://localhost:8080}
QRFORGE_KEY=${QRFORGE_KEY:-qrk_local_change_me_123456}
OUT=${OUT:-$(mktemp -d)}
EXAMPLES=$(cd "$(dirname "$0")" && pwd)
API=$QRFORGE_URL/api/v1
# Scans from curl's own user agent count as a bot's; the analytics count people.
PHONE='Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)'
PHONE="$PHONE Version/17.5 Mobile/15E148 Safari/604.1"

mkdir -p "$OUT"
echo "Files go to $OUT"

step() { printf '\n== %s\n' "$*"; }

# An API call that answers JSON: an HTTP error stops the script and shows the API's error body, which would
# otherwise vanish into a variable or a pipe.
api() {
  local body
  if ! body=$(curl -sS --fail-with-body -H "Authorization: Bearer $QRFORGE_KEY" "$@"); then
    printf '%s\n' "$body" >&2
    exit 1
  fi
  printf '%s\n' "$body"
}
post_json() { local path=$1; shift; api -H 'Content-Type: application/json' "$@" "$API$path"; }

# A POST whose answer is a file: on an HTTP error the error body is shown and the file removed, never kept as if
# it were the image.
download() {
  local file=$1 accept=$2 path=$3; shift 3
  if ! curl -sS --fail-with-body -H "Authorization: Bearer $QRFORGE_KEY" -H 'Content-Type: application/json' \
       -H "Accept: $accept" -o "$OUT/$file" "$@" "$API$path"; then
    cat "$OUT/$file" >&2 2>/dev/null && echo >&2
    rm -f "$OUT/$file"
    exit 1
  fi
  echo "$OUT/$file ($(wc -c < "$OUT/$file") bytes)"
}

# A bulk archive, likewise.
fetch() {
  local file=$1 url=$2
  if ! curl -sS --fail-with-body -H "Authorization: Bearer $QRFORGE_KEY" -o "$OUT/$file" "$url"; then
    cat "$OUT/$file" >&2 2>/dev/null && echo >&2
    rm -f "$OUT/$file"
    exit 1
  fi
}

# A file as a data URI, for design.logo and composite backgrounds (base64 without line breaks, GNU or BSD).
data_uri() { printf 'data:%s;base64,%s' "$1" "$(base64 < "$2" | tr -d '\n')"; }

# A scan of a short link as a phone would make it; prints "status location".
scan() { curl -sS -o /dev/null -A "$PHONE" -w '%{http_code} %{redirect_url}' "$QRFORGE_URL/s/$1"; }

step "1. Generate a code: a JSON record with its scan-safety verdict"
record=$(post_json /qr -d '{"data": "https://example.com/menu", "title": "First code"}')
code_id=$(jq -r .id <<<"$record")
echo "id $code_id, safety: $(jq -c '.safety | {score, status, verified}' <<<"$record")"

step "2. The same as a PNG file"
download code.png image/png /qr -d '{"data": "https://example.com/menu", "format": "png", "size": 600}'

step "3. A styled PNG: gradient, rounded eyes, a logo (error correction becomes H)"
styled=$(jq -n --arg logo "$(data_uri image/png "$EXAMPLES/logo.png")" '{
  data: "https://example.com/menu", format: "png", size: 600,
  design: {bodyStyle: "rounded", foregroundColor: "#1a237e", gradientType: "linear", gradientColor2: "#00838f",
           gradientRotation: 45, eyeFrameStyle: "extra-rounded", eyeBallStyle: "circle", eyeFrameColor: "#b71c1c",
           logo: $logo}}')
download styled.png image/png /qr --data-binary @- <<<"$styled"

step "4. A 30 mm PDF for print (vector, the page exactly 30 mm)"
download code.pdf application/pdf /qr -d '{"data": "https://example.com/menu", "format": "pdf", "size": 30,
  "unit": "mm"}'

step "5. Typed content: a Wi-Fi login, escaped by the format's rules"
wifi=$(post_json /qr -d '{"content": {"type": "wifi", "ssid": "Café Guest", "password": "espresso;2026",
  "encryption": "wpa2"}, "format": "png", "size": 400}')
echo "encoded as: $(jq -r .data <<<"$wifi")"
jq -r .png <<<"$wifi" | base64 -d > "$OUT/wifi.png"
echo "$OUT/wifi.png ($(wc -c < "$OUT/wifi.png") bytes)"

step "6. A dynamic code: a short link whose destination can change after printing"
dynamic=$(post_json /dynamic -d '{"destinationUrl": "https://example.com/menu", "title": "Table tent",
  "format": "png", "size": 600}')
dyn_id=$(jq -r .id <<<"$dynamic")
short_code=$(jq -r .shortCode <<<"$dynamic")
echo "id $dyn_id, short link $(jq -r .shortUrl <<<"$dynamic")"
jq -r .qr.png <<<"$dynamic" | base64 -d > "$OUT/dynamic.png"
echo "$OUT/dynamic.png ($(wc -c < "$OUT/dynamic.png") bytes)"

step "7. Scan it (what a phone does), change its destination, scan again"
read -r status location <<<"$(scan "$short_code")"
echo "scan: $status -> $location"
[ "$status" = 302 ] || { echo "expected a 302 redirect" >&2; exit 1; }
api -X PATCH -H 'Content-Type: application/merge-patch+json' \
    -d '{"destinationUrl": "https://example.com/winter-menu"}' "$API/dynamic/$dyn_id" \
  | jq -r '"destination now \(.destinationUrl)"'
read -r status location <<<"$(scan "$short_code")"
echo "scan after the change: $status -> $location"
[ "$status" = 302 ] && [ "$location" = https://example.com/winter-menu ] \
  || { echo "expected a 302 to https://example.com/winter-menu" >&2; exit 1; }

step "8. Its analytics (scans are written every few seconds, so this may wait for them)"
for _ in $(seq 15); do
  total=$(api "$API/qr/$dyn_id/analytics" | jq .totalScans)
  [ "$total" -ge 2 ] && break
  sleep 1
done
echo "totalScans: $total"
[ "$total" -ge 2 ] || { echo "expected the 2 scans within 15 s" >&2; exit 1; }

step "9. A bulk job of 3 codes, followed to its ZIP"
job=$(post_json /qr/bulk -d '{"defaults": {"format": "png", "size": 400}, "items": [
  {"data": "https://example.com/table/1", "filename": "table-1"},
  {"data": "https://example.com/table/2", "filename": "table-2"},
  {"data": "https://example.com/table/3", "filename": "table-3"}]}')
job_id=$(jq -r .jobId <<<"$job")
echo "job $job_id"
for _ in $(seq 120); do
  job_status=$(api "$API/qr/bulk/$job_id" | jq -r .status)
  [ "$job_status" != STARTED ] && break
  sleep 0.5
done
echo "status: $job_status"
[ "$job_status" = COMPLETED ] || { echo "expected COMPLETED" >&2; exit 1; }
fetch codes.zip "$API/qr/bulk/$job_id/archive"
if command -v unzip >/dev/null; then
  unzip -l "$OUT/codes.zip"
else
  echo "$OUT/codes.zip ($(wc -c < "$OUT/codes.zip") bytes)"
fi

step "10. A transparent code composited onto a photo, judged on the result"
composite=$(jq -n --arg image "$(data_uri image/jpeg "$EXAMPLES/background.jpg")" '{
  data: "https://example.com/poster", size: 300,
  placement: {position: "bottom-right", plate: true},
  backgrounds: [{image: $image}]}' | post_json /qr/transparent --data-binary @-)
echo "safety: $(jq -c '.composites[0].safety | {score, status}' <<<"$composite")"
jq -r '.composites[0].png' <<<"$composite" | base64 -d > "$OUT/poster.png"
echo "$OUT/poster.png ($(wc -c < "$OUT/poster.png") bytes)"

step "11. The workspace's codes, newest first"
api "$API/qr?limit=10" | jq -r '.items[] | "\(.id)  \(if .dynamic then "dynamic" else "static " end)  \(.data)"'

printf '\nDone. Files in %s\n' "$OUT"
