// The flow of a game of The Ninth World: rounds, the five skill phases (bids, reveal, bid
// powers, mid-phase turns), the co-op Threshold phase, round end, the end of the game, and
// determinization. What a hero does on its turn: phases.cpp; powers and effects: effects.cpp.
#include <algorithm>
#include <bit>
#include <cassert>

#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {

void NinthWorldGame::begin_phase(State& s) const {
  for (int h = 0; h < players_; ++h) {
    Hero& hero = s.heroes[size_t(h)];
    hero.bid = 0, hero.bid_done = false, hero.bid_value = 0, hero.phase_points = 0;
    hero.total = 0, hero.points = 0, hero.used = 0, hero.claims = 0, hero.where = 0;
    hero.advanced = false, hero.copy = kNone;
    for (Displayed& d : hero.display) d.used = false;
  }
  for (WildCard& w : s.wild) w.pooled = 0, w.pool_by = {};
  s.town_pooled.fill(0);
  s.town_pool_by = {};
  region_powers(s, Trigger::PhaseStart);
  start_bidding(s);
}

void NinthWorldGame::start_bidding(State& s) const {
  s.step = Step::Bid;
  s.actor = uint8_t(players_);  // next_bidder starts from seat 0
  next_bidder(s);
}

void NinthWorldGame::next_bidder(State& s) const {
  // Seats bid in seat order; a hero whose whole hand is spent bids 0 without a decision.
  int h = s.actor == players_ ? 0 : s.actor + 1;
  for (; h < players_; ++h) {
    Hero& hero = s.heroes[size_t(h)];
    if ((hero.spent & 0x1f) != 0x1f) break;
    hero.bid_done = true;
  }
  if (h < players_) {
    s.actor = uint8_t(h);
    return;
  }
  reveal(s);
}

void NinthWorldGame::reveal(State& s) const {
  bool any = false;
  for (int h = 0; h < players_; ++h) {
    Hero& hero = s.heroes[size_t(h)];
    int value = 0, in_phase = 0;
    for (int i = 0; i < kHandSize; ++i) {
      if (!(hero.bid >> i & 1)) continue;
      value += bid_points(hero, i, s.phase);
      if (hero.skill[size_t(i)] == s.phase) in_phase += hero.rank[size_t(i)];
    }
    hero.spent |= hero.bid;
    hero.bid_value = hero.total = hero.points = uint8_t(value);
    hero.phase_points = uint8_t(in_phase);
    any |= value > 0;
  }
  if (!any) return end_phase(s);  // everyone bid 0: the phase is skipped
  start_bid_powers(s);
}

template <class Rank>
void NinthWorldGame::order_heroes(State& s, Rank&& rank) const {
  // The heroes who bid at least 1, highest rank first (an insertion sort: five at most).
  std::array<int, kMaxHeroes> key{};
  s.order.clear();
  for (int h = 0; h < players_; ++h) {
    if (s.heroes[size_t(h)].bid_value == 0) continue;
    const int k = rank(s.heroes[size_t(h)], h);
    size_t i = s.order.size();
    s.order.push_back(uint8_t(h));
    for (; i > 0 && key[i - 1] < k; --i) s.order[i] = s.order[i - 1], key[i] = key[i - 1];
    s.order[i] = uint8_t(h), key[i] = k;
  }
}

void NinthWorldGame::start_bid_powers(State& s) const {
  // Lowest initial bid first; ties in the reverse of the mid-phase tie-breaks.
  order_heroes(s, [&](const Hero& h, int hero) {
    return -(h.bid_value << 16 | h.phase_points << 8 |
             (kMaxHeroes - distance_from_monolith(s, hero)));
  });
  s.step = Step::BidPowers;
  s.turn = 0;
  next_bid_power_hero(s);
}

void NinthWorldGame::next_bid_power_hero(State& s) const {
  for (; s.turn < s.order.size(); ++s.turn)
    if (has_bid_power(s, s.order[s.turn])) {
      s.actor = s.order[s.turn];
      return;
    }
  start_mid_phase(s);
}

