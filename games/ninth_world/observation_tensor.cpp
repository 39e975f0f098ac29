// The observation tensor of a seat: what observation() shows it, as one-hot fields and scaled
// numbers. Heroes are relative: the seat's own hero first, then the others in seat order after
// it. N is the number of heroes, C = 108 card instances (town, then wilderness), P = 50 power
// cards, G the heroes of the data set and its neutral hero, R its regions.
//   [seat N][actor N][step 5][phase 7][round / rounds 1][region R][monolith N]
//   [co-op: threshold raise / 20, checks passed / 3 2][co-op: town wounds 8]
//   per card C: [in the town, in the wilderness 2][claim cost, valor, points pooled / 10 3]
//     [marked by hero N][drawn sideways by hero N][quest tokens / 4 1]
//   [town deck, discards / 48, wilderness deck, discards / 60, power deck / 50 5]
//   [order: each hero's place N x N][turn / N 1]
//   per hero, own first:
//     [hero G][valor / 50 1][wounds / 5 1][token 1]
//     per skill card 5: [skill 6][rank / 4 1][spent 1][in the bid 1]
//     [bid hidden 1][bid, total, points / 20 3]
//     [stack: power cards P][wound cards / 5 1][copying a power card P][copying a hero G]
//     [displayed cards C][their tokens / 4 C][used C][solo allies left 3 x G][claims / 5 1]
//     [claims in: town, wilderness 2][advanced 1][power cards offered to it P]
//   [over: winner N][margin / 20 1][end reason 7]
// Hidden: the order of every deck and, while competitive bids are made, the other heroes' bid
// cards (and the bid values of all but the hero bidding), as observation() hides them.
#include "core/tensor_writer.hpp"
#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {
namespace {

constexpr int kSteps = 5, kPhases = 7;
constexpr float kValueScale = 10, kBidScale = 20, kValorScale = 50, kTokenScale = 4;

}  // namespace

std::vector<int> NinthWorldGame::observation_shape() const {
  TensorWriter count({});
  write_observation(initial_state(0), 0, count);
  return {int(count.size())};
}

void NinthWorldGame::observation_tensor(const State& s, int seat, std::span<float> out) const {
  TensorWriter w(out);
  write_observation(s, seat, w);
  w.finish();
}

