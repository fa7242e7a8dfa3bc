// `pgnsem normalize`: rewrite games in the PGN export format (§3.2, §8): Seven Tag Roster first,
// canonical SAN with correct `+`/`#`, move numbers, one blank line between games. Meaning is
// never changed: the result is kept as written (a contradiction stays for `check --strict` to
// report), moves after an illegal one are kept as read, and text the reader did not play (after
// the termination marker) is reported on stderr, not silently dropped.
#pragma once

#include <cstdio>
#include <string>

namespace pgnsem::interp {

// Returns the exit code: 0 when every game was legal, 1 otherwise, 2 on I/O errors.
int normalize_file(const std::string& path, std::FILE* out);

}  // namespace pgnsem::interp
