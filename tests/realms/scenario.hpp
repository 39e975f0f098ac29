// Building explicit realms positions for rule tests: place figures, set terrain, actions,
// hands and dice, and play actions by their stable text.
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "games/realms/realms.hpp"

namespace nf::realms::test {

inline RealmsGame make_game(std::map<std::string, std::string> config = {}) {
  if (!config.count("seat0_realm")) config["seat0_realm"] = "aesir";
  return RealmsGame(ParamSet(RealmsGame::config_schema(), config, "realms test"));
}

inline std::vector<std::string> legal_texts(const RealmsGame& game, const State& s) {
  FixedVector<Action, RealmsGame::kMaxActions> actions;
  game.legal_actions(s, actions);
  std::vector<std::string> out;
  for (const Action& a : actions) out.push_back(game.action_to_string(s, a));
  return out;
}

inline bool is_legal(const RealmsGame& game, const State& s, const std::string& text) {
  const auto texts = legal_texts(game, s);
  return std::find(texts.begin(), texts.end(), text) != texts.end();
}

// A position on the given map with the Aesir to act in their action phase: every figure on
// its starting hex, empty hands, six actions each, a full Fate deck.
class Scenario {
 public:
  explicit Scenario(std::map<std::string, std::string> config = {}, uint64_t seed = 1)
      : game(make_game(std::move(config))), s(game.initial_state(seed)) {
    for (Side& side : s.sides) side.hand = {};
    s.deck.clear();
    for (int k = 0; k < kFateKinds; ++k)
      for (int c = 0; c < kFateCopies[size_t(k)]; ++c) s.deck.push_back(uint8_t(k));
    s.discards = s.eye_discards = {};
    s.phase = Phase::Main;
    s.active = Aesir;
    s.sides[Aesir].actions = s.sides[Norsemen].actions = 6;
  }

  uint8_t hex(const std::string& name) const {
    const uint8_t h = game.board().parse_hex(name);
    REQUIRE(h != kNoHex);
    return h;
  }

  // Moves a figure (by slot) to a hex, which must be empty.
  void place(int slot, const std::string& where) {
    const uint8_t h = hex(where);
    INFO("placing figure " << slot << " on " << where);
    REQUIRE(s.occupant[h] == kNoFigure);
    s.figures[size_t(slot)].status = FigureStatus::Active;
    game.set_figure_hex(s, slot, h);
  }

  // An Aesir figure on d4 facing a Norse one on e4, both hexes open ground.
  void face_to_face(int aesir, int norse) {
    terrain("d4", Terrain::Plain);
    terrain("e4", Terrain::Plain);
    place(aesir, "d4");
    place(norse, "e4");
  }

  // Removes a figure from the board as if it had died.
  void kill(int slot) {
    game.set_figure_hex(s, slot, kNoHex);
    s.figures[size_t(slot)] = Figure{kNoHex, 0, FigureStatus::Dead, false, false};
  }

  void terrain(const std::string& where, Terrain t) { game.set_terrain(s, hex(where), t); }

  // Moves Fate cards of kind k into r's hand, from the deck or else the discards.
  void give(Realm r, FateKind k, int count = 1) {
    for (int i = 0; i < count; ++i) {
      bool found = false;
      for (size_t d = 0; d < s.deck.size() && !found; ++d)
        if (s.deck[d] == k) s.deck.erase_at(d), found = true;
      if (!found && s.discards[k] > 0) --s.discards[k], found = true;
      REQUIRE(found);
      ++s.sides[r].hand[k];
    }
  }

  // Both realms drop their Fate cards on the discard pile (no windows from cards).
  void empty_hands() {
    for (Side& side : s.sides)
      for (int k = 0; k < kFateKinds; ++k) {
        s.discards[size_t(k)] = uint8_t(s.discards[size_t(k)] + side.hand[size_t(k)]);
        side.hand[size_t(k)] = 0;
      }
  }

  bool legal(const std::string& text) const { return is_legal(game, s, text); }
  std::vector<std::string> legal() const { return legal_texts(game, s); }

  void play(const std::string& text) {
    Action a{};
    INFO("state:\n" << game.render(s) << "legal: " << Catch::Detail::stringify(legal()));
    REQUIRE(find_action_by_text(game, s, text, a));
    game.apply(s, a);
  }

  // Ends the turn; the next realm's Resource Phase discards its first card if Odin's All
  // Seeing Eye asks for a discard.
  void end_turn() {
    play("end turn");
    if (s.phase == Phase::Discard) {
      FixedVector<Action, RealmsGame::kMaxActions> actions;
      game.legal_actions(s, actions);
      game.apply(s, actions[0]);
    }
  }

  // Selects the figure and gives it the order ("Thor close-attack Sigmund").
  void order(const std::string& figure, const std::string& text) {
    play("select " + figure);
    play(figure + " " + text);
  }

  // Overwrites the dice of the roll on the table (tests choose what was rolled).
  void set_dice(std::vector<int> dice) {
    Roll& roll = s.phase == Phase::Window && s.window_roll == RollKind::Counter ? s.combat.counter
                                                                                : s.combat.attack;
    roll.dice.clear();
    std::sort(dice.rbegin(), dice.rend());
    for (int d : dice) roll.dice.push_back(uint8_t(d));
  }

  // Reseeds the state's rng so that its next d12 rolls are `dice`, in this order.
  void next_rolls(const std::vector<int>& dice) {
    REQUIRE(dice.size() <= 5);
    for (uint64_t seed = 1;; ++seed) {
      Rng rng(seed);
      bool match = true;
      for (int d : dice) match = match && int(1 + rng.below(12)) == d;
      if (match) {
        s.rng.reseed(seed);
        return;
      }
    }
  }

  const Figure& figure(int slot) const { return s.figures[size_t(slot)]; }
  int wounds(int slot) const { return s.figures[size_t(slot)].wounds; }

  RealmsGame game;
  State s;
};

// Figure slots by name, for readable tests.
inline constexpr int kOdin = 0, kFrigg = 1, kThor = 2, kValkyrie = 3, kSigmund = 4, kHjordis = 5,
                     kSinfjotli = 6, kVanguard = 7, kVanguard2 = 8;

}  // namespace nf::realms::test
