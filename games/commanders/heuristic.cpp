#include "games/commanders/heuristic.hpp"

#include <algorithm>
#include <cmath>

namespace nf::commanders {
namespace {

// What a side's next troop card can be: the deck, or the used pile when the deck is empty
// (it is reshuffled then). Public information: used cards are face up.
struct NextCard {
  std::array<int, 11> count{};    // cards of each face value
  std::array<int, 11> at_most{};  // cards of at most each face value
  int total = 0;
};

NextCard next_card(const Side& side) {
  NextCard next;
  const auto& source = side.deck.empty() ? side.used : side.deck;
  for (uint8_t card : source) ++next.count[card];
  for (int v = 1; v <= 10; ++v) next.at_most[v] = next.at_most[v - 1] + next.count[v];
  next.total = next.at_most[10];
  return next;
}

// The chances of the next card, played with commander `c`, against a fixed battle value.
struct Odds {
  double win = 0, tie = 0, lose = 0;
};
Odds odds_against(const NextCard& next, Commander c, int value) {
  if (next.total == 0) return {};
  const int factor = CommandersGame::battle_value(c, 1);  // what one pip is worth
  const int highest_not_winning = std::min(value / factor, 10);
  const int win = next.total - next.at_most[highest_not_winning];
  const int tie = value % factor == 0 && value / factor <= 10 ? next.count[value / factor] : 0;
  return {double(win) / next.total, double(tie) / next.total,
          double(next.total - win - tie) / next.total};
}

// Expected result of `draws` draws (cards drawn with replacement) when the drawer may stop
// after any of them and always makes the best choice; the last card drawn counts. A result
// is `win`, 0 or -`loss`; each draw also brings `bonus` in expectation (a 9's revival).
double best_of_draws(const Odds& odds, double win, double loss, int draws, double bonus = 0) {
  double value = -1e300;  // drawing is compulsory when no draw follows
  for (int k = 0; k < draws; ++k)
    value = odds.win * std::max(win, value) + odds.tie * std::max(0.0, value) +
            odds.lose * std::max(-loss, value) + bonus;
  return value;
}

}  // namespace

ParamSchema Heuristic::schema() {
  return {
      ParamSpec::real("king", 3.0, 0, 20, "material value of a King"),
      ParamSpec::real("queen", 2.5, 0, 20, "material value of a Queen"),
      ParamSpec::real("jack", 2.0, 0, 20, "material value of a Jack"),
      ParamSpec::real("ace", 3.5, 0, 20, "material value of an Ace"),
      ParamSpec::real("joker", 1.0, 0, 20, "material value of the Joker"),
      ParamSpec::real("aggression", 0.4, 0, 1,
                      "weight of killing enemy commanders against losing own ones"),
      ParamSpec::real("temperature", 0.0, 0, 10,
                      "softmax temperature over play scores, instead of the mixed or best "
                      "play; 0 = off"),
      ParamSpec::real("redraw_margin", 0.0, -5, 5,
                      "a Queen redraws when that gains more than this in expectation"),
      ParamSpec::real("win_value", 5.0, 0, 100,
                      "extra value of killing a side's last commander, which ends the game"),
      ParamSpec::boolean("mix", true,
                         "choose from the equilibrium of the battle's matrix game (both sides' "
                         "choices against each other); false: the best play against a uniform "
                         "opponent, a fixed choice a search exploits"),
  };
}

Heuristic::Heuristic(const CommandersGame& game, const ParamSet& params)
    : game_(&game),
      values_{params.get_real("king"), params.get_real("queen"), params.get_real("jack"),
              params.get_real("ace"), params.get_real("joker")},
      aggression_(params.get_real("aggression")),
      temperature_(params.get_real("temperature")),
      redraw_margin_(params.get_real("redraw_margin")),
      win_value_(params.get_real("win_value")),
      mix_(params.get_bool("mix")) {}

struct Heuristic::Position {
  const State& state;
  int seat;
  std::array<uint8_t, kCommanderTypes> their_castle;  // the opponent's face-down card included
  NextCard my_cards, their_cards;

