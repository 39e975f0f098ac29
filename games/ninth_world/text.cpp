// Text of The Ninth World: stable action names (records replay by them), the rendered state,
// each seat's observation (hidden bids and deck orders left out) and the state hash.
#include <fmt/format.h>

#include "core/hash.hpp"
#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world {
namespace {

std::string skill_card(const Hero& h, int slot) {
  const int skill = h.skill[size_t(slot)];
  return fmt::format("{} {}", skill_name(skill), h.rank[size_t(slot)]);
}

constexpr std::array<std::string_view, 7> kPhaseNames = {"setup",  "scout", "tinker",   "charm",
                                                         "combat", "focus", "threshold"};

}  // namespace

std::string NinthWorldGame::decision_kind(const State& s, Action a) const {
  const std::string move = action_to_string(s, a);
  return fmt::format("{} {}", kPhaseNames[s.phase], move.substr(0, move.find(' ')));
}

std::string NinthWorldGame::action_to_string(const State& s, Action a) const {
  const Hero& hero = s.heroes[s.actor];
  auto card_name = [&](int card) {
    return card == kNone ? std::string("-") : data_->card(card).name;
  };
  switch (a.verb) {
    case Verb::Bid:
      return fmt::format("bid {} [{}]", skill_card(hero, a.a), a.a);
    case Verb::EndBid:
      return "end bid";
    case Verb::Power:
      switch (PowerSource(a.a)) {
        case TableauPower:
          return "use tableau power";
        case HeroToken:
          return "use hero token";
        case CypherPower:
          return fmt::format("use {} [{}]", card_name(hero.display[a.b].card), a.b);
        case AllyDiscard:
          return fmt::format("discard ally {}", data_->heroes[s.ally_def[a.b]].name);
        case CopyPower:
          return a.b >= kCopyAlly
                     ? fmt::format("copy the power of ally {}",
                                   data_->heroes[s.ally_def[a.b - kCopyAlly]].name)
                     : fmt::format("copy the power of {}", data_->hero(s.heroes[a.b].def).name);
      }
      return "use power";
    case Verb::Pass:
      return "pass";
    case Verb::Mark:
      return fmt::format("mark {} [w{}]", card_name(s.wild[a.a].card), a.a);
    case Verb::Draw:
      return "draw a wilderness card";
    case Verb::Claim:
    case Verb::Pool: {
      const bool wild = a.a == 1;
      const int card = wild ? s.wild[a.b].card : s.town[a.b];
      return fmt::format("{} {} [{}{}]", a.verb == Verb::Claim ? "claim" : "pool a point on",
                         card_name(card), wild ? "w" : "t", a.b);
    }
    case Verb::Quest: {
      const int quest = a.a >= kWildQuest ? s.wild[a.a - kWildQuest].card : hero.display[a.a].card;
      return fmt::format("discard {} [{}] for {}", card_name(hero.display[a.b].card), a.b,
                         card_name(quest));
    }
    case Verb::Advance:
      if (hero.skill[a.a] == Effort) return fmt::format("advance effort to {} 1", skill_name(a.b));
      return fmt::format("advance {} to {}", skill_name(hero.skill[a.a]), hero.rank[a.a] + 1);
    case Verb::Heal:
      return "heal a wound";
    case Verb::EndTurn:
      return "end turn";
    case Verb::KeepPower:
      return "keep tableau power";
    case Verb::TakePower:
      return fmt::format("take power {} [{}]", data_->power_names[s.offered[2 * s.actor + a.a]],
                         a.a);
  }
  return "?";
}

