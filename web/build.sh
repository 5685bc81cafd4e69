#!/usr/bin/env bash
# Builds tpk's static site into DIR (default web/dist): the page, its
# scripts, Go's wasm_exec.js and the command line compiled to WebAssembly.
# Serve DIR from any static host (python3 -m http.server -d web/dist).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/dist}"
mkdir -p "$out"
cp "$here"/site/* "$out"/
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" "$out"/
(cd "$here/.." && GOOS=js GOARCH=wasm go build -ldflags='-s -w' -o "$out/tpk.wasm" ./cmd/tpk)
echo "built $out: $(du -sk "$out" | cut -f1) KiB, $(cat "$out"/* | gzip -9 | wc -c | awk '{printf "%d", $1/1024}') KiB compressed"
