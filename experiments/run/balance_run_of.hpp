// The game-typed part of a balance run (experiments/run/balance_run.hpp): the agents and the
// loop that plays each chunk's deals and fills its counters. The hot path; everything before
// and after the counts is BalanceRun's, compiled once.
#pragma once

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "agents/game_hooks.hpp"
#include "agents/registry.hpp"
#include "core/game.hpp"
#include "core/hash.hpp"
#include "core/record.hpp"
#include "experiments/run/balance_run.hpp"
#include "experiments/run/data_files.hpp"
#include "experiments/run/decisiveness.hpp"
#include "experiments/run/entrant.hpp"
#include "experiments/run/lineup.hpp"
#include "experiments/run/runner.hpp"

namespace nf {

template <Game G>
class BalanceRunOf final : public BalanceRun {
 public:
  BalanceRunOf(const G& game, const ParamSet& config, const BalanceOptions& options)
      : BalanceRun(options), game_(game) {
    players_ = game.num_players();
    lineup_ = lineup_for_players(options.agents, players_, G::kId);
    for (const auto& spec : lineup_) {
      entrants_.push_back(parse_entrant(spec));
      const auto agent = make_agent(game_, entrants_.back().agent);
      specs_.push_back(entrant_label(agent->spec(), entrants_.back()));
      search_threads_ = std::max(search_threads_, agent->threads());
      seated_ = seated_ || !entrants_.back().seated.empty();
    }
    if (seated_) seat_entrants(config);
    report_.game = std::string(G::kId);
    report_.one_team = is_one_team(game_);
    report_.config = config.to_json();
    if constexpr (HasEndReasons<G>) report_.end_reason_names = G::end_reasons();
    if constexpr (HasElementStats<G>) report_.elements = game_.element_schema();
    data_hashes_ = data_file_hashes(G::config_schema(), report_.config);
    plan([&](uint64_t games) {
      return decisiveness_sample_size(game_, options.seed, games, options.decisiveness_playouts);
    });
    if (!options.record_path.empty())
      record_data_ = record_data_files(G::config_schema(), report_.config, options.record_path);
  }

 private:
  using AgentSets = std::vector<std::vector<std::unique_ptr<Agent<G>>>>;

  void play_chunks(uint64_t first, uint64_t count, std::vector<BalanceChunk>& results) override {
    // One set of agents per game played (per seating when entrants carry seat options), made
    // once per thread for the whole run.
    if (!agents_)
      agents_ = std::make_unique<tbb::enumerable_thread_specific<AgentSets>>([&] {
        AgentSets sets(seated_ ? size_t(players_) : 1);
        for (size_t r = 0; r < sets.size(); ++r)
          for (const Entrant& e : entrants_) sets[r].push_back(make_agent(game_at(r), e.agent));
        return sets;
      });
    // A search on several threads (`threads=` of an agent) gets them: fewer games at once.
    if (!arena_) arena_.emplace(std::max(1, report_.threads / search_threads_));
    arena_->execute([&] {
      tbb::parallel_for(uint64_t{0}, count,
                        [&](uint64_t i) { run_chunk(first + i, agents_->local(), results[i]); });
    });
  }

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

  void run_chunk(uint64_t chunk, AgentSets& agent_sets, BalanceChunk& out) const {
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

  const G& game_;
  std::vector<Entrant> entrants_;
  bool seated_ = false;     // some entrant sets seat options: a game per rotation
  int search_threads_ = 1;  // the most threads an entrant's decision runs on
  std::vector<std::unique_ptr<const G>> rotation_games_;
  std::vector<nlohmann::json> rotation_configs_;
  std::unique_ptr<tbb::enumerable_thread_specific<AgentSets>> agents_;
  std::optional<tbb::task_arena> arena_;
  nlohmann::json record_data_ = nlohmann::json::object();  // GameRecord::data
};

}  // namespace nf
