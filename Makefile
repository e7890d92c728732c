# scanctl: see README.md. Every target installs the Debian packages it needs first.
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
SCANCTL := .build/release/scanctl

.PHONY: setup build release demo test test-camera test-preview bench clean

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

# The preview page in headless Chromium while a stream with codes plays; checks the drawn outlines' pixels
# (root to install chromium; under a minute after the release build; not part of test). UPDATE=1 copies
# the screenshot to Docs/images/preview.png. See Docs/preview.md.
test-preview: setup
	@scripts/preview-test/run.sh

# Accuracy and speed against zxing-cpp and ZBar (not part of test or CI). QUICK=1: a subset;
# SOAK=1: also the 10,000-frame memory soak; CORPUS=DIR: another corpus. See Benchmarks/README.md.
bench: setup
	$(SWIFT) build -c release --product scanctl
	$(SWIFT) build -c release --product scanbench
	@scripts/bench-env.sh
	.build/bench-venv/bin/python Benchmarks/bench.py $(if $(QUICK),--quick) $(if $(SOAK),--soak) $(if $(CORPUS),--corpus $(CORPUS))

clean:
	rm -rf .build
