#!/usr/bin/env bash
# The interpreter's library links no decompressor and no thread library: interpreter_alone
# (tests/layout/interpreter_alone.cpp), which links pgnsem_interpreter alone, judges Fool's mate,
# and its dynamic section needs none of zlib, libbz2, liblzma, libzstd (the libraries io/ links).
# Arguments: BINARY
set -u
bin=$1
out=$("$bin") || { echo "interpreter_alone failed: $out"; exit 1; }
if [[ $out != "legal 4 checkmate" ]]; then
  echo "interpreter_alone judged Fool's mate as '$out', not 'legal 4 checkmate'"
  exit 1
fi
needed=$(readelf -d "$bin" | grep NEEDED)
if grep -E 'lib(z|bz2|lzma|zstd)\.so' <<<"$needed"; then
  echo "the interpreter's library brings a decompressor with it (above); its dynamic section:"
  echo "$needed"
  exit 1
fi
echo "judged without io/: $out; needs $(grep -o '\[[^]]*\]' <<<"$needed" | tr '\n' ' ')"
