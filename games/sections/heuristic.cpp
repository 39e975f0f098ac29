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
      ParamSpec::real("projected", 1.6, -10, 10,
                      "weight of sections conquered if every open slot's counter slid in now"),
      ParamSpec::real("margin", 2.75, -10, 10,
                      "weight of the counter margins per section on that projected board, each "
                      "clamped to [-2, 2]"),
      ParamSpec::real("blocking", 1.3, -10, 10,
                      "weight of opponents' counters stuck behind an occupied entry cell"),
      ParamSpec::real("stuck", 1.7, -10, 10,
                      "cost of own counters stuck behind an occupied entry cell"),
      ParamSpec::real("reply", 1.0, 0, 1,
                      "share of an entry's value taken after the next seat's most damaging "
                      "reply (0: the value after the entry alone)"),
      ParamSpec::real("reply_place", 1.0, 0, 1,
                      "the same for placements, the next seat's placement"),
      ParamSpec::real("threat", 2.1, -10, 10,
                      "weight of opponents' counters that another seat's next entry could block "
                      "(mine are a cost)"),
      ParamSpec::real("pairs", 2.0, -10, 10,
                      "cost of own counters at both ends of a clear line (the first to enter "
                      "blocks the other), mine minus the opponents' average"),
      ParamSpec::integer("endgame", 4, 0, 8,
                         "empty slots at or below which the rest of the placement is searched "
                         "to its end, every other seat taken to play against the mover"),
      ParamSpec::integer("endgame_plies", 2, 0, 6,
                         "entries searched after that placement (2: an entry and its reply)"),
      ParamSpec::integer("plies", 0, 0, 4,
                         "further plies searched after an entry's reply, every other seat "
                         "taken to play against the mover (each costs several times the "
                         "work)"),
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
      threat_(params.get_real("threat")),
      pairs_(params.get_real("pairs")),
      endgame_(int(params.get_int("endgame"))),
      endgame_plies_(int(params.get_int("endgame_plies"))),
      plies_(int(params.get_int("plies"))) {}

// What the features are computed from: the board as it stands and with every waiting counter
// put where it would stop if it entered now.
struct Heuristic::Projection {
  std::array<int, kMaxSeats> sections_now{};    // sections conquered on the board
  SectionCounts projected{};                    // counters per section and seat, projected
  std::array<int, kMaxSeats> stuck{};           // waiting counters whose entry cell is taken
  std::array<uint64_t, kMaxSeats> open{};       // slots whose counter can enter
  std::array<uint64_t, kMaxSeats> can_block{};  // slots one entry of the seat's could block
  std::array<int, kMaxSeats> pairs{};  // lines the seat holds at both ends, clear between them

  // A counter of `seat` waiting in the open `slot`, which would stop on `landing`.
  void add_waiting(int seat, int slot, int landing) {
    ++projected[size_t(section_of(landing))][size_t(seat)];
    open[size_t(seat)] |= slot_bit(slot);
    can_block[size_t(seat)] |= kSlotsEnteringAt[size_t(landing)];
    // Whichever of the two enters first stops in front of the other: one counter is wasted.
    const int facing = opposite_slot(slot);
    if (open[size_t(seat)] & slot_bit(facing) && landing == entry_cell(facing))
      ++pairs[size_t(seat)];
  }
};

Heuristic::Projection Heuristic::project(const State& s) const {
  const int players = game_->num_players();
  Projection out;
  SectionCounts now{};
  for (int cell = 0; cell < kCells; ++cell)
    if (s.board[size_t(cell)] < kMaxSeats) ++now[size_t(section_of(cell))][s.board[size_t(cell)]];
  out.sections_now = conquered(now, players);
  out.projected = now;
  for (int p = 0; p < players; ++p)
    for (uint64_t waiting = s.slots_of[size_t(p)]; waiting; waiting &= waiting - 1) {
      const int slot = std::countr_zero(waiting);
      const int landing = SectionsGame::landing_cell(s, slot);
      if (landing < 0)
        ++out.stuck[size_t(p)];
      else
        out.add_waiting(p, slot, landing);
    }
  return out;
}

double Heuristic::value(const Projection& x, int seat) const {
  const int players = game_->num_players();
  double margin = 0;
  for (const auto& section : x.projected) {
    int best_other = 0;
    for (int p = 0; p < players; ++p)
      if (p != seat) best_other = std::max(best_other, section[size_t(p)]);
    margin += std::clamp(section[size_t(seat)] - best_other, -2, 2);
  }
  int opponents_stuck = 0, my_exposed = 0, opponents_exposed = 0, opponents_pairs = 0;
  for (int p = 0; p < players; ++p) {
    if (p != seat) opponents_stuck += x.stuck[size_t(p)], opponents_pairs += x.pairs[size_t(p)];
    uint64_t others_can_block = 0;
    for (int q = 0; q < players; ++q)
      if (q != p) others_can_block |= x.can_block[size_t(q)];
    const int exposed = std::popcount(x.open[size_t(p)] & others_can_block);
    (p == seat ? my_exposed : opponents_exposed) += exposed;
  }
  return threat_ * (double(opponents_exposed) / double(players - 1) - my_exposed) +
         sections_ * mine_minus_best_other(x.sections_now, seat, players) +
         projected_ * mine_minus_best_other(conquered(x.projected, players), seat, players) +
         margin_ * margin + blocking_ * double(opponents_stuck) / double(players - 1) -
         stuck_ * x.stuck[size_t(seat)] +
         pairs_ * (double(opponents_pairs) / double(players - 1) - x.pairs[size_t(seat)]);
}

