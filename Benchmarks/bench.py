#!/usr/bin/env python3
"""`make bench`: accuracy and speed of scanctl side by side with zxing-cpp (and ZBar for accuracy).

Run through `make bench` (it builds the release binaries and the Python environment first). Writes
Benchmarks/results/latest.md and latest.json. See Benchmarks/README.md.
"""
import argparse
import collections
import datetime
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCANCTL = os.path.join(ROOT, ".build", "release", "scanctl")
SCANBENCH = os.path.join(ROOT, ".build", "release", "scanbench")
RESULTS = os.path.join(ROOT, "Benchmarks", "results")
CORE = ["ean13", "ean8", "upca", "upce", "code128", "code39", "code93", "codabar", "itf",
        "qrcode", "datamatrix", "pdf417", "aztec"]
# zxing-cpp's names for the formats we restrict to in the one-format speed rows.
ZXING_NAMES = {"ean13": "EAN13", "qrcode": "QRCode"}


def log(msg):
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


# ---------------------------------------------------------------- accuracy

def find_corpora(corpus_arg):
    """[(name, manifest, root)] for the corpora to score."""
    if corpus_arg:
        return [(os.path.basename(os.path.normpath(corpus_arg)), os.path.join(corpus_arg, "manifest.jsonl"),
                 corpus_arg)]
    shared = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
    out = []
    for name in ("real", "synthetic"):
        d = os.path.join(shared, name)
        if os.path.exists(os.path.join(d, "manifest.jsonl")):
            out.append((name, os.path.join(d, "manifest.jsonl"), d))
    return out


def eval_tool():
    return os.path.join(os.path.dirname(ROOT), "shared", "tools", "eval_corpus.py")


