// The rules of Ragnarok Rising outside combat and bidding: config, setup, the Initiative
// and Player Phases, events and their answers, legal actions, apply and determinization.
#include <fmt/format.h>

#include <algorithm>

#include "core/error.hpp"
#include "games/ragnarok/engine.hpp"

namespace nf::ragnarok {

ParamSchema RagnarokGame::config_schema() {
  return {
      ParamSpec::text("cards", "standard",
                      "card set: the shipped 'standard' or the path of a cards .toml file"),
      ParamSpec::text("decks", "standard",
                      "sample decks: the shipped 'standard' or the path of a decks .toml file"),
      ParamSpec::text("deck0", "random",
                      "seat 0's deck by name, or random: drawn from the deal seed"),
      ParamSpec::text("deck1", "random",
                      "seat 1's deck by name, or random: drawn from the deal seed"),
      ParamSpec::text("ablate", "none",
                      "a card whose every copy is replaced by the card file's neutral filler of "
                      "its type (its causal value: balance --variant ablate=CARD)"),
      ParamSpec::integer("start_health", 40, 1, 500, "each player's starting health"),
      ParamSpec::integer("rounds", 20, 1, kRrCards, "rounds before Glory decides"),
      ParamSpec::integer("hand", 5, 0, 20, "cards drawn at setup"),
      ParamSpec::integer("draw", 2, 0, 10, "cards drawn at every Initiative Phase"),
      ParamSpec::choice("event_windows", "standard", {"standard", "every"},
                        "when events may be played: the four windows of the rulings, or every "
                        "adds one after blocks (before the dice) and one at the start of the "
                        "Cleanup Phase"),
      ParamSpec::choice("shame", "player_phase", {"player_phase", "turns"},
                        "a shame counter comes off at the start of its owner's Player Phase (RR "
                        "warriors: at the Initiative), or turns: one is spent by every combat "
                        "the warrior misses (RR warriors: every Cleanup)"),
      ParamSpec::choice("claimed_rr_warrior", "opponent", {"opponent", "idle"},
                        "a claimed RR warrior attacks its owner's opponent every Cleanup, or "
                        "idle: only unclaimed RR warriors attack"),
      ParamSpec::choice("copies", "deck", {"deck", "box"},
                        "a card's copies (5, 3 or 1) limit each deck, or box: both decks of a "
                        "game together (random decks are drawn among the pairs that fit)"),
  };
}

RagnarokGame::RagnarokGame(const ParamSet& config)
    : cards_(std::make_shared<const CardSet>(load_cards(config.text("cards")))),
      decks_(std::make_shared<const DeckSet>(load_decks(config.text("decks"), *cards_))),
      rounds_(int(config.get_int("rounds"))),
      start_health_(int(config.get_int("start_health"))),
      hand_size_(int(config.get_int("hand"))),
      draw_(int(config.get_int("draw"))),
      every_window_(config.get_choice("event_windows") == "every"),
      shame_turns_(config.get_choice("shame") == "turns"),
      claimed_rr_attacks_(config.get_choice("claimed_rr_warrior") == "opponent"),
      data_hash_(cards_->content_hash * 31 + decks_->content_hash) {
  auto deck_index = [&](const std::string& key) {
    const std::string& name = config.text(key);
    if (name == "random") return -1;
    const int d = decks_->find(name);
    if (d < 0) {
      std::vector<std::string> names;
      for (const Deck& deck : decks_->decks) names.push_back(deck.name);
      throw Error(fmt::format("config {}: unknown deck '{}' in {} (decks: {})", key, name,
                              decks_->source, fmt::join(names, ", ")));
    }
    return d;
  };
  for (size_t c = 0; c < cards_->cards.size(); ++c) {
    const Card& k = cards_->cards[c];
    traits_[c] = {k.turn, k.type == CardType::Event, k.effect.kind == EffectKind::Counter,
                  k.effect.kind != EffectKind::None && k.effect.trigger == Trigger::Aura};
  }
  for (size_t r = 0; r < cards_->rr.size(); ++r)
    if (cards_->rr[r].kind == RrKind::Lasting) lasting_rr_.push_back(uint8_t(r));
  deck0_ = deck_index("deck0");
  deck1_ = deck_index("deck1");
  for (const Deck& d : decks_->decks) deck_lists_.push_back(d.cards);
  if (config.get_choice("copies") == "box") init_box();
  const std::string& ablate = config.text("ablate");
  if (ablate != "none") {
    const uint8_t id = cards_->find(ablate);
    if (id == kNone)
      throw Error(fmt::format("config ablate: unknown card '{}' in {}", ablate, cards_->source));
    const uint8_t filler =
        card(id).type == CardType::Warrior ? cards_->filler_warrior : cards_->filler_event;
    for (auto& list : deck_lists_) std::replace(list.begin(), list.end(), id, filler);
  }
  init_causal();
}

void RagnarokGame::init_box() {
  // The box holds `copies` of each card: two decks fit when together they hold no more. The
  // decks as written count, not their ablated copies, so an ablation keeps the same deals.
  const size_t n = decks_->decks.size();
  std::string why;  // why the first unfitting pair of fixed decks does not fit
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) {
      std::array<int, kMaxCards> count{};
      for (const size_t d : {a, b})
        for (uint8_t c : decks_->decks[d].cards) ++count[c];
      std::string over;
      for (size_t c = 0; c < cards_->cards.size() && over.empty(); ++c)
        if (count[c] > cards_->cards[c].copies)
          over = fmt::format(
              "config copies=box: decks '{}' and '{}' together hold {} '{}', the "
              "box has {}",
              decks_->decks[a].name, decks_->decks[b].name, count[c], cards_->cards[c].name,
              cards_->cards[c].copies);
      const bool wanted = (deck0_ < 0 || deck0_ == int(a)) && (deck1_ < 0 || deck1_ == int(b));
      if (!wanted) continue;
      if (over.empty())
        box_pairs_.push_back({uint8_t(a), uint8_t(b)});
      else if (why.empty())
        why = over;
    }
  if (box_pairs_.empty())
    throw Error(why.empty() ? std::string("config copies=box: no two decks fit in the box") : why);
}

