#include "games/sections/heuristic.hpp"

#include <algorithm>
#include <bit>

namespace nf::sections {
namespace {

using SectionCounts = std::array<std::array<int, kMaxSeats>, kSections>;

// Sections each seat holds a strict majority in.
std::array<int, kMaxSeats> conquered(const SectionCounts& counts, int players) {
  std::array<int, kMaxSeats> out{};
  for (const auto& section : counts) {
    const int holder = majority_holder(section, players);
    if (holder >= 0) ++out[size_t(holder)];
  }
  return out;
}

int mine_minus_best_other(const std::array<int, kMaxSeats>& values, int seat, int players) {
  int best_other = -1000;
  for (int p = 0; p < players; ++p)
    if (p != seat) best_other = std::max(best_other, values[size_t(p)]);
  return values[size_t(seat)] - best_other;
}

}  // namespace

ParamSchema Heuristic::schema() {
  return {
      ParamSpec::real("sections", 0.0, -10, 10,
                      "weight of sections conquered now (mine minus the best opponent's); the "
                      "projected board already counts them"),
      ParamSpec::real("projected", 1.0, -10, 10,
                      "weight of sections conquered if every open slot's counter slid in now"),
      ParamSpec::real("margin", 1.0, -10, 10,
                      "weight of the counter margins per section on that projected board, each "
                      "clamped to [-2, 2]"),
      ParamSpec::real("blocking", 1.5, -10, 10,
                      "weight of opponents' counters stuck behind an occupied entry cell"),
      ParamSpec::real("stuck", 0.5, -10, 10,
                      "cost of own counters stuck behind an occupied entry cell"),
      ParamSpec::real("reply", 1.0, 0, 1,
                      "share of an entry's value taken after the next seat's most damaging "
                      "reply (0: the value after the entry alone)"),
      ParamSpec::real("reply_place", 0.0, 0, 1,
                      "the same for placements (costly: about 10 times the placement work)"),
      ParamSpec::real("threat", 1.0, -10, 10,
                      "weight of opponents' counters that another seat's next entry could block "
                      "(mine are a cost)"),
  };
}

Heuristic::Heuristic(const SectionsGame& game, const ParamSet& params)
    : game_(&game),
      sections_(params.get_real("sections")),
      projected_(params.get_real("projected")),
      margin_(params.get_real("margin")),
      blocking_(params.get_real("blocking")),
      stuck_(params.get_real("stuck")),
      reply_(params.get_real("reply")),
      reply_place_(params.get_real("reply_place")),
      threat_(params.get_real("threat")) {}

double Heuristic::evaluate(const State& s, int seat) const {
  const int players = game_->num_players();
  if (s.phase == Phase::Over) {  // the result outweighs every feature
    std::array<int, kMaxSeats> scores{};
    for (int p = 0; p < players; ++p) scores[size_t(p)] = s.scores[size_t(p)];
    return 1000.0 * game_->returns(s)[size_t(seat)] + mine_minus_best_other(scores, seat, players);
  }
  SectionCounts now{};
  for (int cell = 0; cell < kCells; ++cell)
    if (s.board[size_t(cell)] < kMaxSeats) ++now[size_t(section_of(cell))][s.board[size_t(cell)]];
  SectionCounts projected = now;
  std::array<int, kMaxSeats> stuck{};
  std::array<uint64_t, kMaxSeats> can_block{};  // slots one entry of the seat's could block
  for (int p = 0; p < players; ++p)
    for (uint64_t waiting = s.slots_of[size_t(p)]; waiting; waiting &= waiting - 1) {
      const int landing = SectionsGame::landing_cell(s, std::countr_zero(waiting));
      if (landing < 0) {
        ++stuck[size_t(p)];
      } else {
        ++projected[size_t(section_of(landing))][size_t(p)];
        can_block[size_t(p)] |= kSlotsEnteringAt[size_t(landing)];
      }
    }
  int my_exposed = 0, opponents_exposed = 0;
  if (threat_ != 0) {
    for (int p = 0; p < players; ++p) {
      uint64_t others = 0;
      for (int q = 0; q < players; ++q)
        if (q != p) others |= can_block[size_t(q)];
      const int exposed = std::popcount(s.slots_of[size_t(p)] & ~s.blocked & others);
      (p == seat ? my_exposed : opponents_exposed) += exposed;
    }
  }
  double margin = 0;
  for (const auto& section : projected) {
    int best_other = 0;
    for (int p = 0; p < players; ++p)
      if (p != seat) best_other = std::max(best_other, section[size_t(p)]);
    margin += std::clamp(section[size_t(seat)] - best_other, -2, 2);
  }
  int opponents_stuck = 0;
  for (int p = 0; p < players; ++p)
    if (p != seat) opponents_stuck += stuck[size_t(p)];
  return threat_ * (double(opponents_exposed) / double(players - 1) - my_exposed) +
         sections_ * mine_minus_best_other(conquered(now, players), seat, players) +
         projected_ * mine_minus_best_other(conquered(projected, players), seat, players) +
         margin_ * margin + blocking_ * double(opponents_stuck) / double(players - 1) -
         stuck_ * stuck[size_t(seat)];
}

Action Heuristic::choose(const State& s, Rng& rng) const {
  FixedVector<Action, SectionsGame::kMaxActions> actions;
  game_->legal_actions(s, actions);
  if (s.phase == Phase::Setup) return actions[rng.below(uint32_t(actions.size()))];
  const int seat = s.to_move;
  FixedVector<Action, SectionsGame::kMaxActions> best;
  double best_value = -1e300;
  for (const Action a : actions) {
    State next = s;
    game_->apply(next, a);
    const double weight = s.phase == Phase::Movement ? reply_ : reply_place_;
    const double value = weight > 0 ? value_after_reply(next, seat, weight, best_value - 1e-9)
                                    : evaluate(next, seat);
    if (value > best_value + 1e-9) {
      best.clear();
      best_value = value;
    }
    if (value >= best_value - 1e-9) best.push_back(a);
  }
  return best[rng.below(uint32_t(best.size()))];
}

double Heuristic::value_after_reply(const State& next, int seat, double weight,
                                    double floor) const {
  const double now = evaluate(next, seat);
  if (next.phase == Phase::Over || next.to_move == seat) return now;
  FixedVector<Action, SectionsGame::kMaxActions> replies;
  game_->legal_actions(next, replies);
  double worst = 1e300;
  for (const Action reply : replies) {
    State after = next;
    game_->apply(after, reply);
    worst = std::min(worst, evaluate(after, seat));
    if ((1 - weight) * now + weight * worst < floor) break;  // cannot be the best move
  }
  return (1 - weight) * now + weight * worst;
}

}  // namespace nf::sections
