"""Schemathesis hooks for .ci/fuzz: what the OpenAPI document cannot say, said here, each with its reason.

The fuzzer checks that the API accepts every request its document calls valid (positive_data_acceptance). A few of
the API's rules are ones JSON Schema cannot express: a member that must name something that exists, a value from a
list kept outside the document, a relation between two members, a rule about the present time. For those, a
positive case is made to obey the rule before it is sent, touching only the member concerned, so every other member
stays as generated; negative cases are sent as generated. Each rule names the 400 that proves it is the API's rule
and not the fuzzer's mistake (the `field` the API's error names).
"""
import datetime
import os
import re
import uuid
import zoneinfo

import requests
import schemathesis
from schemathesis.specs.openapi.checks import ensure_resource_availability

# The key the fuzzer runs with, set by .ci/fuzz. The fuzzer may revoke any key it lists; revoking its own would turn
# the rest of the run into 401s, so its own key's id is swapped for one that names no key (a 404, still tested).
OWN_KEY_ID = os.environ.get("FUZZ_KEY_ID", "")
# The server and the key, for the state a request cannot see (_restyle_rules).
BASE = os.environ.get("FUZZ_BASE", "")
KEY = os.environ.get("FUZZ_KEY", "")
NO_SUCH_KEY = "key_AAAAAAAAAAAAAAAAAAAA"
# Webhook targets: the fuzz server allows loopback (QRFORGE_WEBHOOK_ALLOWED_NETWORKS), where nothing listens on 9.
WEBHOOK_TARGET = "http://127.0.0.1:9/fuzz"

# What JSON Schema's \s and the API call white space (ECMA-262).
WHITE_SPACE = "\t\n\x0b\x0c\r \xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
ZONES = zoneinfo.available_timezones() | {"UTC"}
INSTANT = re.compile(r"^(\d{4})(-\d\d-\d\dT.*)$")
ASCII_HOST = re.compile(r"^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$")
CSV_EXAMPLES = {
    "/api/v1/qr/bulk": "data,format,filename\nhttps://example.com/a,svg,a\nhttps://example.com/b,png,b\n",
    "/api/v1/dynamic/bulk": "destinationUrl,title,tags\nhttps://example.com/menu?t=1,Table 1,tents\n",
}


@schemathesis.serializer("text/csv")
def csv_body(ctx, value):
    return value.encode("utf-8") if isinstance(value, str) else str(value).encode("utf-8")


def _positive(case):
    meta = case.meta
    return meta is not None and meta.generation.mode.is_positive


def _walk(value, visit, key=None):
    """Calls visit(container, key) for every member of every object in value, depth first."""
    if isinstance(value, dict):
        for k in list(value):
            _walk(value[k], visit, k)
            visit(value, k)
    elif isinstance(value, list):
        for item in value:
            _walk(item, visit)


EARLIEST = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc)
END = datetime.datetime(9999, 1, 1, tzinfo=datetime.timezone.utc)


def _instant_in_range(container, key):
    # Timestamps from 2000-01-01T00:00:00Z to before 9999-01-01T00:00:00Z (api.Instants; 400 on the member), so
    # that every timestamp written back is RFC 3339 in every zone. format: date-time has no minimum.
    value = container[key]
    if isinstance(value, str):
        match = INSTANT.match(value)
        if match and not _in_range(value):
            container[key] = "2026" + match.group(2)


def _in_range(value):
    try:
        instant = _instant(value)
    except ValueError:
        return 2001 <= int(value[:4]) <= 9997
    if instant.tzinfo is None:
        return True
    return EARLIEST <= instant < END


def _before(first, second):
    """Whether two timestamps, either of which may be missing, are in order: compared as instants, offsets and
    all ("…T10:00+02:00" is before "…T09:00Z"), as strings where one does not parse."""
    if not isinstance(first, str) or not isinstance(second, str):
        return True
    try:
        return _instant(first) < _instant(second)
    except (ValueError, TypeError):
        return first < second


def _instant(value):
    return datetime.datetime.fromisoformat(value.upper().replace("Z", "+00:00"))