std::array<uint8_t, 2> RagnarokGame::deck_ids(uint64_t seed) const {
  // Decks drawn from their own stream of the seed, so the deal does not depend on them.
  Rng pick(seed ^ 0x6a09e667f3bcc909ULL);
  if (!box_pairs_.empty()) return box_pairs_[pick.below(uint32_t(box_pairs_.size()))];
  const auto n = uint32_t(decks_->decks.size());
  const uint8_t a = uint8_t(pick.below(n)), b = uint8_t(pick.below(n));
  return {uint8_t(deck0_ >= 0 ? deck0_ : a), uint8_t(deck1_ >= 0 ? deck1_ : b)};
}

State RagnarokGame::initial_state(uint64_t seed) const {
  const Rules rules(*this);
  State s;
  s.rng.reseed(seed);
  const auto decks = deck_ids(seed);
  for (int seat = 0; seat < 2; ++seat) {
    Side& side = s.sides[size_t(seat)];
    side.health = int16_t(start_health_);
    side.deck_id = decks[size_t(seat)];
    for (uint8_t c : deck_lists_[side.deck_id]) side.deck.push_back(c);
    s.rng.shuffle(side.deck.span());
  }
  for (int r = 0; r < kRrCards; ++r) s.rr_deck.push_back(uint8_t(r));
  s.rng.shuffle(s.rr_deck.span());
  s.rr_zone.fill(RrZone::Deck);
  s.blocking.fill(kNone);
  for (int seat = 0; seat < 2; ++seat) rules.draw(s, seat, hand_size_);
  rules.start_round(s);
  return s;
}

Returns<2> RagnarokGame::returns(const State& s) const {
  if (s.phase != Phase::Over || s.winner < 0) return {0.0, 0.0};
  return s.winner == 0 ? Returns<2>{1.0, -1.0} : Returns<2>{-1.0, 1.0};
}

int RagnarokGame::decider(const State& s) const {
  switch (s.phase) {
    case Phase::Answer:
      return other(s.pending_seat);
    case Phase::Defend:
    case Phase::Block:
      return other(s.active);
    case Phase::AfterBlocks:
      return s.window == 0 ? s.active : other(s.active);
    default:
      return s.active;
  }
}

// ---- Queries ----

bool RagnarokGame::can_play_event(const State& s, int seat, bool answering) const {
  const Side& side = s.sides[size_t(seat)];
  if (side.event_played) return false;
  for (uint8_t c : side.hand) {
    const Traits& k = traits_[c];
    if (k.event && k.turn <= s.round && (answering || !k.counter)) return true;
  }
  return false;
}

