# ninefold_embedded_data(<out_var> <namespace>): the game folder's shipped data files
# (data/**/*.toml) turned into one generated source file by cmake/embed_data.cmake, regenerated
# whenever a data file changes; <out_var> receives its path for the game's library.
function(ninefold_embedded_data out_var namespace)
  file(GLOB_RECURSE data CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/data/*.toml)
  list(SORT data)
  set(embedded ${CMAKE_CURRENT_BINARY_DIR}/embedded_data.cpp)
  add_custom_command(
    OUTPUT ${embedded}
    COMMAND ${CMAKE_COMMAND} -DDATA_DIR=${CMAKE_CURRENT_SOURCE_DIR}/data -DOUTPUT=${embedded}
            -DGAME=${namespace} -DNAMESPACE=${namespace} -P ${PROJECT_SOURCE_DIR}/cmake/embed_data.cmake
    DEPENDS ${data} ${PROJECT_SOURCE_DIR}/cmake/embed_data.cmake
    COMMENT "Embedding the ${namespace} data files"
    VERBATIM)
  set(${out_var} ${embedded} PARENT_SCOPE)
endfunction()
