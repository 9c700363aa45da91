#!/usr/bin/env bash
# make startup-order: records which functions of a release fauth-tui run before its first frame (local backend on a
# throwaway store and on a store file, and --emulator) and for --version, under callgrind in a real pty (tmux), and
# writes them to Sources/fauth-tui/Linker/startup.order. Release links place those functions together (lld
# --symbol-ordering-file), so a start touches fewer pages of code (DECISIONS.md, "Start-up").
set -euo pipefail
BIN=$(realpath "${1:-.build/release/fauth-tui}")
OUT=${2:-Sources/fauth-tui/Linker/startup.order}
WORK=$(mktemp -d)
trap 'for sock in "$WORK"/sock*; do tmux -S "$sock" kill-server 2>/dev/null || true; done; rm -rf "$WORK"' EXIT
# Valgrind cannot read the DWARF of a release link; the symbol table is all it needs.
cp "$BIN" "$WORK/fauth-tui"
strip --strip-debug "$WORK/fauth-tui"
# A store file made beforehand: its runs open and read it, as every start but the first does.
"$WORK/fauth-tui" --store "$WORK/store.sqlite" --first-frame-exit </dev/null >/dev/null 2>&1 || true
run=0
for arguments in "--store :memory: --first-frame-exit" "--store $WORK/store.sqlite --first-frame-exit" \
                 "--store :memory: --emulator 127.0.0.1:9 --first-frame-exit" "--version"; do
  run=$((run + 1))
  # A server of its own per run: a new session on a socket whose server is still exiting can fail.
  tmux -S "$WORK/sock$run" -f /dev/null new-session -d -s order -x 80 -y 24 \
    "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$WORK/run$run.out $WORK/fauth-tui $arguments \
     2>$WORK/run$run.log; echo ORDER-DONE; sleep 600"
  for _ in $(seq 600); do
    tmux -S "$WORK/sock$run" capture-pane -p -t order | grep -q ORDER-DONE && break
    sleep 0.5
  done
  tmux -S "$WORK/sock$run" kill-server
  [ -s "$WORK/run$run.out" ] || { echo "startup-order: callgrind failed for '$arguments':" >&2; cat "$WORK/run$run.log" >&2; exit 1; }
done
nm --defined-only "$BIN" > "$WORK/symbols"
python3 Scripts/startup-order.py fauth-tui "$WORK/symbols" "$WORK"/run*.out > "$OUT"
echo "startup-order: $(wc -l < "$OUT") functions written to $OUT"
