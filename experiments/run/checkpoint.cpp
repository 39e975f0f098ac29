#include "experiments/run/checkpoint.hpp"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/record.hpp"
#include "experiments/report/atomic_file.hpp"

namespace nf {
namespace {
double steady_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

uint64_t wdl_total(const std::vector<WinDrawLoss>& rows) {
  uint64_t total = 0;
  for (const WinDrawLoss& r : rows) total += r.games();
  return total;
}

}  // namespace

IdentityDifference first_identity_difference(const nlohmann::json& a, const nlohmann::json& b) {
  // A value as JSON text, cut short: a config can be long.
  const auto text = [](const nlohmann::json* v) {
    if (!v) return std::string("missing");
    std::string t = v->dump();
    return t.size() > 120 ? t.substr(0, 117) + "..." : t;
  };
  if (!a.is_object() || !b.is_object()) return {"identity", text(&a), text(&b)};
  for (auto it = b.begin(); it != b.end(); ++it)
    if (!a.contains(it.key()) || a.at(it.key()) != it.value())
      return {"identity." + it.key(), text(a.contains(it.key()) ? &a.at(it.key()) : nullptr),
              text(&it.value())};
  for (auto it = a.begin(); it != a.end(); ++it)
    if (!b.contains(it.key())) return {"identity." + it.key(), text(&it.value()), text(nullptr)};
  return {"identity", text(&a), text(&b)};
}

CheckpointWriter::CheckpointWriter(std::string path, nlohmann::json identity, double every_seconds)
    : path_(std::move(path)),
      identity_(std::move(identity)),
      every_seconds_(every_seconds),
      last_save_(steady_seconds()) {}

void CheckpointWriter::fail(std::string_view field, std::string_view problem) const {
  throw Error(
      fmt::format("checkpoint '{}': field '{}' {}; the run was not started (remove the "
                  "file to start afresh)",
                  path_, field, problem));
}

std::string content_checksum(const nlohmann::json& file) {
  nlohmann::json fields = file;
  if (fields.is_object()) fields.erase("checksum");
  return hash_to_hex(Hasher().add_bytes(fields.dump()).value());
}

std::optional<nlohmann::json> CheckpointWriter::read() const {
  if (path_.empty()) return std::nullopt;
  std::error_code error;
  const auto status = std::filesystem::status(path_, error);
  if (status.type() == std::filesystem::file_type::not_found) return std::nullopt;
  if (status.type() == std::filesystem::file_type::directory)
    throw Error(fmt::format("checkpoint '{}' is a directory, not a file", path_));
  if (status.type() != std::filesystem::file_type::regular)
    throw Error(fmt::format("checkpoint '{}' is not a regular file", path_));
  std::ifstream in(path_, std::ios::binary);
  if (!in) throw Error(fmt::format("cannot read checkpoint '{}'", path_));
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception&) {
    throw Error(fmt::format("checkpoint '{}' is not valid JSON (a damaged file?)", path_));
  }
}

CheckpointWriter::Saved CheckpointWriter::parse(const nlohmann::json& j, uint64_t first_chunk,
                                                uint64_t end_chunk,
                                                const BalanceAccumulator& empty) const {
  if (!j.is_object() || j.value("format", nlohmann::json()) != kCheckpointFormat)
    throw Error(
        fmt::format("checkpoint '{}' is not a ninefold checkpoint of this version (field "
                    "'format' is not \"{}\"); remove it to start afresh",
                    path_, kCheckpointFormat));
  for (const char* field : {"checksum", "identity", "next_chunk", "seconds", "counts"})
    if (!j.contains(field)) fail(field, "is missing");
  if (!j.at("checksum").is_string() || j.at("checksum") != checksum(j))
    fail("checksum", "does not match the file's contents (the file was edited or damaged)");
  if (j.at("identity") != identity_) {
    const IdentityDifference d = first_identity_difference(j.at("identity"), identity_);
    throw Error(fmt::format(
        "checkpoint '{}' belongs to another experiment (its field '{}' is {}, this run's is {}); "
        "remove it or run the same command. It was saved by: {}",
        path_, d.field, d.first, d.second, j.at("identity").dump()));
  }
  Saved saved;
  const nlohmann::json& next = j.at("next_chunk");
  if (!next.is_number_unsigned()) fail("next_chunk", "must be a whole number");
  saved.next_chunk = next.get<uint64_t>();
  if (saved.next_chunk < first_chunk || saved.next_chunk > end_chunk)
    fail("next_chunk", fmt::format("is {}, outside this run's chunks {}..{}", saved.next_chunk,
                                   first_chunk, end_chunk));
  const nlohmann::json& seconds = j.at("seconds");
  if (!seconds.is_number() || !std::isfinite(seconds.get<double>()) || seconds.get<double>() < 0 ||
      seconds.get<double>() > kMaxRunSeconds)
    fail("seconds", fmt::format("must be a number of seconds from 0 to {:g}", kMaxRunSeconds));
  saved.seconds = seconds.get<double>();
  saved.counts = empty;
  try {
    saved.counts.merge_counts_json(j.at("counts"));
  } catch (const nlohmann::json::exception&) {
    fail("counts", "does not have the shape of this run's counts");
  } catch (const Error& e) {
    throw Error(
        fmt::format("checkpoint '{}': {}; the run was not started (remove the file to "
                    "start afresh)",
                    path_, e.what()));
  }
  return saved;
}