def _body_rules(container, key):
    value = container[key]
    if key == "template" and isinstance(value, str):
        # A template id must name a template of the workspace (400 on "template"); none is known in advance.
        del container[key]
    elif key == "logo" and isinstance(value, str) and value.startswith("sha256:"):
        # A logo reference must name an image the workspace sent before (400 on "design.logo").
        del container[key]
    elif key == "domain" and isinstance(value, str):
        # A custom domain must be registered and verified by DNS (422 on "domain"), which a fuzz run cannot do.
        del container[key]
    elif key in ("timezone", "timeZone") and isinstance(value, str) and value not in ZONES:
        # An IANA time zone (400 on "...timezone", "content.timeZone"): some 600 names the tz database keeps.
        container[key] = "Europe/Berlin"
    else:
        _instant_in_range(container, key)


@schemathesis.hook
def before_call(ctx, case, kwargs):
    # A short link's 302 is the answer under test: it is not followed, which would leave for the generated
    # destination's host (requests' max_redirects = 0 would raise on it instead of returning it).
    kwargs["allow_redirects"] = False
    path = case.operation.path
    if path == "/api/v1/api-keys/{id}" and case.path_parameters.get("id") == OWN_KEY_ID:
        case.path_parameters["id"] = NO_SUCH_KEY
    if not _positive(case):
        query = case.query if isinstance(case.query, dict) else {}
        for key in [k for k, v in query.items() if v is None or v == []]:
            # A parameter the case adds with no value (None, or an empty list) is dropped by the HTTP client, which
            # would send a valid request under a negative label; sent empty, it is the unknown parameter it was
            # meant to be.
            query[key] = ""
        return
    query = case.query if isinstance(case.query, dict) else None
    if query:
        # An opaque token that only a previous page's nextCursor holds (400 on "cursor").
        query.pop("cursor", None)
        for key in list(query):
            _instant_in_range(query, key)
        if query.get("timezone") not in ZONES and "timezone" in query:
            # An IANA time zone (400 on "timezone"), as in bodies.
            query["timezone"] = "Europe/Berlin"
        if not _before(query.get("from"), query.get("to")):
            # from before to (400 on "from"), a relation between two parameters.
            query["from"], query["to"] = query["to"], query["from"]
            if not _before(query["from"], query["to"]):
                del query["from"]
        years = {k: int(query[k][:4]) for k in ("from", "to") if isinstance(query.get(k), str)
                 and query[k][:4].isdigit()}
        if len(years) == 2 and years["to"] - years["from"] > 20:
            # A timeline of at most 10,000 buckets (400 on "granularity"): the span over the bucket's length.
            query["to"] = str(years["from"] + 1) + query["to"][4:]
        if "granularity" in query:
            # At most 10,000 buckets (400 on "granularity"): the span's length over the bucket's, two parameters.
            del query["granularity"]
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        if "to" not in query and not _before(query.get("from"), now):
            # from before to, whose default is now (400 on "from").
            del query["from"]
        if not _before(query.get("createdFrom"), query.get("createdTo")):
            # createdFrom before createdTo (400 on "createdTo"), likewise.
            del query["createdFrom"]
    body = case.body
    if isinstance(body, str) and case.media_type == "text/csv" and path in CSV_EXAMPLES:
        # RFC 4180 with the documented column names (400 naming the row and column): a grammar, not a schema.
        case.body = CSV_EXAMPLES[path]
    if isinstance(body, dict):
        if path == "/api/v1/dynamic/{id}":
            _restyle_rules(body, case.path_parameters.get("id"))
        elif path == "/api/v1/templates/{id}" and isinstance(body.get("design"), dict):
            _gradient_rule(body["design"], _stored(f"/api/v1/templates/{case.path_parameters.get('id')}", "design"))
        _walk(body, _body_rules)
        global _format
        _format = body.get("format") or (body.get("defaults") or {}).get("format") \
            if isinstance(body.get("defaults", {}), dict) else body.get("format")
        _inherit_look(body)
        _walk(body, lambda container, key: _shape_rules(container, key, path))
        _uninherit_dropped(body)
        _heap_rules(body)
        _walk(body, _image_rules)
        global _cmyk_allowed
        _cmyk_allowed = body.get("colorSpace") == "cmyk" and body.get("format") in ("pdf", "eps")
        for holder in [body] + [v for v in body.values() if isinstance(v, dict)] \
                + [i for i in body.get("items", []) if isinstance(i, dict)]:
            if holder.get("colorSpace") == "cmyk" and holder.get("format") not in ("pdf", "eps"):
                # CMYK is for PDF and EPS only (400 on "colorSpace"), which the format member decides.
                del holder["colorSpace"]
        defaults, items = _items_and_defaults(body)
        for item in items:
            if "colorSpace" not in item and defaults.get("colorSpace") == "cmyk" \
                    and item.get("format") not in ("pdf", "eps"):
                # Likewise for a CMYK the item takes from the defaults (400 on "items[i].colorSpace").
                item["colorSpace"] = "rgb"
        _walk(body, _reference_rules)
        _validity_rules(body, path)
        _walk(body, _filter_rules)
        _walk(body, lambda container, key: _event_rules(container[key])
              if key == "content" and isinstance(container[key], dict) and container[key].get("type") == "event"
              else None)
        if path == "/api/v1/dynamic/bulk" and isinstance(body.get("filter"), dict):
            # At most 200 codes selected (400 on "filter"), which depends on how many codes the run has made: a
            # filter from now on selects none.
            body["filter"]["createdFrom"] = datetime.datetime.now(datetime.timezone.utc).strftime(
                "%Y-%m-%dT%H:%M:%SZ")
            body["filter"].pop("createdTo", None)
        if path in ("/api/v1/webhooks", "/api/v1/webhooks/{id}") and isinstance(body.get("url"), str):
            # The target's host must resolve to an address webhooks may reach (400 on "url"): DNS, not a schema.
            body["url"] = WEBHOOK_TARGET
        if path == "/api/v1/api-keys" and isinstance(body.get("expiresAt"), str):
            # An expiry in the future (400 on "expiresAt"), which depends on the clock.
            future = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=365)
            if body["expiresAt"] < future.strftime("%Y-%m-%dT%H:%M:%SZ"):
                body["expiresAt"] = future.strftime("%Y-%m-%dT%H:%M:%SZ")
        if path == "/api/v1/domains" and isinstance(body.get("host"), str):
            # A DNS name valid under IDNA's rules (400 on "host"); the document can only say "a string".
            if not ASCII_HOST.match(body["host"].strip().lower().rstrip(".")):
                body["host"] = "go.example.com"
    if case.headers and "Idempotency-Key" in case.headers:
        # A key names one request (422 on "Idempotency-Key" when sent with another): every case here carries the
        # document's example key, as no client would, so each case gets a key of its own. Not the body's digest: a
        # repeated body would replay the first answer, whose resource the run may have deleted since. Replays are
        # BulkIT's and DynamicBulkIT's to test.
        case.headers["Idempotency-Key"] = "fuzz-" + uuid.uuid4().hex


