#!/usr/bin/env bash
# Installs fauth-tui under DESTDIR/PREFIX: the binary, its manual pages and shell completions (both generated
# by the binary from its option table), the README and the licence. With --uninstall, removes exactly those
# files (and the folders of our own that are left empty). Nothing outside DESTDIR/PREFIX is touched.
#   Scripts/install.sh [--uninstall] BINARY DESTDIR PREFIX
set -euo pipefail
uninstall=false
if [ "${1:-}" = --uninstall ]; then uninstall=true; shift; fi
binary=$1 destdir=$2 prefix=${3%/}
root="$destdir$prefix"

# zsh looks in vendor-completions for the system's packages (Debian), in site-functions under /usr/local.
if [ "$prefix" = /usr ]; then zsh_dir=share/zsh/vendor-completions; else zsh_dir=share/zsh/site-functions; fi
bash_file=share/bash-completion/completions/fauth-tui
zsh_file=$zsh_dir/_fauth-tui
fish_file=share/fish/vendor_completions.d/fauth-tui.fish
doc_dir=share/doc/fauth-tui

if $uninstall; then
  rm -f "$root/bin/fauth-tui" "$root/$bash_file" "$root/$zsh_file" "$root/$fish_file"
  rm -f "$root"/share/man/man1/fauth-tui.1 "$root"/share/man/man1/fauth-tui-*.1
  rm -rf "$root/$doc_dir"
  exit 0
fi

pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
"$binary" manual "$pages"
install -d "$root/bin" "$root/share/man/man1" "$root/$(dirname "$bash_file")" "$root/$zsh_dir" \
  "$root/$(dirname "$fish_file")" "$root/$doc_dir"
install -m 0755 "$binary" "$root/bin/fauth-tui"
install -m 0644 "$pages"/*.1 "$root/share/man/man1/"
for shell in bash zsh fish; do
  case $shell in bash) file=$bash_file ;; zsh) file=$zsh_file ;; fish) file=$fish_file ;; esac
  LANG=C.UTF-8 LC_ALL= LANGUAGE= "$binary" completions $shell > "$root/$file"
  chmod 0644 "$root/$file"
done
here=$(cd "$(dirname "$0")/.." && pwd)
install -m 0644 "$here/README.md" "$here/LICENSE" "$root/$doc_dir/"