  Position(const State& s, int seat_)
      : state(s),
        seat(seat_),
        their_castle(s.sides[1 - seat_].castle),
        my_cards(next_card(s.sides[seat_])),
        their_cards(next_card(s.sides[1 - seat_])) {
    // While seat 1 chooses, seat 0's card lies face down: to seat 1 it is still in the castle.
    if (seat_ == 1 && s.phase == Phase::Choose) ++their_castle[s.choice[0]];
  }
};

double Heuristic::battle_result(const Position& p, Commander mine, Commander theirs, double win,
                                double loss) const {
  // A lone Queen draws up to 1 + queen_redraws cards and stops at her best; two Queens are
  // left to even out. The side without a Queen is seen from its fixed card.
  const int queen_draws = 1 + game_->queen_redraws();
  const bool their_queen = theirs == Queen && mine != Queen;
  const int my_draws = mine == Queen && theirs != Queen ? queen_draws : 1;
  const NextCard& fixed = their_queen ? p.my_cards : p.their_cards;
  double sum = 0;
  for (int card = 2; card <= 10; ++card) {
    if (fixed.count[card] == 0) continue;
    double result;
    if (their_queen) {  // my card is fixed; the opponent's Queen plays for its own result
      const Odds their_odds =
          odds_against(p.their_cards, theirs, CommandersGame::battle_value(mine, uint8_t(card)));
      result = -best_of_draws(their_odds, loss, win, queen_draws);
    } else {
      const Odds my_odds =
          odds_against(p.my_cards, mine, CommandersGame::battle_value(theirs, uint8_t(card)));
      result = best_of_draws(my_odds, win, loss, my_draws);
    }
    sum += fixed.count[card] * result;
  }
  return fixed.total > 0 ? sum / fixed.total : 0.0;
}

double Heuristic::outcome(const Position& p, Commander mine, Commander theirs) const {
  const double gain = 2 * aggression_, loss = 2 * (1 - aggression_);
  // Castles as they will stand after both plays.
  auto my_castle = p.state.sides[p.seat].castle;
  auto their_castle = p.their_castle;
  --my_castle[mine];
  --their_castle[theirs];
  auto size = [](const std::array<uint8_t, kCommanderTypes>& c) {
    int n = 0;
    for (auto k : c) n += k;
    return n;
  };
  // Killing a side's last commander wins the game: worth more than the commander itself.
  const int my_rest = size(my_castle), their_rest = size(their_castle);
  const double their_stake = value(theirs) + (their_rest == 0 ? win_value_ : 0.0);
  const double my_stake = value(mine) + (my_rest == 0 ? win_value_ : 0.0);
  if (mine == Joker || theirs == Joker) {
    if (my_rest == 0 && their_rest == 0) return gain * value(theirs) - loss * value(mine);
    return gain * their_stake - loss * my_stake;
  }
  // Expected result of an assassination into `castle`: (P(picks an Ace), expected value killed).
  auto assassination = [&](const std::array<uint8_t, kCommanderTypes>& castle, double& ace_risk) {
    const int n = size(castle);
    double killed = 0;
    for (int c = 0; c < kCommanderTypes; ++c)
      if (c != Ace) killed += value(Commander(c)) * castle[c] / n;
    ace_risk = double(castle[Ace]) / n;
    return killed;
  };
  const bool i_assassinate = mine == Ace && their_rest > 0;
  const bool they_assassinate = theirs == Ace && my_rest > 0;
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
  return battle_result(p, as_mine, as_theirs, gain * their_stake, loss * my_stake);
}

double Heuristic::play_score(const State& s, int seat, Commander mine) const {
  return play_score(Position(s, seat), mine);
}

double Heuristic::play_score(const Position& p, Commander mine) const {
  // The opponent's possible cards: the castle it chooses (or chose, face down) from.
  double total = 0, score = 0;
  for (int c = 0; c < kCommanderTypes; ++c) {
    if (p.their_castle[c] == 0) continue;
    score += p.their_castle[c] * outcome(p, mine, Commander(c));
    total += p.their_castle[c];
  }
  return total > 0 ? score / total : 0.0;
}

Action Heuristic::choose_redraw(const State& s, int seat) const {
  const Side& me = s.sides[seat];
  const double gain = 2 * aggression_, loss = 2 * (1 - aggression_);
  const Commander mine = s.choice[seat], theirs = s.choice[1 - seat];
  const int their_value = CommandersGame::battle_value(theirs, s.sides[1 - seat].battle.back());
  // As in outcome(): the stakes include the game when a side has no other commander.
  const double win =
      gain * (value(theirs) + (s.sides[1 - seat].castle_size() == 0 ? win_value_ : 0));
  const double lose = loss * (value(mine) + (me.castle_size() == 0 ? win_value_ : 0));
  const int now = CommandersGame::battle_value(mine, me.battle.back());
  const double stop = now > their_value ? win : (now < their_value ? -lose : 0.0);
  // A 9 revives the top of the graveyard: a commander regained whatever the battle does.
  const NextCard cards = next_card(me);
  double nine = 0;
  if (game_->nines_revive() && !me.graveyard.empty() && cards.total > 0)
    nine = gain * value(Commander(me.graveyard.back())) * cards.count[kNine] / cards.total;
  const double again =
      best_of_draws(odds_against(cards, mine, their_value), win, lose, me.redraws_left, nine);
  return again > stop + redraw_margin_ ? Action::Redraw : Action::Stop;
}

Action Heuristic::choose(const State& s, Rng& rng) const {
  const int seat = s.to_move;
  if (s.phase == Phase::QueenRedraw) return choose_redraw(s, seat);
  FixedVector<Action, CommandersGame::kMaxActions> actions;
  game_->legal_actions(s, actions);
  const Position position(s, seat);
  if (mix_ && temperature_ <= 0 && actions.size() > 1) return choose_mixed(position, actions, rng);
  std::array<double, CommandersGame::kMaxActions> scores{};
  double best = -1e300;
  for (size_t i = 0; i < actions.size(); ++i) {
    scores[i] = play_score(position, played(actions[i]));
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

Action Heuristic::choose_mixed(const Position& p,
                               const FixedVector<Action, CommandersGame::kMaxActions>& actions,
                               Rng& rng) const {
  // The battle as a matrix game: my choices against the commander types the opponent may
  // play, scored by outcome() and taken as zero-sum. Regret matching (RM+, both sides, linear
  // averaging) finds its equilibrium; the choice is sampled from it. A fixed choice in a
  // simultaneous game is exploitable (holes: the search met the opening Joker with a Jack).
  constexpr int kRounds = 64;
  const size_t rows = actions.size();
  FixedVector<int, kCommanderTypes> cols;
  for (int c = 0; c < kCommanderTypes; ++c)
    if (p.their_castle[c] > 0) cols.push_back(c);
  if (cols.empty()) return actions[0];
  std::array<std::array<double, kCommanderTypes>, CommandersGame::kMaxActions> m{};
  for (size_t i = 0; i < rows; ++i)
    for (size_t j = 0; j < cols.size(); ++j)
      m[i][j] = outcome(p, played(actions[i]), Commander(cols[j]));
  // A saddle point (a choice whose worst case is the opponent's best guarantee) is the
  // equilibrium: play it, ties at random, without iterating.
  double lower = -1e300, upper = 1e300;
  std::array<double, CommandersGame::kMaxActions> worst{};
  for (size_t i = 0; i < rows; ++i) {
    worst[i] = 1e300;
    for (size_t j = 0; j < cols.size(); ++j) worst[i] = std::min(worst[i], m[i][j]);
    lower = std::max(lower, worst[i]);
  }
  for (size_t j = 0; j < cols.size(); ++j) {
    double best = -1e300;
    for (size_t i = 0; i < rows; ++i) best = std::max(best, m[i][j]);
    upper = std::min(upper, best);
  }
  if (upper - lower < 1e-12) {
    FixedVector<Action, CommandersGame::kMaxActions> saddle;
    for (size_t i = 0; i < rows; ++i)
      if (worst[i] >= lower - 1e-12) saddle.push_back(actions[i]);
    return saddle[rng.below(static_cast<uint32_t>(saddle.size()))];
  }
  std::array<double, CommandersGame::kMaxActions> regret_row{}, mine{}, average{};
  std::array<double, kCommanderTypes> regret_col{}, theirs{};
  auto normalize = [](auto& out, const auto& regret, size_t n) {
    double total = 0;
    for (size_t k = 0; k < n; ++k) total += out[k] = std::max(regret[k], 0.0);
    for (size_t k = 0; k < n; ++k) out[k] = total > 0 ? out[k] / total : 1.0 / double(n);
  };
  for (int t = 1; t <= kRounds; ++t) {
    normalize(mine, regret_row, rows);
    normalize(theirs, regret_col, cols.size());
    std::array<double, CommandersGame::kMaxActions> row_value{};
    std::array<double, kCommanderTypes> col_value{};
    for (size_t i = 0; i < rows; ++i)
      for (size_t j = 0; j < cols.size(); ++j) {
        row_value[i] += theirs[j] * m[i][j];
        col_value[j] -= mine[i] * m[i][j];
      }
    double value = 0;
    for (size_t i = 0; i < rows; ++i) value += mine[i] * row_value[i];
    for (size_t i = 0; i < rows; ++i) {
      regret_row[i] = std::max(regret_row[i] + row_value[i] - value, 0.0);
      average[i] += t * mine[i];
    }
    for (size_t j = 0; j < cols.size(); ++j)
      regret_col[j] = std::max(regret_col[j] + col_value[j] + value, 0.0);
  }
  double total = 0;
  for (size_t i = 0; i < rows; ++i) total += average[i];
  double pick = rng.uniform() * total;
  for (size_t i = 0; i < rows; ++i)
    if ((pick -= average[i]) < 0) return actions[i];
  return actions[rows - 1];
}

}  // namespace nf::commanders
