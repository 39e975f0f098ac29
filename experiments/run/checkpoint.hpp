// Checkpoints of a balance run: the exact counts after the last consumed chunk, the next
// chunk's index, the run's identity and a checksum; once every chunk is done, also the
// progress of the run's causal values (experiments/run/causal_progress.hpp). A checkpoint is
// trusted only when every field checks out (format, checksum, identity, types, ranges, counts that
// add up to the chunks done); otherwise the run does not start and the message names the file and
// field.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "stats/summary.hpp"

namespace nf {

inline constexpr const char* kCheckpointFormat = "ninefold checkpoint 2";
// The longest run time a checkpoint or a shard may claim (about 30 years).
inline constexpr double kMaxRunSeconds = 1e9;

// What the counts of a run must add up to after its chunks [first, next) are done.
struct ExpectedCounts {
  uint64_t games = 0;
  uint64_t pairs = 0;  // paired two-agent deals (pentanomial counts); 0 when not counted
};

// Whether counts read from a file (a checkpoint, a shard's summary) are those of `expected`
// games: every total adds up, the tables agree with each other (agents by seat with agents
// and with seats, the length histogram with the length moments) and no value exceeds what
// that many games can give. Calls `fail(field, problem)` for the first that does not (it
// must throw).
// `done` says what the expected counts are of, for messages ("2 chunks done").
void check_counts_add_up(
    const BalanceAccumulator& counts, const ExpectedCounts& expected, const std::string& done,
    const std::function<void(const std::string& field, const std::string& problem)>& fail);

// The checksum stored in a checkpoint or a shard's summary.json: of every field but
// "checksum" itself, so that an edit that keeps every count consistent is still seen.
std::string content_checksum(const nlohmann::json& file);

// The first field in which two run identities differ ("identity.seed"; "identity" when they
// are not both objects) and its value in each, as short JSON text ("missing" when absent).
struct IdentityDifference {
  std::string field, first, second;
};
IdentityDifference first_identity_difference(const nlohmann::json& first,
                                             const nlohmann::json& second);

// Saves and restores a run's exact counts. `identity` is everything the run must agree on
// with the checkpoint (game, config, data, agents, seed, deals, chunking, shard, engine and
// the code's revision, core/provenance.hpp):
// resuming from another run's checkpoint is an error, not a silently wrong result. An empty
// path disables it.
class CheckpointWriter {
 public:
  CheckpointWriter(std::string path, nlohmann::json identity, double every_seconds);

  struct Saved {
    uint64_t next_chunk = 0;
    BalanceAccumulator counts;
    double seconds = 0;  // run time before the checkpoint
  };
  // The saved state when the file exists and is a valid checkpoint of this run, whose chunks
  // are [first_chunk, end_chunk); `empty` is the run's empty accumulator and `expected(next)`
  // what its counts must add up to. nf::Error naming the file and field otherwise; nothing
  // when there is no file or no path.
  template <class Expected>
  std::optional<Saved> load(uint64_t first_chunk, uint64_t end_chunk,
                            const BalanceAccumulator& empty, Expected&& expected) {
    const std::optional<nlohmann::json> j = read();
    if (!j) return std::nullopt;
    Saved saved = parse(*j, first_chunk, end_chunk, empty);
    check_counts(saved, expected(saved.next_chunk));
    base_ = {
        {"next_chunk", saved.next_chunk}, {"seconds", saved.seconds}, {"counts", j->at("counts")}};
    causal_ = j->value("causal", nlohmann::json());
    return saved;
  }
  // Whether to save now: at the end, or when `every_seconds` have passed since the last save.
  bool due(bool last_chunk) const;
  void save(uint64_t next_chunk, const nlohmann::json& counts, double seconds);

  // The causal values' progress loaded with the checkpoint (null when there is none).
  const nlohmann::json& causal_progress() const { return causal_; }
  // Saves the causal values' progress with the counts of the last save or load (every chunk
  // done: the causal values are measured after the run's games).
  void save_causal_progress(const nlohmann::json& progress);
  // nf::Error naming the checkpoint file and `field`.
  [[noreturn]] void fail(std::string_view field, std::string_view problem) const;

  // The checksum stored in a checkpoint: content_checksum.
  static std::string checksum(const nlohmann::json& checkpoint) {
    return content_checksum(checkpoint);
  }

 private:
  std::optional<nlohmann::json> read() const;
  Saved parse(const nlohmann::json& j, uint64_t first_chunk, uint64_t end_chunk,
              const BalanceAccumulator& empty) const;
  void check_counts(const Saved& saved, const ExpectedCounts& expected) const;
  void write();

  std::string path_;
  nlohmann::json identity_;
  double every_seconds_;
  double last_save_ = 0;  // seconds since the epoch of a steady clock
  nlohmann::json base_;   // next_chunk, seconds and counts as last saved or loaded
  nlohmann::json causal_;
};

}  // namespace nf