_format = None


def _design_rules(design, path, image_format):
    # A dependency between members, which the document's Design cannot state because records, where it describes
    # every member, always hold both.
    _gradient_rule(design, None)
    frame = design.get("frame")
    if design.get("backgroundColor") == "transparent" and image_format == "jpeg":
        # JPEG has no alpha channel (400 on "design.backgroundColor"), which the format member decides.
        del design["backgroundColor"]
    if path == "/api/v1/qr/transparent":
        # A code placed over an image has no frame and no background of its own (400 on "design.frame",
        # "design.backgroundColor"); Design is shared with every other use.
        design.pop("frame", None)
        design.pop("backgroundColor", None)
    elif isinstance(frame, dict):
        if "style" not in frame:
            # A frame's style may come from a template (hence optional), which these cases do not name (400 on
            # "design.frame.style").
            frame["style"] = "box"
        if isinstance(frame.get("text"), str) and any(ord(c) > 0x24F or ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0
                                                      for c in frame["text"]):
            # A caption must be drawable by the bundled font (400 on "design.frame.text" naming the character):
            # a property of the font file. Latin script is.
            frame["text"] = "SCAN ME"


def _when_rules(when):
    # A member set to null is one left out (the document's Conditions).
    if when.get("timeFrom") is None or when.get("timeTo") is None or when["timeFrom"] == when["timeTo"]:
        # A daily window has both ends, and they differ (400 on "rules[i].when.timeTo").
        when.pop("timeFrom", None)
        when.pop("timeTo", None)
    if "timezone" in when and when.get("daysOfWeek") is None and "timeFrom" not in when:
        # The zone of a schedule, so only with one (400 on "rules[i].when.timezone").
        del when["timezone"]
    if not _before(when.get("startAt"), when.get("endAt")):
        # A rule's window ends after it starts (400 on "rules[i].when.endAt").
        del when["startAt"]


