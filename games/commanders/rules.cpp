// The rules of the Nine Commanders: setup, the reveal, assassins, jokers, battles with Queen
// redraws, 9s reviving commanders, and the end of the game.
#include <algorithm>
#include <cassert>

#include "games/commanders/commanders.hpp"

namespace nf::commanders {

ParamSchema CommandersGame::config_schema() {
  return {
      ParamSpec::integer("round_cap", 300, 1, 100000,
                         "rounds after which an unfinished game is a draw"),
      ParamSpec::integer("queen_redraws", 2, 0, 5,
                         "extra troop cards a Queen's player may draw in a battle"),
      ParamSpec::boolean("nines_revive", true,
                         "a drawn 9 returns the top commander of its owner's graveyard"),
      ParamSpec::choice("ace_order", "ace_under", {"ace_under", "seat"},
                        "Ace against Ace, a side losing its own Ace and a castle commander: "
                        "ace_under buries the Ace under the commander; seat resolves seat 0's "
                        "assassination first, which favours seat 1"),
  };
}

CommandersGame::CommandersGame(const ParamSet& config)
    : round_cap_(static_cast<int>(config.get_int("round_cap"))),
      queen_redraws_(static_cast<int>(config.get_int("queen_redraws"))),
      nines_revive_(config.get_bool("nines_revive")),
      ace_order_by_seat_(config.get_choice("ace_order") == "seat") {}

namespace {

// A troop deck before its shuffle: 2 to 10 in two suits, each value twice in a row.
constexpr std::array<uint8_t, kTroopCards> kFreshDeck = [] {
  std::array<uint8_t, kTroopCards> deck{};
  for (size_t i = 0; i < deck.size(); ++i) deck[i] = uint8_t(2 + i / 2);
  return deck;
}();

}  // namespace

State CommandersGame::initial_state(uint64_t seed) const {
  State s;
  s.rng.reseed(seed);
  for (Side& side : s.sides) {
    side.castle = kStartingCastle;
    side.deck.resize(kFreshDeck.size());
    std::copy(kFreshDeck.begin(), kFreshDeck.end(), side.deck.begin());
    s.rng.shuffle(side.deck.span());
  }
  return s;
}

void CommandersGame::apply(State& s, Action a) const {
  assert(s.phase != Phase::Over);
  const int seat = s.to_move;
  Side& side = s.sides[seat];
  if (s.phase == Phase::Choose) {
    const Commander c = played(a);
    assert(is_play(a) && side.castle[c] > 0);
    --side.castle[c];
    ++side.counters.played[c];
    s.choice[seat] = c;
    if (seat == 0) {
      s.to_move = 1;  // seat 1 chooses without seeing seat 0's card
    } else {
      resolve_reveal(s);
    }
    return;
  }
  assert(a == Action::Redraw || a == Action::Stop);
  if (a == Action::Redraw) {
    draw_troop(s, seat);
    --side.redraws_left;
  } else {
    side.stopped = true;
  }
  next_queen_decision(s);
}

void CommandersGame::draw_troop(State& s, int seat) const {
  Side& side = s.sides[seat];
  if (side.deck.empty()) {  // rebuild from the used cards; cards in this battle stay out
    side.deck = side.used;
    side.used.clear();
    s.rng.shuffle(side.deck.span());
  }
  const uint8_t card = side.deck.pop_back();
  side.battle.push_back(card);
  if (card == kNine && nines_revive_ && !side.graveyard.empty()) {
    const auto revived = static_cast<Commander>(side.graveyard.pop_back());
    ++side.castle[revived];
    ++side.counters.revived[revived];
  }
}

void CommandersGame::kill_played(State& s, int seat) {
  Side& side = s.sides[seat];
  const Commander c = s.choice[seat];
  s.played_dead[seat] = true;
  side.graveyard.push_back(c);
  ++side.counters.died_played[c];
}

void CommandersGame::kill_in_castle(State& s, int seat, Commander c) {
  Side& side = s.sides[seat];
  assert(side.castle[c] > 0);
  --side.castle[c];
  side.graveyard.push_back(c);
  ++side.counters.assassinated[c];
}

void CommandersGame::resolve_reveal(State& s) const {
  s.played_dead = {false, false};
  const Commander a = s.choice[0], b = s.choice[1];
  if (a == Joker || b == Joker) {  // both played cards die; an Ace does not assassinate
    kill_played(s, 0);
    kill_played(s, 1);
    if (a == Joker) ++s.sides[0].counters.kills[Joker];
    if (b == Joker) ++s.sides[1].counters.kills[Joker];
    end_round(s);
    return;
  }
  // An Ace whose opponent has no castle card left acts as a Jack.
  const std::array<bool, 2> assassin = {a == Ace && s.sides[1].castle_size() > 0,
                                        b == Ace && s.sides[0].castle_size() > 0};
  if (!assassin[0] && !assassin[1]) {
    start_battle(s);
    return;
  }
  // Ace vs Ace: each assassinates from the other's castle as it stood (only the opponent's
  // castle changes in an assassination, so one pick cannot affect the other). A side can
  // lose its own Ace (it picked an Ace) and a castle commander (the other Ace's victim) in
  // one round; the order they reach its graveyard decides what a later 9 revives, so it must
  // not depend on the seat: the Ace goes under the commander.
  std::array<int, 2> picked{-1, -1};
  for (int seat = 0; seat < 2; ++seat)
    if (assassin[seat]) picked[seat] = assassin_pick(s, seat);
  if (ace_order_by_seat_) {
    for (int seat = 0; seat < 2; ++seat)
      if (assassin[seat]) assassinate(s, seat, Commander(picked[seat]));
  } else {
    for (int seat = 0; seat < 2; ++seat)
      if (picked[seat] == Ace) assassinate(s, seat, Ace);
    for (int seat = 0; seat < 2; ++seat)
      if (assassin[seat] && picked[seat] != Ace) assassinate(s, seat, Commander(picked[seat]));
  }
  end_round(s);
}

Commander CommandersGame::assassin_pick(State& s, int seat) {
  const Side& target = s.sides[1 - seat];
  uint32_t pick = s.rng.below(static_cast<uint32_t>(target.castle_size()));
  int c = 0;
  while (pick >= target.castle[c]) pick -= target.castle[c++];
  return Commander(c);
}

void CommandersGame::assassinate(State& s, int seat, Commander picked) {
  if (picked == Ace) {  // picking an Assassin kills the picker's own Ace
    kill_played(s, seat);
  } else {
    kill_in_castle(s, 1 - seat, picked);
    ++s.sides[seat].counters.kills[Ace];
  }
}

void CommandersGame::start_battle(State& s) const {
  for (int seat = 0; seat < 2; ++seat) {
    Side& side = s.sides[seat];
    side.stopped = false;
    side.redraws_left = s.choice[seat] == Queen ? static_cast<uint8_t>(queen_redraws_) : 0;
    draw_troop(s, seat);
  }
  next_queen_decision(s);
}

int CommandersGame::battle_standing(const State& s, int seat) {
  const int mine = battle_value(s.choice[seat], s.sides[seat].battle.back());
  const int theirs = battle_value(s.choice[1 - seat], s.sides[1 - seat].battle.back());
  return (mine > theirs) - (mine < theirs);
}

void CommandersGame::next_queen_decision(State& s) const {
  auto may_redraw = [&](int seat) {
    return s.sides[seat].redraws_left > 0 && !s.sides[seat].stopped;
  };
  const bool first = may_redraw(0), second = may_redraw(1);
  if (!first && !second) {
    finish_battle(s);
    return;
  }
  s.phase = Phase::QueenRedraw;
  if (first && second)  // both Queens: the one losing acts first, seat 0 on a tie
    s.to_move = battle_standing(s, 1) < 0 ? 1 : 0;
  else
    s.to_move = first ? 0 : 1;
}

void CommandersGame::finish_battle(State& s) const {
  const int standing = battle_standing(s, 0);
  if (standing != 0) {
    const int winner = standing > 0 ? 0 : 1;
    kill_played(s, 1 - winner);
    ++s.sides[winner].counters.kills[s.choice[winner]];
  }
  for (Side& side : s.sides) {
    for (uint8_t card : side.battle) side.used.push_back(card);
    side.battle.clear();
  }
  end_round(s);
}

void CommandersGame::end_round(State& s) const {
  for (int seat = 0; seat < 2; ++seat)
    if (!s.played_dead[seat]) ++s.sides[seat].castle[s.choice[seat]];
  s.played_dead = {false, false};
  const bool empty0 = s.sides[0].castle_size() == 0, empty1 = s.sides[1].castle_size() == 0;
  if (empty0 || empty1) {
    s.phase = Phase::Over;
    s.winner = empty0 && empty1 ? -1 : (empty0 ? 1 : 0);
    s.end_reason = empty0 && empty1 ? EndReason::BothCastlesEmptied : EndReason::CastleEmptied;
    return;
  }
  if (s.round >= round_cap_) {
    s.phase = Phase::Over;
    s.winner = -1;
    s.end_reason = EndReason::RoundCap;
    return;
  }
  ++s.round;
  s.phase = Phase::Choose;
  s.to_move = 0;
}

void CommandersGame::determinize(State& s, int observer, Rng& rng) const {
  // Nobody knows either troop deck's order: reshuffle both, from sorted so that the result
  // depends on the decks' contents (public) and never on their hidden order.
  for (Side& side : s.sides) {
    std::sort(side.deck.begin(), side.deck.end());
    rng.shuffle(side.deck.span());
  }
  // Seat 1, choosing, has not seen seat 0's face-down card: resample it among seat 0's
  // castle cards.
  if (take_back_unseen_move(s, observer)) apply(s, random_action(s, rng));
  s.rng.reseed(rng.next());
}

bool CommandersGame::take_back_unseen_move(State& s, int seat) const {
  if (!(s.phase == Phase::Choose && s.to_move == 1 && seat == 1)) return false;
  Side& first = s.sides[0];
  const Commander c = s.choice[0];
  ++first.castle[c];
  --first.counters.played[c];
  s.to_move = 0;
  return true;
}

}  // namespace nf::commanders
