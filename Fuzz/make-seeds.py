#!/usr/bin/env python3
"""Writes the seed corpora in Fuzz/Seeds/<target>/ (Docs/fuzzing.md).

Symbols come from Debian's zint (`zint --dump`: module rows as hex); images are rendered with Pillow;
codeword streams are built here. Each seed is laid out as its fuzz target reads its input (the decision
bytes first, see Fuzz/Sources/<target>/<target>.swift). Run from the repository root:

    python3 Fuzz/make-seeds.py

The seeds are committed; CI does not run this script.
"""
import io
import os
import shutil
import subprocess

from PIL import Image

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Seeds")


def write(target, name, data):
    folder = os.path.join(ROOT, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def zint_rows(barcode, text, *extra):
    """Module rows (lists of 0/1) of a zint symbol; rows are as wide as the widest row's last dark module."""
    out = subprocess.run(
        ["zint", "-b", str(barcode), "-d", text, "--dump", *extra], check=True, capture_output=True, text=True
    ).stdout
    rows = []
    for line in out.strip().splitlines():
        bits = []
        for token in line.split():
            # Tokens are hex digits, two per byte; a row's last token may be a single digit (4 modules).
            value, width = int(token, 16), 4 * len(token)
            bits += [(value >> (width - 1 - k)) & 1 for k in range(width)]
        rows.append(bits)
    return rows


def trim(rows, width):
    return [r[:width] for r in rows]


def pack_bits(bits):
    out = bytearray()
    for i in range(0, len(bits), 8):
        chunk = bits[i : i + 8] + [0] * (8 - len(bits[i : i + 8]))
        out.append(sum(b << (7 - k) for k, b in enumerate(chunk)))
    return bytes(out)


# --- QR Code: byte 0 version (1…40), byte 1 bit 0: 1 = bit stream, 0 = grid -----------------------------
def qr_seeds():
    for n, (text, extra) in enumerate(
        [("HELLO WORLD", []), ("https://example.com/a?b=1", []), ("1234567890123", []), ("Grüße ÄÖÜ", ["--eci=26"])]
    ):
        rows = zint_rows(58, text, *extra)
        side = len(rows)
        version = (side - 17) // 4 + 1
        grid = [b for r in trim(rows, side) for b in r]
        write("FuzzQRCode", f"grid-{n}", bytes([version - 1, 0]) + pack_bits(grid))
    # Bit streams: byte mode "AB" (mode 0100, count 8 bits), numeric "01234567", alphanumeric, ECI + byte,
    # structured append, FNC1, Kanji, each followed by the terminator.
    def stream(bits):
        bits = bits + "0000"
        bits += "0" * (-len(bits) % 8)
        data = bytes(int(bits[i : i + 8], 2) for i in range(0, len(bits), 8))
        return data + bytes([0xEC, 0x11] * 4)

    write("FuzzQRCode", "stream-byte", bytes([0, 1]) + stream("0100" + "00000010" + "01000001" + "01000010"))
    write("FuzzQRCode", "stream-numeric", bytes([0, 1]) + stream("0001" + "0000001000" + "0000001100" + "0101011001" + "1000011"))
    write("FuzzQRCode", "stream-alnum", bytes([0, 1]) + stream("0010" + "000000101" + "00111001110" + "11100111001" + "000010"))
    write("FuzzQRCode", "stream-eci", bytes([9, 1]) + stream("0111" + "00011010" + "0100" + "0000000000000010" + "1100001110100100" ))
    write("FuzzQRCode", "stream-append", bytes([0, 1]) + stream("0011" + "00010011" + "01010101" + "0100" + "00000001" + "01011010"))
    write("FuzzQRCode", "stream-fnc1", bytes([0, 1]) + stream("0101" + "0001" + "0000001000" + "0000001100" + "0101011001" + "1000011"))
    write("FuzzQRCode", "stream-kanji", bytes([0, 1]) + stream("1000" + "00000001" + "0110110011111"))


# --- Data Matrix: byte 0 size index, byte 1 bit 0: 1 = codewords, 0 = grid -----------------------------
# (rows, columns) in the order of DMSymbolSize.all (ISO/IEC 16022 Table 7, then ISO/IEC 21471 DMRE).
DM_SIZES = [(10, 10), (12, 12), (14, 14), (16, 16), (18, 18), (20, 20), (22, 22), (24, 24), (26, 26), (32, 32), (36, 36), (40, 40), (44, 44), (48, 48), (52, 52), (64, 64), (72, 72), (80, 80), (88, 88), (96, 96), (104, 104), (120, 120), (132, 132), (144, 144), (8, 18), (8, 32), (12, 26), (12, 36), (16, 36), (16, 48), (8, 48), (8, 64), (8, 80), (8, 96), (8, 120), (8, 144), (12, 64), (12, 88), (16, 64), (20, 36), (20, 44), (20, 64), (22, 48), (24, 48), (24, 64), (26, 40), (26, 48), (26, 64)]


def dm_seeds():
    for n, (text, extra) in enumerate(
        [("HELLO", []), ("1234567890", []), ("a longer text with lower case", []), ("[01]09501101530003", ["--gs1"]),
         ("ÄÖÜ", []), ("ABC", ["--square"]), ("RECTANGLE01", ["--dmre"])]
    ):
        rows = zint_rows(71, text, *extra)
        height = len(rows)
        width = max(len(r) - next((i for i, b in enumerate(reversed(r)) if b), 0) for r in rows)
        grid = [b for r in trim(rows, width) for b in r]
        index = DM_SIZES.index((height, width))
        write("FuzzDataMatrix", f"grid-{n}-{width}x{height}", bytes([index, 0]) + pack_bits(grid))
    # Codewords (ASCII mode): "AB" = 66 67, digit pairs 130+, upper shift, C40 latch 230, Text 239, X12 238,
    # EDIFACT 240, Base 256 231, ECI 241, FNC1 232, structured append 233, then pad 129.
    for name, words in [
        ("ascii", [66, 67, 130 + 12, 129]),
        ("c40", [230, 91, 11, 254, 66]),
        ("text", [239, 91, 11, 254, 66]),
        ("x12", [238, 89, 191, 254]),
        ("edifact", [240, 16, 65, 124]),
        ("base256", [231, 44, 72, 101, 108, 108, 111, 129]),
        ("eci", [241, 27, 196, 129]),
        ("fnc1", [232, 130 + 1, 130 + 95, 129]),
        ("append", [233, 18, 1, 1, 66, 129]),
    ]:
        write("FuzzDataMatrix", f"stream-{name}", bytes([0, 1]) + bytes(words))


# --- Aztec: byte 0 compact flag, byte 1 layers (full range: 0…223 → 1…8, 224…255 → 1…32), byte 2 bit 0: 1 = bit stream ---
def aztec_seeds():
    for n, (text, extra) in enumerate(
        [("HELLO", []), ("Hello, World! 123", []), ("0123456789012345678901234567890123", []), ("ÄÖÜ mixed", [])]
    ):
        rows = zint_rows(92, text, *extra)
        side = len(rows)
        compact = side in (15, 19, 23, 27)
        if compact:
            layers = (side - 11) // 4
        else:
            def dimension(layers):
                half = (14 + 4 * layers) // 2
                return 2 * (half + (half - 1) // 15) + 1
            layers = next(L for L in range(1, 33) if dimension(L) == side)
        size = {True: 6, False: 8}[layers <= 2] if layers <= 8 else (10 if layers <= 22 else 12)
        codewords = ((88 if compact else 112) + 16 * layers) * layers // size
        # The data codeword count as the target reads it: one byte, or two when the range is wider than 256.
        data = codewords // 2 - 1
        count = bytes([data]) if codewords <= 256 else bytes([data >> 8, data & 0xFF])
        grid = [b for r in trim(rows, side) for b in r]
        write("FuzzAztec", f"grid-{n}-{side}", bytes([1 if compact else 0, layers - 1, 0]) + count + pack_bits(grid))
    # Bit streams (5-bit upper mode): "HELLO" = 9 6 13 13 16, then B/S byte shift, digit latch, punct shift.
    def bits(codes):
        return "".join(format(c, f"0{w}b") for c, w in codes)

    for name, codes in [
        ("upper", [(9, 5), (6, 5), (13, 5), (13, 5), (16, 5)]),
        ("lower-digits", [(28, 5), (2, 5), (3, 5), (30, 5), (5, 4), (6, 4), (14, 4)]),
        ("byte-shift", [(31, 5), (3, 5), (0x41, 8), (0x42, 8), (0xC4, 8)]),
        ("punct-flg", [(0, 5), (0, 3), (1, 5), (2, 5)]),
        ("eci", [(0, 5), (0, 5), (2, 3), (4, 4), (3, 4), (9, 5)]),
    ]:
        text = bits(codes)
        data = bytes(int(text[i : i + 8].ljust(8, "0"), 2) for i in range(0, len(text), 8))
        write("FuzzAztec", f"stream-{name}", bytes([1, 0, 1]) + data)


# --- PDF417: byte 0 bit 0: 1 = error correction, byte 1 level, byte 2 erasure count, then codewords ------
def gf929_check(data, k):
    g = [1]
    for i in range(1, k + 1):
        a = pow(3, i, 929)
        ng = g + [0]
        for j in range(len(g)):
            ng[j + 1] = (ng[j + 1] - a * g[j]) % 929
        g = ng
    rem = [0] * k
    for d in data:
        f = (d + rem[0]) % 929
        rem = rem[1:] + [0]
        for j in range(k):
            rem[j] = (rem[j] - f * g[j + 1]) % 929
    return [(-r) % 929 for r in rem]


def pdf417_seeds():
    def words(values):
        # The fuzz target reads codewords as two bytes each, modulo 929.
        out = bytearray()
        for v in values:
            out += bytes([v >> 8, v & 0xFF])
        return bytes(out)

    streams = {
        "text": [900, 1 * 30 + 2, 3 * 30 + 4, 29 * 30 + 5],  # AB CD, then ps
        "byte": [901, 65, 66, 67],
        "byte6": [924, 1, 2, 3, 4, 5],
        "numeric": [902, 1, 624, 434, 632, 282, 200],
        "eci": [927, 26, 901, 195, 132],
        "macro": [900, 1, 928, 111, 100, 17, 923, 1, 900, 1, 922],
    }
    for name, values in streams.items():
        write("FuzzPDF417", f"stream-{name}", bytes([0, 0, 0]) + words(values))
    for level in (0, 2, 5):
        k = 1 << (level + 1)
        data = [6, 900, 1 * 30 + 2, 3 * 30 + 4, 29 * 30 + 5, 900]
        data[0] = len(data)
        block = data + gf929_check(data, k)
        block[2] = (block[2] + 7) % 929  # one error to correct
        write("FuzzPDF417", f"correct-level{level}", bytes([1, level, 1, 0, 3]) + words(block))


# --- Reed–Solomon: byte 0 field, byte 1 check count, byte 2 erasure count, erasures, block --------------
def rs_encode(data, k, prim, size, base):
    exp, log = [0] * (2 * size), [0] * size
    x = 1
    for i in range(size - 1):
        exp[i] = x
        log[x] = i
        x <<= 1
        if x & size:
            x ^= prim
    for i in range(size - 1, 2 * size):
        exp[i] = exp[i - (size - 1)]

    def mul(a, b):
        return 0 if a == 0 or b == 0 else exp[log[a] + log[b]]

    g = [1]
    for i in range(k):
        a = exp[(base + i) % (size - 1)]
        ng = [0] * (len(g) + 1)
        for j, c in enumerate(g):
            ng[j] ^= c
            ng[j + 1] ^= mul(c, a)
        g = ng
    rem = [0] * k
    for d in data:
        f = d ^ rem[0]
        rem = rem[1:] + [0]
        for j in range(k):
            rem[j] ^= mul(f, g[j + 1])
    return data + rem


def rs_seeds():
    fields = [(0x11D, 256, 0), (0x12D, 256, 1), (0x13, 16, 1), (0x43, 64, 1), (0x12D, 256, 1), (0x409, 1024, 1),
              (0x1069, 4096, 1)]
    for index, (prim, size, base) in enumerate(fields):
        data = [(7 * i + 3) % size for i in range(12)]
        k = 6
        block = rs_encode(data, k, prim, size, base)
        block[1] ^= 1  # one error
        if size > 256:
            payload = b"".join(bytes([v >> 8, v & 0xFF]) for v in block)
        else:
            payload = bytes(block)
        write("FuzzReedSolomon", f"field{index}", bytes([index, k, 1, 0, 5]) + payload)


# --- Linear rows: byte 0 decoder, byte 1 flags, byte 2 ITF min, byte 3 Codabar min, byte 4 sub-pixel -------
# (row decoder index in the target, zint symbology, data): EAN-13, EAN-8, UPC-A, UPC-E, Code 128, Code 39,
# Code 93, Codabar, ITF.
LINEAR = [(0, 13, "400638133393"), (0, 13, "9638507"), (0, 34, "03600029145"), (0, 37, "0123456"),
          (1, 20, "Code 128 seed"), (2, 8, "CODE39"), (3, 25, "CODE93"), (4, 18, "A1234B"), (5, 3, "12345678")]


def runs_of(bits, scale=2):
    runs, current, count = [], 0, 0
    for b in [0] * 10 + bits + [0] * 10:
        if b == current:
            count += 1
        else:
            runs.append(count * scale)
            current, count = b, 1
    runs.append(count * scale)
    return runs


def linear_seeds():
    for decoder, barcode, text in LINEAR:
        rows = zint_rows(barcode, text)
        row = rows[0]
        last = len(row) - next(i for i, b in enumerate(reversed(row)) if b)
        runs = runs_of(row[:last])
        payload = bytes([(r - (0 if i == 0 else 1)) % 64 for i, r in enumerate(runs)])
        write("FuzzLinearRows", f"{decoder}-{barcode}-{text}", bytes([decoder, 2, 4, 1, 0]) + payload)


# --- A whole frame: byte 0 width − 8, byte 1 height − 8, byte 2 option flags, then grey pixels ----------
def frame_seeds():
    symbols = [(58, "HI", "qr"), (71, "DM", "dm"), (92, "AZ", "aztec"), (55, "P", "pdf417"), (20, "X1", "code128"),
               (13, "1234567", "ean8")]
    for barcode, text, name in symbols:
        rows = zint_rows(barcode, text)
        if len(rows) == 1:
            rows = rows * 20
        width = max(len(r) for r in rows)
        module = 2 if width * 2 + 8 <= 96 else 1
        w = min(96, width * module + 8)
        h = min(96, len(rows) * module + 8)
        pixels = bytearray([255] * (w * h))
        for y, r in enumerate(rows):
            for x, b in enumerate(r):
                for dy in range(module):
                    for dx in range(module):
                        px, py = 4 + x * module + dx, 4 + y * module + dy
                        if b and px < w and py < h:
                            pixels[py * w + px] = 0
        write("FuzzDecodeFrame", name, bytes([w - 8, h - 8, 1 | 2 | 4]) + bytes(pixels))


# --- Images -----------------------------------------------------------------------------------------------
def image_seeds():
    gray = Image.new("L", (24, 16))
    gray.putdata([(x * 11 + y * 7) % 256 for y in range(16) for x in range(24)])
    rgb = Image.merge("RGB", (gray, gray.rotate(180), gray.transpose(Image.Transpose.FLIP_LEFT_RIGHT)))
    rgba = rgb.copy()
    rgba.putalpha(gray)
    palette = rgb.convert("P", palette=Image.Palette.ADAPTIVE, colors=8)

    def save(img, fmt, **kw):
        buffer = io.BytesIO()
        img.save(buffer, fmt, **kw)
        return buffer.getvalue()

    write("FuzzPNG", "gray", save(gray, "PNG"))
    write("FuzzPNG", "rgb-interlaced", save(rgb, "PNG", interlace=1))
    write("FuzzPNG", "rgba", save(rgba, "PNG"))
    write("FuzzPNG", "palette", save(palette, "PNG"))
    write("FuzzPNG", "bilevel", save(gray.convert("1"), "PNG"))
    write("FuzzPNG", "gray16", save(gray.convert("I;16"), "PNG"))
    write("FuzzJPEG", "gray", save(gray, "JPEG", quality=80))
    write("FuzzJPEG", "rgb-progressive", save(rgb, "JPEG", quality=75, progressive=True))
    write("FuzzJPEG", "rgb-420", save(rgb, "JPEG", quality=60, subsampling=2))
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: rotate 90° clockwise
    write("FuzzJPEG", "exif-orientation", save(rgb, "JPEG", exif=exif.tobytes()))
    write("FuzzJPEG", "cmyk", save(rgb.convert("CMYK"), "JPEG"))
    write("FuzzWebP", "lossy", save(rgb, "WEBP", quality=70))
    write("FuzzWebP", "lossless", save(rgba, "WEBP", lossless=True))
    write("FuzzWebP", "gray", save(gray.convert("RGB"), "WEBP", quality=50))
    write("FuzzPNM", "p5", b"P5\n24 16\n255\n" + gray.tobytes())
    write("FuzzPNM", "p6", b"P6\n# comment\n24 16\n255\n" + rgb.tobytes())
    write("FuzzPNM", "p2", b"P2\n3 2\n15\n0 5 10\n15 3 7\n")
    write("FuzzPNM", "p3", b"P3\n2 1\n255\n255 0 0 0 255 0\n")
    write("FuzzPNM", "p5-16bit", b"P5 2 2 65535 " + bytes(range(8)))


# --- Session files ------------------------------------------------------------------------------------------
def session_seeds(repository):
    sessions = os.path.join(repository, "sessions")
    for name in sorted(os.listdir(sessions)):
        if name.endswith(".yaml"):
            shutil.copy(os.path.join(sessions, name), os.path.join(ROOT, "FuzzSessionYAML", name))
    write(
        "FuzzSessionYAML",
        "everything.yaml",
        b"""session: &n all
authorization: { camera: denied }
plugins: [a.so]
inputs:
  - { id: files, type: file, paths: ["in/**/*.png", "$${literal}"], watch: true, max_pixels: 1_000 }
  - { id: pipe, type: stdin, width: 64, height: 48, pixel_format: nv12, stride: 70, fps: 5, live: true }
  - { id: cam, type: v4l2, device: /dev/video0, controls: { focus_auto: 0 }, stall_timeout_ms: 500 }
outputs:
  - { id: o1, type: stdout, format: text, events: [confirmed, error] }
  - { id: o2, type: file, path: out.csv, rotate_bytes: 2048, keep: 2 }
  - id: o3
    type: webhook
    url: "http://u:${TOKEN}@${HOST}/x?token=${TOKEN}"
    headers: { Authorization: "Bearer ${TOKEN}" }
    retry: { attempts: 2, backoff_ms: 1, max_backoff_ms: 2 }
    spool: spool/
connections:
  - from: files
    to: [o1, o2, o3]
    symbologies: [ean13, QR Code, upc-a]
    region_of_interest: { x: 0.1, y: 0.1, width: 0.5, height: 0.5 }
    options: { try_harder: false, max_symbols: 2, binarizer: global_histogram, ean_add_on: require }
    confirm_frames: 2
    deduplicate_ms: -1
  - { from: pipe, to: o1, lost_after_ms: 10 }
  - { from: cam, to: o1 }
""",
    )
    write("FuzzSessionYAML", "two-documents.yaml", b"a: 1\n---\nb: [2, *x]\n... \n")
    write("FuzzSessionYAML", "anchors.yaml", b"x: &a [1, {b: *a}]\ny: !!str 3\nz: |\n  block\n  text\n")


# --- Raw frames: byte 0 width − 1, byte 1 height − 1, byte 2 pixel format, byte 3 padding, stream --------
def raw_seeds():
    formats = ["gray8", "rgb24", "bgr24", "rgba32", "yuyv", "uyvy", "nv12", "i420"]
    bpp = {"gray8": 1, "rgb24": 3, "bgr24": 3, "rgba32": 4, "yuyv": 2, "uyvy": 2, "nv12": 1, "i420": 1}
    for index, fmt in enumerate(formats):
        w, h, pad = 8, 6, index % 3
        stride = w * bpp[fmt] + pad
        size = stride * h
        if fmt == "nv12":
            size += stride * ((h + 1) // 2)
        if fmt == "i420":
            size += 2 * ((stride + 1) // 2) * ((h + 1) // 2)
        frame = bytes((i * 13) % 256 for i in range(size))
        write("FuzzRawFrames", fmt, bytes([w - 1, h - 1, index, pad]) + frame * 2 + frame[: size // 2])


# --- Values: byte 0 kind (format and symbology identifier), then the text --------------------------------
def value_seeds():
    texts = {
        "vcard": (0, "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;John;;;\r\nFN:John Doe\r\nTEL;TYPE=CELL:+1 555 0100\r\n"
                     "EMAIL:j@example.com\r\nADR:;;1 Main St;Town;;12345;US\r\nBDAY:19800101\r\nEND:VCARD\r\n"),
        "mecard": (0, "MECARD:N:Doe,John;TEL:5550100;EMAIL:j@example.com;ADR:1 Main St;BDAY:19800101;;"),
        "wifi": (0, "WIFI:T:WPA;S:My\\;Net;P:pass\\:word;H:false;;"),
        "vevent": (0, "BEGIN:VEVENT\nSUMMARY:Meet\nDTSTART:20261201T100000Z\nDTEND:20261201T110000Z\nEND:VEVENT"),
        "mail": (0, "MATMSG:TO:a@b.com;SUB:Hi;BODY:Text;;"),
        "sms": (0, "SMSTO:+15550100:hello"),
        "geo": (0, "geo:47.37,8.54?q=Zurich"),
        "url": (0, "https://id.gs1.org/01/09501101530003/10/ABC?17=261231"),
        "aamva": (0, "@\n\x1e\rANSI 636014040002DL00410278ZC03190024DLDAQD1234562\nDCSDOE\nDACJOHN\nDBB01011980\n"
                     "DBA01012030\nDAG1 MAIN ST\nDAIANYTOWN\nDAJCA\nDAK123450000\n\rZCZCAY\n"),
        "gs1-128": (1, "0109501101530003\x1d10ABC123\x1d17261231"),
        "gs1-dm": (2, "0109501101530003172612311012345\x1d21XYZ"),
        "gs1-qr": (3, "8004012345678901234\x1d3103000125"),
        "ean13": (4, "9780306406157"),
        "upca": (5, "036000291452"),
        "upce": (6, "01234565"),
        "ean8": (7, "96385074"),
    }
    for name, (kind, text) in texts.items():
        write("FuzzValues", name, bytes([kind]) + text.encode())


def main():
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if os.path.isdir(ROOT):
        shutil.rmtree(ROOT)
    os.makedirs(os.path.join(ROOT, "FuzzSessionYAML"))
    qr_seeds()
    dm_seeds()
    aztec_seeds()
    pdf417_seeds()
    rs_seeds()
    linear_seeds()
    frame_seeds()
    image_seeds()
    session_seeds(repository)
    raw_seeds()
    value_seeds()
    total = sum(len(files) for _, _, files in os.walk(ROOT))
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(ROOT) for f in files)
    print(f"{total} seeds, {size} bytes, in {ROOT}")


if __name__ == "__main__":
    main()
