// Causal element values, the headline of `balance` for games that declare them
// (core/causal.hpp): on the same deals and agent seeds, every element a seat holds is replaced,
// on that seat only, by its group's neutral reference, and the paired difference of that seat's
// score (base minus replaced) is the element's value in its context (the deck, realm or map it
// is in). The base game of a deal is played once and shared by every replacement of the deal,
// and not at all when nothing of the deal is replaced (unless contexts are valued against the
// field, below).
//
// Budget: a run of D deals may play about `budget` replacement games (a later block plans by the
// rates seen so far, so a few more can be played). When every element of every deal fits, all are
// played; otherwise the first block of deals (up to 512, as many as half the budget pays for when
// 512 would not fit) replaces every element, and each later block replaces only the elements whose
// intervals are widest, as many as the block's share of the remaining budget allows. Every decision
// depends only on blocks already merged in deal order, so the result does not depend on the thread
// or process count (under MPI every rank plays its part of each block and every rank merges the
// whole block).
//
// Contexts drawn at random by the deal (random decks) are valued against the field: a seat's
// score with the context minus its fair share, a randomized comparison on the base games.
#pragma once

#include <fmt/format.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numeric>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "agents/registry.hpp"
#include "core/causal.hpp"
#include "core/game.hpp"
#include "core/rng.hpp"
#include "core/stats.hpp"
#include "experiments/report/atomic_file.hpp"
#include "experiments/report/format.hpp"
#include "experiments/run/causal_progress.hpp"
#include "experiments/run/causal_tally.hpp"
#include "experiments/run/checkpoint.hpp"
#include "experiments/run/entrant.hpp"
#include "experiments/run/lineup.hpp"
#include "experiments/run/mpi.hpp"
#include "experiments/run/runner.hpp"

namespace nf {

template <Game G>
requires HasCausalValues<G>
class CausalRun {
 public:
  // `groups`: the names of the groups to value (empty: every group); nf::Error for a name the
  // game does not have.
  CausalRun(const G& game, const std::vector<std::string>& agents, uint64_t seed, int threads,
            bool quiet, const std::vector<std::string>& groups = {})
      : game_(game),
        seed_(seed),
        threads_(threads),
        quiet_(quiet),
        players_(game.num_players()),
        schema_(game.causal_schema()),
        groups_measured_(causal_groups_measured(causal_group_names(schema_), groups, G::kId)) {
    for (const std::string& spec : lineup_for_players(agents, players_, G::kId))
      specs_.push_back(parse_entrant(spec).agent);
  }

  const CausalSchema& schema() const { return schema_; }

