# scanctl: see README.md. Every target installs the Debian packages it needs first.
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
SCANCTL := .build/release/scanctl

# Where 'make install' puts things: PREFIX=/usr/local by default; DESTDIR=... stages into a directory.
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/scanctl
SYSCONFDIR ?= $(if $(filter /usr,$(PREFIX)),/etc,$(if $(filter /usr/local,$(PREFIX)),/etc,$(PREFIX)/etc))
# systemd and systemd-sysusers read /usr/local/lib/... as well as /usr/lib/...
UNITDIR ?= $(PREFIX)/lib/systemd/system
SYSUSERSDIR ?= $(PREFIX)/lib/sysusers.d
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
# Debian's zsh reads vendor-completions below /usr and site-functions below /usr/local.
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d

.PHONY: setup build release demo test lint test-camera test-preview bench fuzz stress example-plugin docs install install-files \
	deb clean

setup:
	@scripts/install-deps.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product scanctl

# Runs the demo session: decodes one sample of every symbology in samples/ and prints what each holds.
demo: release
	$(SCANCTL) run sessions/demo.yaml

# The whole suite, then the example plugin package's own tests (Examples/MSIPlessey: exact values on
# zint-rendered symbols; its library is built by the suite's end-to-end plugin tests, so this adds about a
# minute of building and its tests), then the misread stress run on 2,000 symbols of the families that give
# no wrong value today (make stress runs every family; Docs/stress.md).
STRESS_TEST_FAMILIES := qrcode,datamatrix,aztec
test: setup
	$(SWIFT) test
	$(SWIFT) test --package-path Examples/MSIPlessey
	$(SWIFT) build -c release --product scanstress
	.build/release/scanstress --count 2000 --seed 20240917 --families $(STRESS_TEST_FAMILIES)

# swift-format's lint with the checked-in .swift-format (4 spaces, 120 columns, the rules that fight the
# house style off) over every tracked Swift file; a warning fails. `swift format -i FILE` fixes most.
lint:
	git ls-files -z '*.swift' | xargs -0 -r $(SWIFT) format lint --strict --parallel

# The example plugins, which live outside scanctl (Docs/plugins.md): MSI Plessey in Swift (its own package)
# and Pharmacode in C, with scanctl itself. Then:
#   .build/release/scanctl decode --plugin Examples/MSIPlessey/.build/release/libMSIPlessey.so Examples/MSIPlessey/sample.png
#   .build/release/scanctl decode --plugin Examples/c-plugin/build/libpharmacode.so Examples/c-plugin/sample.png
example-plugin: release
	$(SWIFT) build -c release --package-path Examples/MSIPlessey
	$(MAKE) -C Examples/c-plugin
	@echo "Built Examples/MSIPlessey/.build/release/libMSIPlessey.so and Examples/c-plugin/build/libpharmacode.so. Try:"
	@echo "  $(SCANCTL) decode --plugin Examples/MSIPlessey/.build/release/libMSIPlessey.so Examples/MSIPlessey/sample.png"

# Rewrites the option and key tables in Docs/ from the tables --help and the man pages are made from.
docs: build
	scripts/update-docs.sh .build/debug/scanctl

# The binary, the man pages, the shell completions, the example sessions and samples, and the systemd
# unit scanctl@.service with its system user (Docs/install.md).
install: release install-files

install-files:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(DATADIR)/sessions $(DESTDIR)$(DATADIR)/samples $(DESTDIR)$(UNITDIR) \
		$(DESTDIR)$(SYSUSERSDIR) $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR) \
		$(DESTDIR)$(SYSCONFDIR)/scanctl
	install -m 755 $(SCANCTL) $(DESTDIR)$(BINDIR)/scanctl
	$(SCANCTL) help --man scanctl >$(DESTDIR)$(MANDIR)/man1/scanctl.1
	$(SCANCTL) help --man scanctl-session >$(DESTDIR)$(MANDIR)/man5/scanctl-session.5
	$(SCANCTL) help --completion bash >$(DESTDIR)$(BASHCOMPDIR)/scanctl
	$(SCANCTL) help --completion zsh >$(DESTDIR)$(ZSHCOMPDIR)/_scanctl
	$(SCANCTL) help --completion fish >$(DESTDIR)$(FISHCOMPDIR)/scanctl.fish
	install -m 644 sessions/*.yaml $(DESTDIR)$(DATADIR)/sessions/
	install -m 644 samples/* $(DESTDIR)$(DATADIR)/samples/
	sed 's|@BINDIR@|$(BINDIR)|g' packaging/scanctl@.service.in >$(DESTDIR)$(UNITDIR)/scanctl@.service
	install -m 644 packaging/scanctl.sysusers $(DESTDIR)$(SYSUSERSDIR)/scanctl.conf
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" -eq 0 ] && command -v systemd-sysusers >/dev/null; then \
		systemd-sysusers $(SYSUSERSDIR)/scanctl.conf; fi

# A Debian package (scanctl_VERSION_ARCH.deb) with the Swift runtime linked in and its dependencies
# taken from the libraries the binary links (dpkg-shlibdeps). Docs/install.md.
deb:
	@scripts/install-deps.sh deb
	@scripts/make-deb.sh

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

# libFuzzer targets with the address sanitizer (Fuzz/Package.swift, Docs/fuzzing.md): TARGET=FuzzX runs one,
# none runs every target in turn; SECONDS per target (default 60). Exit 1 when an input crashed, hung or
# ran out of memory (saved in Fuzz/.build/artifacts/).
fuzz: setup
	SWIFT=$(SWIFT) scripts/fuzz.sh "$(TARGET)" "$(or $(SECONDS),60)"

# Misread stress: 100,000 random damaged symbols of every family, every reported value checked (not part of
# test, which runs 2,000; see Docs/stress.md). COUNT=N, SEED=S; wrong values' images go to .build/stress-failures.
stress: setup
	$(SWIFT) build -c release --product scanstress
	.build/release/scanstress --count $(or $(COUNT),100000) --seed $(or $(SEED),1)

clean:
	rm -rf .build Fuzz/.build Examples/MSIPlessey/.build Examples/c-plugin/build
