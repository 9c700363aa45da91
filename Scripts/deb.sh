#!/usr/bin/env bash
# Builds fauth-tui_<version>_<arch>.deb in OUTDIR from a release binary: the files `Scripts/install.sh` installs
# under /usr, the binary stripped, manual pages and the changelog compressed, the licence as Debian's copyright
# file. Depends is what the binary needs at start (dpkg-shlibdeps: libc and libm); the libraries it opens on
# demand are Recommends (Packaging/debian/control.in).
#   Scripts/deb.sh BINARY VERSION OUTDIR
set -euo pipefail
binary=$1 version=$2 outdir=$3
here=$(cd "$(dirname "$0")/.." && pwd)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# dpkg-shlibdeps expects the files where debhelper would stage them: debian/<package> in a source tree.
stage=$work/src/debian/fauth-tui

"$here/Scripts/install.sh" "$binary" "$stage" /usr
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/fauth-tui"
gzip -9n "$stage"/usr/share/man/man1/*.1
doc=$stage/usr/share/doc/fauth-tui
rm "$doc/LICENSE"
install -m 0644 "$here/Packaging/debian/copyright" "$doc/copyright"
gzip -9n < "$here/Packaging/debian/changelog" > "$doc/changelog.gz"
chmod 0644 "$doc/changelog.gz"
install -D -m 0644 "$here/Packaging/debian/lintian-overrides" "$stage/usr/share/lintian/overrides/fauth-tui"

# dpkg-shlibdeps reads a source package's debian/control (a minimal one is enough) and finds the package's
# root by its DEBIAN folder.
install -d "$stage/DEBIAN"
printf 'Source: fauth-tui\n\nPackage: fauth-tui\nArchitecture: any\n' > "$work/src/debian/control"
depends=$(cd "$work/src" && dpkg-shlibdeps -O debian/fauth-tui/usr/bin/fauth-tui | sed -n 's/^shlibs:Depends=//p')

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
  "$here/Packaging/debian/control.in" > "$stage/DEBIAN/control"
(cd "$stage" && find usr -type f -printf '%P\n' | sort | sed 's|^|usr/|' | xargs md5sum) > "$stage/DEBIAN/md5sums"
find "$stage" -type d -exec chmod 0755 {} +
mkdir -p "$outdir"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$outdir/fauth-tui_${version}_${arch}.deb"
