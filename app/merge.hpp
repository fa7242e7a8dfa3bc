// `pgnsem merge`: the outputs of `pgnsem check --shard K/N --format jsonl` for K = 1 … N, made into
// the output of `pgnsem check --format jsonl` on the whole file (README, "Shards"; the proof in
// syntax/README.md, "Shards").
#pragma once

#include <cstdio>
#include <string>
#include <vector>

namespace pgnsem::interp {

// Reads the N shard outputs, in the order K = 1 … N, and writes the whole file's verdicts to `out`.
// Each output must end in its `shard` record (a shard that did not finish has none), and the records
// must fit together: the same file, size and reading, K = 1 … N of N, each shard starting where the
// one before it said the next starts. A verdict is kept when its offset lies at or above the
// largest `until` of the shards before its own and below its own shard's `until`; its `game` becomes
// its number in the file and its lines (the error's and the warnings') the file's. Returns 0, 1
// (an output that is not a shard output, or records that do not fit: said on stderr, nothing
// written) or 2 (a file that cannot be read, a write error).
int merge_shards(const std::vector<std::string>& paths, std::FILE* out);

}  // namespace pgnsem::interp