void NinthWorldGame::start_mid_phase(State& s) const {
  // #1 highest total bid, #2 most points in the phase's skill, #3 from the monolith clockwise.
  order_heroes(s, [&](const Hero& h, int hero) {
    return h.total << 16 | h.phase_points << 8 | (kMaxHeroes - distance_from_monolith(s, hero));
  });
  s.step = Step::Act;
  s.turn = 0;
  if (s.order.empty()) return end_phase(s);
  s.actor = s.order[0];
}

void NinthWorldGame::end_turn(State& s) const {
  const int h = s.actor;
  Hero& hero = s.heroes[size_t(h)];
  if (hero.claims == 0) passive(s, h, Trigger::NoClaim, kNone);
  // Unspent skill points become Valor.
  gain_valor(s, h, hero.points, FromConversion);
  hero.points = 0;
  if (++s.turn < s.order.size()) {
    s.actor = s.order[s.turn];
    return;
  }
  end_phase(s);
}

void NinthWorldGame::end_phase(State& s) const {
  if (pool_to_valor_) {
    // unclaimed_pool=valor: points pooled on a card nobody claimed become their heroes' Valor.
    for (const WildCard& w : s.wild)
      for (int h = 0; h < players_; ++h) gain_valor(s, h, w.pool_by[size_t(h)], FromConversion);
    for (const auto& by : s.town_pool_by)
      for (int h = 0; h < players_; ++h) gain_valor(s, h, by[size_t(h)], FromConversion);
  }
  if (s.phase == Scout)
    for (WildCard& w : s.wild) w.sideways = kNone;
  if (s.phase < Focus) {
    ++s.phase;
    return begin_phase(s);
  }
  if (cooperative()) {
    threshold_phase(s);
    if (s.step == Step::Over) return;
  }
  end_round(s);
}

void NinthWorldGame::threshold_phase(State& s) const {
  s.phase = kThresholdPhase;
  // Cyphers inflate the economy.
  for (const WildCard& w : s.wild)
    s.threshold_raise = int16_t(s.threshold_raise + (data_->card(w.card).type == CardType::Cypher));
  // Creatures attack the town: any bad die wounds the farthest unwounded slot.
  for (const WildCard& w : s.wild) {
    const CardDef& card = data_->card(w.card);
    if (card.type != CardType::Creature) continue;
    const int dice = checked_cost(s, w.card) <= 4 ? 1 : 2;
    bool bad = false;
    for (int d = 0; d < dice; ++d) bad |= roll_die(s) < 0;
    if (!bad) continue;
    for (int slot = town_slots_ - 1; slot >= 0; --slot) {
      if (s.town_wounds >> slot & 1) continue;
      s.town_wounds = uint8_t(s.town_wounds | 1 << slot);
      // A wound card from the power/wound deck lies on the slot for the rest of the game.
      s.town_wound_card[size_t(slot)] = s.power_deck.empty() ? kNone : s.power_deck.pop_back();
      if (s.town[size_t(slot)] != kNone) s.town_discard.push_back(s.town[size_t(slot)]);
      s.town[size_t(slot)] = kNone;
      break;
    }
    if (s.town_wounds == (1 << town_slots_) - 1) return end_game(s, EndReason::TownDestroyed);
  }
  // Quests populate the wilderness.
  int incomplete = 0;
  for (const WildCard& w : s.wild) {
    const CardDef& card = data_->card(w.card);
    incomplete += card.type == CardType::Quest && w.tokens < card.tiers;
  }
  reveal_wild(s, players_ + incomplete);
  // Crossing the threshold: every hero's score against the token.
  if (s.checks_passed < checks() && s.round == check_round(s.checks_passed)) {
    const int needed = check_needs(s), lowest = lowest_score(s);
    s.margin = int16_t(lowest - needed);
    if (lowest < needed)
      return end_game(s, EndReason(int(EndReason::FailedCheck1) + s.checks_passed));
    ++s.checks_passed;
  }
}

void NinthWorldGame::end_round(State& s) const {
  for (int h = 0; h < players_; ++h) s.heroes[size_t(h)].spent = 0;
  deal_town(s);
  region_powers(s, Trigger::Departure);
  if (mode_ != Mode::Solo && players_ > 1) {
    // To the lowest-Valor other hero; ties to the one closest to the owner's left.
    int best = -1;
    for (int d = 1; d < players_; ++d) {
      const int h = (s.monolith + d) % players_;
      if (best < 0 || s.heroes[size_t(h)].valor < s.heroes[size_t(best)].valor) best = h;
    }
    s.monolith = uint8_t(best);
  }
  if (s.round == rounds_)
    return end_game(s, cooperative() ? EndReason::TeamWon : EndReason::Highest);
  ++s.round;
  s.phase = Scout;
  region_powers(s, Trigger::Arrival);
  begin_phase(s);
}