LANGUAGES = {"de", "en", "fr", "it", "es", "nl", "pl", "pt", "sv", "da", "fi", "cs", "ja", "zh", "ko", "ar", "tr"}
COUNTRIES = {"DE", "AT", "CH", "FR", "IT", "ES", "NL", "BE", "PL", "GB", "US", "CA", "JP", "CN", "SE", "DK"}
# Print sizes: 10 to 2000 mm (400 on "size"), in whichever unit; the unit is a sibling member.
PRINT_SIZE = {"mm": (10, 2000), "in": (0.4, 78.74)}


def _shape_rules(container, key, path):
    value = container[key]
    if key == "design" and isinstance(value, dict):
        # The design's own format: a bulk item's, else the request's or its defaults'.
        _design_rules(value, path, container.get("format", _format))
    elif key == "when" and isinstance(value, dict):
        _when_rules(value)
    elif key == "unit" and value in PRINT_SIZE and not isinstance(container.get("size"), (int, float)):
        # A print unit needs its size (400 on "size"), a sibling member.
        container["size"] = PRINT_SIZE[value][0] * 3
    elif key == "dpi" and container.get("unit") not in PRINT_SIZE:
        # dpi only with a print unit (400 on "dpi"), a sibling member.
        del container[key]
    elif key in ("language", "country") and isinstance(value, list):
        # ISO 639-1 and ISO 3166-1 codes (400 on "rules[i].when.language[j]"): lists kept by the JDK, not the
        # document; any other code becomes one of these.
        known = LANGUAGES if key == "language" else COUNTRIES
        container[key] = [item if item in known else sorted(known)[0] for item in value]
    elif key == "size" and isinstance(value, (int, float)) and container.get("unit") in (None, "px") \
            and (isinstance(value, float) or not 100 <= value <= 5000):
        # With unit px a whole number of pixels, 100 to 5000 (400 on "size"); with mm or in a length from 0.39:
        # the unit, a sibling member, decides which.
        container[key] = int(min(max(value, 100), 5000))
    elif key == "size" and isinstance(value, (int, float)) and container.get("unit") in PRINT_SIZE:
        low, high = PRINT_SIZE[container["unit"]]
        if container.get("format", _format) in ("png", "jpeg", "webp") or isinstance(container.get("dpi"), int):
            # A raster print size comes to 100 to 5000 pixels at its dpi (400 on "size"): size times dpi.
            dpi = container.get("dpi") if isinstance(container.get("dpi"), int) and container["dpi"] > 0 else 300
            inch = 25.4 if container["unit"] == "mm" else 1
            low, high = max(low, 100 * inch / dpi), min(high, 5000 * inch / dpi)
        container[key] = min(max(value, low), high)


# The members of a bulk item's look that it takes from the defaults when it has none (BulkValidator.withDefaults):
# the size rules above depend on all four together.
LOOK = ("format", "size", "unit", "dpi")


def _items_and_defaults(body):
    defaults = body.get("defaults")
    items = body.get("items")
    if not isinstance(defaults, dict) or not isinstance(items, list):
        return {}, []
    return defaults, [item for item in items if isinstance(item, dict)]