namespace {

std::string describe(const NinthWorldGame& game, const State& s, int seat) {
  const DataSet& data = game.data();
  const bool hide_bids = game.mode() == Mode::Competitive && s.step == Step::Bid;
  std::string out = fmt::format(
      "round {}/{} phase {} region {} ({}) monolith h{}\n", s.round, game.rounds(),
      kPhaseNames[s.phase], data.regions[s.region].name,
      data.regions[s.region].cards[size_t(NinthWorldGame::path_card(s.round))], s.monolith);
  if (game.cooperative())
    out += fmt::format("threshold raise {} checks passed {} town wounds {:b}\n", s.threshold_raise,
                       s.checks_passed, s.town_wounds);
  out += "town:";
  for (int slot = 0; slot < game.town_slots(); ++slot)
    out += s.town[size_t(slot)] == kNone
               ? std::string(" [-]")
               : fmt::format(" [{} {}/{}{}]", data.card(s.town[size_t(slot)]).name,
                             game.claim_cost(s, s.town[size_t(slot)]),
                             data.card(s.town[size_t(slot)]).valor,
                             s.town_pooled[size_t(slot)]
                                 ? fmt::format(" pool {}", s.town_pooled[size_t(slot)])
                                 : "");
  out += "\nwilderness:";
  for (const WildCard& w : s.wild)
    out += fmt::format(" [{} {}/{} marks {:b}{}{}{}]", data.card(w.card).name,
                       game.claim_cost(s, w.card), data.card(w.card).valor, w.marks,
                       w.sideways != kNone ? fmt::format(" sideways h{}", w.sideways) : "",
                       w.tokens ? fmt::format(" tokens {}", w.tokens) : "",
                       w.pooled ? fmt::format(" pool {}", w.pooled) : "");
  out += fmt::format("\ndecks: town {} (+{} discarded) wilderness {} (+{}) powers {}\n",
                     s.town_deck.size(), s.town_discard.size(), s.wild_deck.size(),
                     s.wild_discard.size(), s.power_deck.size());
  for (int h = 0; h < game.num_players(); ++h) {
    const Hero& hero = s.heroes[size_t(h)];
    out += fmt::format("h{} {}: valor {} wounds {} token {} hand", h, data.hero(hero.def).name,
                       hero.valor, hero.wounds(), hero.token ? "yes" : "no");
    for (int i = 0; i < kHandSize; ++i) {
      const bool hidden = hide_bids && seat >= 0 && seat != h;
      const bool in_bid = !hidden && (hero.bid >> i & 1);
      const bool spent = (hero.spent >> i & 1) != 0;
      out += fmt::format(" {}{}{}", skill_card(hero, i), spent ? "*" : "", in_bid ? "+" : "");
    }
    if (hide_bids && h != s.actor && seat >= 0 && seat != h)
      out += hero.bid_done ? " (bid hidden)" : "";
    else
      out += fmt::format(" bid {} total {} points {}", hero.bid_value, hero.total, hero.points);
    out += " stack";
    for (uint8_t c : hero.stack)
      out += (c & kWoundSide) ? std::string(" wound") : " " + data.power_names[c];
    if (hero.copy != kNone)
      out += fmt::format(" (copying {})", hero.copy >= kCopiedHero
                                              ? data.hero(hero.copy - kCopiedHero).name
                                              : data.power_names[hero.copy - kCopiedCard]);
    out += " display";
    for (const Displayed& d : hero.display)
      out += fmt::format(" {}{}{}", data.card(d.card).name,
                         d.tokens ? fmt::format(" ({})", d.tokens) : "", d.used ? " used" : "");
    out += " allies";
    for (int a = 0; a < kAllies; ++a)
      if (hero.allies >> a & 1) out += " " + data.heroes[s.ally_def[size_t(a)]].name;
    out += fmt::format(" claims {} where {} advanced {}\n", hero.claims,
                       std::array<std::string_view, 3>{"-", "town", "wilderness"}[hero.where],
                       hero.advanced);
  }
  out += "offered:";
  for (uint8_t c : s.offered) out += c == kNone ? std::string(" -") : " " + data.power_names[c];
  static constexpr std::array<std::string_view, 5> kSteps = {"set powers", "bids", "bid powers",
                                                             "mid-phase", "over"};
  out += fmt::format("\nstep {} actor h{} order", kSteps[size_t(s.step)], s.actor);
  for (uint8_t h : s.order) out += fmt::format(" h{}", h);
  out += fmt::format(" turn {}\n", s.turn);
  if (s.step == Step::Over)
    out += fmt::format("over: {} winner {} margin {}\n",
                       NinthWorldGame::end_reasons()[size_t(s.end_reason)],
                       s.winner == kNone ? -1 : int(s.winner), s.margin);
  return out;
}

}  // namespace

std::string NinthWorldGame::render(const State& s) const { return describe(*this, s, -1); }

std::string NinthWorldGame::observation(const State& s, int seat) const {
  return describe(*this, s, seat);
}

uint64_t NinthWorldGame::hash(const State& s) const {
  Hasher h;
  h.add(data_->content_hash);  // a record made with other cards does not replay
  for (int i = 0; i < players_; ++i) {
    const Hero& hero = s.heroes[size_t(i)];
    h.add(hero.def).add_bytes(hero.skill).add_bytes(hero.rank).add(hero.spent).add(hero.bid);
    h.add(hero.bid_done).add(hero.token).add(hero.bid_value).add(hero.phase_points);
    h.add(hero.total).add(hero.points).add(hero.used).add(hero.claims).add(hero.where);
    h.add(hero.advanced).add(hero.set_bonus).add(hero.allies).add(hero.copy);
    h.add_bytes(hero.stack);
    for (const Displayed& d : hero.display) h.add(d.card).add(d.tokens).add(d.used);
    h.add_range(hero.valor_by).add(hero.valor).add_bytes(hero.claimed);
    // Only a causal replacement makes cards neutral: other states hash as before.
    if (hero.blank != decltype(hero.blank){}) h.add_bytes(hero.blank);
  }
  h.add_bytes(s.town_deck).add_bytes(s.town_discard).add_bytes(s.wild_deck);
  h.add_bytes(s.wild_discard).add_bytes(s.power_deck).add_bytes(s.offered);
  h.add_bytes(s.town).add_bytes(s.town_pooled).add(s.town_wounds);
  for (const auto& by : s.town_pool_by) h.add_bytes(by);
  h.add_bytes(s.town_wound_card);
  for (const WildCard& w : s.wild) {
    h.add(w.card).add(w.marks).add(w.sideways).add(w.tokens).add(w.pooled);
    h.add_bytes(w.pool_by);
  }
  h.add_bytes(s.order).add(s.turn).add(s.actor).add(s.step).add(s.round).add(s.phase);
  h.add(s.monolith).add(s.region).add_bytes(s.ally_def).add(s.threshold_raise);
  h.add(s.checks_passed).add(s.margin).add(s.winner).add(s.end_reason).add(s.end_round);
  h.add(s.rng.fingerprint());
  return h.value();
}

}  // namespace nf::ninth_world