void NinthWorldGame::end_game(State& s, EndReason reason) const {
  s.step = Step::Over;
  s.end_reason = reason;
  s.end_round = s.round;
  if (reason != EndReason::Highest) return;
  // Highest score; ties to the tied hero closest to the monolith.
  int best = s.monolith;
  for (int d = 1; d < players_; ++d) {
    const int h = (s.monolith + d) % players_;
    if (s.heroes[size_t(h)].score() > s.heroes[size_t(best)].score()) best = h;
  }
  s.winner = uint8_t(best);
}

Returns<kMaxHeroes> NinthWorldGame::returns(const State& s) const {
  Returns<kMaxHeroes> out{};
  if (s.step != Step::Over) return out;
  if (cooperative()) {
    // The team shares one result.
    const double r = s.end_reason == EndReason::TeamWon ? 1.0 : -1.0;
    for (int h = 0; h < players_; ++h) out[size_t(h)] = r;
    return out;
  }
  for (int h = 0; h < players_; ++h)
    out[size_t(h)] = h == s.winner ? 1.0 : -1.0 / double(players_ - 1);
  return out;
}

int NinthWorldGame::lowest_score(const State& s) const {
  int lowest = s.heroes[0].score();
  for (int h = 1; h < players_; ++h) lowest = std::min(lowest, s.heroes[size_t(h)].score());
  return lowest;
}

// A won game is 1. A lost one is -1 plus twice the mean of three shares, each in [0, 1]: the
// rounds the team completed, the town slots still unwounded, and the lowest hero's score against
// what the check it failed, or the next one, needs (1 once every check is passed). A team that
// lasts longer, keeps more of its town or comes closer to the check scores higher, so a search
// whose every line loses still tells its moves apart.
Returns<kMaxHeroes> NinthWorldGame::graded_returns(const State& s) const {
  Returns<kMaxHeroes> out{};
  if (s.step != Step::Over || !cooperative()) return out;
  double grade = 1;
  if (s.end_reason != EndReason::TeamWon) {
    const double rounds = double(s.end_round - 1) / double(rounds_);
    const double town =
        double(town_slots_ - std::popcount(unsigned(s.town_wounds))) / double(town_slots_);
    double valor = 1;
    if (s.checks_passed < checks()) {
      const int needed = check_needs(s), lowest = lowest_score(s);
      valor = needed > 0 ? std::clamp(double(lowest) / double(needed), 0.0, 1.0) : 1.0;
    }
    grade = -1 + 2 * (rounds + town + valor) / 3;
  }
  for (int h = 0; h < players_; ++h) out[size_t(h)] = grade;
  return out;
}

void NinthWorldGame::legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
  out.clear();
  switch (s.step) {
    case Step::SetPowers:
      out.push_back({Verb::KeepPower, 0, 0});
      out.push_back({Verb::TakePower, 0, 0});
      out.push_back({Verb::TakePower, 1, 0});
      return;
    case Step::Bid:
      for (uint8_t slots = bid_slots(s); slots; slots = uint8_t(slots & (slots - 1)))
        out.push_back({Verb::Bid, uint8_t(std::countr_zero(slots)), 0});
      out.push_back({Verb::EndBid, 0, 0});
      return;
    case Step::BidPowers: {
      FixedVector<Action, kMaxBidPowers> powers;
      bid_power_actions(s, s.actor, powers);
      for (const Action& a : powers) out.push_back(a);
      out.push_back({Verb::Pass, 0, 0});
      return;
    }
    case Step::Act:
      return act_actions(s, out);
    case Step::Over:
      return;
  }
}

