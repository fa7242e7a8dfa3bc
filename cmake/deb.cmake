# The Debian package (included by CMakeLists.txt with the install rules): `cpack -G DEB` in a build
# folder packs what `cmake --install` would put under /usr — the tool, libpgnsem.so and libpgnsem.a,
# the public headers, the CMake and pkg-config files, the licence (also as Debian's copyright
# file), the manual page and the bash completion — into build/…/pgnsem_VERSION_ARCH.deb. It compiles
# nothing: cpack only builds what `all` has not built yet, and installs the build folder.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME pgnsem)
set(CPACK_PACKAGE_VENDOR "the pgnsem authors")
set(CPACK_PACKAGE_CONTACT "the pgnsem authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "reference interpreter for chess notation (PGN, SAN, FEN)")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "the pgnsem authors")
# Debian files chess programs (pgn-extract, stockfish, …) under games.
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The long description; CPack puts the summary above it and indents it as Debian's control file wants
# (an empty line becomes " .").
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "pgnsem executes the denotational semantics of PGN and algebraic notation: it replays
every game of a PGN file (plain, gzip, bzip2, xz or zstd) and says whether it is
legal and, if not, which move broke which rule, with stable JSON verdicts and traces.
It also lists legal moves, counts perft trees, reads FEN and EPD, normalizes PGN,
generates legal and near-miss games, and answers JSON requests as a server.

This package holds the pgnsem tool, its manual page and bash completion, and the
C++20 library (libpgnsem.so, libpgnsem.a) with its public headers, CMake package
and pkg-config files.")
# The dependencies are the shared libraries the tool and libpgnsem.so link, as dpkg-shlibdeps
# finds them (libc6, libstdc++6, zlib1g, libzstd1, …). A program linked with libpgnsem.a links
# the decompressors itself, which their -dev packages give.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "zlib1g-dev, libbz2-dev, liblzma-dev, libzstd-dev")
# A shlibs file for packages built against libpgnsem.so, and the ldconfig trigger that makes
# libpgnsem.so.0.1 known to the dynamic loader when the package is installed.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
include(CPack)
