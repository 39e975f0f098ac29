// Kuhn poker rules and text forms.
#include "games/reference/kuhn_poker.hpp"

#include <fmt/format.h>

#include <cassert>
#include <numeric>

#include "core/hash.hpp"

namespace nf::reference {

ParamSchema KuhnPokerGame::config_schema() {
  return {ParamSpec::integer("players", 2, 2, kMaxPlayers,
                             "number of players; the deck has players + 1 cards")};
}

KuhnPokerGame::KuhnPokerGame(const ParamSet& config)
    : players_(static_cast<int>(config.get_int("players"))) {}

KuhnPokerGame::State KuhnPokerGame::deal(const std::array<int8_t, kMaxPlayers>& cards,
                                         uint64_t seed) const {
  State s;
  s.players = static_cast<uint8_t>(players_);
  s.rng.reseed(seed);
  for (int p = 0; p < players_; ++p) s.card[size_t(p)] = cards[size_t(p)];
  return s;
}

KuhnPokerGame::State KuhnPokerGame::initial_state(uint64_t seed) const {
  Rng rng(seed);
  std::array<int8_t, kMaxPlayers + 1> deck{};
  std::iota(deck.begin(), deck.end(), int8_t{0});
  rng.shuffle(std::span(deck.data(), size_t(players_ + 1)));
  std::array<int8_t, kMaxPlayers> cards{};
  for (int p = 0; p < players_; ++p) cards[size_t(p)] = deck[size_t(p)];
  State s = deal(cards);
  s.rng = rng;
  return s;
}

bool KuhnPokerGame::did_bet(const State& s, int seat) {
  if (s.first_bettor < 0) return false;
  if (seat == s.first_bettor) return true;
  // Seats after the first bettor answer in the first lap, seats before it in the second.
  const size_t at = seat > s.first_bettor ? size_t(seat) : size_t(s.players + seat);
  return at < s.history.size() && s.history[at] == Action::Bet;
}

void KuhnPokerGame::apply(State& s, Action a) const {
  assert(!is_terminal(s));
  const int seat = current_player(s);
  if (a == Action::Bet && s.first_bettor < 0) s.first_bettor = static_cast<int8_t>(seat);
  s.history.push_back(a);
  const int acted = int(s.history.size());
  if (s.first_bettor < 0 && acted == players_) {
    // Everyone passed: the highest card dealt wins the antes.
    int best = 0;
    for (int p = 1; p < players_; ++p)
      if (s.card[size_t(p)] > s.card[size_t(best)]) best = p;
    s.winner = static_cast<int8_t>(best);
  } else if (s.first_bettor >= 0 && acted == players_ + s.first_bettor) {
    // Everyone answered the bet: the highest card among those who put a chip in wins.
    int best = -1;
    for (int p = 0; p < players_; ++p)
      if (did_bet(s, p) && (best < 0 || s.card[size_t(p)] > s.card[size_t(best)])) best = p;
    s.winner = static_cast<int8_t>(best);
  }
}

Returns<KuhnPokerGame::kMaxPlayers> KuhnPokerGame::returns(const State& s) const {
  Returns<kMaxPlayers> out{};
  if (!is_terminal(s)) return out;
  int pot = 0;
  for (int p = 0; p < players_; ++p) pot += did_bet(s, p) ? 2 : 1;
  for (int p = 0; p < players_; ++p) {
    const int paid = did_bet(s, p) ? 2 : 1;
    out[size_t(p)] = p == s.winner ? pot - paid : -paid;
  }
  return out;
}

void KuhnPokerGame::determinize(State& s, int observer, Rng& rng) const {
  // The observer's card is fixed; the others hold a uniformly random subset, in random order,
  // of the remaining `players` cards.
  std::array<int8_t, kMaxPlayers + 1> unseen{};
  size_t n = 0;
  for (int8_t c = 0; c <= players_; ++c)
    if (c != s.card[size_t(observer)]) unseen[n++] = c;
  rng.shuffle(std::span(unseen.data(), n));
  size_t next = 0;
  for (int p = 0; p < players_; ++p)
    if (p != observer) s.card[size_t(p)] = unseen[next++];
  s.rng.reseed(rng.next());
}

std::string KuhnPokerGame::render(const State& s) const {
  std::string out = "cards";
  for (int p = 0; p < players_; ++p) out += fmt::format(" {}", s.card[size_t(p)]);
  out += " betting ";
  for (Action a : s.history) out += a == Action::Bet ? 'b' : 'p';
  if (is_terminal(s)) out += fmt::format(" - seat {} wins", s.winner);
  return out + '\n';
}

std::string KuhnPokerGame::observation(const State& s, int seat) const {
  std::string out = fmt::format("seat {} card {} betting ", seat, s.card[size_t(seat)]);
  for (Action a : s.history) out += a == Action::Bet ? 'b' : 'p';
  if (is_terminal(s)) out += fmt::format(" over, winner {}", s.winner);
  return out + '\n';
}

uint64_t KuhnPokerGame::hash(const State& s) const {
  Hasher h;
  h.add_range(std::span(s.card.data(), size_t(players_))).add_range(s.history);
  h.add(s.first_bettor).add(s.winner).add(s.rng.fingerprint());
  return h.value();
}

// [card 0..players][seat][betting: per position, pass or bet][winner, once over]
std::vector<int> KuhnPokerGame::observation_shape() const {
  return {(players_ + 1) + players_ + 2 * (2 * players_ - 1) + players_};
}

void KuhnPokerGame::observation_tensor(const State& s, int seat, std::span<float> out) const {
  size_t at = 0;
  out[at + size_t(s.card[size_t(seat)])] = 1.0f;
  at += size_t(players_ + 1);
  out[at + size_t(seat)] = 1.0f;
  at += size_t(players_);
  for (size_t i = 0; i < s.history.size(); ++i) out[at + 2 * i + size_t(s.history[i])] = 1.0f;
  at += size_t(2 * (2 * players_ - 1));
  if (s.winner >= 0) out[at + size_t(s.winner)] = 1.0f;
}

std::string KuhnPokerGame::broken_invariant(const State& s) const {
  std::array<bool, kMaxPlayers + 1> dealt{};
  for (int p = 0; p < players_; ++p) {
    const int card = s.card[size_t(p)];
    if (card < 0 || card > players_)
      return fmt::format("seat {} holds card {}, outside the deck 0..{}", p, card, players_);
    if (dealt[size_t(card)]) return fmt::format("card {} is dealt twice", card);
    dealt[size_t(card)] = true;
  }
  if (is_terminal(s) && !sums_to_zero(returns(s), players_))
    return "the returns of the finished hand do not add up to zero";
  return "";
}

}  // namespace nf::reference
