// What the shared library libpgnsem.so exports: the declarations of the public interface marked
// PGNSEM_API, and nothing else (every library is compiled with hidden visibility, so the internals
// of semantics/, syntax/, interpreter/ and io/ stay behind the interface). For the static library
// the mark changes nothing.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define PGNSEM_API __attribute__((visibility("default")))
#else
#define PGNSEM_API
#endif
