#!/usr/bin/env python3
"""Fetches a running preview's pages from inside the guest and records what came back (guest.sh, step 6b).

    preview.py OUT PORT

Writes OUT.page (the HTML), OUT.stream.json (the first two MJPEG parts: sizes and JPEG dimensions),
OUT.metrics (the Prometheus text), OUT.status.json, and OUT.control.json (the answer to setting one focus,
exposure or zoom control through POST /controls, with the value asked for; automatic modes are switched
off first). It asserts nothing: cases.py
checks the records.
"""
import json
import socket
import struct
import sys
import urllib.parse
import urllib.request

out, port = sys.argv[1], int(sys.argv[2])
base = f"http://127.0.0.1:{port}"


def get(path):
    with urllib.request.urlopen(base + path, timeout=60) as answer:
        return answer.headers.get("Content-Type", ""), answer.read()


def jpeg_size(data):
    """(width, height) from a JPEG's SOFn segment, or None."""
    i = 2
    while i + 9 < len(data) and data[i] == 0xFF:
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        i += 2 + length
    return None


def stream_parts(count):
    """The first `count` parts of /stream, read over a plain HTTP/1.0 socket (no chunked encoding)."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(b"GET /stream HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        data = b""
        parts = []
        while len(parts) < count:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
            head_end = data.find(b"\r\n\r\n")
            parts = []
            at = head_end + 4 if head_end >= 0 else len(data)
            while True:
                i = data.find(b"Content-Length: ", at)
                j = data.find(b"\r\n\r\n", i) if i >= 0 else -1
                if j < 0:
                    break
                n = int(data[i + 16:j])
                if j + 4 + n > len(data):
                    break
                parts.append(data[j + 4:j + 4 + n])
                at = j + 4 + n
        content_type = next((line.split(b":", 1)[1].strip().decode() for line in data[:head_end].split(b"\r\n")
                             if line.lower().startswith(b"content-type:")), "")
        return content_type, parts


page_type, page = get("/")
with open(f"{out}.page", "wb") as f:
    f.write(page)
stream_type, parts = stream_parts(2)
with open(f"{out}.stream.json", "w") as f:
    json.dump({"page_type": page_type, "content_type": stream_type,
               "parts": [{"bytes": len(p), "size": jpeg_size(p)} for p in parts]}, f)
_, metrics = get("/metrics")
with open(f"{out}.metrics", "wb") as f:
    f.write(metrics)
_, status = get("/status")
with open(f"{out}.status.json", "wb") as f:
    f.write(status)
cameras = json.loads(status).get("cameras", [])


def post(name, value):
    body = urllib.parse.urlencode({"input": "cam", "name": name, "value": value}).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(base + "/controls", data=body), timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"{}")


# Automatic modes off first (vivid's gain follows its automatic gain while that is on).
for c in [c for cam in cameras for c in cam.get("controls", []) if c.get("kind") == "boolean" and c.get("value")]:
    post(c["key"], 0)
controls = [c for cam in cameras for c in cam.get("controls", []) if c.get("kind") == "integer"]
record = {"asked": None}
if controls:
    # The middle of its range, on its step, and not its current value.
    c = controls[0]
    step = max(1, int(c["step"]))
    value = int(c["minimum"]) + (int(c["maximum"]) - int(c["minimum"])) // 2 // step * step
    if value == c.get("value"):
        value = min(int(c["maximum"]), value + step)
    record["asked"] = {"name": c["key"], "value": value}
    record["status"], record["answer"] = post(c["key"], value)
with open(f"{out}.control.json", "w") as f:
    json.dump(record, f)
