#!/usr/bin/env python3
"""Renders barcodes into one raw video frame, for injecting through vivid's output device.

    frames.py OUT FORMAT WIDTH HEIGHT SYMBOLOGY:DATA [SYMBOLOGY:DATA ...]

The codes are drawn by zint (as BMP, so no image library is needed), laid out left to right on a white
frame, each in an equal column at the largest whole scale that fits, and written as FORMAT with packed
rows (exactly the `sizeimage` vivid uses): gray8 (GREY), yuyv, uyvy, nv12, i420 (YU12), rgb24 (RGB3), bgr24 (BGR3).
The frame is gray: chroma is neutral (128), RGB samples are equal, so every format has the same luminance.
"""
import os
import struct
import subprocess
import sys
import tempfile

MARGIN = 16  # pixels between codes and around the frame


def zint_bitmap(symbology, data):
    """The code as rows of 0 (black) / 1 (white), with quiet zones, one pixel per zint pixel."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "code.bmp")
        subprocess.run(
            ["zint", "-b", symbology, "-d", data, "--quietzones", "--notext", "--scale=0.5",
             "--filetype=BMP", "-o", path],
            check=True, capture_output=True)
        raw = open(path, "rb").read()
    offset = struct.unpack_from("<I", raw, 10)[0]
    header, width, height, _, bits = struct.unpack_from("<IiiHH", raw, 14)
    if bits not in (1, 8, 24):
        sys.exit(f"frames.py: zint wrote a {bits}-bit BMP, which this script does not read")
    palette = []
    if bits <= 8:
        for i in range(1 << bits):
            b, g, r, _ = raw[14 + header + 4 * i:18 + header + 4 * i]
            palette.append(1 if (r + g + b) > 384 else 0)
    stride = (width * bits + 31) // 32 * 4
    rows = []
    for y in range(abs(height)):
        src = y if height < 0 else abs(height) - 1 - y  # BMP rows go bottom-up unless height < 0
        line = raw[offset + src * stride:offset + (src + 1) * stride]
        row = []
        for x in range(width):
            if bits == 1:
                row.append(palette[(line[x // 8] >> (7 - x % 8)) & 1])
            elif bits == 8:
                row.append(palette[line[x]])
            else:
                row.append(1 if sum(line[3 * x:3 * x + 3]) > 384 else 0)
        rows.append(row)
    return rows


def compose(width, height, codes):
    """A white gray8 frame with the codes side by side, vertically centred."""
    bitmaps = [zint_bitmap(*c) for c in codes]
    share = (width - MARGIN * (len(bitmaps) + 1)) // len(bitmaps)  # each code gets an equal column
    frame = bytearray(b"\xff" * (width * height))
    for i, bitmap in enumerate(bitmaps):
        h, w = len(bitmap), len(bitmap[0])
        scale = min(share // w, (height - 2 * MARGIN) // h)
        if scale < 1:
            sys.exit(f"frames.py: the codes do not fit in {width}x{height}")
        x0 = MARGIN + i * (share + MARGIN) + (share - w * scale) // 2
        y0 = (height - h * scale) // 2
        for y in range(h * scale):
            row = bitmap[y // scale]
            line = bytes(255 if row[x // scale] else 0 for x in range(w * scale))
            start = (y0 + y) * width + x0
            frame[start:start + w * scale] = line
    return bytes(frame)


def encode(gray, width, height, fmt):
    """`gray` (width × height bytes) in `fmt`, packed rows."""
    chroma_420 = b"\x80" * (2 * ((width + 1) // 2) * ((height + 1) // 2))
    if fmt == "gray8":
        return gray
    if fmt == "yuyv":
        return bytes(v for y in gray for v in (y, 128))
    if fmt == "uyvy":
        return bytes(v for y in gray for v in (128, y))
    if fmt in ("nv12", "i420"):
        return gray + chroma_420
    if fmt in ("rgb24", "bgr24"):
        return bytes(v for y in gray for v in (y, y, y))
    sys.exit(f"frames.py: unknown format {fmt}")


def main(argv):
    if len(argv) < 6:
        sys.exit(__doc__)
    out, fmt, width, height = argv[1], argv[2], int(argv[3]), int(argv[4])
    codes = [tuple(spec.split(":", 1)) for spec in argv[5:]]
    data = encode(compose(width, height, codes), width, height, fmt)
    with open(out, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main(sys.argv)