bool RagnarokGame::rr_affects(const State& s, int id, int seat) const {
  const RrZone z = s.rr_zone[size_t(id)];
  if (z == RrZone::Unclaimed) return true;
  const bool own = (z == RrZone::Claimed0 && seat == 0) || (z == RrZone::Claimed1 && seat == 1);
  // The neutral RR card (Side::blank_rr) does nothing for the side that claimed it.
  return own && !(s.sides[size_t(seat)].blank_rr >> id & 1);
}

int RagnarokGame::glory(const State& s, int seat) const {
  const RrZone mine = seat == 0 ? RrZone::Claimed0 : RrZone::Claimed1;
  int total = 0;
  for (int r = 0; r < kRrCards; ++r)
    if (s.rr_zone[size_t(r)] == mine) total += rr(uint8_t(r)).glory;
  return total;
}

int RagnarokGame::strength(const State& s, int seat, int pos) const {
  const Warrior& w = s.sides[size_t(seat)].warriors[size_t(pos)];
  const int v = card(w.card).strength + w.strength_round + w.strength_lasting +
                Rules(*this).aura(s, seat, EffectKind::Strength);
  return std::max(0, v);
}

int RagnarokGame::defence(const State& s, int seat, int pos) const {
  const Warrior& w = s.sides[size_t(seat)].warriors[size_t(pos)];
  const int v = card(w.card).defence + w.defence_round + w.defence_lasting +
                Rules(*this).aura(s, seat, EffectKind::Defence);
  return std::max(0, v);
}

int RagnarokGame::max_health(const State& s, int seat, int pos) const {
  const Warrior& w = s.sides[size_t(seat)].warriors[size_t(pos)];
  return card(w.card).health + w.max_bonus;
}

int RagnarokGame::cards_drawn_per_round(const State& s, int seat) const {
  return std::max(0, draw_ + Rules(*this).aura(s, seat, EffectKind::Draw));
}

// ---- Cards ----

void Rules::draw(State& s, int seat, int count) const {
  Side& side = s.sides[size_t(seat)];
  for (int i = 0; i < count && !side.deck.empty(); ++i) {
    const uint8_t c = side.deck.pop_back();
    side.known &= ~(uint64_t(1) << side.hand.size());
    side.hand.push_back(c);
    set_bit(side.counters.drawn, c);
  }
}

void Rules::remove_from_hand(Side& side, size_t i) {
  side.hand.erase_at(i);
  const uint64_t low = (uint64_t(1) << i) - 1;
  side.known = (side.known & low) | ((side.known >> 1) & ~low);
}

// ---- Round flow ----

void Rules::start_round(State& s) const {
  ++s.round;
  // Blocked RR warriors lose one shame counter at each Initiative Phase (shame=turns: at each
  // Cleanup they miss).
  if (!g.shame_turns())
    for (uint8_t& shame : s.rr_shame)
      if (shame > 0) --shame;
  // Initiative: both roll a d20, ties re-rolled; the higher roller chooses the order.
  int a = 0, b = 0;
  while (a == b) a = int(s.rng.below(20)), b = int(s.rng.below(20));
  s.active = uint8_t(a > b ? 0 : 1);
  ++s.sides[s.active].counters.initiatives_won;
  s.phase = Phase::Order;
}

void Rules::choose_order(State& s, bool go_first) const {
  const int chooser = s.active;
  if (go_first) ++s.sides[size_t(chooser)].counters.chose_first;
  s.first = uint8_t(go_first ? chooser : other(chooser));
  s.rr_current = s.rr_deck.pop_back();
  s.rr_zone[s.rr_current] = RrZone::Current;
  for (int step = 0; step < 2; ++step) {
    const int seat = order_seat(s, step);
    draw(s, seat, g.cards_drawn_per_round(s, seat));
  }
  enter_main(s, 0);
}

bool Rules::has_main_choice(const State& s) const {
  const Side& side = s.sides[s.active];
  for (uint8_t c : side.hand) {
    const RagnarokGame::Traits& k = g.traits(c);
    if (k.turn > s.round) continue;
    if (!k.event ? !side.warrior_played : !side.event_played && !k.counter) return true;
  }
  return false;
}

void Rules::enter_main(State& s, int step) const {
  s.step = uint8_t(step);
  s.active = uint8_t(order_seat(s, step));
  // A shame counter comes off now (shame=turns: after each combat the warrior misses).
  if (!g.shame_turns())
    for (Warrior& w : s.sides[s.active].warriors)
      if (w.shame > 0) --w.shame;
  s.phase = Phase::Main;
  continue_main(s);
}

