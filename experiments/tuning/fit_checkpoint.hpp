// Checkpoints of `ninefold fit`: the rounds of the design search played so far, with a format,
// the fit's identity and a checksum like a balance checkpoint's
// (experiments/run/checkpoint.hpp). Every field is checked before it is used: a file that does
// not check out stops the fit with one nf::Error naming the file and field.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace nf {

inline constexpr const char* kFitCheckpointFormat = "ninefold fit checkpoint 1";

struct FitCheckpoint {
  std::string path;  // empty: no checkpoint
  nlohmann::json identity;
  std::vector<nlohmann::json> rounds;  // {"candidates": [[...]], "objectives": [...]}

  // Reads the rounds of `path` when it exists and belongs to this fit (`identity`).
  void load();
  // Writes every round (atomically).
  void save() const;

 private:
  [[noreturn]] void fail(const std::string& field, const std::string& problem) const;
};

}  // namespace nf