def _inherit_look(body):
    # An item's size in the defaults' unit and dpi, or in its own unit with the defaults' dpi, is one request: the
    # item is given the defaults' members it lacks, so the size rules see the request the API validates.
    defaults, items = _items_and_defaults(body)
    for item in items:
        for key in LOOK:
            if key not in item and key in defaults:
                item[key] = defaults[key]


def _uninherit_dropped(body):
    # A member the size rules removed from an item (a dpi without a print unit) would come back from the defaults:
    # the defaults give it up too, which leaves them valid, as dpi is optional.
    defaults, items = _items_and_defaults(body)
    for item in items:
        for key in LOOK:
            if key not in item:
                defaults.pop(key, None)


# JPEG and WebP are drawn and encoded whole, at several times the image's size: on the fuzz server's 512 MB heap a
# JPEG over about 3,300 px or a WebP over about 4,600 px costs more than the largest render it admits (413 on
# "size"), a property of the server's heap that no document of the API can state. These stay below.
HEAP_PIXELS = {"jpeg": 3000, "webp": 4200}


def _heap_rules(body):
    _, items = _items_and_defaults(body)
    for holder in [body] + items:
        cap = HEAP_PIXELS.get(holder.get("format"))
        size = holder.get("size")
        if cap is None or not isinstance(size, (int, float)) or size <= 0:
            continue
        unit = holder.get("unit")
        dpi = holder["dpi"] if isinstance(holder.get("dpi"), int) and holder["dpi"] > 0 else 300
        pixels = size * dpi / 25.4 if unit == "mm" else size * dpi if unit == "in" else size
        if pixels > cap and unit in (None, "px"):
            holder["size"] = cap
        elif pixels > cap and unit in PRINT_SIZE and size * cap / pixels >= PRINT_SIZE[unit][0]:
            holder["size"] = size * cap / pixels
        elif pixels > cap:
            # At a dpi so high that the smallest print size is too many pixels, PNG, which is drawn in bands.
            holder["format"] = "png"


# The members of a code's look a PATCH may leave as they are (qr.Restyle), with what null returns each to.
RESTYLE = {"format": "svg", "size": 300, "unit": "px", "dpi": None, "colorSpace": "rgb"}
NO_CMYK = "#1a237e"


def _restyle_rules(body, code_id):
    """A PATCH redraws the code as it is now with the patch merged over it (qr.Restyle), so whether its size, dpi
    or colour space is valid depends on the members it leaves alone: "size": 800 is pixels on a code drawn in px
    and 800 in (a 400 on "size") on one drawn in inches. Those members are given their current values, read from
    the server, which changes nothing the API does, and the rules above then see the look the API validates."""
    if not RESTYLE.keys() & body.keys() and not isinstance(body.get("design"), dict):
        return
    stored = _stored(f"/api/v1/dynamic/{code_id}", "qr")
    if stored is None:
        return
    # qr.Restyle's own completions: a size reset takes its unit along, a unit in pixels its dpi.
    if "size" in body and body["size"] is None and "unit" not in body:
        body["unit"] = None
    if "unit" in body and body["unit"] in (None, "px") and "dpi" not in body:
        body["dpi"] = None
    look = {}
    for key, default in RESTYLE.items():
        value = body[key] if key in body else stored.get(key)
        look[key] = default if value is None else value
    global _format
    _format = look["format"]
    for key in ("unit", "dpi", "size"):
        if key in look:
            _shape_rules(look, key, "/api/v1/dynamic/{id}")
    _heap_rules(look)
    if look["colorSpace"] == "cmyk" and look["format"] not in ("pdf", "eps"):
        # CMYK is for PDF and EPS only (400 on "colorSpace").
        look["colorSpace"] = "rgb"
    for key in RESTYLE:
        body[key] = look.get(key)
    design = body.get("design", {})
    if not isinstance(design, dict):
        return
    kept = stored.get("design") or {}
    if look["colorSpace"] != "cmyk":
        # A CMYK colour the code keeps needs CMYK (400 on the colour), which the patch may have taken away.
        _override_cmyk(kept, design)
    if look["format"] == "jpeg" and design.get("backgroundColor", kept.get("backgroundColor")) == "transparent":
        # JPEG has no alpha channel (400 on "design.backgroundColor"), whichever of the two set it.
        design["backgroundColor"] = "#ffffff"
    _gradient_rule(design, kept)
    if design:
        body["design"] = design


