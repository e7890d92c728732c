#!/usr/bin/env bash
# Rewrites the generated tables in Docs/*.md: each block between
#   <!-- BEGIN scanctl help --markdown NAME -->  and  <!-- END scanctl help --markdown NAME -->
# becomes the output of 'scanctl help --markdown NAME' (the tables --help and the man pages are made from).
# Usage: scripts/update-docs.sh [SCANCTL]   (default: .build/debug/scanctl; 'make docs' builds it first)
set -euo pipefail
cd "$(dirname "$0")/.."
scanctl=${1:-.build/debug/scanctl}
for doc in Docs/cli.md Docs/sessions.md; do
    awk -v bin="$scanctl" '
        /^<!-- BEGIN scanctl help --markdown / {
            print
            command = bin " help --markdown " $6
            while ((command | getline line) > 0) print line
            if (close(command) != 0) { print "update-docs: " command " failed" > "/dev/stderr"; exit 1 }
            skipping = 1
            next
        }
        /^<!-- END scanctl help --markdown / { skipping = 0 }
        !skipping { print }
    ' "$doc" >"$doc.tmp"
    mv "$doc.tmp" "$doc"
done