def run_eval(manifest, root, decoder, out_json):
    cmd = [sys.executable, eval_tool(), "--manifest", manifest, "--root", root, "--decoder", decoder,
           "--formats"] + CORE + ["--json", out_json, "--quiet"]
    if decoder == "cmd-batch":
        cmd[cmd.index("--formats"):cmd.index("--formats")] = ["--decoder-cmd", SCANCTL + " decode --json"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(out_json, encoding="utf-8") as f:
        return json.load(f)


def load_rows(manifest):
    with open(manifest, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def quick_manifest(manifest, tmp, name, per_cell=6):
    """A smaller manifest for QUICK runs: at most `per_cell` rows per format (and tier), in file order."""
    kept, counts = [], collections.Counter()
    for row in load_rows(manifest):
        cell = (row["format"], row.get("tier"))
        if counts[cell] < per_cell:
            counts[cell] += 1
            kept.append(row)
    path = os.path.join(tmp, "quick-%s.jsonl" % name)
    with open(path, "w", encoding="utf-8") as f:
        for row in kept:
            f.write(json.dumps(row) + "\n")
    return path


def accuracy(corpora, quick, tmp):
    decoders = [("scanctl", "cmd-batch"), ("zxing-cpp", "zxingcpp"), ("zbar", "zbar")]
    tables = []
    for name, manifest, root in corpora:
        if quick:
            manifest = quick_manifest(manifest, tmp, name)
        tiers = {row["id"]: row.get("tier") for row in load_rows(manifest)}
        per = {}
        for label, decoder in decoders:
            log("accuracy: %s on %s" % (label, name))
            try:
                per[label] = run_eval(manifest, root, decoder, os.path.join(tmp, "%s-%s.json" % (name, decoder)))
            except (subprocess.CalledProcessError, OSError) as e:
                log("  %s failed: %s" % (label, e))
        rows = collections.OrderedDict()
        for label, result in per.items():
            for img in result["images"]:
                keys = [("format", img["format"])]
                t = tiers.get(img["id"])
                if t:
                    keys.append(("tier", t))
                for key in keys:
                    r = rows.setdefault(key, {}).setdefault(label, collections.Counter())
                    r["images"] += 1
                    r["pass"] += img["status"] == "pass"
                    r["misread"] += img["status"] in ("misread", "false_positive")
        tables.append((name, rows))
    return tables


def accuracy_markdown(tables):
    lines = []
    for name, rows in tables:
        for kind in ("format", "tier"):
            keys = [k for k in rows if k[0] == kind]
            if not keys:
                continue
            if kind == "format":
                keys.sort(key=lambda k: CORE.index(k[1]) if k[1] in CORE else 99)
            lines.append("\n### Accuracy: %s corpus, by %s\n" % (name, kind))
            lines.append("| %s | images | scanctl | zxing-cpp | zbar | scanctl − zxing-cpp | misreads (scanctl / zxing-cpp / zbar) |"
                         % kind)
            lines.append("|---|---:|---:|---:|---:|---:|---|")
            for k in keys:
                r = rows[k]
                n = max(c["images"] for c in r.values())

                def rate(label):
                    c = r.get(label)
                    return 100.0 * c["pass"] / c["images"] if c and c["images"] else 0.0

                def mis(label):
                    c = r.get(label)
                    return str(c["misread"]) if c else "–"
                lines.append("| %s | %d | %.1f%% | %.1f%% | %.1f%% | %+.1f | %s / %s / %s |" % (
                    k[1], n, rate("scanctl"), rate("zxing-cpp"), rate("zbar"),
                    rate("scanctl") - rate("zxing-cpp"), mis("scanctl"), mis("zxing-cpp"), mis("zbar")))
    return "\n".join(lines)


def accuracy_targets(tables):
    out = []
    for name, rows in tables:
        for k, r in rows.items():
            if k[0] != "format" or "scanctl" not in r or "zxing-cpp" not in r:
                continue
            s, z = r["scanctl"], r["zxing-cpp"]
            ok = s["pass"] >= z["pass"] and s["misread"] <= z["misread"]
            out.append((ok, "accuracy %s/%s: scanctl %d passed, %d misread; zxing-cpp %d passed, %d misread" % (
                name, k[1], s["pass"], s["misread"], z["pass"], z["misread"])))
    return out


# ---------------------------------------------------------------- speed frames

def textured_background(w, h, rng):
    from PIL import Image, ImageDraw, ImageFilter
    img = Image.new("L", (w, h), rng.randint(90, 170))
    d = ImageDraw.Draw(img)
    for _ in range(60):
        x, y = rng.randint(0, w), rng.randint(0, h)
        r = rng.randint(10, 160)
        d.ellipse([x - r, y - r, x + r, y + r], fill=rng.randint(30, 230))
    for _ in range(80):
        d.line([rng.randint(0, w), rng.randint(0, h), rng.randint(0, w), rng.randint(0, h)],
               fill=rng.randint(0, 255), width=rng.randint(1, 4))
    for _ in range(40):
        d.text((rng.randint(0, w), rng.randint(0, h)), "LOT %05d exp 2027" % rng.randint(0, 99999),
               fill=rng.randint(0, 80))
    return img.filter(ImageFilter.GaussianBlur(0.8))


def code_images(corpora):
    """Clean symbol images to paste: one per available format from the synthetic corpus, else samples/."""
    from PIL import Image
    out = []
    for name, manifest, root in corpora:
        if name != "synthetic":
            continue
        seen = set()
        with open(manifest, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                if row.get("tier") == "clean" and row["format"] in CORE and row["format"] not in seen:
                    seen.add(row["format"])
                    out.append((row["format"], Image.open(os.path.join(root, row["file"])).convert("L")))
    if not out:
        samples = os.path.join(ROOT, "samples")
        for n in sorted(os.listdir(samples)):
            if n.endswith(".png"):
                out.append((n.split("-")[0], Image.open(os.path.join(samples, n)).convert("L")))
    return out


def make_frames(tmp, corpora):
    """Synthetic frames: (label, path). No code, one code (an EAN-13 first, as the most common), ten codes."""
    rng = random.Random(12)
    codes = code_images(corpora)
    ean = [c for c in codes if c[0] == "ean13"] or codes
    frames = []
    for (w, h) in ((1280, 720), (1920, 1080)):
        bg = textured_background(w, h, rng)
        p = os.path.join(tmp, "frame-%dx%d-none.png" % (w, h))
        bg.save(p)
        frames.append(("%dx%d no code" % (w, h), p))
        one = bg.copy()
        sym = ean[0][1]
        one.paste(sym, ((w - sym.width) // 2, (h - sym.height) // 2))
        p = os.path.join(tmp, "frame-%dx%d-one.png" % (w, h))
        one.save(p)
        frames.append(("%dx%d one code" % (w, h), p))
        ten = bg.copy()
        cols, rows = 5, 2
        for i in range(10):
            fmt, s = codes[i % len(codes)]
            cw, ch = w // cols, h // rows
            scale = min(1.0, (cw - 10) / s.width, (ch - 10) / s.height)
            s2 = s.resize((max(1, int(s.width * scale)), max(1, int(s.height * scale))))
            ten.paste(s2, ((i % cols) * cw + 5, (i // cols) * ch + 5))
        p = os.path.join(tmp, "frame-%dx%d-ten.png" % (w, h))
        ten.save(p)
        frames.append(("%dx%d ten codes" % (w, h), p))
    # What most camera frames are: real photos without a code (the real corpus's false-positive
    # photos, each resized to a 320×240 tile), tiled to 1280×720.
    from PIL import Image
    for name, manifest, root in corpora:
        if name != "real":
            continue
        with open(manifest, encoding="utf-8") as f:
            photos = [json.loads(l) for l in f if l.strip()]
        photos = [r for r in photos if r["format"] == "none" and r.get("width", 0) >= 400]
        if not photos:
            continue
        mosaic = Image.new("L", (1280, 720), 128)
        k = 0
        for ty in range(0, 720, 240):
            for tx in range(0, 1280, 320):
                tile = Image.open(os.path.join(root, photos[k % len(photos)]["file"])).convert("L")
                mosaic.paste(tile.resize((320, 240)), (tx, ty))
                k += 1
        p = os.path.join(tmp, "frame-1280x720-photos-none.png")
        mosaic.save(p)
        frames.append(("1280x720 real-photo mosaic, no code", p))
    return frames


# ---------------------------------------------------------------- speed measurement

def time_scanctl(paths, formats, warmup, repeat):
    cmd = [SCANBENCH, "--warmup", str(warmup), "--repeat", str(repeat)]
    if formats:
        cmd += ["--formats", ",".join(formats)]
    res = {}
    rss = None
    for k in range(0, len(paths), 200):
        out = subprocess.run(cmd + paths[k:k + 200], check=True, capture_output=True, text=True).stdout
        for line in out.splitlines():
            o = json.loads(line)
            if o.get("summary"):
                rss = max(rss or 0, o["peak_rss_kb"])
            elif "median_ms" in o:
                res[o["file"]] = o
    return res, rss


def time_zxing(paths, formats, warmup, repeat):
    import numpy
    import resource
    import zxingcpp
    from PIL import Image
    fmt = None
    if formats:
        fmt = [getattr(zxingcpp.BarcodeFormat, ZXING_NAMES.get(f, f.upper())) for f in formats]
    res = {}
    for p in paths:
        try:
            arr = numpy.asarray(Image.open(p).convert("L"))
        except OSError:
            continue
        kw = {"formats": fmt} if fmt is not None else {}
        for _ in range(warmup):
            found = zxingcpp.read_barcodes(arr, **kw)
        times, cpu = [], []
        for _ in range(repeat):
            t0 = time.perf_counter()
            c0 = time.process_time()
            found = zxingcpp.read_barcodes(arr, **kw)
            cpu.append((time.process_time() - c0) * 1000.0)
            times.append((time.perf_counter() - t0) * 1000.0)
        times.sort()
        cpu.sort()
        res[p] = {"median_ms": times[len(times) // 2], "cpu_median_ms": cpu[len(cpu) // 2],
                  "p95_ms": times[min(len(times) - 1, int(len(times) * 0.95 + 0.999) - 1)],
                  "min_ms": times[0], "max_ms": times[-1], "symbols": len(found)}
    return res, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def summarize(rows):
    if not rows:
        return None
    med = [r["median_ms"] for r in rows]
    cpu = [r.get("cpu_median_ms", r["median_ms"]) for r in rows]
    return {"median_ms": statistics.median(med), "cpu_median_ms": statistics.median(cpu), "cpu_total_ms": sum(cpu),
            "p95_ms": sorted(r["p95_ms"] for r in rows)[min(len(rows) - 1, int(len(rows) * 0.95))],
            "total_ms": sum(med),
            "spread": max((r["max_ms"] - r["min_ms"]) / r["median_ms"] for r in rows if r["median_ms"] > 0)
            if any(r["median_ms"] > 0 for r in rows) else 0.0}


def speed(corpora, frames, quick):
    warmup, repeat = (1, 3) if quick else (2, 7)
    rows = []
    spreads = []
    # corpus images per format (real corpus, core group)
    real = [c for c in corpora if c[0] == "real"] or corpora[:1]
    corpus_paths = collections.defaultdict(list)
    for name, manifest, root in real:
        with open(manifest, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                if row["format"] in CORE and row.get("group", "core") == "core":
                    corpus_paths[row["format"]].append(os.path.join(root, row["file"]))
    if quick:
        for k in corpus_paths:
            corpus_paths[k] = corpus_paths[k][:8]
    all_paths = [p for k in CORE for p in corpus_paths.get(k, [])]
    log("speed: %d corpus images, %d frames" % (len(all_paths), len(frames)))
    rss = {}
    if all_paths:
        s, rss["scanctl corpus"] = time_scanctl(all_paths, [], warmup, repeat)
        z, rss["zxing-cpp corpus"] = time_zxing(all_paths, [], warmup, repeat)
        for fmt in CORE:
            ps = corpus_paths.get(fmt, [])
            a = summarize([s[p] for p in ps if p in s])
            b = summarize([z[p] for p in ps if p in z])
            if a and b:
                rows.append(("corpus %s (%d images), all formats" % (fmt, len(ps)), a, b))
        a = summarize([s[p] for p in all_paths if p in s])
        b = summarize([z[p] for p in all_paths if p in z])
        rows.append(("corpus total (%d images), all formats" % len(all_paths), a, b))
    # Dense photos (dozens of symbols each, up to 12 MP): the sum of the per-image medians.
    dense_dir = os.path.join(os.path.dirname(ROOT), "shared", "corpus", "dense")
    dense = [dense_dir] if os.path.exists(os.path.join(dense_dir, "manifest.jsonl")) and any(
        c[0] in ("real", "synthetic") for c in corpora) else []
    for root in dense:
        manifest = os.path.join(root, "manifest.jsonl")
        with open(manifest, encoding="utf-8") as f:
            files = sorted({json.loads(l)["file"] for l in f if l.strip()})
        paths = [os.path.join(root, n) for n in files][:6 if quick else None]
        s, rss["scanctl dense"] = time_scanctl(paths, [], 1, 1 if quick else 3)
        z, rss["zxing-cpp dense"] = time_zxing(paths, [], 1, 1 if quick else 3)
        a = summarize([s[p] for p in paths if p in s])
        b = summarize([z[p] for p in paths if p in z])
        if a and b:
            rows.append(("corpus total dense (%d images), all formats" % len(paths), a, b))
    fpaths = [p for _, p in frames]
    for formats, label in (([], "all formats"), (["ean13"], "ean13 only"), (["qrcode"], "qrcode only")):
        s, r1 = time_scanctl(fpaths, formats, warmup, repeat * 2)
        z, r2 = time_zxing(fpaths, formats, warmup, repeat * 2)
        rss["scanctl frames " + label] = r1
        for name, p in frames:
            if p in s and p in z:
                rows.append(("%s, %s" % (name, label), summarize([s[p]]), summarize([z[p]])))
    for _, a, b in rows:
        spreads += [a["spread"], b["spread"]]
    return rows, rss, spreads


def speed_markdown(rows):
    lines = ["\n### Speed (in process, ms per image; median of the per-image medians)\n",
             "CPU columns: process CPU time of the same calls (a paused machine does not inflate it).\n",
             "| case | scanctl median | scanctl p95 | scanctl CPU | zxing-cpp median | zxing-cpp p95 | zxing-cpp CPU "
             "| ratio scanctl / zxing-cpp | CPU ratio |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for name, a, b in rows:
        if name.startswith("corpus total"):
            ratio = a["total_ms"] / b["total_ms"] if b["total_ms"] > 0 else float("inf")
            cpu = a["cpu_total_ms"] / b["cpu_total_ms"] if b["cpu_total_ms"] > 0 else float("inf")
            lines.append("| %s (sum of medians) | %.1f | – | %.1f | %.1f | – | %.1f | %.2f | %.2f |" % (
                name, a["total_ms"], a["cpu_total_ms"], b["total_ms"], b["cpu_total_ms"], ratio, cpu))
        else:
            ratio = a["median_ms"] / b["median_ms"] if b["median_ms"] > 0 else float("inf")
            cpu = a["cpu_median_ms"] / b["cpu_median_ms"] if b["cpu_median_ms"] > 0 else float("inf")
            lines.append("| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |" % (
                name, a["median_ms"], a["p95_ms"], a["cpu_median_ms"], b["median_ms"], b["p95_ms"],
                b["cpu_median_ms"], ratio, cpu))
    return "\n".join(lines)


def speed_targets(rows):
    by = {name: (a, b) for name, a, b in rows}
    out = []

    def get(name):
        return by.get(name)

    def first(prefix):
        """The (scanctl, zxing-cpp) results of the first row whose name starts with `prefix`, or None."""
        return next(((a, b) for name, a, b in rows if name.startswith(prefix)), None)

    def versus(pair, key, text, divisor=1):
        """A target met when scanctl's `key` is at most zxing-cpp's over `divisor`; `text` takes both values."""
        if pair:
            a, b = pair
            out.append((a[key] <= b[key] / divisor, text % (a[key], b[key])))

    none_all = get("1280x720 no code, all formats")
    versus(none_all, "median_ms",
           "speed: 1280x720 no-code frame, all formats: %.2f ms vs zxing-cpp %.2f ms (goal: half)")
    versus(get("1280x720 one code, all formats"), "median_ms",
           "speed: 1280x720 one-code frame, all formats: %.2f ms vs %.2f ms")
    versus(first("corpus total"), "total_ms", "speed: real corpus total %.0f ms vs zxing-cpp %.0f ms")
    one_fmt = get("1280x720 no code, ean13 only")
    if none_all and one_fmt:
        ratio = none_all[0]["median_ms"] / max(one_fmt[0]["median_ms"], 1e-6)
        out.append((ratio >= 3, "speed: no-code frame, all formats / one format = %.1fx (target >= 3x)" % ratio))
    versus(get("1280x720 real-photo mosaic, no code, all formats"), "cpu_median_ms",
           "speed: real-photo mosaic without a code, all formats: CPU %.2f ms vs zxing-cpp %.2f ms (goal: half)",
           divisor=2)
    versus(first("corpus total dense"), "cpu_total_ms", "speed: dense corpus CPU %.0f ms vs zxing-cpp %.0f ms")
    big = get("1920x1080 no code, all formats")
    if none_all and big:
        ratio = big[0]["median_ms"] / max(none_all[0]["median_ms"], 1e-6)
        out.append((ratio <= 2.5, "speed: 1920x1080 / 1280x720 no-code = %.2fx (target <= 2.5x)" % ratio))
    return out


# ---------------------------------------------------------------- soak

def soak(tmp, frames_total=10000):
    """Streams 1280x720 gray8 frames through a stdin session and samples RSS at frames 1,000 and 10,000."""
    from PIL import Image
    w, h = 1280, 720
    rng = random.Random(3)
    base = textured_background(w, h, rng)
    frame_bytes = [base.tobytes(), base.transpose(Image.FLIP_LEFT_RIGHT).tobytes()]
    session = os.path.join(tmp, "soak.yaml")
    with open(session, "w") as f:
        f.write("session: soak\ninputs:\n  - id: pipe\n    type: stdin\n    width: %d\n    height: %d\n"
                "    pixel_format: gray8\noutputs:\n  - id: console\n    type: stdout\n    format: jsonl\n"
                "connections:\n  - from: pipe\n    to: [console]\n" % (w, h))
    p = subprocess.Popen([SCANCTL, "run", session], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    samples = {}

    def rss_kb():
        with open("/proc/%d/status" % p.pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0
    try:
        for i in range(1, frames_total + 1):
            p.stdin.write(frame_bytes[i % 2])
            if i in (1000, frames_total):
                p.stdin.flush()
                time.sleep(0.5)
                samples[i] = rss_kb()
        p.stdin.close()
        p.wait(timeout=120)
    except (BrokenPipeError, OSError) as e:
        log("soak: scanctl stopped early: %s; stderr: %s" % (e, p.stderr.read().decode()[-500:]))
        return None
    return samples


# ---------------------------------------------------------------- main

def machine():
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
    except OSError:
        commit = "unknown"
    return {"cores": os.cpu_count(), "cpu": model, "commit": commit,
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="a subset, for use while developing (< 2 min)")
    ap.add_argument("--soak", action="store_true", help="also the 10,000-frame stdin memory soak")
    ap.add_argument("--corpus", help="a corpus folder with manifest.jsonl (default: ../shared/corpus/*)")
    args = ap.parse_args()
    corpora = find_corpora(args.corpus)
    if not corpora:
        log("no corpus found: put ../shared beside the clone or pass CORPUS=DIR")
    m = machine()
    md = ["# scanctl benchmark", "",
          "commit %s, %s, %d cores (%s)%s" % (m["commit"], m["date"], m["cores"], m["cpu"],
                                              ", QUICK subset" if args.quick else "")]
    results = {"machine": m, "quick": args.quick}
    targets = []
    with tempfile.TemporaryDirectory(prefix="scanctl-bench-") as tmp:
        if corpora:
            tables = accuracy(corpora, args.quick, tmp)
            md.append(accuracy_markdown(tables))
            targets += accuracy_targets(tables)
            results["accuracy"] = {name: {"%s:%s" % k: {lab: dict(c) for lab, c in v.items()}
                                          for k, v in rows.items()} for name, rows in tables}
        frames = make_frames(tmp, corpora)
        rows, rss, spreads = speed(corpora, frames, args.quick)
        md.append(speed_markdown(rows))
        targets += speed_targets(rows)
        results["speed"] = [{"case": n, "scanctl": a, "zxing_cpp": b} for n, a, b in rows]
        results["peak_rss_kb"] = rss
        md.append("\nPeak RSS: " + ", ".join("%s %.1f MB" % (k, v / 1024.0) for k, v in rss.items() if v))
        if spreads:
            md.append("\nNoise: per-case (max − min) / median of repeated runs: median %.0f%%, worst %.0f%%."
                      % (100 * statistics.median(spreads), 100 * max(spreads)))
        if args.soak:
            s = soak(tmp)
            results["soak_rss_kb"] = s
            if s and 1000 in s and 10000 in s:
                growth = (s[10000] - s[1000]) / s[1000]
                targets.append((abs(growth) <= 0.05 and s[10000] < 80 * 1024,
                                "memory: RSS %.1f MB at frame 1,000, %.1f MB at frame 10,000 (%+.1f%%)"
                                % (s[1000] / 1024, s[10000] / 1024, 100 * growth)))
            else:
                targets.append((False, "memory: soak did not complete"))
    md.append("\n### Targets\n")
    for ok, text in targets:
        md.append("- %s %s" % ("PASS" if ok else "FAIL", text))
    results["targets"] = [{"pass": ok, "text": t} for ok, t in targets]
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "latest.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(RESULTS, "latest.json"), "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1)
    print("\n".join(md))


if __name__ == "__main__":
    main()