  // Plays deals [0, deals) with at most `budget` replacement games. With a checkpoint (one
  // process only), continues from the progress saved in it and saves its own as it goes.
  CausalTally run(uint64_t deals, uint64_t budget, CausalRunInfo& info,
                  CheckpointWriter* checkpoint = nullptr) {
    const auto start = std::chrono::steady_clock::now();
    const int threads = threads_ > 0 ? threads_ : int(tbb::info::default_concurrency());
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism, size_t(threads));
    tbb::enumerable_thread_specific<std::vector<std::unique_ptr<Agent<G>>>> agents([&] {
      std::vector<std::unique_ptr<Agent<G>>> a;
      for (const auto& s : specs_) a.push_back(make_agent(game_, s));
      return a;
    });
    const CausalTally empty(schema_.elements.size(), schema_.contexts.size());
    const MpiWorld world = mpi_world();
    const uint64_t rank = uint64_t(world.rank), ranks = uint64_t(world.size);
    if (ranks > 1) checkpoint = nullptr;  // ranks would save at different moments
    info.budget = budget;
    info.contexts_randomized = game_.contexts_randomized();
    info.groups_measured = groups_measured_;
    const uint64_t scanned = std::min(kBlockDeals, deals);
    const uint64_t pilot = causal_pilot_deals(slots_per_deal(scanned), budget);
    // After a pilot cut short by the budget, smaller blocks re-plan more often.
    const uint64_t block =
        pilot < scanned ? std::clamp(pilot, kMinBlockDeals, kBlockDeals) : kBlockDeals;
    const auto block_deals = [&](uint64_t done) {
      return std::min(done == 0 ? pilot : block, deals - done);
    };
    // Up to 64 chunks a block, so that a short block uses every core.
    const auto chunk_deals = [](uint64_t count) {
      return std::clamp<uint64_t>(count / 64, 1, kChunkDeals);
    };
    CausalProgress progress{budget, groups_measured_, 0, 0, {}, true, 0, empty};
    if (checkpoint && !checkpoint->causal_progress().is_null()) {
      progress = resumed(*checkpoint, progress, deals, block_deals, chunk_deals);
      if (!quiet_)
        fmt::print(stderr, "causal values: resumed from the checkpoint at deal {} of {}\n",
                   progress.total.deals, deals);
    }
    info.full_coverage = progress.full_coverage;
    const auto save = [&] {
      progress.full_coverage = info.full_coverage;
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      nlohmann::json j = causal_progress_json(progress);
      j["seconds"] = progress.seconds + seconds;
      checkpoint->save_causal_progress(j);
    };
    CausalTally& total = progress.total;
    while (progress.block_start < deals) {
      const uint64_t done = progress.block_start, count = block_deals(done);
      if (progress.chunks_done == 0) {
        const double left = double(budget) - double(total.replacement_games);
        progress.plan = causal_plan(total, done, deals, count, left);
        if (!std::all_of(progress.plan.begin(), progress.plan.end(), [](char c) { return c != 0; }))
          info.full_coverage = false;
      }
      const std::vector<char>& plan = progress.plan;
      const uint64_t chunk = chunk_deals(count), chunks = (count + chunk - 1) / chunk;
      // Waves of chunks, merged in chunk order, so that progress can be saved between them;
      // under MPI (no checkpoint) a wave is the whole block and chunk c is played by rank
      // c mod ranks and then shared with every rank.
      const uint64_t wave = checkpoint ? std::max<uint64_t>(1, uint64_t(threads) * 4) : chunks;
      for (uint64_t from = progress.chunks_done; from < chunks;) {
        const uint64_t n = std::min(wave, chunks - from);
        std::vector<CausalTally> results(n, empty);
        const uint64_t mine = (n + ranks - 1 - rank) / ranks;  // chunks rank, rank + ranks, ...
        tbb::parallel_for(uint64_t{0}, mine, [&](uint64_t i) {
          const uint64_t c = rank + i * ranks;
          const uint64_t first = done + (from + c) * chunk;
          run_chunk(first, std::min(done + count, first + chunk), plan, agents.local(), results[c]);
        });
        share_causal_chunks(results, int(rank), int(ranks));
        for (const auto& r : results) total.merge(r);
        from += n;
        progress.chunks_done = from;
        if (from == chunks) {  // the next block plans afresh
          progress.block_start += count;
          progress.chunks_done = 0;
          progress.plan.clear();
        }
        if (checkpoint && checkpoint->due(progress.block_start == deals)) save();
      }
      if (!quiet_ && stderr_is_terminal()) {
        std::fprintf(stderr, "\r\033[Kcausal values: %llu of %llu deals, %llu replacement games",
                     static_cast<unsigned long long>(progress.block_start),
                     static_cast<unsigned long long>(deals),
                     static_cast<unsigned long long>(total.replacement_games));
        std::fflush(stderr);
      }
    }
    if (!quiet_ && stderr_is_terminal()) std::fprintf(stderr, "\r\033[K");
    info.seconds = progress.seconds +
                   std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(total);
  }

 private:
  static constexpr uint64_t kBlockDeals = 512, kMinBlockDeals = 32, kChunkDeals = 8;

