// A shard's summary.json, whole, as `ninefold merge` reads it (experiments/run/shards.hpp):
// any bytes in the file give the shard or one nf::Error naming the file and field. The
// counts inside have their own target (fuzz_shard_counts).
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "experiments/run/shards.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path =
      (std::filesystem::temp_directory_path() /
       ("nf_fuzz_shard_summary_" + std::to_string(::getpid()) + ".json"))
          .string();
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  try {
    (void)nf::read_shard_files({path});
  } catch (const nf::Error&) {
  }
  return 0;
}
