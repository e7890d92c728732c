# scanctl: see README.md. Every target installs the Debian packages it needs first.
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
SCANCTL := .build/release/scanctl

.PHONY: setup build release demo test test-camera bench fuzz clean

setup:
	@scripts/install-deps.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product scanctl

# Runs the demo session: decodes the bundled sample images and prints what they hold.
demo: release
	$(SCANCTL) run sessions/demo.yaml

test: setup
	$(SWIFT) test

# scanctl against a real V4L2 driver (vivid) in a Debian kernel under qemu; root, a few minutes; not part
# of test; CI runs it after test (.ci/run). See Docs/camera.md.
test-camera: setup
	@scripts/camera-test/run.sh

# Accuracy and speed against zxing-cpp and ZBar (not part of test or CI). QUICK=1: a subset;
# SOAK=1: also the 10,000-frame memory soak; CORPUS=DIR: another corpus. See Benchmarks/README.md.
bench: setup
	$(SWIFT) build -c release --product scanctl
	$(SWIFT) build -c release --product scanbench
	@scripts/bench-env.sh
	.build/bench-venv/bin/python Benchmarks/bench.py $(if $(QUICK),--quick) $(if $(SOAK),--soak) $(if $(CORPUS),--corpus $(CORPUS))

# libFuzzer targets with the address sanitizer (Fuzz/Package.swift, Docs/fuzzing.md): TARGET=FuzzX runs one,
# none runs every target in turn; SECONDS per target (default 60). Exit 1 when an input crashed, hung or
# ran out of memory (saved in Fuzz/.build/artifacts/).
fuzz: setup
	SWIFT=$(SWIFT) scripts/fuzz.sh "$(TARGET)" "$(or $(SECONDS),60)"

clean:
	rm -rf .build Fuzz/.build
