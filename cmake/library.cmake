# libpgnsem.so and libpgnsem.a (included by CMakeLists.txt when PGNSEM_INSTALL is on): every layer of
# the library, from pgnsem_syntax to pgnsem_api, as the one library an installed package offers.
#
# Both are linked or archived from the object files of the layers' static libraries: no source is
# compiled a second time (the layers are position-independent, so their objects go into a shared
# library as they are). The shared library holds every object, used by the interface or not, as the
# archive does; with hidden visibility (pgnsem_library_properties) it exports only what the public
# headers mark PGNSEM_API.
set(PGNSEM_LAYERS pgnsem_syntax pgnsem_semantics pgnsem_laws pgnsem_interpreter pgnsem_io pgnsem_api)
set(PGNSEM_LAYER_OBJECTS)
foreach(layer ${PGNSEM_LAYERS})
  list(APPEND PGNSEM_LAYER_OBJECTS $<TARGET_OBJECTS:${layer}>)
endforeach()
# What the layers link beyond each other (io/ reads compressed files on a thread of its own).
set(PGNSEM_LAYER_DEPENDENCIES ZLIB::ZLIB BZip2::BZip2 LibLZMA::LibLZMA zstd::libzstd_shared Threads::Threads)

# The public headers are pgnsem/*.hpp, included as <pgnsem/api.hpp>: their folder's parent is the
# include directory, in the tree and in an installation.
foreach(library pgnsem_shared pgnsem_static)
  if(library STREQUAL "pgnsem_shared")
    add_library(${library} SHARED ${PGNSEM_LAYER_OBJECTS})
  else()
    add_library(${library} STATIC ${PGNSEM_LAYER_OBJECTS})
  endif()
  target_include_directories(${library} INTERFACE $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>
                                                  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_features(${library} INTERFACE cxx_std_20)
  # (a static library's private dependencies are its users' to link: exported as LINK_ONLY)
  target_link_libraries(${library} PRIVATE ${PGNSEM_LAYER_DEPENDENCIES})
  set_target_properties(${library} PROPERTIES OUTPUT_NAME pgnsem)
endforeach()

# 0.x: a new minor version may change the interface, so the soname carries it (libpgnsem.so.0.1).
set_target_properties(pgnsem_shared PROPERTIES EXPORT_NAME pgnsem VERSION ${PROJECT_VERSION}
                                               SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
# Every symbol the objects use is found at link time, in them or in the libraries above, not left
# for a user's program to supply. (Not under the sanitizers, whose runtime only an executable links.)
if(NOT PGNSEM_SANITIZE)
  target_link_options(pgnsem_shared PRIVATE LINKER:--no-undefined)
endif()
set_target_properties(pgnsem_static PROPERTIES EXPORT_NAME pgnsem_static)

# In the tree, as an installed package names them.
add_library(pgnsem::pgnsem ALIAS pgnsem_shared)
add_library(pgnsem::pgnsem_static ALIAS pgnsem_static)
