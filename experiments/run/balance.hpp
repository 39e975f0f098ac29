// `ninefold balance`: many games in parallel, on paired deals, summarised with intervals.
//
// Reproducibility: deal d is dealt from derive_seed(seed, d, Deal); with pairing it is played
// once per rotation of the lineup over the seats (game g = d * orders + rotation). Deals are
// grouped into fixed chunks whose exact-count accumulators are merged in chunk order, so the
// result does not depend on the thread count.
#pragma once

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "agents/game_hooks.hpp"
#include "agents/registry.hpp"
#include "core/game.hpp"
#include "core/hash.hpp"
#include "core/record.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/balance_report.hpp"
#include "experiments/run/causal_values.hpp"
#include "experiments/run/checkpoint.hpp"
#include "experiments/run/data_files.hpp"
#include "experiments/run/decisiveness.hpp"
#include "experiments/run/entrant.hpp"
#include "experiments/run/lineup.hpp"
#include "experiments/run/match_points.hpp"
#include "experiments/run/process_reduction.hpp"
#include "experiments/run/runner.hpp"
#include "experiments/run/shards.hpp"
#include "stats/summary.hpp"

namespace nf {

struct BalanceOptions {
  std::vector<std::string> agents;
  std::map<std::string, std::string> config;
  uint64_t games = 0;
  uint64_t seed = 1;
  int threads = 0;  // 0: all hardware threads
  std::string out_dir;
  bool paired = true;
  std::string record_path;
  uint64_t record_every = 1;
  bool quiet = false;
  bool tournament = false;  // also score matches (experiments/run/match_points.hpp)
  // Decisiveness (stats/ludii_metrics.hpp): about this many games, spread evenly, have every
  // state valued by this many random playouts; unset, as many as fit in about a tenth of the
  // run's time (decisiveness_sample_size), 0 skips the metric.
  std::optional<uint64_t> decisiveness_games;
  int decisiveness_playouts = 32;
  // Scale (experiments/run/shards.hpp): one contiguous part of the deals, a resumable checkpoint.
  ShardSpec shard;
  std::string checkpoint_path;
  double checkpoint_seconds = 30;
  bool rotate_one_agent = false;  // rotate even one agent: head-to-head needs both halves
  bool deal_outcomes = false;     // keep every deal's outcome (paired variant differences)
  std::string report_path;        // self-contained HTML report
  // Other modes of `balance` (experiments/run/variant.hpp, ladder.hpp, sweep.hpp).
  std::vector<std::string> variants;
  std::string ladder;
  std::string sweep;                       // "players=1..5": one balance run per value
  std::vector<std::string> robust_levels;  // other players for the same deals
  // Causal element values (experiments/run/causal_values.hpp): replacement games to play
  // (unset: the game's default share of the run, 0: none); --detect: the minimum detectable
  // effect the run's games are chosen to reach (0: the games asked for).
  std::optional<uint64_t> causal_games;
  double detect = 0;
};

// One deal over all its seat orders, for paired comparisons between two runs on the same deals.
struct DealOutcome {
  int agent0_half_points = 0;  // lineup agent 0's points, in half points
  int seat0_half_points = 0;   // seat 0's points, in half points
  int64_t decisions = 0;
};

template <Game G>
class BalanceRun {
 public:
  BalanceRun(const G& game, const ParamSet& config, const BalanceOptions& options)
      : game_(game), options_(options), players_(game.num_players()) {
    lineup_ = lineup_for_players(options.agents, players_, G::kId);
    for (const auto& spec : lineup_) {
      entrants_.push_back(parse_entrant(spec));
      const auto agent = make_agent(game_, entrants_.back().agent);
      specs_.push_back(entrant_label(agent->spec(), entrants_.back()));
      search_threads_ = std::max(search_threads_, agent->threads());
      seated_ = seated_ || !entrants_.back().seated.empty();
    }
    if (seated_) seat_entrants(config);
    paired_ = pairs_deals(options, specs_);
    orders_ = paired_ ? static_cast<uint64_t>(players_) : 1;
    deals_ = (options.games + orders_ - 1) / orders_;
    chunk_deals_ = chunk_deals_for(deals_);
    report_.game = std::string(G::kId);
    report_.one_team = is_one_team(game_);
    report_.config = config.to_json();
    report_.agents = specs_;
    report_.seed = options.seed;
    report_.deals = deals_;
    report_.paired = paired_;
    if (options.paired && !paired_)
      report_.pairing_note =
          "every seat plays the same agent, so each deal is played once: replaying it in "
          "every seat order would repeat the same games";
    if constexpr (HasEndReasons<G>) report_.end_reason_names = G::end_reasons();
    if constexpr (HasElementStats<G>) report_.elements = game_.element_schema();
    report_.totals = empty_accumulator();
    if (options.tournament) report_.tournament = MatchTally(lineup_.size());
    const uint64_t games = deals_ * orders_;
    decisiveness_games_ =
        options.decisiveness_games
            ? *options.decisiveness_games
            : decisiveness_sample_size(game_, options.seed, games, options.decisiveness_playouts);
    if (decisiveness_games_ > 0) {
      // A stride coprime with the seat orders, so the measured games cover every rotation.
      decisiveness_stride_ = std::max<uint64_t>(1, games / decisiveness_games_);
      while (orders_ > 1 && std::gcd(decisiveness_stride_, orders_) != 1) ++decisiveness_stride_;
    }
    report_.decisiveness_playouts = options.decisiveness_playouts;
    report_.identity = checkpoint_identity();
    if (!options.record_path.empty())
      record_data_ = record_data_files(G::config_schema(), report_.config, options.record_path);
  }

