// Leduc poker rules and text forms.
#include "games/reference/leduc_poker.hpp"

#include <fmt/format.h>

#include <cassert>
#include <numeric>

#include "core/bits.hpp"
#include "core/hash.hpp"

namespace nf::reference {

ParamSchema LeducPokerGame::config_schema() {
  return {ParamSpec::integer("players", 2, 2, kMaxPlayers,
                             "number of players; the deck has players + 1 ranks in two suits")};
}

LeducPokerGame::LeducPokerGame(const ParamSet& config)
    : players_(static_cast<int>(config.get_int("players"))) {}

LeducPokerGame::State LeducPokerGame::initial_state(uint64_t seed) const {
  State s;
  s.rng.reseed(seed);
  s.players = static_cast<uint8_t>(players_);
  s.remaining = static_cast<uint8_t>(players_);
  std::array<int8_t, 2 * (kMaxPlayers + 1)> deck{};
  std::iota(deck.begin(), deck.end(), int8_t{0});
  s.rng.shuffle(std::span(deck.data(), size_t(deck_size())));
  for (int p = 0; p < players_; ++p) {
    s.card[size_t(p)] = deck[size_t(p)];
    s.ante[size_t(p)] = 1;
  }
  return s;
}

LeducPokerGame::State LeducPokerGame::deal_state(uint64_t deal) const {
  State s = initial_state(0);
  nth_arrangement(deal, deck_size(), players_, s.card.data());
  return s;
}

void LeducPokerGame::deal_public_card(State& s) const {
  set_public_card(s, s.rng.below(static_cast<uint32_t>(deck_size() - players_)));
}

void LeducPokerGame::set_public_card(State& s, uint32_t pick) const {
  // The undealt cards in ascending order, as a mask: the n-th of them is the n-th set bit.
  uint32_t undealt = (1u << deck_size()) - 1;
  for (int p = 0; p < players_; ++p) undealt &= ~(1u << s.card[size_t(p)]);
  s.public_card = static_cast<int8_t>(nth_set_bit(undealt, pick));
}

int LeducPokerGame::hand_rank(const State& s, int seat) const {
  const int cards = deck_size();
  int low = s.public_card, high = s.card[size_t(seat)];
  if (low > high) std::swap(low, high);
  if (low / 2 == high / 2) return cards * cards + low;  // a pair beats every other hand
  return (high / 2) * cards + low / 2;
}

Returns<LeducPokerGame::kMaxPlayers> LeducPokerGame::returns(const State& s) const {
  Returns<kMaxPlayers> out{};
  if (!s.over) return out;
  int pot = 0;
  for (int p = 0; p < players_; ++p) pot += s.ante[size_t(p)];
  std::array<bool, kMaxPlayers> wins{};
  int winners = 0;
  if (s.remaining == 1) {
    for (int p = 0; p < players_; ++p) wins[size_t(p)] = !s.folded[size_t(p)];
    winners = 1;
  } else {
    int best = -1;
    for (int p = 0; p < players_; ++p)
      if (!s.folded[size_t(p)]) best = std::max(best, hand_rank(s, p));
    for (int p = 0; p < players_; ++p)
      if (!s.folded[size_t(p)] && hand_rank(s, p) == best) wins[size_t(p)] = true, ++winners;
  }
  for (int p = 0; p < players_; ++p)
    out[size_t(p)] = (wins[size_t(p)] ? double(pot) / winners : 0.0) - s.ante[size_t(p)];
  return out;
}

void LeducPokerGame::determinize(State& s, int observer, Rng& rng) const {
  std::array<int8_t, 2 * (kMaxPlayers + 1)> unseen{};
  size_t n = 0;
  for (int8_t c = 0; c < deck_size(); ++c)
    if (c != s.card[size_t(observer)] && c != s.public_card) unseen[n++] = c;
  rng.shuffle(std::span(unseen.data(), n));
  size_t next = 0;
  for (int p = 0; p < players_; ++p)
    if (p != observer) s.card[size_t(p)] = unseen[next++];
  s.rng.reseed(rng.next());
}

std::string LeducPokerGame::action_to_string(const State&, Action a) const {
  return a == Action::Fold ? "Fold" : (a == Action::Call ? "Call" : "Raise");
}

namespace {
std::string betting_text(const LeducPokerGame::State& s) {
  std::string out;
  for (int round = 0; round < 2; ++round) {
    out += fmt::format(" round{} [", round + 1);
    for (auto a : s.sequence[size_t(round)])
      out +=
          a == LeducPokerGame::Action::Fold ? 'f' : (a == LeducPokerGame::Action::Call ? 'c' : 'r');
    out += ']';
  }
  return out;
}
}  // namespace

std::string LeducPokerGame::render(const State& s) const {
  std::string out =
      fmt::format("round {} to_move {} public {} cards", s.round, s.to_move, s.public_card);
  for (int p = 0; p < players_; ++p) out += fmt::format(" {}", s.card[size_t(p)]);
  out += " ante";
  for (int p = 0; p < players_; ++p) out += fmt::format(" {}", s.ante[size_t(p)]);
  out += betting_text(s);
  if (s.over) out += " - over";
  return out + '\n';
}

std::string LeducPokerGame::observation(const State& s, int seat) const {
  // Public: the betting, the public card. Private: the seat's own card. Hidden: the others'.
  std::string out = fmt::format("seat {} card {} public {} round {} to_move {}", seat,
                                s.card[size_t(seat)], s.public_card, s.round, s.to_move);
  out += betting_text(s);
  if (s.over) out += " over";
  return out + '\n';
}

uint64_t LeducPokerGame::hash(const State& s) const {
  Hasher h;
  for (int p = 0; p < players_; ++p)
    h.add(s.card[size_t(p)]).add(s.ante[size_t(p)]).add(s.folded[size_t(p)]);
  h.add_range(s.sequence[0]).add_range(s.sequence[1]).add(s.public_card).add(s.round);
  h.add(s.to_move).add(s.stakes).add(s.calls).add(s.raises).add(s.remaining).add(s.over);
  h.add(s.rng.fingerprint());
  return h.value();
}

namespace {
// The most chips a seat can put in: the ante and two raises in each round.
constexpr float kMostChips =
    1 + LeducPokerGame::kMaxRaises * (LeducPokerGame::kFirstRaise + LeducPokerGame::kSecondRaise);
}  // namespace

// [own card][public card][seat][chips per seat][folded per seat][round 2]
// [betting of each round: per position, fold, call or raise]
std::vector<int> LeducPokerGame::observation_shape() const {
  const int bets = 3 * players_ - 2;
  return {2 * deck_size() + 3 * players_ + 1 + 2 * bets * 3};
}

void LeducPokerGame::observation_tensor(const State& s, int seat, std::span<float> out) const {
  size_t at = 0;
  out[at + size_t(s.card[size_t(seat)])] = 1.0f;
  at += size_t(deck_size());
  if (s.public_card != kNoCard) out[at + size_t(s.public_card)] = 1.0f;
  at += size_t(deck_size());
  out[at + size_t(seat)] = 1.0f;
  at += size_t(players_);
  for (int p = 0; p < players_; ++p) {
    out[at + size_t(p)] = float(s.ante[size_t(p)]) / kMostChips;
    out[at + size_t(players_ + p)] = s.folded[size_t(p)] ? 1.0f : 0.0f;
  }
  at += size_t(2 * players_);
  out[at++] = s.round == 2 ? 1.0f : 0.0f;
  const size_t bets = size_t(3 * players_ - 2);
  for (size_t round = 0; round < 2; ++round)
    for (size_t i = 0; i < s.sequence[round].size(); ++i)
      out[at + (round * bets + i) * 3 + size_t(s.sequence[round][i])] = 1.0f;
}

std::string LeducPokerGame::broken_invariant(const State& s) const {
  std::array<bool, 2 * (kMaxPlayers + 1)> dealt{};
  auto deal = [&](int card, const std::string& who) -> std::string {
    if (card < 0 || card >= deck_size())
      return fmt::format("{} holds card {}, outside the deck 0..{}", who, card, deck_size() - 1);
    if (dealt[size_t(card)]) return fmt::format("card {} is dealt twice", card);
    dealt[size_t(card)] = true;
    return "";
  };
  for (int p = 0; p < players_; ++p)
    if (std::string why = deal(s.card[size_t(p)], fmt::format("seat {}", p)); !why.empty())
      return why;
  if (s.public_card != kNoCard)
    if (std::string why = deal(s.public_card, "the board"); !why.empty()) return why;
  for (int p = 0; p < players_; ++p)
    if (s.ante[size_t(p)] > s.stakes)
      return fmt::format("seat {} has put in {}, more than the stakes {}", p, s.ante[size_t(p)],
                         s.stakes);
  if (s.over && !sums_to_zero(returns(s), players_))
    return "the returns of the finished hand do not add up to zero";
  return "";
}

}  // namespace nf::reference