  // The progress saved in `checkpoint`, checked against this run (`fresh`: its progress before
  // any deal) and its blocks of deals and chunks; nf::Error naming the checkpoint's field.
  template <class BlockDeals, class ChunkDeals>
  static CausalProgress resumed(const CheckpointWriter& checkpoint, const CausalProgress& fresh,
                                uint64_t deals, BlockDeals&& block_deals,
                                ChunkDeals&& chunk_deals) {
    const auto fail = [&](const std::string& field, const std::string& problem) {
      checkpoint.fail(field, problem);
    };
    CausalProgress p = read_causal_progress(checkpoint.causal_progress(), fresh.total, fail);
    if (p.budget != fresh.budget)
      fail("causal.budget",
           fmt::format("is {} replacement games, this run's is {} (--causal-games)", p.budget,
                       fresh.budget));
    if (p.groups_measured != fresh.groups_measured)
      fail("causal.groups_measured", "differs from this run's groups (--causal-groups)");
    // The finished blocks must end on a block's boundary, and the chunks done within a block.
    uint64_t boundary = 0;
    while (boundary < p.block_start && boundary < deals) boundary += block_deals(boundary);
    if (boundary != p.block_start)
      fail("causal.block_start", fmt::format("is {}, not where a block of this run's {} deals "
                                             "starts",
                                             p.block_start, deals));
    uint64_t done = p.block_start;
    if (p.block_start < deals) {
      const uint64_t count = block_deals(p.block_start), chunk = chunk_deals(count);
      if (p.chunks_done >= (count + chunk - 1) / chunk)
        fail("causal.chunks_done", fmt::format("is {}, more than the block has", p.chunks_done));
      if (p.chunks_done > 0 && p.plan.size() != fresh.total.cells.size())
        fail("causal.plan", "does not have one entry per element and context");
      done += std::min(count, p.chunks_done * chunk);
    } else if (p.chunks_done != 0) {
      fail("causal.chunks_done", "must be 0 once every deal is done");
    }
    if (p.total.deals != done)
      fail("causal.counts.deals",
           fmt::format("is {} where the progress gives {}", p.total.deals, done));
    return p;
  }

  // The elements in play in a deal, of the groups this run values.
  void measured_slots(const typename G::State& initial, std::vector<CausalSlot>& slots) const {
    game_.causal_slots(initial, slots);
    std::erase_if(slots, [&](const CausalSlot& slot) {
      return !groups_measured_[size_t(schema_.group_of[size_t(slot.element)])];
    });
  }

  // How many elements each of the first `deals` deals has in play (dealing only, no game).
  std::vector<uint32_t> slots_per_deal(uint64_t deals) const {
    std::vector<uint32_t> out;
    std::vector<CausalSlot> slots;
    for (uint64_t deal = 0; deal < deals; ++deal) {
      measured_slots(game_.initial_state(derive_seed(seed_, deal, Stream::Deal)), slots);
      out.push_back(uint32_t(slots.size()));
    }
    return out;
  }

  static int half_points(SeatResult r) {
    return r == SeatResult::Win ? 2 : r == SeatResult::Draw ? 1 : 0;
  }

  // Seat s of deal d is played by lineup agent (s + d) mod players, as in an unpaired balance.
  void seat_agents(uint64_t deal, std::vector<std::unique_ptr<Agent<G>>>& agents,
                   std::vector<Agent<G>*>& seats) const {
    for (int s = 0; s < players_; ++s)
      seats[size_t(s)] =
          agents[size_t((uint64_t(s) + deal) % uint64_t(players_)) % agents.size()].get();
  }

  std::array<int, G::kMaxPlayers> play(const typename G::State& initial,
                                       std::span<Agent<G>* const> seats, uint64_t deal) const {
    std::vector<Rng> rngs(static_cast<size_t>(players_));
    for (int s = 0; s < players_; ++s)
      rngs[size_t(s)].reseed(derive_seed(seed_, deal, Stream::Agent, uint64_t(s)));
    typename G::State state = initial;
    uint64_t decisions = 0;
    while (!game_.is_terminal(state)) {
      const int seat = game_.current_player(state);
      game_.apply(state, seats[size_t(seat)]->act(state, rngs[size_t(seat)]));
      if (++decisions > kMaxDecisions)
        throw Error(fmt::format("game '{}' did not end after {} decisions (deal {})", G::kId,
                                kMaxDecisions, deal));
    }
    const auto results = game_results(game_, game_.returns(state));
    std::array<int, G::kMaxPlayers> out{};
    for (int s = 0; s < players_; ++s) out[size_t(s)] = half_points(results[size_t(s)]);
    return out;
  }

