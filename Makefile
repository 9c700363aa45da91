# fauth-tui — build, run, test and benchmark. Every target installs the Debian packages it needs.
SWIFT ?= swift
APT_PACKAGES := wrk curl binutils dpkg-dev lintian mandoc groff-base man-db bash-completion zsh fish libcurl4-openssl-dev libncurses-dev libssl-dev libsqlite3-dev libmicrohttpd-dev libicu-dev libcrypt-dev libfribidi-dev libfribidi-bin libqrencode-dev zbar-tools libcurl4 tmux dialog hyperfine ncurses-term time python3 python3-venv valgrind
BIN_DEBUG := .build/debug/fauth-tui
BIN_RELEASE := .build/release/fauth-tui
# Release builds link the Swift runtime statically, search no library in the binary's own folder (the loader
# would try a dozen subfolders of it first), and reach type metadata through accessor calls rather than by
# mangled name, which would make the runtime scan every protocol conformance of the binary for each new generic
# type a start uses (DECISIONS.md, "Start-up").
RELEASE_FLAGS := --static-swift-stdlib --disable-local-rpath -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

# `make install` puts files under $(DESTDIR)$(PREFIX) only; packages and tarballs are written to $(DIST).
PREFIX ?= /usr/local
DESTDIR ?=
DIST := .build/dist
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/BuildInfo/BuildInfo.swift)
# Generated manual pages and archives carry the last commit's date, so one commit always builds the same files.
export SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || date +%s)

VENV := .build/venv
PYTHON_PACKAGES := firebase-admin==7.7.0 pytest==9.0.3 requests==2.34.2

.PHONY: all deps build release run test venv admin-sdk-test emulator-spec-test package-test install uninstall deb dist fuzz bench load startup-order store-image clean

all: build

## deps: install missing Debian packages (as root), or print the apt-get line to run.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "Missing Debian packages. Run:"; echo "  sudo apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build

## release: a self-contained binary (Swift runtime linked statically) that works wherever it is copied.
release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product fauth-tui

## run: start fauth-tui on the embedded local backend. Quitting without signing in (status 1) is not a make
## error; a bad command line (2), a signal or a crash (128 + n) still is.
run: build
	@$(BIN_DEBUG) $(ARGS); status=$$?; \
	if [ $$status -eq 1 ]; then echo "fauth-tui: exit status 1 (not signed in)"; exit 0; fi; \
	exit $$status

## test: build and run every test (unit, golden screens, tmux end-to-end, the Admin SDK suite, the port of
## firebase-tools' Auth emulator suite, the .deb and tarball installed into scratch roots).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest
	$(MAKE) --no-print-directory admin-sdk-test
	$(MAKE) --no-print-directory emulator-spec-test
	$(MAKE) --no-print-directory package-test

## venv: a project-local Python with the packages the Python suites use (from PyPI, pinned).
venv: deps
	@test -x $(VENV)/bin/python || python3 -m venv $(VENV)
	@$(VENV)/bin/python -c "import firebase_admin, pytest, requests" 2>/dev/null \
	  || $(VENV)/bin/pip install -q $(PYTHON_PACKAGES)

## admin-sdk-test: the Firebase Admin SDK for Python against `fauth-tui emulator`.
admin-sdk-test: venv
	$(SWIFT) build --product fauth-tui
	$(VENV)/bin/python Tests/AdminSDK/admin_sdk_suite.py $(BIN_DEBUG)

## emulator-spec-test: our port of firebase-tools' Auth emulator test suite against `fauth-tui emulator`; cases
## that still differ are listed in Tests/EmulatorSpec/known_differences/ and run as strict expected failures.
emulator-spec-test: venv
	$(SWIFT) build --product fauth-tui
	cd Tests/EmulatorSpec && FAUTH_TUI=$(CURDIR)/$(BIN_DEBUG) $(CURDIR)/$(VENV)/bin/python -m pytest -q -p no:cacheprovider .

## install / uninstall: the release binary, its manual pages, bash, zsh and fish completions, README and licence
## under $(DESTDIR)$(PREFIX) (default /usr/local). Once built, installing needs no Swift toolchain.
install: release
	Scripts/install.sh $(BIN_RELEASE) "$(DESTDIR)" "$(PREFIX)"

uninstall:
	Scripts/install.sh --uninstall $(BIN_RELEASE) "$(DESTDIR)" "$(PREFIX)"

## deb: $(DIST)/fauth-tui_<version>_<arch>.deb, checked with lintian.
deb: release
	Scripts/deb.sh $(BIN_RELEASE) $(VERSION) $(DIST)
	lintian --fail-on error,warning $(DIST)/fauth-tui_$(VERSION)_$$(dpkg --print-architecture).deb

## dist: $(DIST)/fauth-tui-<version>-linux-<arch>.tar.gz and its SHA-256.
dist: release
	Scripts/dist.sh $(BIN_RELEASE) $(VERSION) $(DIST)

## package-test: builds the .deb and the tarball, installs them into scratch roots and runs them from there
## (version, help, manual pages, completions, a plain sign-in).
package-test: deb dist
	Scripts/package-test.sh $(DIST) $(VERSION)

## fuzz: seeded random key, text, paste, resize and signal streams against the real binary in tmux for
## FUZZ_SECONDS (600 by default; `make test` runs four rounds of a fixed seed). FUZZ_SEED=<seed> replays a printed seed.
## FUZZ_MODE=emulator instead sends extreme integers, odd update masks and deep JSON to every endpoint of a running
## `fauth-tui emulator` (`make test` runs 1,000 requests of a fixed seed); FUZZ_MODE=all runs both side by side.
FUZZ_MODE ?= terminal
FUZZ_SUITES_terminal := FuzzScenarioTests
FUZZ_SUITES_emulator := EmulatorFuzzTests
FUZZ_SUITES_all := FuzzScenarioTests|EmulatorFuzzTests
fuzz: deps
	@test -n "$(FUZZ_SUITES_$(FUZZ_MODE))" || { echo "FUZZ_MODE must be terminal, emulator or all"; exit 2; }
	$(SWIFT) build --build-tests
	FUZZ_SECONDS=$${FUZZ_SECONDS:-600} $(SWIFT) test --skip-build --disable-xctest --filter '$(FUZZ_SUITES_$(FUZZ_MODE))'

## bench: startup, bytes per keystroke and memory, side by side with dialog.
bench: release
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product fauth-bench
	@bash Scripts/bench.sh $(BIN_RELEASE) .build/release/fauth-bench

## load: the emulator under load (wrk at 8 and 64 clients, probes beside 2,000 held connections, RSS over
## LOAD_MINUTES, default 10).
load: release
	python3 Scripts/emulator-load.py $(BIN_RELEASE) $${LOAD_MINUTES:-10}

## store-image: regenerate the bytes a throwaway store starts from (Sources/LocalAuth/StoreImage+Bytes.swift)
## after a schema change; `make test` fails until it is run.
store-image: deps
	$(SWIFT) build --build-tests
	RECORD_SNAPSHOTS=1 $(SWIFT) test --skip-build --disable-xctest --filter imageMatchesCurrent || true
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest --filter StoreSchemaTests

## startup-order: record the functions a start runs (callgrind) so release links place them together.
startup-order: release
	@bash Scripts/startup-order.sh $(BIN_RELEASE) Sources/fauth-tui/Linker/startup.order

clean:
	rm -rf .build
