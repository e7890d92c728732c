#!/usr/bin/env python3
"""Checks a screenshot of the preview page for the outlines scanctl drew (make test-preview).

    check.py SCREENSHOT.png EVENTS.jsonl FRAME_WIDTH FRAME_HEIGHT X,Y,W,H

Finds the live frame in the screenshot (the frame's white background is the only pure white on the dark
page), then samples the outline of every confirmed code along its corner points from EVENTS.jsonl: at
least 90% of the samples must be the confirmed colour (green), and the region of interest's box (cyan,
dashed) must show along its top and left edges. Prints PASS or FAIL with what it found; exit 0 on PASS.
"""
import json
import struct
import sys
import zlib

CONFIRMED = (0, 224, 97)   # OutlineState.confirmed (#00e061)
REGION = (0, 199, 255)     # AnnotationCanvas.regionColour (#00c7ff)


def read_png(path):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    i, idat, header = 8, b"", None
    while i < len(data):
        length, kind = struct.unpack(">I4s", data[i:i + 8])
        body = data[i + 8:i + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        i += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def near(p, c, tolerance=60):
    """Whether `p` is colour `c`; cyan (the region's colour) by its hue, since 4:2:0 JPEG chroma smears the
    region's thin line with the white around it."""
    if c == REGION:
        return p[0] < 110 and p[1] > 140 and p[2] > 170
    return sum(abs(a - b) for a, b in zip(p, c)) <= tolerance


def main():
    shot, events, fw, fh, roi = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    width, height, rows = read_png(shot)
    white = [(x, y) for y in range(height) for x in range(width) if min(rows[y][x]) >= 250]
    if not white:
        print("FAIL: no frame (pure white) in the screenshot")
        return 1
    left, top = min(x for x, _ in white), min(y for _, y in white)
    right, bottom = max(x for x, _ in white), max(y for _, y in white)
    scale = (right - left + 1) / fw
    print(f"frame at ({left}, {top})-({right}, {bottom}) in a {width}x{height} screenshot, scale {scale:.3f}")
    problems = []
    if abs((bottom - top + 1) / fh - scale) > 0.02:
        problems.append(f"the frame's shape is not {fw}x{fh}")

    def at(x, y):
        """The screenshot pixel showing frame pixel (x, y)."""
        return rows[round(top + y * scale)][round(left + x * scale)]

    def around(x, y, colour):
        """Whether the pixel or a neighbour (the line is 3 frame pixels wide) has `colour`."""
        return any(near(at(min(fw - 1, max(0, x + dx)), min(fh - 1, max(0, y + dy))), colour)
                   for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    codes = [json.loads(line) for line in open(events) if '"event":"confirmed"' in line]
    if len(codes) < 2:
        problems.append(f"{len(codes)} confirmed codes in {events}, want 2")
    for code in codes:
        corners = code["corner_points"]
        samples = hits = 0
        for i in range(len(corners)):
            (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % len(corners)]
            for t in range(2, 19):  # 17 points along each edge, away from the corners and their dot
                x, y = x0 + (x1 - x0) * t / 20, y0 + (y1 - y0) * t / 20
                samples += 1
                hits += around(round(x), round(y), CONFIRMED)
        print(f"{code['format']} {code['raw_value']!r}: {hits} of {samples} outline samples green")
        if hits < 0.9 * samples:
            problems.append(f"{code['format']}: only {hits} of {samples} outline samples are the confirmed colour")
    x, y, w, h = (float(v) for v in roi.split(","))
    rx, ry, rw, rh = int(x * fw), int(y * fh), int(w * fw), int(h * fh)
    top_edge = sum(around(rx + i, ry + 1, REGION) for i in range(20, rw - 20, 3))
    left_edge = sum(around(rx + 1, ry + i, REGION) for i in range(30, rh - 20, 3))
    print(f"region of interest: {top_edge} cyan samples on its top edge, {left_edge} on its left edge")
    if top_edge < 0.3 * len(range(20, rw - 20, 3)) or left_edge < 0.3 * len(range(30, rh - 20, 3)):
        problems.append("the region of interest's dashed box is missing")
    inside = sum(near(at(rx + rw // 2 + i, ry + 6), CONFIRMED) for i in range(-5, 5))
    if inside:
        problems.append("green pixels where no outline was drawn")
    for p in problems:
        print(f"FAIL: {p}")
    print("PASS" if not problems else "FAIL")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
