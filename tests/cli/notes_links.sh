#!/usr/bin/env bash
# The notes' cross-references (proofs-notes/README.md, proofs-notes/glossary.md): every relative link
# of proofs-notes/*.md reaches an existing file and, with #anchor, a heading of it (GitHub's anchors);
# every repo-relative path in backticks in the glossary exists; the same for docs/*.md (the architecture
# document), links and paths. Then the checker itself on a copy of
# the notes with a heading link, a file link and a glossary path broken: it must name all three.
# Needs python3 only; well under a second.
# Arguments: PGNSEM SOURCE_DIR SHARED_DIR BUILD_DIR
source "$2/tests/cli/lib.sh" "$@"
check="$src/tests/cli/notes_links.py"

# The notes as committed: nothing broken.
if python3 "$check" "$src" >"$tmp/out" 2>&1; then ok; else bad "broken links or paths in proofs-notes:"; cat "$tmp/out"; fi

# The checker can fail: break one of each kind in a copy and expect each named.
cp -R "$src/proofs-notes" "$tmp/notes"
sed -i 's|semantics.md#termination-33-t|semantics.md#termination-33-x|' "$tmp/notes/glossary.md"
sed -i 's|\[errata.md\](errata.md)|[errata.md](erata.md)|' "$tmp/notes/README.md"
sed -i 's|`semantics/state.cpp`|`semantics/state.cc`|' "$tmp/notes/glossary.md"
python3 "$check" "$src" "$tmp/notes" >"$tmp/out" 2>&1
status=$?
[[ $status == 1 ]] && ok || bad "the checker exits $status on broken notes, not 1"
for want in 'missing heading semantics.md#termination-33-x' 'proofs-notes/README.md:[0-9]*: link to missing file erata.md' 'missing path `semantics/state.cc`'; do
  grep -q "$want" "$tmp/out" && ok || { bad "the checker does not report: $want"; cat "$tmp/out"; }
done
finish
