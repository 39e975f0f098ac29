// Game records (JSON Lines, core/record.hpp): any bytes give a record or an nf::Error.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "core/record.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path =
      (std::filesystem::temp_directory_path() / ("nf_fuzz_record_" + std::to_string(::getpid())))
          .string();
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  for (uint64_t index : {0, 1}) {
    try {
      (void)nf::read_record(path, index);
    } catch (const nf::Error&) {
    }
  }
  return 0;
}