void Rules::continue_main(State& s) const {
  if (s.phase == Phase::Over || has_main_choice(s)) return;
  if (s.step == 0)
    enter_main(s, 1);
  else
    enter_attack(s, 0);
}

void Rules::enter_prebid(State& s, int step) const {
  s.step = uint8_t(step);
  s.active = uint8_t(order_seat(s, step));
  s.phase = Phase::PreBid;
  if (g.can_play_event(s, s.active, false)) return;
  if (step == 0)
    enter_prebid(s, 1);
  else
    enter_bid(s);
}

void Rules::enter_precleanup(State& s, int step) const {
  s.step = uint8_t(step);
  s.active = uint8_t(order_seat(s, step));
  s.phase = Phase::PreCleanup;
  if (g.can_play_event(s, s.active, false)) return;
  if (step == 0)
    enter_precleanup(s, 1);
  else
    cleanup(s);
}

void Rules::play_warrior(State& s, int seat, uint8_t c) const {
  Side& side = s.sides[size_t(seat)];
  remove_from_hand(side,
                   size_t(std::find(side.hand.begin(), side.hand.end(), c) - side.hand.begin()));
  side.warrior_played = true;
  Warrior w;
  w.card = c;
  w.health = int8_t(g.card(c).health);
  side.warriors.push_back(w);
  set_bit(side.counters.played, c);
  if (side.counters.first_round[c] == 0) side.counters.first_round[c] = s.round;
  trigger(s, seat, int(side.warriors.size()) - 1, Trigger::Play);
  sweep(s);
  check_death(s);
}

void Rules::play_event(State& s, int seat, uint8_t c) const {
  Side& side = s.sides[size_t(seat)];
  remove_from_hand(side,
                   size_t(std::find(side.hand.begin(), side.hand.end(), c) - side.hand.begin()));
  side.event_played = true;
  set_bit(side.counters.played, c);
  if (side.counters.first_round[c] == 0) side.counters.first_round[c] = s.round;
  s.pending_event = c;
  s.pending_seat = uint8_t(seat);
  s.resume = s.phase;
  if (g.can_play_event(s, other(seat), true)) {
    s.phase = Phase::Answer;
    return;
  }
  answer(s, kNone);
}

void Rules::answer(State& s, uint8_t c) const {
  const int seat = s.pending_seat, answerer = other(seat);
  const uint8_t pending = s.pending_event;
  s.pending_event = kNone;
  s.phase = s.resume;
  bool cancelled = false;
  if (c != kNone) {
    // The answer is played and resolved first; a counter cancels the event it answers.
    Side& side = s.sides[size_t(answerer)];
    remove_from_hand(side,
                     size_t(std::find(side.hand.begin(), side.hand.end(), c) - side.hand.begin()));
    side.event_played = true;
    set_bit(side.counters.played, c);
    if (side.counters.first_round[c] == 0) side.counters.first_round[c] = s.round;
    const Effect& e = g.card(c).effect;
    cancelled = e.kind == EffectKind::Counter;
    if (!cancelled) apply_effect(s, e, answerer, kNone);
    side.valhalla.push_back(c);
  }
  if (!cancelled && !check_death(s)) apply_effect(s, g.card(pending).effect, seat, kNone);
  s.sides[size_t(seat)].valhalla.push_back(pending);
  if (check_death(s)) return;
  resume_after_event(s);
}

void Rules::resume_after_event(State& s) const {
  switch (s.phase) {
    case Phase::Main:
      sweep(s);
      if (!check_death(s)) continue_main(s);
      return;
    case Phase::Defend:
      enter_block(s);  // no sweep: attacker positions are held until the combat ends
      return;
    case Phase::AfterBlocks:  // no sweep either
      if (s.window == 0)
        enter_after_blocks(s, 1);
      else
        resolve_combat(s);
      return;
    case Phase::PreCleanup:
      sweep(s);
      if (check_death(s)) return;
      if (s.step == 0)
        enter_precleanup(s, 1);
      else
        cleanup(s);
      return;
    case Phase::PreBid:
      sweep(s);
      if (check_death(s)) return;
      if (s.step == 0)
        enter_prebid(s, 1);
      else
        enter_bid(s);
      return;
    default:
      return;
  }
}