uint8_t NinthWorldGame::bid_slots(const State& s) const {
  // A bid is a set: cards join in slot order, and of identical cards the first free one.
  const Hero& h = s.heroes[s.actor];
  uint32_t seen = 0;  // bit skill * 4 + rank - 1: a free card like it is already listed
  uint8_t slots = 0;
  for (int i = std::bit_width(unsigned(h.bid)); i < kHandSize; ++i) {
    if (h.spent >> i & 1) continue;
    const uint32_t card = 1u << (h.skill[size_t(i)] * kMaxRank + h.rank[size_t(i)] - 1);
    if (seen & card) continue;
    seen |= card;
    slots = uint8_t(slots | 1 << i);
  }
  return slots;
}

Action NinthWorldGame::random_action(const State& s, Rng& rng) const {
  // Bids and bid powers are most of a random game's decisions; their lists are short.
  if (s.step == Step::Bid) {
    // The k-th listed card, or "end bid" after them.
    uint8_t slots = bid_slots(s);
    uint32_t listed = 0;
    for (uint8_t rest = slots; rest; rest = uint8_t(rest & (rest - 1))) ++listed;
    for (uint32_t k = rng.below(listed + 1); k > 0; --k) slots = uint8_t(slots & (slots - 1));
    return slots ? Action{Verb::Bid, uint8_t(std::countr_zero(slots)), 0}
                 : Action{Verb::EndBid, 0, 0};
  }
  if (s.step == Step::BidPowers) {
    FixedVector<Action, kMaxBidPowers + 1> powers;
    visit_bid_powers(s, s.actor, [&](Action a) {
      powers.push_back(a);
      return true;
    });
    powers.push_back({Verb::Pass, 0, 0});
    return powers[rng.below(uint32_t(powers.size()))];
  }
  FixedVector<Action, kMaxActions> actions;
  legal_actions(s, actions);
  return actions[rng.below(uint32_t(actions.size()))];
}

void NinthWorldGame::apply(State& s, Action a) const {
  const int h = s.actor;
  Hero& hero = s.heroes[size_t(h)];
  switch (a.verb) {
    case Verb::KeepPower:
    case Verb::TakePower: {
      for (int k = 0; k < 2; ++k) {
        const uint8_t card = s.offered[size_t(2 * h + k)];
        if (a.verb == Verb::TakePower && a.a == k)
          hero.stack.push_back(card);
        else
          s.power_deck.push_back(card);
        s.offered[size_t(2 * h + k)] = kNone;
      }
      if (++s.actor < players_) return;
      s.offered.clear();
      s.rng.shuffle(s.power_deck.span());
      s.round = 1;
      region_powers(s, Trigger::Arrival);
      return begin_phase(s);
    }
    case Verb::Bid:
      hero.bid = uint8_t(hero.bid | 1 << a.a);
      return;
    case Verb::EndBid:
      hero.bid_done = true;
      return next_bidder(s);
    case Verb::Power:
      use_power(s, h, a);
      if (s.step == Step::BidPowers && !has_bid_power(s, h)) {
        ++s.turn;
        next_bid_power_hero(s);
      }
      return;
    case Verb::Pass:
      ++s.turn;
      return next_bid_power_hero(s);
    case Verb::EndTurn:
      return end_turn(s);
    default:
      return act(s, a);
  }
}

bool NinthWorldGame::sees_action(const State& s, Action, int seat) const {
  return !(mode_ == Mode::Competitive && s.step == Step::Bid && seat != s.actor);
}

void NinthWorldGame::determinize(State& s, int observer, Rng& rng) const {
  // Nobody knows the decks' orders: reshuffle them from sorted, so the result depends on
  // their (public) contents only.
  auto reshuffle = [&](auto& deck) {
    std::sort(deck.begin(), deck.end());
    rng.shuffle(deck.span());
  };
  reshuffle(s.town_deck);
  reshuffle(s.wild_deck);
  reshuffle(s.power_deck);
  // Competitive bids not yet revealed: the other heroes' choices are resampled.
  if (mode_ == Mode::Competitive && s.step == Step::Bid) {
    for (int h = 0; h < players_; ++h) {
      if (h == observer) continue;
      Hero& hero = s.heroes[size_t(h)];
      if (h == s.actor || !hero.bid_done) {
        hero.bid = 0;  // a bid still being chosen (or not begun) restarts empty
        continue;
      }
      hero.bid = uint8_t(rng.below(32) & ~hero.spent & 0x1f);
    }
  }
  s.rng.reseed(rng.next());
}

}  // namespace nf::ninth_world