double Heuristic::evaluate(const State& s, int seat) const {
  if (s.phase == Phase::Over) {  // the result outweighs every feature
    const int players = game_->num_players();
    std::array<int, kMaxSeats> scores{};
    for (int p = 0; p < players; ++p) scores[size_t(p)] = s.scores[size_t(p)];
    return 1000.0 * game_->returns(s)[size_t(seat)] + mine_minus_best_other(scores, seat, players);
  }
  return value(project(s), seat);
}

Action Heuristic::choose(const State& s, Rng& rng) const {
  FixedVector<Action, SectionsGame::kMaxActions> actions;
  game_->legal_actions(s, actions);
  if (s.phase == Phase::Setup) return actions[rng.below(uint32_t(actions.size()))];
  const int seat = s.to_move;
  FixedVector<Action, SectionsGame::kMaxActions> best;
  double best_value = -1e300;
  const auto consider = [&](Action a, double value) {
    if (value > best_value + 1e-9) {
      best.clear();
      best_value = value;
    }
    if (value >= best_value - 1e-9) best.push_back(a);
  };
  if (s.phase == Phase::Placement && int(actions.size()) <= endgame_) {
    // The last placements decide the blocking races of the movement, which the projection
    // cannot see: search them to the end and into the movement.
    const int plies = int(actions.size()) - 1 + endgame_plies_;
    for (const Action a : actions) {
      State next = s;
      game_->apply(next, a);
      consider(a, paranoid(next, seat, plies, best_value - 1e-6, 1e300));
    }
    return best[rng.below(uint32_t(best.size()))];
  }
  if (s.phase == Phase::Placement && actions.size() >= 2) {
    // Placements leave the board as it is, so every slot's landing cell stays the same until
    // the movement: the positions after a placement and a reply are this one's projection plus
    // two waiting counters, the same values evaluate() gives at a fraction of the cost.
    const Projection base = project(s);
    std::array<uint8_t, kSlots> landing{};
    for (const Action a : actions)
      landing[a.target] = uint8_t(SectionsGame::landing_cell(s, a.target));
    const int replier = (seat + 1) % game_->num_players();
    for (const Action a : actions) {
      Projection placed = base;
      placed.add_waiting(seat, a.target, landing[a.target]);
      const double now = value(placed, seat);
      if (reply_place_ == 0) {
        consider(a, now);
        continue;
      }
      double worst = 1e300;
      for (const Action reply : actions) {
        if (reply == a) continue;
        Projection replied = placed;
        replied.add_waiting(replier, reply.target, landing[reply.target]);
        worst = std::min(worst, value(replied, seat));
        if ((1 - reply_place_) * now + reply_place_ * worst < best_value - 1e-9) break;
      }
      consider(a, (1 - reply_place_) * now + reply_place_ * worst);
    }
    return best[rng.below(uint32_t(best.size()))];
  }
  const double weight = s.phase == Phase::Movement ? reply_ : reply_place_;
  for (const Action a : actions) {
    State next = s;
    game_->apply(next, a);
    consider(a, weight > 0 ? value_after_reply(next, seat, weight, best_value - 1e-9)
                           : evaluate(next, seat));
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
    // Further plies only where the reply was an entry: placements are searched two deep.
    worst = std::min(worst, plies_ > 0 && after.phase == Phase::Movement
                                ? paranoid(after, seat, plies_, -1e300, worst)
                                : evaluate(after, seat));
    if ((1 - weight) * now + weight * worst < floor) break;  // cannot be the best move
  }
  return (1 - weight) * now + weight * worst;
}

double Heuristic::paranoid(const State& s, int seat, int plies, double alpha, double beta) const {
  if (plies == 0 || s.phase == Phase::Over) return evaluate(s, seat);
  FixedVector<Action, SectionsGame::kMaxActions> actions;
  game_->legal_actions(s, actions);
  const bool mine = s.to_move == seat;
  double best = mine ? -1e300 : 1e300;
  for (const Action a : actions) {
    State next = s;
    game_->apply(next, a);
    const double v = paranoid(next, seat, plies - 1, alpha, beta);
    if (mine) {
      best = std::max(best, v);
      alpha = std::max(alpha, v);
    } else {
      best = std::min(best, v);
      beta = std::min(beta, v);
    }
    if (alpha >= beta) break;
  }
  return best;
}

}  // namespace nf::sections