void Rules::sweep(State& s) const {
  // A death effect can kill again; every pass removes a warrior, so this ends.
  for (bool again = true; again;) {
    again = false;
    for (int seat = 0; seat < 2; ++seat) {
      Side& side = s.sides[size_t(seat)];
      for (size_t i = 0; i < side.warriors.size(); ++i) {
        if (side.warriors[i].health > 0) continue;
        const Warrior dead = side.warriors[i];
        side.warriors.erase_at(i);
        side.valhalla.push_back(dead.card);
        const Effect& e = g.card(dead.card).effect;
        if (e.trigger == Trigger::Death && e.kind != EffectKind::None)
          apply_effect(s, e, seat, kNone);
        again = true;
        break;
      }
      if (again) break;
    }
  }
}

bool Rules::check_death(State& s) const {
  if (s.phase == Phase::Over) return true;
  const bool dead0 = s.sides[0].health <= 0, dead1 = s.sides[1].health <= 0;
  if (dead0 && dead1)
    end_by_glory(s, EndReason::DoubleDeath);
  else if (dead0 || dead1)
    end_game(s, dead0 ? 1 : 0, EndReason::Death);
  return s.phase == Phase::Over;
}

void Rules::end_game(State& s, int winner, EndReason reason) const {
  s.winner = int8_t(winner);
  s.end_reason = reason;
  s.phase = Phase::Over;
}

void Rules::end_by_glory(State& s, EndReason reason) const {
  const int a = g.glory(s, 0), b = g.glory(s, 1);
  end_game(s, a == b ? -1 : a > b ? 0 : 1, a == b ? EndReason::Draw : reason);
}

// ---- Decisions ----

void RagnarokGame::legal_actions(const State& s, FixedVector<Action, kMaxActions>& out) const {
  out.clear();
  const Rules rules(*this);
  const int seat = decider(s);
  const Side& side = s.sides[size_t(seat)];
  auto events = [&](bool answering) {
    CardMask seen{};
    for (uint8_t c : side.hand) {
      const Traits& k = traits_[c];
      if (!k.event || k.turn > s.round) continue;
      if (!answering && k.counter) continue;
      if (seen[c / 64] >> (c % 64) & 1) continue;
      Rules::set_bit(seen, c);
      out.push_back({Verb::Event, c});
    }
  };
  switch (s.phase) {
    case Phase::Order:
      out.push_back({Verb::GoFirst, 0});
      out.push_back({Verb::GoSecond, 0});
      return;
    case Phase::Main: {
      if (!side.warrior_played) {
        CardMask seen{};
        for (uint8_t c : side.hand) {
          if (traits_[c].event || traits_[c].turn > s.round) continue;
          if (seen[c / 64] >> (c % 64) & 1) continue;
          Rules::set_bit(seen, c);
          out.push_back({Verb::Warrior, c});
        }
      }
      if (!side.event_played) events(false);
      out.push_back({Verb::Done, 0});
      return;
    }
    case Phase::Answer:
      events(true);
      out.push_back({Verb::Pass, 0});
      return;
    case Phase::Defend:
    case Phase::PreBid:
    case Phase::AfterBlocks:
    case Phase::PreCleanup:
      events(false);
      out.push_back({Verb::Pass, 0});
      return;
    case Phase::Attack:
      for (size_t p = 0; p < side.warriors.size(); ++p)
        if (rules.can_attack(s, seat, int(p)) && !s.attackers.contains(uint8_t(p)))
          out.push_back({Verb::Attack, uint8_t(p)});
      out.push_back({Verb::Done, 0});
      return;
    case Phase::Block:
    case Phase::RrBlock:
      for (size_t p = 0; p < side.warriors.size(); ++p)
        if (side.warriors[p].health > 0 && !s.block_order.contains(uint8_t(p)))
          out.push_back({Verb::Block, uint8_t(p)});
      out.push_back({Verb::Done, 0});
      return;
    case Phase::Bid: {
      for (size_t p = 0; p < side.warriors.size(); ++p)
        if (side.warriors[p].health > 0 && !(side.offered >> p & 1))
          out.push_back({Verb::Offer, uint8_t(p)});
      const RrZone mine = seat == 0 ? RrZone::Claimed0 : RrZone::Claimed1;
      for (int r = 0; r < kRrCards; ++r)
        if (s.rr_zone[size_t(r)] == mine && !(side.offered_rr >> r & 1))
          out.push_back({Verb::OfferRr, uint8_t(r)});
      const bool added = side.offered != side.committed || side.offered_rr != side.committed_rr;
      if (added && offered_value(s, seat) >= bid_requirement(s)) out.push_back({Verb::Bid, 0});
      out.push_back({Verb::Pass, 0});
      return;
    }
    case Phase::Over:
      return;
  }
}

