// Checkpoint files of `ninefold fit`, whole (experiments/tuning/fit_checkpoint.hpp): any bytes
// in the file give the saved rounds or one nf::Error naming the file and field. As for a
// balance checkpoint, an input that is a JSON object is also tried sealed with its own
// checksum, so the fuzzer reaches the checks behind it (identity, rounds).
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "experiments/run/checkpoint.hpp"
#include "experiments/tuning/fit_checkpoint.hpp"

namespace {
void load(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(bytes.data(), std::streamsize(bytes.size()));
  nf::FitCheckpoint checkpoint{path, {{"game", "fuzz"}, {"seed", 1}}, {}};
  try {
    checkpoint.load();
  } catch (const nf::Error&) {
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = (std::filesystem::temp_directory_path() /
                                   ("nf_fuzz_fit_checkpoint_" + std::to_string(::getpid())))
                                      .string();
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  load(path, bytes);
  nlohmann::json sealed = nlohmann::json::parse(bytes, nullptr, false);
  if (!sealed.is_object()) return 0;
  sealed["checksum"] = nf::CheckpointWriter::checksum(sealed);
  load(path, sealed.dump());
  return 0;
}
