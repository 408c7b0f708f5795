#!/usr/bin/env bash
# Puts Node.js <major> first on PATH (sourced by .ci/run: `source .ci/node.sh 26`). When the machine's
# node is of another major, the official binary is taken from the npm registry's `node-linux-<arch>`
# package (the only download a CI machine here reaches) into /opt/node-<version>, once.
# Usage: source .ci/node.sh <major>   → exports PATH; prints the version in use.
set -euo pipefail

# Exact versions, so every run tests the same runtime: the newest 26 (active LTS) and 24 (maintenance
# LTS) on the npm registry when this was written. Raise them here.
declare -A ci_node_versions=([26]=26.12.1 [24]=24.22.3)

ci_use_node() {
  local major=$1 version=${ci_node_versions[$1]:?no pinned Node version for major $1}
  if [ "$(node --version 2>/dev/null)" = "v$version" ]; then return; fi
  local dir=/opt/node-$version
  if [ ! -x "$dir/bin/node" ]; then
    local arch
    case "$(uname -m)" in
      x86_64) arch=x64 ;;
      aarch64) arch=arm64 ;;
      *) echo "No Node binary package for $(uname -m)" >&2; return 1 ;;
    esac
    local tmp
    tmp=$(mktemp -d)
    (cd "$tmp" && npm pack --silent "node-linux-$arch@$version" >/dev/null)
    mkdir -p "$dir"
    tar xzf "$tmp"/node-linux-"$arch"-"$version".tgz -C "$dir" --strip-components=1
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  echo "node $(node --version) from $dir, npm $(npm --version)"
}

ci_use_node "$1"
