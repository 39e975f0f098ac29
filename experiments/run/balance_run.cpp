#include "experiments/run/balance_run.hpp"

#include <tbb/global_control.h>
#include <tbb/info.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <optional>

#include "core/cancel.hpp"
#include "core/provenance.hpp"
#include "core/record.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/format.hpp"

namespace nf {
namespace {

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// When stderr is a file or a pipe (a run kept in a log, or piped through tee), a progress line
// of its own this often, so a long run is seen to be alive; short runs print none.
constexpr double kLogProgressSeconds = 30;

}  // namespace

uint64_t BalanceRun::chunk_deals_for(uint64_t deals) {
  constexpr uint64_t kMaxChunkDeals = 64, kMinChunks = 64;
  return std::clamp<uint64_t>((deals + kMinChunks - 1) / kMinChunks, 1, kMaxChunkDeals);
}

bool BalanceRun::pairs_deals(const BalanceOptions& options, const std::vector<std::string>& specs) {
  const bool one_agent =
      std::all_of(specs.begin(), specs.end(), [&](const auto& s) { return s == specs[0]; });
  return options.paired && (!one_agent || options.tournament || options.rotate_one_agent);
}

void BalanceRun::plan(const std::function<uint64_t(uint64_t games)>& sample_size) {
  const BalanceOptions& options = options_;
  paired_ = pairs_deals(options, specs_);
  orders_ = paired_ ? static_cast<uint64_t>(players_) : 1;
  deals_ = (options.games + orders_ - 1) / orders_;
  chunk_deals_ = chunk_deals_for(deals_);
  report_.agents = specs_;
  report_.seed = options.seed;
  report_.deals = deals_;
  report_.paired = paired_;
  if (options.paired && !paired_)
    report_.pairing_note =
        "every seat plays the same agent, so each deal is played once: replaying it in "
        "every seat order would repeat the same games";
  report_.totals = empty_accumulator();
  if (options.tournament) report_.tournament = MatchTally(lineup_.size());
  const uint64_t games = deals_ * orders_;
  decisiveness_games_ =
      options.decisiveness_games ? *options.decisiveness_games : sample_size(games);
  if (decisiveness_games_ > 0) {
    // A stride coprime with the seat orders, so the measured games cover every rotation.
    decisiveness_stride_ = std::max<uint64_t>(1, games / decisiveness_games_);
    while (orders_ > 1 && std::gcd(decisiveness_stride_, orders_) != 1) ++decisiveness_stride_;
  }
  report_.decisiveness_playouts = options.decisiveness_playouts;
  report_.identity = checkpoint_identity();
}

const BalanceReport& BalanceRun::run() {
  const int threads = thread_count();
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
  const auto [first, end] = shard_chunk_range(chunk_count(), options_.shard);
  report_.shard = options_.shard;
  std::optional<AtomicFile> records;
  if (!options_.record_path.empty()) records.emplace(options_.record_path);
  checkpoint_.emplace(options_.checkpoint_path, checkpoint_identity(), options_.checkpoint_seconds);
  CheckpointWriter& checkpoint = *checkpoint_;
  uint64_t resume = first;
  double earlier_seconds = 0;
  if (auto saved = checkpoint.load(first, end, report_.totals,
                                   [&](uint64_t next) { return expected_counts(first, next); })) {
    report_.totals = std::move(saved->counts);
    resume = saved->next_chunk;
    earlier_seconds = saved->seconds;
  }
  const auto start = std::chrono::steady_clock::now();
  run_chunks(resume, end, [&](uint64_t chunk, BalanceChunk& r) {
    report_.totals.merge(r.totals);
    if (report_.tournament) report_.tournament->merge(r.matches);
    if (records)
      for (const std::string& line : r.records) records->stream() << line << '\n';
    if (checkpoint.due(chunk + 1 == end))
      checkpoint.save(chunk + 1, report_.totals.counts_json(),
                      earlier_seconds + seconds_since(start));
    return true;
  });
  report_.seconds = earlier_seconds + seconds_since(start);
  if (records) records->commit();
  return report_;
}

void BalanceRun::run_chunks(uint64_t first, uint64_t end, const ConsumeChunk& consume) {
  report_.threads = thread_count();
  const auto start = std::chrono::steady_clock::now();
  uint64_t wave = std::max<uint64_t>(1, uint64_t(report_.threads) * 2), done = first;
  const bool progress = !options_.quiet && stderr_is_terminal();
  const bool log_progress = !options_.quiet && !progress;
  double next_log = kLogProgressSeconds;
  while (done < end) {
    throw_if_cancelled();
    const uint64_t count = std::min(wave, end - done);
    std::vector<BalanceChunk> results(count);
    const auto wave_start = std::chrono::steady_clock::now();
    play_chunks(done, count, results);
    for (uint64_t i = 0; i < count; ++i)
      if (!consume(done + i, results[i])) {
        if (progress) std::fprintf(stderr, "\r\033[K");
        return;
      }
    done += count;
    const double wave_seconds = seconds_since(wave_start);
    // Aim for about a quarter second per wave: chunks are fixed, so this changes nothing
    // but how often progress is shown and checkpoints can be saved.
    if (wave_seconds < 0.1)
      wave *= 2;
    else if (wave_seconds > 0.5 && wave > uint64_t(report_.threads))
      wave /= 2;
    if (progress) show_progress(start, done - first, end - first, true);
    if (log_progress && done < end && seconds_since(start) >= next_log) {
      show_progress(start, done - first, end - first, false);
      next_log += kLogProgressSeconds;
    }
  }
  if (progress) std::fprintf(stderr, "\r\033[K");
}

BalanceAccumulator BalanceRun::empty_accumulator() const {
  return BalanceAccumulator(players_, int(lineup_.size()), report_.end_reason_names.size(),
                            report_.elements ? &*report_.elements : nullptr);
}

nlohmann::json BalanceRun::checkpoint_identity() const {
  return {{"engine", kEngineVersion},
          {"revision", code_revision()},
          {"game", report_.game},
          {"config", report_.config},
          {"data", data_hashes_},
          {"agents", report_.agents},
          {"seed", report_.seed},
          {"deals", report_.deals},
          {"paired", options_.paired},
          {"chunk_deals", chunk_deals_},
          {"shard", {options_.shard.index, options_.shard.count}},
          {"decisiveness", {decisiveness_games_, options_.decisiveness_playouts}}};
}

ExpectedCounts BalanceRun::expected_counts(uint64_t first, uint64_t next) const {
  const auto deals_before = [&](uint64_t chunk) { return std::min(deals_, chunk * chunk_deals_); };
  const uint64_t deals = deals_before(next) - deals_before(first);
  const bool pairs = paired_ && players_ == 2 && lineup_.size() == 2;
  return {deals * orders_, pairs ? deals : 0};
}

int BalanceRun::thread_count() const {
  return options_.threads > 0 ? options_.threads
                              : static_cast<int>(tbb::info::default_concurrency());
}

void BalanceRun::show_progress(std::chrono::steady_clock::time_point start, uint64_t chunks_done,
                               uint64_t chunks, bool in_place) const {
  const BalanceAccumulator& t = report_.totals;
  const double elapsed = seconds_since(start);
  const double fraction = double(chunks_done) / double(chunks);
  const double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
  const double games = double(std::min(chunks_done * chunk_deals_, deals_) * orders_);
  std::fprintf(stderr, "%s%.0f%% of %s  %.0f games/s  ETA %.0f s  %s scores %s%s",
               in_place ? "\r\033[K" : "", 100.0 * fraction, report_.game.c_str(),
               elapsed > 0 ? games / elapsed : 0, eta, specs_[0].c_str(),
               format_interval(t.by_agent[0].score()).c_str(), in_place ? "" : "\n");
  std::fflush(stderr);
}

}  // namespace nf