def _stored(path, member):
    """A member of what the server holds at path, or None when it holds nothing there (the case is then a 404)."""
    try:
        answer = requests.get(BASE + path, headers={"Authorization": f"Bearer {KEY}"}, timeout=120)
    except requests.RequestException:
        return None
    return answer.json().get(member) if answer.status_code == 200 else None


def _gradient_rule(design, kept):
    # A gradient needs its second colour (400 on "design.gradientColor2"; null removes it in a patch), whether the
    # patch or the design it merges into (kept) set either of the two.
    kept = kept or {}
    if design.get("gradientType", kept.get("gradientType")) is not None \
            and design.get("gradientColor2", kept.get("gradientColor2")) is None:
        design["gradientColor2"] = "#00838f"


def _override_cmyk(kept, patch):
    """Gives every CMYK colour of the kept design that the patch leaves alone an RGB value in the patch."""
    for key, value in kept.items():
        if isinstance(value, str) and value.startswith("cmyk(") and key not in patch:
            patch[key] = NO_CMYK
        elif isinstance(value, dict) and (key not in patch or isinstance(patch[key], dict)):
            nested = patch.get(key, {})
            _override_cmyk(value, nested)
            if nested:
                patch[key] = nested


# A 1x1 PNG: images must decode as PNG, JPEG, WebP or SVG (400 on "design.logo", "backgrounds[i].image"); the
# document can say base64, not which bytes make an image.
PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="


def _image_rules(container, key):
    value = container[key]
    if key in ("logo", "image") and isinstance(value, str) and not value.startswith("sha256:"):
        container[key] = PIXEL


# An IBAN with a valid check sum (400 on "content.iban"): ISO 13616's mod-97 check is arithmetic, not a pattern.
VALID_IBAN = "DE89370400440532013000"


def _reference_rules(container, key):
    value = container[key]
    if key == "campaign" and isinstance(value, str):
        # A campaign id must name a campaign of the workspace (400 on "campaign"), like a template.
        del container[key]
    elif key == "content" and isinstance(value, dict) and value.get("type") == "wifi":
        # A Wi-Fi password's rule depends on the encryption member (400 on "content.password"): WPA's 8 to 63
        # characters, WEP's 5 or 13, none with nopass.
        encryption = value.get("encryption")
        if encryption == "nopass":
            value.pop("password", None)
        elif encryption == "wep":
            value["password"] = "abcde"
        elif not (isinstance(value.get("password"), str) and 8 <= len(value["password"]) <= 63):
            value["password"] = "espresso-2026"
    elif key == "content" and isinstance(value, dict) and value.get("type") in ("vcard", "mecard"):
        # A contact needs a name, some member of several not blank (400 on "content.firstName"): JSON Schema could
        # say it with anyOf, but clients generated from the document then take every contact type for every other.
        names = ("firstName", "lastName") + (("organization",) if value["type"] == "vcard" else ())
        if not any(isinstance(value.get(n), str) and value[n].strip(WHITE_SPACE) for n in names):
            value["firstName"] = "Ada"
    elif key == "ssid" and isinstance(value, str) and len(value.encode("utf-8", "surrogatepass")) > 32:
        # An SSID is at most 32 bytes (400 on "content.ssid"); JSON Schema counts characters, not bytes.
        container[key] = value.encode("utf-8", "surrogatepass")[:32].decode("utf-8", "ignore") or "guest"
    elif key == "iban" and isinstance(value, str):
        container[key] = VALID_IBAN
    elif key == "bic" and isinstance(value, str):
        # A BIC names a real country (400 on "content.bic"): ISO 9362 over ISO 3166, a list again.
        container[key] = "COBADEFFXXX"
    elif key == "reference" and isinstance(value, str) and container.get("type") == "epc":
        # An ISO 11649 creditor reference with its check digits (400 on "content.reference"): arithmetic. And a
        # transfer carries a reference or a text, not both (400 on "content.text"): "not both" with a blank text
        # allowed would take a `not`, which the fuzzer cannot negate.
        container[key] = "RF18539007547034"
        container.pop("text", None)
    elif key in ("start", "end") and isinstance(value, str) and container.get("type") == "event" \
            and not _calendar_time(value):
        # A calendar date or time that exists (400 on "content.start"): 2026-02-30 matches any pattern.
        container[key] = "2026-12-01T18:00" if key == "start" else "2026-12-01T20:00"
    elif key == "placement" and isinstance(value, dict):
        # A placement must keep the code inside its image (400 on "backgrounds[i].placement.x"), whose size is in
        # the image's bytes; the default placement always fits.
        del container[key]
    elif isinstance(value, str) and value.startswith("cmyk(") and not _cmyk_allowed:
        # CMYK colours only in a PDF or EPS in colorSpace cmyk (400 on the colour): a sibling of the design decides.
        container[key] = NO_CMYK


