# fauth-tui — build, run, test and benchmark. Every target installs the Debian packages it needs.
SWIFT ?= swift
APT_PACKAGES := wrk libcurl4-openssl-dev libncurses-dev libssl-dev libsqlite3-dev libmicrohttpd-dev libcurl4 tmux dialog hyperfine ncurses-term time python3
BIN_DEBUG := .build/debug/fauth-tui
BIN_RELEASE := .build/release/fauth-tui

.PHONY: all deps build release run test fuzz bench clean

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
	$(SWIFT) build -c release --static-swift-stdlib --product fauth-tui

## run: start fauth-tui on the embedded local backend.
run: build
	@$(BIN_DEBUG) $(ARGS)

## test: build and run every test (unit, golden screens, tmux end-to-end).
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-xctest

## fuzz: seeded random key, text, paste, resize and signal streams against the real binary in tmux for
## FUZZ_SECONDS (600 by default; `make test` runs 20 s of it). FUZZ_SEED=<seed> replays a printed seed.
fuzz: deps
	$(SWIFT) build --build-tests
	FUZZ_SECONDS=$${FUZZ_SECONDS:-600} $(SWIFT) test --skip-build --disable-xctest --filter FuzzScenarioTests

## bench: startup, bytes per keystroke and memory, side by side with dialog.
bench: release
	$(SWIFT) build -c release --product fauth-bench
	@bash Scripts/bench.sh $(BIN_RELEASE) .build/release/fauth-bench

clean:
	rm -rf .build