void check_counts_add_up(
    const BalanceAccumulator& c, const ExpectedCounts& expected, const std::string& done,
    const std::function<void(const std::string& field, const std::string& problem)>& fail) {
  const uint64_t seats = uint64_t(c.players), games = expected.games;
  auto expect = [&](const std::string& field, uint64_t got, uint64_t want) {
    if (got != want)
      fail(fmt::format("counts.{}", field),
           fmt::format("adds up to {} where {} give {}", got, done, want));
  };
  // No single count above the games (so that no sum below can wrap around).
  auto bounded = [&](const std::string& field, const std::vector<WinDrawLoss>& rows) {
    for (size_t i = 0; i < rows.size(); ++i)
      for (const uint64_t v : {rows[i].wins, rows[i].draws, rows[i].losses})
        if (v > games)
          fail(fmt::format("counts.{}[{}]", field, i),
               fmt::format("holds {}, more than the {} games", v, games));
  };
  expect("games", c.games, games);
  for (size_t seat = 0; seat < c.by_seat.size(); ++seat)
    expect(fmt::format("by_seat[{}]", seat), c.by_seat[seat].games(), games);
  expect("by_agent", wdl_total(c.by_agent), games * seats);
  expect("by_agent_seat", wdl_total(c.by_agent_seat), games * seats);
  bounded("by_seat", c.by_seat);
  bounded("by_agent", c.by_agent);
  bounded("by_agent_seat", c.by_agent_seat);
  // by_agent_seat[agent * players + seat] adds up to by_agent[agent] and to by_seat[seat].
  const auto same = [](const WinDrawLoss& a, const WinDrawLoss& b) {
    return a.wins == b.wins && a.draws == b.draws && a.losses == b.losses;
  };
  for (size_t agent = 0; agent < c.by_agent.size(); ++agent) {
    WinDrawLoss sum;
    for (size_t seat = 0; seat < seats; ++seat) sum.merge(c.by_agent_seat[agent * seats + seat]);
    if (!same(sum, c.by_agent[agent]))
      fail(fmt::format("counts.by_agent[{}]", agent),
           "does not match the agent's results by seat (counts.by_agent_seat)");
  }
  for (size_t seat = 0; seat < seats; ++seat) {
    WinDrawLoss sum;
    for (size_t agent = 0; agent < c.by_agent.size(); ++agent)
      sum.merge(c.by_agent_seat[agent * seats + seat]);
    if (!same(sum, c.by_seat[seat]))
      fail(fmt::format("counts.by_seat[{}]", seat),
           "does not match the seat's results by agent (counts.by_agent_seat)");
  }
  expect("length", c.length.n, games);
  const auto& bins = c.length_histogram.counts;
  for (size_t i = 0; i < bins.size(); ++i)
    if (bins[i] > games)
      fail(fmt::format("counts.length_histogram[{}]", i),
           fmt::format("holds {}, more than the {} games", bins[i], games));
  expect("length_histogram", c.length_histogram.total(), games);
  // The histogram's decisions add up to the moments' sum (both count every game's length).
  uint64_t decisions = 0;
  bool overflow = false;
  for (size_t i = 0; i < bins.size(); ++i) {
    uint64_t term = 0;
    overflow = overflow || __builtin_mul_overflow(bins[i], uint64_t(i), &term) ||
               __builtin_add_overflow(decisions, term, &decisions);
  }
  if (overflow || c.length.sum < 0 || decisions != uint64_t(c.length.sum))
    fail("counts.length", "does not match counts.length_histogram");
  uint64_t ended = 0;
  for (size_t i = 0; i < c.end_reasons.size(); ++i) {
    if (c.end_reasons[i] > games)
      fail(fmt::format("counts.end_reasons[{}]", i),
           fmt::format("holds {}, more than the {} games", c.end_reasons[i], games));
    ended += c.end_reasons[i];
  }
  if (ended > games)
    fail("counts.end_reasons", fmt::format("adds up to {}, more than the {} games", ended, games));
  for (const uint64_t v : c.pair_points)
    if (v > expected.pairs)
      fail("counts.pair_points",
           fmt::format("holds {}, more than the {} pairs", v, expected.pairs));
  expect("pair_points", std::accumulate(c.pair_points.begin(), c.pair_points.end(), uint64_t{0}),
         expected.pairs);
  if (c.elements.row_cap() > 0)
    expect("elements.rows", c.elements.rows(), std::min<uint64_t>(games, c.elements.row_cap()));
}

void CheckpointWriter::check_counts(const Saved& saved, const ExpectedCounts& expected) const {
  check_counts_add_up(
      saved.counts, expected, fmt::format("{} chunks done", saved.next_chunk),
      [&](const std::string& field, const std::string& problem) { fail(field, problem); });
}

bool CheckpointWriter::due(bool last_chunk) const {
  return !path_.empty() && (last_chunk || steady_seconds() - last_save_ >= every_seconds_);
}

void CheckpointWriter::save(uint64_t next_chunk, const nlohmann::json& counts, double seconds) {
  base_ = {{"next_chunk", next_chunk}, {"seconds", seconds}, {"counts", counts}};
  causal_ = nullptr;
  write();
}

void CheckpointWriter::save_causal_progress(const nlohmann::json& progress) {
  causal_ = progress;
  write();
}

void CheckpointWriter::write() {
  nlohmann::json j = base_;
  j["format"] = kCheckpointFormat;
  j["engine"] = kEngineVersion;
  j["identity"] = identity_;
  if (!causal_.is_null()) j["causal"] = causal_;
  j["checksum"] = checksum(j);
  write_file_atomically(path_, j.dump() + "\n");
  last_save_ = steady_seconds();
}

}  // namespace nf