  // Runs every deal of this shard (all of them by default), resuming from and saving to the
  // checkpoint when one is given; records (if asked) are written in game order.
  const BalanceReport& run() {
    const int threads = thread_count();
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    const auto [first, end] = shard_chunk_range(chunk_count(), options_.shard);
    report_.shard = options_.shard;
    std::optional<AtomicFile> records;
    if (!options_.record_path.empty()) records.emplace(options_.record_path);
    CheckpointWriter checkpoint(options_.checkpoint_path, checkpoint_identity(),
                                options_.checkpoint_seconds);
    uint64_t resume = first;
    double earlier_seconds = 0;
    if (auto saved = checkpoint.load(first, end, report_.totals,
                                     [&](uint64_t next) { return expected_counts(first, next); })) {
      report_.totals = std::move(saved->counts);
      resume = saved->next_chunk;
      earlier_seconds = saved->seconds;
    }
    const auto start = std::chrono::steady_clock::now();
    run_chunks(resume, end, [&](uint64_t chunk, ChunkResult& r) {
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

  // One chunk's exact counts, its records and (if asked) its per-deal outcomes.
  struct ChunkResult {
    BalanceAccumulator totals;
    MatchTally matches;
    std::vector<std::string> records;
    std::vector<DealOutcome> deals;
  };

  // Plays chunks [first, end) in parallel waves and hands each result to `consume(chunk,
  // result)` in chunk order; `consume` returns false to stop (later chunks of that wave are
  // discarded), so what is consumed never depends on the thread count. The caller limits
  // the threads (run() does).
  template <class Consume>
  void run_chunks(uint64_t first, uint64_t end, Consume&& consume) {
    report_.threads = thread_count();
    // One set of agents per game played: per seating when entrants carry seat options.
    tbb::enumerable_thread_specific<AgentSets> agents([&] {
      AgentSets sets(seated_ ? size_t(players_) : 1);
      for (size_t r = 0; r < sets.size(); ++r)
        for (const Entrant& e : entrants_) sets[r].push_back(make_agent(game_at(r), e.agent));
      return sets;
    });
    // A search on several threads (`threads=` of an agent) gets them: fewer games at once.
    tbb::task_arena games(std::max(1, report_.threads / search_threads_));
    const auto start = std::chrono::steady_clock::now();
    uint64_t wave = std::max<uint64_t>(1, uint64_t(report_.threads) * 2), done = first;
    const bool progress = !options_.quiet && stderr_is_terminal();
    while (done < end) {
      const uint64_t count = std::min(wave, end - done);
      std::vector<ChunkResult> results(count);
      const auto wave_start = std::chrono::steady_clock::now();
      games.execute([&] {
        tbb::parallel_for(uint64_t{0}, count,
                          [&](uint64_t i) { run_chunk(done + i, agents.local(), results[i]); });
      });
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
      if (progress) show_progress(start, done - first, end - first);
    }
    if (progress) std::fprintf(stderr, "\r\033[K");
  }

  uint64_t chunk_count() const { return (deals_ + chunk_deals_ - 1) / chunk_deals_; }
  // Deals per chunk: 64, or fewer so that a run has at least 64 chunks (or one deal in
  // each): a short run of slow (search) games then still spreads over every thread. It depends on
  // the deals alone, never on threads, shards or processes, and chunks add exact counts, so the
  // totals are the same for any chunking.
  static uint64_t chunk_deals_for(uint64_t deals) {
    constexpr uint64_t kMaxChunkDeals = 64, kMinChunks = 64;
    return std::clamp<uint64_t>((deals + kMinChunks - 1) / kMinChunks, 1, kMaxChunkDeals);
  }
  const BalanceReport& report() const { return report_; }
  BalanceAccumulator empty_accumulator() const {
    return BalanceAccumulator(players_, int(lineup_.size()), report_.end_reason_names.size(),
                              report_.elements ? &*report_.elements : nullptr);
  }

  // Whether each deal is played in every rotation of the lineup (`specs`: one per seat). With
  // the same agent in every seat a rotation would replay the deal with the same players: the
  // copies would count as independent games and shrink every interval, so such a run plays
  // each deal once (a tournament still needs every rotation).
  static bool pairs_deals(const BalanceOptions& options, const std::vector<std::string>& specs) {
    const bool one_agent =
        std::all_of(specs.begin(), specs.end(), [&](const auto& s) { return s == specs[0]; });
    return options.paired && (!one_agent || options.tournament || options.rotate_one_agent);
  }

  // What a checkpoint or a shard must agree on to be combined with this run.
  nlohmann::json checkpoint_identity() const {
    return {{"engine", kEngineVersion},
            {"game", report_.game},
            {"config", report_.config},
            {"data", data_file_hashes(G::config_schema(), report_.config)},
            {"agents", report_.agents},
            {"seed", report_.seed},
            {"deals", report_.deals},
            {"paired", options_.paired},
            {"chunk_deals", chunk_deals_},
            {"shard", {options_.shard.index, options_.shard.count}},
            {"decisiveness", {decisiveness_games_, options_.decisiveness_playouts}}};
  }

  // What the totals of chunks [first, next) add up to.
  ExpectedCounts expected_counts(uint64_t first, uint64_t next) const {
    const auto deals_before = [&](uint64_t chunk) {
      return std::min(deals_, chunk * chunk_deals_);
    };
    const uint64_t deals = deals_before(next) - deals_before(first);
    const bool pairs = paired_ && players_ == 2 && lineup_.size() == 2;
    return {deals * orders_, pairs ? deals : 0};
  }

 private:
  int thread_count() const {
    return options_.threads > 0 ? options_.threads
                                : static_cast<int>(tbb::info::default_concurrency());
  }

  static double seconds_since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
  }

  using AgentSets = std::vector<std::vector<std::unique_ptr<Agent<G>>>>;

  // Entrants with seat options (experiments/run/entrant.hpp): one game per rotation of the lineup,
  // each with the options of the entrants in its seats.
  void seat_entrants(const ParamSet& config) {
    const std::string changed = config.to_string(true);  // what the run's config sets
    const auto base = changed.empty() ? std::map<std::string, std::string>{}
                                      : parse_key_values({changed}, "config");
    for (int rotation = 0; rotation < players_; ++rotation) {
      std::vector<Entrant> by_seat;
      for (int seat = 0; seat < players_; ++seat)
        by_seat.push_back(entrants_[size_t((seat + rotation) % players_) % entrants_.size()]);
      const ParamSet seated(G::config_schema(),
                            seated_config(G::config_schema(), base, by_seat, G::kId),
                            fmt::format("game '{}' config", G::kId));
      rotation_configs_.push_back(seated.to_json());
      rotation_games_.push_back(std::make_unique<const G>(seated));
    }
  }

  // The game of a rotation of the lineup over the seats.
  const G& game_at(uint64_t rotation) const {
    return seated_ ? *rotation_games_[size_t(rotation)] : game_;
  }

  void run_chunk(uint64_t chunk, AgentSets& agent_sets, ChunkResult& out) const {
    out.totals = empty_accumulator();
    out.matches = MatchTally(lineup_.size());
    const uint64_t first = chunk * chunk_deals_, last = std::min(deals_, first + chunk_deals_);
    std::vector<Agent<G>*> seats(static_cast<size_t>(players_));
    std::vector<Rng> rngs(static_cast<size_t>(players_));
    std::vector<int> agent_of_seat(static_cast<size_t>(players_));
    std::vector<std::string> actions;
    // The states of a game whose decisiveness is measured; match points by agent.
    std::vector<typename G::State> trajectory;
    std::vector<int64_t> match_points(lineup_.size());
    for (uint64_t deal = first; deal < last; ++deal) {
      const uint64_t deal_seed = derive_seed(options_.seed, deal, Stream::Deal);
      int pair_half_points = 0;
      DealOutcome outcome;
      std::fill(match_points.begin(), match_points.end(), 0);
      for (uint64_t order = 0; order < orders_; ++order) {
        const uint64_t index = deal * orders_ + order;
        // Paired: rotation `order`; unpaired: the lineup still rotates with the deal.
        const uint64_t rotation = paired_ ? order : deal % uint64_t(players_);
        const G& game = game_at(rotation);
        auto& agents = agent_sets[seated_ ? size_t(rotation) : 0];
        for (int seat = 0; seat < players_; ++seat) {
          agent_of_seat[size_t(seat)] =
              int((uint64_t(seat) + rotation) % uint64_t(players_)) % int(lineup_.size());
          seats[size_t(seat)] = agents[size_t(agent_of_seat[size_t(seat)])].get();
          rngs[size_t(seat)].reseed(
              derive_seed(options_.seed, index, Stream::Agent, uint64_t(seat)));
        }
        const bool record = !options_.record_path.empty() && index % options_.record_every == 0;
        actions.clear();
        trajectory.clear();
        Hasher running_hash;
        const bool decisiveness = decisiveness_stride_ > 0 && index % decisiveness_stride_ == 0;
        const PlayedGame<G> played = play_game<G>(
            game, seats, deal_seed, rngs, record ? &actions : nullptr,
            decisiveness || record
                ? StepObserver<G>([&](const typename G::State& before, typename G::Action,
                                      const typename G::State& after) {
                    if (decisiveness) trajectory.push_back(before);
                    if (record) running_hash.add(game.hash(after));
                  })
                : StepObserver<G>{});
        const auto results = game_results(game, played.returns);
        if (decisiveness) {
          Rng evaluation_rng(derive_seed(options_.seed, index, Stream::Misc));
          out.totals.ludii.add_decisiveness(
              measure_decisiveness<G>(game, trajectory, std::span(results.data(), size_t(players_)),
                                      options_.decisiveness_playouts, evaluation_rng));
        }
        if constexpr (HasMatchPoints<G>)
          if (options_.tournament)
            for (int seat = 0; seat < players_; ++seat)
              match_points[size_t(agent_of_seat[size_t(seat)])] +=
                  game.match_points(played.final_state, seat);
        int end_reason = -1;
        if constexpr (HasEndReasons<G>) end_reason = game.end_reason(played.final_state);
        out.totals.add_game(results, agent_of_seat.data(), played.decisions, end_reason);
        if constexpr (HasElementStats<G>)
          game.collect_elements(played.final_state, out.totals.elements);
        for (int seat = 0; seat < players_; ++seat)
          if (agent_of_seat[size_t(seat)] == 0)
            pair_half_points += half_points(results[size_t(seat)]);
        if (options_.deal_outcomes) {
          outcome.seat0_half_points += half_points(results[0]);
          outcome.decisions += int64_t(played.decisions);
        }
        if (record)
          out.records.push_back(record_line(index, deal_seed, agent_of_seat, actions, played,
                                            running_hash.value(), rotation));
      }
      if (paired_ && players_ == 2 && lineup_.size() == 2) out.totals.add_pair(pair_half_points);
      outcome.agent0_half_points = pair_half_points;
      if (options_.deal_outcomes) out.deals.push_back(outcome);
      if (options_.tournament) out.matches.add(match_points);
    }
  }

  std::string record_line(uint64_t index, uint64_t deal_seed, const std::vector<int>& agent_of_seat,
                          const std::vector<std::string>& actions, const PlayedGame<G>& played,
                          uint64_t running_hash, uint64_t rotation) const {
    GameRecord r;
    r.game = std::string(G::kId);
    r.config = seated_ ? rotation_configs_[size_t(rotation)] : report_.config;
    r.seed = deal_seed;
    r.index = index;
    for (int a : agent_of_seat) r.agents.push_back(specs_[size_t(a)]);
    r.actions = actions;
    r.returns.assign(played.returns.begin(), played.returns.begin() + players_);
    r.state_hash = hash_to_hex(game_at(rotation).hash(played.final_state));
    r.running_hash = hash_to_hex(running_hash);
    r.data = record_data_;
    return r.to_json().dump();
  }

  static int half_points(SeatResult r) {
    return r == SeatResult::Win ? 2 : r == SeatResult::Draw ? 1 : 0;
  }

  void show_progress(std::chrono::steady_clock::time_point start, uint64_t chunks_done,
                     uint64_t chunks) const {
    const BalanceAccumulator& t = report_.totals;
    const double elapsed = seconds_since(start);
    const double fraction = double(chunks_done) / double(chunks);
    const double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0;
    const double games = double(std::min(chunks_done * chunk_deals_, deals_) * orders_);
    std::fprintf(stderr, "\r\033[K%.0f%% of %s  %.0f games/s  ETA %.0f s  %s scores %s",
                 100.0 * fraction, G::kId.data(), elapsed > 0 ? games / elapsed : 0, eta,
                 specs_[0].c_str(), format_interval(t.by_agent[0].score()).c_str());
    std::fflush(stderr);
  }

  const G& game_;
  const BalanceOptions options_;  // a copy: runs are often built from temporaries
  int players_;
  std::vector<std::string> lineup_, specs_;
  bool paired_ = true;  // every deal in every rotation of the lineup
  std::vector<Entrant> entrants_;
  bool seated_ = false;     // some entrant sets seat options: a game per rotation
  int search_threads_ = 1;  // the most threads an entrant's decision runs on
  std::vector<std::unique_ptr<const G>> rotation_games_;
  std::vector<nlohmann::json> rotation_configs_;
  uint64_t orders_ = 1, deals_ = 0, chunk_deals_ = 64;
  uint64_t decisiveness_games_ = 0;   // the sample asked for or sized to the run
  uint64_t decisiveness_stride_ = 0;  // 0: not measured
  BalanceReport report_;
  nlohmann::json record_data_ = nlohmann::json::object();  // GameRecord::data
};

// --detect: a pilot of a quarter of the default games, then as many games as make the
// largest element table's minimum detectable effect (its median row) reach the target.
template <Game G>
uint64_t games_to_detect(const G& game, const BalanceOptions& o) {
  if constexpr (!HasCausalValues<G>) {
    throw Error(fmt::format("--detect: game '{}' declares no causal element values", G::kId));
  } else {
    const uint64_t pilot = std::max<uint64_t>(500, o.games / 4);
    const nlohmann::json values = run_causal_values(
        game, o.agents, o.seed, o.threads, o.quiet, pilot,
        o.causal_games
            ? std::optional<uint64_t>(*o.causal_games * pilot / std::max<uint64_t>(1, o.games))
            : std::nullopt);
    if (values.is_null()) throw Error("--detect needs causal values: drop --causal-games 0");
    const double mde = causal_table_mde(values);
    const double scale = mde > 0 ? (mde / o.detect) * (mde / o.detect) : 1;
    const uint64_t games =
        std::clamp<uint64_t>(uint64_t(std::ceil(double(pilot) * scale)), 100, uint64_t{1} << 26);
    if (!o.quiet)
      fmt::print(stderr, "--detect {}: a pilot of {} games detects {:.3f}; playing {} games\n",
                 o.detect, pilot, mde, games);
    return games;
  }
}

template <Game G>
int balance_command(const BalanceOptions& options) {
  const ParamSet config(G::config_schema(), options.config,
                        fmt::format("game '{}' config", G::kId));
  const G game(config);
  if (options.tournament) {
    if constexpr (!HasMatchPoints<G>)
      throw Error(
          fmt::format("game '{}' does not define how a match is scored; --tournament "
                      "needs a game with match points",
                      G::kId));
    if (!options.paired)
      throw Error("--tournament plays every deal in every seat order; drop --unpaired");
  }
  BalanceOptions o = options;
  if (o.detect > 0) o.games = games_to_detect(game, o);
  BalanceRun<G> run(game, config, o);
  BalanceReport report = run.run();
  // Causal values need every deal in one process: not for a shard or a resumed checkpoint.
  if (o.shard.whole() && o.checkpoint_path.empty())
    report.causal =
        run_causal_values(game, o.agents, o.seed, o.threads, o.quiet, report.deals, o.causal_games);
  if (reduce_balance_over_processes(report, run.empty_accumulator()))
    publish_balance(report, options.out_dir, options.report_path);
  return 0;
}

}  // namespace nf
