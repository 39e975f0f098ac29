// Checkpoint files of a balance run, whole (experiments/run/checkpoint.hpp): any bytes in the
// file give the saved state or one nf::Error naming the file and field. The checksum stops
// every edited file, so an input that is a JSON object is also tried sealed with its own
// checksum, which lets the fuzzer reach the checks behind it (identity, ranges, counts).
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "core/error.hpp"
#include "experiments/run/checkpoint.hpp"
#include "stats/summary.hpp"

namespace {
// The run every input is loaded into: chunks 0..8 of two games and one seat-swapped pair each.
void load(nf::CheckpointWriter& run, const std::string& path, const std::string& bytes) {
  static const nf::ElementSchema schema = [] {
    nf::ElementSchema s;
    s.label = "card";
    s.metrics = {{"win", nf::MetricKind::Rate, "", +1}, {"damage", nf::MetricKind::Mean, "", 0}};
    s.elements = {"a", "b", "c"};
    s.covariates = {"a", "b", "c"};
    s.regression_rows = 64;
    return s;
  }();
  static const nf::BalanceAccumulator empty(2, 2, 3, &schema);
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(bytes.data(), std::streamsize(bytes.size()));
  try {
    (void)run.load(0, 8, empty, [](uint64_t next_chunk) {
      return nf::ExpectedCounts{2 * next_chunk, next_chunk};
    });
  } catch (const nf::Error&) {
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = (std::filesystem::temp_directory_path() /
                                   ("nf_fuzz_checkpoint_" + std::to_string(::getpid())))
                                      .string();
  // A new writer per input: a load keeps what it read, which must not carry into the next input.
  nf::CheckpointWriter run(path, {{"game", "fuzz"}, {"seed", 1}}, 60);
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  load(run, path, bytes);
  nlohmann::json sealed = nlohmann::json::parse(bytes, nullptr, false);
  if (!sealed.is_object()) return 0;
  sealed["checksum"] = nf::CheckpointWriter::checksum(sealed);
  load(run, path, sealed.dump());
  return 0;
}
