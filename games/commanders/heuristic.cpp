#include "games/commanders/heuristic.hpp"

#include <cmath>

namespace nf::commanders {
namespace {

// How many of each troop value (index 0..10) a side's next draw can be: the deck, or the
// used pile when the deck is empty (it is reshuffled then). Public information.
std::array<int, 11> next_card_counts(const Side& side) {
  std::array<int, 11> counts{};
  const auto& source = side.deck.empty() ? side.used : side.deck;
  for (uint8_t card : source) ++counts[card];
  return counts;
}

}  // namespace

ParamSchema Heuristic::schema() {
  return {
      ParamSpec::real("king", 3.0, 0, 20, "material value of a King"),
      ParamSpec::real("queen", 2.5, 0, 20, "material value of a Queen"),
      ParamSpec::real("jack", 1.5, 0, 20, "material value of a Jack"),
      ParamSpec::real("ace", 2.5, 0, 20, "material value of an Ace"),
      ParamSpec::real("joker", 2.0, 0, 20, "material value of the Joker"),
      ParamSpec::real("aggression", 0.5, 0, 1,
                      "weight of killing enemy commanders against losing own ones"),
      ParamSpec::real("temperature", 0.0, 0, 10,
                      "softmax temperature over play scores; 0 plays the best score"),
      ParamSpec::real("redraw_margin", 0.0, -5, 5,
                      "a Queen redraws when that gains more than this in expectation"),
  };
}

Heuristic::Heuristic(const CommandersGame& game, const ParamSet& params)
    : game_(&game),
      values_{params.get_real("king"), params.get_real("queen"), params.get_real("jack"),
              params.get_real("ace"), params.get_real("joker")},
      aggression_(params.get_real("aggression")),
      temperature_(params.get_real("temperature")),
      redraw_margin_(params.get_real("redraw_margin")) {}

void Heuristic::battle_odds(const State& s, int seat, Commander mine, Commander theirs,
                            double& win, double& tie) const {
  const auto my_cards = next_card_counts(s.sides[seat]);
  const auto their_cards = next_card_counts(s.sides[1 - seat]);
  double total = 0;
  win = tie = 0;
  for (int a = 2; a <= 10; ++a)
    for (int b = 2; b <= 10; ++b) {
      const double weight = double(my_cards[a]) * double(their_cards[b]);
      const int va = CommandersGame::battle_value(mine, uint8_t(a));
      const int vb = CommandersGame::battle_value(theirs, uint8_t(b));
      total += weight;
      if (va > vb) win += weight;
      if (va == vb) tie += weight;
    }
  if (total > 0) win /= total, tie /= total;
}

double Heuristic::outcome(const State& s, int seat, Commander mine, Commander theirs,
                          const std::array<uint8_t, kCommanderTypes>& their_castle_before) const {
  const double gain = 2 * aggression_, loss = 2 * (1 - aggression_);
  if (mine == Joker || theirs == Joker) return gain * value(theirs) - loss * value(mine);
  // Castles as they will stand after both plays.
  auto my_castle = s.sides[seat].castle;
  auto their_castle = their_castle_before;
  --my_castle[mine];
  --their_castle[theirs];
  auto size = [](const std::array<uint8_t, kCommanderTypes>& c) {
    int n = 0;
    for (auto k : c) n += k;
    return n;
  };
  // Expected result of an assassination into `castle`: (P(picks an Ace), expected value killed).
  auto assassination = [&](const std::array<uint8_t, kCommanderTypes>& castle, double& ace_risk) {
    const int n = size(castle);
    double killed = 0;
    for (int c = 0; c < kCommanderTypes; ++c)
      if (c != Ace) killed += value(Commander(c)) * castle[c] / n;
    ace_risk = double(castle[Ace]) / n;
    return killed;
  };
  const bool i_assassinate = mine == Ace && size(their_castle) > 0;
  const bool they_assassinate = theirs == Ace && size(my_castle) > 0;
  if (i_assassinate || they_assassinate) {
    double score = 0, risk = 0;
    if (i_assassinate) {
      const double killed = assassination(their_castle, risk);
      score += gain * killed - loss * risk * value(Ace);
    }
    if (they_assassinate) {
      const double killed = assassination(my_castle, risk);
      score += -loss * killed + gain * risk * value(Ace);
    }
    return score;
  }
  const Commander as_mine = mine == Ace ? Jack : mine, as_theirs = theirs == Ace ? Jack : theirs;
  double win = 0, tie = 0;
  battle_odds(s, seat, as_mine, as_theirs, win, tie);
  return gain * win * value(theirs) - loss * (1 - win - tie) * value(mine);
}

double Heuristic::play_score(const State& s, int seat, Commander mine) const {
  // The opponent's possible cards: the castle it chooses (or chose, face down) from.
  auto their_castle = s.sides[1 - seat].castle;
  if (seat == 1) ++their_castle[s.choice[0]];  // back in the castle: seat 1 has not seen it
  double total = 0, score = 0;
  for (int c = 0; c < kCommanderTypes; ++c) {
    if (their_castle[c] == 0) continue;
    score += their_castle[c] * outcome(s, seat, mine, Commander(c), their_castle);
    total += their_castle[c];
  }
  return total > 0 ? score / total : 0.0;
}

Action Heuristic::choose_redraw(const State& s, int seat) const {
  const Side& me = s.sides[seat];
  const int theirs = CommandersGame::battle_value(s.choice[1 - seat], s.sides[1 - seat].battle.back());
  const double win_value = value(s.choice[1 - seat]), lose_value = value(s.choice[seat]);
  auto result_value = [&](int mine) {
    return mine > theirs ? win_value : (mine < theirs ? -lose_value : 0.0);
  };
  const double now = result_value(CommandersGame::battle_value(s.choice[seat], me.battle.back()));
  const auto counts = next_card_counts(me);
  double expected = 0, total = 0;
  for (int card = 2; card <= 10; ++card) {
    expected += counts[card] * result_value(CommandersGame::battle_value(s.choice[seat], uint8_t(card)));
    total += counts[card];
  }
  if (total > 0) expected /= total;
  return expected > now + redraw_margin_ ? Action::Redraw : Action::Stop;
}

Action Heuristic::choose(const State& s, Rng& rng) const {
  const int seat = s.to_move;
  if (s.phase == Phase::QueenRedraw) return choose_redraw(s, seat);
  FixedVector<Action, CommandersGame::kMaxActions> actions;
  game_->legal_actions(s, actions);
  std::array<double, CommandersGame::kMaxActions> scores{};
  double best = -1e300;
  for (size_t i = 0; i < actions.size(); ++i) {
    scores[i] = play_score(s, seat, played(actions[i]));
    best = std::max(best, scores[i]);
  }
  if (temperature_ <= 0) {  // best score; ties broken at random
    FixedVector<Action, CommandersGame::kMaxActions> best_actions;
    for (size_t i = 0; i < actions.size(); ++i)
      if (scores[i] >= best - 1e-12) best_actions.push_back(actions[i]);
    return best_actions[rng.below(static_cast<uint32_t>(best_actions.size()))];
  }
  double total = 0;
  for (size_t i = 0; i < actions.size(); ++i)
    total += scores[i] = std::exp((scores[i] - best) / temperature_);
  double pick = rng.uniform() * total;
  for (size_t i = 0; i < actions.size(); ++i)
    if ((pick -= scores[i]) < 0) return actions[i];
  return actions.back();
}

}  // namespace nf::commanders