_cmyk_allowed = False


def _calendar_time(value):
    try:
        datetime.datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
        return True
    except ValueError:
        return False


def _event_rules(content):
    starts = [content.get(k) for k in ("start", "end") if isinstance(content.get(k), str)]
    if any("T" in v and not v.endswith(("Z", "z")) and "+" not in v[10:] and "-" not in v[10:] for v in starts) \
            and "timeZone" not in content:
        # A local date-time needs its zone (400 on "content.timeZone"), a sibling member.
        content["timeZone"] = "Europe/Berlin"


def _filter_rules(container, key):
    value = container[key]
    if key == "filter" and isinstance(value, dict) and not _before(value.get("createdFrom"), value.get("createdTo")):
        # createdFrom before createdTo (400 on "filter.createdTo"), two members.
        del value["createdTo"]


def _validity_rules(body, path):
    for holder in [body] + [item for item in body.get("items", []) if isinstance(item, dict)]:
        if not _before(holder.get("validFrom"), holder.get("expiresAt")):
            # validFrom before expiresAt (400 on "validFrom").
            del holder["validFrom"]
    if path == "/api/v1/dynamic/{id}" and isinstance(body.get("expiresAt"), str) and "validFrom" not in body:
        # The code's validFrom, as it stands, before the new expiresAt (400 on "validFrom"): a state the request
        # cannot see, so the expiry moves past every validFrom a run can set (before 9999, api.Instants).
        body["expiresAt"] = "9998-12-31T00:00:00Z"


# A dynamic code and its QR record are one resource under two paths: deleting the record (DELETE /api/v1/qr/{id})
# deletes the code too (docs/api.md, "Deleting a dynamic code's QR record deletes the dynamic code too"), after which
# /api/v1/dynamic/{id} answers 404 as it should. ensure_resource_availability knows only a DELETE on the path it
# checks (or a prefix of it), so it called that 404 a code lost after its creation. .ci/fuzz runs it through this
# check instead, which knows the one other path that deletes a dynamic code; every other 404 it judges as before.
@schemathesis.check
def ensure_resource_availability_of_either_path(ctx, response, case):
    if response.status_code == 404 and case.operation.path.startswith("/api/v1/dynamic/{id}") \
            and _record_deleted(ctx, case):
        return None
    return ensure_resource_availability(ctx, response, case)


def _record_deleted(ctx, case):
    """Whether the run deleted the QR record of the dynamic code that case's parent created, and was told 2xx."""
    parent = ctx._find_parent(case_id=case.id)
    created = ctx._find_response(case_id=parent.id) if parent is not None else None
    recorder = ctx._recorder
    if created is None or recorder is None:
        return False
    try:
        record = created.json()["qr"]["id"]
    except (ValueError, KeyError, TypeError):
        return False
    for prior in recorder.find_all_cases():
        answer = recorder.find_response(case_id=prior.id)
        if prior.operation.method.upper() == "DELETE" and prior.operation.path == "/api/v1/qr/{id}" \
                and (prior.path_parameters or {}).get("id") == record \
                and answer is not None and 200 <= answer.status_code < 300:
            return True
    return False