void RagnarokGame::apply(State& s, Action a) const {
  const Rules rules(*this);
  const int seat = decider(s);
  switch (s.phase) {
    case Phase::Order:
      rules.choose_order(s, a.verb == Verb::GoFirst);
      return;
    case Phase::Main:
      if (a.verb == Verb::Warrior) {
        rules.play_warrior(s, seat, a.a);
        if (s.phase == Phase::Main) rules.continue_main(s);
      } else if (a.verb == Verb::Event) {
        rules.play_event(s, seat, a.a);
      } else if (s.step == 0) {
        rules.enter_main(s, 1);
      } else {
        rules.enter_attack(s, 0);
      }
      return;
    case Phase::Answer:
      rules.answer(s, a.verb == Verb::Event ? a.a : kNone);
      return;
    case Phase::Defend:
      if (a.verb == Verb::Event)
        rules.play_event(s, seat, a.a);
      else
        rules.enter_block(s);
      return;
    case Phase::PreBid:
      if (a.verb == Verb::Event)
        rules.play_event(s, seat, a.a);
      else if (s.step == 0)
        rules.enter_prebid(s, 1);
      else
        rules.enter_bid(s);
      return;
    case Phase::AfterBlocks:
      if (a.verb == Verb::Event)
        rules.play_event(s, seat, a.a);
      else if (s.window == 0)
        rules.enter_after_blocks(s, 1);
      else
        rules.resolve_combat(s);
      return;
    case Phase::PreCleanup:
      if (a.verb == Verb::Event)
        rules.play_event(s, seat, a.a);
      else if (s.step == 0)
        rules.enter_precleanup(s, 1);
      else
        rules.cleanup(s);
      return;
    case Phase::Attack:
      if (a.verb == Verb::Attack) {
        s.attackers.push_back(a.a);
        for (size_t p = 0; p < s.sides[s.active].warriors.size(); ++p)
          if (rules.can_attack(s, s.active, int(p)) && !s.attackers.contains(uint8_t(p))) return;
      }
      rules.end_declaration(s);
      return;
    case Phase::Block:
      if (a.verb == Verb::Block) {
        s.blocking[a.a] = s.cursor;
        s.block_order.push_back(a.a);
        if (rules.has_free_blocker(s, seat)) return;
      }
      ++s.cursor;
      rules.continue_block(s);
      return;
    case Phase::RrBlock:
      if (a.verb == Verb::Block) {
        s.block_order.push_back(a.a);
        if (rules.has_free_blocker(s, seat)) return;
      }
      rules.resolve_rr_attack(s);
      return;
    case Phase::Bid: {
      Side& side = s.sides[size_t(seat)];
      if (a.verb == Verb::Offer)
        side.offered |= uint32_t(1) << a.a;
      else if (a.verb == Verb::OfferRr)
        side.offered_rr |= uint32_t(1) << a.a;
      else if (a.verb == Verb::Bid)
        rules.make_bid(s);
      else
        rules.pass_bid(s);
      return;
    }
    case Phase::Over:
      return;
  }
}

// ---- Determinization ----

void RagnarokGame::determinize(State& s, int observer, Rng& rng) const {
  // The opponent's unseen hand cards and its deck are one pool of unseen cards; the
  // observer's own deck order and the RR deck order are unseen too. Decklists are public.
  // Each pool is sorted before it is shuffled, so the result depends only on what the
  // observer knows, never on the hidden order it replaces.
  Side& theirs = s.sides[size_t(other(observer))];
  FixedVector<uint8_t, kMaxHand + kDeckSize> pool;
  for (size_t i = 0; i < theirs.hand.size(); ++i)
    if (!(theirs.known >> i & 1)) pool.push_back(theirs.hand[i]);
  for (uint8_t c : theirs.deck) pool.push_back(c);
  std::sort(pool.begin(), pool.end());
  rng.shuffle(pool.span());
  size_t next = 0;
  for (size_t i = 0; i < theirs.hand.size(); ++i)
    if (!(theirs.known >> i & 1)) theirs.hand[i] = pool[next++];
  for (uint8_t& c : theirs.deck) c = pool[next++];
  auto& own = s.sides[size_t(observer)].deck;
  std::sort(own.begin(), own.end());
  rng.shuffle(own.span());
  std::sort(s.rr_deck.begin(), s.rr_deck.end());
  rng.shuffle(s.rr_deck.span());
  s.rng.reseed(rng.next());
}

}  // namespace nf::ragnarok
