#!/usr/bin/env bash
# Builds fauth-tui-<version>-linux-<arch>.tar.gz and its .sha256 in OUTDIR from a release binary: bin/, share/
# (manual pages, completions, README, licence) as `Scripts/install.sh` lays them out, under one top folder.
#   Scripts/dist.sh BINARY VERSION OUTDIR
set -euo pipefail
binary=$1 version=$2 outdir=$3
here=$(cd "$(dirname "$0")/.." && pwd)
name=fauth-tui-$version-linux-$(uname -m)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$here/Scripts/install.sh" "$binary" "$work/$name" ""
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$work/$name/bin/fauth-tui"
mkdir -p "$outdir"
# Reproducible: sorted names, one owner, the commit's time.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@${SOURCE_DATE_EPOCH:-0}" -C "$work" -cf - "$name" \
  | gzip -9n > "$outdir/$name.tar.gz"
(cd "$outdir" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$outdir/$name.tar.gz"
