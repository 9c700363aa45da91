#!/usr/bin/env bash
# make bench: fauth-tui side by side with dialog in the same run, printed as ratios.
#   1. time to first frame in a real pty (tmux pane), hyperfine: the local backend (a throwaway store, and a
#      store file) and --emulator (its first frame needs no connection), and `--version`
#   2. peak RSS (GNU time) and shared libraries loaded (LD_DEBUG=files) to the first frame
#   3. bytes written to the terminal per character typed into a field (tmux pipe-pane)
#   4. a REST sign-in round trip against `fauth-tui emulator`, and its sign-ins per second beside its ceiling
set -euo pipefail
BIN=$(realpath "${1:-.build/release/fauth-tui}")
BENCH=$(realpath "${2:-.build/release/fauth-bench}")
WORK=$(mktemp -d)
SOCK="$WORK/sock"
T() { tmux -S "$SOCK" -f /dev/null "$@"; }
cleanup() { T kill-server 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
export LANG=C.UTF-8

wait_for() { # wait_for SCREEN_TEXT TIMEOUT
  local needle=$1 end=$((SECONDS + ${2:-30}))
  while [ $SECONDS -lt $end ]; do
    T capture-pane -p -t b 2>/dev/null | grep -qF -- "$needle" && return 0
    sleep 0.05
  done
  echo "bench: timed out waiting for '$needle'" >&2; T capture-pane -p -t b >&2; return 1
}
ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print(f'{a/b:.2f}' if b else 'n/a')" "$1" "$2"; }
row() { # row LABEL OURS BASE UNIT FORMAT
  printf "%-36s %10$5 %-3s dialog %8$5 %-3s ratio %s\n" "$1" "$2" "$4" "$3" "$4" "$(ratio "$2" "$3")"
}
run_in_pane() { # run_in_pane "commands": runs them in an 80x24 pane and waits until they are done
  T new-session -d -s b -x 80 -y 24 "$1; echo BENCH-DONE; sleep 600"
  wait_for BENCH-DONE 600
  T kill-server
}

# The first frames: the local backend on a throwaway store and on a store file (made by a first run, then
# opened, checked and read at every start, as by default), and an emulator address where nothing listens (the
# first frame of the Firebase client needs no connection: an in-memory session store holds no session to check).
LOCAL="$BIN --store :memory: --first-frame-exit"
LOCAL_FILE="$BIN --store $WORK/store.sqlite --first-frame-exit"
EMULATOR="$BIN --store :memory: --emulator 127.0.0.1:9 --first-frame-exit"
DIALOG="dialog --infobox Authenticating... 5 30"

echo "fauth-tui benchmark (baseline: dialog $(dialog --version 2>/dev/null | sed 's/.*: //'))"
echo

# 1. Times, all in the same tmux pane so every program writes to a real pty. The commands take turns, in five
#    rounds of 20 runs each, so a change in the machine's load during the run weighs on all of them alike.
ROUNDS=5
run_in_pane "$LOCAL_FILE >/dev/null; for round in \$(seq $ROUNDS); do \
  hyperfine -N --warmup 5 --runs 20 --output=inherit --export-json $WORK/ttff.\$round.json \
    '$LOCAL' '$EMULATOR' '$DIALOG' '$LOCAL_FILE' >>$WORK/hyperfine.log 2>&1; \
  hyperfine -N --warmup 5 --runs 20 --export-json $WORK/version.\$round.json \
    '$BIN --version' 'dialog --version' >>$WORK/hyperfine.log 2>&1; done"
means() { # means NAME: per command, the mean wall time and the mean CPU time (user + system) over all rounds, ms
  python3 -c "
import json
rounds = [json.load(open(f'$WORK/$1.{n}.json'))['results'] for n in range(1, $ROUNDS + 1)]
commands = range(len(rounds[0]))
wall = [sum(r[c]['mean'] for r in rounds) / len(rounds) * 1000 for c in commands]
cpu = [sum(r[c]['user'] + r[c]['system'] for r in rounds) / len(rounds) * 1000 for c in commands]
print(*wall, *cpu)"
}
read -r local emulator base local_file local_cpu emulator_cpu base_cpu _ < <(means ttff)
row "time to first frame, local (mean)" "$local" "$base" ms .2f
row "time to first frame, --emulator" "$emulator" "$base" ms .2f
row "time to first frame, local store file" "$local_file" "$base" ms .2f
# CPU time (user + system) is what a loaded machine inflates least.
row "CPU time to first frame, local" "$local_cpu" "$base_cpu" ms .2f
row "CPU time to first frame, --emulator" "$emulator_cpu" "$base_cpu" ms .2f
read -r ours base _ _ < <(means version)
row "--version (mean)" "$ours" "$base" ms .2f

# 2. Peak resident memory (the median of 9 runs: where address randomisation puts things moves it by about 1 MB)
#    and shared objects the loader opened (at start or with dlopen), to the first frame.
run_in_pane "for run in 1 2 3 4 5 6 7 8 9; do /usr/bin/time -f %M -a -o $WORK/local.rss $LOCAL; \
  /usr/bin/time -f %M -a -o $WORK/emulator.rss $EMULATOR; /usr/bin/time -f %M -a -o $WORK/dialog.rss $DIALOG; done; \
  LD_DEBUG=files LD_DEBUG_OUTPUT=$WORK/local.ld $LOCAL; LD_DEBUG=files LD_DEBUG_OUTPUT=$WORK/emulator.ld $EMULATOR; \
  LD_DEBUG=files LD_DEBUG_OUTPUT=$WORK/dialog.ld $DIALOG"
rss() { grep -E '^[0-9]+$' "$WORK/$1.rss" | sort -n | sed -n 5p; }
libraries() { cat "$WORK/$1".ld.* | grep -o 'file=[^ ]*' | sort -u | wc -l; }
row "peak RSS to first frame, local" "$(rss local)" "$(rss dialog)" KiB s
row "peak RSS to first frame, --emulator" "$(rss emulator)" "$(rss dialog)" KiB s
row "shared libraries loaded, local" "$(libraries local)" "$(libraries dialog)" "" s
row "shared libraries loaded, --emulator" "$(libraries emulator)" "$(libraries dialog)" "" s

# 3. Bytes written per typed character: type 20 characters into a text field and count the pane's output.
bytes_per_char() { # bytes_per_char "command" "text that shows the field is ready"
  T new-session -d -s b -x 80 -y 24 "$1; sleep 600"
  wait_for "$2" 30
  sleep 0.3
  : > "$WORK/out.bin"
  T pipe-pane -o -t b "cat >> $WORK/out.bin"
  local text="abcdefghijklmnopqrst"
  for ((i = 0; i < ${#text}; i++)); do T send-keys -t b -l "${text:$i:1}"; sleep 0.02; done
  wait_for "$text" 10
  sleep 0.3
  T pipe-pane -t b
  T kill-server
  python3 -c "import os; print(os.path.getsize('$WORK/out.bin') / 20)"
}
ours=$(bytes_per_char "$BIN --store :memory:" "Enter your email")
base=$(bytes_per_char "dialog --inputbox Email 8 40" "Email")
row "bytes written per typed character" "$ours" "$base" B .1f

# 4. A REST sign-in against `fauth-tui emulator` on loopback: FirebaseAuthClient (signInWithPassword, then
#    accounts:lookup, as every sign-in does) side by side with curl sending the same two requests.
T new-session -d -s b -x 200 -y 5 "$BIN emulator --port 0 --store $WORK/emulator.sqlite --quiet; sleep 600"
wait_for "listening on" 30
ADDRESS=$(T capture-pane -p -t b | grep -oE '127\.0\.0\.1:[0-9]+' | head -1)
BASE="http://$ADDRESS/identitytoolkit.googleapis.com/v1/accounts"
BODY='{"email":"bench@example.com","password":"bench-password-1","returnSecureToken":true}'
curl -s -o /dev/null -X POST "$BASE:signUp?key=bench" -H 'Content-Type: application/json' -d "$BODY"
RUNS=20
ours=$(FAUTH_BENCH_PASSWORD=bench-password-1 "$BENCH" "$ADDRESS" bench@example.com $RUNS)
base=$(for ((i = 0; i < RUNS; i++)); do
  token=$(curl -s -X POST "$BASE:signInWithPassword?key=bench" -H 'Content-Type: application/json' -d "$BODY" \
    -w '\n%{time_total}' -o "$WORK/signin.json" | tail -1)
  id=$(python3 -c "import json; print(json.load(open('$WORK/signin.json'))['idToken'])")
  lookup=$(curl -s -o /dev/null -w '%{time_total}' -X POST "$BASE:lookup?key=bench" \
    -H 'Content-Type: application/json' -d "{\"idToken\":\"$id\"}")
  python3 -c "print($token + $lookup)"
done | python3 -c "import sys; v=[float(x) for x in sys.stdin]; print(sum(v) / len(v) * 1000)")
printf '%-34s %10.2f ms  curl   %8.2f ms  ratio %s\n' "REST sign-in round trip (mean)" "$ours" "$base" "$(ratio "$ours" "$base")"

# 5. Sign-ins per second the emulator sustains with 8 concurrent clients (wrk, 5 s, loopback only), beside its
#    ceiling: the same server answering a request that needs no work, measured first while it is idle.
ceiling=$(wrk -t 2 -c 8 -d 5s "http://$ADDRESS/" | awk '/Requests\/sec/ {print $2}')
cat > "$WORK/signin.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '$BODY'
LUA
rps=$(wrk -t 2 -c 8 -d 5s -s "$WORK/signin.lua" "$BASE:signInWithPassword?key=bench" | awk '/Requests\/sec/ {print $2}')
printf '%-34s %10s /s  (8 clients; emulator hashing: scrypt N=2^4)\n' "emulator sign-ins" "$rps"
printf '%-34s %10s /s  (8 clients; GET /, answered without work)  sign-ins/ceiling %s\n' "emulator ceiling" \
  "$ceiling" "$(ratio "$rps" "$ceiling")"
T kill-server
