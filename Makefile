# scanctl: see README.md. Every target installs the Debian packages it needs first.
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
SCANCTL := .build/release/scanctl

.PHONY: setup build release demo test test-camera bench stress clean

setup:
	@scripts/install-deps.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product scanctl

# Runs the demo session: decodes the bundled sample images and prints what they hold.
demo: release
	$(SCANCTL) run sessions/demo.yaml

# The whole suite, then the misread stress run on 2,000 symbols of the families that give no wrong value
# today (the linear families and PDF417, whose images the linear readers misread, wait for the linear
# engine's rework; make stress runs every family). Docs/stress.md.
STRESS_TEST_FAMILIES := qrcode,datamatrix,aztec
test: setup
	$(SWIFT) test
	$(SWIFT) build -c release --product scanstress
	.build/release/scanstress --count 2000 --seed 20240917 --families $(STRESS_TEST_FAMILIES)

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

# Misread stress: 100,000 random damaged symbols of every family, every reported value checked (not part of
# test, which runs 2,000; see Docs/stress.md). COUNT=N, SEED=S; wrong values' images go to .build/stress-failures.
stress: setup
	$(SWIFT) build -c release --product scanstress
	.build/release/scanstress --count $(or $(COUNT),100000) --seed $(or $(SEED),1)

clean:
	rm -rf .build
