// Helpers shared by The Ninth World's tests: games from config text, and positions set up by
// hand (heroes, hands, town and wilderness rows) for the rulebook's worked examples.
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "games/ninth_world/embedded.hpp"
#include "games/ninth_world/ninth_world.hpp"

namespace nf::ninth_world::test {

// The shipped base set's TOML text.
inline std::string base_text() {
  for (const EmbeddedFile& f : embedded_files())
    if (f.name == "base.toml") return std::string(f.text);
  FAIL("no base.toml");
  return {};
}

inline NinthWorldGame make_game(const std::map<std::string, std::string>& config = {}) {
  return NinthWorldGame(ParamSet(NinthWorldGame::config_schema(), config, "ninth-world"));
}

// A co-op game of `players` heroes starting in Milave, with `more` options.
inline NinthWorldGame coop(int players, std::map<std::string, std::string> more = {}) {
  more["mode"] = "coop";
  more["players"] = std::to_string(players);
  more.emplace("region", "Milave");
  return make_game(more);
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

namespace nf::ninth_world::test {

// A fresh game (round 1, Scout, bids about to start) with these heroes in seat order, their
// starting hands, the monolith with `monolith`, no wilderness cards and an empty town row.
inline State setup(const NinthWorldGame& game, const std::vector<std::string>& heroes,
                   int monolith = 0, uint64_t seed = 1) {
  State s = game.initial_state(seed);
  REQUIRE(int(heroes.size()) == game.num_players());
  for (size_t h = 0; h < heroes.size(); ++h) {
    Hero& hero = s.heroes[h];
    hero.def = uint8_t(hero_index(game, heroes[h]));
    const HeroDef& def = game.data().heroes[hero.def];
    set_hand(hero, {{def.adjective, 1}, {def.noun, 1}, {Effort, 1}, {Effort, 1}, {Effort, 1}});
    hero.valor = 0;  // co-op setup may have given the monolith owner a prize
    hero.valor_by = {};
    while (!hero.stack.empty()) s.power_deck.push_back(hero.stack.pop_back());  // (an Oddity's)
  }
  s.monolith = uint8_t(monolith);
  for (auto& slot : s.town)
    if (slot != kNone) s.town_discard.push_back(slot), slot = kNone;
  while (!s.wild.empty()) s.wild_discard.push_back(s.wild.pop_back().card);
  return s;
}

// Every hero bids 0 until the game reaches `phase` (the skipped phases do nothing).
inline void skip_to(const NinthWorldGame& game, State& s, int phase) {
  while (s.phase != phase) {
    REQUIRE(s.step == Step::Bid);
    game.apply(s, {Verb::EndBid, 0, 0});
  }
}

// Displays `card` in front of hero `h`.
inline void display(State& s, int h, int card, int tokens = 0) {
  take_card(s, card);
  s.heroes[size_t(h)].display.push_back({uint8_t(card), uint8_t(tokens), false});
}

// Puts `card` on top of the wilderness deck.
inline void on_top_of_wilderness(State& s, int card) {
  take_card(s, card);
  s.wild_deck.push_back(uint8_t(card));
}

// Gives hero `h` a wound (a power card wound side up).
inline void wound(State& s, int h) {
  s.heroes[size_t(h)].stack.push_back(uint8_t(s.power_deck.pop_back() | kWoundSide));
}

}  // namespace nf::ninth_world::test
