// Building explicit Ragnarok Rising positions for rule tests: warriors in play, cards in
// hand, the RR card up, the next d10 rolls, and actions played by their stable text.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok::test {

inline RagnarokGame make_game(std::map<std::string, std::string> config = {}) {
  if (!config.count("deck0")) config["deck0"] = "midrange";
  if (!config.count("deck1")) config["deck1"] = "control";
  return RagnarokGame(ParamSet(RagnarokGame::config_schema(), config, "ragnarok test"));
}

inline std::vector<std::string> legal_texts(const RagnarokGame& game, const State& s) {
  FixedVector<Action, RagnarokGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  std::vector<std::string> out;
  for (const Action& a : actions) out.push_back(game.action_to_string(s, a));
  return out;
}

inline bool is_legal(const RagnarokGame& game, const State& s, const std::string& text) {
  const auto texts = legal_texts(game, s);
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

// A position in round 3 with empty hands, no warriors and nothing in Valhalla; seat 0 first.
class Scenario {
 public:
  explicit Scenario(std::map<std::string, std::string> config = {}, uint64_t seed = 1)
      : game(make_game(std::move(config))), s(game.initial_state(seed)), rules(game) {
    for (Side& side : s.sides) {
      side.hand.clear();
      side.known = 0;
      side.warriors.clear();
      side.valhalla.clear();
    }
    s.round = 3;
    s.first = 0;
    rr("Heimdall's Horn", RrZone::Current);  // glory 7, a lasting +3 to bids
  }

  uint8_t id(const std::string& name) const {
    const uint8_t c = game.cards().find(name);
    INFO("card " << name);
    REQUIRE(c != kNone);
    return c;
  }
  uint8_t rr_id(const std::string& name) const {
    for (int r = 0; r < kRrCards; ++r)
      if (game.rr(uint8_t(r)).name == name) return uint8_t(r);
    FAIL("no RR card " << name);
    return 0;
  }

  // Puts a warrior in play for `seat`; returns its position.
  int warrior(int seat, const std::string& name, int health = -1, int shame = 0) {
    Warrior w;
    w.card = id(name);
    w.health = int8_t(health < 0 ? game.card(w.card).health : health);
    w.shame = uint8_t(shame);
    s.sides[size_t(seat)].warriors.push_back(w);
    return int(s.sides[size_t(seat)].warriors.size()) - 1;
  }
  void hand(int seat, const std::string& name) { s.sides[size_t(seat)].hand.push_back(id(name)); }
  // Moves an RR card out of the RR deck into `zone`.
  void rr(const std::string& name, RrZone zone) {
    const uint8_t r = rr_id(name);
    auto& deck = s.rr_deck;
    const auto it = std::find(deck.begin(), deck.end(), r);
    if (it != deck.end()) deck.erase_at(size_t(it - deck.begin()));
    s.rr_zone[r] = zone;
    if (zone == RrZone::Current) s.rr_current = r;
  }

  // Reseeds the state's rng so that its next d10 rolls are `dice`, in this order.
  void next_rolls(const std::vector<int>& dice) {
    REQUIRE(dice.size() <= 5);
    for (uint64_t seed = 1;; ++seed) {
      Rng rng(seed);
      bool match = true;
      for (int d : dice) match = match && int(1 + rng.below(10)) == d;
      if (match) {
        s.rng.reseed(seed);
        return;
      }
    }
  }

  void act(const std::string& text) {
    Action a{};
    INFO("action '" << text << "' in\n" << game.render(s));
    REQUIRE(find_action_by_text(game, s, text, a));
    game.apply(s, a);
  }

  RagnarokGame game;
  State s;
  Rules rules;
};

}  // namespace nf::ragnarok::test
