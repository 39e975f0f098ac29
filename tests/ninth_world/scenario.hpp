// Helpers shared by The Ninth World's tests: games from config text, and positions set up by
// hand (heroes, hands, town and wilderness rows) for the rulebook's worked examples.
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world::test {

inline NinthWorldGame make_game(const std::map<std::string, std::string>& config = {}) {
  return NinthWorldGame(ParamSet(NinthWorldGame::config_schema(), config, "ninth-world"));
}

// The data index of a hero or the first card instance with this name.
inline int hero_index(const NinthWorldGame& game, const std::string& name) {
  for (size_t i = 0; i < game.data().heroes.size(); ++i)
    if (game.data().heroes[i].name == name) return int(i);
  FAIL("no hero " << name);
  return -1;
}
inline int card_index(const NinthWorldGame& game, const std::string& name, int nth = 0) {
  for (int c = 0; c < kCards; ++c)
    if (game.data().card(c).name == name && nth-- == 0) return c;
  FAIL("no card " << name);
  return -1;
}

// Takes `card` out of whichever deck or pile holds it (so zones stay exact).
inline void take_card(State& s, int card) {
  auto remove = [&](auto& pile) {
    for (size_t i = 0; i < pile.size(); ++i)
      if (pile[i] == card) return pile.erase_at(i), true;
    return false;
  };
  if (remove(s.town_deck) || remove(s.town_discard) || remove(s.wild_deck) ||
      remove(s.wild_discard))
    return;
  for (auto& slot : s.town)
    if (slot == card) return void(slot = kNone);
  for (size_t i = 0; i < s.wild.size(); ++i)
    if (s.wild[i].card == card) return s.wild.erase_at(i);
  FAIL("card " << card << " is not in a deck, pile or row");
}

// Sets a hero's five skill cards: {skill, rank} pairs.
inline void set_hand(Hero& h, std::initializer_list<std::pair<int, int>> cards) {
  int i = 0;
  for (auto [skill, rank] : cards)
    h.skill[size_t(i)] = uint8_t(skill), h.rank[size_t(i++)] = uint8_t(rank);
}

// Puts `card` in town slot `slot` (the card there goes to the town discard).
inline void put_in_town(State& s, int slot, int card) {
  take_card(s, card);
  if (s.town[size_t(slot)] != kNone) s.town_discard.push_back(s.town[size_t(slot)]);
  s.town[size_t(slot)] = uint8_t(card);
}

// Adds `card` to the wilderness, marked by the heroes in `marks`; returns its index.
inline int put_in_wilderness(State& s, int card, uint8_t marks = 0) {
  take_card(s, card);
  WildCard w;
  w.card = uint8_t(card);
  w.marks = marks;
  s.wild.push_back(w);
  return int(s.wild.size()) - 1;
}

// Bids the given skill card slots for the current bidder, then ends its bid.
inline void bid(const NinthWorldGame& game, State& s, std::initializer_list<int> slots) {
  REQUIRE(s.step == Step::Bid);
  for (int slot : slots) {
    FixedVector<Action, NinthWorldGame::kMaxActions> actions;
    game.legal_actions(s, actions);
    bool found = false;
    for (const Action& a : actions)
      if (a.verb == Verb::Bid &&
          s.heroes[s.actor].skill[a.a] == s.heroes[s.actor].skill[size_t(slot)] &&
          s.heroes[s.actor].rank[a.a] == s.heroes[s.actor].rank[size_t(slot)] &&
          !(s.heroes[s.actor].bid >> a.a & 1)) {
        game.apply(s, a);
        found = true;
        break;
      }
    REQUIRE(found);
  }
  game.apply(s, {Verb::EndBid, 0, 0});
}

// Applies the legal action whose text is `text`.
inline void act(const NinthWorldGame& game, State& s, const std::string& text) {
  Action a;
  INFO(game.render(s));
  REQUIRE(find_action_by_text(game, s, text, a));
  game.apply(s, a);
}

inline bool has_action(const NinthWorldGame& game, const State& s, const std::string& text) {
  Action a;
  return find_action_by_text(game, s, text, a);
}

}  // namespace nf::ninth_world::test
