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

.PHONY: setup build release demo test test-camera bench docs install install-files deb clean

setup:
	@scripts/install-deps.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product scanctl

# Runs the demo session: decodes one sample of every symbology in samples/ and prints what each holds.
demo: release
	$(SCANCTL) run sessions/demo.yaml

test: setup
	$(SWIFT) test

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

# Accuracy and speed against zxing-cpp and ZBar (not part of test or CI). QUICK=1: a subset;
# SOAK=1: also the 10,000-frame memory soak; CORPUS=DIR: another corpus. See Benchmarks/README.md.
bench: setup
	$(SWIFT) build -c release --product scanctl
	$(SWIFT) build -c release --product scanbench
	@scripts/bench-env.sh
	.build/bench-venv/bin/python Benchmarks/bench.py $(if $(QUICK),--quick) $(if $(SOAK),--soak) $(if $(CORPUS),--corpus $(CORPUS))

clean:
	rm -rf .build
