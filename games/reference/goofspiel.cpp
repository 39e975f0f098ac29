// Goofspiel rules, determinization and text forms.
#include "games/reference/goofspiel.hpp"

#include <fmt/format.h>

#include <bit>
#include <cassert>

#include "core/hash.hpp"

namespace nf::reference {
namespace {
constexpr uint16_t bit(int card) { return static_cast<uint16_t>(1u << card); }
}  // namespace

ParamSchema GoofspielGame::config_schema() {
  return {
      ParamSpec::integer("num_cards", 13, 1, kMaxCards,
                         "bid and point cards per suit (1..num_cards)"),
      ParamSpec::integer("players", 2, 2, kMaxPlayers, "number of players"),
      ParamSpec::choice("points_order", "random", {"random", "descending", "ascending"},
                        "order in which the point cards are turned"),
      ParamSpec::choice("returns_type", "win_loss",
                        {"win_loss", "point_difference", "total_points"},
                        "win_loss: +1/-1 shared among winners/losers; point_difference: points "
                        "minus the mean; total_points: points"),
      ParamSpec::boolean("imp_info", false, "bids stay hidden; players see only who won each turn"),
  };
}

GoofspielGame::GoofspielGame(const ParamSet& config)
    : cards_(static_cast<int>(config.get_int("num_cards"))),
      players_(static_cast<int>(config.get_int("players"))),
      imp_info_(config.get_bool("imp_info")) {
  const std::string& order = config.get_choice("points_order");
  order_ = order == "random"
               ? PointsOrder::Random
               : (order == "descending" ? PointsOrder::Descending : PointsOrder::Ascending);
  const std::string& type = config.get_choice("returns_type");
  returns_type_ = type == "win_loss" ? ReturnsType::WinLoss
                                     : (type == "point_difference" ? ReturnsType::PointDifference
                                                                   : ReturnsType::TotalPoints);
}

GoofspielGame::State GoofspielGame::initial_state(uint64_t seed) const {
  State s;
  s.rng.reseed(seed);
  const auto all_cards = static_cast<uint16_t>(bit(cards_) - 1);
  for (int p = 0; p < players_; ++p) s.hand[size_t(p)] = all_cards;
  s.unturned = all_cards;
  start_turn(s);
  return s;
}

void GoofspielGame::start_turn(State& s) const {
  int card;
  if (order_ == PointsOrder::Ascending) {
    card = s.turn;
  } else if (order_ == PointsOrder::Descending) {
    card = cards_ - 1 - s.turn;
  } else {
    const uint32_t pick = s.rng.below(static_cast<uint32_t>(cards_ - s.point_cards.size()));
    card = nth_set_bit(s.unturned, pick);
  }
  s.point_cards.push_back(static_cast<uint8_t>(card));
  s.unturned &= static_cast<uint16_t>(~bit(card));
}

void GoofspielGame::turn_instead(State& s, uint32_t pick) const {
  s.unturned |= bit(s.point_cards.back());
  const int card = nth_set_bit(s.unturned, pick);
  s.point_cards.back() = static_cast<uint8_t>(card);
  s.unturned &= static_cast<uint16_t>(~bit(card));
}

int GoofspielGame::turn_winner(const std::array<uint8_t, kMaxPlayers>& bids) const {
  int best = -1, at_best = 0, bidder = -1;
  for (int p = 0; p < players_; ++p) {
    if (bids[size_t(p)] > best)
      best = bids[size_t(p)], at_best = 1, bidder = p;
    else if (bids[size_t(p)] == best)
      ++at_best;
  }
  return at_best == 1 ? bidder : kNoWinner;
}

void GoofspielGame::resolve_turn(State& s) const {
  const int winner = turn_winner(s.bids[s.turn]);
  if (winner != kNoWinner)
    s.points[size_t(winner)] =
        static_cast<int16_t>(s.points[size_t(winner)] + s.point_cards.back() + 1);
  s.winners.push_back(static_cast<int8_t>(winner));
  ++s.turn;
  s.to_move = 0;
  if (s.turn == cards_) {
    s.over = true;
    return;
  }
  start_turn(s);
  if (s.turn == cards_ - 1) {  // one card left everywhere: no choice, so it is played now
    for (int p = 0; p < players_; ++p) {
      s.bids[s.turn][size_t(p)] = static_cast<uint8_t>(std::countr_zero(s.hand[size_t(p)]));
      s.hand[size_t(p)] = 0;
    }
    resolve_turn(s);
  }
}

Returns<GoofspielGame::kMaxPlayers> GoofspielGame::returns_from_points(const State& s) const {
  Returns<kMaxPlayers> out{};
  if (returns_type_ == ReturnsType::WinLoss) {
    int best = s.points[0], winners = 0;
    for (int p = 1; p < players_; ++p) best = std::max<int>(best, s.points[size_t(p)]);
    for (int p = 0; p < players_; ++p) winners += s.points[size_t(p)] == best;
    if (winners == players_) return out;  // everyone tied: a draw
    for (int p = 0; p < players_; ++p)
      out[size_t(p)] = s.points[size_t(p)] == best ? 1.0 / winners : -1.0 / (players_ - winners);
  } else {
    double mean = 0;
    for (int p = 0; p < players_; ++p) mean += s.points[size_t(p)];
    mean /= players_;
    for (int p = 0; p < players_; ++p)
      out[size_t(p)] =
          s.points[size_t(p)] - (returns_type_ == ReturnsType::PointDifference ? mean : 0.0);
  }
  return out;
}

Returns<GoofspielGame::kMaxPlayers> GoofspielGame::returns(const State& s) const {
  return s.over ? returns_from_points(s) : Returns<kMaxPlayers>{};
}

Returns<GoofspielGame::kMaxPlayers> GoofspielGame::evaluate(const State& s) const {
  return returns_from_points(s);
}

// Assigns bids[turn][seat] for every seat the observer did not see, turn by turn in seat
// order, trying the cards in random order and backing up on a contradiction with the turn's
// known winner. The true history is one solution, so the search always succeeds.
bool GoofspielGame::resample_bids(State& s, int observer, int turn, int seat, Rng& rng) const {
  if (seat == players_) {
    // Whole turn assigned: its winner must be the one everybody saw.
    if (turn_winner(s.bids[size_t(turn)]) != s.winners[size_t(turn)]) return false;
    return resample_bids(s, observer, turn + 1, 0, rng);
  }
  if (turn == int(s.winners.size())) return true;  // all finished turns assigned
  if (seat == observer) return resample_bids(s, observer, turn, seat + 1, rng);
  const int winner = s.winners[size_t(turn)];
  const auto& bids = s.bids[size_t(turn)];
  // Cards this seat still has: not bid in an earlier turn.
  uint32_t allowed = bit(cards_) - 1u;
  for (int t = 0; t < turn; ++t) allowed &= ~uint32_t{bit(s.bids[size_t(t)][size_t(seat)])};
  // Prune with the seats assigned so far (the observer and the seats before this one): the
  // turn's winner outbids each of them, and nobody outbids the winner.
  auto assigned = [&](int p) { return p < seat || p == observer; };
  int lowest = 0, highest = cards_ - 1;
  for (int p = 0; p < players_; ++p) {
    if (p == seat || !assigned(p)) continue;
    if (winner == seat)
      lowest = std::max(lowest, bids[size_t(p)] + 1);
    else if (winner == p)
      highest = std::min(highest, bids[size_t(p)] - 1);
  }
  if (lowest > highest) return false;
  allowed &= (2u << highest) - (1u << lowest);  // the cards lowest..highest
  FixedVector<uint8_t, kMaxCards> options;
  for (; allowed != 0; allowed &= allowed - 1)
    options.push_back(static_cast<uint8_t>(std::countr_zero(allowed)));
  rng.shuffle(options.span());
  for (uint8_t c : options) {
    s.bids[size_t(turn)][size_t(seat)] = c;
    if (resample_bids(s, observer, turn, seat + 1, rng)) return true;
  }
  return false;
}

void GoofspielGame::determinize(State& s, int observer, Rng& rng) const {
  const int finished = int(s.winners.size());
  if (imp_info_) {
    [[maybe_unused]] const bool found = resample_bids(s, observer, 0, 0, rng);
    assert(found);
  }
  // Rebuild every other seat's hand from its (possibly resampled) finished bids, then
  // resample the bids made this turn that the observer has not seen yet.
  for (int p = 0; p < players_; ++p) {
    if (p == observer || s.over) continue;
    uint16_t hand = static_cast<uint16_t>(bit(cards_) - 1);
    for (int t = 0; t < finished; ++t)
      hand &= static_cast<uint16_t>(~bit(s.bids[size_t(t)][size_t(p)]));
    if (p < s.to_move) {  // a card of the hand, which holds one per unfinished turn
      const int bid = nth_set_bit(hand, rng.below(static_cast<uint32_t>(cards_ - finished)));
      s.bids[s.turn][size_t(p)] = static_cast<uint8_t>(bid);
      hand &= static_cast<uint16_t>(~bit(bid));
    }
    s.hand[size_t(p)] = hand;
  }
  s.rng.reseed(rng.next());
}

uint64_t GoofspielGame::observation_key(const State& s, int seat) const {
  Hasher h;
  h.add(seat).add_range(s.point_cards).add_range(s.winners);
  if (!imp_info_)
    for (size_t t = 0; t < s.winners.size(); ++t)
      for (int p = 0; p < players_; ++p) h.add(s.bids[t][size_t(p)]);
  return h.value();
}

std::string GoofspielGame::action_to_string(const State& s, Action bid) const {
  return fmt::format("[P{}]Bid: {}", s.to_move, bid + 1);
}

namespace {
std::string cards_text(uint16_t hand, int cards) {
  std::string out;
  for (int c = 0; c < cards; ++c)
    if (hand >> c & 1) out += fmt::format("{}{}", out.empty() ? "" : " ", c + 1);
  return out;
}
}  // namespace

std::string GoofspielGame::render(const State& s) const {
  std::string out = fmt::format("turn {}{}\npoint cards:", s.turn + 1, s.over ? " - over" : "");
  for (uint8_t c : s.point_cards) out += fmt::format(" {}", c + 1);
  out += "\nwinners:";
  for (int8_t w : s.winners) out += fmt::format(" {}", w);
  out += '\n';
  for (int p = 0; p < players_; ++p) {
    out += fmt::format("P{} points {} hand [{}] bids:", p, s.points[size_t(p)],
                       cards_text(s.hand[size_t(p)], cards_));
    const int made = s.turn + (!s.over && p < s.to_move ? 1 : 0);
    for (int t = 0; t < made; ++t) out += fmt::format(" {}", s.bids[size_t(t)][size_t(p)] + 1);
    out += '\n';
  }
  return out;
}

std::string GoofspielGame::observation(const State& s, int seat) const {
  // Public: point cards, who won each turn, points. Private: the seat's own hand and bids.
  // Without imp_info the bids of finished turns (so every hand as it was when the turn began)
  // are public too; bids of the turn in progress never are.
  std::string out = fmt::format("seat {} turn {} to_move {} over {}\npoint cards:", seat, s.turn,
                                s.to_move, s.over);
  for (uint8_t c : s.point_cards) out += fmt::format(" {}", c + 1);
  out += "\nwinners:";
  for (int8_t w : s.winners) out += fmt::format(" {}", w);
  out += "\npoints:";
  for (int p = 0; p < players_; ++p) out += fmt::format(" {}", s.points[size_t(p)]);
  out += '\n';
  const int finished = int(s.winners.size());
  for (int p = 0; p < players_; ++p) {
    if (imp_info_ && p != seat) continue;
    uint16_t hand = s.hand[size_t(p)];
    if (p != seat && !s.over && p < s.to_move) hand |= bit(s.bids[s.turn][size_t(p)]);
    out += fmt::format("P{} hand [{}] bids:", p, cards_text(hand, cards_));
    for (int t = 0; t < finished; ++t) out += fmt::format(" {}", s.bids[size_t(t)][size_t(p)] + 1);
    if (p == seat && !s.over && p < s.to_move)
      out += fmt::format(" (now {})", s.bids[s.turn][size_t(p)] + 1);
    out += '\n';
  }
  return out;
}

uint64_t GoofspielGame::hash(const State& s) const {
  Hasher h;
  for (int p = 0; p < players_; ++p) h.add(s.hand[size_t(p)]).add(s.points[size_t(p)]);
  for (int t = 0; t <= std::min<int>(s.turn, cards_ - 1); ++t)
    for (int p = 0; p < players_; ++p) h.add(s.bids[size_t(t)][size_t(p)]);
  h.add_range(s.point_cards).add_range(s.winners).add(s.turn).add(s.to_move).add(s.over);
  h.add(s.rng.fingerprint());
  return h.value();
}

// [own hand][point card of each turn][winner of each finished turn, or none][points per seat]
// [seat][seat to bid][over] and, without imp_info, [bid of each seat in each finished turn]
std::vector<int> GoofspielGame::observation_shape() const {
  const int open_bids = imp_info_ ? 0 : cards_ * players_ * cards_;
  return {cards_ + cards_ * cards_ + cards_ * (players_ + 1) + 3 * players_ + 1 + open_bids};
}

void GoofspielGame::observation_tensor(const State& s, int seat, std::span<float> out) const {
  const auto cards = size_t(cards_), players = size_t(players_);
  size_t at = 0;
  for (size_t c = 0; c < cards; ++c) out[at + c] = float(s.hand[size_t(seat)] >> c & 1);
  at += cards;
  for (size_t t = 0; t < s.point_cards.size(); ++t) out[at + t * cards + s.point_cards[t]] = 1.0f;
  at += cards * cards;
  for (size_t t = 0; t < s.winners.size(); ++t)
    out[at + t * (players + 1) + size_t(s.winners[t] + 1)] = 1.0f;
  at += cards * (players + 1);
  // Points over all the points there are, so that every config scales alike.
  const float total = float(cards_ * (cards_ + 1) / 2);
  for (size_t p = 0; p < players; ++p) out[at + p] = float(s.points[p]) / total;
  at += players;
  out[at + size_t(seat)] = 1.0f;
  at += players;
  if (!s.over) out[at + s.to_move] = 1.0f;
  at += players;
  out[at++] = s.over ? 1.0f : 0.0f;
  if (imp_info_) return;
  for (size_t t = 0; t < s.winners.size(); ++t)
    for (size_t p = 0; p < players; ++p) out[at + (t * players + p) * cards + s.bids[t][p]] = 1.0f;
}

std::string GoofspielGame::broken_invariant(const State& s) const {
  int points = 0, won = 0;
  for (int p = 0; p < players_; ++p) points += s.points[size_t(p)];
  for (size_t t = 0; t < s.winners.size(); ++t)
    if (s.winners[t] != kNoWinner) won += s.point_cards[t] + 1;
  if (points != won)
    return fmt::format("the seats hold {} points but the turns they won are worth {}", points, won);
  for (int p = 0; p < players_; ++p) {
    const bool bid_this_turn = !s.over && p < s.to_move;
    const int expected = cards_ - s.turn - (bid_this_turn ? 1 : 0);
    if (std::popcount(s.hand[size_t(p)]) != expected)
      return fmt::format("seat {} holds {} bid cards in turn {}, not {}", p,
                         std::popcount(s.hand[size_t(p)]), s.turn, expected);
  }
  if (s.over && returns_type_ != ReturnsType::TotalPoints && !sums_to_zero(returns(s), players_))
    return "the returns of the finished game do not add up to zero";
  return "";
}

}  // namespace nf::reference
