#!/usr/bin/env python3
"""Reads symbols made by `scanctl generate` back with zxing-cpp (the `zxingcpp` Python module) and checks
that every one holds exactly the payload given: QR Code in every mode (numeric, alphanumeric, byte, Kanji,
mixed), every error-correction level, fixed versions across the three character-count ranges up to 40,
text with and without ECI, GS1, structured append (the parts' bytes, in order); Code 128 in all code sets, Latin-1 and GS1-128.

Not part of the unit tests (zxing-cpp is not a build dependency). Usage:

    swift build --product scanctl && python3 scripts/check_generate_zxing.py [--scanctl PATH] [--seed N]

Prints one line per failure and ends with 'N passed, N failed'; exit status 1 when any failed.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

import zxingcpp
from PIL import Image

ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def kanji_bytes(rng, pairs):
    out = bytearray()
    for _ in range(pairs):
        first = rng.randint(0x81, 0x9F) if rng.random() < 0.5 else rng.randint(0xE0, 0xEA)
        second = rng.randint(0x40, 0xFC)
        if second == 0x7F:
            second = 0x80
        out += bytes([first, second])
    return bytes(out)


def cases(rng):
    """(name, format, scanctl options, payload: str or bytes, expected bytes, extra checks)."""
    out = []
    levels = "LMQH"
    # Every mode at every level, sizes from a few characters to thousands.
    for level in levels:
        for n in (1, 7, 40, 200, 900):
            digits = "".join(rng.choice("0123456789") for _ in range(n * 3))
            out.append((f"numeric {len(digits)} {level}", "qrcode", ["--ec-level", level], digits, digits.encode()))
            alnum = "".join(rng.choice(ALNUM) for _ in range(n * 2))
            out.append((f"alphanumeric {len(alnum)} {level}", "qrcode", ["--ec-level", level], alnum, alnum.encode()))
            data = bytes(rng.randrange(256) for _ in range(n))
            out.append((f"binary {n} {level}", "qrcode", ["--ec-level", level], data, data))
            kanji = kanji_bytes(rng, max(1, n // 2))
            out.append((f"kanji {len(kanji) // 2} {level}", "qrcode", ["--ec-level", level], kanji, kanji))
            mixed = b"".join(rng.choice([digits[:9].encode(), alnum[:7].encode(), data[:5], kanji[:4]]) for _ in range(max(2, n // 8)))
            out.append((f"mixed {len(mixed)} {level}", "qrcode", ["--ec-level", level], mixed, mixed))
    # Fixed versions over the three count-indicator ranges.
    for version in (1, 2, 6, 7, 9, 10, 14, 20, 26, 27, 33, 40):
        text = "".join(rng.choice(ALNUM) for _ in range(version * 6))
        out.append((f"version {version}", "qrcode", ["--version", str(version), "--ec-level", levels[version % 4]], text, text.encode()))
    # Text and ECI.
    for text, eci in (("Grüße aus Köln", "auto"), ("日本語のテキスト", "auto"), ("Ελληνικά 🙂", "auto"),
                      ("plain ascii", "force"), ("naïve café", "force"), ("日本語", "none")):
        out.append((f"text {text!r} eci {eci}", "qrcode", ["--eci", eci], text, None))
    # GS1.
    gs1 = "(01)05000456112253(10)COV0109(17)220901"
    element = b"0105000456112253" + b"10COV0109" + b"\x1d" + b"17220901"
    out.append(("gs1 qrcode", "qrcode", ["--gs1"], gs1, element))
    out.append(("gs1 code128", "code128", ["--gs1"], gs1, element))
    # Structured append.
    for count in (2, 4):
        text = "".join(rng.choice(ALNUM + "abcdefghij") for _ in range(400))
        out.append((f"structured append {count}", "qrcode", ["--structured-append", str(count)], text, text.encode()))
    # Code 128.
    for text in ("ABC123456", "Code 128", "0123456789012", "ab\tcd", "Grüße", "x", "HELLO\r\nworld 42"):
        out.append((f"code128 {text!r}", "code128", [], text, text.encode("latin-1")))
    for _ in range(20):
        pools = ["0123456789", "".join(map(chr, range(0x20, 0x7F))), "".join(map(chr, range(0xA0, 0x100)))]
        text = "".join("".join(rng.choice(rng.choice(pools)) for _ in range(rng.randint(1, 8))) for _ in range(rng.randint(1, 4)))
        out.append((f"code128 random {text!r}", "code128", [], text, text.encode("latin-1")))
    return out


def generate(scanctl, fmt, options, payload, directory, name):
    path = os.path.join(directory, f"{name}.png")
    args = [scanctl, "generate", "--format", fmt, "--scale", "4", "--output", path] + options
    if isinstance(payload, bytes):
        infile = os.path.join(directory, f"{name}.bin")
        with open(infile, "wb") as f:
            f.write(payload)
        args += ["--input", infile]
    else:
        args += ["--", payload]
    run = subprocess.run(args, capture_output=True)
    if run.returncode != 0:
        return None, run.stderr.decode(errors="replace").strip()
    base = path[:-4]
    paths = [path] if os.path.exists(path) else sorted(
        (p for p in (os.path.join(directory, f) for f in os.listdir(directory)) if p.startswith(base + "-") and p.endswith(".png")),
        key=lambda p: int(p[len(base) + 1:-4]))
    return paths, None


def read(path, fmt):
    image = Image.open(path).convert("L")
    formats = zxingcpp.BarcodeFormat.QRCode if fmt == "qrcode" else zxingcpp.BarcodeFormat.Code128
    return zxingcpp.read_barcodes(image, formats=formats)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--scanctl", default=os.path.join(root, ".build", "debug", "scanctl"))
    parser.add_argument("--seed", type=int, default=18004)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as directory:
        for k, (name, fmt, options, payload, expected) in enumerate(cases(rng)):
            paths, error = generate(args.scanctl, fmt, options, payload, directory, f"case{k}")
            problem = None
            if error:
                problem = f"scanctl failed: {error}"
            else:
                results = [r for p in paths for r in read(p, fmt)]
                if len(results) != len(paths):
                    problem = f"zxing-cpp read {len(results)} of {len(paths)} symbols"
                elif len(paths) > 1:
                    # The Python binding does not expose the structured-append header: check that the parts,
                    # read in file order (-1, -2, …), join to the payload.
                    if b"".join(r.bytes for r in results) != expected:
                        problem = "the parts' bytes do not join to the payload"
                elif expected is None:
                    if results[0].text != payload:
                        problem = f"text {results[0].text!r} != {payload!r}"
                elif results[0].bytes != expected:
                    problem = f"bytes {results[0].bytes[:40]!r}… != {expected[:40]!r}…"
            if problem:
                failed += 1
                print(f"FAIL {name}: {problem}")
            else:
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
