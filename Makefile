# scanctl: see README.md. Every target installs the Debian packages it needs first.
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
SCANCTL := .build/release/scanctl

.PHONY: setup build release demo test clean

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

clean:
	rm -rf .build
