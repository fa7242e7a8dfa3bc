#!/usr/bin/env bash
# tests/layout/exports.sh LIBPGNSEM.SO SOURCE_DIR — libpgnsem.so exports its public interface and no
# internal: every library is compiled with hidden visibility and the public headers mark what is
# exported PGNSEM_API (pgnsem/export.hpp). Its dynamic symbols, demangled, may be
#   - of namespace pgnsem, outside the internal namespaces: the public interface (at least one);
#   - std:: or __gnu_cxx:: template instantiations the compiler emits as weak symbols (a thread's
#     state, shared_ptr's control blocks), whatever their template arguments;
# and nothing else: a symbol of an internal namespace fails, and so does a public one whose signature
# names an internal type, and one of any other namespace (Boost, the global one). The internal
# namespaces are every `namespace pgnsem::NAME` declared outside pgnsem/, found in the sources, so that
# a new one is covered as soon as it exists.
set -euo pipefail
lib=$1 src=$2
[[ -f $lib ]] || { echo "FAIL no library at $lib"; exit 1; }
internal=$(grep -rhoE '^namespace pgnsem::[a-z_]+' --include='*.hpp' --include='*.cpp' \
             "$src"/{ast,syntax,semantics,laws,interpreter,io,app} | sed 's/^namespace pgnsem:://' | sort -u)
[[ -n $internal ]] || { echo "FAIL found no internal namespace under $src"; exit 1; }
internal_re="pgnsem::($(paste -sd'|' <<<"$internal"))::"
echo "internal namespaces: $(paste -sd' ' <<<"$internal")"

symbols=$(nm -D --defined-only "$lib" | awk '{ $1 = ""; $2 = ""; sub(/^  /, ""); print }' | c++filt)
public=0 fail=0
while IFS= read -r symbol; do
  [[ -n $symbol ]] || continue
  # the entity a symbol is of: what it is of ("typeinfo for T"), without template arguments and
  # parameter lists (the operators whose names hold brackets first set aside), then its last word
  # (a function template's demangled name begins with its return type)
  name=$(sed -E 's/^(typeinfo name for|typeinfo for|vtable for|VTT for|construction vtable for|guard variable for|non-virtual thunk to|virtual thunk to|covariant return thunk to|TLS init function for|TLS wrapper function for) //
                 s/operator(<<=|>>=|<=>|<<|>>|<=|>=|->\*|->|<|>|\(\)|\[\])/operator@/g' <<<"$symbol")
  while [[ $name =~ \<[^\<\>]*\>|\([^\(\)]*\) ]]; do name=${name//"${BASH_REMATCH[0]}"/}; done
  name=$(sed -E 's/( const| volatile| &&| &)+$//' <<<"$name")  # a member function's qualifiers
  name=${name##* }
  if [[ $name == std::* || $name == __gnu_cxx::* ]]; then
    continue
  elif [[ $name =~ ^$internal_re ]]; then
    echo "FAIL exported internal symbol: $symbol"; fail=$((fail + 1))
  elif [[ $name == pgnsem::* ]]; then
    if [[ $symbol =~ $internal_re ]]; then
      echo "FAIL exported symbol names an internal type: $symbol"; fail=$((fail + 1))
    else
      public=$((public + 1))
    fi
  else
    echo "FAIL exported symbol outside pgnsem and the standard library: $symbol"; fail=$((fail + 1))
  fi
done <<<"$symbols"
if ((public == 0)); then
  echo "FAIL $lib exports nothing of namespace pgnsem: no public declaration is marked PGNSEM_API"
  fail=$((fail + 1))
fi
echo "$(wc -l <<<"$symbols") dynamic symbols, $public of the public interface; $fail failures"
((fail == 0))