void NinthWorldGame::write_observation(const State& s, int seat, TensorWriter& w) const {
  const auto n = size_t(players_);
  const size_t hero_defs = data_->heroes.size() + 1;  // the neutral hero last
  // A hero as the seat sees it: 0 itself, then the others in seat order; kNone stays none.
  const auto relative = [&](int hero) {
    return hero < 0 || hero >= players_ ? -1 : (hero - seat + players_) % players_;
  };
  const auto hero_index = [&](int def) { return def == kNeutralHero ? int(hero_defs) - 1 : def; };
  const bool over = s.step == Step::Over;
  w.one_hot(n, seat);
  w.one_hot(n, relative(s.actor));
  w.one_hot(kSteps, int(s.step));
  w.one_hot(kPhases, s.phase);
  w.scalar(float(s.round) / float(rounds_));
  w.one_hot(data_->regions.size(), s.region);
  w.one_hot(n, relative(s.monolith));
  const bool coop = cooperative();
  w.scalar(coop ? float(s.threshold_raise) / kBidScale : 0.0f);
  w.scalar(coop ? float(s.checks_passed) / 3.0f : 0.0f);
  for (int slot = 0; slot < kMaxTownSlots; ++slot) w.flag(coop && (s.town_wounds >> slot & 1));

  // Per card: where it lies face up and what lies on it.
  std::array<uint8_t, kCards> town_slot{}, wild_index{};
  town_slot.fill(kNone), wild_index.fill(kNone);
  for (int slot = 0; slot < town_slots_; ++slot)
    if (s.town[size_t(slot)] != kNone) town_slot[s.town[size_t(slot)]] = uint8_t(slot);
  for (size_t i = 0; i < s.wild.size(); ++i) wild_index[s.wild[i].card] = uint8_t(i);
  for (int card = 0; card < kCards; ++card) {
    const uint8_t slot = town_slot[size_t(card)], index = wild_index[size_t(card)];
    const bool shown = slot != kNone || index != kNone;
    w.flag(slot != kNone);
    w.flag(index != kNone);
    w.scalar(shown ? float(claim_cost(s, card)) / kValueScale : 0.0f);
    w.scalar(shown ? float(data_->card(card).valor) / kValueScale : 0.0f);
    const uint8_t pooled = slot != kNone    ? s.town_pooled[slot]
                           : index != kNone ? s.wild[index].pooled
                                            : 0;
    w.scalar(float(pooled) / kValueScale);
    for (size_t h = 0; h < n; ++h) {
      const int hero = (seat + int(h)) % players_;
      w.flag(index != kNone && (s.wild[index].marks >> hero & 1));
    }
    w.one_hot(n, index != kNone && s.wild[index].sideways != kNone
                     ? relative(s.wild[index].sideways)
                     : -1);
    w.scalar(index != kNone ? float(s.wild[index].tokens) / kTokenScale : 0.0f);
  }
  w.scalar(float(s.town_deck.size()) / float(kTownCards));
  w.scalar(float(s.town_discard.size()) / float(kTownCards));
  w.scalar(float(s.wild_deck.size()) / float(kWildernessCards));
  w.scalar(float(s.wild_discard.size()) / float(kWildernessCards));
  w.scalar(float(s.power_deck.size()) / float(kPowerCards));
  for (size_t h = 0; h < n; ++h) {
    const int hero = (seat + int(h)) % players_;
    int place = -1;
    for (size_t i = 0; i < s.order.size(); ++i)
      if (s.order[i] == hero) place = int(i);
    w.one_hot(n, place);
  }
  w.scalar(float(s.turn) / float(players_));

  const bool hide_bids = mode_ == Mode::Competitive && s.step == Step::Bid;
  for (size_t h = 0; h < n; ++h) {
    const int index = (seat + int(h)) % players_;
    const Hero& hero = s.heroes[size_t(index)];
    const bool bid_hidden = hide_bids && index != seat;
    w.one_hot(hero_defs, hero_index(hero.def));
    w.scalar(float(hero.valor) / kValorScale);
    w.scalar(float(hero.wounds()) / 5.0f);
    w.flag(hero.token);
    for (int i = 0; i < kHandSize; ++i) {
      w.one_hot(kSkills, hero.skill[size_t(i)]);
      w.scalar(float(hero.rank[size_t(i)]) / float(kMaxRank));
      w.flag(hero.spent >> i & 1);
      w.flag(!bid_hidden && (hero.bid >> i & 1));
    }
    const bool values_hidden = bid_hidden && index != s.actor;
    w.flag(values_hidden && hero.bid_done);
    w.scalar(values_hidden ? 0.0f : float(hero.bid_value) / kBidScale);
    w.scalar(values_hidden ? 0.0f : float(hero.total) / kBidScale);
    w.scalar(values_hidden ? 0.0f : float(hero.points) / kBidScale);
    // The power cards on the stack; cards showing their wound side are only counted.
    FixedVector<uint8_t, kMaxStack> powers;
    for (const uint8_t c : hero.stack)
      if (!(c & kWoundSide)) powers.push_back(c);
    w.histogram(kPowerCards, powers, 0, 1.0f);
    w.scalar(float(hero.stack.size() - powers.size()) / 5.0f);
    const bool copies_card = hero.copy != kNone && hero.copy < kCopiedHero;
    w.one_hot(kPowerCards, copies_card ? hero.copy - kCopiedCard : -1);
    w.one_hot(hero_defs,
              hero.copy != kNone && !copies_card ? hero_index(hero.copy - kCopiedHero) : -1);
    std::array<float, kCards> shown{}, tokens{}, used{};
    for (const Displayed& d : hero.display) {
      shown[d.card] = 1.0f;
      tokens[d.card] = float(d.tokens) / kTokenScale;
      used[d.card] = d.used ? 1.0f : 0.0f;
    }
    for (const float v : shown) w.scalar(v);
    for (const float v : tokens) w.scalar(v);
    for (const float v : used) w.scalar(v);
    for (int a = 0; a < kAllies; ++a)
      w.one_hot(hero_defs, hero.allies >> a & 1 ? hero_index(s.ally_def[size_t(a)]) : -1);
    w.scalar(float(hero.claims) / 5.0f);
    w.one_hot(2, int(hero.where) - 1);
    w.flag(hero.advanced);
    // Set your powers deals two cards to each seat, in seat order.
    FixedVector<uint8_t, 2> offered;
    for (size_t i = 2 * size_t(index); i < 2 * size_t(index) + 2 && i < s.offered.size(); ++i)
      if (s.offered[i] != kNone) offered.push_back(s.offered[i]);
    w.histogram(kPowerCards, offered, 0, 1.0f);
  }
  w.one_hot(n, over && s.winner != kNone ? relative(s.winner) : -1);
  w.scalar(over ? float(s.margin) / kBidScale : 0.0f);
  w.one_hot(kEndReasons, over ? int(s.end_reason) : -1);
}

}  // namespace nf::ninth_world
