#!/usr/bin/env bash
# Builds the libFuzzer targets (Fuzz/Package.swift) with the fuzzer and address sanitizers and runs them:
#   scripts/fuzz.sh [TARGET] [SECONDS]     (make fuzz TARGET=… SECONDS=…; Docs/fuzzing.md)
# No TARGET: every target in turn. SECONDS per target (default 60). Each run starts from the seeds in
# Fuzz/Seeds/TARGET plus what earlier runs found (Fuzz/.build/corpus/TARGET); a crash, a hang over the
# timeout or an out-of-memory input is written to Fuzz/.build/artifacts/ and the script exits 1.
# FUZZ_JOBS=N runs N processes per target (libFuzzer -fork); FUZZ_ARGS passes more libFuzzer flags.
set -euo pipefail
cd "$(dirname "$0")/../Fuzz"
SWIFT="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
target="${1:-}"
seconds="${2:-60}"
# Slower than this on one input is a hang (1 s is the issue's bar; the loaded CI machine gets slack).
timeout="${FUZZ_TIMEOUT:-5}"

all=$(sed -n 's/^    ("\(Fuzz[A-Za-z0-9]*\)".*/\1/p' Package.swift)
if [ -n "$target" ]; then
    if ! grep -qx "$target" <<<"$all"; then
        echo "fuzz: unknown target '$target'; targets: $(echo $all)" >&2
        exit 2
    fi
    targets="$target"
else
    targets="$all"
fi

# SwiftPM hands swiftc `-sanitize=fuzzer -sanitize=address` as two options, and the last one wins: the
# code would be built without coverage instrumentation (libFuzzer then reports no "cov:" and never learns).
# Asking for coverage explicitly instruments every Swift module, scanctl's included.
# SwiftPM keeps its build plan here and does not see source files added to the main package (a path
# dependency of this one) after that plan was made: the build then fails on their missing declarations.
# The plan is dropped when the list of the main package's Swift files changed since the last run (the
# build makes it again, recompiling everything once).
list="$(cd .. && find Sources Plugins -name '*.swift' | LC_ALL=C sort | md5sum)"
stamp=.build/source-list.md5
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$list" ]; then
    rm -f .build/release.yaml .build/*/release/description.json
fi
mkdir -p .build
echo "$list" > "$stamp"
flags=(-c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp)
start=$(date +%s)
if [ -n "$target" ]; then
    "$SWIFT" build "${flags[@]}" --product "$target"
else
    "$SWIFT" build "${flags[@]}"
fi
echo "fuzz: built in $(( $(date +%s) - start )) s"
bin="$("$SWIFT" build "${flags[@]}" --show-bin-path)"

failed=()
mkdir -p .build/artifacts
for t in $targets; do
    corpus=".build/corpus/$t"
    mkdir -p "$corpus" "Seeds/$t"
    log=".build/artifacts/$t.log"
    echo "fuzz: $t for $seconds s"
    status=0
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}" \
        "$bin/$t" "$corpus" "Seeds/$t" -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 \
        -malloc_limit_mb=1024 -max_len=65536 -artifact_prefix=".build/artifacts/$t-" -print_final_stats=1 \
        ${FUZZ_JOBS:+-fork=$FUZZ_JOBS -ignore_crashes=0} ${FUZZ_ARGS:-} >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    echo "fuzz: $t: ${runs:-?} executions, exit $status"
    if [ "$status" -ne 0 ]; then
        failed+=("$t")
        grep -E "ERROR|Fatal error|SUMMARY|Test unit written|==[0-9]+==" "$log" | head -20 >&2 || true
    fi
done
if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz: FAILED: ${failed[*]} (inputs and logs in Fuzz/.build/artifacts/)" >&2
    exit 1
fi
echo "fuzz: every target ran clean"