  void run_chunk(uint64_t first, uint64_t end, const std::vector<char>& plan,
                 std::vector<std::unique_ptr<Agent<G>>>& agents, CausalTally& out) const {
    out = CausalTally(schema_.elements.size(), schema_.contexts.size());
    std::vector<Agent<G>*> seats(static_cast<size_t>(players_));
    std::vector<CausalSlot> slots;
    const bool field = game_.contexts_randomized();
    std::vector<double> y(schema_.contexts.size()), m(schema_.contexts.size());
    for (uint64_t deal = first; deal < end; ++deal) {
      const uint64_t deal_seed = derive_seed(seed_, deal, Stream::Deal);
      const typename G::State initial = game_.initial_state(deal_seed);
      measured_slots(initial, slots);
      ++out.deals;
      // A deal with no element to replace in this block needs its base game only for the
      // values against the field: a long run of short games spends its budget in few deals.
      if (!field && std::none_of(slots.begin(), slots.end(), [&](const CausalSlot& slot) {
            return plan[out.cell(slot.element, slot.context)] != 0;
          })) {
        for (const CausalSlot& slot : slots) ++out.present[out.cell(slot.element, slot.context)];
        continue;
      }
      seat_agents(deal, agents, seats);
      const auto base = play(initial, seats, deal);
      ++out.base_games;
      if (field) {
        std::fill(y.begin(), y.end(), 0.0), std::fill(m.begin(), m.end(), 0.0);
        for (int s = 0; s < players_; ++s) {
          const int c = game_.causal_context(initial, s);
          if (c < 0) continue;
          y[size_t(c)] += base[size_t(s)] - 2.0 / players_;
          m[size_t(c)] += 1;
        }
        for (size_t c = 0; c < y.size(); ++c)
          if (m[c] > 0) out.field[c].add(y[c], m[c]);
      }
      for (const CausalSlot& slot : slots) {
        const size_t cell = out.cell(slot.element, slot.context);
        ++out.present[cell];
        if (!plan[cell]) continue;
        typename G::State replaced = initial;
        game_.causal_replace(replaced, slot.seat, slot.element);
        const auto r = play(replaced, seats, deal);
        ++out.replacement_games;
        out.cells[cell].add(base[size_t(slot.seat)] - r[size_t(slot.seat)]);
      }
    }
  }

  const G& game_;
  uint64_t seed_;
  int threads_;
  bool quiet_;
  int players_;
  CausalSchema schema_;
  std::vector<char> groups_measured_;  // per group of the schema
  std::vector<std::string> specs_;
};

// The causal values of a balance run of `deals` deals (the same deals and agent seeds as the
// run), as summary.json's "causal_values"; null when the game declares none or the run asks for
// none (`replacements` 0). `groups`: the groups to value (empty: every group).
template <Game G>
nlohmann::json run_causal_values(const G& game, const std::vector<std::string>& agents,
                                 uint64_t seed, int threads, bool quiet, uint64_t deals,
                                 std::optional<uint64_t> replacements,
                                 const std::vector<std::string>& groups = {},
                                 CheckpointWriter* checkpoint = nullptr) {
  if constexpr (!HasCausalValues<G>) {
    return nullptr;
  } else {
    CausalRun<G> run(game, agents, seed, threads, quiet, groups);
    const uint64_t budget =
        replacements ? *replacements
                     : uint64_t(std::ceil(run.schema().replacements_per_game * double(deals)));
    if (budget == 0) return nullptr;
    CausalRunInfo info;
    const CausalTally tally = run.run(deals, budget, info, checkpoint);
    return causal_values_json(run.schema(), tally, info);
  }
}

}  // namespace nf
