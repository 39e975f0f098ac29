// The observation tensor of a seat: the whole state (the game has no hidden information) from
// the seat's side. Seats are relative: 0 is the seat itself, then the others in seat order
// after it. N is the number of players.
//   [per cell 81: empty, red, a counter of relative seat N (2 + N) x 81]
//   [per slot 36: a counter of relative seat N waiting in it N x 36][entry cell taken 36]
//   [counters still to place / counters per seat N][sections conquered / 9 N]
//   [red counter placed in section 9][phase: setup, placement, movement, over 4]
//   [seat N][relative seat to move N][relative winner N][decisions / turn_cap 1]
// Planes by cell come first so that a network may read them as (2 + N, 9, 9).
#include "core/tensor_writer.hpp"
#include "games/sections/sections.hpp"

namespace nf::sections {
namespace {

constexpr int kPhases = 4;

}  // namespace

std::vector<int> SectionsGame::observation_shape() const {
  TensorWriter count({});
  write_observation(initial_state(0), 0, count);
  return {int(count.size())};
}

void SectionsGame::observation_tensor(const State& s, int seat, std::span<float> out) const {
  TensorWriter w(out);
  write_observation(s, seat, w);
  w.finish();
}

void SectionsGame::write_observation(const State& s, int seat, TensorWriter& w) const {
  const auto n = size_t(players_);
  const auto relative = [&](int who) {
    return who < 0 || who >= players_ ? -1 : (who - seat + players_) % players_;
  };
  const auto absolute = [&](size_t rel) { return (seat + int(rel)) % players_; };
  for (int cell = 0; cell < kCells; ++cell) w.flag(s.board[size_t(cell)] == kNone);
  for (int cell = 0; cell < kCells; ++cell) w.flag(s.board[size_t(cell)] == kRed);
  for (size_t rel = 0; rel < n; ++rel)
    for (int cell = 0; cell < kCells; ++cell) w.flag(s.board[size_t(cell)] == absolute(rel));
  for (size_t rel = 0; rel < n; ++rel)
    for (int slot = 0; slot < kSlots; ++slot)
      w.flag(s.slots_of[size_t(absolute(rel))] & slot_bit(slot));
  for (int slot = 0; slot < kSlots; ++slot) w.flag(s.blocked & slot_bit(slot));
  for (size_t rel = 0; rel < n; ++rel)
    w.scalar(float(s.in_hand[size_t(absolute(rel))]) / float(counters_per_seat()));
  for (size_t rel = 0; rel < n; ++rel)
    w.scalar(float(s.scores[size_t(absolute(rel))]) / float(kSections));
  for (int section = 0; section < kSections; ++section) w.flag(s.red_sections >> section & 1);
  w.one_hot(kPhases, int(s.phase));
  w.one_hot(n, seat);
  const bool over = s.phase == Phase::Over;
  w.one_hot(n, over ? -1 : relative(s.to_move));
  w.one_hot(n, over ? relative(s.winner) : -1);
  w.scalar(float(s.turn) / float(turn_cap_));
}

}  // namespace nf::sections
