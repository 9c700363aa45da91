#!/usr/bin/env bash
# Checks the .deb and the release tarball in DIST as someone without Swift would use them: unpacked into a
# scratch root (dpkg-deb -x; tar -x), the binary runs from there (--version names the version and commit,
# --help, a plain sign-up and sign-in on a throwaway store), its manual pages render without warnings, and its
# completion scripts load in bash, zsh and fish.
#   Scripts/package-test.sh DIST VERSION
set -euo pipefail
dist=$1 version=$2
arch=$(dpkg --print-architecture)
deb=$dist/fauth-tui_${version}_${arch}.deb
tarball=$dist/fauth-tui-$version-linux-$(uname -m).tar.gz
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
failures=0
check() {  # check DESCRIPTION COMMAND...
  local description=$1; shift
  if "$@" > "$scratch/out" 2>&1; then echo "ok   $description"
  else echo "FAIL $description"; sed 's/^/     /' "$scratch/out"; failures=$((failures + 1)); fi
}

# Runs one installed tree: BIN MANDIR BASH_FILE ZSH_FILE FISH_FILE.
exercise() {
  local bin=$1 mandir=$2 bash_file=$3 zsh_file=$4 fish_file=$5 label=$6
  check "$label: --version names $version and a commit" \
    sh -c "'$bin' --version | grep -Eq '^fauth-tui $version \\(commit [0-9a-f]{12}\\)$'"
  check "$label: --help lists the commands" sh -c "'$bin' --help | grep -q '^  emulator '"
  check "$label: a plain sign-up, sign-out and sign-in" sh -c "
    store='$scratch/$label.sqlite'
    printf '5\n1\nada@example.com\nsecret1\nsecret1\n4\n' | LANG=C.UTF-8 '$bin' --plain --store \"\$store\" >/dev/null 2>&1
    '$bin' signout --store \"\$store\" >/dev/null
    printf '1\nada@example.com\nsecret1\n4\n' | LANG=C.UTF-8 '$bin' --plain --json --store \"\$store\" 2>/dev/null \
      | grep -q '\"email\":\"ada@example.com\"'"
  for page in "$mandir"/fauth-tui*.1*; do
    check "$label: man $(basename "$page") renders without warnings" sh -c "
      out=\$(MANWIDTH=80 man --warnings -l '$page' 2>&1 >/dev/null); test -z \"\$out\" || { echo \"\$out\"; exit 1; }
      MANWIDTH=80 man -l '$page' 2>/dev/null | grep -q '^NAME'"
  done
  check "$label: bash loads its completion" bash -c "source /usr/share/bash-completion/bash_completion 2>/dev/null;
    source '$bash_file' && complete -p fauth-tui"
  check "$label: zsh loads its completion" zsh -fc "autoload -Uz compinit && compinit -u -d '$scratch/zcomp';
    source '$zsh_file' 2>&1 && (( \$+functions[_fauth-tui] ))"
  check "$label: fish completes a subcommand and an option" fish -c "source '$fish_file';
    complete -C 'fauth-tui emu' | grep -q '^emulator'; and complete -C 'fauth-tui emulator --po' | grep -q '^--port'"
}

check "the .deb is well formed" dpkg-deb --info "$deb"
check "the .deb's Depends name only what a start needs" sh -c "
  dpkg-deb -f '$deb' Depends | tr ',' '\n' | sed 's/ *(.*//; s/^ *//' | sort -u | tr '\n' ' ' | grep -qx 'libc6 '"
dpkg-deb -x "$deb" "$scratch/deb"
exercise "$scratch/deb/usr/bin/fauth-tui" "$scratch/deb/usr/share/man/man1" \
  "$scratch/deb/usr/share/bash-completion/completions/fauth-tui" "$scratch/deb/usr/share/zsh/vendor-completions/_fauth-tui" \
  "$scratch/deb/usr/share/fish/vendor_completions.d/fauth-tui.fish" deb

check "the tarball matches its SHA-256" sh -c "cd '$dist' && sha256sum -c '$(basename "$tarball").sha256'"
mkdir "$scratch/tar"
tar -xzf "$tarball" -C "$scratch/tar"
top=$scratch/tar/fauth-tui-$version-linux-$(uname -m)
exercise "$top/bin/fauth-tui" "$top/share/man/man1" "$top/share/bash-completion/completions/fauth-tui" \
  "$top/share/zsh/site-functions/_fauth-tui" "$top/share/fish/vendor_completions.d/fauth-tui.fish" tarball
check "the tarball carries README and licence" test -f "$top/share/doc/fauth-tui/README.md" -a -f "$top/share/doc/fauth-tui/LICENSE"

if [ $failures -gt 0 ]; then echo "package-test: $failures failed"; exit 1; fi
echo "package-test: all passed"
