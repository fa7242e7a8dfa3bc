# Sourced by the tests that run an independent JavaScript peer from the npm registry (the guide allows
# chess.js and chessops there): npm_peer PACKAGE VERSION DIR LOG installs PACKAGE@VERSION into DIR
# unless it is there already, and skips the test (exit 77, which CI=true counts as a failure) when node
# or npm is missing or npm cannot install it; LOG keeps npm's output.
npm_peer() {
  local package=$1 want=$2 dir=$3 log=$4 have
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    echo "SKIPPED: node or npm is not installed (scripts/install-deps installs them)"; exit 77
  fi
  have=$(node -p "require('$dir/node_modules/$package/package.json').version" 2>/dev/null)
  if [[ "$have" != "$want" ]]; then
    if ! timeout 300 npm install --prefix "$dir" --no-audit --no-fund --no-save "$package@$want" >"$log" 2>&1; then
      tail -5 "$log"
      echo "SKIPPED: npm could not install $package@$want (no network or registry?)"; exit 77
    fi
  fi
}
